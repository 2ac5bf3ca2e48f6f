// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/rp_log.h"
#include "base/rp_signal.h"
#include "base/rp_sysfs.h"
#include "proto/rp_msg.h"
#include "verbs/rp_railbuf.h"
#include "engine/rp_bwpost.h"
#include "engine/rp_multi.h"
#include "engine/rp_reap.h"
#include "info/rp_preflight.h"
#include "output/rp_railceil.h"
#include "cluster/rp_clround.h"

#define RP_CLROUND_NAP_NS (20 * 1000 * 1000) /* main thread's poll period */

/* The rails' specs: -d, or every device of this host. */
static int rp_clround_specs(struct rp_clround *s)
{
	const struct rp_opts *o = &s->c->o;
	int n;

	n = rp_railspec_list(o->dev, o->gid_list, o->ib_port, s->spec,
			     RP_MAX_RAILS);
	if (n < 0)
		return n;
	s->n = (unsigned int)n;
	return 0;
}

/* A one-way flow's plans: the verb that lets the receiver count each
 * message (WRITE with immediate for WRITE, SEND as it is), no halves; the
 * sender a client's role, the receiver a server's with -r receives. */
static void rp_clround_oneway(struct rp_clround *s)
{
	const struct rp_verbrow *v = rp_roles_verb(s->c->o.verb);
	unsigned int k;

	for (k = 0; k < 2; k++) {
		struct rp_opts *o = &s->oone[k];

		*o = s->c->o;
		o->bidir = false;
		o->server = k ? NULL : s->me; /* any host: a client */
		if (v->imm >= 0)
			o->verb = (enum rp_verb)v->imm;
		if (!o->rx_depth)
			o->rx_depth = RP_DEF_RX_SEND;
		rp_plan_make(&s->one[k], o, stdout);
	}
}

/* The plan of an end's role. */
static const struct rp_plan *rp_clround_plan(const struct rp_clround *s,
					     enum rp_end_role r)
{
	return r == RP_END_BOTH ? &s->plan : &s->one[r == RP_END_RECV];
}

int rp_clround_init(struct rp_clround *s, const struct rp_clopts *c,
		    const char *me)
{
	struct rp_rail_cfg cfg;
	struct rp_place p;
	unsigned int i;
	int ret;

	memset(s, 0, sizeof(*s));
	s->c = c;
	s->me = me;
	rp_plan_make(&s->plan, &c->o, stdout);
	rp_clround_oneway(s);
	ret = rp_clround_specs(s);
	if (ret)
		return ret;
	for (i = 0; i < s->n; i++) { /* each rail's health, once */
		char who[96];

		snprintf(who, sizeof(who), "rail %u (%s)", i, s->spec[i].dev);
		rp_preflight_warn(who, s->spec[i].dev, s->spec[i].port, NULL);
	}
	rp_plan_rail(&s->plan, &s->spec[0], &cfg); /* the buffers, first */
	ret = rp_railbuf_check(&cfg, s->n, s->plan.halves);
	if (ret)
		return ret;
	for (i = 0; i < s->n; i++)
		s->cpus[i] = -1;
	if (rp_topo_init(&s->topo)) {
		rp_warn("no topology (hwloc): rails run unpinned");
		return 0;
	}
	for (i = 0; i < s->n; i++)
		if (!rp_topo_place(&s->topo, s->spec[i].dev, s->cpus, i, &p))
			s->cpus[i] = p.cpu;
	return 0;
}

void rp_clround_fini(struct rp_clround *s)
{
	rp_topo_fini(&s->topo);
}

/* End @k's ceiling (RoCE v2 of its plan's verb at its MTU and -s, PCIe
 * in its role's direction: both at once for a pairs end). */
static void rp_clround_ceiling(struct rp_clround *s, unsigned int k)
{
	const struct rp_plan *p = rp_clround_plan(s, s->ends[k].role);
	struct rp_railceil *ceil = calloc(1, sizeof(*ceil));
	struct rp_rail copy = s->rails[k]; /* the reader only looks */

	if (!ceil)
		return;
	rp_railceil_read(ceil, RP_SYSFS_ROOT, &copy, 1, p->verb->verb,
			 p->role->pcie);
	rp_railceil_size(ceil, &copy, s->c->o.size);
	s->local[k].ceiling = ceil->r[0].cap;
	free(ceil);
}

