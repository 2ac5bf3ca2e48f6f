/* SPDX-License-Identifier: MIT */
/*
 * rp_json.h - --out_json: perftest 6.29's JSON document, built as a cJSON
 * tree and written once (perftest rewrites its file per report and, before
 * 24.01, wrote invalid JSON; perftest_parameters.c
 * write_test_info_to_file()).
 *
 *   { "test_info": { ...the header block... },
 *     "results": { ...one row... }  or  [ {...}, {...} ] with -a }
 *
 * Key names and their order are perftest 6.29's (write_test_info_to_file,
 * REPORT_FMT_JSON, REPORT_FMT_LAT_JSON); values are numbers or strings as
 * there, with the row's decimals (2; 6 for MsgRate).
 */
#ifndef RP_JSON_H
#define RP_JSON_H

#include <stdint.h>
#include <cjson/cJSON.h>

#include "engine/rp_latstats.h"
#include "proto/rp_proto.h"
#include "output/rp_report.h"

/*
 * rp_json_test_info - the "test_info" object for header @h: "test" is the
 * title with '_' for ' ' ("RDMA_Read_Latency_Test"); TX_depth, CQ_Moderation,
 * GID_index, Max_inline_data / Outstand_reads, Post_List appear when @h
 * shows them; rdma_cm_QPs and Data_ex_method follow h->rdma_cm.
 * Returns a new tree, or NULL (errno ENOMEM).
 */
cJSON *rp_json_test_info(const struct rp_header *h);

/*
 * rp_json_lat_result - one latency row: MsgSize (@size bytes), n_iterations
 * (@iters), t_min, t_max, t_typical, t_avg, t_stdev, percentile_99,
 * percentile_99.9 (usec, 2 decimals). Returns a new object or NULL.
 */
cJSON *rp_json_lat_result(uint64_t size, uint64_t iters,
			  const struct rp_latstats *st);

/*
 * rp_json_lat_dur_result - a -D latency row, perftest's keys: MsgSize,
 * n_iterations, t_avg (usec), tps_average (2 decimals).
 */
cJSON *rp_json_lat_dur_result(uint64_t size, uint64_t iters, double t_avg,
			      double tps);

/*
 * rp_json_bw_result - one BW row: MsgSize, n_iterations, BW_peak,
 * BW_average (units of the run, 2 decimals; 6 below 0.1 as perftest's
 * inc_accuracy), MsgRate (Mpps, 6 decimals). Returns a new object or NULL.
 */
cJSON *rp_json_bw_result(const struct rp_result *r);

/*
 * rp_json_value_result - --output's results object: one key, as perftest
 * writes it ("bw_avg", "msgRate_avg", "avg_lat"), @v with 6 decimals.
 * Returns a new object or NULL.
 */
cJSON *rp_json_value_result(const char *key, double v);

/*
 * rp_json_doc - the document { "test_info": @info, "results": @results }
 * (@results an object, or an array of them for -a). Takes ownership of both
 * (freed on failure too). Returns the root or NULL (errno ENOMEM).
 */
cJSON *rp_json_doc(cJSON *info, cJSON *results);

/*
 * rp_json_write - print @root (formatted, a newline after it) to @path,
 * replacing the file atomically (rp_atomic_write: a symlink at @path is
 * replaced, not followed). Returns 0, or -errno with one line naming the
 * file.
 */
int rp_json_write(const char *path, const cJSON *root);

#endif /* RP_JSON_H */
