// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "topo/rp_railset.h"

#define RP_INF 1e18
#define RP_EPS 1e-9

/* A flow network as a residual capacity matrix. */
struct rp_net {
	unsigned int n; /* nodes: 0 source, 1 sink, then links, rails, ports */
	double *c;	/* c[i * n + j] */
	const char *name[2 + RP_RAILSET_MAX * (RP_PCIE_MAX_HOPS + 2)];
	unsigned int nlinks, nports;
};

/* The node of link or port @name (its kind's range), added if new. */
static unsigned int rp_net_node(struct rp_net *g, const char *name,
				unsigned int first, unsigned int *count)
{
	unsigned int i;

	for (i = first; i < first + *count; i++)
		if (!strcmp(g->name[i], name))
			return i;
	g->name[i] = name;
	(*count)++;
	return i;
}

static void rp_net_edge(struct rp_net *g, unsigned int a, unsigned int b,
			double cap)
{
	g->c[a * g->n + b] = cap > 0 ? cap : RP_INF;
}

/* Source -> top link -> ... -> the device's link -> node @rail. */
static void rp_net_path(struct rp_net *g, const struct rp_railset_rail *r,
			unsigned int rail)
{
	const struct rp_pcie *pc = r->pcie;
	unsigned int up = 0, node, h;

	for (h = pc ? pc->nhops : 0; h-- > 0;) {
		node = rp_net_node(g, pc->hop[h].addr, 2, &g->nlinks);
		rp_net_edge(g, up, node, rp_pcie_hop_gbps(&pc->hop[h], r->dir));
		up = node;
	}
	rp_net_edge(g, up, rail, r->cap);
}

/* Nodes: 0 source, 1 sink, links, rails, ports. Names first (to size the
 * matrix), then the edges. */
static int rp_net_build(struct rp_net *g, const struct rp_railset_rail *r,
			unsigned int n, const bool *use)
{
	unsigned int i, h, rails = 0, rail, ports, port;

	memset(g, 0, sizeof(*g));
	for (i = 0; i < n; i++) {
		if (use && !use[i])
			continue;
		rails++;
		for (h = 0; r[i].pcie && h < r[i].pcie->nhops; h++)
			rp_net_node(g, r[i].pcie->hop[h].addr, 2, &g->nlinks);
	}
	g->n = 2 + g->nlinks + 2 * rails;
	g->c = calloc((size_t)g->n * g->n, sizeof(*g->c));
	if (!g->c)
		return -ENOMEM;
	rail = 2 + g->nlinks;
	ports = rail + rails;
	for (i = 0; i < n; i++) {
		if (use && !use[i])
			continue;
		rp_net_path(g, &r[i], rail);
		port = rp_net_node(g, r[i].port_key, ports, &g->nports);
		rp_net_edge(g, rail, port, 0);
		/* a port's wire: the largest its rails report (MTUs differ) */
		if (!g->c[port * g->n + 1] ||
		    (r[i].port_cap > 0 &&
		     r[i].port_cap > g->c[port * g->n + 1]))
			rp_net_edge(g, port, 1, r[i].port_cap);
		rail++;
	}
	return 0;
}

/* One shortest augmenting path (BFS); its bottleneck, 0 when none. */
static double rp_net_augment(struct rp_net *g, int *prev, unsigned int *q)
{
	unsigned int head = 0, tail = 0, u, v;
	double b = RP_INF;

	for (v = 0; v < g->n; v++)
		prev[v] = -1;
	prev[0] = 0;
	q[tail++] = 0;
	while (head < tail && prev[1] < 0) {
		u = q[head++];
		for (v = 0; v < g->n; v++)
			if (prev[v] < 0 && g->c[u * g->n + v] > RP_EPS) {
				prev[v] = (int)u;
				q[tail++] = v;
			}
	}
	if (prev[1] < 0)
		return 0;
	for (v = 1; v != 0; v = (unsigned int)prev[v])
		if (g->c[(unsigned int)prev[v] * g->n + v] < b)
			b = g->c[(unsigned int)prev[v] * g->n + v];
	for (v = 1; v != 0; v = (unsigned int)prev[v]) {
		g->c[(unsigned int)prev[v] * g->n + v] -= b;
		g->c[v * g->n + (unsigned int)prev[v]] += b;
	}
	return b;
}

double rp_railset_ceiling(const struct rp_railset_rail *r, unsigned int n,
			  const bool *use)
{
	unsigned int i, q[sizeof(((struct rp_net *)0)->name) / sizeof(char *)];
	int prev[sizeof(q) / sizeof(q[0])];
	struct rp_net g;
	double flow = 0, b;
	bool any = false;

	if (n > RP_RAILSET_MAX)
		return 0;
	for (i = 0; i < n; i++) {
		if (use && !use[i])
			continue;
		if (r[i].cap <= 0)
			return 0;
		any = true;
	}
	if (!any || rp_net_build(&g, r, n, use))
		return 0;
	while ((b = rp_net_augment(&g, prev, q)) > 0 && b < RP_INF)
		flow += b;
	free(g.c);
	return flow;
}

/* The next k-subset of 0..n-1 in lexicographic order; false after the
 * last. */
