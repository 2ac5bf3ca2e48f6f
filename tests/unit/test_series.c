/* Description: the --interval statistics (rp_series): min, its index (the
 * first of equal minima), max, mean and the coefficient of variation with
 * the population's standard deviation, against numbers worked by hand;
 * an empty series is all zeros; a constant one has CV 0; large, nearly
 * equal rates keep their CV (Welford, not sum of squares); the room grows
 * past its first 16 samples. */
#define _GNU_SOURCE
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "engine/rp_series.h"

static void test_hand(void **state)
{
	struct rp_series s = { 0 };
	struct rp_series_stats st;

	(void)state;
	/* 2 4 4 4 5 5 7 9: mean 5, population SD 2, CV 40 % */
	const double v[] = { 4, 2, 4, 4, 5, 5, 7, 9 };
	for (unsigned int i = 0; i < 8; i++)
		assert_int_equal(rp_series_add(&s, v[i]), 0);
	rp_series_stats(&s, &st);
	assert_int_equal(st.n, 8);
	assert_true(st.min == 2 && st.argmin == 1 && st.max == 9);
	assert_true(fabs(st.mean - 5) < 1e-12);
	assert_true(fabs(st.cv - 40) < 1e-9);
	rp_series_clear(&s);
	assert_null(s.v);
	assert_int_equal(s.n, 0);
}

static void test_edges(void **state)
{
	struct rp_series s = { 0 };
	struct rp_series_stats st;
	unsigned int i;

	(void)state;
	rp_series_stats(&s, &st);
	assert_true(st.n == 0 && st.min == 0 && st.max == 0 && st.cv == 0);
	for (i = 0; i < 40; i++) /* past the first room of 16 */
		assert_int_equal(rp_series_add(&s, 3.5), 0);
	rp_series_stats(&s, &st);
	assert_true(st.n == 40 && st.min == 3.5 && st.max == 3.5);
	assert_true(st.mean == 3.5 && st.cv == 0 && st.argmin == 0);
	rp_series_clear(&s);
	/* equal minima: the first one's index */
	rp_series_add(&s, 5);
	rp_series_add(&s, 1);
	rp_series_add(&s, 1);
	rp_series_stats(&s, &st);
	assert_int_equal(st.argmin, 1);
	rp_series_clear(&s);
	/* all zero: CV 0, not a division by zero */
	rp_series_add(&s, 0);
	rp_series_add(&s, 0);
	rp_series_stats(&s, &st);
	assert_true(st.cv == 0 && st.mean == 0);
	rp_series_clear(&s);
}

static void test_precision(void **state)
{
	struct rp_series s = { 0 };
	struct rp_series_stats st;

	(void)state;
	/* 1e9 +- 1 alternating: SD 1, CV 1e-7 %; the sum of squares
	 * (1e18 + ...) would lose it in a double */
	for (unsigned int i = 0; i < 1000; i++)
		rp_series_add(&s, i % 2 ? 1e9 + 1 : 1e9 - 1);
	rp_series_stats(&s, &st);
	assert_true(fabs(st.mean - 1e9) < 1e-6);
	assert_true(fabs(st.cv - 1e-7) < 1e-10);
	rp_series_clear(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hand),
		cmocka_unit_test(test_edges),
		cmocka_unit_test(test_precision),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
