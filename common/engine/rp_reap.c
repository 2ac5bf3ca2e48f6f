// SPDX-License-Identifier: MIT
/*
 * The receives left in a rail's CQ after its run (rp_reap.h).
 */
#include <errno.h>
#include <infiniband/verbs.h>

#include "engine/rp_reap.h"

#define RP_REAP_BATCH 16 /* CQEs per ibv_poll_cq */

int rp_reap_recv(struct rp_rail *r, uint64_t *n)
{
	struct ibv_wc wc[RP_REAP_BATCH];
	int got, i;

	while ((got = ibv_poll_cq(r->cq, RP_REAP_BATCH, wc)) > 0)
		for (i = 0; i < got; i++)
			if (wc[i].status == IBV_WC_SUCCESS &&
			    (wc[i].opcode == IBV_WC_RECV ||
			     wc[i].opcode == IBV_WC_RECV_RDMA_WITH_IMM))
				(*n)++;
	return got < 0 ? -EIO : 0;
}
