/* SPDX-License-Identifier: MIT */
/*
 * rp_qp.h - RC QP creation and state transitions (INIT, RTR, RTS).
 * Used by rp_rail; split out so each step is one short function.
 */
#ifndef RP_QP_H
#define RP_QP_H

#include <rdma/rdma_cma.h>

#include "proto/rp_proto.h"
#include "verbs/rp_rail_types.h"

/*
 * rp_qp_create - create QP @i of @r on r->cq, with the ibv_wr_* API
 * (ibv_create_qp_ex, RDMA WRITE and READ send ops) when the provider has it,
 * else the classic ibv_create_qp; then move it to INIT. Sets r->qp[i],
 * r->qpx[i] and r->wr_api. Returns 0 or -errno (one line printed).
 */
int rp_qp_create(struct rp_rail *r, unsigned int i);

/*
 * rp_qp_create_cm - -R: create QP @i of @r on rdma_cm id @id
 * (rdma_create_qp_ex, which also moves it to INIT), with the ibv_wr_* API
 * when the provider has it. rdma_cm takes it to RTS when connecting.
 * Returns 0 or -errno (one line printed).
 */
int rp_qp_create_cm(struct rp_rail *r, unsigned int i, struct rdma_cm_id *id);

/*
 * rp_qp_to_rts - move QP @i of @r from INIT to RTR (against @peer's QP @i,
 * path MTU r->mtu) and then to RTS. Returns 0 or -errno (one line printed).
 */
int rp_qp_to_rts(struct rp_rail *r, unsigned int i,
		 const struct rp_rail_addr *peer);

/*
 * rp_qp_connect - move @qp of @r (in INIT) to RTR against the peer's QP
 * @pq on the peer's rail @peer (its LID and GID; path MTU r->mtu;
 * @rd_atomic READs in flight as responder), then to RTS with send PSN
 * @psn, @rd_atomic READs in flight as initiator, the rail's ACK timeout
 * and retry counts. rp_qp_to_rts for a QP that is not one of r->qp[]
 * (the latency probe's). Returns 0 or -errno (one line printed).
 */
int rp_qp_connect(struct rp_rail *r, struct ibv_qp *qp, uint32_t psn,
		  unsigned int rd_atomic, const struct rp_rail_addr *peer,
		  const struct rp_qp_addr *pq);

/*
 * rp_qp_give_up_ns - how long, in ns, an RC requester with ACK timeout
 * exponent @timeout (-u) and railperf's retry count waits at most for the
 * acknowledgement of a WR before it completes it in error
 * (IBV_WC_RETRY_EXC_ERR): (retry_cnt + 1) x 4.096 us x 2^timeout (the
 * local ACK timeout, ibv_modify_qp(3); IBTA spec vol. 1, 9.7.6.1.3). RNR
 * NAKs (a SEND to a peer with no receive posted) are not bounded by it:
 * railperf retries those without limit. 0 for @timeout 0 (no timeout).
 */
uint64_t rp_qp_give_up_ns(unsigned int timeout);

/* rp_qp_random_psn - a random 24-bit PSN (getrandom, else rand()). */
uint32_t rp_qp_random_psn(void);

/*
 * rp_qp_init_state - move @qp, a QP on @r's PD, from RESET to INIT on
 * r's port, with local write, remote write and remote read access (every
 * QP of a rail has them). Returns 0 or -errno (one line printed).
 */
int rp_qp_init_state(struct rp_rail *r, struct ibv_qp *qp);

/*
 * rp_qp_ah - the address vector QP moves to RTR with, towards @peer: LID,
 * SL 0, r's port; with a GID (r->gid_index >= 0) a GRH with that source
 * index, the peer's GID, --tclass and hop limit RP_QP_HOP_LIMIT, as
 * perftest_resources.c ctx_modify_qp_to_rtr sets it (0xFF; perftest's
 * DEF_HOP_LIMIT 64 is only its raw Ethernet -L). Pure; fills *@ah.
 */
#define RP_QP_HOP_LIMIT 0xFF
void rp_qp_ah(const struct rp_rail *r, const struct rp_rail_addr *peer,
	      struct ibv_ah_attr *ah);

#endif /* RP_QP_H */
