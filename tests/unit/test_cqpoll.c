/* Description: rp_cqpoll, the CQEs asked for per ibv_poll_cq, against
 * perftest's poll_cq_adaptive / init_dyn_poll_ctx (perftest_resources.c):
 * 1024 to start; a short poll (under 85 %) halves the distance to what came
 * back, never below 16; a full poll keeps the size; ten equal counts in a
 * row end the adaptation; it adapts only over the first min(iters / 4,
 * 16384) completions (-D: max(3 * QPs, 1000)); under 3000 iterations
 * (and with --disable_dynamic_polling, 16) it never adapts; --cqe_poll=N
 * fixes N, even above 1024. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "engine/rp_cqpoll.h"

static void test_starts_dynamic(void **state)
{
	struct rp_cqpoll p;

	(void)state;
	rp_cqpoll_init(&p, 0, 5000, 1);
	assert_true(p.dynamic);
	assert_int_equal(p.size, 1024);
	assert_int_equal(p.until, 1250); /* 5000 / 4 */
	rp_cqpoll_init(&p, 0, 1000000, 1);
	assert_int_equal(p.until, 16384); /* perftest's MAX_QP_NUM */
	rp_cqpoll_init(&p, 0, 0, 4);	  /* -D */
	assert_int_equal(p.until, 1000);
	rp_cqpoll_init(&p, 0, 0, 400);
	assert_int_equal(p.until, 1200);
}

static void test_fixed_and_small(void **state)
{
	struct rp_cqpoll p;

	(void)state;
	rp_cqpoll_init(&p, 0, 2999, 1); /* under 3000 iterations */
	assert_false(p.dynamic);
	assert_int_equal(p.size, 16);
	rp_cqpoll_init(&p, 4096, 5000, 1); /* --cqe_poll=4096 */
	assert_false(p.dynamic);
	assert_int_equal(p.size, 4096);
	rp_cqpoll_seen(&p, 3, 0);
	assert_int_equal(p.size, 4096);
}

static void test_adapts_down(void **state)
{
	struct rp_cqpoll p;

	(void)state;
	rp_cqpoll_init(&p, 0, 100000, 1);
	rp_cqpoll_seen(&p, 0, 0); /* nothing: (1024 + 0) / 2 */
	assert_int_equal(p.size, 512);
	rp_cqpoll_seen(&p, 100, 0); /* (512 + 100) / 2 */
	assert_int_equal(p.size, 306);
	rp_cqpoll_seen(&p, 306, 100); /* full: kept */
	assert_int_equal(p.size, 306);
	rp_cqpoll_seen(&p, 261, 400); /* 261 >= 0.85 * 306 = 260.1: kept */
	assert_int_equal(p.size, 306);
	rp_cqpoll_seen(&p, 260, 700); /* under 85 %: (306 + 260) / 2 */
	assert_int_equal(p.size, 283);
	while (p.size > 16)
		rp_cqpoll_seen(&p, 0, 900);
	assert_int_equal(p.size, 16); /* (17 + 0) / 2 = 8, floor 16 */
}

static void test_stabilizes(void **state)
{
	struct rp_cqpoll p;
	int i;

	(void)state;
	rp_cqpoll_init(&p, 0, 100000, 1);
	p.size = 100;
	/* 90 >= 85 % of 100, the same each time: the first poll sets the
	 * count to compare with, ten repeats after it end the adaptation */
	for (i = 0; i < 11; i++) {
		assert_true(p.dynamic);
		rp_cqpoll_seen(&p, 90, 10);
	}
	assert_false(p.dynamic);
	assert_int_equal(p.size, 100);
}

static void test_window_ends(void **state)
{
	struct rp_cqpoll p;

	(void)state;
	rp_cqpoll_init(&p, 0, 8000, 1); /* adapts over 2000 completions */
	rp_cqpoll_seen(&p, 0, 1999);
	assert_int_equal(p.size, 512);
	rp_cqpoll_seen(&p, 0, 2000); /* past it: the size stays */
	assert_int_equal(p.size, 512);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_starts_dynamic),
		cmocka_unit_test(test_fixed_and_small),
		cmocka_unit_test(test_adapts_down),
		cmocka_unit_test(test_stabilizes),
		cmocka_unit_test(test_window_ends),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
