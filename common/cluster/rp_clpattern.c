// SPDX-License-Identifier: MIT
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_log.h"
#include "cluster/rp_clpattern.h"
#include "cluster/rp_clreport.h"

double rp_jain(const double *x, unsigned int n)
{
	double s = 0, q = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		s += x[i];
		q += x[i] * x[i];
	}
	return n && q > 0 ? s * s / ((double)n * q) : 0;
}

bool rp_clpattern_counted(const struct rp_cell *c)
{
	uint64_t d = c->rx_all > c->tx_all ? c->rx_all - c->tx_all :
					     c->tx_all - c->rx_all;

	return d <= (c->qps ? c->qps : 1);
}

/* "softroce-h2 rail 0 (rxe0)" of host @h's rail @i. */
static const char *rp_cp_end(const struct rp_matrix *m, unsigned int h,
			     unsigned int i, char *buf, size_t len)
{
	snprintf(buf, len, "%s rail %u (%s)", m->host[h], i,
		 m->dev[(size_t)h * m->rails + i]);
	return buf;
}

/* One flow's line (and "count:" line); 1 when it failed or its two ends
 * disagree, else 0. Into @arr (NULL: no JSON). */
static unsigned int rp_cp_flow(FILE *f, const struct rp_matrix *m,
			       unsigned int idx, unsigned int s, unsigned int d,
			       const char *what, cJSON *arr)
{
	const struct rp_cell *c = rp_matrix_at(m, idx, s, d);
	char a[160], b[160], g[32], t[32];
	unsigned int si, di;
	cJSON *o;

	rp_matrix_rails(m, idx, &si, &di);
	rp_cp_end(m, s, si, a, sizeof(a));
	rp_cp_end(m, d, di, b, sizeof(b));
	if (c->status == RP_CELL_FAIL) {
		rp_fprintf(f, " railperf: failed: %s: %s -> %s: %s\n", what, a,
			   b, c->reason);
		return 1;
	}
	rp_fprintf(f,
		   " railperf: %s: %s -> %s: %s Gb/s counted by the receiver, "
		   "%s Gb/s sent; %llu messages sent, %llu received\n",
		   what, a, b, rp_clreport_gbps(g, sizeof(g), c->gbps),
		   rp_clreport_gbps(t, sizeof(t), c->tx_gbps),
		   (unsigned long long)c->tx_all,
		   (unsigned long long)c->rx_all);
	if (arr) {
		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "sender", m->host[s]);
		cJSON_AddNumberToObject(o, "sender_rail", si);
		cJSON_AddStringToObject(o, "receiver", m->host[d]);
		cJSON_AddNumberToObject(o, "receiver_rail", di);
		cJSON_AddNumberToObject(o, "gbps", c->gbps);
		cJSON_AddNumberToObject(o, "sender_gbps", c->tx_gbps);
		cJSON_AddNumberToObject(o, "sender_msgs_all",
					(double)c->tx_all);
		cJSON_AddNumberToObject(o, "receiver_msgs_all",
					(double)c->rx_all);
		cJSON_AddBoolToObject(o, "counted", rp_clpattern_counted(c));
		cJSON_AddItemToArray(arr, o);
	}
	if (rp_clpattern_counted(c))
		return 0;
	rp_fprintf(f,
		   " railperf: count: %s -> %s: the receiver counted %llu "
		   "messages over the run, the sender completed %llu: more "
		   "than one a QP (%u) apart\n",
		   a, b, (unsigned long long)c->rx_all,
		   (unsigned long long)c->tx_all, c->qps);
	return 1;
}

/* A flow of the pattern: a one-way cell that was measured or failed. */
static bool rp_cp_is_flow(const struct rp_cell *c)
{
	return c->oneway &&
	       (c->status == RP_CELL_OK || c->status == RP_CELL_FAIL);
}

/* Rates into host @dst's rail @di (@di >= rails: every rail): the
 * senders' measured flows into @x (their hosts into @who, rails @wr). */
static unsigned int rp_cp_into(const struct rp_matrix *m, unsigned int dst,
			       unsigned int di, double *x, unsigned int *who,
			       unsigned int *wr)
{
	unsigned int idx, s, si, d2, n = 0;

	for (idx = 0; idx < rp_matrix_count(m); idx++) {
		rp_matrix_rails(m, idx, &si, &d2);
		if (di < m->rails && d2 != di)
			continue;
		for (s = 0; s < m->hosts; s++) {
			const struct rp_cell *c = rp_matrix_at(m, idx, s, dst);

			if (s == dst || !rp_cp_is_flow(c) ||
			    c->status != RP_CELL_OK)
				continue;
			x[n] = c->gbps;
			who[n] = s;
			wr[n++] = si;
		}
	}
	return n;
}

