// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proto/rp_proto.h"
#include "cluster/rp_matrix.h"

int rp_matrix_init(struct rp_matrix *m, unsigned int hosts, unsigned int rails,
		   bool cross)
{
	size_t nmat;

	memset(m, 0, sizeof(*m));
	if (!hosts || !rails || rails > RP_MAX_RAILS)
		return -EINVAL;
	m->hosts = hosts;
	m->rails = rails;
	m->cross = cross;
	m->partial = true;
	m->pct = RP_MATRIX_DEF_PCT;
	nmat = rp_matrix_count(m);
	m->host = calloc(hosts, sizeof(*m->host));
	m->dev = calloc((size_t)hosts * rails, sizeof(*m->dev));
	m->cells = calloc(nmat * hosts * hosts, sizeof(*m->cells));
	m->median = calloc(nmat, sizeof(*m->median));
	m->slow = calloc(nmat * hosts, sizeof(*m->slow));
	if (m->host && m->dev && m->cells && m->median && m->slow)
		return 0;
	rp_matrix_fini(m);
	return -ENOMEM;
}

void rp_matrix_fini(struct rp_matrix *m)
{
	free(m->host);
	free(m->dev);
	free(m->cells);
	free(m->median);
	free(m->slow);
	memset(m, 0, sizeof(*m));
}

bool rp_matrix_nopath(const struct rp_matrix *m, unsigned int idx)
{
	unsigned int s, d;

	for (s = 0; s < m->hosts; s++)
		for (d = 0; d < m->hosts; d++)
			if (s != d && rp_matrix_at(m, idx, s, d)->status !=
					      RP_CELL_NOPATH)
				return false;
	return m->hosts > 1;
}

unsigned int rp_matrix_count(const struct rp_matrix *m)
{
	return m->cross ? m->rails * m->rails : m->rails;
}

unsigned int rp_matrix_index(const struct rp_matrix *m, unsigned int si,
			     unsigned int di)
{
	return m->cross ? si * m->rails + di : si;
}

void rp_matrix_rails(const struct rp_matrix *m, unsigned int idx,
		     unsigned int *si, unsigned int *di)
{
	*si = m->cross ? idx / m->rails : idx;
	*di = m->cross ? idx % m->rails : idx;
}

struct rp_cell *rp_matrix_at(const struct rp_matrix *m, unsigned int idx,
			     unsigned int s, unsigned int d)
{
	return &m->cells[((size_t)idx * m->hosts + s) * m->hosts + d];
}

/* "rail I (dev)", the device only when every host names it alike. */
static int rp_matrix_rail_name(const struct rp_matrix *m, unsigned int i,
			       char *buf, unsigned int len)
{
	const char *d = m->dev[i];
	unsigned int h;

	for (h = 1; h < m->hosts; h++)
		if (strcmp(m->dev[(size_t)h * m->rails + i], d))
			d = "";
	return *d ? snprintf(buf, len, "rail %u (%s)", i, d) :
		    snprintf(buf, len, "rail %u", i);
}

void rp_matrix_label(const struct rp_matrix *m, unsigned int idx, char *buf,
		     unsigned int len)
{
	unsigned int si, di;
	int n;

	rp_matrix_rails(m, idx, &si, &di);
	n = rp_matrix_rail_name(m, si, buf, len);
	if (!m->cross || n < 0 || (unsigned int)n + 4 >= len)
		return;
	memcpy(buf + n, " -> ", 5);
	rp_matrix_rail_name(m, di, buf + n + 4, len - (unsigned int)n - 4);
}

static int rp_dbl_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The stats of the measured cells of matrices @lo .. @hi - 1. */
static void rp_matrix_range(const struct rp_matrix *m, unsigned int lo,
			    unsigned int hi, struct rp_mstats *st)
{
	size_t per = (size_t)m->hosts * m->hosts, i, n = 0;
	double *v = malloc((hi - lo) * per * sizeof(*v) + 1);

	memset(st, 0, sizeof(*st));
	if (!v)
		return;
	for (i = lo * per; i < hi * per; i++)
		if (m->cells[i].status == RP_CELL_OK)
			v[n++] = m->cells[i].gbps;
	if (n) {
		qsort(v, n, sizeof(*v), rp_dbl_cmp);
		st->n = (unsigned int)n;
		st->min = v[0];
		st->max = v[n - 1];
		st->median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	}
	free(v);
}

void rp_matrix_stats(const struct rp_matrix *m, int idx, struct rp_mstats *st)
{
	if (idx < 0)
		rp_matrix_range(m, 0, rp_matrix_count(m), st);
	else
		rp_matrix_range(m, (unsigned int)idx, (unsigned int)idx + 1,
				st);
}

/* Matrix @idx: every measured cell's limit and outlier flag; the count. */
static int rp_matrix_limits(struct rp_matrix *m, unsigned int idx)
{
	unsigned int s, d;
	int n = 0;

	for (s = 0; s < m->hosts; s++) {
		for (d = 0; d < m->hosts; d++) {
			struct rp_cell *c = rp_matrix_at(m, idx, s, d);
			double base = c->ceiling > 0 ? c->ceiling :
						       m->median[idx];

			c->limit = c->status == RP_CELL_OK ?
					   base * m->pct / 100.0 :
					   0;
			c->outlier = c->status == RP_CELL_OK &&
				     c->gbps < c->limit;
			n += (int)c->outlier;
		}
	}
	return n;
}

/* Host @h in matrix @idx: 2 or more measured cells, every one an outlier. */
static bool rp_matrix_host_slow(const struct rp_matrix *m, unsigned int idx,
				unsigned int h)
{
	unsigned int o, seen = 0;
	const struct rp_cell *c[2];
	int k;

	for (o = 0; o < m->hosts; o++) {
		if (o == h)
			continue;
		c[0] = rp_matrix_at(m, idx, h, o);
		c[1] = rp_matrix_at(m, idx, o, h);
		for (k = 0; k < 2; k++) {
			if (c[k]->status != RP_CELL_OK)
				continue;
			if (!c[k]->outlier)
				return false;
			seen++;
		}
	}
	return seen >= 2;
}

int rp_matrix_analyze(struct rp_matrix *m, unsigned int pct)
{
	unsigned int idx, h, nmat = rp_matrix_count(m);
	struct rp_mstats st;
	int n = 0;

	m->pct = pct;
	for (idx = 0; idx < nmat; idx++) {
		rp_matrix_stats(m, (int)idx, &st);
		m->median[idx] = st.median;
		n += rp_matrix_limits(m, idx);
		for (h = 0; h < m->hosts; h++)
			m->slow[idx * m->hosts + h] =
				m->hosts >= 3 && rp_matrix_host_slow(m, idx, h);
	}
	return n;
}

unsigned int rp_matrix_failed(const struct rp_matrix *m)
{
	size_t i, all = (size_t)rp_matrix_count(m) * m->hosts * m->hosts;
	unsigned int n = 0;

	for (i = 0; i < all; i++)
		n += m->cells[i].status == RP_CELL_FAIL;
	return n;
}
