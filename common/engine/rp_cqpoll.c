// SPDX-License-Identifier: MIT
#include "engine/rp_cqpoll.h"

#define RP_CQPOLL_FIXED 16	    /* perftest's CTX_POLL_BATCH */
#define RP_CQPOLL_STABLE 10	    /* ... dyn_cqe_poll_config.stabilize */
#define RP_CQPOLL_MIN_ITERS 3000    /* fewer iterations: no adaptation */
#define RP_CQPOLL_DURATION_MIN 1000 /* -D: adapt over this many at least */
#define RP_CQPOLL_ITERS_MAX 16384   /* perftest's MAX_QP_NUM */

void rp_cqpoll_init(struct rp_cqpoll *p, unsigned int fixed, uint64_t iters,
		    unsigned int num_qps)
{
	*p = (struct rp_cqpoll){ .size = RP_CQPOLL_FIXED };
	if (fixed) {
		p->size = fixed;
		return;
	}
	if (iters && iters < RP_CQPOLL_MIN_ITERS)
		return;
	p->dynamic = true;
	p->size = RP_CQPOLL_MAX;
	if (iters)
		p->until = iters / 4 < RP_CQPOLL_ITERS_MAX ?
				   iters / 4 :
				   RP_CQPOLL_ITERS_MAX;
	else
		p->until = 3ULL * num_qps > RP_CQPOLL_DURATION_MIN ?
				   3ULL * num_qps :
				   RP_CQPOLL_DURATION_MIN;
}

void rp_cqpoll_seen(struct rp_cqpoll *p, int n, uint64_t done)
{
	unsigned int c = p->size, u = n > 0 ? (unsigned int)n : 0;

	if (!p->dynamic || done >= p->until)
		return;
	if (u == c && c < RP_CQPOLL_MAX) {
		p->size = (c + u) / 2 < RP_CQPOLL_MAX ? (c + u) / 2 :
							RP_CQPOLL_MAX;
		p->stable = 0;
	} else if (u * 100 < c * 85) { /* under 85 % of the batch */
		if (c > RP_CQPOLL_MIN) {
			p->size = (c + u) / 2 > RP_CQPOLL_MIN ? (c + u) / 2 :
								RP_CQPOLL_MIN;
			p->stable = 0;
		}
	} else if (n == p->last) {
		if (++p->stable >= RP_CQPOLL_STABLE)
			p->dynamic = false;
	} else {
		p->stable = 0;
	}
	p->last = n;
}
