/* Description: --expect's verdict (rp_expect): at, above and below the
 * threshold, an unknown ceiling (fails), the failing line's numbers and
 * that a passing verdict prints nothing, the JSON object's keys; the
 * line for a run above its ceiling (a bound: the model is too low) and
 * "above_ceiling"; --expect-min's line for the slowest interval. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "memout.h"
#include "output/rp_expect.h"

static void test_eval(void **state)
{
	struct rp_expect e;

	(void)state;
	rp_expect_eval(&e, 90, 90.0, 100.0); /* exactly 90 % */
	assert_true(e.pass && e.percent == 90.0);
	rp_expect_eval(&e, 90, 89.99, 100.0);
	assert_false(e.pass);
	rp_expect_eval(&e, 10, 5.0, 0); /* unknown ceiling */
	assert_false(e.pass);
	assert_true(e.percent == 0);
}

static void test_line_and_json(void **state)
{
	struct rp_expect e;
	struct mem m;
	cJSON *o;

	(void)state;
	/* 0.3 of 0.9256 Gb/s = 32.41 % */
	rp_expect_eval(&e, 99, 0.3, 0.9256);
	mem_open(&m);
	assert_int_equal(rp_expect_line(m.f, "rail 0 (rxe1)", &e), 1);
	mem_expect(&m, " railperf: rail 0 (rxe1): 32.4% of its ceiling of "
		       "0.93 Gb/s (0.30 Gb/s), below --expect 99%\n");
	rp_expect_eval(&e, 5, 0.3, 0.9256);
	mem_open(&m);
	assert_int_equal(rp_expect_line(m.f, "x", &e), 0);
	mem_expect(&m, "");
	o = rp_expect_json(&e);
	assert_int_equal(cJSON_GetObjectItem(o, "expect_percent")->valueint, 5);
	assert_true(cJSON_IsTrue(cJSON_GetObjectItem(o, "pass")));
	assert_true(cJSON_GetObjectItem(o, "ceiling_gbps")->valuedouble ==
		    0.9256);
	assert_true(cJSON_IsFalse(cJSON_GetObjectItem(o, "above_ceiling")));
	cJSON_Delete(o);
	/* 111.86 Gb/s against a model of 106.13: above, said and reported */
	rp_expect_eval(&e, 90, 111.86, 106.13);
	o = rp_expect_json(&e);
	assert_true(cJSON_IsTrue(cJSON_GetObjectItem(o, "above_ceiling")));
	mem_open(&m);
	assert_int_equal(rp_expect_above_line(m.f, "rail 0 (rocep1s0f0)", e.got,
					      e.ceiling),
			 1);
	mem_expect(&m, " railperf: rail 0 (rocep1s0f0): measured 111.86 Gb/s, "
		       "above its ceiling of 106.13 Gb/s: railperf's model is "
		       "below this host's measurement; please report it to "
		       "the railperf maintainers with this output and "
		       "rail_info's JSON (docs/ceilings.md)\n");
	mem_open(&m);
	assert_int_equal(rp_expect_above_line(m.f, "x", 106.13, 106.13), 0);
	assert_int_equal(rp_expect_above_line(m.f, "x", 5, 0), 0);
	mem_expect(&m, "");
	cJSON_Delete(o);
	rp_expect_eval(&e, 5, 0.3, 0);
	o = rp_expect_json(&e);
	assert_true(cJSON_IsNull(cJSON_GetObjectItem(o, "ceiling_gbps")));
	assert_true(cJSON_IsNull(cJSON_GetObjectItem(o, "above_ceiling")));
	assert_true(cJSON_IsFalse(cJSON_GetObjectItem(o, "pass")));
	cJSON_Delete(o);
}

static void test_min_line(void **state)
{
	struct rp_expect e;
	struct mem m;

	(void)state;
	/* the slowest interval, 0.1 of 0.9256 Gb/s = 10.8 %, from 3 s */
	rp_expect_eval(&e, 50, 0.1, 0.9256);
	mem_open(&m);
	assert_int_equal(rp_expect_min_line(m.f, "rail 1 (rxe1)", &e, 3.0), 1);
	mem_expect(&m, " railperf: rail 1 (rxe1): slowest interval from 3.0 "
		       "s: 10.8% of its ceiling of 0.93 Gb/s (0.10 Gb/s), "
		       "below --expect-min 50%\n");
	rp_expect_eval(&e, 10, 0.1, 0.9256);
	mem_open(&m);
	assert_int_equal(rp_expect_min_line(m.f, "x", &e, 0), 0);
	mem_expect(&m, "");
	rp_expect_eval(&e, 10, 0.1, 0);
	mem_open(&m);
	assert_int_equal(rp_expect_min_line(m.f, "rail 0 (rxe0)", &e, 0), 1);
	mem_expect(&m, " railperf: rail 0 (rxe0): no known ceiling, "
		       "--expect-min 10% cannot pass\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_eval),
		cmocka_unit_test(test_line_and_json),
		cmocka_unit_test(test_min_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
