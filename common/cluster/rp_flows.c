// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cluster/rp_flows.h"

/* A flow and the round it was put in. */
struct rp_fplaced {
	struct rp_flow f;
	unsigned int round, shift;
};

/* Rounds from @n placed flows in @nr rounds (each round's flows in
 * placement order). */
static int rp_flows_fill(struct rp_flows *f, const struct rp_fplaced *pl,
			 unsigned int n, unsigned int nr)
{
	unsigned int r, i, at = 0;

	f->nrounds = nr;
	f->rounds = calloc((size_t)nr + 1, sizeof(*f->rounds));
	f->all = calloc((size_t)n + 1, sizeof(*f->all));
	if (!f->rounds || !f->all) {
		rp_flows_fini(f);
		return -ENOMEM;
	}
	for (r = 0; r < nr; r++) {
		struct rp_fround *rd = &f->rounds[r];

		rd->flows = &f->all[at];
		for (i = 0; i < n; i++)
			if (pl[i].round == r) {
				rd->shift = pl[i].shift;
				f->all[at++] = pl[i].f;
			}
		rd->nflows = (unsigned int)(&f->all[at] - rd->flows);
	}
	return 0;
}

int rp_flows_from_sched(struct rp_flows *f, const struct rp_sched *s)
{
	unsigned int r, p, i, n = 0, R = s->rails;
	struct rp_fplaced *pl;
	size_t all = 0;
	int ret;

	memset(f, 0, sizeof(*f));
	f->hosts = s->hosts;
	f->rails = R;
	for (r = 0; r < s->nrounds; r++)
		all += (size_t)s->rounds[r].npairs * R;
	pl = calloc(all + 1, sizeof(*pl));
	if (!pl)
		return -ENOMEM;
	for (r = 0; r < s->nrounds; r++) {
		const struct rp_round *rd = &s->rounds[r];

		for (p = 0; p < rd->npairs; p++)
			for (i = 0; i < R; i++)
				pl[n++] = (struct rp_fplaced){
					{ rd->pairs[p].a, i, rd->pairs[p].b,
					  rp_sched_peer_rail(rd->shift, R, i,
							     true),
					  RP_FLOW_BOTH },
					r,
					rd->shift
				};
	}
	ret = rp_flows_fill(f, pl, n, s->nrounds);
	free(pl);
	return ret;
}

/* Flows of @kind from @a to @b into @pl: the rail pairs with a path, or
 * (@path NULL) rail i to rail i; their number. */
static unsigned int rp_flows_links(rp_flows_path_fn path, const void *ctx,
				   unsigned int rails, unsigned int a,
				   unsigned int b, enum rp_flow_kind kind,
				   struct rp_fplaced *pl)
{
	unsigned int i, j, n = 0;

	for (i = 0; i < rails; i++)
		for (j = 0; j < rails; j++)
			if (path ? path(ctx, a, i, b, j) : i == j)
				pl[n++].f =
					(struct rp_flow){ a, i, b, j, kind };
	return n;
}

/* First fit of @fl: the first round (growing @busy, one byte per end a
 * round) where neither of its ends is busy. */
static int rp_flows_fit(uint8_t **busy, unsigned int *nr, size_t ends,
			unsigned int rails, const struct rp_flow *fl)
{
	size_t x = (size_t)fl->a * rails + fl->ra,
	       y = (size_t)fl->b * rails + fl->rb;
	unsigned int r;
	uint8_t *b;

	for (r = 0; r < *nr; r++)
		if (!(*busy)[r * ends + x] && !(*busy)[r * ends + y])
			break;
	if (r == *nr) {
		b = realloc(*busy, (*nr + 1) * ends);
		if (!b)
			return -ENOMEM;
		memset(b + *nr * ends, 0, ends);
		*busy = b;
		(*nr)++;
	}
	(*busy)[r * ends + x] = (*busy)[r * ends + y] = 1;
	return (int)r;
}

