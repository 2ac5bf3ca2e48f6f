// SPDX-License-Identifier: MIT
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_atomic.h"
#include "base/rp_log.h"
#include "cluster/rp_clreport.h"
#include "output/rp_fleet.h"

#define RP_MX_CELL_LEN (RP_CELL_REASON_LEN + 8)

static const char *const rp_status_name[] = { "pending", "ok", "fail",
					      "nopath" };

const char *rp_clreport_gbps(char *buf, size_t len, double g)
{
	return rp_fleet_gbps(buf, len, g);
}

/* What a table shows for a cell. */
static void rp_clreport_cell(const struct rp_matrix *m, unsigned int idx,
			     unsigned int s, unsigned int d, char *buf,
			     size_t len)
{
	const struct rp_cell *c = rp_matrix_at(m, idx, s, d);

	if (s == d)
		snprintf(buf, len, "-");
	else if (c->status == RP_CELL_OK)
		rp_clreport_gbps(buf, len, c->gbps);
	else if (c->status == RP_CELL_FAIL)
		snprintf(buf, len, "FAIL(%s)", c->reason);
	else if (c->status == RP_CELL_NOPATH)
		snprintf(buf, len, "no path");
	else
		snprintf(buf, len, "n/a");
}

/* Column @col's width (0: the host names; k: receiver k - 1). */
static size_t rp_clreport_width(const struct rp_matrix *m, unsigned int idx,
				unsigned int col)
{
	char buf[RP_MX_CELL_LEN];
	size_t w = col ? strlen(m->host[col - 1]) : strlen("send\\recv");
	unsigned int s;

	for (s = 0; s < m->hosts; s++) {
		if (col)
			rp_clreport_cell(m, idx, s, col - 1, buf, sizeof(buf));
		else
			snprintf(buf, sizeof(buf), "%s", m->host[s]);
		if (strlen(buf) > w)
			w = strlen(buf);
	}
	return w;
}

/* One table row: @row < 0 the header, else sender @row. */
static void rp_clreport_row(FILE *f, const struct rp_matrix *m,
			    unsigned int idx, const size_t *w, int row)
{
	char buf[RP_MX_CELL_LEN];
	char *line = NULL;
	size_t len = 0;
	FILE *l = open_memstream(&line, &len);
	unsigned int col;

	if (!l)
		return;
	fprintf(l, "   %-*s", (int)w[0], row < 0 ? "send\\recv" : m->host[row]);
	for (col = 1; col <= m->hosts; col++) {
		if (row < 0)
			snprintf(buf, sizeof(buf), "%s", m->host[col - 1]);
		else
			rp_clreport_cell(m, idx, (unsigned int)row, col - 1,
					 buf, sizeof(buf));
		fprintf(l, "  %*s", (int)w[col], buf);
	}
	fclose(l);
	rp_fprintf(f, "%s\n", line);
	free(line);
}

void rp_clreport_tables(FILE *f, const struct rp_matrix *m)
{
	size_t *w = calloc(m->hosts + 1, sizeof(*w));
	unsigned int idx, col;
	char label[160];
	int s;

	if (!w)
		return;
	for (idx = 0; idx < rp_matrix_count(m); idx++) {
		if (rp_matrix_nopath(m, idx))
			continue;
		rp_matrix_label(m, idx, label, sizeof(label));
		rp_fprintf(f,
			   " railperf: %s: Gb/s, rows send, columns "
			   "receive%s\n",
			   label, m->partial ? " (partial)" : "");
		for (col = 0; col <= m->hosts; col++)
			w[col] = rp_clreport_width(m, idx, col);
		for (s = -1; s < (int)m->hosts; s++)
			rp_clreport_row(f, m, idx, w, s);
	}
	free(w);
}

static void rp_clreport_stats_line(FILE *f, const char *what,
				   const struct rp_mstats *st)
{
	char lo[32], med[32], hi[32];

	if (!st->n)
		rp_fprintf(f, " railperf: %s: no cell measured\n", what);
	else
		rp_fprintf(f,
			   " railperf: %s: min %s, median %s, max %s Gb/s "
			   "over %u cells\n",
			   what, rp_clreport_gbps(lo, sizeof(lo), st->min),
			   rp_clreport_gbps(med, sizeof(med), st->median),
			   rp_clreport_gbps(hi, sizeof(hi), st->max), st->n);
}

