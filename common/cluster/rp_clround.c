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
#include "info/rp_preflight.h"
#include "output/rp_railceil.h"
#include "cluster/rp_clround.h"
#include "cluster/rp_sched.h"

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

/* Rail @i's settings: the plan's, rail_multi_bw -b's (slices for both
 * directions). */
static void rp_clround_cfg(const struct rp_clround *s, unsigned int i,
			   struct rp_rail_cfg *cfg)
{
	rp_plan_rail(&s->plan, &s->spec[i], cfg);
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
	ret = rp_clround_specs(s);
	if (ret)
		return ret;
	for (i = 0; i < s->n; i++) { /* each rail's health, once */
		char who[96];

		snprintf(who, sizeof(who), "rail %u (%s)", i, s->spec[i].dev);
		rp_preflight_warn(who, s->spec[i].dev, s->spec[i].port, NULL);
	}
	rp_clround_cfg(s, 0, &cfg); /* every round's buffers, before any */
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

/* Each open rail's ceiling (RoCE v2 of the plan's verb at its MTU and -s,
 * PCIe in the plan's direction: both at once, a round runs each pair both
 * ways). */
static void rp_clround_ceilings(struct rp_clround *s)
{
	struct rp_rail up[RP_MAX_RAILS];
	unsigned int i, n = 0, map[RP_MAX_RAILS];
	struct rp_railceil *ceil = calloc(1, sizeof(*ceil));

	if (!ceil)
		return;
	memset(up, 0, sizeof(up));
	for (i = 0; i < s->n; i++)
		if (s->open[i]) { /* copies: the reader only looks */
			map[n] = i;
			up[n++] = s->rails[i];
		}
	rp_railceil_read(ceil, RP_SYSFS_ROOT, up, n, s->plan.verb->verb,
			 s->plan.role->pcie);
	rp_railceil_size(ceil, up, s->c->o.size);
	for (i = 0; i < n; i++)
		s->local[map[i]].ceiling = ceil->r[i].cap;
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

void rp_clround_open(struct rp_clround *s)
{
	struct rp_rail_cfg cfg;
	unsigned int i;
	int ret;

	for (i = 0; i < s->n; i++) {
		memset(&s->local[i], 0, sizeof(s->local[i]));
		rp_clround_cfg(s, i, &cfg);
		ret = rp_rail_init(&s->rails[i], &cfg);
		s->open[i] = !ret;
		if (ret) {
			rp_clround_down(&s->local[i], "%s on %s: %s",
					s->spec[i].dev, s->me, strerror(-ret));
			continue;
		}
		s->local[i].up = true;
		rp_rail_local_addr(&s->rails[i], &s->local[i].addr);
	}
	rp_clround_ceilings(s);
}

void rp_clround_close(struct rp_clround *s)
{
	unsigned int i;

	for (i = 0; i < s->n; i++)
		if (s->open[i])
			rp_rail_fini(&s->rails[i]);
	memset(s->open, 0, sizeof(s->open));
}

/* Per rail: up (1), ceiling (8), reason, length (4), RAIL payload. */
#define RP_CLRAIL_HEAD (1 + 8 + RP_CELL_REASON_LEN + 4)

size_t rp_clround_pack_max(const struct rp_clround *s)
{
	return 4 + (size_t)s->n * (RP_CLRAIL_HEAD + RP_MSG_MAX_PAYLOAD);
}

size_t rp_clround_pack(const struct rp_clround *s, uint8_t *out, size_t cap)
{
	size_t off = 4, len;
	uint32_t n32 = s->n, l32;
	unsigned int i;

	if (cap < 4)
		return 0;
	memcpy(out, &n32, 4);
	for (i = 0; i < s->n; i++) {
		const struct rp_clrail *r = &s->local[i];

		if (cap - off < RP_CLRAIL_HEAD)
			return 0;
		out[off] = r->up;
		memcpy(out + off + 1, &r->ceiling, 8);
		memcpy(out + off + 9, r->reason, RP_CELL_REASON_LEN);
		len = r->up ? rp_msg_encode_rail(out + off + RP_CLRAIL_HEAD,
						 cap - off - RP_CLRAIL_HEAD,
						 &r->addr) :
			      0;
		if (r->up && !len)
			return 0;
		l32 = (uint32_t)len;
		memcpy(out + off + 9 + RP_CELL_REASON_LEN, &l32, 4);
		off += RP_CLRAIL_HEAD + len;
	}
	return off;
}

/* One rail of the partner's from @in; the bytes it took, 0 when bad. */
static size_t rp_clround_unpack1(struct rp_clrail *r, const uint8_t *in,
				 size_t len)
{
	uint32_t l32;

	if (len < RP_CLRAIL_HEAD)
		return 0;
	memset(r, 0, sizeof(*r));
	r->up = in[0];
	memcpy(&r->ceiling, in + 1, 8);
	memcpy(r->reason, in + 9, RP_CELL_REASON_LEN);
	r->reason[RP_CELL_REASON_LEN - 1] = 0;
	memcpy(&l32, in + 9 + RP_CELL_REASON_LEN, 4);
	if (l32 > len - RP_CLRAIL_HEAD)
		return 0;
	if (r->up && rp_msg_decode_rail(in + RP_CLRAIL_HEAD, l32, &r->addr))
		return 0;
	return RP_CLRAIL_HEAD + l32;
}

int rp_clround_unpack(struct rp_clround *s, const uint8_t *in, size_t len)
{
	size_t off = 4, used;
	uint32_t n32;
	unsigned int i;

	if (len < 4)
		goto bad;
	memcpy(&n32, in, 4);
	if (n32 != s->n) {
		rp_err("the partner has %u rails, this host %u: give every "
		       "host the same rails with -d",
		       n32, s->n);
		return -EBADMSG;
	}
	for (i = 0; i < s->n; i++, off += used) {
		used = rp_clround_unpack1(&s->peer[i], in + off, len - off);
		if (!used)
			goto bad;
	}
	return 0;
bad:
	rp_err("the partner's rails could not be read (%zu bytes)", len);
	return -EBADMSG;
}

/* The engine's settings of a round: the plan's (rail_multi_bw -b's: a
 * verb that pulls reads into the upper halves; one whose messages take
 * receives keeps -r of them posted both ways), for -s. */
static void rp_clround_bw_cfg(const struct rp_clround *s, struct rp_bw_cfg *cfg)
{
	*cfg = s->plan.bwcfg;
	cfg->size = s->c->o.size;
}

void rp_clround_connect(struct rp_clround *s, unsigned int shift, bool first,
			uint32_t *ready)
{
	struct rp_bw_cfg cfg;
	unsigned int i, j;
	int ret;

	*ready = 0;
	for (i = 0; i < s->n; i++) {
		j = rp_sched_peer_rail(shift, s->n, i, first);
		if (!s->local[i].up || !s->peer[j].up)
			continue;
		ret = rp_rail_connect(&s->rails[i], &s->peer[j].addr);
		if (ret) {
			rp_clround_down(&s->local[i],
					"%s on %s: connecting the QPs: %s",
					s->spec[i].dev, s->me, strerror(-ret));
			continue;
		}
		rp_clround_bw_cfg(s, &cfg);
		/* SEND: the partner's first message finds a receive (both
		 * sides post before they say ready) */
		ret = cfg.duplex ? rp_bw_recv_prepost(&s->rails[i], &cfg) : 0;
		if (ret) {
			rp_clround_down(&s->local[i],
					"%s on %s: posting receives: %s",
					s->spec[i].dev, s->me, strerror(-ret));
			continue;
		}
		*ready |= 1u << i;
	}
}

/* Rail @i's cell when it did not run: the first reason known. */
static void rp_clround_why(const struct rp_clround *s, unsigned int i,
			   unsigned int j, const char *partner,
			   struct rp_cell *c)
{
	c->status = RP_CELL_FAIL;
	if (!s->local[i].up)
		snprintf(c->reason, sizeof(c->reason), "%s",
			 s->local[i].reason);
	else if (!s->peer[j].up)
		snprintf(c->reason, sizeof(c->reason), "%s", s->peer[j].reason);
	else
		snprintf(c->reason, sizeof(c->reason),
			 "%.20s on %.24s: the QPs did not connect (see its "
			 "output)",
			 s->spec[j].dev, partner);
}

/* Rail's cell from its worker: ok with its window, or the error. */
static void rp_clround_cell(const struct rp_clround *s,
			    const struct rp_worker *w, struct rp_cell *c)
{
	const struct rp_bw_out *o = &w->out;
	uint64_t ns = o->end_ns > o->start_ns ? o->end_ns - o->start_ns : 0;

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

/* The engine over the @k rails of @run (copies of s->rails: the
 * workers only post and poll); each worker's result into @w. */
static int rp_clround_multi(struct rp_clround *s, struct rp_rail *run,
			    const struct rp_rail_addr *peers, const int *cpus,
			    unsigned int k, struct rp_worker *w)
{
	size_t al = _Alignof(struct rp_multi);
	struct rp_multi *mu =
		aligned_alloc(al, (sizeof(*mu) + al - 1) / al * al);
	struct rp_bw_cfg cfg;
	unsigned int i;
	int ret;

	if (!mu)
		return -ENOMEM;
	memset(mu, 0, sizeof(*mu));
	rp_clround_bw_cfg(s, &cfg); /* its verb too */
	ret = rp_multi_start(mu, run, peers, k, &cfg,
			     s->topo.t ? &s->topo : NULL, cpus);
	if (!ret)
		ret = rp_clround_watch(mu);
	rp_multi_join(mu); /* each rail's error stays in its w[].ret */
	memcpy(w, mu->w, k * sizeof(*w));
	for (i = 0; i < k && ret && ret != -EINTR; i++)
		w[i].ret = ret; /* the rails did not start */
	free(mu);
	return ret == -EINTR ? ret : 0;
}

/* The lower of two ceilings, 0 (unknown) when either is. */
static double rp_clround_min_known(double a, double b)
{
	return a > 0 && b > 0 ? (a < b ? a : b) : 0;
}

int rp_clround_run(struct rp_clround *s, unsigned int shift, bool first,
		   uint32_t both, const char *partner, struct rp_cell *cells)
{
	struct rp_rail_addr *peers = calloc(s->n, sizeof(*peers));
	struct rp_worker *w = calloc(s->n, sizeof(*w));
	struct rp_rail run[RP_MAX_RAILS];
	unsigned int i, j, k = 0, at[RP_MAX_RAILS];
	int cpus[RP_MAX_RAILS], ret = -ENOMEM;

	memset(cells, 0, s->n * sizeof(*cells));
	for (i = 0; i < s->n && peers && w; i++) {
		j = rp_sched_peer_rail(shift, s->n, i, first);
		cells[i].ceiling = rp_clround_min_known(s->local[i].ceiling,
							s->peer[j].ceiling);
		if (!(both & (1u << i))) {
			rp_clround_why(s, i, j, partner, &cells[i]);
			continue;
		}
		at[k] = i;
		cpus[k] = s->cpus[i];
		run[k] = s->rails[i];
		rp_plan_peer(&s->plan, &s->peer[j].addr, &peers[k++]);
	}
	if (peers && w)
		ret = k ? rp_clround_multi(s, run, peers, cpus, k, w) : 0;
	for (i = 0; i < k && !ret; i++)
		rp_clround_cell(s, &w[i], &cells[at[i]]);
	free(peers);
	free(w);
	return ret;
}
