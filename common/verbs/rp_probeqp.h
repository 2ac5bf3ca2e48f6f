/* SPDX-License-Identifier: MIT */
/*
 * rp_probeqp.h - a rail's latency probe QP (rail_multi_bw --lat_probe):
 * its QP, CQ, completion channel and page (struct rp_probeqp in
 * rp_rail_types.h), made, connected and released with the rail
 * (rp_rail.c). The engine's probe (engine/rp_probe.h) posts on it.
 */
#ifndef RP_PROBEQP_H
#define RP_PROBEQP_H

#include "proto/rp_proto.h"
#include "verbs/rp_rail_types.h"

/* Probes in flight at most (rp_probe.h); a READ probe's also at most
 * the QP's READs in flight. The send queue holds twice as many (a
 * probe's or an answer's completion may come after the answer), the
 * receive queue one per probe in flight (WRITE), the CQ all of them. */
#define RP_PROBEQP_DEPTH 64
#define RP_PROBEQP_SEND_WR (2 * RP_PROBEQP_DEPTH)
#define RP_PROBEQP_RX RP_PROBEQP_DEPTH

/*
 * rp_probeqp_init - on rail @r (its device open, its PD made): a
 * completion channel (its fd non-blocking), a CQ of its own on it, a
 * page-aligned page of host memory registered with local write, remote
 * write and remote read access, and an RC QP on them in INIT (no inline
 * data, signaled work requests only), posting @verb (RP_VERB_READ or
 * RP_VERB_WRITE); the READs in flight it takes: RP_PROBEQP_DEPTH, at
 * most what the device allows (max_qp_rd_atom, max_qp_init_rd_atom).
 * Fills r->probe. Returns 0 or -errno (one line printed); rp_probeqp_fini
 * releases what was made.
 */
int rp_probeqp_init(struct rp_rail *r, enum rp_verb verb);

/* rp_probeqp_fini - release r->probe's QP, MR, page, CQ and channel;
 * safe after a partial init and on a rail without a probe. */
void rp_probeqp_fini(struct rp_rail *r);

/* rp_probeqp_addr - the probe QP's entry of this rail's RAIL into @a
 * (num_probe 1, QPN, PSN, the page's rkey, address and length, the READs
 * in flight it takes). */
void rp_probeqp_addr(const struct rp_rail *r, struct rp_rail_addr *a);

/*
 * rp_probeqp_connect - move the probe QP to RTR and RTS against the
 * peer's probe QP (@peer->probe; -EPROTO with one line when the peer has
 * none) with the lower of both sides' READs in flight (kept in
 * r->probe.rd_atomic), keep its address in r->probe.peer and, for WRITE,
 * post the receives (before the peer can send). Returns 0 or -errno (one
 * line).
 */
int rp_probeqp_connect(struct rp_rail *r, const struct rp_rail_addr *peer);

/*
 * rp_probeqp_post_recv - WRITE: post receives of no bytes (an RDMA WRITE
 * with immediate lands by rkey; its receive takes only the immediate)
 * until RP_PROBEQP_RX are posted. Returns 0 or -errno (one line naming
 * @p's QP on device @dev).
 */
int rp_probeqp_post_recv(struct rp_probeqp *p, const char *dev);

#endif /* RP_PROBEQP_H */
