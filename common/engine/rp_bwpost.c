// SPDX-License-Identifier: MIT
/* The work requests of a bandwidth run (rp_bwpost.h). */
#include <errno.h>
#include <string.h>

#include "engine/rp_bwpost.h"
#include "base/rp_log.h"
#include "base/rp_time.h"
#include "engine/rp_wrid.h"

const char *rp_bw_verb_name(enum rp_verb verb)
{
	return verb == RP_VERB_READ	 ? "RDMA READ" :
	       verb == RP_VERB_SEND	 ? "SEND" :
	       verb == RP_VERB_WRITE_IMM ? "RDMA WRITE with immediate" :
	       verb == RP_VERB_FETCH_ADD ? "FETCH_AND_ADD" :
	       verb == RP_VERB_CMP_SWAP	 ? "CMP_AND_SWAP" :
					   "RDMA WRITE";
}

void rp_bw_recv_wr_init(const struct rp_bw_cfg *cfg, uint64_t laddr,
			uint32_t lkey, struct ibv_sge *sge,
			struct ibv_recv_wr *wr)
{
	*sge = (struct ibv_sge){
		.addr = laddr,
		/* a WRITE with immediate's data goes where its rkey says:
		 * its receive takes no bytes (perftest's length 0) */
		.length = cfg->verb == RP_VERB_WRITE_IMM ? 0 :
							   (uint32_t)cfg->size,
		.lkey = lkey,
	};
	*wr = (struct ibv_recv_wr){ .sg_list = sge, .num_sge = 1 };
}

uint64_t rp_bw_recv_addr(const struct rp_rail *r, unsigned int q,
			 const struct rp_bw_cfg *cfg)
{
	return (uint64_t)(uintptr_t)rp_rail_slice(r, q) + cfg->local_off +
	       (cfg->duplex ? r->slice / 2 : 0);
}

int rp_bw_recv_prepost(struct rp_rail *r, const struct rp_bw_cfg *cfg)
{
	unsigned int q, j, n = rp_bw_rx_pre(cfg);
	struct ibv_recv_wr wr, *bad = NULL;
	struct ibv_sge sge;
	int ret;

	for (q = 0; q < r->num_qps; q++) {
		rp_bw_recv_wr_init(cfg, rp_bw_recv_addr(r, q, cfg), r->mr->lkey,
				   &sge, &wr);
		for (j = 0; j < n; j++) {
			wr.wr_id = rp_wr_id(q, j);
			ret = ibv_post_recv(r->qp[q], &wr, &bad);
			if (ret) {
				rp_err("posting receive %u of %u on %s QP "
				       "%#x: %s",
				       j + 1, n, r->dev.name, r->qp[q]->qp_num,
				       strerror(ret));
				return -ret;
			}
		}
	}
	return 0;
}

int rp_bw_recv_wc(const struct rp_bw_cfg *cfg, const struct ibv_wc *wc)
{
	bool imm = cfg->verb == RP_VERB_WRITE_IMM;
	enum ibv_wc_opcode op = imm ? IBV_WC_RECV_RDMA_WITH_IMM : IBV_WC_RECV;

	if (wc->opcode == op && wc->byte_len == cfg->size &&
	    (!imm || (wc->wc_flags & IBV_WC_WITH_IMM)))
		return 0;
	if (wc->opcode != op)
		rp_err("unexpected completion opcode %d on QP %#x, not a "
		       "receive (%s)",
		       (int)wc->opcode, wc->qp_num,
		       imm ? "IBV_WC_RECV_RDMA_WITH_IMM" : "IBV_WC_RECV");
	else if (wc->byte_len == cfg->size)
		rp_err("a receive on QP %#x completed without "
		       "IBV_WC_WITH_IMM (perftest: flags mismatch)",
		       wc->qp_num);
	else
		rp_err("a receive on QP %#x got %u bytes, not the %llu "
		       "of a message (the peer's -s differs?)",
		       wc->qp_num, wc->byte_len, (unsigned long long)cfg->size);
	return -EPROTO;
}

/* An atomic's WR: its opcode and wr.atomic, perftest's operands (add 1;
 * compare 0, swap 0: perftest_resources.c ctx_set_send_wqes). */
static void rp_bw_wr_atomic(enum rp_verb verb, uint64_t raddr, uint32_t rkey,
			    struct ibv_send_wr *wr)
{
	bool add = verb == RP_VERB_FETCH_ADD;

	wr->opcode = add ? IBV_WR_ATOMIC_FETCH_AND_ADD :
			   IBV_WR_ATOMIC_CMP_AND_SWP;
	wr->send_flags = 0;
	wr->wr.atomic.remote_addr = raddr;
	wr->wr.atomic.rkey = rkey;
	wr->wr.atomic.compare_add = add ? 1 : 0;
	wr->wr.atomic.swap = 0;
}

void rp_bw_wr_init(const struct rp_bw_cfg *cfg, uint64_t laddr, uint32_t lkey,
		   uint64_t raddr, uint32_t rkey, struct ibv_sge *sge,
		   struct ibv_send_wr *wr)
{
	bool read = cfg->verb == RP_VERB_READ || rp_verb_atomic(cfg->verb);
	enum ibv_wr_opcode op =
		read			       ? IBV_WR_RDMA_READ :
		cfg->verb == RP_VERB_SEND      ? IBV_WR_SEND :
		cfg->verb == RP_VERB_WRITE_IMM ? IBV_WR_RDMA_WRITE_WITH_IMM :
						 IBV_WR_RDMA_WRITE;

