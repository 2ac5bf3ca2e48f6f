// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "base/rp_log.h"
#include "verbs/rp_qp.h"

#define RP_QP_RETRY 7
#define RP_QP_RNR_RETRY 7
#define RP_QP_MIN_RNR_TIMER 12

uint64_t rp_qp_give_up_ns(unsigned int timeout)
{
	if (!timeout || timeout > 31)
		return 0;
	return (uint64_t)(RP_QP_RETRY + 1) * 4096 * (1ULL << timeout);
}

uint32_t rp_qp_random_psn(void)
{
	uint32_t v = 0;

	if (getrandom(&v, sizeof(v), 0) != sizeof(v))
		v = (uint32_t)rand();
	return v & 0xffffff;
}

static void rp_qp_init_attr(const struct rp_rail *r,
			    struct ibv_qp_init_attr_ex *a, bool ex)
{
	*a = (struct ibv_qp_init_attr_ex){
		.send_cq = r->cq,
		.recv_cq = r->cq,
		.qp_type = IBV_QPT_RC,
		.sq_sig_all = 0,	/* CQ moderation: we choose per WR */
		.cap = {
			.max_send_wr = r->tx_depth,
			.max_recv_wr = r->rx_depth,
			.max_send_sge = 1,
			.max_recv_sge = 1,
			.max_inline_data = r->max_inline,
		},
		.pd = r->pd,
		.comp_mask = IBV_QP_INIT_ATTR_PD,
	};
	if (ex) {
		a->comp_mask |= IBV_QP_INIT_ATTR_SEND_OPS_FLAGS;
		/* WRITE and READ as always; SEND or WRITE with immediate
		 * only for their runs (a device may lack them) */
		a->send_ops_flags = IBV_QP_EX_WITH_RDMA_WRITE |
				    IBV_QP_EX_WITH_RDMA_READ;
		if (r->verb == RP_VERB_SEND)
			a->send_ops_flags |= IBV_QP_EX_WITH_SEND;
		if (r->verb == RP_VERB_WRITE_IMM)
			a->send_ops_flags |= IBV_QP_EX_WITH_RDMA_WRITE_WITH_IMM;
		if (r->verb == RP_VERB_FETCH_ADD)
			a->send_ops_flags |=
				IBV_QP_EX_WITH_ATOMIC_FETCH_AND_ADD;
		if (r->verb == RP_VERB_CMP_SWAP)
			a->send_ops_flags |= IBV_QP_EX_WITH_ATOMIC_CMP_AND_SWP;
	}
}

/* -I: the QP must take the inline size asked for (the device's limit is
 * only known by trying: verbs report no maximum). */
static int rp_qp_check_inline(struct rp_rail *r, unsigned int i,
			      const struct ibv_qp_init_attr_ex *a)
{
	struct ibv_qp_init_attr ia;
	struct ibv_qp_attr qa;
	uint32_t got = a->cap.max_inline_data;

	if (!r->max_inline || got >= r->max_inline)
		return 0;
	if (!ibv_query_qp(r->qp[i], &qa, IBV_QP_CAP, &ia))
		got = qa.cap.max_inline_data;
	if (got >= r->max_inline)
		return 0;
	rp_err("invalid -I value '%u': %s gives QPs only %u bytes of inline "
	       "data",
	       r->max_inline, r->dev.name, got);
	return -EINVAL;
}

static int rp_qp_create_fail(const struct rp_rail *r, unsigned int i, int err)
{
	if (r->max_inline)
		rp_err("ibv_create_qp on %s (QP %u, TX depth %u, -I %u bytes "
		       "inline): %s%s",
		       r->dev.name, i, r->tx_depth, r->max_inline,
		       strerror(err),
		       err == EINVAL ?
			       " (more inline data than the device takes?)" :
			       "");
	else
		rp_err("ibv_create_qp on %s (QP %u, TX depth %u): %s",
		       r->dev.name, i, r->tx_depth, strerror(err));
	return -err;
}

/* --use_new_post_send asked for ibv_wr_* and the provider has none. */
static int rp_qp_no_wr_api(const struct rp_rail *r, int err)
{
	rp_err("--use_new_post_send: %s creates no QP with the ibv_wr_* API "
	       "(ibv_create_qp_ex with send ops: %s); leave the option out "
	       "to post with ibv_post_send",
	       r->dev.name, strerror(err));
	return -(err ? err : EOPNOTSUPP);
}

/* How a QP is made: by the rail's context or by an rdma_cm id (@ctx).
 * Returns the QP, or NULL with errno set. */
typedef struct ibv_qp *(*rp_qp_maker)(struct rp_rail *r, void *ctx,
				      struct ibv_qp_init_attr_ex *a);

static struct ibv_qp *rp_qp_make_verbs(struct rp_rail *r, void *ctx,
				       struct ibv_qp_init_attr_ex *a)
{
	(void)ctx;
	return ibv_create_qp_ex(r->dev.ctx, a);
}

static struct ibv_qp *rp_qp_make_cm(struct rp_rail *r, void *ctx,
				    struct ibv_qp_init_attr_ex *a)
{
	struct rdma_cm_id *id = ctx;

	(void)r;
	return rdma_create_qp_ex(id, a) ? NULL : id->qp;
}

/* QP @i made by @make: with the ibv_wr_* interface where the rail asks
 * for it and the provider has it, else with ibv_post_send's. */
