/* SPDX-License-Identifier: MIT */
/*
 * rp_expect.h - --expect PCT: a verdict per rail (its goodput against its
 * own ceiling, min(wire, PCIe payload)) and for all rails together
 * (against the set's ceiling), as railperf lines and JSON.
 */
#ifndef RP_EXPECT_H
#define RP_EXPECT_H

#include <stdbool.h>
#include <stdio.h>
#include <cjson/cJSON.h>

struct rp_expect {
	unsigned int pct; /* --expect, % of the ceiling */
	double got;	  /* goodput, Gb/s */
	double ceiling;	  /* Gb/s, 0 unknown */
	double percent;	  /* got / ceiling, % */
	bool pass;	  /* percent >= pct (an unknown ceiling fails) */
};

/* rp_expect_eval - the verdict of @got_gbps against @ceiling_gbps. */
void rp_expect_eval(struct rp_expect *e, unsigned int pct, double got_gbps,
		    double ceiling_gbps);

/*
 * rp_expect_line - " railperf: WHO: P% of its ceiling of C Gb/s, below
 * --expect N%" for a failed verdict; nothing for a passed one. Returns
 * 1 when it printed (failed), else 0.
 */
int rp_expect_line(FILE *f, const char *who, const struct rp_expect *e);

/*
 * rp_expect_above_line - when @got_gbps is above @ceiling_gbps (known,
 * > 0): " railperf: WHO: measured G Gb/s, above its ceiling of C Gb/s:
 * railperf's model is below this host's measurement; please report it
 * ..." (a ceiling is a bound no healthy run passes, docs/ceilings.md says
 * what to send). Returns 1 when it printed, else 0.
 */
int rp_expect_above_line(FILE *f, const char *who, double got_gbps,
			 double ceiling_gbps);

/*
 * rp_expect_json - { "expect_percent", "percent_of_ceiling",
 * "ceiling_gbps", "above_ceiling", "pass" }; a new object or NULL
 * (ENOMEM).
 */
cJSON *rp_expect_json(const struct rp_expect *e);

/*
 * rp_expect_min_line - --expect-min: " railperf: WHO: slowest interval from
 * F s: P% of its ceiling of C Gb/s (G Gb/s), below --expect-min N%" for a
 * failed verdict of the slowest --interval row (@e from rp_expect_eval with
 * that row's goodput), which began @from_s into the run; nothing for a
 * passed one. Returns 1 when it printed (failed), else 0.
 */
int rp_expect_min_line(FILE *f, const char *who, const struct rp_expect *e,
		       double from_s);

#endif /* RP_EXPECT_H */
