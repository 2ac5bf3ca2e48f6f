/* SPDX-License-Identifier: MIT */
/*
 * rp_bw.h - the RDMA bandwidth engine for one rail: WRITE, READ or SEND
 * (cfg->verb; the run is the same, only each WR's opcode differs). SEND's
 * receiving side runs the same loop with another post step (a receive
 * per message, rx_depth kept posted per QP) and completion accounting
 * (one receive completion per message, its bytes counted).
 *
 * Each QP keeps at most TX depth WRs outstanding. CQ moderation: only WR
 * seq with (seq + 1) % cq_mod == 0, and the last WR, are signaled; a
 * completion's wr_id names its QP and seq, so it accounts exactly for every
 * WR of that QP up to seq (perftest credits cq_mod per CQE and trims at the
 * end; the counts agree). Posting is perftest's: one WR per post (per
 * ibv_wr_start .. ibv_wr_complete when the QPs have the ibv_wr_* API, else
 * per ibv_post_send), or with -l N a list of exactly N WRs on one
 * doorbell; each WR's local and remote address walk perftest's cycle
 * buffer (rp_cycle.h). Each turn fills every QP up to its TX depth, then
 * polls the CQ once (perftest's run_iter_bw).
 */
#ifndef RP_BW_H
#define RP_BW_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/rp_bwcfg.h"
#include "proto/rp_proto.h"
#include "verbs/rp_rail.h"

/*
 * rp_bw_run - post RDMA WRITEs (READs) of cfg->size bytes from (into) each
 * local QP slice to (from) the peer's slice of that QP until cfg->iters per QP completed, or for
 * cfg->duration seconds (counting only the middle window [D/4, 3D/4], as
 * perftest's default margin does), or with cfg->infinite until stopped
 * (then out covers the whole run). With cfg->warmup (WRITE, READ) a run
 * of its own first, untimed (perftest's perform_warm_up). Drains every
 * outstanding WR before it returns (a -D run with cfg->drain_ns: at most
 * that long after its end, the rest left in flight). Returns 0; -EIO on an error completion (named, e.g.
 * IBV_WC_RETRY_EXC_ERR), -ETIMEDOUT when no completion arrives for 30 s,
 * -EINTR on a stop request, -ECANCELED when cfg->cancel is raised (no line
 * printed: the rail that failed has said why), or another -errno; one line
 * printed, which ends with the time of the failure from the run's start
 * ("..., at 5.02 s"; cfg->t0_ns when set). On such a failure @out holds
 * what ran until it (struct rp_bw_out.fail).
 */
int rp_bw_run(struct rp_rail *r, const struct rp_rail_addr *peer,
	      const struct rp_bw_cfg *cfg, struct rp_bw_out *out);

#endif /* RP_BW_H */
