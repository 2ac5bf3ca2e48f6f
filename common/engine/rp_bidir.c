// SPDX-License-Identifier: MIT
#include "engine/rp_bidir.h"
#include "verbs/rp_bufpat.h"

void rp_bidir_peer(const struct rp_rail_addr *peer, struct rp_rail_addr *out)
{
	uint32_t q;

	*out = *peer;
	for (q = 0; q < out->num_qps && q < RP_MAX_QPS; q++) {
		out->qp[q].addr += out->qp[q].len / 2;
		out->qp[q].len -= out->qp[q].len / 2;
	}
}

void rp_bidir_source(const struct rp_rail_addr *peer, struct rp_rail_addr *out)
{
	uint32_t q;

	*out = *peer;
	for (q = 0; q < out->num_qps && q < RP_MAX_QPS; q++)
		out->qp[q].len /= 2;
}

int rp_bidir_fill(struct rp_rail *r)
{
	unsigned int q;
	int ret = 0;

	for (q = 0; q < r->num_qps && !ret; q++)
		ret = rp_bufpat_fill(&r->buf, (uint64_t)q * r->slice,
				     r->slice / 2, q);
	return ret;
}

int rp_bidir_check(const struct rp_rail *r, uint64_t bytes, unsigned int rail,
		   struct rp_verdict *v)
{
	uint64_t half = r->slice / 2, upper = r->slice - half;
	unsigned int q;
	int ret = 0;

	for (q = 0; q < r->num_qps && !ret; q++)
		ret = rp_bufpat_check(&r->buf, (uint64_t)q * r->slice + half,
				      bytes, upper, q, v);
	v->rail = rail;
	return ret;
}
