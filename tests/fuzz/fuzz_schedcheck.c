// SPDX-License-Identifier: MIT
/* fuzz_schedcheck.c - see fuzz_schedcheck.h. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_schedcheck.h"

/* Host @h's partner in round @rd, when it has one, checked. */
static void rp_fz_partner(const struct rp_sched *s, const struct rp_round *rd,
			  unsigned int h)
{
	bool first, back;
	unsigned int i;
	int p = rp_sched_partner(rd, h, &first);

	if (p < 0)
		return;
	if ((unsigned int)p >= s->hosts || (unsigned int)p == h ||
	    rp_sched_partner(rd, (unsigned int)p, &back) != (int)h ||
	    back == first)
		abort();
	for (i = 0; i < s->rails; i++)
		if (rp_sched_peer_rail(rd->shift, s->rails, i, first) >=
		    s->rails)
			abort();
}

void rp_fz_rounds(const struct rp_sched *s)
{
	unsigned int r, h;

	for (r = 0; r < s->nrounds; r++) {
		if (s->rounds[r].shift >= s->rails)
			abort();
		for (h = 0; h < s->hosts; h++)
			rp_fz_partner(s, &s->rounds[r], h);
	}
}

void rp_fz_same_words(const struct rp_sched *s, const uint32_t *w, uint32_t len)
{
	uint32_t *w2, len2;

	if (rp_sched_encode(s, &w2, &len2))
		abort();
	if (len2 != len || memcmp(w, w2, len * sizeof(*w)))
		abort();
	free(w2);
}
