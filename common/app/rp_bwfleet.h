/* SPDX-License-Identifier: MIT */
/*
 * rp_bwfleet.h - fleet checks of a bandwidth run (rail_write_bw,
 * rail_read_bw, rail_send_bw, rail_multi_bw): --baseline (loaded and
 * refused before any device is opened when it is of other flags or other
 * hardware; compared per rail at the end), --save-baseline, --openmetrics
 * (at each --interval row and at the end), --junit, and the "fleet" key
 * of --out_json; all from one list of records (output/rp_fleet.h) that
 * the run's reporter (rp_bwreport.c) fills, a record per rail and
 * direction (its state: struct rp_fleet_run, output/rp_fleet.h, a field
 * of struct rp_bwrun). Lines follow the output rule: railperf's own, on
 * stderr.
 */
#ifndef RP_BWFLEET_H
#define RP_BWFLEET_H

#include <stdint.h>

struct rp_bwrun;
struct rp_opts;
struct rp_rail_cfg;
struct rp_rail_report;

/*
 * rp_bwfleet_check - before any device: the fleet options' own checks
 * (rp_fleet_opts_check) and, with --baseline, the file read and refused
 * unless --baseline-force when it is of another binary or other
 * number-changing flags (the line names the flag and both values).
 * Returns 0 or -EINVAL.
 */
int rp_bwfleet_check(const struct rp_opts *o);

/*
 * rp_bwfleet_open - before the session opens any device: the baseline
 * loaded again and refused (unless forced) when its host or rails (the
 * @n rail configurations @cfg: device, port, PCI function) are not
 * these; each rail's link-drop and out-of-sequence counters read.
 * Nothing without fleet options. Returns 0 or -EINVAL (one line).
 */
int rp_bwfleet_open(struct rp_bwrun *a, const struct rp_rail_cfg *cfg,
		    unsigned int n);

/*
 * rp_bwfleet_rail - rail @rr's record(s) for the end of the run: its
 * goodput and ceiling at @size bytes, whether it failed, the --expect and
 * --expect-min checks the client makes, the port's counters over the run
 * (from @rr and rp_healthctr); with -b a second record, what the peer
 * sent ("receive"). Nothing without fleet options.
 */
void rp_bwfleet_rail(struct rp_bwrun *a, const struct rp_rail_report *rr,
		     uint64_t size);

/*
 * rp_bwfleet_interval - --openmetrics during the run: the file rewritten
 * with each rail's goodput over the row just ended (@bytes[i] in @ns),
 * its ceiling, railperf_run_complete 0. From the watching thread.
 */
void rp_bwfleet_interval(struct rp_bwrun *a, const uint64_t *bytes,
			 uint64_t ns);

/*
 * rp_bwfleet_report - the end: every record judged (rp_fleet_judge, its
 * baseline's tolerance first), the comparison lines (stderr; only a
 * failure's summary under --output), the baseline saved (not when a rail
 * failed: said why), the OpenMetrics and JUnit files written, --out_json's
 * "fleet". Failures are kept in a->fleet (err, below) for the gates.
 */
void rp_bwfleet_report(struct rp_bwrun *a);

/*
 * rp_bwfleet_gate - the run's exit by the fleet checks: a refusal or a
 * file that could not be written (-errno), -ERANGE when a rail is below
 * its baseline's tolerance, else 0.
 */
int rp_bwfleet_gate(const struct rp_bwrun *a);

/* rp_bwfleet_fini - release the loaded baseline. */
void rp_bwfleet_fini(struct rp_bwrun *a);

#endif /* RP_BWFLEET_H */
