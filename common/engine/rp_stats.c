// SPDX-License-Identifier: MIT
#include <stdlib.h>

#include "engine/rp_stats.h"

double rp_bw(uint64_t bytes, uint64_t ns, bool gbits)
{
	if (!ns)
		return 0;
	if (gbits)
		return (double)bytes * 8.0 / (double)ns; /* b/ns = Gb/s */
	return (double)bytes * 1e9 / (double)ns / RP_MIB;
}

double rp_msg_rate(uint64_t msgs, uint64_t ns)
{
	return ns ? (double)msgs * 1e3 / (double)ns : 0;
}

double rp_goodput_gbps(double mpps, uint64_t size)
{
	return mpps * 1e6 * (double)size * 8 / 1e9;
}

const char *rp_bw_unit(bool gbits)
{
	return gbits ? "Gb/sec" : "MB/sec";
}

/* Upper hull of the eligible posts (index k, post_ns[k]), and the
 * pointer into it where the last tangent was found. */
struct rp_hull {
	uint64_t *k; /* vertices: post indices, ascending */
	size_t n;    /* vertices */
	size_t front;
};

/* slope(a, b) <= slope(b, c) for posts a < b < c, exactly */
static bool rp_hull_concave_fails(const uint64_t *p, uint64_t a, uint64_t b,
				  uint64_t c)
{
	return (unsigned __int128)(p[b] - p[a]) * (c - b) <=
	       (unsigned __int128)(p[c] - p[b]) * (b - a);
}

/* Add post @i (right of every vertex); drop vertices below the hull. */
static void rp_hull_add(struct rp_hull *h, const uint64_t *p, uint64_t i)
{
	while (h->n >= 2 &&
	       rp_hull_concave_fails(p, h->k[h->n - 2], h->k[h->n - 1], i))
		h->n--;
	h->k[h->n++] = i;
	if (h->front >= h->n)
		h->front = h->n - 1;
}

/* Is the window from post @i to completion @c shorter per message than
 * the one from post @j to completion @d? Exact (both are eligible). */
static bool rp_window_lt(const struct rp_timeline *t, size_t c, uint64_t i,
			 size_t d, uint64_t j)
{
	return (unsigned __int128)(t->comp_ns[c] - t->post_ns[i]) *
		       (t->comp_cum[d] - j) <
	       (unsigned __int128)(t->comp_ns[d] - t->post_ns[j]) *
		       (t->comp_cum[c] - i);
}

/*
 * Linear in posts + completions. For completion c the eligible posts are
 * a prefix (i < comp_cum[c] and post_ns[i] < comp_ns[c], both growing with
 * c); the best post for c is where the line from (comp_cum[c], comp_ns[c])
 * touches the upper hull of the points (i, post_ns[i]) (the smallest
 * slope). The tangents move right: a vertex passed over for one
 * completion can only give a later completion a window slower than the
 * one already found (the later point lies above the line through that
 * vertex and the tangent), so the pointer never moves back and each
 * vertex is passed once.
 */
double rp_bw_peak(const struct rp_timeline *t, uint64_t size, bool gbits)
{
	struct rp_hull h = { 0 };
	uint64_t next = 0, bi = 0;
	size_t c, bc = 0;
	bool found = false;
	double best;

	if (!t->nposted || !t->ncomp)
		return 0;
	h.k = malloc(t->nposted * sizeof(*h.k));
	if (!h.k)
		return 0;
	for (c = 0; c < t->ncomp; c++) {
		uint64_t lim = t->comp_cum[c] < t->nposted ? t->comp_cum[c] :
							     t->nposted;

		while (next < lim && t->post_ns[next] < t->comp_ns[c])
			rp_hull_add(&h, t->post_ns, next++);
		if (!h.n)
			continue;
		while (h.front + 1 < h.n &&
		       !rp_window_lt(t, c, h.k[h.front], c, h.k[h.front + 1]))
			h.front++;
		if (!found || rp_window_lt(t, c, h.k[h.front], bc, bi)) {
			found = true;
			bc = c;
			bi = h.k[h.front];
		}
	}
	free(h.k);
	if (!found)
		return 0;
	best = (double)(t->comp_ns[bc] - t->post_ns[bi]) /
	       (double)(t->comp_cum[bc] - bi);
	return gbits ? (double)size * 8.0 / best :
		       (double)size * 1e9 / best / RP_MIB;
}
