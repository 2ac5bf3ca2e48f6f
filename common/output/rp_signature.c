// SPDX-License-Identifier: MIT
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_log.h"
#include "output/rp_signature.h"

#define RP_SIG_GROWTH 10000 /* counters grew: above 1 in this many */

/* Two rails that should move alike: same port speed and ceiling (1 %). */
static bool rp_sig_like(const struct rp_sig_in *a, const struct rp_sig_in *b)
{
	if ((a->speed > 0) != (b->speed > 0) ||
	    (a->ceiling > 0) != (b->ceiling > 0))
		return false;
	if (a->speed > 0 && fabs(a->speed - b->speed) > 0.01 * a->speed)
		return false;
	return !(a->ceiling > 0) ||
	       fabs(a->ceiling - b->ceiling) <= 0.01 * a->ceiling;
}

static int rp_sig_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Rail @i's baseline into @o: its like rails' median, else its ceiling. */
static void rp_sig_baseline(const struct rp_sig_in *in, unsigned int n,
			    unsigned int i, struct rp_sig_out *o)
{
	double v[64];
	unsigned int j, k = 0;

	for (j = 0; j < n && k < 64; j++)
		if (j != i && !in[j].failed && rp_sig_like(&in[i], &in[j]))
			v[k++] = in[j].got;
	if (k) {
		qsort(v, k, sizeof(v[0]), rp_sig_cmp);
		o->baseline = k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
	} else {
		o->alone = true;
		o->baseline = in[i].ceiling;
	}
	o->judged = o->baseline > 0;
	o->ratio = o->judged ? in[i].got / o->baseline : 0;
}

void rp_signature(const struct rp_sig_in *in, unsigned int n,
		  struct rp_sig_out *out)
{
	const struct rp_sig_in *r;
	struct rp_sig_out *o;
	unsigned int i;

	for (i = 0; i < n; i++) {
		r = &in[i];
		o = &out[i];
		memset(o, 0, sizeof(*o));
		if (r->failed)
			continue;
		rp_sig_baseline(in, n, i, o);
		o->grew = r->resent + r->retry > r->needed / RP_SIG_GROWTH;
		if (!o->judged)
			continue;
		if (o->grew)
			o->sig = o->ratio >= RP_SIG_FAIR_SHARE && !r->lossy ?
					 RP_SIG_CONGESTED :
					 RP_SIG_LOSSY;
		else if (o->ratio < RP_SIG_THROTTLED_BELOW && r->quiet &&
			 r->link_ok)
			o->sig = RP_SIG_THROTTLED;
	}
}

const char *rp_sig_name(enum rp_sig s)
{
	switch (s) {
	case RP_SIG_THROTTLED: return "throttled NIC signature";
	case RP_SIG_CONGESTED: return "congested";
	case RP_SIG_LOSSY: return "lossy path";
	case RP_SIG_NONE: break;
	}
	return NULL;
}

const char *rp_sig_remedy(enum rp_sig s)
{
	switch (s) {
	case RP_SIG_THROTTLED:
		return "the known remedy on DGX Spark is a power drain (shut "
		       "the host down, unplug it, wait a minute), then the "
		       "current NIC driver and firmware";
	case RP_SIG_CONGESTED:
		return "packets are lost to load on a shared link, not to a "
		       "broken path: enable ECN or PFC there, or run fewer "
		       "flows over it";
	case RP_SIG_LOSSY:
		return "the path loses packets: check the cable, its "
		       "transceivers and the switch port's FEC and CRC counters";
	case RP_SIG_NONE: break;
	}
	return NULL;
}

/* Goodput @gbps in the report's unit (rp_stats.h's MB/sec: 2^20 B/s). */
static double rp_sig_shown(double gbps, bool gbits)
{
	return gbits ? gbps : gbps * 1e9 / 8 / (1024.0 * 1024.0);
}

/* "9.6% of what its like rails move (median 3.96 Gb/sec)" or "13.0% of
 * its ceiling of 98.01 Gb/s". */
static void rp_sig_against(FILE *f, const struct rp_sig_out *o, bool gbits)
{
	if (o->alone)
		rp_fprintf(f, "%.1f%% of its ceiling of %.2f Gb/s",
			   100.0 * o->ratio, o->baseline);
	else
		rp_fprintf(f,
			   "%.1f%% of what its like rails move (median %.2f "
			   "%s)",
			   100.0 * o->ratio, rp_sig_shown(o->baseline, gbits),
			   gbits ? "Gb/sec" : "MB/sec");
}

void rp_sig_line(FILE *f, unsigned int index, const struct rp_sig_in *in,
		 const struct rp_sig_out *o, bool gbits)
{
	if (o->sig == RP_SIG_NONE)
		return;
	rp_fprintf(f, " railperf: rail %u: %s: %.2f %s, ", index,
		   rp_sig_name(o->sig), rp_sig_shown(in->got, gbits),
		   gbits ? "Gb/sec" : "MB/sec");
	rp_sig_against(f, o, gbits);
	if (o->sig == RP_SIG_THROTTLED)
		rp_fprintf(f, ", with its link, PCIe path and loss counters "
			      "healthy");
	else
		rp_fprintf(f,
			   ", with %" PRIu64 " packets sent again and %" PRIu64
			   " retry events by port counters",
			   in->resent, in->retry);
	rp_fprintf(f, ": %s\n", rp_sig_remedy(o->sig));
}

cJSON *rp_sig_json(const struct rp_sig_out *o)
{
	cJSON *j;

	if (o->sig == RP_SIG_NONE)
		return cJSON_CreateNull();
	j = cJSON_CreateObject();
	if (!j)
		return NULL;
	cJSON_AddStringToObject(j, "name", rp_sig_name(o->sig));
	cJSON_AddNumberToObject(j, "ratio", o->ratio);
	cJSON_AddStringToObject(j, "baseline",
				o->alone ? "ceiling" : "like_rails");
	cJSON_AddNumberToObject(j, "baseline_gbps", o->baseline);
	cJSON_AddStringToObject(j, "remedy", rp_sig_remedy(o->sig));
	return j;
}
