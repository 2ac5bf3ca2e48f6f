// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "proto/rp_proto.h"
#include "cluster/rp_sched.h"
#include "cluster/rp_wiremap.h"

#define RP_WMAP_E(m) ((size_t)(m)->hosts * (m)->rails)

static size_t rp_wmap_x(const struct rp_wmap *m, unsigned int h, unsigned int i)
{
	return (size_t)h * m->rails + i;
}

const char *rp_wmap_why_text(enum rp_wwhy w)
{
	switch (w) {
	case RP_WWHY_LINK: return "linked";
	case RP_WWHY_NOCABLE:
		return "no cable: not on one segment and no subnet in common";
	case RP_WWHY_NOSUBNET:
		return "cabled (one segment) but no subnet in common";
	case RP_WWHY_DOWN: return "a port or its link is down";
	case RP_WWHY_NOLL:
		return "no subnet in common, and no IPv6 link local address "
		       "to find a cable by";
	default: return "unknown";
	}
}

enum rp_wwhy rp_wmap_why(const struct rp_wmap *m, unsigned int h,
			 unsigned int i, unsigned int g, unsigned int j)
{
	if (h == g || h >= m->hosts || g >= m->hosts || i >= m->rails ||
	    j >= m->rails)
		return RP_WWHY_NOCABLE;
	return (enum rp_wwhy)
		m->why[rp_wmap_x(m, h, i) * RP_WMAP_E(m) + rp_wmap_x(m, g, j)];
}

bool rp_wmap_path(const struct rp_wmap *m, unsigned int h, unsigned int i,
		  unsigned int g, unsigned int j)
{
	return h != g && rp_wmap_why(m, h, i, g, j) == RP_WWHY_LINK;
}

bool rp_wmap_linked(const struct rp_wmap *m, unsigned int h, unsigned int g)
{
	unsigned int i, j;

	for (i = 0; i < m->rails; i++)
		for (j = 0; j < m->rails; j++)
			if (rp_wmap_path(m, h, i, g, j))
				return true;
	return false;
}

/* What neighbour discovery says of ends @x and @y, either way. */
static enum rp_wseen rp_wmap_seen1(const struct rp_wmap *m,
				   const uint8_t *heard, size_t x, size_t y)
{
	const struct rp_wend *a = &m->ends[x], *b = &m->ends[y];

	if (a->has_mac && b->has_mac && !memcmp(a->mac, b->mac, 6))
		return RP_WSEEN_YES; /* one netdev: ranks on one host */
	if (!a->has_ll || !b->has_ll || !a->ndev[0] || !b->ndev[0])
		return RP_WSEEN_UNKNOWN;
	return heard[x * RP_WMAP_E(m) + y] || heard[y * RP_WMAP_E(m) + x] ?
		       RP_WSEEN_YES :
		       RP_WSEEN_NO;
}

/* The rule of two ends of two hosts (the header's table). */
static enum rp_wwhy rp_wmap_rule(const struct rp_wend *a,
				 const struct rp_wend *b, enum rp_wseen seen,
				 unsigned int *ia, unsigned int *ib)
{
	bool sub = rp_wend_subnet(a, b, ia, ib);

	if (!a->up || !b->up)
		return RP_WWHY_DOWN;
	if (sub)
		return RP_WWHY_LINK;
	if (seen == RP_WSEEN_YES)
		return RP_WWHY_NOSUBNET;
	return seen == RP_WSEEN_NO ? RP_WWHY_NOCABLE : RP_WWHY_NOLL;
}