int rp_flows_from_links(struct rp_flows *f, const struct rp_sched *order,
			rp_flows_path_fn path, const void *ctx)
{
	size_t ends = (size_t)order->hosts * order->rails, cap = 1;
	unsigned int r, p, k, n = 0, nr = 0;
	struct rp_fplaced *pl;
	uint8_t *busy = NULL;
	int ret, at;

	memset(f, 0, sizeof(*f));
	for (r = 0; r < order->nrounds; r++)
		cap += (size_t)order->rounds[r].npairs * order->rails *
		       order->rails;
	pl = calloc(cap, sizeof(*pl));
	ret = pl ? 0 : -ENOMEM;
	f->hosts = order->hosts;
	f->rails = order->rails;
	for (r = 0; !ret && r < order->nrounds; r++)
		for (p = 0; p < order->rounds[r].npairs; p++)
			n += rp_flows_links(path, ctx, order->rails,
					    order->rounds[r].pairs[p].a,
					    order->rounds[r].pairs[p].b,
					    RP_FLOW_BOTH, pl + n);
	if (!ret && !n)
		ret = -ENOENT;
	for (k = 0; !ret && k < n; k++) {
		at = rp_flows_fit(&busy, &nr, ends, order->rails, &pl[k].f);
		if (at < 0)
			ret = at;
		pl[k].round = (unsigned int)at;
	}
	if (!ret)
		ret = rp_flows_fill(f, pl, n, nr);
	free(busy);
	free(pl);
	return ret;
}

/* Host ends of one round over the limit: -E2BIG. */
static int rp_flows_limit(const struct rp_flows *f)
{
	unsigned int r, h, i, n;

	for (r = 0; r < f->nrounds; r++)
		for (h = 0; h < f->hosts; h++) {
			for (i = 0, n = 0; i < f->rounds[r].nflows; i++) {
				const struct rp_flow *x =
					&f->rounds[r].flows[i];

				n += (x->a == h) + (x->b == h);
			}
			if (n > RP_FLOWS_MAX_ENDS)
				return -E2BIG;
		}
	return 0;
}

/* A one-round pattern's @n flows @pl into @f, all in round 1; -E2BIG (and
 * @f emptied) when a host would have more ends in it than a round takes,
 * else rp_flows_fill's result. */
static int rp_flows_one_round(struct rp_flows *f, const struct rp_fplaced *pl,
			      unsigned int n)
{
	int ret = rp_flows_fill(f, pl, n, 1);

	if (!ret && rp_flows_limit(f)) {
		rp_flows_fini(f);
		ret = -E2BIG;
	}
	return ret;
}

int rp_flows_ring(struct rp_flows *f, unsigned int hosts, unsigned int rails,
		  const uint32_t *ring, rp_flows_path_fn path, const void *ctx,
		  unsigned int *bad)
{
	struct rp_fplaced *pl =
		calloc((size_t)hosts * rails * rails + 1, sizeof(*pl));
	unsigned int k, n = 0, got;
	int ret = pl ? 0 : -ENOMEM;

	memset(f, 0, sizeof(*f));
	f->hosts = hosts;
	f->rails = rails;
	for (k = 0; !ret && k < hosts; k++) {
		got = rp_flows_links(path, ctx, rails, ring[k],
				     ring[(k + 1) % hosts], RP_FLOW_ONEWAY,
				     pl + n);
		if (!got) {
			*bad = k;
			ret = -ENOENT;
		}
		n += got;
	}
	if (!ret)
		ret = rp_flows_one_round(f, pl, n);
	free(pl);
	return ret;
}

int rp_flows_incast(struct rp_flows *f, unsigned int hosts, unsigned int rails,
		    unsigned int dst, rp_flows_path_fn path, const void *ctx)
{
	struct rp_fplaced *pl =
		calloc((size_t)hosts * rails * rails + 1, sizeof(*pl));
	unsigned int h, n = 0;
	int ret = pl ? 0 : -ENOMEM;

	memset(f, 0, sizeof(*f));
	f->hosts = hosts;
	f->rails = rails;
	for (h = 0; !ret && h < hosts; h++)
		if (h != dst)
			n += rp_flows_links(path, ctx, rails, h, dst,
					    RP_FLOW_ONEWAY, pl + n);
	if (!ret && !n)
		ret = -ENOENT;
	if (!ret)
		ret = rp_flows_one_round(f, pl, n);
	free(pl);
	return ret;
}

unsigned int rp_flows_ends(const struct rp_fround *r, unsigned int host,
			   struct rp_fend *out)
{
	unsigned int i, n = 0;

	for (i = 0; i < r->nflows && n < RP_FLOWS_MAX_ENDS; i++) {
		const struct rp_flow *x = &r->flows[i];
		bool both = x->kind == RP_FLOW_BOTH;

		if (x->a == host)
			out[n++] = (struct rp_fend){ i, x->ra, x->b, x->rb,
						     both ? RP_END_BOTH :
							    RP_END_SEND };
		if (x->b == host && n < RP_FLOWS_MAX_ENDS)
			out[n++] = (struct rp_fend){ i, x->rb, x->a, x->ra,
						     both ? RP_END_BOTH :
							    RP_END_RECV };
	}
	return n;
}