	*sge = (struct ibv_sge){
		.addr = laddr,
		.length = (uint32_t)cfg->size,
		.lkey = lkey,
	};
	*wr = (struct ibv_send_wr){
		.sg_list = sge,
		.num_sge = 1,
		.opcode = op,
		.send_flags = !read && cfg->size <= cfg->inline_size ?
				      IBV_SEND_INLINE :
				      0,
		.wr.rdma = { .remote_addr = raddr, .rkey = rkey },
		.imm_data = 0, /* the receiver checks the flag, not the value */
	};
	if (rp_verb_atomic(cfg->verb))
		rp_bw_wr_atomic(cfg->verb, raddr, rkey, wr);
}

/* A burst's walk, in locals of the posting loop: no store of it escapes
 * to the posts (calls the compiler cannot see through), so it stays in
 * registers. */
struct rp_walk {
	uint64_t cyc, step, steps; /* the cycle buffer (rp_cycle_next's) */
	uint64_t lbase, rbase;	   /* the QP's local and remote slice */
	uint64_t to_sig, last;	   /* the signaled countdown, the last WR */
	uint64_t id;		   /* rp_wr_id(q, 0) */
	unsigned int cq_mod, inl;
	bool chain; /* cfg->cas_chain */
};

static inline void rp_walk_init(struct rp_walk *k, unsigned int q,
				const struct rp_bw_qpw *w,
				const struct rp_bw_cfg *cfg,
				const struct rp_cycle *cyc, uint64_t last)
{
	*k = (struct rp_walk){
		.cyc = w->cyc,
		.step = cyc->step,
		.steps = cyc->steps,
		.lbase = w->lbase,
		.rbase = w->rbase,
		.to_sig = w->to_sig,
		.last = last,
		.id = rp_wr_id(q, 0),
		.cq_mod = cfg->cq_mod,
		.inl = w->inl,
		.chain = cfg->cas_chain,
	};
}

/* WR @seq: its offset in the cycle (*@off) and its send flags. */
static inline unsigned int rp_walk_next(struct rp_walk *k, uint64_t seq,
					uint64_t *off)
{
	unsigned int fl = k->inl;

	*off = k->cyc * k->step;
	if (++k->cyc >= k->steps)
		k->cyc = 0;
	if (--k->to_sig == 0) {
		k->to_sig = k->cq_mod;
		fl |= IBV_SEND_SIGNALED;
	} else if (seq == k->last) {
		fl |= IBV_SEND_SIGNALED;
	}
	return fl;
}

/* rp_bw_burst with ibv_post_send of the prebuilt WR. */
static uint64_t rp_burst_classic(struct ibv_qp *qp, struct rp_walk *k,
				 struct rp_bw_qpw *w,
				 const struct rp_bw_burst *b, int *err)
{
	struct ibv_send_wr *wr = w->wr, *bad;
	struct ibv_sge *sge = w->sge;
	uint64_t *pns = b->post_ns, seq, off;

	for (seq = b->seq; seq < b->end; seq++) {
		unsigned int fl = rp_walk_next(k, seq, &off);

		sge->addr = k->lbase + off;
		wr->wr.rdma.remote_addr = k->rbase + off;
		wr->wr_id = k->id | (seq & RP_SEQ_MASK);
		wr->send_flags = fl;
		if (k->chain)
			rp_bw_chain(wr, seq);
		if (pns)
			*pns++ = rp_now_ns();
		*err = ibv_post_send(qp, wr, &bad);
		if (*err)
			break;
	}
	return seq - b->seq;
}

/* rp_bw_burst with ibv_wr_start .. ibv_wr_complete per WR. */
static uint64_t rp_burst_wr_api(struct ibv_qp_ex *qx, struct rp_walk *k,
				const struct rp_bw_qpw *w,
				const struct rp_bw_cfg *cfg,
				const struct rp_bw_burst *b, int *err)
{
	uint32_t lkey = w->sge->lkey, len = (uint32_t)cfg->size;
	uint64_t *pns = b->post_ns, seq, off;
	enum rp_verb verb = cfg->verb;

	for (seq = b->seq; seq < b->end; seq++) {
		unsigned int fl = rp_walk_next(k, seq, &off);

		if (pns)
			*pns++ = rp_now_ns();
		ibv_wr_start(qx);
		qx->wr_id = k->id | (seq & RP_SEQ_MASK);
		/* IBV_SEND_INLINE too: rxe reads the data inline only then */
		qx->wr_flags = fl;
		if (k->chain)
			rp_bw_chain(w->wr, seq);
		rp_bw_wr_verb(qx, verb, w->wr, k->rbase + off);
		if (k->inl)
			ibv_wr_set_inline_data(
				qx, (void *)(uintptr_t)(k->lbase + off), len);
		else
			ibv_wr_set_sge(qx, lkey, k->lbase + off, len);
		*err = ibv_wr_complete(qx);
		if (*err)
			break;
	}
	return seq - b->seq;
}

uint64_t rp_bw_burst(const struct rp_rail *r, unsigned int q,
		     struct rp_bw_qpw *w, const struct rp_bw_cfg *cfg,
		     const struct rp_cycle *cyc, const struct rp_bw_burst *b,
		     int *err)
{
	struct rp_walk k;
	uint64_t n;

	rp_walk_init(&k, q, w, cfg, cyc, b->last);
	n = r->wr_api ? rp_burst_wr_api(r->qpx[q], &k, w, cfg, b, err) :
			rp_burst_classic(r->qp[q], &k, w, b, err);
	w->cyc = k.cyc;
	w->to_sig = k.to_sig;
	return n;
}
