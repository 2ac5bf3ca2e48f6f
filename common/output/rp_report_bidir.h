/* SPDX-License-Identifier: MIT */
/*
 * rp_report_bidir.h - the output of -b (bidirectional) runs: perftest's
 * summed row and --report-both blocks (write_bw.c and
 * perftest_parameters.c print_full_bw_report() of perftest 6.06), then
 * railperf's lines with each direction per rail and their sum, and the
 * --out_json object of both directions.
 */
#ifndef RP_REPORT_BIDIR_H
#define RP_REPORT_BIDIR_H

#include <stdbool.h>
#include <stdio.h>
#include <cjson/cJSON.h>

#include "proto/rp_proto.h"

/*
 * rp_bidir_sum - perftest's -b row from this side's result @local and the
 * peer's @remote: size and #iterations of @local, BW peak, BW average and
 * MsgRate summed (print_full_bw_report() with a remote report).
 */
void rp_bidir_sum(const struct rp_result *local, const struct rp_result *remote,
		  struct rp_result *sum);

/*
 * rp_report_bidir_both - --report-both after the summed row, as perftest:
 * RESULT_LINE, " Local results: ", RESULT_LINE, the table header, the row
 * of @local, RESULT_LINE, " Remote results: ", RESULT_LINE, the table
 * header, the row of @remote (each block opened by an empty line).
 */
void rp_report_bidir_both(FILE *f, const struct rp_result *local,
			  const struct rp_result *remote, bool gbits);

/*
 * rp_report_bidir_rail - one " railperf:" line for rail @rail (@dev): what
 * this side sent (@sent), what it received (the peer's sending, @rcvd) and
 * their sum, BW average in the report's unit (MB/sec or Gb/sec) and
 * MsgRate in Mpps. @rail < 0: "all rails".
 */
void rp_report_bidir_rail(FILE *f, int rail, const char *dev,
			  const struct rp_result *sent,
			  const struct rp_result *rcvd, bool gbits);

/*
 * rp_report_bidir_verdict - -b --validate: the outcome @v of the direction
 * @where names ("received here", "received by the peer") on each of
 * @num_qps QPs: one " railperf:" line to @f, railperf's stream (stderr;
 * "bidirectional validation of the bytes received here passed: ..."); @f
 * NULL (--output): only a failed one, to stderr.
 */
void rp_report_bidir_verdict(FILE *f, const char *where,
			     const struct rp_verdict *v, unsigned int num_qps);

/*
 * rp_json_bidir - { "sent": row, "received": row, "sum": row }, each row
 * with railperf's keys ("messages", "bw_peak_<unit>", "bw_average_<unit>",
 * "msg_rate_mpps"; <unit> gbit_per_s with @gbits, else mib_per_s, as the
 * rails' rows), never perftest's, so that the document holds each of
 * perftest's result keys once (in "results"). NULL on ENOMEM. Caller owns
 * it.
 */
cJSON *rp_json_bidir(const struct rp_result *sent, const struct rp_result *rcvd,
		     bool gbits);

/*
 * rp_report_interval_bidir - one -b --interval row: " railperf: interval
 * A to B s: rxe0 tx X rx Y, ..., sum tx X rx Y MB/sec". @tx[i]: bytes
 * rail i sent in @tx_ns nanoseconds (this side's completions); @rx[i]:
 * bytes it received in @rx_ns, as the peer counted its own sends
 * (COUNTS), or @rx NULL when no count came (printed "rx unknown"). Rates
 * per rp_bw().
 */
void rp_report_interval_bidir(FILE *f, double from_s, double to_s,
			      const char *const *devs, const uint64_t *tx,
			      uint64_t tx_ns, const uint64_t *rx,
			      uint64_t rx_ns, unsigned int n, bool gbits);

#endif /* RP_REPORT_BIDIR_H */
