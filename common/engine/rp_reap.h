/* SPDX-License-Identifier: MIT */
/*
 * rp_reap.h - what a receiver's run left in its CQ: the receives that
 * completed after its window and loop ended (a one-way flow's late
 * arrivals, rail_cluster_bw's incast and ring patterns).
 */
#ifndef RP_REAP_H
#define RP_REAP_H

#include <stdint.h>

#include "verbs/rp_rail.h"

/*
 * rp_reap_recv - poll @r's CQ until it is empty (no wait) and add to *@n
 * the receives that completed successfully (IBV_WC_RECV and
 * IBV_WC_RECV_RDMA_WITH_IMM). Call after the rail's run returned, with
 * its QPs still up. Returns 0, or -EIO when ibv_poll_cq fails (*@n holds
 * what came before).
 */
int rp_reap_recv(struct rp_rail *r, uint64_t *n);

#endif /* RP_REAP_H */
