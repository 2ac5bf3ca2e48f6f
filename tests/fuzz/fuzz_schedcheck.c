// SPDX-License-Identifier: MIT
/* fuzz_schedcheck.c - see fuzz_schedcheck.h. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_schedcheck.h"

/* Host @h's ends in round @rd agree with its flows. */
static void rp_fz_ends(const struct rp_flows *f, const struct rp_fround *rd,
		       unsigned int h)
{
	struct rp_fend e[RP_FLOWS_MAX_ENDS];
	unsigned int n = rp_flows_ends(rd, h, e), k;

	if (n > RP_FLOWS_MAX_ENDS)
		abort();
	for (k = 0; k < n; k++) {
		const struct rp_flow *x;

		if (e[k].flow >= rd->nflows || e[k].rail >= f->rails ||
		    e[k].peer >= f->hosts || e[k].peer == h ||
		    e[k].peer_rail >= f->rails)
			abort();
		x = &rd->flows[e[k].flow];
		if (e[k].role == RP_END_RECV ?
			    x->b != h || x->kind != RP_FLOW_ONEWAY :
		    e[k].role == RP_END_SEND ?
			    x->a != h || x->kind != RP_FLOW_ONEWAY :
			    (x->a != h && x->b != h) || x->kind != RP_FLOW_BOTH)
			abort();
	}
}

/* Round @rd's flows: in range, and no rail in two pairs flows or
 * sending twice (@use: a byte per end, cleared here). */
static void rp_fz_round(const struct rp_flows *f, const struct rp_fround *rd,
			unsigned char *use)
{
	unsigned int i, k;

	memset(use, 0, (size_t)f->hosts * f->rails);
	for (i = 0; i < rd->nflows; i++) {
		const struct rp_flow *x = &rd->flows[i];
		const size_t end[2] = { (size_t)x->a * f->rails + x->ra,
					(size_t)x->b * f->rails + x->rb };

		if (x->a >= f->hosts || x->b >= f->hosts || x->a == x->b ||
		    x->ra >= f->rails || x->rb >= f->rails ||
		    x->kind >= RP_FLOW_KINDS)
			abort();
		for (k = 0; k < 2; k++) { /* bit 1: both, 2: sends, 4: gets */
			unsigned char bit = x->kind == RP_FLOW_BOTH ? 1 :
					    k			    ? 4 :
								      2;

			if ((use[end[k]] & 1) || (bit == 1 && use[end[k]]) ||
			    (bit == 2 && (use[end[k]] & 2)))
				abort();
			use[end[k]] |= bit;
		}
	}
}

void rp_fz_rounds(const struct rp_flows *f)
{
	unsigned char *use = malloc((size_t)f->hosts * f->rails + 1);
	unsigned int r, h;

	if (!use)
		return;
	for (r = 0; r < f->nrounds; r++) {
		if (f->rounds[r].shift >= f->rails)
			abort();
		rp_fz_round(f, &f->rounds[r], use);
		for (h = 0; h < f->hosts; h++)
			rp_fz_ends(f, &f->rounds[r], h);
	}
	free(use);
}

void rp_fz_same_words(const struct rp_flows *f, const uint32_t *w, uint32_t len)
{
	uint32_t *w2, len2;

	if (rp_flows_encode(f, &w2, &len2))
		abort();
	if (len2 != len || memcmp(w, w2, len * sizeof(*w)))
		abort();
	free(w2);
}