static void rp_clround_down(struct rp_clrail *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void rp_clround_down(struct rp_clrail *r, const char *fmt, ...)
{
	va_list ap;

	r->up = false;
	va_start(ap, fmt);
	vsnprintf(r->reason, sizeof(r->reason), fmt, ap);
	va_end(ap);
}

void rp_clround_open(struct rp_clround *s, const struct rp_fend *ends,
		     unsigned int n)
{
	struct rp_rail_cfg cfg;
	unsigned int k;
	int ret;

	s->nends = n < RP_FLOWS_MAX_ENDS ? n : RP_FLOWS_MAX_ENDS;
	memcpy(s->ends, ends, s->nends * sizeof(*ends));
	for (k = 0; k < s->nends; k++) {
		const struct rp_railspec *sp = &s->spec[s->ends[k].rail];

		memset(&s->local[k], 0, sizeof(s->local[k]));
		memset(&s->peer[k], 0, sizeof(s->peer[k]));
		rp_plan_rail(rp_clround_plan(s, s->ends[k].role), sp, &cfg);
		ret = rp_rail_init(&s->rails[k], &cfg);
		s->open[k] = !ret;
		if (ret) {
			rp_clround_down(&s->local[k], "%s on %s: %s", sp->dev,
					s->me, strerror(-ret));
			continue;
		}
		s->local[k].up = true;
		rp_rail_local_addr(&s->rails[k], &s->local[k].addr);
		rp_clround_ceiling(s, k);
	}
}

void rp_clround_close(struct rp_clround *s)
{
	unsigned int k;

	for (k = 0; k < s->nends; k++)
		if (s->open[k])
			rp_rail_fini(&s->rails[k]);
	memset(s->open, 0, sizeof(s->open));
}

void rp_clround_reap(struct rp_clround *s, struct rp_cell *cells)
{
	unsigned int k;

	for (k = 0; k < s->nends; k++) {
		if (!s->open[k] || s->ends[k].role != RP_END_RECV ||
		    cells[k].status != RP_CELL_OK)
			continue;
		if (rp_reap_recv(&s->rails[k], &cells[k].rx_all)) {
			cells[k].status = RP_CELL_FAIL;
			snprintf(cells[k].reason, sizeof(cells[k].reason),
				 "ibv_poll_cq failed after the run");
		}
	}
}

/* Per end: flow (4), up (1), ceiling (8), reason, length (4), RAIL. */
#define RP_CLRAIL_HEAD (4 + 1 + 8 + RP_CELL_REASON_LEN + 4)

size_t rp_clround_pack_max(const struct rp_clround *s, unsigned int peer)
{
	unsigned int k, n = 0;

	for (k = 0; k < s->nends; k++)
		n += s->ends[k].peer == peer;
	return 4 + (size_t)n * (RP_CLRAIL_HEAD + RP_MSG_MAX_PAYLOAD);
}

/* End @k into @out (@cap bytes); its length, 0 when it does not fit. */
static size_t rp_clround_pack1(const struct rp_clround *s, unsigned int k,
			       uint8_t *out, size_t cap)
{
	const struct rp_clrail *r = &s->local[k];
	uint32_t flow = s->ends[k].flow, l32;
	size_t len = 0;

	if (cap < RP_CLRAIL_HEAD)
		return 0;
	memcpy(out, &flow, 4);
	out[4] = r->up;
	memcpy(out + 5, &r->ceiling, 8);
	memcpy(out + 13, r->reason, RP_CELL_REASON_LEN);
	if (r->up) {
		len = rp_msg_encode_rail(out + RP_CLRAIL_HEAD,
					 cap - RP_CLRAIL_HEAD, &r->addr);
		if (!len)
			return 0;
	}
	l32 = (uint32_t)len;
	memcpy(out + 13 + RP_CELL_REASON_LEN, &l32, 4);
	return RP_CLRAIL_HEAD + len;
}

size_t rp_clround_pack(const struct rp_clround *s, unsigned int peer,
		       uint8_t *out, size_t cap)
{
	uint32_t n32 = 0;
	size_t off = 4, len;
	unsigned int k;

	if (cap < 4)
		return 0;
	for (k = 0; k < s->nends; k++) {
		if (s->ends[k].peer != peer)
			continue;
		len = rp_clround_pack1(s, k, out + off, cap - off);
		if (!len)
			return 0;
		off += len;
		n32++;
	}
	memcpy(out, &n32, 4);
	return off;
}

/* One far end from @in, for end @k; the bytes it took, 0 when bad. */
static size_t rp_clround_unpack1(struct rp_clround *s, unsigned int k,
				 const uint8_t *in, size_t len)
{
	struct rp_clrail *r = &s->peer[k];
	uint32_t l32, flow;

	if (len < RP_CLRAIL_HEAD)
		return 0;
	memcpy(&flow, in, 4);
	if (flow != s->ends[k].flow)
		return 0;
	memset(r, 0, sizeof(*r));
	r->up = in[4];
	memcpy(&r->ceiling, in + 5, 8);
	memcpy(r->reason, in + 13, RP_CELL_REASON_LEN);
	r->reason[RP_CELL_REASON_LEN - 1] = 0;
	memcpy(&l32, in + 13 + RP_CELL_REASON_LEN, 4);
	if (l32 > len - RP_CLRAIL_HEAD)
		return 0;
	if (r->up && rp_msg_decode_rail(in + RP_CLRAIL_HEAD, l32, &r->addr))
		return 0;
	return RP_CLRAIL_HEAD + l32;
}

int rp_clround_unpack(struct rp_clround *s, unsigned int peer,
		      const uint8_t *in, size_t len)
{
	size_t off = 4, used;
	uint32_t n32, want = 0;
	unsigned int k;

	for (k = 0; k < s->nends; k++)
		want += s->ends[k].peer == peer;
	if (len < 4)
		goto bad;
	memcpy(&n32, in, 4);
	if (n32 != want) {
		rp_err("the partner has %u flows with this host, this host "
		       "%u with it: the same railperf on every host?",
		       n32, want);
		return -EBADMSG;
	}
	for (k = 0; k < s->nends; k++) {
		if (s->ends[k].peer != peer)
			continue;
		used = rp_clround_unpack1(s, k, in + off, len - off);
		if (!used)
			goto bad;
		off += used;
	}
	return 0;
bad:
	rp_err("the partner's rails could not be read (%zu bytes)", len);
	return -EBADMSG;
}

uint32_t rp_clround_mask(const struct rp_clround *s, unsigned int peer,
			 uint32_t bits, bool back)
{
	unsigned int k, at = 0;
	uint32_t out = 0;

	for (k = 0; k < s->nends; k++) {
		if (s->ends[k].peer != peer)
			continue;
		if (!back && (bits & (1u << k)))
			out |= 1u << at;
		if (back && (bits & (1u << at)))
			out |= 1u << k;
		at++;
	}
	return out;
}

/* The engine's settings of end @k: its plan's (a pairs end rail_multi_bw
 * -b's; a sender a one-way client's; a receiver counts receives), -s. */
static void rp_clround_bw_cfg(const struct rp_clround *s, unsigned int k,
			      struct rp_bw_cfg *cfg)
{
	*cfg = rp_clround_plan(s, s->ends[k].role)->bwcfg;
	cfg->size = s->c->o.size;
}

void rp_clround_connect(struct rp_clround *s, uint32_t *ready)
{
	struct rp_bw_cfg cfg;
	unsigned int k;
	const char *dev;
	int ret;

	*ready = 0;
	for (k = 0; k < s->nends; k++) {
		if (!s->local[k].up || !s->peer[k].up)
			continue;
		dev = s->spec[s->ends[k].rail].dev;
		ret = rp_rail_connect(&s->rails[k], &s->peer[k].addr);
		if (ret) {
			rp_clround_down(&s->local[k],
					"%s on %s: connecting the QPs: %s", dev,
					s->me, strerror(-ret));
			continue;
		}
		rp_clround_bw_cfg(s, k, &cfg);
		/* the partner's first message finds a receive (both sides
		 * post before they say ready) */
		ret = cfg.duplex || cfg.recv ?
			      rp_bw_recv_prepost(&s->rails[k], &cfg) :
			      0;
		if (ret) {
			rp_clround_down(&s->local[k],
					"%s on %s: posting receives: %s", dev,
					s->me, strerror(-ret));
			continue;
		}
		*ready |= 1u << k;
	}
}

/* End @k's cell when it did not run: the first reason known. */
static void rp_clround_why(const struct rp_clround *s, unsigned int k,
			   const char *partner, struct rp_cell *c)
{
	c->status = RP_CELL_FAIL;
	if (!s->local[k].up)
		snprintf(c->reason, sizeof(c->reason), "%s",
			 s->local[k].reason);
	else if (!s->peer[k].up)
		snprintf(c->reason, sizeof(c->reason), "%s", s->peer[k].reason);
	else
		snprintf(c->reason, sizeof(c->reason),
			 "%.20s on %.24s: the QPs did not connect (see its "
			 "output)",
			 s->spec[s->ends[k].peer_rail % s->n].dev, partner);
}

/* End @k's cell from its worker: ok with its window, or the error. */
static void rp_clround_cell(const struct rp_clround *s, unsigned int k,
			    const struct rp_worker *w, struct rp_cell *c)
{
	const struct rp_bw_out *o = &w->out;
	uint64_t ns = o->end_ns > o->start_ns ? o->end_ns - o->start_ns : 0;

	c->oneway = s->ends[k].role != RP_END_BOTH;
	c->qps = s->c->o.num_qps;
	c->tx_all = s->ends[k].role == RP_END_RECV ? 0 : o->all_msgs;
	c->rx_all = s->ends[k].role == RP_END_RECV ? o->all_msgs : o->all_rx;
	if (w->ret || !ns) {
		c->status = RP_CELL_FAIL;
		/* the cell names both hosts already */
		snprintf(c->reason, sizeof(c->reason), "%s",
			 w->ret ? strerror(-w->ret) :
				  "no messages in the counted window");
		return;
	}
	if (w->cfg.duplex && !o->rx_msgs) {
		c->status = RP_CELL_FAIL;
		snprintf(c->reason, sizeof(c->reason), "%s",
			 "no message of the partner's arrived in the window");
		return;
	}
	c->status = RP_CELL_OK;
	c->msgs = o->msgs;
	c->bytes = o->msgs * s->c->o.size;
	c->gbps = (double)c->bytes * 8 / (double)ns; /* bits per ns = Gb/s */
}

/* Wait for the rails; a stop request cancels them. */
static int rp_clround_watch(struct rp_multi *mu)
{
	const struct timespec nap = { .tv_nsec = RP_CLROUND_NAP_NS };

	while (!rp_multi_done(mu)) {
		nanosleep(&nap, NULL);
		if (rp_stop_requested())
			__atomic_store_n(&mu->cancel, 1, __ATOMIC_RELAXED);
	}
	return rp_stop_requested() ? -EINTR : 0;
}

/* The engine over the @n ends of @run (copies of s->rails: the workers
 * only post and poll), each with its @cfgs; each result into @w. */
static int rp_clround_multi(struct rp_clround *s, struct rp_rail *run,
			    const struct rp_rail_addr *peers,
			    const struct rp_bw_cfg *cfgs, const int *cpus,
			    unsigned int n, struct rp_worker *w)
{
	size_t al = _Alignof(struct rp_multi);
	struct rp_multi *mu =
		aligned_alloc(al, (sizeof(*mu) + al - 1) / al * al);
	unsigned int i;
	int ret;

	if (!mu)
		return -ENOMEM;
	memset(mu, 0, sizeof(*mu));
	ret = rp_multi_start_each(mu, run, peers, n, cfgs,
				  s->topo.t ? &s->topo : NULL, cpus);
	if (!ret)
		ret = rp_clround_watch(mu);
	rp_multi_join(mu); /* each rail's error stays in its w[].ret */
	memcpy(w, mu->w, n * sizeof(*w));
	for (i = 0; i < n && ret && ret != -EINTR; i++)
		w[i].ret = ret; /* the rails did not start */
	free(mu);
	return ret == -EINTR ? ret : 0;
}

/* The lower of two ceilings, 0 (unknown) when either is. */
static double rp_clround_min_known(double a, double b)
{
	return a > 0 && b > 0 ? (a < b ? a : b) : 0;
}

/* What rp_clround_run hands the engine, per end that runs. */
struct rp_clrun {
	struct rp_rail run[RP_FLOWS_MAX_ENDS];
	struct rp_rail_addr peers[RP_FLOWS_MAX_ENDS];
	struct rp_bw_cfg cfgs[RP_FLOWS_MAX_ENDS];
	struct rp_worker w[RP_FLOWS_MAX_ENDS];
	int cpus[RP_FLOWS_MAX_ENDS];
	unsigned int at[RP_FLOWS_MAX_ENDS];
};

int rp_clround_run(struct rp_clround *s, uint32_t both,
		   const char (*names)[RP_CL_NAME_LEN], struct rp_cell *cells)
{
	struct rp_clrun *x = calloc(1, sizeof(*x));
	unsigned int k, n = 0;
	int ret = -ENOMEM;

	memset(cells, 0, s->nends * sizeof(*cells));
	for (k = 0; k < s->nends && x; k++) {
		const struct rp_fend *e = &s->ends[k];

		cells[k].ceiling = rp_clround_min_known(s->local[k].ceiling,
							s->peer[k].ceiling);
		if (!(both & (1u << k))) {
			rp_clround_why(s, k, names[e->peer], &cells[k]);
			continue;
		}
		x->at[n] = k;
		x->cpus[n] = s->cpus[e->rail];
		x->run[n] = s->rails[k];
		rp_clround_bw_cfg(s, k, &x->cfgs[n]);
		rp_plan_peer(rp_clround_plan(s, e->role), &s->peer[k].addr,
			     &x->peers[n++]);
	}
	if (x)
		ret = n ? rp_clround_multi(s, x->run, x->peers, x->cfgs,
					   x->cpus, n, x->w) :
			  0;
	for (k = 0; k < n && !ret; k++)
		rp_clround_cell(s, x->at[k], &x->w[k], &cells[x->at[k]]);
	free(x);
	return ret;
}
