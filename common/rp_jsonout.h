/* SPDX-License-Identifier: MIT */
/*
 * rp_jsonout.h - collect a run's rows for --out_json and write the document
 * once at the end: perftest's "results" object for one size, an array of
 * them for -a (perftest keeps only the last size), plus railperf's own
 * top-level keys (e.g. "rails") beside perftest's.
 */
#ifndef RP_JSONOUT_H
#define RP_JSONOUT_H

#include <stdbool.h>
#include <cjson/cJSON.h>

#include "rp_msg.h"
#include "rp_opts.h"
#include "rp_report.h"

struct rp_jsonout {
	cJSON *rows;		/* array of result objects; NULL = disabled */
	cJSON *extra;		/* object of railperf keys; NULL = none */
	enum rp_output output;	/* --output: rows hold its one value */
};

/* rp_jsonout_init - enabled when o->out_json. Returns 0 or -ENOMEM. */
int rp_jsonout_init(struct rp_jsonout *j, const struct rp_opts *o);

/*
 * rp_jsonout_add_bw - append a BW row (no-op when disabled); with --output
 * only its value, as perftest: { "bw_avg": ... } or { "msgRate_avg": ... }.
 */
void rp_jsonout_add_bw(struct rp_jsonout *j, const struct rp_result *r);

/*
 * rp_jsonout_add_extra - put @value under railperf key @key beside
 * perftest's keys; takes ownership of @value (freed when disabled).
 */
void rp_jsonout_add_extra(struct rp_jsonout *j, const char *key, cJSON *value);

/*
 * rp_jsonout_write - build { test_info (from @h), results, extra keys } and
 * write it to o->out_json_file; releases everything. No-op (0) when
 * disabled. Returns 0 or -errno (one line printed).
 */
int rp_jsonout_write(struct rp_jsonout *j, const struct rp_opts *o,
		     const struct rp_header *h);

/* rp_jsonout_fini - release without writing (error paths). */
void rp_jsonout_fini(struct rp_jsonout *j);

#endif /* RP_JSONOUT_H */