/* A failed cell's or an outlier's line. */
static void rp_clreport_cell_line(FILE *f, const struct rp_matrix *m,
				  unsigned int idx, unsigned int s,
				  unsigned int d, const char *label)
{
	const struct rp_cell *c = rp_matrix_at(m, idx, s, d);
	char got[32], lim[32], ref[32];

	if (c->status == RP_CELL_FAIL)
		rp_fprintf(f, " railperf: failed: %s -> %s on %s: %s\n",
			   m->host[s], m->host[d], label, c->reason);
	else if (c->outlier)
		rp_fprintf(f,
			   " railperf: outlier: %s -> %s on %s: %s Gb/s, "
			   "under %s (%u%% of %s %s Gb/s)\n",
			   m->host[s], m->host[d], label,
			   rp_clreport_gbps(got, sizeof(got), c->gbps),
			   rp_clreport_gbps(lim, sizeof(lim), c->limit), m->pct,
			   c->ceiling > 0 ? "its ceiling" : "the median",
			   rp_clreport_gbps(ref, sizeof(ref),
					    c->ceiling > 0 ? c->ceiling :
							     m->median[idx]));
}

/* Matrix @idx's statistics, failed cells, outliers and slow hosts. */
static void rp_clreport_matrix(FILE *f, const struct rp_matrix *m,
			       unsigned int idx)
{
	struct rp_mstats st;
	unsigned int s, d;
	char label[160];

	rp_matrix_label(m, idx, label, sizeof(label));
	rp_matrix_stats(m, (int)idx, &st);
	rp_clreport_stats_line(f, label, &st);
	for (s = 0; s < m->hosts; s++)
		for (d = 0; d < m->hosts; d++)
			if (s != d)
				rp_clreport_cell_line(f, m, idx, s, d, label);
	for (s = 0; s < m->hosts; s++)
		if (m->slow[idx * m->hosts + s])
			rp_fprintf(f,
				   " railperf: slow host: %s on %s: under "
				   "%u%% against every other host\n",
				   m->host[s], label, m->pct);
}

/* One line naming the matrices left out: no path in any of their cells. */
static void rp_clreport_nopaths(FILE *f, const struct rp_matrix *m)
{
	char line[2048], label[160];
	unsigned int idx, n = 0;
	size_t off = 0;

	for (idx = 0; idx < rp_matrix_count(m) && off < sizeof(line); idx++) {
		if (!rp_matrix_nopath(m, idx))
			continue;
		rp_matrix_label(m, idx, label, sizeof(label));
		off += (size_t)snprintf(line + off, sizeof(line) - off, "%s%s",
					n++ ? ", " : "", label);
	}
	if (n)
		rp_fprintf(f,
			   " railperf: not shown: %s: the wiring map joins "
			   "no two hosts there\n",
			   line);
}

void rp_clreport_summary(FILE *f, const struct rp_matrix *m, bool expect)
{
	unsigned int idx, outliers = 0, failed = rp_matrix_failed(m);
	size_t i, all = (size_t)rp_matrix_count(m) * m->hosts * m->hosts;
	struct rp_mstats st;

	for (idx = 0; idx < rp_matrix_count(m); idx++)
		if (!rp_matrix_nopath(m, idx))
			rp_clreport_matrix(f, m, idx);
	rp_clreport_nopaths(f, m);
	rp_matrix_stats(m, -1, &st);
	rp_clreport_stats_line(f, "all rails", &st);
	for (i = 0; i < all; i++)
		outliers += m->cells[i].outlier;
	if (expect)
		rp_fprintf(f,
			   " railperf: --expect %u%%: %s: %u outliers, %u "
			   "failed cells\n",
			   m->pct, outliers || failed ? "FAILED" : "passed",
			   outliers, failed);
	else
		rp_fprintf(f,
			   " railperf: %u outliers under %u%% (of the "
			   "ceiling, else the median), %u failed cells\n",
			   outliers, m->pct, failed);
}

