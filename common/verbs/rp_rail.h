/* SPDX-License-Identifier: MIT */
/*
 * rp_rail.h - one rail: a device port with its own PD, MR, CQ and RC QPs.
 *
 * Nothing in a rail is shared with another rail; one thread drives one rail.
 * The buffer holds one slice per QP: a client's QP i sends from slice i, a
 * server's slice i receives QP i's writes.
 */
#ifndef RP_RAIL_H
#define RP_RAIL_H

#include <stdbool.h>
#include <stdint.h>
#include <infiniband/verbs.h>

#include "proto/rp_proto.h"
#include "verbs/rp_rail_types.h"

/*
 * rp_rail_init - open the device and port, check cfg->max_msg against the
 * port's max_msg_sz and the TX depth, choose the GID, allocate the
 * buffer (num_qps * slice bytes), register it, create the CQ and the QPs in
 * INIT. Prints one line on the failing step and returns -errno; everything
 * taken so far is released. @r is caller-owned; release with rp_rail_fini().
 */
int rp_rail_init(struct rp_rail *r, const struct rp_rail_cfg *cfg);

/*
 * rp_rail_init_ctx - rp_rail_init for -R: on device context @ctx, port
 * @port, that rdma_cm opened and keeps; the GID is the table's entry of
 * rdma_cm's source GID @sgid (RoCE v2 before v1). Creates no QPs: the QP
 * arrays are there for rp_qp_create_cm(). Returns 0 or -errno (one line).
 */
int rp_rail_init_ctx(struct rp_rail *r, const struct rp_rail_cfg *cfg,
		     struct ibv_context *ctx, unsigned int port,
		     const uint8_t sgid[16]);

/*
 * rp_rail_rd_atomic - the outstanding READs per QP of a rail with @c on a
 * device with @da: c->rd_atomic, or with 0 the verb's default (READ: as
 * many as the device allows, perftest's ctx_set_out_reads; else 1);
 * capped to max_qp_rd_atom, max_qp_init_rd_atom and 255 (an 8-bit verbs
 * field), at least 1. *@capped: a given c->rd_atomic was above the cap.
 */
unsigned int rp_rail_rd_atomic(const struct rp_rail_cfg *c,
			       const struct ibv_device_attr *da, bool *capped);

/* rp_rail_fini - destroy in reverse order; safe after a partial init. */
void rp_rail_fini(struct rp_rail *r);

/* rp_rail_local_addr - fill @a with this rail's addressing for the peer. */
void rp_rail_local_addr(const struct rp_rail *r, struct rp_rail_addr *a);

/*
 * rp_rail_connect - move every QP to RTR then RTS against @peer: path MTU
 * = min(local, peer) (stored in r->mtu), GRH with the peer's GID when a GID
 * is used, timeout cfg->qp_timeout (perftest's 14: 4.096 us * 2^14), retry
 * count 7, RNR retry 7.
 * Returns 0 or -errno (one line printed).
 */
int rp_rail_connect(struct rp_rail *r, const struct rp_rail_addr *peer);

#endif /* RP_RAIL_H */