/* One receiving rail's line (@di >= rails: all of them). */
static void rp_cp_rail(FILE *f, const struct rp_matrix *m, unsigned int dst,
		       unsigned int di, cJSON *arr)
{
	size_t cap = (size_t)m->hosts * m->rails * m->rails + 1;
	double *x = calloc(cap, sizeof(*x)), sum = 0, j;
	unsigned int *who = calloc(cap, sizeof(*who)), *wr = calloc(cap, 4);
	unsigned int n, i, lo = 0;
	char what[160], g[32], sl[160], l[32];
	cJSON *o;

	if (!x || !who || !wr)
		goto out;
	n = rp_cp_into(m, dst, di, x, who, wr);
	for (i = 0; i < n; i++) {
		sum += x[i];
		lo = x[i] < x[lo] ? i : lo;
	}
	if (di < m->rails)
		rp_cp_end(m, dst, di, what, sizeof(what));
	else
		snprintf(what, sizeof(what), "%s, every rail", m->host[dst]);
	if (!n) {
		rp_fprintf(f, " railperf: incast into %s: no flow measured\n",
			   what);
		goto out;
	}
	j = rp_jain(x, n);
	rp_cp_end(m, who[lo], wr[lo], sl, sizeof(sl));
	rp_fprintf(f,
		   " railperf: incast into %s: %s Gb/s counted by the "
		   "receiver from %u flows; Jain's fairness index %.3f; "
		   "slowest sender %s at %s Gb/s\n",
		   what, rp_clreport_gbps(g, sizeof(g), sum), n, j, sl,
		   rp_clreport_gbps(l, sizeof(l), x[lo]));
	if (arr) {
		o = cJSON_CreateObject();
		if (di < m->rails)
			cJSON_AddNumberToObject(o, "rail", di);
		else
			cJSON_AddStringToObject(o, "rail", "all");
		cJSON_AddNumberToObject(o, "gbps", sum);
		cJSON_AddNumberToObject(o, "flows", n);
		cJSON_AddNumberToObject(o, "jain", j);
		cJSON_AddStringToObject(o, "slowest_sender", m->host[who[lo]]);
		cJSON_AddNumberToObject(o, "slowest_rail", wr[lo]);
		cJSON_AddNumberToObject(o, "slowest_gbps", x[lo]);
		cJSON_AddItemToArray(arr, o);
	}
out:
	free(x);
	free(who);
	free(wr);
}

unsigned int rp_clpattern_incast(FILE *f, const struct rp_matrix *m,
				 unsigned int dst, cJSON *json)
{
	cJSON *in = json ? cJSON_AddObjectToObject(json, "incast") : NULL;
	cJSON *flows = in ? cJSON_AddArrayToObject(in, "flows") : NULL;
	cJSON *rails = in ? cJSON_AddArrayToObject(in, "rails") : NULL;
	unsigned int idx, s, di, bad = 0;

	if (in)
		cJSON_AddStringToObject(in, "host", m->host[dst]);
	for (idx = 0; idx < rp_matrix_count(m); idx++)
		for (s = 0; s < m->hosts; s++)
			if (s != dst &&
			    rp_cp_is_flow(rp_matrix_at(m, idx, s, dst)))
				bad += rp_cp_flow(f, m, idx, s, dst, "incast",
						  flows);
	for (di = 0; di < m->rails; di++)
		rp_cp_rail(f, m, dst, di, rails);
	if (m->rails > 1)
		rp_cp_rail(f, m, dst, m->rails, rails);
	return bad;
}

/* Hop @s -> @d: its flows' lines; their sums into @rx and @tx. */
static unsigned int rp_cp_hop(FILE *f, const struct rp_matrix *m,
			      unsigned int s, unsigned int d, double *rx,
			      double *tx, cJSON *arr)
{
	unsigned int idx, bad = 0;

	*rx = *tx = 0;
	for (idx = 0; idx < rp_matrix_count(m); idx++) {
		const struct rp_cell *c = rp_matrix_at(m, idx, s, d);

		if (!rp_cp_is_flow(c))
			continue;
		bad += rp_cp_flow(f, m, idx, s, d, "ring hop", arr);
		*rx += c->status == RP_CELL_OK ? c->gbps : 0;
		*tx += c->status == RP_CELL_OK ? c->tx_gbps : 0;
	}
	return bad;
}

static int rp_cp_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

unsigned int rp_clpattern_ring(FILE *f, const struct rp_matrix *m,
			       const uint32_t *order, cJSON *json)
{
	cJSON *r = json ? cJSON_AddObjectToObject(json, "ring") : NULL;
	cJSON *flows = r ? cJSON_AddArrayToObject(r, "flows") : NULL;
	double *hop = calloc(m->hosts, sizeof(*hop)), tx, *sorted;
	unsigned int k, n = m->hosts, lo = 0, bad = 0;
	char g[32], med[32], hi[32];

	sorted = calloc(n, sizeof(*sorted));
	if (!hop || !sorted)
		goto out;
	for (k = 0; k < n; k++) {
		bad += rp_cp_hop(f, m, order[k], order[(k + 1) % n], &hop[k],
				 &tx, flows);
		lo = hop[k] < hop[lo] ? k : lo;
	}
	memcpy(sorted, hop, n * sizeof(*hop));
	qsort(sorted, n, sizeof(*sorted), rp_cp_cmp);
	rp_fprintf(f,
		   " railperf: ring: %u hops at once; bottleneck hop %s -> %s "
		   "at %s Gb/s counted by the receiver (median %s, highest "
		   "%s)\n",
		   n, m->host[order[lo]], m->host[order[(lo + 1) % n]],
		   rp_clreport_gbps(g, sizeof(g), hop[lo]),
		   rp_clreport_gbps(
			   med, sizeof(med),
			   n % 2 ? sorted[n / 2] :
				   (sorted[n / 2 - 1] + sorted[n / 2]) / 2),
		   rp_clreport_gbps(hi, sizeof(hi), sorted[n - 1]));
	if (r) {
		cJSON_AddStringToObject(r, "bottleneck_from",
					m->host[order[lo]]);
		cJSON_AddStringToObject(r, "bottleneck_to",
					m->host[order[(lo + 1) % n]]);
		cJSON_AddNumberToObject(r, "bottleneck_gbps", hop[lo]);
	}
out:
	free(hop);
	free(sorted);
	return bad;
}
