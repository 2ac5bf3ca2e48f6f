/* SPDX-License-Identifier: MIT */
/*
 * rp_bwreport.h - what a bandwidth run prints and writes, decided here and
 * nowhere else: perftest's block (header, addresses, title, rows, its
 * closing line) as the run asked (--output, --report_gbits, -b's summed
 * rows) on the plan's text (stdout), then railperf's lines after it on
 * the plan's extra stream (stderr: p->extra), and the --out_json
 * document. A one-rail binary (rail_write_bw) and a rail-list binary
 * (rail_multi_bw) differ only in the railperf section: the latter adds a
 * line pair per rail, the set's ceiling and --expect per rail.
 */
#ifndef RP_BWREPORT_H
#define RP_BWREPORT_H

#include "app/rp_bwrun.h"
#include "proto/rp_proto.h"

/*
 * rp_bwreport_header - perftest's header and address lines (full output
 * only); the table's title too, except on a side that posts with
 * --interval (its interval rows come first: rp_bwreport_title).
 */
void rp_bwreport_header(const struct rp_bwrun *a);

/* rp_bwreport_title - the table's title (MB/sec or Gb/sec; full output). */
void rp_bwreport_title(const struct rp_bwrun *a);

/*
 * rp_bwreport_row - one row as the run asked (the row, or --output's
 * number), into the JSON rows and the -w / -y gate.
 */
void rp_bwreport_row(struct rp_bwrun *a, const struct rp_result *row);

/*
 * rp_bwreport_size_row - the row of the size just run: every rail's
 * aggregate, with -b summed with the peer's (perftest's bidirectional
 * row).
 */
void rp_bwreport_size_row(struct rp_bwrun *a);

/*
 * rp_bwreport_block_end - the block's end: -b --report-both's two
 * directions (one size only, as perftest), then the closing line.
 */
void rp_bwreport_block_end(const struct rp_bwrun *a);

/*
 * rp_bwreport_rails - railperf's section after the block and the
 * verdict: a rail-list run's line pair per rail and the set's ceiling
 * (with --expect's verdicts on the client), each rail's buffer and
 * placement, the client's posting, -b's directions per rail; a one-rail
 * run's --expect line last. Adds the matching keys to the JSON document.
 */
void rp_bwreport_rails(struct rp_bwrun *a);

/* rp_bwreport_failed - rail_multi_bw: the rails that failed during the
 * last size, on this side or (-b) the peer's (struct rp_result.fail of
 * rail_res, peer_res); rp_bwreport_rails printed a verdict line for each.
 * 0 for a one-rail binary. */
unsigned int rp_bwreport_failed(const struct rp_bwrun *a);

/*
 * rp_bwreport_json - write the --out_json document (header values and
 * the rows); 0 when disabled, else rp_jsonout_write's return.
 */
int rp_bwreport_json(struct rp_bwrun *a);

/*
 * rp_bwreport_verdict - --validate's verdict line (p->extra with full
 * output, stderr when it failed otherwise) for @v over every rail's QPs;
 * an atomic verb's (its words, rp_report_extra_word_verdict_out), with
 * the values this side read when @here.
 */
void rp_bwreport_verdict(const struct rp_bwrun *a, const struct rp_verdict *v,
			 bool here);

/*
 * rp_bwreport_verdicts - -b --validate's two verdict lines: what arrived
 * here (@here) and at the peer (@there).
 */
void rp_bwreport_verdicts(const struct rp_bwrun *a,
			  const struct rp_verdict *here,
			  const struct rp_verdict *there);

#endif /* RP_BWREPORT_H */
