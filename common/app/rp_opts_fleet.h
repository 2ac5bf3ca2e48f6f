/* SPDX-License-Identifier: MIT */
/*
 * rp_opts_fleet.h - the options of fleet checks: --save-baseline FILE,
 * --baseline FILE with --tolerance PCT and --baseline-force (the
 * bandwidth binaries and rail_cluster_bw), --openmetrics FILE (the
 * bandwidth binaries and rail_info), --junit FILE (rail_multi_bw,
 * rail_cluster_bw). Their rows of the option table and --tolerance's
 * setter are in rp_optrows_fleet.c; their cross-checks and the checks of
 * their files, before any device is opened, are here.
 */
#ifndef RP_OPTS_FLEET_H
#define RP_OPTS_FLEET_H

#include <stdbool.h>

#define RP_FLEET_DEF_TOLERANCE 10 /* --tolerance, % */

struct rp_fleet_opts {
	const char *save_baseline; /* --save-baseline FILE, NULL none */
	const char *baseline;	   /* --baseline FILE, NULL none */
	unsigned int tolerance;	   /* --tolerance, % */
	bool tolerance_given;
	bool force;		 /* --baseline-force */
	const char *openmetrics; /* --openmetrics FILE, NULL none */
	const char *junit;	 /* --junit FILE, NULL none */
};

/* rp_fleet_opts_tolerance - --tolerance, else RP_FLEET_DEF_TOLERANCE. */
static inline unsigned int
rp_fleet_opts_tolerance(const struct rp_fleet_opts *f)
{
	return f->tolerance_given ? f->tolerance : RP_FLEET_DEF_TOLERANCE;
}

/* rp_fleet_opts_any - any of the fleet options' files given. */
static inline bool rp_fleet_opts_any(const struct rp_fleet_opts *f)
{
	return f->save_baseline || f->baseline || f->openmetrics || f->junit;
}

/*
 * rp_fleet_opts_rules - --tolerance and --baseline-force need --baseline;
 * no two of the files written (--save-baseline, --openmetrics, --junit,
 * and --out_json's @json, NULL: none) are one path. Reads no file. One
 * line naming the option and value; returns 0 or -EINVAL.
 */
int rp_fleet_opts_rules(const struct rp_fleet_opts *f, const char *json);

/*
 * rp_fleet_opts_files - every file this side will write (--save-baseline,
 * --openmetrics, --junit) can be replaced in its directory
 * (rp_atomic_probe: nothing is created). One line; 0 or -EINVAL.
 */
int rp_fleet_opts_files(const struct rp_fleet_opts *f);

/*
 * rp_fleet_opts_check - before any device: rp_fleet_opts_rules, then
 * rp_fleet_opts_files. Returns 0 or -EINVAL.
 */
int rp_fleet_opts_check(const struct rp_fleet_opts *f, const char *json);

#endif /* RP_OPTS_FLEET_H */
