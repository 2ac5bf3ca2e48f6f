// SPDX-License-Identifier: MIT
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "output/rp_fleet.h"

static const char *const rp_fv_names[RP_FV_COUNT] = {
	"ok",		"lossy",	  "outlier", "below_expect_min",
	"below_expect", "below_baseline", "failed",
};

const char *rp_fleet_verdict_name(unsigned int v)
{
	return v < RP_FV_COUNT ? rp_fv_names[v] : "unknown";
}

double rp_fleet_change_pct(double was, double now)
{
	return was > 0 ? 100.0 * (now - was) / was : 0;
}

const char *rp_fleet_gbps(char *buf, size_t len, double g)
{
	double a = g < 0 ? -g : g, lim = 1;
	int dec = 2;

	while (dec < 6 && a > 0 && a < lim) {
		dec++;
		lim /= 10;
	}
	snprintf(buf, len, "%.*f", dec, g);
	return buf;
}

/* The first failing check of @r, or RP_FV_OK / RP_FV_LOSSY. */
static unsigned int rp_fleet_worst(const struct rp_fleet_rec *r)
{
	double change = rp_fleet_change_pct(r->base_gbps, r->gbps);

	if (r->failed)
		return RP_FV_FAILED;
	/* in tenths of a %, as the lines print it: "down 10.0%" is within a
	 * tolerance of 10 %, "down 10.1%" is not */
	if (r->base_gbps > 0 && nearbyint(-change * 10) > 10.0 * r->tolerance)
		return RP_FV_BELOW_BASELINE;
	if (r->expect &&
	    !(r->ceiling > 0 && 100 * r->gbps / r->ceiling >= r->expect))
		return RP_FV_BELOW_EXPECT;
	if (r->expect_min && !(r->have_min && r->ceiling > 0 &&
			       100 * r->min_gbps / r->ceiling >= r->expect_min))
		return RP_FV_BELOW_EXPECT_MIN;
	if (r->outlier)
		return RP_FV_OUTLIER;
	return r->lossy ? RP_FV_LOSSY : RP_FV_OK;
}

/* ", P% of its ceiling of C Gb/s" and ", P% of its baseline of B Gb/s"
 * for the ones known. */
static void rp_fleet_refs(FILE *f, const struct rp_fleet_rec *r)
{
	char c[32];

	if (r->ceiling > 0)
		fprintf(f, ", %.1f%% of its ceiling of %s Gb/s",
			100 * r->gbps / r->ceiling,
			rp_fleet_gbps(c, sizeof(c), r->ceiling));
	if (r->base_gbps > 0)
		fprintf(f, ", %.1f%% of its baseline of %s Gb/s",
			100 * r->gbps / r->base_gbps,
			rp_fleet_gbps(c, sizeof(c), r->base_gbps));
}

/* A failing verdict's words into @f. */
static void rp_fleet_fail_words(FILE *f, const struct rp_fleet_rec *r)
{
	char g[32], c[32], m[32];
	double change = rp_fleet_change_pct(r->base_gbps, r->gbps);

	rp_fleet_gbps(g, sizeof(g), r->gbps);
	rp_fleet_gbps(c, sizeof(c), r->ceiling);
	rp_fleet_gbps(m, sizeof(m), r->min_gbps);
	switch (r->verdict) {
	case RP_FV_FAILED: fputs(r->why, f); break;
	case RP_FV_BELOW_BASELINE:
		fprintf(f,
			"%.1f%% of its baseline of %s Gb/s (%s Gb/s, down "
			"%.1f%%), below the tolerance of %u%%",
			r->pct, rp_fleet_gbps(c, sizeof(c), r->base_gbps), g,
			-change, r->tolerance);
		break;
	case RP_FV_BELOW_EXPECT:
		if (r->ceiling > 0)
			fprintf(f,
				"%.1f%% of its ceiling of %s Gb/s (%s Gb/s), "
				"below --expect %u%%",
				r->pct, c, g, r->expect);
		else
			fprintf(f,
				"%s Gb/s, its ceiling unknown: --expect "
				"%u%% cannot pass",
				g, r->expect);
		break;
	case RP_FV_BELOW_EXPECT_MIN:
		fprintf(f,
			"slowest interval %.1f%% of its ceiling of %s Gb/s "
			"(%s Gb/s), below --expect-min %u%%",
			r->pct, c, m, r->expect_min);
		break;
	default: /* RP_FV_OUTLIER */
		fprintf(f, "%s Gb/s, %.1f%% of %s %s Gb/s, under %u%%", g,
			r->pct, r->ceiling > 0 ? "its ceiling" : "the median",
			rp_fleet_gbps(c, sizeof(c), r->ref_gbps),
			r->outlier_pct);
	}
}