int rp_flows_encode(const struct rp_flows *f, uint32_t **w, uint32_t *len)
{
	uint32_t nf = 0, r, i, at;

	for (r = 0; r < f->nrounds; r++)
		nf += f->rounds[r].nflows;
	*len = 2 + 2 * f->nrounds + 5 * nf;
	*w = calloc(*len, sizeof(**w));
	if (!*w)
		return -ENOMEM;
	(*w)[0] = f->nrounds;
	(*w)[1] = nf;
	at = 2 + 2 * f->nrounds;
	for (r = 0; r < f->nrounds; r++) {
		(*w)[2 + 2 * r] = f->rounds[r].shift;
		(*w)[3 + 2 * r] = f->rounds[r].nflows;
		for (i = 0; i < f->rounds[r].nflows; i++) {
			const struct rp_flow *x = &f->rounds[r].flows[i];

			memcpy(&(*w)[at], x, sizeof(*x));
			at += 5;
		}
	}
	return 0;
}

/* The most flows: every pair of hosts on every pair of rails. */
static uint64_t rp_flows_max(unsigned int hosts, unsigned int rails)
{
	return (uint64_t)hosts * (hosts - 1) / 2 * rails * rails;
}

uint64_t rp_flows_words_max(unsigned int hosts, unsigned int rails)
{
	return 2 + 7 * rp_flows_max(hosts, rails);
}

/* The fault @fmt into @why; -EBADMSG. */
__attribute__((format(printf, 3, 4))) static int
rp_flows_bad(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
	return -EBADMSG;
}

/* The header words: counts in range and the length that follows. */
static int rp_flows_check_head(const uint32_t *w, size_t len,
			       unsigned int hosts, unsigned int rails,
			       char *why, size_t wl)
{
	uint64_t want, max;

	if (hosts < 2 || hosts > RP_SCHED_MAX_HOSTS || !rails ||
	    rails > RP_MAX_RAILS)
		return rp_flows_bad(why, wl,
				    "%u hosts and %u rails: out of range",
				    hosts, rails);
	if (len < 2)
		return rp_flows_bad(why, wl, "%zu words, fewer than 2", len);
	max = rp_flows_max(hosts, rails);
	if (!w[0] || w[0] > max || w[1] > max)
		return rp_flows_bad(why, wl,
				    "%u rounds of %u flows in all: out of "
				    "range for %u hosts",
				    w[0], w[1], hosts);
	want = 2 + 2 * (uint64_t)w[0] + 5 * (uint64_t)w[1];
	if (want != len)
		return rp_flows_bad(why, wl,
				    "%zu words where %u rounds of %u flows "
				    "take %llu",
				    len, w[0], w[1], (unsigned long long)want);
	return 0;
}

/* Per end and host of the round being checked: how it is used. */
struct rp_fuse {
	uint32_t *stamp; /* [ends]: round + 1 when the counts are this round's */
	uint8_t *both, *send, *recv;
	uint32_t *hstamp, *hends; /* [hosts] */
};

/* One end (@h, @rail) of a flow of @kind (@recv: its receiving end) in
 * round @r; a fault into @why. */
static int rp_fuse_end(struct rp_fuse *u, const struct rp_flows *f, uint32_t r,
		       uint32_t h, uint32_t rail, uint32_t kind, bool recv,
		       char *why, size_t wl)
{
	size_t x = (size_t)h * f->rails + rail;

	if (u->stamp[x] != r + 1) {
		u->stamp[x] = r + 1;
		u->both[x] = u->send[x] = u->recv[x] = 0;
	}
	if (u->hstamp[h] != r + 1) {
		u->hstamp[h] = r + 1;
		u->hends[h] = 0;
	}
	if (++u->hends[h] > RP_FLOWS_MAX_ENDS)
		return rp_flows_bad(why, wl,
				    "round %u: host %u in more than %d flows",
				    r + 1, h, RP_FLOWS_MAX_ENDS);
	if (kind == RP_FLOW_BOTH ? u->both[x] || u->send[x] || u->recv[x] :
				   u->both[x] || (!recv && u->send[x]))
		return rp_flows_bad(why, wl,
				    "round %u: rail %u of host %u in two flows",
				    r + 1, rail, h);
	if (kind == RP_FLOW_BOTH)
		u->both[x] = 1;
	else if (recv)
		u->recv[x] = 1;
	else
		u->send[x] = 1;
	return 0;
}

