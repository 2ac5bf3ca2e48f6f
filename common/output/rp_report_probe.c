// SPDX-License-Identifier: MIT
/* --lat_probe's lines and JSON (rp_report_probe.h). */
#include <string.h>

#include "base/rp_log.h"
#include "output/rp_report_probe.h"

const char *rp_probe_verb_name(enum rp_verb v)
{
	return v == RP_VERB_WRITE ? "RDMA WRITE" : "RDMA READ";
}

/* "RDMA READ" or "RDMA WRITE, half round trip": what a sample is. */
static const char *rp_probe_what(const struct rp_probe_report *r)
{
	return r->cfg.verb == RP_VERB_WRITE ? "RDMA WRITE, half round trip" :
					      "RDMA READ";
}

/* One phase's figures: "N samples, t_min ... t_max ... usec". */
static void rp_probe_phase(char *buf, size_t len, const struct rp_latstats *st)
{
	if (!st->n) {
		snprintf(buf, len, "no samples");
		return;
	}
	snprintf(buf, len,
		 "%llu samples, t_min %.2f median %.2f p99 %.2f p99.9 %.2f "
		 "t_max %.2f usec",
		 (unsigned long long)st->n, st->t_min, st->t_typical, st->p99,
		 st->p99_9, st->t_max);
}

void rp_report_probe(FILE *f, const char *who, const struct rp_probe_report *r)
{
	const struct rp_latstats *i = &r->idle, *l = &r->loaded;
	char idle[192], loaded[192], ratio[160] = "";

	rp_probe_phase(idle, sizeof(idle), i);
	rp_probe_phase(loaded, sizeof(loaded), l);
	if (i->n && l->n)
		snprintf(ratio, sizeof(ratio),
			 "; loaded over idle: median %.2fx, p99 %.2fx, p99.9 "
			 "%.2fx, t_max %.2fx",
			 rp_probe_ratio(l->t_typical, i->t_typical),
			 rp_probe_ratio(l->p99, i->p99),
			 rp_probe_ratio(l->p99_9, i->p99_9),
			 rp_probe_ratio(l->t_max, i->t_max));
	rp_fprintf(f, " railperf: %s: latency probe, %s, idle: %s\n", who,
		   rp_probe_what(r), idle);
	rp_fprintf(f,
		   " railperf: %s: latency probe, %s, loaded: %s%s; probe "
		   "share %.3f %% of the rail's bytes\n",
		   who, rp_probe_what(r), loaded, ratio, r->share);
}

void rp_report_probe_lost(FILE *f, const char *who, int err)
{
	rp_fprintf(f, " railperf: %s: latency probe lost: %s\n", who,
		   strerror(err < 0 ? -err : err));
}

void rp_report_probe_echo(FILE *f, const char *who, uint64_t answered)
{
	rp_fprintf(f,
		   " railperf: %s: latency probe, RDMA WRITE: %llu probes "
		   "answered\n",
		   who, (unsigned long long)answered);
}

static cJSON *rp_json_phase(const struct rp_latstats *st)
{
	cJSON *o = cJSON_CreateObject();

	if (!o)
		return NULL;
	cJSON_AddNumberToObject(o, "samples", (double)st->n);
	cJSON_AddNumberToObject(o, "t_min_us", st->t_min);
	cJSON_AddNumberToObject(o, "t_median_us", st->t_typical);
	cJSON_AddNumberToObject(o, "t_avg_us", st->t_avg);
	cJSON_AddNumberToObject(o, "p99_us", st->p99);
	cJSON_AddNumberToObject(o, "p99_9_us", st->p99_9);
	cJSON_AddNumberToObject(o, "t_max_us", st->t_max);
	return o;
}

/* loaded over idle for one statistic: a number, or null (no ratio). */
static void rp_json_ratio(cJSON *o, const char *key, double loaded, double idle)
{
	double r = rp_probe_ratio(loaded, idle);

	if (r > 0)
		cJSON_AddNumberToObject(o, key, r);
	else
		cJSON_AddNullToObject(o, key);
}

static void rp_json_lost(cJSON *o, int err)
{
	if (err)
		cJSON_AddStringToObject(o, "lost",
					strerror(err < 0 ? -err : err));
	else
		cJSON_AddNullToObject(o, "lost");
}

cJSON *rp_json_probe(const struct rp_probe_report *r, int err)
{
	const struct rp_latstats *i = &r->idle, *l = &r->loaded;
	cJSON *o = cJSON_CreateObject(), *x, *q;

	if (!o)
		return NULL;
	cJSON_AddStringToObject(o, "verb", rp_probe_verb_name(r->cfg.verb));
	cJSON_AddStringToObject(
		o, "method", r->cfg.rtt > 1 ? "half round trip" : "round trip");
	cJSON_AddNumberToObject(o, "size_bytes", (double)r->cfg.size);
	cJSON_AddNumberToObject(o, "rate_bound_per_s", r->cfg.rate);
	cJSON_AddNumberToObject(o, "spin_us", (double)r->cfg.spin_ns / 1e3);
	cJSON_AddItemToObject(o, "idle", rp_json_phase(i));
	x = rp_json_phase(l);
	if (x)
		cJSON_AddNumberToObject(x, "window_s", r->window_s);
	cJSON_AddItemToObject(o, "loaded", x);
	q = cJSON_AddObjectToObject(o, "loaded_over_idle");
	if (q) {
		rp_json_ratio(q, "t_min", l->t_min, i->t_min);
		rp_json_ratio(q, "t_median", l->t_typical, i->t_typical);
		rp_json_ratio(q, "p99", l->p99, i->p99);
		rp_json_ratio(q, "p99_9", l->p99_9, i->p99_9);
		rp_json_ratio(q, "t_max", l->t_max, i->t_max);
	}
	cJSON_AddNumberToObject(o, "probe_bytes_per_s", r->probe_bps);
	cJSON_AddNumberToObject(o, "rail_bytes_per_s", r->rail_bps);
	cJSON_AddNumberToObject(o, "share_percent", r->share);
	cJSON_AddBoolToObject(o, "capped", r->capped);
	cJSON_AddNumberToObject(o, "missed_slots", (double)r->skipped);
	cJSON_AddBoolToObject(o, "realtime_priority", r->realtime);
	rp_json_lost(o, err);
	return o;
}

cJSON *rp_json_probe_peer(enum rp_verb v, uint64_t answered, int err)
{
	cJSON *o = cJSON_CreateObject();

	if (!o)
		return NULL;
	cJSON_AddStringToObject(o, "verb", rp_probe_verb_name(v));
	if (v == RP_VERB_WRITE)
		cJSON_AddNumberToObject(o, "answered", (double)answered);
	else
		cJSON_AddNullToObject(o, "answered");
	rp_json_lost(o, err);
	return o;
}
