// SPDX-License-Identifier: MIT
/* Latency statistics; definitions and perftest's differences in the header. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/rp_latstats.h"

#define RP_NS_PER_USEC 1000.0

static int rp_cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

uint64_t rp_latstats_rank(uint64_t n, unsigned int permille)
{
	/* ceil(permille * n / 1000); n is bounded by the sample cap */
	uint64_t rank = (n * permille + 999) / 1000;

	return rank ? rank : 1;
}

/* Median of sorted @ns (perftest's get_median): even n, mean of the two. */
static double rp_median_ns(const uint64_t *ns, size_t n)
{
	if (n % 2)
		return (double)ns[n / 2];
	return ((double)ns[n / 2 - 1] + (double)ns[n / 2]) / 2.0;
}

/* Population standard deviation of @ns around @avg_ns, ns. */
static double rp_stdev_ns(const uint64_t *ns, size_t n, double avg_ns)
{
	double sum = 0.0, d;
	size_t i;

	for (i = 0; i < n; i++) {
		d = (double)ns[i] - avg_ns;
		sum += d * d;
	}
	return sqrt(sum / (double)n);
}

int rp_latstats_compute(uint64_t *ns, size_t n, struct rp_latstats *st)
{
	uint64_t sum = 0; /* exact: 2^64 ns is 584 years */
	double avg;
	size_t i;

	memset(st, 0, sizeof(*st));
	if (!n)
		return -EINVAL;
	qsort(ns, n, sizeof(*ns), rp_cmp_u64);
	for (i = 0; i < n; i++)
		sum += ns[i];
	avg = (double)sum / (double)n;
	st->n = n;
	st->t_min = (double)ns[0] / RP_NS_PER_USEC;
	st->t_max = (double)ns[n - 1] / RP_NS_PER_USEC;
	st->t_typical = rp_median_ns(ns, n) / RP_NS_PER_USEC;
	st->t_avg = avg / RP_NS_PER_USEC;
	st->t_stdev = rp_stdev_ns(ns, n, avg) / RP_NS_PER_USEC;
	st->p99 = (double)ns[rp_latstats_rank(n, 990) - 1] / RP_NS_PER_USEC;
	st->p99_9 = (double)ns[rp_latstats_rank(n, 999) - 1] / RP_NS_PER_USEC;
	return 0;
}

void rp_latstats_div(struct rp_latstats *st, unsigned int d)
{
	if (d <= 1)
		return;
	st->t_min /= d;
	st->t_max /= d;
	st->t_typical /= d;
	st->t_avg /= d;
	st->t_stdev /= d;
	st->p99 /= d;
	st->p99_9 /= d;
}
