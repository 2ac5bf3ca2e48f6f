/* SPDX-License-Identifier: MIT */
/*
 * rp_series.h - a series of samples taken during a run (one per --interval
 * row: a rail's bandwidth, or the time a row ended) and its statistics:
 * count, minimum (and where), maximum, mean and coefficient of variation.
 * Grown on the watching thread, never on a rail's hot path.
 */
#ifndef RP_SERIES_H
#define RP_SERIES_H

struct rp_series {
	double *v;	  /* samples, heap; NULL when empty */
	unsigned int n;	  /* samples held */
	unsigned int cap; /* room in v */
};

struct rp_series_stats {
	unsigned int n;	     /* samples */
	unsigned int argmin; /* index of the first smallest sample */
	double min, max, mean;
	double cv; /* population standard deviation / mean, %; 0 when the
		    * mean is 0 or there are no samples */
};

/* rp_series_add - append @v (doubling the room as needed). Returns 0, or
 * -ENOMEM with the series unchanged. */
int rp_series_add(struct rp_series *s, double v);

/*
 * rp_series_stats - the statistics of @s into @st (all 0 for an empty
 * series). The standard deviation is the population's (divided by n, not
 * n - 1: the intervals are the whole run, not a sample of it), computed by
 * Welford's method (Knuth, TAOCP vol. 2, 4.2.2) so that large, nearly equal
 * rates keep their precision.
 */
void rp_series_stats(const struct rp_series *s, struct rp_series_stats *st);

/* rp_series_clear - drop the samples, keep nothing (frees v). */
void rp_series_clear(struct rp_series *s);

#endif /* RP_SERIES_H */
