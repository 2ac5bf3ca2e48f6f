/* SPDX-License-Identifier: MIT */
/*
 * rp_latstats.h - latency statistics over every kept sample.
 *
 * perftest's print_report_lat() (perftest_parameters.c, 6.06 and 6.29)
 * drops the two largest
 * samples, shows the second largest as t_max, truncates each deviation to
 * whole usec before squaring (t_stdev) and takes its percentiles from the
 * trimmed set, so its p99.9 equals its t_max for n <= 1002. railperf keeps
 * perftest's definitions where they are sound and fixes the rest:
 *
 *   t_min     smallest sample
 *   t_max     largest sample (the real maximum)
 *   t_typical median; even n: mean of the two middle samples (get_median)
 *   t_avg     arithmetic mean
 *   t_stdev   population standard deviation, sqrt(sum((x - avg)^2) / n),
 *             in floating point
 *   p99       nearest rank: the sample of 1-based rank ceil(0.99 * n) in
 *             ascending order
 *   p99.9     the same with ceil(0.999 * n)
 *
 * Samples are in ns; every statistic is in usec (ns / 1000).
 */
#ifndef RP_LATSTATS_H
#define RP_LATSTATS_H

#include <stddef.h>
#include <stdint.h>

struct rp_latstats {
	uint64_t n;   /* samples */
	double t_min; /* usec */
	double t_max;
	double t_typical; /* median */
	double t_avg;
	double t_stdev;
	double p99;
	double p99_9;
};

/*
 * rp_latstats_compute - sort @ns[0 .. @n) ascending in place (the caller
 * may then print them, as -H does) and fill @st as described above.
 * Returns 0, or -EINVAL for n == 0 (@st zeroed).
 */
int rp_latstats_compute(uint64_t *ns, size_t n, struct rp_latstats *st);

/*
 * rp_latstats_div - divide every time of @st by @d (n unchanged): WRITE
 * samples are round trips, reported halved (perftest's rtt_factor 2).
 * Every statistic above scales linearly, so this equals computing them over
 * halved samples. @d 0 or 1: no change.
 */
void rp_latstats_div(struct rp_latstats *st, unsigned int d);

/*
 * rp_latstats_rank - 1-based nearest rank ceil(@permille / 1000 * @n) for
 * @n >= 1 (990 = p99, 999 = p99.9), computed in integers so that no
 * rounding of 0.99 * n can move it; at least 1.
 */
uint64_t rp_latstats_rank(uint64_t n, unsigned int permille);

#endif /* RP_LATSTATS_H */