static int rp_qp_make(struct rp_rail *r, unsigned int i, rp_qp_maker make,
		      void *ctx)
{
	struct ibv_qp_init_attr_ex a;

	if (r->wr_api) {
		rp_qp_init_attr(r, &a, true);
		r->qp[i] = make(r, ctx, &a);
		if (r->qp[i]) {
			r->qpx[i] = ibv_qp_to_qp_ex(r->qp[i]);
			return rp_qp_check_inline(r, i, &a);
		}
		if (i > 0) /* it worked for QP 0: a real failure */
			return rp_qp_create_fail(r, i, errno);
		if (r->new_post_send)
			return rp_qp_no_wr_api(r, errno);
		r->wr_api = false; /* provider without ibv_wr_* */
	}
	rp_qp_init_attr(r, &a, false);
	r->qp[i] = make(r, ctx, &a);
	if (r->qp[i])
		return rp_qp_check_inline(r, i, &a);
	return rp_qp_create_fail(r, i, errno);
}

static int rp_qp_alloc(struct rp_rail *r, unsigned int i)
{
	return rp_qp_make(r, i, rp_qp_make_verbs, NULL);
}

int rp_qp_create_cm(struct rp_rail *r, unsigned int i, struct rdma_cm_id *id)
{
	return rp_qp_make(r, i, rp_qp_make_cm, id);
}

int rp_qp_init_state(struct rp_rail *r, struct ibv_qp *qp)
{
	struct ibv_qp_attr a = {
		.qp_state = IBV_QPS_INIT,
		.pkey_index = 0,
		.port_num = (uint8_t)r->dev.port,
		/* the atomics' too in their runs (perftest's ATOMIC QPs) */
		.qp_access_flags =
			IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE |
			IBV_ACCESS_REMOTE_READ |
			(rp_verb_atomic(r->verb) ? IBV_ACCESS_REMOTE_ATOMIC :
						   0),
	};
	int ret;

	ret = ibv_modify_qp(qp, &a,
			    IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT |
				    IBV_QP_ACCESS_FLAGS);
	if (ret) {
		rp_err("ibv_modify_qp to INIT on %s QP %#x: %s", r->dev.name,
		       qp->qp_num, strerror(ret));
		return -ret;
	}
	return 0;
}

int rp_qp_create(struct rp_rail *r, unsigned int i)
{
	int ret;

	ret = rp_qp_alloc(r, i);
	if (ret)
		return ret;
	return rp_qp_init_state(r, r->qp[i]);
}

void rp_qp_ah(const struct rp_rail *r, const struct rp_rail_addr *peer,
	      struct ibv_ah_attr *ah)
{
	*ah = (struct ibv_ah_attr){
		.dlid = peer->lid,
		.sl = 0,
		.port_num = (uint8_t)r->dev.port,
	};
	if (r->gid_index < 0)
		return;
	ah->is_global = 1;
	ah->grh.sgid_index = (uint8_t)r->gid_index;
	ah->grh.hop_limit = RP_QP_HOP_LIMIT;
	ah->grh.traffic_class = r->traffic_class; /* --tclass, as perftest */
	memcpy(ah->grh.dgid.raw, peer->gid, sizeof(peer->gid));
}

static int rp_qp_to_rtr(struct rp_rail *r, struct ibv_qp *qp,
			unsigned int rd_atomic, const struct rp_rail_addr *peer,
			const struct rp_qp_addr *pq)
{
	struct ibv_qp_attr a = {
		.qp_state = IBV_QPS_RTR,
		.path_mtu = r->mtu,
		.dest_qp_num = pq->qpn,
		.rq_psn = pq->psn,
		.max_dest_rd_atomic = (uint8_t)rd_atomic,
		.min_rnr_timer = RP_QP_MIN_RNR_TIMER,
	};
	int ret;

	rp_qp_ah(r, peer, &a.ah_attr);
	ret = ibv_modify_qp(qp, &a,
			    IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU |
				    IBV_QP_DEST_QPN | IBV_QP_RQ_PSN |
				    IBV_QP_MAX_DEST_RD_ATOMIC |
				    IBV_QP_MIN_RNR_TIMER);
	if (ret)
		rp_err("ibv_modify_qp to RTR on %s QP %#x (peer QPN %#x): %s",
		       r->dev.name, qp->qp_num, pq->qpn, strerror(ret));
	return -ret;
}

int rp_qp_connect(struct rp_rail *r, struct ibv_qp *qp, uint32_t psn,
		  unsigned int rd_atomic, const struct rp_rail_addr *peer,
		  const struct rp_qp_addr *pq)
{
	struct ibv_qp_attr a = {
		.qp_state = IBV_QPS_RTS,
		.timeout = (uint8_t)r->qp_timeout,
		.retry_cnt = RP_QP_RETRY,
		.rnr_retry = RP_QP_RNR_RETRY,
		.sq_psn = psn,
		.max_rd_atomic = (uint8_t)rd_atomic,
	};
	int ret;

	ret = rp_qp_to_rtr(r, qp, rd_atomic, peer, pq);
	if (ret)
		return ret;
	ret = ibv_modify_qp(qp, &a,
			    IBV_QP_STATE | IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT |
				    IBV_QP_RNR_RETRY | IBV_QP_SQ_PSN |
				    IBV_QP_MAX_QP_RD_ATOMIC);
	if (ret)
		rp_err("ibv_modify_qp to RTS on %s QP %#x: %s", r->dev.name,
		       qp->qp_num, strerror(ret));
	return -ret;
}

int rp_qp_to_rts(struct rp_rail *r, unsigned int i,
		 const struct rp_rail_addr *peer)
{
	return rp_qp_connect(r, r->qp[i], r->psn[i], r->rd_atomic, peer,
			     &peer->qp[i]);
}
