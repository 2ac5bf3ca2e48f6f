// SPDX-License-Identifier: MIT
/* perftest's header values of a run (rp_header.h). */
#include "app/rp_header.h"
#include "verbs/rp_dev.h"

void rp_header_of(const struct rp_plan *p, const struct rp_session *s,
		  struct rp_header *h)
{
	const struct rp_rail *r = &s->rails[0];
	const struct rp_opts *o = p->o;
	bool pulls = p->verb->pulls;
	unsigned int i, qps = 0, mtu = 4096;

	for (i = 0; i < s->num_rails; i++) {
		qps += r[i].num_qps;
		if (rp_mtu_bytes(r[i].mtu) < mtu)
			mtu = rp_mtu_bytes(r[i].mtu);
	}
	*h = (struct rp_header){
		.title = p->title,
		.device = s->devices,
		.num_qps = qps,
		.transport = r->dev.ctx->device->transport_type ==
					     IBV_TRANSPORT_IWARP ?
				     "IW" :
				     "IB",
		.relaxed_ordering = r->relaxed_ordering,
		.wr_api = r->wr_api,
		.tx_depth = s->server && !o->bidir ? -1 : (int)o->tx_depth,
		/* the receivers of a verb that consumes receives, as perftest
		 * prints them: the server, or both with -b */
		.rx_depth = p->verb->consumes && (s->server || o->bidir) ?
				    (int)o->rx_depth :
				    -1,
		.cq_mod = p->bw ? (int)o->cq_mod : -1,
		.mtu = mtu,
		.link_type = rp_dev_is_roce(&r->dev) ? "Ethernet" : "IB",
		.gid_index = r->gid_index,
		.max_inline = pulls		 ? -1 :
			      p->inline_size > 0 ? p->inline_size :
						   0,
		.out_reads = pulls ? (int)r->rd_atomic : -1,
		.post_list = p->bw ? o->post_list : 0,
		.rdma_cm = o->rdma_cm,
		.server = s->server,
		.has_tos = o->nic.tos >= 0,
		.tos = o->nic.tos >= 0 ? (unsigned int)o->nic.tos : 0,
		.has_tclass = o->nic.tclass >= 0,
		.tclass = o->nic.tclass >= 0 ? (unsigned int)o->nic.tclass : 0,
	};
}
