/* SPDX-License-Identifier: MIT */
/*
 * rp_cycle.h - where each RDMA WRITE of a bandwidth run reads and writes:
 * perftest's cycle buffer.
 *
 * perftest (perftest_resources.h increase_loc_addr / increase_rem_addr,
 * run_iter_bw) walks both the local and the remote address of a QP through
 * one page (its "cycle buffer", sysconf(_SC_PAGESIZE)) in steps of the
 * message size rounded up to a cache line, back to the start when the next
 * step would not fit, as long as the message is at most half a page;
 * larger messages all use the start of the QP's buffer. With -l N the N
 * WRs of a list take the first N steps and every list repeats them.
 * railperf computes the same offset from the WR's sequence number.
 */
#ifndef RP_CYCLE_H
#define RP_CYCLE_H

#include <stdint.h>

struct rp_cycle {
	uint64_t step;		/* bytes between two WRs' addresses */
	uint64_t steps;		/* offsets before wrapping; 0 = no cycling */
	unsigned int post_list; /* > 1: offset of the WR's place in its list */
};

/*
 * rp_cycle_init - the walk for messages of @size bytes through a cycle
 * buffer of @cycle bytes (perftest: the page size; the caller bounds it by
 * both ends' slices) in steps of @size rounded up to @cache_line bytes
 * (perftest: sysconf(_SC_LEVEL1_DCACHE_LINESIZE), 64 if unknown). No
 * cycling (every offset 0) when @cycle is 0 or @size > @cycle / 2, as in
 * perftest. @post_list: -l (0 or 1: one WR per post).
 */
void rp_cycle_init(struct rp_cycle *c, uint64_t size, uint64_t cycle,
		   unsigned int cache_line, unsigned int post_list);

/*
 * rp_cycle_offset - byte offset, from the start of its QP's slice (local
 * and remote alike), of the WR with sequence number @seq (0-based, per QP).
 */
static inline uint64_t rp_cycle_offset(const struct rp_cycle *c, uint64_t seq)
{
	uint64_t k;

	if (!c->steps)
		return 0;
	k = c->post_list > 1 ? seq % c->post_list : seq;
	return k % c->steps * c->step;
}

/*
 * rp_cycle_next - the offset of a QP's next WR when it posts one WR at a
 * time (-l 1): @cur is its walk's state (start at 0, one per QP), advanced
 * past this WR. The n-th call returns rp_cycle_offset(@c, n) without a
 * division, for the hot loop.
 */
static inline uint64_t rp_cycle_next(const struct rp_cycle *c, uint64_t *cur)
{
	uint64_t off = *cur * c->step;

	if (++*cur >= c->steps)
		*cur = 0;
	return off;
}

/* rp_cycle_page - perftest's cycle buffer: the page size in bytes (4096
 * if unknown). */
uint64_t rp_cycle_page(void);

/* rp_cycle_line - the CPU's L1 data cache line in bytes; 64 if unknown. */
unsigned int rp_cycle_line(void);

#endif /* RP_CYCLE_H */
