/* SPDX-License-Identifier: MIT */
/*
 * rp_latreport.h - what a latency run prints and writes, decided here and
 * nowhere else, as rp_bwreport.h is for bandwidth: perftest's block
 * (header, addresses, title, a row per size, its closing line) or
 * --output's one number, railperf's lines after the block, and the
 * --out_json document. Where the text goes is the plan's (p->text: the
 * block; p->out: --output's number; p->extra: railperf's lines, stderr).
 */
#ifndef RP_LATREPORT_H
#define RP_LATREPORT_H

#include <stdint.h>

#include "app/rp_plan.h"
#include "app/rp_session.h"
#include "engine/rp_lat.h"
#include "engine/rp_latstats.h"
#include "output/rp_jsonout.h"
#include "output/rp_report.h"

/* One side's report: its plan, header values and JSON document. */
struct rp_latreport {
	const struct rp_plan *p;
	struct rp_header h;
	struct rp_jsonout j;
};

/*
 * rp_latreport_init - the report of plan @p over the open session @s:
 * its header values, its --out_json document (none without --out_json).
 * Returns 0 or -ENOMEM; release with rp_latreport_fini.
 */
int rp_latreport_init(struct rp_latreport *r, const struct rp_plan *p,
		      const struct rp_session *s);

/* rp_latreport_fini - release the JSON document. */
void rp_latreport_fini(struct rp_latreport *r);

/* rp_latreport_header - perftest's header and address lines. */
void rp_latreport_header(const struct rp_latreport *r,
			 const struct rp_session *s);

/* rp_latreport_title - the table's title: perftest's, or with -D its
 * duration form. */
void rp_latreport_title(const struct rp_latreport *r);

/*
 * rp_latreport_size - one size of @size bytes: -H's samples (@smp, in
 * usec, each divided by the plan's trips per sample) and the title again,
 * then the row of statistics @st (-D: t_avg and @tps, transactions per
 * second; --output: t_avg alone); the row into the JSON document.
 */
void rp_latreport_size(struct rp_latreport *r, uint64_t size,
		       const struct rp_lat_samples *smp,
		       const struct rp_latstats *st, double tps);

/*
 * rp_latreport_end - after the sizes (@ret their outcome): the table's
 * closing line (also when a --validate check failed, -EILSEQ), and after
 * a good run railperf's notes on its own stream (p->extra, after that
 * line): how the verb was timed (@cfg's warm-up), -D's statistics of all
 * samples and whether the sample cap was hit.
 */
void rp_latreport_end(const struct rp_latreport *r, int ret,
		      const struct rp_lat_cfg *cfg,
		      const struct rp_lat_samples *smp,
		      const struct rp_latstats *st);

/*
 * rp_latreport_verdict - --validate's line for @v (every byte of the
 * row's message) on railperf's stream (p->extra), or on stderr when it
 * failed under --output; an atomic run's (its word,
 * rp_report_extra_word_verdict_out), with @word the count and the word
 * this side read back, NULL on the side that holds the word.
 */
void rp_latreport_verdict(const struct rp_latreport *r,
			  const struct rp_verdict *v, const uint64_t *word);

/* rp_latreport_rail - railperf's rail lines, on p->extra after the
 * table. */
void rp_latreport_rail(const struct rp_latreport *r,
		       const struct rp_session *s);

/*
 * rp_latreport_json - write the --out_json document with railperf's keys
 * ("same_nic", "memory"); 0 without --out_json, else rp_jsonout_write's
 * return.
 */
int rp_latreport_json(struct rp_latreport *r, const struct rp_session *s);

#endif /* RP_LATREPORT_H */
