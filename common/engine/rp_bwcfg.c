// SPDX-License-Identifier: MIT
/* A bandwidth run's pure rules (rp_bwcfg.h). */
#include <errno.h>

#include "engine/rp_bwcfg.h"
#include "base/rp_log.h"
#include "engine/rp_stats.h"
#include "verbs/rp_dev.h"

unsigned int rp_bw_rx_pre(const struct rp_bw_cfg *cfg)
{
	unsigned int n = cfg->rx_depth ? cfg->rx_depth : 1;

	if (!cfg->duration && !cfg->infinite && n > cfg->iters)
		n = (unsigned int)cfg->iters;
	return n;
}

void rp_bw_result(const struct rp_bw_cfg *cfg, const struct rp_bw_out *out,
		  struct rp_result *res)
{
	uint64_t ns =
		out->end_ns > out->start_ns ? out->end_ns - out->start_ns : 0;

	res->size = cfg->size;
	res->iters = out->msgs;
	res->bw_peak = out->peak;
	res->bw_avg = rp_bw(out->msgs * cfg->size, ns, cfg->gbits);
	res->msg_rate = rp_msg_rate(out->msgs, ns);
	res->fail = out->fail;
}

int rp_bw_check(const struct rp_rail *r, const struct rp_rail_addr *peer,
		const struct rp_bw_cfg *cfg)
{
	unsigned int q;

	if (rp_dev_check_msg(&r->dev, cfg->size))
		return -EINVAL;
	for (q = 0; q < r->num_qps; q++) {
		if (cfg->local_off >= r->slice ||
		    cfg->size > r->slice - cfg->local_off ||
		    cfg->size > peer->qp[q].len) {
			rp_err("size %llu exceeds the buffer slice of QP %u",
			       (unsigned long long)cfg->size, q);
			return -EINVAL;
		}
	}
	if (!cfg->cq_mod || cfg->cq_mod > r->tx_depth)
		return -EINVAL;
	if ((cfg->recv || cfg->duplex) &&
	    (!rp_verb_recv(cfg->verb) || cfg->infinite || !cfg->rx_depth ||
	     cfg->rx_depth > r->rx_depth || cfg->rx_pre > cfg->rx_depth))
		return -EINVAL; /* the app's configuration rules these out */
	if (cfg->duplex &&
	    (cfg->recv || cfg->local_off || cfg->size > r->slice / 2)) {
		rp_err("size %llu exceeds half the buffer slice (%llu bytes): "
		       "both directions at once need both halves",
		       (unsigned long long)cfg->size,
		       (unsigned long long)r->slice);
		return -EINVAL;
	}
	if (cfg->post_list > 1 &&
	    (cfg->post_list > r->tx_depth || cfg->post_list % cfg->cq_mod ||
	     (!cfg->duration && !cfg->infinite && cfg->iters % cfg->post_list)))
		return -EINVAL; /* rp_opts_finish() rules these out */
	return 0;
}

bool rp_bw_warm_up_cfg(const struct rp_bw_cfg *cfg, unsigned int tx_depth,
		       struct rp_bw_cfg *w)
{
	unsigned int list = cfg->post_list > 1 ? cfg->post_list : 1;

	if (!cfg->warmup || cfg->recv || cfg->duplex || cfg->infinite ||
	    (cfg->verb != RP_VERB_WRITE && cfg->verb != RP_VERB_READ))
		return false;
	*w = *cfg;
	w->warmup = false;
	w->iters = list > 1 ? list : tx_depth;
	w->cq_mod = list;
	w->duration = 0;
	w->drain_ns = 0;
	w->peak = false;
	w->tick = NULL;
	w->progress = NULL;
	w->t0_ns = 0;
	return true;
}
