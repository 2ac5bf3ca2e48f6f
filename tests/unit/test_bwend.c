/* Description: the bandwidth engine's two perftest behaviours around the
 * measured run (issue 38), over a fake verbs context whose post_send and
 * poll_cq play the NIC (each signaled WR completes 1 ms after its post):
 * --perform_warm_up posts TX depth WRs per QP (with -l, one list) before
 * the run, each signaled, waits for them, and neither counts nor times
 * them (perftest_resources.c perform_warm_up); SEND and the receiving
 * side post none. A -D run whose last WRs never complete (a peer or link
 * that holds them) ends its drain rp_bw_cfg.drain_ns after D, with them
 * in flight and its window counted, as perftest's duration loop ends at
 * D (without the bound it waited for them until the 30 s stall). */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "base/rp_time.h"
#include "engine/rp_bw.h"
#include "engine/rp_wrid.h"
#include "onerail.h"

#define SLICE 8192
#define SIZE 4096
#define LAT_NS 1000000ULL /* a signaled WR completes 1 ms after its post */
#define POST_NS 20000ULL  /* each post spins 20 us: a bounded post rate */
#define MAXQ 4096	  /* signaled WRs in flight, at most */

static struct fake {
	struct onerail v;
	unsigned char buf[SLICE];
	uint64_t posts;	    /* WRs posted, every post */
	uint64_t completed; /* completions handed out */
	uint64_t warm_end;  /* ns: the post of WR number F.mark */
	uint64_t mark;	    /* which WR's post time to keep */
	uint64_t stop_at;   /* ns: no completion from then on; 0 = never */
	uint64_t id[MAXQ];  /* signaled WRs in flight: wr_id, due time */
	uint64_t due[MAXQ];
	size_t head, tail;
} F;

static int fake_post(struct ibv_qp *qp, struct ibv_send_wr *wr,
		     struct ibv_send_wr **bad)
{
	uint64_t now = rp_now_ns();

	(void)qp;
	(void)bad;
	for (; wr; wr = wr->next) {
		if (++F.posts == F.mark)
			F.warm_end = now;
		if (!(wr->send_flags & IBV_SEND_SIGNALED))
			continue;
		assert_true(F.tail - F.head < MAXQ);
		F.id[F.tail % MAXQ] = wr->wr_id;
		F.due[F.tail++ % MAXQ] = now + LAT_NS;
	}
	onerail_spin(POST_NS);
	return 0;
}

static int fake_poll(struct ibv_cq *cq, int n, struct ibv_wc *wc)
{
	uint64_t now = rp_now_ns();
	int k = 0;

	(void)cq;
	if (F.stop_at && now >= F.stop_at)
		return 0;
	for (; k < n && F.head < F.tail && F.due[F.head % MAXQ] <= now; k++) {
		memset(&wc[k], 0, sizeof(wc[k]));
		wc[k].wr_id = F.id[F.head++ % MAXQ];
		wc[k].status = IBV_WC_SUCCESS;
		wc[k].opcode = IBV_WC_RDMA_WRITE;
		F.completed++;
	}
	return k;
}

static struct rp_rail R;
static struct rp_rail_addr P;

static void fake_init(unsigned int tx_depth)
{
	memset(&F, 0, sizeof(F));
	onerail_init(&F.v, fake_post, fake_poll, F.buf, SLICE, &R, &P);
	R.tx_depth = tx_depth;
}

static struct rp_bw_cfg cfg_of(enum rp_verb verb, unsigned int post_list,
			       bool warmup)
{
	return (struct rp_bw_cfg){
		.verb = verb,
		.size = SIZE,
		.iters = 100,
		.cq_mod = post_list,
		.post_list = post_list,
		.warmup = warmup,
	};
}

/* --perform_warm_up: TX depth (32) WRs before the 100 of the run, each
 * signaled and completed first; the run counts and times its own. */
