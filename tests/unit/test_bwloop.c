/* Description: the bandwidth engine's posting (rp_bw_run) over a fake
 * verbs context that records every WR a QP is given, through
 * ibv_post_send and through the ibv_wr_* API, and completes each
 * signaled WR at once (its completion covers the QP's WRs up to it).
 * Per QP and verb: exactly -n WRs with wr_ids 0 .. n - 1 in order, the
 * verb's opcode, the rkey, every cq_mod-th WR and the last one signaled
 * and no other, never more than the TX depth outstanding, the local and
 * remote address of WR k at perftest's cycle-buffer step k (k mod steps
 * times the size rounded up to a cache line; all at the slice's start
 * without a cycle buffer), and the run's count. The atomics: their
 * opcodes, wr.atomic's rkey and address at the same steps, perftest's
 * operands (add 1; compare 0, swap 0), --validate's CMP_AND_SWAP chain
 * (WR k compares k, swaps k + 1) through both APIs and -l lists, and
 * each QP's completed count at the end (cfg->qp_done). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/rp_bw.h"
#include "engine/rp_cycle.h"
#include "engine/rp_wrid.h"

#define NQP 2
#define SLICE 8192
#define MAXWR 4096
#define RKEY 0x5a5a
#define LKEY 0x1234
#define PEER_BASE 0x7f0000000000ull

/* One WR as the fake device got it. */
struct rec {
	unsigned int qp;
	uint64_t wr_id;
	int opcode; /* enum ibv_wr_opcode */
	unsigned int flags;
	uint64_t laddr, raddr, add, swap;
	uint32_t len, rkey;
};

static struct fake {
	struct ibv_context ctx;
	struct ibv_qp_ex qx[NQP];
	struct ibv_cq cq;
	struct ibv_mr mr;
	struct rec rec[MAXWR];
	size_t n;
	struct rec cur;	     /* ibv_wr_*: the WR being built */
	uint64_t cqe[MAXWR]; /* completions not yet polled */
	size_t cqe_head, cqe_tail;
	uint64_t posted[NQP], done[NQP]; /* WRs per QP, complete per QP */
	uint64_t max_out;		 /* most outstanding on a QP */
} F;

static unsigned char buf[NQP * SLICE] __attribute__((aligned(4096)));
static struct rp_rail R;
static struct rp_rail_addr P;
static struct ibv_qp *QPS[NQP];
static struct ibv_qp_ex *QXS[NQP];

static unsigned int qp_index(const struct ibv_qp *qp)
{
	return (unsigned int)(qp->qp_num - 0x10);
}

/* A WR handed to QP @q: recorded; signaled ones complete at once. */
static void take(unsigned int q, const struct rec *r)
{
	uint64_t out;

	assert_true(F.n < MAXWR);
	F.rec[F.n] = *r;
	F.rec[F.n++].qp = q;
	F.posted[q]++;
	out = F.posted[q] - F.done[q];
	if (out > F.max_out)
		F.max_out = out;
	if (r->flags & IBV_SEND_SIGNALED)
		F.cqe[F.cqe_tail++ % MAXWR] = r->wr_id;
}

static int fake_post(struct ibv_qp *qp, struct ibv_send_wr *wr,
		     struct ibv_send_wr **bad)
{
	(void)bad;
	for (; wr; wr = wr->next) {
		struct rec r = {
			.wr_id = wr->wr_id,
			.opcode = wr->opcode,
			.flags = wr->send_flags,
			.laddr = wr->sg_list->addr,
			.len = wr->sg_list->length,
		};

		if (wr->opcode == IBV_WR_ATOMIC_FETCH_AND_ADD ||
		    wr->opcode == IBV_WR_ATOMIC_CMP_AND_SWP) {
			r.raddr = wr->wr.atomic.remote_addr;
			r.rkey = wr->wr.atomic.rkey;
			r.add = wr->wr.atomic.compare_add;
			r.swap = wr->wr.atomic.swap;
		} else {
			r.raddr = wr->wr.rdma.remote_addr;
			r.rkey = wr->wr.rdma.rkey;
		}
		take(qp_index(qp), &r);
	}
	return 0;
}

/* Each completion covers its QP's WRs up to its wr_id. */
static int fake_poll(struct ibv_cq *cq, int n, struct ibv_wc *wc)
{
	int i = 0;

	(void)cq;
	for (; i < n && F.cqe_head < F.cqe_tail; i++) {
		uint64_t id = F.cqe[F.cqe_head++ % MAXWR];
		unsigned int q = rp_wr_id_qp(id);

		memset(&wc[i], 0, sizeof(wc[i]));
		wc[i].wr_id = id;
		wc[i].status = IBV_WC_SUCCESS;
		wc[i].qp_num = 0x10 + q;
		F.done[q] = (id & RP_SEQ_MASK) + 1;
	}
	return i;
}

static void wx_start(struct ibv_qp_ex *qx)
{
	(void)qx;
	memset(&F.cur, 0, sizeof(F.cur));
}