/* Flow @x of round @r in range and by the round's rule. */
static int rp_flows_check_flow(struct rp_fuse *u, const struct rp_flows *f,
			       uint32_t r, const struct rp_flow *x, char *why,
			       size_t wl)
{
	int ret;

	if (x->a >= f->hosts || x->b >= f->hosts || x->a == x->b)
		return rp_flows_bad(why, wl, "round %u: hosts %u and %u of %u",
				    r + 1, x->a, x->b, f->hosts);
	if (x->ra >= f->rails || x->rb >= f->rails)
		return rp_flows_bad(why, wl, "round %u: rails %u and %u of %u",
				    r + 1, x->ra, x->rb, f->rails);
	if (x->kind >= RP_FLOW_KINDS)
		return rp_flows_bad(why, wl, "round %u: flow kind %u", r + 1,
				    x->kind);
	ret = rp_fuse_end(u, f, r, x->a, x->ra, x->kind, false, why, wl);
	return ret ? ret :
		     rp_fuse_end(u, f, r, x->b, x->rb, x->kind, true, why, wl);
}

/* The rounds of a checked header. */
static int rp_flows_rounds(struct rp_flows *f, const uint32_t *w,
			   struct rp_fuse *u, char *why, size_t wl)
{
	uint64_t at = 0;
	uint32_t r, i;
	int ret;

	for (r = 0; r < f->nrounds; r++) {
		struct rp_fround *rd = &f->rounds[r];

		rd->shift = w[2 + 2 * r];
		rd->nflows = w[3 + 2 * r];
		if (rd->shift >= f->rails)
			return rp_flows_bad(
				why, wl, "round %u: rail shift %u of %u rails",
				r + 1, rd->shift, f->rails);
		if (at + rd->nflows > w[1])
			return rp_flows_bad(why, wl,
					    "round %u: %u flows (%u in all)",
					    r + 1, rd->nflows, w[1]);
		rd->flows = &f->all[at];
		at += rd->nflows;
		for (i = 0; i < rd->nflows; i++) {
			ret = rp_flows_check_flow(u, f, r, &rd->flows[i], why,
						  wl);
			if (ret)
				return ret;
		}
	}
	if (at != w[1])
		return rp_flows_bad(
			why, wl,
			"the rounds hold %llu flows, the header says %u",
			(unsigned long long)at, w[1]);
	return 0;
}

static void rp_fuse_free(struct rp_fuse *u)
{
	free(u->stamp);
	free(u->both);
	free(u->send);
	free(u->recv);
	free(u->hstamp);
	free(u->hends);
}

int rp_flows_decode(struct rp_flows *f, const uint32_t *w, size_t len,
		    unsigned int hosts, unsigned int rails, char *why,
		    size_t why_len)
{
	size_t ends = (size_t)hosts * rails;
	struct rp_fuse u = { 0 };
	int ret;

	memset(f, 0, sizeof(*f));
	ret = rp_flows_check_head(w, len, hosts, rails, why, why_len);
	if (ret)
		return ret;
	f->hosts = hosts;
	f->rails = rails;
	f->nrounds = w[0];
	f->rounds = calloc(w[0], sizeof(*f->rounds));
	f->all = calloc((size_t)w[1] + 1, sizeof(*f->all));
	u.stamp = calloc(ends, sizeof(*u.stamp));
	u.both = calloc(ends, 1);
	u.send = calloc(ends, 1);
	u.recv = calloc(ends, 1);
	u.hstamp = calloc(hosts, sizeof(*u.hstamp));
	u.hends = calloc(hosts, sizeof(*u.hends));
	ret = f->rounds && f->all && u.stamp && u.both && u.send && u.recv &&
			      u.hstamp && u.hends ?
		      0 :
		      -ENOMEM;
	if (!ret) {
		memcpy(f->all, w + 2 + 2 * (size_t)w[0],
		       5 * (size_t)w[1] * sizeof(*w));
		ret = rp_flows_rounds(f, w, &u, why, why_len);
	}
	rp_fuse_free(&u);
	if (ret)
		rp_flows_fini(f);
	return ret;
}

void rp_flows_fini(struct rp_flows *f)
{
	free(f->rounds);
	free(f->all);
	f->rounds = NULL;
	f->all = NULL;
	f->nrounds = 0;
}
