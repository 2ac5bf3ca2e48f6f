/* SPDX-License-Identifier: MIT */
/*
 * rp_report_probe.h - rail_multi_bw --lat_probe's lines after the
 * perftest block and its object in each rail of --out_json's "rails".
 * The lines follow the output rule of railperf's own lines: they start
 * with " railperf:", and on a healthy run hold no '-' and no word of
 * failure.
 */
#ifndef RP_REPORT_PROBE_H
#define RP_REPORT_PROBE_H

#include <stdint.h>
#include <stdio.h>
#include <cjson/cJSON.h>

#include "engine/rp_probestats.h"

/*
 * rp_report_probe - the probing side's two lines for rail @who ("rail 1
 * (rxe1)"): the idle phase's samples, t_min, median, p99, p99.9 and t_max
 * (usec); the loaded phase's, with loaded over idle (median, p99, p99.9,
 * t_max) and the probe's share of the rail's bytes. A phase without a
 * sample says so.
 */
void rp_report_probe(FILE *f, const char *who, const struct rp_probe_report *r);

/* rp_report_probe_lost - the probe of @who stopped on @err (-errno): one
 * line naming it (the run's exit status is 1). */
void rp_report_probe_lost(FILE *f, const char *who, int err);

/* rp_report_probe_echo - the peer of a WRITE probe: the probes @who
 * answered. */
void rp_report_probe_echo(FILE *f, const char *who, uint64_t answered);

/* rp_probe_verb_name - "RDMA READ", "RDMA WRITE" for a probe's verb. */
const char *rp_probe_verb_name(enum rp_verb v);

/*
 * rp_json_probe - the probing side's "lat_probe" object: "verb",
 * "method" ("round trip", or "half round trip" for WRITE's ping-pong),
 * "size_bytes", "rate_bound_per_s", "spin_us", "idle" and "loaded" (each
 * "samples", "t_min_us", "t_median_us", "t_avg_us", "p99_us",
 * "p99_9_us", "t_max_us"; "window_s" for loaded), "loaded_over_idle"
 * ("t_min", "t_median", "p99", "p99_9", "t_max": null without samples),
 * "probe_bytes_per_s", "rail_bytes_per_s" (over the loaded window; the
 * rail's: its BW average), "share_percent", "capped", "missed_slots"
 * (slots without a probe: its thread came late, or as many were in
 * flight as its QP takes), "realtime_priority" (its thread ran at
 * SCHED_FIFO), "lost" (null, or the reason when @err). A new object or
 * NULL.
 */
cJSON *rp_json_probe(const struct rp_probe_report *r, int err);

/* rp_json_probe_peer - the probed side's "lat_probe" object: "verb",
 * "answered" (WRITE: the probes it answered; READ: null, its CPU takes
 * no part), "lost" (null, or the echo's reason). A new object or NULL. */
cJSON *rp_json_probe_peer(enum rp_verb v, uint64_t answered, int err);

#endif /* RP_REPORT_PROBE_H */
