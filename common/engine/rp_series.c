// SPDX-License-Identifier: MIT
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/rp_series.h"

int rp_series_add(struct rp_series *s, double v)
{
	if (s->n == s->cap) {
		unsigned int cap = s->cap ? 2 * s->cap : 16;
		double *p = realloc(s->v, cap * sizeof(*p));

		if (!p)
			return -ENOMEM;
		s->v = p;
		s->cap = cap;
	}
	s->v[s->n++] = v;
	return 0;
}

void rp_series_stats(const struct rp_series *s, struct rp_series_stats *st)
{
	double mean = 0, m2 = 0, d;
	unsigned int i;

	memset(st, 0, sizeof(*st));
	if (!s->n)
		return;
	st->min = st->max = s->v[0];
	for (i = 0; i < s->n; i++) {
		if (s->v[i] < st->min) {
			st->min = s->v[i];
			st->argmin = i;
		}
		if (s->v[i] > st->max)
			st->max = s->v[i];
		d = s->v[i] - mean;
		mean += d / (double)(i + 1);
		m2 += d * (s->v[i] - mean);
	}
	st->n = s->n;
	st->mean = mean;
	st->cv = mean > 0 ? 100.0 * sqrt(m2 / (double)s->n) / mean : 0;
}

void rp_series_clear(struct rp_series *s)
{
	free(s->v);
	memset(s, 0, sizeof(*s));
}
