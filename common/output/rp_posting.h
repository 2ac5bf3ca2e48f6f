/* SPDX-License-Identifier: MIT */
/*
 * rp_posting.h - how a bandwidth client posted, said once after the
 * perftest block and in --out_json (railperf key "posting"): WRs per post
 * (-l, else one as ib_write_bw), the posting API, perftest's cycle buffer
 * and the CQE poll batch.
 */
#ifndef RP_POSTING_H
#define RP_POSTING_H

#include <stdbool.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "engine/rp_bw.h"

/*
 * rp_posting_line - " railperf: posting: ..." for @c (the run's config;
 * its size is not used), @wr_api: the QPs took the ibv_wr_* API.
 */
void rp_posting_line(FILE *f, const struct rp_bw_cfg *c, bool wr_api);

/*
 * rp_posting_json - {"wrs_per_post", "api", "cycle_buffer_bytes",
 * "cache_line_bytes", "cqe_poll"} for @c; "cqe_poll" is a number, or
 * "dynamic". NULL (errno ENOMEM) when cJSON cannot allocate; the caller
 * owns the tree.
 */
cJSON *rp_posting_json(const struct rp_bw_cfg *c, bool wr_api);

#endif /* RP_POSTING_H */
