// SPDX-License-Identifier: MIT
/* The work requests of a bandwidth run (rp_bwpost.h). */
#include <errno.h>
#include <string.h>

#include "engine/rp_bwpost.h"
#include "base/rp_log.h"
#include "engine/rp_wrid.h"

const char *rp_bw_verb_name(enum rp_verb verb)
{
	return verb == RP_VERB_READ	 ? "RDMA READ" :
	       verb == RP_VERB_SEND	 ? "SEND" :
	       verb == RP_VERB_WRITE_IMM ? "RDMA WRITE with immediate" :
					   "RDMA WRITE";
}

void rp_bw_recv_wr_init(const struct rp_bw_cfg *cfg, uint64_t laddr,
			uint32_t lkey, struct ibv_sge *sge,
			struct ibv_recv_wr *wr)
{
	*sge = (struct ibv_sge){
		.addr = laddr,
		/* a WRITE with immediate's data goes where its rkey says:
		 * its receive takes no bytes (perftest's length 0) */
		.length = cfg->verb == RP_VERB_WRITE_IMM ? 0 :
							   (uint32_t)cfg->size,
		.lkey = lkey,
	};
	*wr = (struct ibv_recv_wr){ .sg_list = sge, .num_sge = 1 };
}

uint64_t rp_bw_recv_addr(const struct rp_rail *r, unsigned int q,
			 const struct rp_bw_cfg *cfg)
{
	return (uint64_t)(uintptr_t)rp_rail_slice(r, q) + cfg->local_off +
	       (cfg->duplex ? r->slice / 2 : 0);
}

int rp_bw_recv_prepost(struct rp_rail *r, const struct rp_bw_cfg *cfg)
{
	unsigned int q, j, n = rp_bw_rx_pre(cfg);
	struct ibv_recv_wr wr, *bad = NULL;
	struct ibv_sge sge;
	int ret;

	for (q = 0; q < r->num_qps; q++) {
		rp_bw_recv_wr_init(cfg, rp_bw_recv_addr(r, q, cfg), r->mr->lkey,
				   &sge, &wr);
		for (j = 0; j < n; j++) {
			wr.wr_id = rp_wr_id(q, j);
			ret = ibv_post_recv(r->qp[q], &wr, &bad);
			if (ret) {
				rp_err("posting receive %u of %u on %s QP "
				       "%#x: %s",
				       j + 1, n, r->dev.name, r->qp[q]->qp_num,
				       strerror(ret));
				return -ret;
			}
		}
	}
	return 0;
}

int rp_bw_recv_wc(const struct rp_bw_cfg *cfg, const struct ibv_wc *wc)
{
	bool imm = cfg->verb == RP_VERB_WRITE_IMM;
	enum ibv_wc_opcode op = imm ? IBV_WC_RECV_RDMA_WITH_IMM : IBV_WC_RECV;

	if (wc->opcode == op && wc->byte_len == cfg->size &&
	    (!imm || (wc->wc_flags & IBV_WC_WITH_IMM)))
		return 0;
	if (wc->opcode != op)
		rp_err("unexpected completion opcode %d on QP %#x, not a "
		       "receive (%s)",
		       (int)wc->opcode, wc->qp_num,
		       imm ? "IBV_WC_RECV_RDMA_WITH_IMM" : "IBV_WC_RECV");
	else if (wc->byte_len == cfg->size)
		rp_err("a receive on QP %#x completed without "
		       "IBV_WC_WITH_IMM (perftest: flags mismatch)",
		       wc->qp_num);
	else
		rp_err("a receive on QP %#x got %u bytes, not the %llu "
		       "of a message (the peer's -s differs?)",
		       wc->qp_num, wc->byte_len, (unsigned long long)cfg->size);
	return -EPROTO;
}

void rp_bw_wr_init(const struct rp_bw_cfg *cfg, uint64_t laddr, uint32_t lkey,
		   uint64_t raddr, uint32_t rkey, struct ibv_sge *sge,
		   struct ibv_send_wr *wr)
{
	bool read = cfg->verb == RP_VERB_READ;
	enum ibv_wr_opcode op =
		read			       ? IBV_WR_RDMA_READ :
		cfg->verb == RP_VERB_SEND      ? IBV_WR_SEND :
		cfg->verb == RP_VERB_WRITE_IMM ? IBV_WR_RDMA_WRITE_WITH_IMM :
						 IBV_WR_RDMA_WRITE;

	*sge = (struct ibv_sge){
		.addr = laddr,
		.length = (uint32_t)cfg->size,
		.lkey = lkey,
	};
	*wr = (struct ibv_send_wr){
		.sg_list = sge,
		.num_sge = 1,
		.opcode = op,
		.send_flags = !read && cfg->size <= cfg->inline_size ?
				      IBV_SEND_INLINE :
				      0,
		.wr.rdma = { .remote_addr = raddr, .rkey = rkey },
		.imm_data = 0, /* the receiver checks the flag, not the value */
	};
}
