/* SPDX-License-Identifier: MIT */
/*
 * rp_bwpost.h - the work requests of a bandwidth run (rp_bw): each
 * verb's prebuilt send WR (its opcode: a new verb's post code starts
 * here), the receives of SEND's receiving side, and the check of a
 * receive's completion. rp_bw.c's loop posts them.
 */
#ifndef RP_BWPOST_H
#define RP_BWPOST_H

#include <stdint.h>
#include <infiniband/verbs.h>

#include "engine/rp_bwcfg.h"
#include "proto/rp_proto.h"
#include "verbs/rp_rail.h"

/*
 * rp_bw_wr_init - one prebuilt WR of a run with @cfg: its opcode from
 * cfg->verb (IBV_WR_RDMA_WRITE or IBV_WR_RDMA_READ), one SGE @sge of
 * cfg->size bytes at local address @laddr (@lkey), the remote address
 * @raddr (@rkey), send_flags IBV_SEND_INLINE when a WRITE is at most
 * cfg->inline_size bytes, else 0; wr_id 0, next NULL (the caller links).
 */
void rp_bw_wr_init(const struct rp_bw_cfg *cfg, uint64_t laddr, uint32_t lkey,
		   uint64_t raddr, uint32_t rkey, struct ibv_sge *sge,
		   struct ibv_send_wr *wr);

/*
 * rp_bw_recv_wr_init - the prebuilt receive of SEND's receiving side: one
 * SGE @sge of cfg->size bytes at @laddr (@lkey; RP_VERB_WRITE_IMM: 0
 * bytes, its data lands by rkey); wr_id 0, next NULL.
 */
void rp_bw_recv_wr_init(const struct rp_bw_cfg *cfg, uint64_t laddr,
			uint32_t lkey, struct ibv_sge *sge,
			struct ibv_recv_wr *wr);

/* rp_bw_recv_addr - where QP @q's receives land in @r: its slice plus
 * cfg->local_off (duplex: plus half the slice, where rp_bidir puts the
 * peer's bytes). */
uint64_t rp_bw_recv_addr(const struct rp_rail *r, unsigned int q,
			 const struct rp_bw_cfg *cfg);

/*
 * rp_bw_recv_prepost - post rp_bw_rx_pre(@cfg) receives on every QP of
 * @r (sequence numbers 0 ..; cfg->duplex: into the upper half of each
 * slice), before the peer's SENDs may start; set cfg->rx_pre to it
 * before rp_bw_run. Returns 0 or -errno (one line).
 */
int rp_bw_recv_prepost(struct rp_rail *r, const struct rp_bw_cfg *cfg);

/*
 * rp_bw_recv_wc - check a successful completion of SEND's receiving side
 * against @cfg: a receive (IBV_WC_RECV) of exactly cfg->size bytes; with
 * RP_VERB_WRITE_IMM an IBV_WC_RECV_RDMA_WITH_IMM of cfg->size bytes
 * written, IBV_WC_WITH_IMM set (perftest's run_iter_bw_server checks it).
 * Returns 0, or -EPROTO with one line naming what arrived.
 */
int rp_bw_recv_wc(const struct rp_bw_cfg *cfg, const struct ibv_wc *wc);

/* rp_bw_verb_name - "RDMA WRITE", "RDMA READ", "SEND" or "RDMA WRITE with
 * immediate" (diagnostics). */
const char *rp_bw_verb_name(enum rp_verb verb);

#endif /* RP_BWPOST_H */