static void wx_rdma(struct ibv_qp_ex *qx, int op, uint32_t rkey, uint64_t raddr)
{
	F.cur.wr_id = qx->wr_id;
	F.cur.flags = qx->wr_flags;
	F.cur.opcode = op;
	F.cur.rkey = rkey;
	F.cur.raddr = raddr;
}

static void wx_write(struct ibv_qp_ex *qx, uint32_t rkey, uint64_t raddr)
{
	wx_rdma(qx, IBV_WR_RDMA_WRITE, rkey, raddr);
}

static void wx_read(struct ibv_qp_ex *qx, uint32_t rkey, uint64_t raddr)
{
	wx_rdma(qx, IBV_WR_RDMA_READ, rkey, raddr);
}

static void wx_send(struct ibv_qp_ex *qx)
{
	wx_rdma(qx, IBV_WR_SEND, 0, 0);
}

static void wx_fadd(struct ibv_qp_ex *qx, uint32_t rkey, uint64_t raddr,
		    uint64_t add)
{
	wx_rdma(qx, IBV_WR_ATOMIC_FETCH_AND_ADD, rkey, raddr);
	F.cur.add = add;
}

static void wx_cswap(struct ibv_qp_ex *qx, uint32_t rkey, uint64_t raddr,
		     uint64_t compare, uint64_t swap)
{
	wx_rdma(qx, IBV_WR_ATOMIC_CMP_AND_SWP, rkey, raddr);
	F.cur.add = compare;
	F.cur.swap = swap;
}

/* A WR's SGE comes last: the WR is whole (a list has several between
 * ibv_wr_start and ibv_wr_complete). */
static void wx_sge(struct ibv_qp_ex *qx, uint32_t lkey, uint64_t addr,
		   uint32_t len)
{
	assert_int_equal(lkey, LKEY);
	F.cur.laddr = addr;
	F.cur.len = len;
	take(qp_index(&qx->qp_base), &F.cur);
}

static int wx_complete(struct ibv_qp_ex *qx)
{
	(void)qx;
	return 0;
}

static void fake_init(bool wr_api)
{
	unsigned int q;

	memset(&F, 0, sizeof(F));
	F.ctx.ops.post_send = fake_post;
	F.ctx.ops.poll_cq = fake_poll;
	F.cq.context = &F.ctx;
	F.mr.lkey = LKEY;
	memset(&R, 0, sizeof(R));
	memset(&P, 0, sizeof(P));
	strcpy(R.dev.name, "fake0");
	R.dev.port_attr.max_msg_sz = 1u << 30;
	R.buf.addr = buf;
	R.slice = SLICE;
	R.mr = &F.mr;
	R.cq = &F.cq;
	R.qp = QPS;
	R.qpx = QXS;
	R.num_qps = NQP;
	R.wr_api = wr_api;
	P.num_qps = NQP;
	for (q = 0; q < NQP; q++) {
		struct ibv_qp_ex *x = &F.qx[q];

		x->qp_base.context = &F.ctx;
		x->qp_base.qp_num = 0x10 + q;
		x->wr_start = wx_start;
		x->wr_rdma_write = wx_write;
		x->wr_rdma_read = wx_read;
		x->wr_send = wx_send;
		x->wr_atomic_fetch_add = wx_fadd;
		x->wr_atomic_cmp_swp = wx_cswap;
		x->wr_set_sge = wx_sge;
		x->wr_complete = wx_complete;
		QPS[q] = &x->qp_base;
		QXS[q] = x;
		P.qp[q].addr = PEER_BASE + (uint64_t)q * SLICE;
		P.qp[q].len = SLICE;
		P.qp[q].rkey = RKEY;
	}
}

/* The offset of WR @k: perftest's cycle buffer of @cycle bytes. */
static uint64_t step_of(uint64_t k, uint64_t size, uint64_t cycle,
			unsigned int list)
{
	struct rp_cycle c;

	rp_cycle_init(&c, size, cycle, rp_cycle_line(), list);
	return rp_cycle_offset(&c, k);
}

/* An atomic's operands: perftest's, or --validate's chain. */
static void operands_are(const struct rp_bw_cfg *cfg, const struct rec *r,
			 uint64_t seq)
{
	if (cfg->verb == RP_VERB_FETCH_ADD) {
		assert_int_equal(r->add, 1);
	} else if (cfg->verb == RP_VERB_CMP_SWAP) {
		assert_int_equal(r->add, cfg->cas_chain ? seq : 0);
		assert_int_equal(r->swap, cfg->cas_chain ? seq + 1 : 0);
	}
}

