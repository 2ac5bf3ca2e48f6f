// SPDX-License-Identifier: MIT
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_atomic.h"
#include "base/rp_log.h"
#include "output/rp_openmetrics.h"

void rp_om_escape(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\' || *s == '"')
			fputc('\\', f);
		if (*s == '\n')
			fputs("\\n", f);
		else
			fputc(*s, f);
	}
}

void rp_om_head(FILE *f, const char *name, const char *type, const char *help)
{
	fprintf(f, "# HELP %s ", name);
	for (; *help; help++) {
		if (*help == '\\')
			fputs("\\\\", f);
		else if (*help == '\n')
			fputs("\\n", f);
		else
			fputc(*help, f);
	}
	fprintf(f, "\n# TYPE %s %s\n", name, type);
}

static void rp_om_labels_out(FILE *f, const char *name,
			     const struct rp_om_labels *l)
{
	unsigned int i;

	fputs(name, f);
	for (i = 0; i < l->n; i++) {
		fprintf(f, "%c%s=\"", i ? ',' : '{', l->l[i].name);
		rp_om_escape(f, l->l[i].value);
		fputc('"', f);
	}
	if (l->n)
		fputc('}', f);
}

void rp_om_sample(FILE *f, const char *name, const struct rp_om_labels *l,
		  double v)
{
	char buf[40];

	snprintf(buf, sizeof(buf), "%.15g", v);
	if (strtod(buf, NULL) != v)
		snprintf(buf, sizeof(buf), "%.17g", v);
	rp_om_labels_out(f, name, l);
	fprintf(f, " %s\n", buf);
}

void rp_om_count(FILE *f, const char *name, const struct rp_om_labels *l,
		 uint64_t v)
{
	rp_om_labels_out(f, name, l);
	fprintf(f, " %" PRIu64 "\n", v);
}

void rp_om_add(struct rp_om_labels *l, const char *name, const char *value)
{
	if (l->n < RP_OM_LABELS)
		l->l[l->n++] = (struct rp_om_label){ name, value };
}

void rp_om_base(struct rp_om_labels *l, const char *host, const char *test,
		unsigned int rail, const char *device, unsigned int port)
{
	l->n = 0;
	snprintf(l->rail, sizeof(l->rail), "%u", rail);
	snprintf(l->port, sizeof(l->port), "%u", port);
	rp_om_add(l, "host", host);
	rp_om_add(l, "test", test);
	rp_om_add(l, "rail", l->rail);
	rp_om_add(l, "device", device);
	rp_om_add(l, "port", l->port);
}

/* A record's value for a gauge family, false when it has none. */
typedef bool (*rp_om_get)(const struct rp_fleet_rec *r, double *v);

static bool rp_om_goodput(const struct rp_fleet_rec *r, double *v)
{
	*v = r->gbps * 1e9 / 8;
	return true;
}

static bool rp_om_ceiling(const struct rp_fleet_rec *r, double *v)
{
	*v = r->ceiling * 1e9 / 8;
	return r->ceiling > 0;
}

static bool rp_om_ceil_ratio(const struct rp_fleet_rec *r, double *v)
{
	*v = r->ceiling > 0 ? r->gbps / r->ceiling : 0;
	return r->ceiling > 0;
}

static bool rp_om_base_ratio(const struct rp_fleet_rec *r, double *v)
{
	*v = r->base_gbps > 0 ? r->gbps / r->base_gbps : 0;
	return r->base_gbps > 0;
}

/* clang-format off */
static const struct rp_om_gauge {
	const char *name, *help;
	rp_om_get get;
} rp_om_gauges[] = {
	{ "railperf_rail_goodput_bytes_per_second",
	  "RDMA payload the rail moved per second, in one direction: over "
	  "the run at its end, over the last --interval row while it runs",
	  rp_om_goodput },
	{ "railperf_rail_ceiling_bytes_per_second",
	  "The rail's ceiling: the lower of the RoCE v2 wire's and its PCIe "
	  "path's payload rate", rp_om_ceiling },
	{ "railperf_rail_ceiling_ratio",
	  "Goodput over the rail's ceiling", rp_om_ceil_ratio },
	{ "railperf_rail_baseline_ratio",
	  "Goodput over the rail's goodput in the --baseline file",
	  rp_om_base_ratio },
};

static const struct rp_om_counter {
	const char *name, *help;
	size_t off; /* of its struct rp_fleet_count in the record */
} rp_om_counters[] = {
	{ "railperf_rail_retransmitted_packets_total",
	  "Packets the rail's port sent beyond what the run's messages "
	  "needed (RC retransmissions), over the run",
	  offsetof(struct rp_fleet_rec, retrans) },
	{ "railperf_rail_out_of_sequence_packets_total",
	  "Packets the rail's port received out of sequence, over the run",
	  offsetof(struct rp_fleet_rec, ooo) },
	{ "railperf_rail_cnp_total",
	  "Congestion notification packets and ECN marks of the rail's port "
	  "(DCQCN), over the run", offsetof(struct rp_fleet_rec, cnp) },
	{ "railperf_rail_link_drops_total",
	  "Times the link of the rail's port went down, over the run",
	  offsetof(struct rp_fleet_rec, drops) },
};
/* clang-format on */