/* The % a verdict names: of the baseline, the ceiling or the outlier
 * reference; 0 when unknown. */
static double rp_fleet_pct(const struct rp_fleet_rec *r)
{
	double got = r->verdict == RP_FV_BELOW_EXPECT_MIN ? r->min_gbps :
							    r->gbps;

	if (r->verdict == RP_FV_OUTLIER)
		return r->ref_gbps > 0 ? 100 * r->gbps / r->ref_gbps : 0;
	if (r->verdict == RP_FV_BELOW_BASELINE ||
	    (r->ceiling <= 0 && r->base_gbps > 0 && r->verdict != RP_FV_FAILED))
		return 100 * r->gbps / r->base_gbps;
	return r->ceiling > 0 ? 100 * got / r->ceiling : 0;
}

void rp_fleet_judge(struct rp_fleet_rec *r)
{
	char g[32];
	FILE *f;

	r->verdict = rp_fleet_worst(r);
	r->pct = rp_fleet_pct(r);
	r->message[0] = '\0';
	f = fmemopen(r->message, sizeof(r->message), "w");
	if (!f)
		return;
	if (rp_fleet_verdict_fails(r->verdict)) {
		rp_fleet_fail_words(f, r);
	} else {
		fprintf(f, "%s Gb/s", rp_fleet_gbps(g, sizeof(g), r->gbps));
		rp_fleet_refs(f, r);
		if (r->verdict == RP_FV_LOSSY && r->retrans.known)
			fprintf(f, "; lossy: %llu packets sent again",
				(unsigned long long)r->retrans.v);
		else if (r->verdict == RP_FV_LOSSY)
			fprintf(f, "; lossy: its retry counters moved");
	}
	fclose(f);
	r->message[sizeof(r->message) - 1] = '\0';
}

static void rp_fleet_num(cJSON *o, const char *key, double v, bool known)
{
	if (known)
		cJSON_AddNumberToObject(o, key, v);
	else
		cJSON_AddNullToObject(o, key);
}

static void rp_fleet_count_json(cJSON *o, const char *key,
				const struct rp_fleet_rec *r,
				const struct rp_fleet_count *c)
{
	rp_fleet_num(o, key, (double)c->v, r->counters && c->known);
}

static cJSON *rp_fleet_rec_json(const struct rp_fleet_rec *r)
{
	cJSON *o = cJSON_CreateObject();

	if (!o)
		return NULL;
	cJSON_AddStringToObject(o, "name", r->name);
	rp_fleet_num(o, "rail", r->rail, r->rail >= 0);
	cJSON_AddStringToObject(o, "device", r->device);
	cJSON_AddNumberToObject(o, "port", r->port);
	cJSON_AddStringToObject(o, "direction", r->direction);
	cJSON_AddNumberToObject(o, "gbps", r->gbps);
	rp_fleet_num(o, "ceiling_gbps", r->ceiling, r->ceiling > 0);
	rp_fleet_num(o, "ceiling_ratio", r->gbps / r->ceiling, r->ceiling > 0);
	rp_fleet_num(o, "baseline_gbps", r->base_gbps, r->base_gbps > 0);
	rp_fleet_num(o, "baseline_ratio", r->gbps / r->base_gbps,
		     r->base_gbps > 0);
	cJSON_AddNumberToObject(o, "seconds", r->seconds);
	cJSON_AddStringToObject(o, "verdict",
				rp_fleet_verdict_name(r->verdict));
	cJSON_AddStringToObject(o, "message", r->message);
	rp_fleet_count_json(o, "retransmitted_packets", r, &r->retrans);
	rp_fleet_count_json(o, "out_of_sequence", r, &r->ooo);
	rp_fleet_count_json(o, "cnp", r, &r->cnp);
	rp_fleet_count_json(o, "pause_rx_frames", r, &r->pause_rx);
	rp_fleet_count_json(o, "pause_tx_frames", r, &r->pause_tx);
	rp_fleet_count_json(o, "link_drops", r, &r->drops);
	return o;
}

cJSON *rp_fleet_json(const struct rp_fleet_rec *r, unsigned int n)
{
	cJSON *a = cJSON_CreateArray(), *o;
	unsigned int i;

	for (i = 0; a && i < n; i++) {
		o = rp_fleet_rec_json(&r[i]);
		if (!o) {
			cJSON_Delete(a);
			return NULL;
		}
		cJSON_AddItemToArray(a, o);
	}
	return a;
}