/* A CSV field: quoted, inner quotes doubled. */
static void rp_csv_quoted(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static void rp_csv_cell(FILE *f, const struct rp_matrix *m, unsigned int idx,
			unsigned int s, unsigned int d)
{
	const struct rp_cell *c = rp_matrix_at(m, idx, s, d);
	unsigned int si, di;
	char buf[32];

	rp_matrix_rails(m, idx, &si, &di);
	rp_csv_quoted(f, m->host[s]); /* names: a comma in one is data */
	fputc(',', f);
	rp_csv_quoted(f, m->host[d]);
	fprintf(f, ",%u,%u,", si, di);
	rp_csv_quoted(f, m->dev[(size_t)s * m->rails + si]);
	fputc(',', f);
	rp_csv_quoted(f, m->dev[(size_t)d * m->rails + di]);
	fputc(',', f);
	if (c->status == RP_CELL_OK)
		fprintf(f, "%s", rp_clreport_gbps(buf, sizeof(buf), c->gbps));
	fprintf(f, ",%llu,%llu,%s,", (unsigned long long)c->bytes,
		(unsigned long long)c->msgs, rp_status_name[c->status % 4]);
	if (c->ceiling > 0)
		fprintf(f, "%s",
			rp_clreport_gbps(buf, sizeof(buf), c->ceiling));
	fprintf(f, ",%u,", c->outlier ? 1u : 0u);
	rp_csv_quoted(f, c->reason);
	fputc('\n', f);
}

char *rp_clreport_csv(const struct rp_matrix *m)
{
	unsigned int idx, s, d;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return NULL;
	fprintf(f, "sender,receiver,sender_rail,receiver_rail,sender_dev,"
		   "receiver_dev,gbps,bytes,msgs,status,ceiling_gbps,outlier,"
		   "reason\n");
	for (idx = 0; idx < rp_matrix_count(m); idx++)
		for (s = 0; s < m->hosts; s++)
			for (d = 0; d < m->hosts; d++)
				if (s != d)
					rp_csv_cell(f, m, idx, s, d);
	if (fclose(f)) {
		free(text);
		return NULL;
	}
	return text;
}

/* A number, or null when @known is false. */
static cJSON *rp_json_num(double v, bool known)
{
	return known ? cJSON_CreateNumber(v) : cJSON_CreateNull();
}

static cJSON *rp_json_cell(const struct rp_matrix *m, unsigned int idx,
			   unsigned int s, unsigned int d)
{
	const struct rp_cell *c = rp_matrix_at(m, idx, s, d);
	cJSON *o = cJSON_CreateObject();
	unsigned int si, di;

	rp_matrix_rails(m, idx, &si, &di);
	cJSON_AddStringToObject(o, "sender", m->host[s]);
	cJSON_AddStringToObject(o, "receiver", m->host[d]);
	cJSON_AddNumberToObject(o, "sender_rail", si);
	cJSON_AddNumberToObject(o, "receiver_rail", di);
	cJSON_AddStringToObject(o, "sender_dev",
				m->dev[(size_t)s * m->rails + si]);
	cJSON_AddStringToObject(o, "receiver_dev",
				m->dev[(size_t)d * m->rails + di]);
	cJSON_AddItemToObject(o, "gbps",
			      rp_json_num(c->gbps, c->status == RP_CELL_OK));
	cJSON_AddNumberToObject(o, "bytes", (double)c->bytes);
	cJSON_AddNumberToObject(o, "msgs", (double)c->msgs);
	cJSON_AddStringToObject(o, "status", rp_status_name[c->status % 4]);
	cJSON_AddItemToObject(o, "reason",
			      c->status == RP_CELL_FAIL ||
					      c->status == RP_CELL_NOPATH ?
				      cJSON_CreateString(c->reason) :
				      cJSON_CreateNull());
	if (c->oneway) {
		cJSON_AddNumberToObject(o, "sender_msgs_all",
					(double)c->tx_all);
		cJSON_AddNumberToObject(o, "receiver_msgs_all",
					(double)c->rx_all);
		cJSON_AddItemToObject(o, "sender_gbps",
				      rp_json_num(c->tx_gbps, c->tx_gbps > 0));
	}
	cJSON_AddItemToObject(o, "ceiling_gbps",
			      rp_json_num(c->ceiling, c->ceiling > 0));
	cJSON_AddBoolToObject(o, "outlier", c->outlier);
	return o;
}

static cJSON *rp_json_stats(const struct rp_matrix *m, int idx)
{
	cJSON *o = cJSON_CreateObject();
	struct rp_mstats st;
	char label[160];

	rp_matrix_stats(m, idx, &st);
	if (idx >= 0)
		rp_matrix_label(m, (unsigned int)idx, label, sizeof(label));
	cJSON_AddStringToObject(o, "matrix", idx < 0 ? "all rails" : label);
	cJSON_AddNumberToObject(o, "n", st.n);
	cJSON_AddItemToObject(o, "min_gbps", rp_json_num(st.min, st.n));
	cJSON_AddItemToObject(o, "median_gbps", rp_json_num(st.median, st.n));
	cJSON_AddItemToObject(o, "max_gbps", rp_json_num(st.max, st.n));
	return o;
}

static cJSON *rp_json_hosts(const struct rp_matrix *m)
{
	cJSON *a = cJSON_CreateArray(), *h, *devs;
	unsigned int i, r;

	for (i = 0; i < m->hosts; i++) {
		h = cJSON_CreateObject();
		cJSON_AddStringToObject(h, "name", m->host[i]);
		cJSON_AddNumberToObject(h, "rank", i);
		devs = cJSON_AddArrayToObject(h, "rails");
		for (r = 0; r < m->rails; r++)
			cJSON_AddItemToArray(
				devs,
				cJSON_CreateString(
					m->dev[(size_t)i * m->rails + r]));
		cJSON_AddItemToArray(a, h);
	}
	return a;
}

/* "cells", "stats" and "slow_hosts" of every matrix into @o. */
static void rp_json_matrices(cJSON *o, const struct rp_matrix *m)
{
	cJSON *cells = cJSON_AddArrayToObject(o, "cells");
	cJSON *stats = cJSON_AddArrayToObject(o, "stats");
	cJSON *slow = cJSON_AddArrayToObject(o, "slow_hosts"), *sh;
	unsigned int idx, s, d;
	char label[160];

	for (idx = 0; idx < rp_matrix_count(m); idx++) {
		for (s = 0; s < m->hosts; s++)
			for (d = 0; d < m->hosts; d++)
				if (s != d)
					cJSON_AddItemToArray(
						cells,
						rp_json_cell(m, idx, s, d));
		cJSON_AddItemToArray(stats, rp_json_stats(m, (int)idx));
		rp_matrix_label(m, idx, label, sizeof(label));
		for (s = 0; s < m->hosts; s++) {
			if (!m->slow[idx * m->hosts + s])
				continue;
			sh = cJSON_CreateObject();
			cJSON_AddStringToObject(sh, "host", m->host[s]);
			cJSON_AddStringToObject(sh, "matrix", label);
			cJSON_AddItemToArray(slow, sh);
		}
	}
	cJSON_AddItemToArray(stats, rp_json_stats(m, -1));
}

cJSON *rp_clreport_json(const struct rp_matrix *m)
{
	cJSON *o = cJSON_CreateObject();
	const cJSON *c;

	if (!o)
		return NULL;
	cJSON_AddBoolToObject(o, "partial", m->partial);
	cJSON_AddNumberToObject(o, "size", (double)m->size);
	cJSON_AddNumberToObject(o, "duration_s", m->duration);
	cJSON_AddBoolToObject(o, "cross", m->cross);
	cJSON_AddNumberToObject(o, "threshold_pct", m->pct);
	cJSON_AddItemToObject(o, "hosts", rp_json_hosts(m));
	rp_json_matrices(o, m);
	for (c = m->extra ? m->extra->child : NULL; c; c = c->next)
		if (c->string)
			cJSON_AddItemToObject(o, c->string,
					      cJSON_Duplicate(c, 1));
	return o;
}

/* @text to @path, atomically (rp_atomic_write); @text NULL (it could not
 * be built) is -ENOMEM. One error line naming the file and -errno on
 * failure; 0 on success. */
static int rp_clreport_write(const char *path, const char *text)
{
	if (!text) {
		rp_err("cannot write '%s': %s", path, strerror(ENOMEM));
		return -ENOMEM;
	}
	return rp_atomic_write(path, text, strlen(text));
}

int rp_clreport_files(const struct rp_matrix *m, const char *csv,
		      const char *json)
{
	cJSON *doc;
	char *text;
	int ret = 0, r;

	if (csv) {
		text = rp_clreport_csv(m);
		ret = rp_clreport_write(csv, text);
		free(text);
	}
	if (json) { /* written even when the CSV could not be */
		doc = rp_clreport_json(m);
		text = doc ? cJSON_Print(doc) : NULL;
		r = rp_clreport_write(json, text);
		cJSON_free(text);
		cJSON_Delete(doc);
		ret = ret ? ret : r;
	}
	return ret;
}