static void test_warm_up(void **state)
{
	struct rp_bw_cfg cfg = cfg_of(RP_VERB_WRITE, 1, true);
	struct rp_bw_out out;

	(void)state;
	fake_init(32);
	F.mark = 32; /* the warm-up's last WR */
	assert_int_equal(rp_bw_run(&R, &P, &cfg, &out), 0);
	assert_int_equal(F.posts, 32 + 100);
	assert_int_equal(F.completed, 32 + 100); /* every WR signaled */
	assert_int_equal(out.msgs, 100);
	assert_int_equal(out.posted, 100);
	assert_true(out.start_ns > F.warm_end); /* the window starts after */
	/* without it: the run's 100 WRs only */
	cfg.warmup = false;
	fake_init(32);
	assert_int_equal(rp_bw_run(&R, &P, &cfg, &out), 0);
	assert_int_equal(F.posts, 100);
	assert_int_equal(out.msgs, 100);
}

/* -l 4: one list of 4 (its last WR signaled), then the run's 25 lists. */
static void test_warm_up_post_list(void **state)
{
	struct rp_bw_cfg cfg = cfg_of(RP_VERB_WRITE, 4, true);
	struct rp_bw_out out;

	(void)state;
	fake_init(32);
	assert_int_equal(rp_bw_run(&R, &P, &cfg, &out), 0);
	assert_int_equal(F.posts, 4 + 100);
	assert_int_equal(F.completed, 1 + 25);
	assert_int_equal(out.msgs, 100);
}

/* perftest warms up WRITE and READ only: SEND posts the run's WRs. */
static void test_warm_up_not_send(void **state)
{
	struct rp_bw_cfg cfg = cfg_of(RP_VERB_SEND, 1, true);
	struct rp_bw_out out;

	(void)state;
	fake_init(32);
	assert_int_equal(rp_bw_run(&R, &P, &cfg, &out), 0);
	assert_int_equal(F.posts, 100);
	cfg = cfg_of(RP_VERB_READ, 1, true);
	fake_init(32);
	assert_int_equal(rp_bw_run(&R, &P, &cfg, &out), 0);
	assert_int_equal(F.posts, 32 + 100);
}

/* -D 1: the last WRs never complete (from 0.9 s on, in the cool-down
 * after the window). With a drain bound
 * of 200 ms the run ends about 1.2 s in, returns its window's count and
 * leaves them in flight; every WR completes in time: none left. */
static void test_duration_end(void **state)
{
	struct rp_bw_cfg cfg = cfg_of(RP_VERB_WRITE, 1, false);
	struct rp_bw_out out;
	uint64_t t0, ms;

	(void)state;
	cfg.duration = 1;
	cfg.drain_ns = 200 * 1000 * 1000;
	fake_init(8);
	t0 = rp_now_ns();
	F.stop_at = t0 + 900 * 1000 * 1000ULL;
	assert_int_equal(rp_bw_run(&R, &P, &cfg, &out), 0);
	ms = (rp_now_ns() - t0) / 1000000;
	print_message("-D 1, drain bound 200 ms: %llu ms, %llu posted, %llu "
		      "completed, %llu in the window\n",
		      (unsigned long long)ms, (unsigned long long)out.posted,
		      (unsigned long long)F.completed,
		      (unsigned long long)out.msgs);
	assert_true(ms >= 1200 && ms < 2000);
	assert_true(out.posted > F.completed); /* left in flight */
	assert_true(out.msgs > 0 && out.msgs < F.completed);
	/* the same run with every WR completing: drained, none left */
	fake_init(8);
	t0 = rp_now_ns();
	assert_int_equal(rp_bw_run(&R, &P, &cfg, &out), 0);
	ms = (rp_now_ns() - t0) / 1000000;
	assert_true(ms >= 1000 && ms < 1500);
	assert_int_equal(out.posted, F.completed);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_warm_up),
		cmocka_unit_test(test_warm_up_post_list),
		cmocka_unit_test(test_warm_up_not_send),
		cmocka_unit_test(test_duration_end),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
