/* Description: the BW-peak rule of the bandwidth run (its plan's engine
 * settings, rp_plan_make), one
 * rule for rail_write_bw and rail_multi_bw, checked against perftest's
 * definitions from parsed command lines: measured in -n runs up to 20000
 * iterations per QP (perftest disables it above, and with -N, -D and
 * --run_infinitely), and, railperf's own cap on the timeline's memory, up
 * to 100000 WRs per rail (iterations x QPs), on the side that posts. The
 * engine's settings carry -n. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "opts_run.h"
#include "app/rp_plan.h"

/* The peak flag of @args for the binary @t (parsed and finished). */
static bool peak_of(enum rp_test t, const char *const *args)
{
	struct rp_plan p;
	struct run r;

	assert_int_equal(run_list(&r, rp_test_desc_of(t), 1, args), 0);
	rp_plan_make(&p, &r.o, NULL);
	assert_int_equal(p.bwcfg.iters, r.o.iters);
	return p.bwcfg.peak;
}

#define PEAK(t, ...) peak_of((t), (const char *const[]){ __VA_ARGS__ })

static const enum rp_test bw_tests[] = { RP_TEST_WRITE_BW, RP_TEST_MULTI_BW };

static void test_iterations(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < 2; i++) {
		enum rp_test t = bw_tests[i];

		assert_true(PEAK(t, "host", NULL)); /* -n 5000, one QP */
		assert_true(PEAK(t, "-n", "20000", "host", NULL));
		assert_false(PEAK(t, "-n", "20001", "host", NULL));
	}
}

static void test_off(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < 2; i++) {
		enum rp_test t = bw_tests[i];

		assert_false(PEAK(t, "-N", "host", NULL));
		assert_false(PEAK(t, "-D", "2", "host", NULL));
	}
	assert_false(PEAK(RP_TEST_WRITE_BW, "--run_infinitely", "host", NULL));
}

/* iterations x QPs: 20000 x 5 is the cap, 20000 x 6 over it. */
static void test_wr_cap(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < 2; i++) {
		enum rp_test t = bw_tests[i];

		assert_true(PEAK(t, "-n", "20000", "-q", "5", "host", NULL));
		assert_false(PEAK(t, "-n", "20000", "-q", "6", "host", NULL));
		assert_true(PEAK(t, "-n", "1000", "-q", "100", "host", NULL));
		assert_false(PEAK(t, "-n", "1000", "-q", "101", "host", NULL));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_iterations),
		cmocka_unit_test(test_off),
		cmocka_unit_test(test_wr_cap),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