/* One combination: its seen and why (both ways), its link or miswire. */
static void rp_wmap_pair(struct rp_wmap *m, const uint8_t *heard,
			 unsigned int h, unsigned int i, unsigned int g,
			 unsigned int j)
{
	size_t x = rp_wmap_x(m, h, i), y = rp_wmap_x(m, g, j), e = RP_WMAP_E(m);
	enum rp_wseen seen = rp_wmap_seen1(m, heard, x, y);
	unsigned int ia = 0, ib = 0;
	enum rp_wwhy w = rp_wmap_rule(&m->ends[x], &m->ends[y], seen, &ia, &ib);

	m->seen[x * e + y] = m->seen[y * e + x] = (uint8_t)seen;
	m->why[x * e + y] = m->why[y * e + x] = (uint8_t)w;
	if (w == RP_WWHY_LINK)
		m->links[m->nlinks++] =
			(struct rp_wlink){ h, i, g, j, ia, ib, seen };
	else if (w == RP_WWHY_NOSUBNET)
		m->mis[m->nmis++] =
			(struct rp_wmis){ RP_WMIS_SUBNET, h, i, g, j, i, j };
}

/* Host @h's rail on link @l (one of its ends). */
static uint32_t rp_wlink_rail(const struct rp_wlink *l, uint32_t h)
{
	return l->a == h ? l->ra : l->rb;
}

static uint32_t rp_wlink_other(const struct rp_wlink *l, uint32_t h)
{
	return l->a == h ? l->b : l->a;
}

/* Each host's two links (@nb, 2 a host) when every host has exactly two,
 * to two hosts, on two rails. */
static bool rp_wmap_degree2(const struct rp_wmap *m, unsigned int *nb)
{
	unsigned int *deg = calloc(m->hosts, sizeof(*deg)), k, h;
	bool ok = deg != NULL;

	for (k = 0; ok && k < m->nlinks; k++) {
		const uint32_t end[2] = { m->links[k].a, m->links[k].b };

		for (h = 0; h < 2 && ok; h++) {
			ok = deg[end[h]] < 2;
			if (ok)
				nb[2 * end[h] + deg[end[h]]++] = k;
		}
	}
	for (h = 0; ok && h < m->hosts; h++) {
		const struct rp_wlink *l0 = &m->links[nb[2 * h]],
				      *l1 = &m->links[nb[2 * h + 1]];

		ok = deg[h] == 2 &&
		     rp_wlink_other(l0, h) != rp_wlink_other(l1, h) &&
		     rp_wlink_rail(l0, h) != rp_wlink_rail(l1, h);
	}
	free(deg);
	return ok;
}

/* The walk from host 0 around the ring into m->order and each step's
 * link into @via (via[k]: order[k] -> order[k + 1 mod N]); false when
 * the links are several cycles. */
static bool rp_wmap_walk(struct rp_wmap *m, const unsigned int *nb,
			 unsigned int *via)
{
	unsigned int k, h = 0, l = nb[0];

	for (k = 0; k < m->hosts; k++) {
		if (k && h == 0)
			return false; /* back at the start too early */
		m->order[k] = h;
		via[k] = l;
		h = rp_wlink_other(&m->links[l], h);
		l = nb[2 * h] == l ? nb[2 * h + 1] : nb[2 * h];
	}
	return h == 0;
}

/* The port rule over a walked ring: each host enters on one rail and
 * leaves on another; the pair most hosts have (the first host's on a tie)
 * is what the ring expects, and a link that joins other rails is named. */
static void rp_wmap_ports(struct rp_wmap *m, const unsigned int *via)
{
	unsigned int n = m->hosts, k, c, cnt, bcnt = 0;
	uint32_t in, out, win = 0, wout = 0;

	for (k = 0; k < n; k++) {
		uint32_t h = m->order[k];

		in = rp_wlink_rail(&m->links[via[(k + n - 1) % n]], h);
		out = rp_wlink_rail(&m->links[via[k]], h);
		for (c = 0, cnt = 0; c < n; c++) {
			uint32_t g = m->order[c];

			cnt += rp_wlink_rail(&m->links[via[(c + n - 1) % n]],
					     g) == in &&
			       rp_wlink_rail(&m->links[via[c]], g) == out;
		}
		if (cnt > bcnt) {
			bcnt = cnt;
			win = in;
			wout = out;
		}
	}
	for (k = 0; k < n; k++) {
		const struct rp_wlink *l = &m->links[via[k]];
		uint32_t a = m->order[k], b = m->order[(k + 1) % n];

		if (rp_wlink_rail(l, a) == wout && rp_wlink_rail(l, b) == win)
			continue;
		m->mis[m->nmis++] = (struct rp_wmis){ RP_WMIS_PORT,
						      a,
						      rp_wlink_rail(l, a),
						      b,
						      rp_wlink_rail(l, b),
						      wout,
						      win };
	}
}

