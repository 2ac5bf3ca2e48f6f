/* Description: rp_latstats on samples worked out by hand: n = 1, odd and
 * even counts (median of the two middle values), duplicates, unsorted input
 * (sorted in place), sub-microsecond jitter that perftest's truncated stdev
 * reports as 0, nearest-rank percentiles (1-based rank ceil(p * n)) at the
 * n where perftest's p99.9 collapses onto its t_max, a large n (1,000,001
 * distinct values, closed forms for mean and population stdev), and n = 0. */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "engine/rp_latstats.h"

/* |got - want| <= 1e-9 * |want| + 1e-12. */
static void near(double got, double want)
{
	double tol = fabs(want) * 1e-9 + 1e-12;

	if (!(fabs(got - want) <= tol))
		fail_msg("got %.12g, want %.12g", got, want);
}

static void test_one_sample(void **state)
{
	uint64_t ns[] = { 5000 };
	struct rp_latstats st;

	(void)state;
	assert_int_equal(rp_latstats_compute(ns, 1, &st), 0);
	assert_int_equal(st.n, 1);
	near(st.t_min, 5.0);
	near(st.t_max, 5.0);
	near(st.t_typical, 5.0);
	near(st.t_avg, 5.0);
	near(st.t_stdev, 0.0);
	near(st.p99, 5.0);
	near(st.p99_9, 5.0);
}

static void test_odd_unsorted(void **state)
{
	uint64_t ns[] = { 3000, 1000, 2000 };
	struct rp_latstats st;

	(void)state;
	assert_int_equal(rp_latstats_compute(ns, 3, &st), 0);
	/* sorted in place, for -H */
	assert_int_equal(ns[0], 1000);
	assert_int_equal(ns[1], 2000);
	assert_int_equal(ns[2], 3000);
	near(st.t_min, 1.0);
	near(st.t_max, 3.0);
	near(st.t_typical, 2.0); /* middle one */
	near(st.t_avg, 2.0);
	/* deviations -1, 0, 1 us: sqrt(2 / 3) */
	near(st.t_stdev, sqrt(2.0 / 3.0));
	/* ranks ceil(2.97) = 3 and ceil(2.997) = 3 */
	near(st.p99, 3.0);
	near(st.p99_9, 3.0);
}

static void test_even_median(void **state)
{
	uint64_t ns[] = { 4000, 1000, 3000, 2000 };
	struct rp_latstats st;

	(void)state;
	assert_int_equal(rp_latstats_compute(ns, 4, &st), 0);
	near(st.t_typical, 2.5); /* (2 + 3) / 2, as get_median */
	near(st.t_avg, 2.5);
	/* deviations 1.5, 0.5, 0.5, 1.5: sqrt((2.25 + 0.25) * 2 / 4) */
	near(st.t_stdev, sqrt(1.25));
	near(st.t_min, 1.0);
	near(st.t_max, 4.0);
	near(st.p99, 4.0); /* rank ceil(3.96) = 4 */
}

static void test_even_median_two(void **state)
{
	uint64_t ns[] = { 1001, 1000 };
	struct rp_latstats st;

	(void)state;
	assert_int_equal(rp_latstats_compute(ns, 2, &st), 0);
	near(st.t_typical, 1.0005); /* no integer halving */
	near(st.t_stdev, 0.0005);
}

static void test_duplicates(void **state)
{
	uint64_t ns[] = { 1500, 2500, 1500, 1500, 1500, 1500, 1500 };
	struct rp_latstats st;

	(void)state;
	assert_int_equal(rp_latstats_compute(ns, 7, &st), 0);
	near(st.t_min, 1.5);
	near(st.t_typical, 1.5);
	near(st.t_max, 2.5);
	/* mean 11500 / 7 ns; deviations -1000/7 (six) and 6000/7 ns:
	 * variance (6e6 + 36e6) / 49 / 7 = 6e6 / 49, stdev sqrt(6)/7 us */
	near(st.t_avg, 11.5 / 7.0);
	near(st.t_stdev, sqrt(6.0) / 7.0);
	near(st.p99, 2.5); /* rank ceil(6.93) = 7 */
	near(st.p99_9, 2.5);
}

static void test_sub_usec_jitter(void **state)
{
	uint64_t ns[] = { 1000, 1400, 1000, 1400 };
	struct rp_latstats st;

	(void)state;
	assert_int_equal(rp_latstats_compute(ns, 4, &st), 0);
	/* perftest: (int)(1.2 - 1.0) = 0 for every sample, stdev 0.00 */
	near(st.t_avg, 1.2);
	near(st.t_stdev, 0.2);
}

