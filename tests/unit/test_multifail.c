/* Description: rp_multi with a rail that fails mid-run (issue 31): the
 * engine's threads run a fake rp_bw_run (this file's, linked before the
 * library's) whose rails either run until the end of a short window or
 * fail with -EIO partway, as a QP's error completion does. A rail that
 * fails alone does not stop the others: they run to the end of the window
 * (return 0, their messages all counted), rp_multi_join returns 0,
 * rp_multi_failed counts the failed rail, and its failure keeps its
 * reason and its time from the common start; the aggregate leaves it
 * out. When every rail fails, the last one stops the run (join returns
 * the first rail's error); a stop request (-EINTR) and the caller's
 * cancel (the watching thread's control failure) still stop every rail
 * (-ECANCELED for those it stopped). */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "base/rp_time.h"
#include "engine/rp_bw.h"
#include "engine/rp_multi.h"

#define MS (1000 * 1000ull)
#define WINDOW_MS 300 /* a healthy rail's run */
#define FAIL_MS 50    /* when a failing rail fails */

/* What each fake rail does: fail (with @ret) after FAIL_MS, else run the
 * window; -1 ms: wait for the cancel only. */
static int fake_ret[RP_MAX_RAILS];
static unsigned int fake_fail_ms[RP_MAX_RAILS];

static void nap_ms(unsigned int ms)
{
	struct timespec t = { .tv_nsec = (long)ms * 1000 * 1000 };

	nanosleep(&t, NULL);
}

/* The rail index, from its name "f<i>". */
static unsigned int fake_index(const struct rp_rail *r)
{
	return (unsigned int)(r->dev.name[1] - '0');
}

/* The engine's rp_bw_run, faked: a message a millisecond; -ECANCELED as
 * soon as cfg->cancel is raised; a failing rail fills its failure as the
 * real one does (struct rp_bw_out.fail, the span up to it). */
int rp_bw_run(struct rp_rail *r, const struct rp_rail_addr *peer,
	      const struct rp_bw_cfg *cfg, struct rp_bw_out *out)
{
	unsigned int i = fake_index(r), ms;
	unsigned int until = fake_ret[i] ? fake_fail_ms[i] : WINDOW_MS;
	uint64_t t0 = rp_now_ns();

	(void)peer;
	memset(out, 0, sizeof(*out));
	out->start_ns = t0;
	for (ms = 0; ms < until; ms++) {
		if (__atomic_load_n(cfg->cancel, __ATOMIC_RELAXED))
			return -ECANCELED;
		nap_ms(1);
		out->msgs++;
		__atomic_store_n(cfg->progress, out->msgs, __ATOMIC_RELAXED);
	}
	out->end_ns = rp_now_ns();
	if (fake_ret[i] && fake_ret[i] != -EINTR) {
		out->fail.failed = 1;
		out->fail.at_ns = out->end_ns - t0;
		snprintf(out->fail.why, sizeof(out->fail.why),
			 "work completion error on %s QP 0x11: "
			 "IBV_WC_RETRY_EXC_ERR",
			 r->dev.name);
	}
	return fake_ret[i];
}

static struct rp_rail rails[RP_MAX_RAILS];
static struct rp_rail_addr peers[2];
static struct rp_multi mu;

/* Start @n fake rails (ret[i]: 0 runs the window, else fails with it). */
static void start(unsigned int n, const int *ret)
{
	struct rp_bw_cfg cfg = { .size = 65536, .duration = 1 };
	unsigned int i;

	memset(rails, 0, sizeof(rails));
	for (i = 0; i < n; i++) {
		snprintf(rails[i].dev.name, sizeof(rails[i].dev.name), "f%u",
			 i);
		fake_ret[i] = ret[i];
		fake_fail_ms[i] = FAIL_MS * (i + 1);
	}
	assert_int_equal(rp_multi_start(&mu, rails, peers, n, &cfg, NULL, NULL),
			 0);
}

/* Rail 1 fails 100 ms in: rail 0 runs its whole window, the run is not
 * cancelled, rail 1's failure is kept with its time and reason, and the
 * aggregate counts rail 0 alone. */
static void test_one_rail_fails_others_run(void **state)
{
	static const int ret[2] = { 0, -EIO };
	struct rp_bw_out outs[2];
	struct rp_result agg;
	uint64_t t0;

	(void)state;
	t0 = rp_now_ns();
	start(2, ret);
	assert_int_equal(rp_multi_join(&mu), 0);
	assert_true(rp_now_ns() - t0 >= WINDOW_MS * MS);
	assert_int_equal(rp_multi_failed(&mu), 1);
	assert_int_equal(mu.w[0].ret, 0);
	assert_int_equal(mu.w[0].out.msgs, WINDOW_MS);
	assert_int_equal(mu.w[0].out.fail.failed, 0);
	assert_int_equal(mu.w[1].ret, -EIO);
	assert_int_equal(mu.w[1].out.fail.failed, 1);
	assert_int_equal(mu.w[1].out.msgs, 2 * FAIL_MS);
	/* from the common start: at least its 100 ms, well before 300 */
	assert_true(mu.w[1].out.fail.at_ns >= 2 * FAIL_MS * MS);
	assert_true(mu.w[1].out.fail.at_ns < WINDOW_MS * MS);
	assert_string_equal(mu.w[1].out.fail.why,
			    "work completion error on f1 QP 0x11: "
			    "IBV_WC_RETRY_EXC_ERR");
	outs[0] = mu.w[0].out;
	outs[1] = mu.w[1].out;
	rp_multi_aggregate(outs, 2, 65536, false, &agg);
	assert_int_equal(agg.iters, WINDOW_MS);
	assert_int_equal(agg.fail.failed, 0);
}

/* Every rail fails: the last one stops the run; join returns the first
 * rail's error, each rail's failure kept. */
static void test_every_rail_fails(void **state)
{
	static const int ret[3] = { -EIO, -ETIMEDOUT, -EIO };

	(void)state;
	start(3, ret);
	assert_int_equal(rp_multi_join(&mu), -EIO);
	assert_int_equal(rp_multi_failed(&mu), 3);
	assert_int_equal(mu.w[1].ret, -ETIMEDOUT);
	assert_int_equal(mu.w[2].out.fail.failed, 1);
}

/* A stop request on one rail stops all: the others are cancelled and
 * join returns -EINTR; no rail counts as failed. */
static void test_stop_request_stops_all(void **state)
{
	static const int ret[2] = { 0, -EINTR };

	(void)state;
	start(2, ret);
	assert_int_equal(rp_multi_join(&mu), -EINTR);
	assert_int_equal(mu.w[0].ret, -ECANCELED);
	assert_int_equal(rp_multi_failed(&mu), 0);
}

/* The caller's cancel (the watcher: the control connection failed) stops
 * every rail: -ECANCELED. */
static void test_caller_cancel_stops_all(void **state)
{
	static const int ret[2] = { 0, 0 };

	(void)state;
	start(2, ret);
	nap_ms(FAIL_MS);
	__atomic_store_n(&mu.cancel, 1, __ATOMIC_RELAXED);
	assert_int_equal(rp_multi_join(&mu), -ECANCELED);
	assert_int_equal(mu.w[0].ret, -ECANCELED);
	assert_int_equal(mu.w[1].ret, -ECANCELED);
	assert_true(mu.w[0].out.msgs < WINDOW_MS);
}

int main(void)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_rail_fails_others_run),
		cmocka_unit_test(test_every_rail_fails),
		cmocka_unit_test(test_stop_request_stops_all),
		cmocka_unit_test(test_caller_cancel_stops_all),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