/* Record @r's labels, with its direction when @dir. */
static void rp_om_rec_labels(struct rp_om_labels *l,
			     const struct rp_om_run *run,
			     const struct rp_fleet_rec *r, bool dir)
{
	rp_om_base(l, run->host, run->test,
		   (unsigned int)(r->rail < 0 ? 0 : r->rail), r->device,
		   r->port);
	if (dir)
		rp_om_add(l, "direction", r->direction);
}

static void rp_om_gauge_fam(FILE *f, const struct rp_om_run *run,
			    const struct rp_om_gauge *g,
			    const struct rp_fleet_rec *r, unsigned int n)
{
	struct rp_om_labels l;
	unsigned int i, have = 0;
	double v;

	for (i = 0; i < n; i++)
		have += g->get(&r[i], &v);
	if (!have)
		return;
	rp_om_head(f, g->name, "gauge", g->help);
	for (i = 0; i < n; i++) {
		if (!g->get(&r[i], &v))
			continue;
		rp_om_rec_labels(&l, run, &r[i], true);
		rp_om_sample(f, g->name, &l, v);
	}
}

static void rp_om_verdicts(FILE *f, const struct rp_om_run *run,
			   const struct rp_fleet_rec *r, unsigned int n)
{
	static const char name[] = "railperf_rail_verdict";
	struct rp_om_labels l;
	unsigned int i, v;

	if (!n)
		return;
	rp_om_head(f, name, "gauge",
		   "1 for the rail's verdict at the end of the run, 0 for the "
		   "others (ok and lossy pass)");
	for (i = 0; i < n; i++)
		for (v = 0; v < RP_FV_COUNT; v++) {
			rp_om_rec_labels(&l, run, &r[i], true);
			rp_om_add(&l, "verdict", rp_fleet_verdict_name(v));
			rp_om_sample(f, name, &l, r[i].verdict == v);
		}
}

/* A counter family over the records that carry the port's counters. */
static void rp_om_counter_fam(FILE *f, const struct rp_om_run *run,
			      const struct rp_om_counter *c,
			      const struct rp_fleet_rec *r, unsigned int n)
{
	const struct rp_fleet_count *k;
	struct rp_om_labels l;
	unsigned int i;
	bool head = false;

	for (i = 0; i < n; i++) {
		k = (const void *)((const char *)&r[i] + c->off);
		if (!r[i].counters || !k->known)
			continue;
		if (!head)
			rp_om_head(f, c->name, "counter", c->help);
		head = true;
		rp_om_rec_labels(&l, run, &r[i], false);
		rp_om_count(f, c->name, &l, k->v);
	}
}

static void rp_om_pause(FILE *f, const struct rp_om_run *run,
			const struct rp_fleet_rec *r, unsigned int n)
{
	static const char name[] = "railperf_rail_pause_frames_total";
	struct rp_om_labels l;
	unsigned int i;
	bool head = false;

	for (i = 0; i < n; i++) {
		if (!r[i].counters || !r[i].pause_rx.known)
			continue;
		if (!head)
			rp_om_head(f, name, "counter",
				   "PFC and 802.3x pause frames of the rail's "
				   "netdev, over the run: receive (the port "
				   "was paused), send (it paused its peer)");
		head = true;
		rp_om_rec_labels(&l, run, &r[i], false);
		rp_om_add(&l, "direction", "receive");
		rp_om_count(f, name, &l, r[i].pause_rx.v);
		l.l[l.n - 1].value = "send";
		rp_om_count(f, name, &l, r[i].pause_tx.v);
	}
}

void rp_om_run(FILE *f, const struct rp_om_run *run)
{
	struct rp_om_labels l = { 0 };

	rp_om_add(&l, "host", run->host);
	rp_om_add(&l, "test", run->test);
	rp_om_head(f, "railperf_run_timestamp_seconds", "gauge",
		   "When railperf wrote this file, seconds since the epoch");
	rp_om_sample(f, "railperf_run_timestamp_seconds", &l, run->unix_time);
	rp_om_head(f, "railperf_run_complete", "gauge",
		   "1: the run ended and these are its results; 0: it runs "
		   "and these are its last --interval row");
	rp_om_sample(f, "railperf_run_complete", &l, run->complete);
}

char *rp_openmetrics_rails(const struct rp_om_run *run,
			   const struct rp_fleet_rec *r, unsigned int n)
{
	char *text = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return NULL;
	for (i = 0; i < sizeof(rp_om_gauges) / sizeof(rp_om_gauges[0]); i++)
		rp_om_gauge_fam(f, run, &rp_om_gauges[i], r, n);
	if (run->complete) {
		rp_om_verdicts(f, run, r, n);
		for (i = 0;
		     i < sizeof(rp_om_counters) / sizeof(rp_om_counters[0]);
		     i++)
			rp_om_counter_fam(f, run, &rp_om_counters[i], r, n);
		rp_om_pause(f, run, r, n);
	}
	rp_om_run(f, run);
	if (fclose(f)) {
		free(text);
		return NULL;
	}
	return text;
}

int rp_openmetrics_write(const char *path, const char *text)
{
	if (!text) {
		rp_err("cannot write '%s': %s", path, strerror(ENOMEM));
		return -ENOMEM;
	}
	return rp_atomic_write(path, text, strlen(text));
}
