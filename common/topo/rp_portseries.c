// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "net/rp_ethstats.h"
#include "topo/rp_portseries.h"

void rp_portseries_read(const char *root, const char *dev, unsigned int port,
			const char *ifname, struct rp_port_counters *c)
{
	/* -ENOENT (no data and no packet counters) leaves all absent but
	 * the retry and congestion kinds found */
	(void)rp_counters_read(root, dev, port, c);
	if (ifname && *ifname)
		(void)rp_pause_read(ifname, &c->pause);
}

void rp_portseries_start(struct rp_portseries *s,
			 const struct rp_port_counters *now)
{
	s->n = 0;
	s->prev = *now;
}

/* The kinds of one interval out of rp_counters_delta's @d. */
static void rp_ctr_ivl_of(const struct rp_port_counters *d,
			  struct rp_ctr_ivl *c)
{
	*c = (struct rp_ctr_ivl){
		.have_pkts = d->have_pkts,
		.have_retry = d->have_retry,
		.have_cnp = d->have_cnp,
		.have_pause = rp_pause_any(&d->pause),
		.reset = d->reset || d->pause.reset,
		.xmit_pkts = d->xmit_pkts,
		.rcv_pkts = d->rcv_pkts,
		.retry = d->retry,
		.cnp = d->cnp,
	};
	if (c->have_pause) {
		c->pause_rx = rp_pause_rx(&d->pause);
		c->pause_tx = rp_pause_tx(&d->pause);
	}
}

int rp_portseries_push(struct rp_portseries *s,
		       const struct rp_port_counters *now)
{
	struct rp_port_counters d;

	if (s->n == s->cap) {
		unsigned int cap = s->cap ? 2 * s->cap : 16;
		struct rp_ctr_ivl *p = realloc(s->v, cap * sizeof(*p));

		if (!p)
			return -ENOMEM;
		s->v = p;
		s->cap = cap;
	}
	rp_counters_delta(&s->prev, now, &d);
	rp_ctr_ivl_of(&d, &s->v[s->n++]);
	s->prev = *now;
	return 0;
}

void rp_portseries_clear(struct rp_portseries *s)
{
	free(s->v);
	s->v = NULL;
	s->n = s->cap = 0;
}

bool rp_ctr_ivl_busy(const struct rp_ctr_ivl *c)
{
	return c->reset || (c->have_retry && c->retry) ||
	       (c->have_cnp && c->cnp) ||
	       (c->have_pause && (c->pause_rx || c->pause_tx));
}
