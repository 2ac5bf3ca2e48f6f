// SPDX-License-Identifier: MIT
/* --validate of the atomic verbs: the words read back (rp_atomword.h). */
#include <errno.h>
#include <string.h>

#include "engine/rp_atomword.h"
#include "base/rp_log.h"
#include "base/rp_time.h"
#include "engine/rp_wc.h"

#define RP_WORD_WR_ID 0x574f5244 /* "WORD" */
#define RP_WORD_WAIT_NS (5 * RP_NSEC_PER_SEC)

/* Poll @r's CQ for the READ's completion; 0, -EIO, -ETIMEDOUT. */
static int rp_atomword_wait(struct rp_rail *r, unsigned int q)
{
	uint64_t end = rp_now_ns() + RP_WORD_WAIT_NS;
	struct ibv_wc wc;
	int n;

	while ((n = ibv_poll_cq(r->cq, 1, &wc)) == 0)
		if (rp_now_ns() > end) {
			rp_err("reading back the atomics' word on %s QP %#x: "
			       "no completion in 5 s",
			       r->dev.name, r->qp[q]->qp_num);
			return -ETIMEDOUT;
		}
	if (n < 0 || wc.status != IBV_WC_SUCCESS || wc.wr_id != RP_WORD_WR_ID) {
		rp_err("reading back the atomics' word on %s QP %#x: %s",
		       r->dev.name, r->qp[q]->qp_num,
		       n < 0 ? "ibv_poll_cq failed" :
		       wc.status != IBV_WC_SUCCESS ?
			       rp_wc_status_name(wc.status) :
			       "an unexpected completion");
		return -EIO;
	}
	return 0;
}

int rp_atomword_read(struct rp_rail *r, const struct rp_rail_addr *peer,
		     unsigned int q, uint64_t *val)
{
	uint8_t *dst = (uint8_t *)rp_rail_slice(r, q) + sizeof(uint64_t);
	struct ibv_sge sge = {
		.addr = (uint64_t)(uintptr_t)dst,
		.length = sizeof(uint64_t),
		.lkey = r->mr->lkey,
	};
	struct ibv_send_wr wr = {
		.wr_id = RP_WORD_WR_ID,
		.sg_list = &sge,
		.num_sge = 1,
		.opcode = IBV_WR_RDMA_READ,
		.send_flags = IBV_SEND_SIGNALED,
		.wr.rdma = { .remote_addr = peer->qp[q].addr,
			     .rkey = peer->qp[q].rkey },
	},
			   *bad = NULL;
	int ret;

	ret = ibv_post_send(r->qp[q], &wr, &bad);
	if (ret) {
		rp_err("reading back the atomics' word on %s QP %#x: %s",
		       r->dev.name, r->qp[q]->qp_num, strerror(ret));
		return -EIO;
	}
	ret = rp_atomword_wait(r, q);
	if (!ret)
		memcpy(val, dst, sizeof(*val));
	return ret;
}