static bool rp_next_subset(unsigned int *idx, unsigned int k, unsigned int n)
{
	unsigned int i = k;

	while (i-- > 0) {
		if (idx[i] < n - k + i) {
			idx[i]++;
			while (++i < k)
				idx[i] = idx[i - 1] + 1;
			return true;
		}
	}
	return false;
}

static unsigned int rp_smallest_all(const struct rp_railset_rail *r,
				    unsigned int n, double target, bool *pick)
{
	unsigned int idx[RP_RAILSET_EXHAUSTIVE], k, i;

	for (k = 1; k <= n; k++) {
		for (i = 0; i < k; i++)
			idx[i] = i;
		do {
			memset(pick, 0, n * sizeof(*pick));
			for (i = 0; i < k; i++)
				pick[idx[i]] = true;
			if (rp_railset_ceiling(r, n, pick) >= target)
				return k;
		} while (rp_next_subset(idx, k, n));
	}
	return 0;
}

static unsigned int rp_smallest_greedy(const struct rp_railset_rail *r,
				       unsigned int n, double target,
				       bool *pick)
{
	double have = 0, best, c;
	unsigned int k, i, add;

	memset(pick, 0, n * sizeof(*pick));
	for (k = 0; k < n && have < target; k++) {
		best = -1;
		add = 0;
		for (i = 0; i < n; i++) {
			if (pick[i])
				continue;
			pick[i] = true;
			c = rp_railset_ceiling(r, n, pick);
			pick[i] = false;
			if (c > best) {
				best = c;
				add = i;
			}
		}
		pick[add] = true;
		have = best;
	}
	return k;
}

unsigned int rp_railset_smallest(const struct rp_railset_rail *r,
				 unsigned int n, bool *pick)
{
	double all = rp_railset_ceiling(r, n, NULL), target;

	if (all <= 0)
		return 0;
	target = all * (1 - 1e-4);
	if (n <= RP_RAILSET_EXHAUSTIVE)
		return rp_smallest_all(r, n, target, pick);
	return rp_smallest_greedy(r, n, target, pick);
}

/* Add rail @i to the group of @kind and @id, or start one; NULL if full. */
static struct rp_railset_group *rp_group_add(struct rp_railset_group *g,
					     unsigned int *ng, unsigned int max,
					     enum rp_railset_kind kind,
					     const char *id, double cap,
					     unsigned int i)
{
	unsigned int j;

	for (j = 0; j < *ng; j++)
		if (g[j].kind == kind && !strcmp(g[j].id, id))
			break;
	if (j == *ng) {
		if (*ng >= max)
			return NULL;
		memset(&g[j], 0, sizeof(g[j]));
		g[j].kind = kind;
		snprintf(g[j].id, sizeof(g[j].id), "%s", id);
		g[j].cap = cap;
		(*ng)++;
	}
	if (cap > 0 && (!g[j].cap || cap < g[j].cap))
		g[j].cap = cap;
	if (!g[j].member[i])
		g[j].count++;
	g[j].member[i] = true;
	return &g[j];
}

/* Drop groups of one rail, and a link whose rails an earlier link with a
 * smaller or equal ceiling already groups. */
static unsigned int rp_group_prune(struct rp_railset_group *g, unsigned int ng)
{
	unsigned int i, j, out = 0;
	bool dup;

	for (i = 0; i < ng; i++) {
		dup = g[i].count < 2;
		for (j = 0; j < out && !dup; j++)
			dup = g[j].kind == RP_GROUP_PCIE &&
			      g[i].kind == RP_GROUP_PCIE &&
			      !memcmp(g[j].member, g[i].member,
				      sizeof(g[i].member)) &&
			      (!g[i].cap || (g[j].cap && g[j].cap <= g[i].cap));
		if (!dup)
			g[out++] = g[i];
	}
	return out;
}

/* PCIe links first, then ports, then NICs; rail order within a kind. */
static void rp_group_sort(struct rp_railset_group *g, unsigned int ng)
{
	struct rp_railset_group t;
	unsigned int i, j;

	for (i = 1; i < ng; i++)
		for (j = i; j > 0 && g[j - 1].kind > g[j].kind; j--) {
			t = g[j];
			g[j] = g[j - 1];
			g[j - 1] = t;
		}
}

unsigned int rp_railset_groups(const struct rp_railset_rail *r, unsigned int n,
			       const bool *use, struct rp_railset_group *g,
			       unsigned int max)
{
	struct rp_railset_group *x;
	unsigned int i, h, ng = 0;

	for (i = 0; i < n && i < RP_RAILSET_MAX; i++) {
		if (use && !use[i])
			continue;
		for (h = 0; r[i].pcie && h < r[i].pcie->nhops; h++) {
			x = rp_group_add(g, &ng, max, RP_GROUP_PCIE,
					 r[i].pcie->hop[h].addr,
					 rp_pcie_hop_gbps(&r[i].pcie->hop[h],
							  r[i].dir),
					 i);
			if (x && !x->hop)
				x->hop = &r[i].pcie->hop[h];
		}
		rp_group_add(g, &ng, max, RP_GROUP_PORT, r[i].port_key,
			     r[i].port_cap, i);
		if (r[i].nic && r[i].nic[0])
			rp_group_add(g, &ng, max, RP_GROUP_NIC, r[i].nic, 0, i);
	}
	ng = rp_group_prune(g, ng);
	rp_group_sort(g, ng);
	return ng;
}