/* ns[i] = (i + 1) us, in reverse order: sorted they are 1 .. n us. */
static uint64_t *ramp(size_t n)
{
	uint64_t *ns = malloc(n * sizeof(*ns));
	size_t i;

	assert_non_null(ns);
	for (i = 0; i < n; i++)
		ns[i] = (uint64_t)(n - i) * 1000;
	return ns;
}

static void test_percentiles_1000(void **state)
{
	uint64_t *ns = ramp(1000);
	struct rp_latstats st;

	(void)state;
	assert_int_equal(rp_latstats_compute(ns, 1000, &st), 0);
	near(st.p99, 990.0);	/* rank 990 */
	near(st.p99_9, 999.0);	/* rank 999, not the maximum */
	near(st.t_max, 1000.0); /* perftest shows 998 (2nd largest kept) */
	near(st.t_typical, 500.5);
	near(st.t_avg, 500.5);
	free(ns);
}

static void test_percentiles_small(void **state)
{
	uint64_t *ns = ramp(100);
	struct rp_latstats st;

	(void)state;
	assert_int_equal(rp_latstats_compute(ns, 100, &st), 0);
	near(st.p99, 99.0);    /* rank 99 */
	near(st.p99_9, 100.0); /* rank ceil(99.9) = 100 */
	free(ns);
	ns = ramp(1002);
	assert_int_equal(rp_latstats_compute(ns, 1002, &st), 0);
	near(st.p99, 992.0);	/* ceil(991.98) = 992 */
	near(st.p99_9, 1001.0); /* ceil(1000.998) = 1001 */
	near(st.t_max, 1002.0);
	free(ns);
}

static void test_rank(void **state)
{
	(void)state;
	assert_int_equal(rp_latstats_rank(1, 990), 1);
	assert_int_equal(rp_latstats_rank(1, 999), 1);
	assert_int_equal(rp_latstats_rank(100, 990), 99);
	assert_int_equal(rp_latstats_rank(101, 990), 100); /* 99.99 */
	assert_int_equal(rp_latstats_rank(1000, 999), 999);
	assert_int_equal(rp_latstats_rank(1001, 999), 1000); /* 999.999 */
	assert_int_equal(rp_latstats_rank(10000, 999), 9990);
	assert_int_equal(rp_latstats_rank(33554432, 999),
			 33520878); /* 33520877.568 */
}

static void test_large_n(void **state)
{
	const size_t n = 1000001;
	uint64_t *ns = malloc(n * sizeof(*ns));
	struct rp_latstats st;
	size_t i;

	(void)state;
	assert_non_null(ns);
	/* 1 .. n ns, permuted: 7919 is prime and does not divide n */
	for (i = 0; i < n; i++)
		ns[i] = (uint64_t)((i * 7919) % n) + 1;
	assert_int_equal(rp_latstats_compute(ns, n, &st), 0);
	for (i = 0; i < n; i++)
		if (ns[i] != i + 1)
			fail_msg("ns[%zu] = %llu after sorting", i,
				 (unsigned long long)ns[i]);
	near(st.t_min, 0.001);
	near(st.t_max, 1000.001);
	near(st.t_typical, 500.001); /* (n + 1) / 2 ns */
	near(st.t_avg, 500.001);
	/* integers 1 .. n: population variance (n^2 - 1) / 12 */
	near(st.t_stdev, sqrt(((double)n * n - 1.0) / 12.0) / 1000.0);
	near(st.p99, 990.001);	 /* rank ceil(990000.99) = 990001 */
	near(st.p99_9, 999.001); /* rank ceil(999000.999) = 999001 */
	free(ns);
}

static void test_empty(void **state)
{
	uint64_t ns[1] = { 0 };
	struct rp_latstats st;

	(void)state;
	assert_int_equal(rp_latstats_compute(ns, 0, &st), -EINVAL);
	assert_int_equal(st.n, 0);
	near(st.t_max, 0.0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_sample),
		cmocka_unit_test(test_odd_unsorted),
		cmocka_unit_test(test_even_median),
		cmocka_unit_test(test_even_median_two),
		cmocka_unit_test(test_duplicates),
		cmocka_unit_test(test_sub_usec_jitter),
		cmocka_unit_test(test_percentiles_1000),
		cmocka_unit_test(test_percentiles_small),
		cmocka_unit_test(test_rank),
		cmocka_unit_test(test_large_n),
		cmocka_unit_test(test_empty),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
