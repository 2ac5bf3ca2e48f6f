/* SPDX-License-Identifier: MIT */
/*
 * rp_cqpoll.h - how many CQEs each ibv_poll_cq of a bandwidth run asks for:
 * perftest's dynamic CQE poll batch, or a fixed one (--cqe_poll=N).
 *
 * perftest (perftest_resources.c poll_cq_adaptive, init_dyn_poll_ctx)
 * starts at 1024 CQEs; a poll that returns under 85 % of the batch moves
 * it halfway down towards what came back, never below 16; a full poll
 * keeps it (perftest computes (size + n) / 2 = size there); ten polls in a
 * row that return the same count end the adaptation. It adapts only
 * during the first completions of the run: in iteration mode
 * min(iters / 4, 16384) of them (perftest's MAX_QP_NUM), with -D
 * max(3 * QPs, 1000); runs under 3000 iterations never adapt and poll 16
 * (perftest's CTX_POLL_BATCH).
 */
#ifndef RP_CQPOLL_H
#define RP_CQPOLL_H

#include <stdbool.h>
#include <stdint.h>

#define RP_CQPOLL_MIN 16   /* perftest's dyn_cqe_poll_config.min */
#define RP_CQPOLL_MAX 1024 /* ... .max: the largest batch, CQEs */

struct rp_cqpoll {
	unsigned int size;   /* CQEs to ask for next */
	bool dynamic;	     /* still adapting */
	uint64_t until;	     /* adapt while fewer completions than this */
	unsigned int stable; /* polls in a row with the same count */
	int last;	     /* the previous poll's count */
};

/*
 * rp_cqpoll_init - the batch for a run: @fixed > 0 (--cqe_poll, 1 .. 65535)
 * polls that many always; 0 adapts as perftest (dynamic), never above
 * RP_CQPOLL_MAX. The caller's array holds the larger of the two. @iters: WRs per QP in
 * iteration mode, 0 with -D; @num_qps: QPs of the rail.
 */
void rp_cqpoll_init(struct rp_cqpoll *p, unsigned int fixed, uint64_t iters,
		    unsigned int num_qps);

/*
 * rp_cqpoll_seen - account one ibv_poll_cq that returned @n (>= 0) CQEs
 * when @done WRs had completed before it; adjusts p->size.
 */
void rp_cqpoll_seen(struct rp_cqpoll *p, int n, uint64_t done);

#endif /* RP_CQPOLL_H */
