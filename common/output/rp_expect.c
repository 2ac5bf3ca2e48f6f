// SPDX-License-Identifier: MIT
#include "base/rp_log.h"
#include "output/rp_expect.h"

void rp_expect_eval(struct rp_expect *e, unsigned int pct, double got_gbps,
		    double ceiling_gbps)
{
	e->pct = pct;
	e->got = got_gbps;
	e->ceiling = ceiling_gbps;
	e->percent = ceiling_gbps > 0 ? 100.0 * got_gbps / ceiling_gbps : 0;
	e->pass = ceiling_gbps > 0 && e->percent >= (double)pct;
}

int rp_expect_line(FILE *f, const char *who, const struct rp_expect *e)
{
	if (e->pass)
		return 0;
	if (e->ceiling > 0)
		rp_fprintf(f,
			   " railperf: %s: %.1f%% of its ceiling of %.2f Gb/s "
			   "(%.2f Gb/s), below --expect %u%%\n",
			   who, e->percent, e->ceiling, e->got, e->pct);
	else
		rp_fprintf(f,
			   " railperf: %s: no known ceiling, --expect %u%% "
			   "cannot pass\n",
			   who, e->pct);
	return 1;
}

int rp_expect_min_line(FILE *f, const char *who, const struct rp_expect *e,
		       double from_s)
{
	if (e->pass)
		return 0;
	if (e->ceiling > 0)
		rp_fprintf(
			f,
			" railperf: %s: slowest interval from %.1f s: %.1f%% "
			"of its ceiling of %.2f Gb/s (%.2f Gb/s), below "
			"--expect-min %u%%\n",
			who, from_s, e->percent, e->ceiling, e->got, e->pct);
	else
		rp_fprintf(f,
			   " railperf: %s: no known ceiling, --expect-min %u%% "
			   "cannot pass\n",
			   who, e->pct);
	return 1;
}

int rp_expect_above_line(FILE *f, const char *who, double got_gbps,
			 double ceiling_gbps)
{
	if (ceiling_gbps <= 0 || got_gbps <= ceiling_gbps)
		return 0;
	rp_fprintf(f,
		   " railperf: %s: measured %.2f Gb/s, above its ceiling of "
		   "%.2f Gb/s: railperf's model is below this host's "
		   "measurement; please report it to the railperf "
		   "maintainers with this output and rail_info's JSON "
		   "(docs/ceilings.md)\n",
		   who, got_gbps, ceiling_gbps);
	return 1;
}

cJSON *rp_expect_json(const struct rp_expect *e)
{
	cJSON *o = cJSON_CreateObject();

	if (!o)
		return NULL;
	cJSON_AddNumberToObject(o, "expect_percent", e->pct);
	if (e->ceiling > 0) {
		cJSON_AddNumberToObject(o, "percent_of_ceiling", e->percent);
		cJSON_AddNumberToObject(o, "ceiling_gbps", e->ceiling);
		cJSON_AddBoolToObject(o, "above_ceiling", e->got > e->ceiling);
	} else {
		cJSON_AddNullToObject(o, "percent_of_ceiling");
		cJSON_AddNullToObject(o, "ceiling_gbps");
		cJSON_AddNullToObject(o, "above_ceiling");
	}
	cJSON_AddBoolToObject(o, "pass", e->pass);
	return o;
}
