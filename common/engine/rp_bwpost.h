/* SPDX-License-Identifier: MIT */
/*
 * rp_bwpost.h - the work requests of a bandwidth run (rp_bw): each
 * verb's prebuilt send WR (its opcode: a new verb's post code starts
 * here), the receives of SEND's receiving side, and the check of a
 * receive's completion. rp_bw.c's loop posts them.
 */
#ifndef RP_BWPOST_H
#define RP_BWPOST_H

#include <stddef.h>
#include <stdint.h>
#include <infiniband/verbs.h>

#include "engine/rp_bwcfg.h"
#include "engine/rp_cycle.h"
#include "proto/rp_proto.h"
#include "verbs/rp_rail.h"

/*
 * One QP's posting, prebuilt: the WRs of one post (a list with -l, else
 * one) with everything but wr_id and send_flags set once, as perftest
 * keeps ctx->wr (perftest_resources.c ctx_set_send_wqes) and changes only
 * the addresses and the signaled flag per post. A list's WRs keep the
 * addresses they got at the start (rp_cycle: the same every list); a
 * single WR walks the cycle buffer with @cyc (rp_bw_burst).
 */
struct rp_bw_qpw {
	struct ibv_send_wr *wr;
	struct ibv_sge *sge;
	uint64_t lbase, rbase; /* local slice, peer's buffer of this QP */
	uint64_t cyc;	       /* one WR per post: its step in the cycle */
	uint64_t to_sig;       /* WRs up to and with the next signaled one */
	unsigned int inl;      /* IBV_SEND_INLINE or 0, every WR's */
};

/* A burst of one-WR posts on one QP (rp_bw_burst). */
struct rp_bw_burst {
	uint64_t seq;	   /* the first WR's sequence number on its QP */
	uint64_t end;	   /* one past the burst's last WR */
	uint64_t last;	   /* the QP's last WR (signaled; -D: none yet) */
	uint64_t *post_ns; /* the peak's timeline at the burst's first WR
			    * (a post time per WR), or NULL */
};

/*
 * rp_bw_burst - post WRs b->seq .. b->end - 1 of QP @q of @r, one WR per
 * post as perftest's run_iter_bw (ibv_wr_start .. ibv_wr_complete when
 * the rail has the ibv_wr_* API, else ibv_post_send of @w's prebuilt WR):
 * each at the next step of @cyc's walk (local and remote address alike,
 * @w->cyc), its wr_id (rp_wrid.h) and its signaled flag (every
 * cfg->cq_mod-th by @w->to_sig's countdown, and b->last) set in place,
 * the walk kept in registers between the posts. Returns the WRs posted;
 * when a post fails, *@err is its errno value (nothing printed).
 */
uint64_t rp_bw_burst(const struct rp_rail *r, unsigned int q,
		     struct rp_bw_qpw *w, const struct rp_bw_cfg *cfg,
		     const struct rp_cycle *cyc, const struct rp_bw_burst *b,
		     int *err);

/*
 * rp_bw_wr_verb - the ibv_wr_* call of @verb for one WR (between
 * ibv_wr_start and its SGE): the remote address @raddr, the rkey and
 * operands of the prebuilt @wr (wr.atomic's for an atomic).
 */

/* An atomic's prebuilt WR and a WRITE's keep the remote address in the
 * same place: the posting loops set it through wr.rdma for both. */
_Static_assert(offsetof(struct ibv_send_wr, wr.rdma.remote_addr) ==
		       offsetof(struct ibv_send_wr, wr.atomic.remote_addr),
	       "wr.rdma and wr.atomic share remote_addr");

/* rp_bw_chain - --validate's CMP_AND_SWAP chain: WR @seq compares @seq
 * and swaps in @seq + 1. */
static inline void rp_bw_chain(struct ibv_send_wr *wr, uint64_t seq)
{
	wr->wr.atomic.compare_add = seq;
	wr->wr.atomic.swap = seq + 1;
}
static inline void rp_bw_wr_verb(struct ibv_qp_ex *qx, enum rp_verb verb,
				 const struct ibv_send_wr *wr, uint64_t raddr)
{
	if (verb == RP_VERB_FETCH_ADD)
		ibv_wr_atomic_fetch_add(qx, wr->wr.atomic.rkey, raddr,
					wr->wr.atomic.compare_add);
	else if (verb == RP_VERB_CMP_SWAP)
		ibv_wr_atomic_cmp_swp(qx, wr->wr.atomic.rkey, raddr,
				      wr->wr.atomic.compare_add,
				      wr->wr.atomic.swap);
	else if (verb == RP_VERB_READ)
		ibv_wr_rdma_read(qx, wr->wr.rdma.rkey, raddr);
	else if (verb == RP_VERB_SEND)
		ibv_wr_send(qx);
	else if (verb == RP_VERB_WRITE_IMM)
		ibv_wr_rdma_write_imm(qx, wr->wr.rdma.rkey, raddr,
				      wr->imm_data);
	else
		ibv_wr_rdma_write(qx, wr->wr.rdma.rkey, raddr);
}

/*
 * rp_bw_wr_init - one prebuilt WR of a run with @cfg: its opcode from
 * cfg->verb (IBV_WR_RDMA_WRITE, IBV_WR_RDMA_READ, ...), one SGE @sge of
 * cfg->size bytes at local address @laddr (@lkey), the remote address
 * @raddr (@rkey; wr.atomic's for an atomic, with perftest's operands:
 * add 1, or compare 0 and swap 0, perftest_resources.h
 * ATOMIC_ADD_VALUE, ATOMIC_SWAP_VALUE), send_flags IBV_SEND_INLINE when
 * a WRITE is at most cfg->inline_size bytes, else 0; wr_id 0, next NULL
 * (the caller links).
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

/* rp_bw_verb_name - "RDMA WRITE", "RDMA READ", "SEND", "RDMA WRITE with
 * immediate", "FETCH_AND_ADD" or "CMP_AND_SWAP" (diagnostics). */
const char *rp_bw_verb_name(enum rp_verb verb);

#endif /* RP_BWPOST_H */