/* Ring detection (3 hosts or more) and its port rule. */
static int rp_wmap_ring(struct rp_wmap *m)
{
	unsigned int *nb, *via;

	if (m->hosts < 3 || m->nlinks != m->hosts)
		return 0;
	nb = calloc(2 * (size_t)m->hosts, sizeof(*nb));
	via = calloc(m->hosts, sizeof(*via));
	m->order = calloc(m->hosts, sizeof(*m->order));
	if (!nb || !via || !m->order) {
		free(nb);
		free(via);
		return -ENOMEM;
	}
	m->ring = rp_wmap_degree2(m, nb) && rp_wmap_walk(m, nb, via);
	if (m->ring)
		rp_wmap_ports(m, via);
	free(nb);
	free(via);
	return 0;
}

/* The MTU rule over the links; cross and the default pairing. */
static void rp_wmap_after(struct rp_wmap *m)
{
	unsigned int k, h, i, j, ia, ib;

	for (k = 0; k < m->nlinks; k++) {
		const struct rp_wlink *l = &m->links[k];
		const struct rp_wend *a = &m->ends[rp_wmap_x(m, l->a, l->ra)],
				     *b = &m->ends[rp_wmap_x(m, l->b, l->rb)];

		m->cross |= l->ra != l->rb;
		if (a->mtu && b->mtu && a->mtu != b->mtu)
			m->mis[m->nmis++] =
				(struct rp_wmis){ RP_WMIS_MTU, l->a,  l->ra,
						  l->b,	       l->rb, l->ra,
						  l->rb };
	}
	for (h = 0; h < m->hosts; h++)
		for (i = 0; i < m->rails; i++)
			for (j = i + 1; j < m->rails; j++) {
				const struct rp_wend *a, *b;

				a = &m->ends[rp_wmap_x(m, h, i)];
				b = &m->ends[rp_wmap_x(m, h, j)];
				if (a->naddr && b->naddr &&
				    !rp_wend_subnet(a, b, &ia, &ib))
					m->many_subnets = true;
			}
	m->map_default = m->many_subnets && m->nlinks > 0;
}

int rp_wmap_build(struct rp_wmap *m, unsigned int hosts, unsigned int rails,
		  const struct rp_wend *ends, const uint8_t *heard)
{
	unsigned int h, g, i, j;
	size_t e = (size_t)hosts * rails, pairs;

	memset(m, 0, sizeof(*m));
	if (hosts < 2 || hosts > RP_SCHED_MAX_HOSTS || !rails ||
	    rails > RP_MAX_RAILS)
		return -EINVAL;
	if (e > RP_WMAP_MAX_ENDS)
		return -E2BIG;
	m->hosts = hosts;
	m->rails = rails;
	m->ends = ends;
	pairs = e * e / 2 + 1;
	m->why = calloc(e * e, 1);
	m->seen = calloc(e * e, 1);
	m->links = calloc(pairs, sizeof(*m->links));
	m->mis = calloc(2 * pairs + hosts, sizeof(*m->mis));
	if (!m->why || !m->seen || !m->links || !m->mis) {
		rp_wmap_fini(m);
		return -ENOMEM;
	}
	for (h = 0; h < hosts; h++)
		for (g = h + 1; g < hosts; g++)
			for (i = 0; i < rails; i++)
				for (j = 0; j < rails; j++)
					rp_wmap_pair(m, heard, h, i, g, j);
	if (rp_wmap_ring(m)) {
		rp_wmap_fini(m);
		return -ENOMEM;
	}
	rp_wmap_after(m);
	return 0;
}

void rp_wmap_fini(struct rp_wmap *m)
{
	free(m->why);
	free(m->seen);
	free(m->links);
	free(m->mis);
	free(m->order);
	memset(m, 0, sizeof(*m));
}
