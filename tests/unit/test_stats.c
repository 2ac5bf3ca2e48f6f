/* Description: bandwidth arithmetic of rp_stats: rp_bw in MiB/s (2^20 B/s)
 * and Gb/s (10^9 b/s), rp_msg_rate in Mpps, and rp_bw_peak (the best
 * per-message time over any window from a post to a later completion) on
 * small timelines worked out by hand; zero time and empty timelines give 0. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "engine/rp_stats.h"

/* |got - want| <= 1e-9 * |want| (or 1e-12 near 0). */
static void near(double got, double want)
{
	double tol = fabs(want) * 1e-9 + 1e-12;

	if (!(fabs(got - want) <= tol))
		fail_msg("got %.12g, want %.12g", got, want);
}

static void test_bw_mib(void **state)
{
	(void)state;
	/* 5000 * 65536 = 327680000 B in 1 s; / 2^20 = 312.5 MiB/s */
	near(rp_bw(327680000ULL, 1000000000ULL, false), 312.5);
	/* 1 MiB in 1 ms: 1000 MiB/s */
	near(rp_bw(1048576, 1000000, false), 1000.0);
	/* 2^30 B in 0.5 s: 1024 MiB / 0.5 s = 2048 MiB/s */
	near(rp_bw(1073741824ULL, 500000000ULL, false), 2048.0);
}

static void test_bw_gbits(void **state)
{
	(void)state;
	/* 327680000 B * 8 = 2621440000 b in 1 s: 2.62144 Gb/s */
	near(rp_bw(327680000ULL, 1000000000ULL, true), 2.62144);
	/* 125 B * 8 = 1000 b in 1000 ns: 1 Gb/s */
	near(rp_bw(125, 1000, true), 1.0);
	/* 100 Gb/s: 12.5e9 B in 1 s */
	near(rp_bw(12500000000ULL, 1000000000ULL, true), 100.0);
}

static void test_bw_zero_time(void **state)
{
	(void)state;
	assert_true(rp_bw(65536, 0, false) == 0.0);
	assert_true(rp_bw(65536, 0, true) == 0.0);
	assert_true(rp_bw(0, 1000, false) == 0.0);
}

static void test_msg_rate(void **state)
{
	(void)state;
	/* 5000 msgs in 1 s: 5000 / 1e6 = 0.005 Mpps */
	near(rp_msg_rate(5000, 1000000000ULL), 0.005);
	/* 176806 msgs in 1 s: 0.176806 Mpps */
	near(rp_msg_rate(176806, 1000000000ULL), 0.176806);
	/* 3 msgs in 2 us: 1.5 msgs/us = 1.5 Mpps */
	near(rp_msg_rate(3, 2000), 1.5);
	assert_true(rp_msg_rate(5000, 0) == 0.0);
}

static double peak(const uint64_t *post, uint64_t nposted, const uint64_t *comp,
		   const uint64_t *cum, size_t ncomp, uint64_t size, bool gbits)
{
	const struct rp_timeline t = {
		.post_ns = post,
		.nposted = nposted,
		.comp_ns = comp,
		.comp_cum = cum,
		.ncomp = ncomp,
	};

	return rp_bw_peak(&t, size, gbits);
}

/*
 * 4 posts at t = 0, 0, 100, 100; completions at t = 100 (2 done) and
 * t = 110 (4 done). Windows (post i, completion c): (c_t - p_i) / (cum - i)
 *   i=0: 100/2 = 50,  110/4 = 27.5
 *   i=1: 100/1 = 100, 110/3 = 36.7
 *   i=2: c0 cannot cover WR 2 (cum 2 <= 2); (110-100)/(4-2) = 5
 *   i=3: (110-100)/(4-3) = 10
 * min = 5 ns per message (the average would be 110/4 = 27.5 ns).
 */
static const uint64_t burst_post[] = { 0, 0, 100, 100 };
static const uint64_t burst_comp[] = { 100, 110 };
static const uint64_t burst_cum[] = { 2, 4 };

