/* SPDX-License-Identifier: MIT */
/*
 * rp_jsonout.h - --out_json for every binary: collect a run's rows and
 * write the document once at the end: perftest's "results" object for one
 * row, an array of them for several (-a; perftest keeps only the last
 * size), plus railperf's own top-level keys (e.g. "rails") beside
 * perftest's. Bandwidth rows (rail_write_bw, rail_multi_bw) and latency
 * rows (rail_read_lat) go through the same collector.
 */
#ifndef RP_JSONOUT_H
#define RP_JSONOUT_H

#include <stdbool.h>
#include <stdint.h>
#include <cjson/cJSON.h>

#include "engine/rp_latstats.h"
#include "output/rp_report.h"
#include "proto/rp_proto.h"

struct rp_jsonout {
	cJSON *rows;	       /* array of result objects; NULL = disabled */
	cJSON *extra;	       /* object of railperf keys; NULL = none */
	enum rp_output output; /* --output: rows hold its one value */
	const char *path;      /* the file written; not owned */
	bool failed;	       /* a row could not be built (ENOMEM) */
};

/*
 * rp_jsonout_init - enabled when @path is not NULL (--out_json_file); rows
 * follow @output (--output). @path must outlive @j. Returns 0 or -ENOMEM.
 */
int rp_jsonout_init(struct rp_jsonout *j, const char *path,
		    enum rp_output output);

/*
 * rp_jsonout_add_bw - append a BW row (no-op when disabled); with --output
 * only its value, as perftest: { "bw_avg": ... } or { "msgRate_avg": ... }.
 */
void rp_jsonout_add_bw(struct rp_jsonout *j, const struct rp_result *r);

/*
 * rp_jsonout_add_lat - append a latency row of @size bytes with statistics
 * @st (usec) and @tps transactions/s (no-op when disabled): perftest's
 * latency keys, its -D keys when @duration, or with --output=latency only
 * { "avg_lat": ... }.
 */
void rp_jsonout_add_lat(struct rp_jsonout *j, uint64_t size,
			const struct rp_latstats *st, double tps,
			bool duration);

/*
 * rp_jsonout_add_extra - put @value under railperf key @key beside
 * perftest's keys; takes ownership of @value (freed when disabled).
 */
void rp_jsonout_add_extra(struct rp_jsonout *j, const char *key, cJSON *value);

/*
 * rp_jsonout_write - build { test_info (from @h), results, extra keys } and
 * write it to the file given to rp_jsonout_init(); releases everything.
 * No-op (0) when disabled. Returns 0 or -errno (one line printed; -ENOMEM
 * also when a row could not be built).
 */
int rp_jsonout_write(struct rp_jsonout *j, const struct rp_header *h);

/* rp_jsonout_fini - release without writing (error paths). */
void rp_jsonout_fini(struct rp_jsonout *j);

#endif /* RP_JSONOUT_H */