/* Run @cfg over the fake (@wr_api: ibv_wr_*), then every WR checked. */
static void run(bool wr_api, struct rp_bw_cfg *cfg, int opcode)
{
	struct rp_bw_out out;
	uint64_t k[NQP] = { 0 };
	size_t i;
	uint64_t done[NQP] = { 0 };

	fake_init(wr_api);
	R.tx_depth = 16;
	R.verb = cfg->verb;
	cfg->qp_done = done;
	assert_int_equal(rp_bw_run(&R, &P, cfg, &out), 0);
	assert_true(done[0] == cfg->iters && done[NQP - 1] == cfg->iters);
	assert_int_equal(F.n, cfg->iters * NQP);
	assert_int_equal(out.msgs, cfg->iters * NQP);
	assert_true(F.max_out <= R.tx_depth);
	for (i = 0; i < F.n; i++) {
		const struct rec *r = &F.rec[i];
		uint64_t seq = k[r->qp]++;
		uint64_t off = step_of(seq, cfg->size, cfg->cycle_buffer,
				       cfg->post_list);
		bool sig = (seq + 1) % cfg->cq_mod == 0 ||
			   seq + 1 == cfg->iters;

		assert_int_equal(r->wr_id, rp_wr_id(r->qp, seq));
		assert_int_equal(r->opcode, opcode);
		assert_int_equal(!!(r->flags & IBV_SEND_SIGNALED), sig);
		assert_int_equal(r->len, cfg->size);
		assert_int_equal(r->laddr, (uint64_t)(uintptr_t)buf +
						   (uint64_t)r->qp * SLICE +
						   off);
		if (opcode == IBV_WR_SEND)
			continue;
		assert_int_equal(r->rkey, RKEY);
		assert_int_equal(r->raddr, P.qp[r->qp].addr + off);
		operands_are(cfg, r, seq);
	}
}

static void test_write_classic(void **state)
{
	struct rp_bw_cfg c = { .verb = RP_VERB_WRITE,
			       .size = 100,
			       .iters = 300,
			       .cq_mod = 7,
			       .cycle_buffer = 4096 };

	(void)state;
	run(false, &c, IBV_WR_RDMA_WRITE);
}

static void test_write_wr_api(void **state)
{
	struct rp_bw_cfg c = { .verb = RP_VERB_WRITE,
			       .size = 2,
			       .iters = 301,
			       .cq_mod = 16,
			       .cycle_buffer = 4096 };

	(void)state;
	run(true, &c, IBV_WR_RDMA_WRITE);
}

static void test_read_wr_api(void **state)
{
	struct rp_bw_cfg c = { .verb = RP_VERB_READ,
			       .size = 64,
			       .iters = 250,
			       .cq_mod = 5,
			       .cycle_buffer = 4096 };

	(void)state;
	run(true, &c, IBV_WR_RDMA_READ);
}

static void test_send_classic(void **state)
{
	struct rp_bw_cfg c = { .verb = RP_VERB_SEND,
			       .size = 2,
			       .iters = 333,
			       .cq_mod = 16,
			       .cycle_buffer = 4096 };

	(void)state;
	run(false, &c, IBV_WR_SEND);
}

/* --validate: no cycle buffer, every WR at its slice's start. */
static void test_no_cycle(void **state)
{
	struct rp_bw_cfg c = {
		.verb = RP_VERB_WRITE, .size = 8, .iters = 40, .cq_mod = 3
	};

	(void)state;
	run(false, &c, IBV_WR_RDMA_WRITE);
}

/* The atomics, each API, perftest's walk of the words. */
static void test_atomics(void **state)
{
	struct rp_bw_cfg c = { .verb = RP_VERB_FETCH_ADD,
			       .size = 8,
			       .iters = 200,
			       .cq_mod = 10,
			       .cycle_buffer = 4096 };

	(void)state;
	run(false, &c, IBV_WR_ATOMIC_FETCH_AND_ADD);
	run(true, &c, IBV_WR_ATOMIC_FETCH_AND_ADD);
	c.verb = RP_VERB_CMP_SWAP;
	run(false, &c, IBV_WR_ATOMIC_CMP_AND_SWP);
	run(true, &c, IBV_WR_ATOMIC_CMP_AND_SWP);
}

/* --validate's chain: one word, WR k compares k and swaps k + 1; also
 * in -l lists (ibv_post_send and ibv_wr_*). */
static void test_cas_chain(void **state)
{
	struct rp_bw_cfg c = { .verb = RP_VERB_CMP_SWAP,
			       .size = 8,
			       .iters = 120,
			       .cq_mod = 4,
			       .cas_chain = true };

	(void)state;
	run(false, &c, IBV_WR_ATOMIC_CMP_AND_SWP);
	run(true, &c, IBV_WR_ATOMIC_CMP_AND_SWP);
	c.post_list = 4;
	run(false, &c, IBV_WR_ATOMIC_CMP_AND_SWP);
	run(true, &c, IBV_WR_ATOMIC_CMP_AND_SWP);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_write_classic),
		cmocka_unit_test(test_write_wr_api),
		cmocka_unit_test(test_read_wr_api),
		cmocka_unit_test(test_send_classic),
		cmocka_unit_test(test_no_cycle),
		cmocka_unit_test(test_atomics),
		cmocka_unit_test(test_cas_chain),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