static void test_peak_window(void **state)
{
	(void)state;
	/* 1 MiB per 5 ns: 1048576 * 1e9 / 5 / 2^20 = 2e8 MiB/s */
	near(peak(burst_post, 4, burst_comp, burst_cum, 2, 1048576, false),
	     2e8);
	/* 1048576 * 8 b / 5 ns = 1677721.6 Gb/s */
	near(peak(burst_post, 4, burst_comp, burst_cum, 2, 1048576, true),
	     1677721.6);
	/* 64 B: 64 * 8 / 5 = 102.4 Gb/s */
	near(peak(burst_post, 4, burst_comp, burst_cum, 2, 64, true), 102.4);
}

/*
 * Same posts, but the completion at t = 100 never counts for post 2 or 3
 * (posted at 100, not before it) and a completion at the instant of a
 * post is skipped: posts 0, 0, 100, 100; completions t = 100 (4 done).
 *   i=0: 100/4 = 25;  i=1: 100/3 = 33.3;  i=2, i=3: c_t <= p_i, skipped
 * min = 25 ns: 1 MiB per 25 ns = 1e9/25 = 4e7 MiB/s.
 */
static void test_peak_skips_same_instant(void **state)
{
	static const uint64_t comp[] = { 100 };
	static const uint64_t cum[] = { 4 };

	(void)state;
	near(peak(burst_post, 4, comp, cum, 1, 1048576, false), 4e7);
}

/* One WR posted at 1000, completed at 3000: 2000 ns per message. */
static void test_peak_single(void **state)
{
	static const uint64_t post[] = { 1000 };
	static const uint64_t comp[] = { 3000 };
	static const uint64_t cum[] = { 1 };

	(void)state;
	/* 1 MiB / 2 us = 1e9 / 2000 = 500000 MiB/s */
	near(peak(post, 1, comp, cum, 1, 1048576, false), 500000.0);
	/* 1000 B * 8 / 2000 ns = 4 Gb/s */
	near(peak(post, 1, comp, cum, 1, 1000, true), 4.0);
}

/*
 * CQ moderation 2 with a steady 10 ns per WR: posts at 0, 10, 20, 30;
 * completions at 40 (2 done) and 60 (4 done).
 *   i=0: 40/2 = 20, 60/4 = 15;  i=1: 30/1 = 30, 50/3 = 16.7
 *   i=2: (60-20)/2 = 20;  i=3: (60-30)/1 = 30
 * min = 15 ns: 1500 B * 8 / 15 = 800 Gb/s.
 */
static void test_peak_moderated(void **state)
{
	static const uint64_t post[] = { 0, 10, 20, 30 };
	static const uint64_t comp[] = { 40, 60 };
	static const uint64_t cum[] = { 2, 4 };

	(void)state;
	near(peak(post, 4, comp, cum, 2, 1500, true), 800.0);
}

static void test_peak_empty(void **state)
{
	static const uint64_t post[] = { 0, 10 };
	static const uint64_t comp[] = { 5 };
	static const uint64_t cum[] = { 0 };

	(void)state;
	assert_true(peak(NULL, 0, NULL, NULL, 0, 65536, false) == 0.0);
	/* posts but no completion */
	assert_true(peak(post, 2, NULL, NULL, 0, 65536, true) == 0.0);
	/* a completion that covers no WR */
	assert_true(peak(post, 2, comp, cum, 1, 65536, false) == 0.0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bw_mib),
		cmocka_unit_test(test_bw_gbits),
		cmocka_unit_test(test_bw_zero_time),
		cmocka_unit_test(test_msg_rate),
		cmocka_unit_test(test_peak_window),
		cmocka_unit_test(test_peak_skips_same_instant),
		cmocka_unit_test(test_peak_single),
		cmocka_unit_test(test_peak_moderated),
		cmocka_unit_test(test_peak_empty),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
