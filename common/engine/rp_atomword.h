/* SPDX-License-Identifier: MIT */
/*
 * rp_atomword.h - --validate of the atomic verbs: after the run, the
 * word each QP's atomics changed (the 8 bytes at the start of the peer's
 * slice of the QP: --validate keeps every atomic there) is read back from
 * the peer and held against what the QP completed. FETCH_AND_ADD adds 1
 * per atomic, a CMP_AND_SWAP chain (rp_bwcfg.h cas_chain) moves the word
 * one on per atomic, both from 0: the word must equal the count. perftest
 * has no such check (its data validation covers WRITE, READ and SEND).
 */
#ifndef RP_ATOMWORD_H
#define RP_ATOMWORD_H

#include <stdint.h>

#include "proto/rp_proto.h"
#include "verbs/rp_rail.h"

/*
 * rp_atomword_read - the word at the start of the peer's slice of QP @q
 * of rail @r (@peer: the run's addresses) into *@val: one signaled RDMA
 * READ of 8 bytes on that QP into bytes 8 .. 15 of the local slice
 * (bytes 0 .. 7 hold the last atomic's old value), its completion polled
 * from the rail's CQ for at most 5 s. Call after the run, its CQ drained.
 * Returns 0, -EIO (a failed post or completion), -ETIMEDOUT; one line.
 */
int rp_atomword_read(struct rp_rail *r, const struct rp_rail_addr *peer,
		     unsigned int q, uint64_t *val);

/*
 * rp_atomword_check - every QP of rail number @rail (@r, @peer): its word
 * against @done[q], the atomics QP q completed. *@v: ok, or the first QP
 * whose word is off (offset 0, the low bytes of the count and the word as
 * expected and got); *@want and *@got the whole values then. Returns 0,
 * or a read's -errno (*@v not ok). Inline: the app tests' fake engine
 * replaces rp_atomword.o (rp_atomword_read) alone.
 */
static inline int rp_atomword_check(struct rp_rail *r,
				    const struct rp_rail_addr *peer,
				    unsigned int rail, const uint64_t *done,
				    struct rp_verdict *v, uint64_t *want,
				    uint64_t *got)
{
	unsigned int q;
	uint64_t w = 0;
	int ret;

	*v = (struct rp_verdict){ .ok = 1 };
	for (q = 0; q < r->num_qps; q++) {
		ret = rp_atomword_read(r, peer, q, &w);
		if (ret || w != done[q]) {
			*v = (struct rp_verdict){
				.rail = rail,
				.qp = q,
				.expected = (uint8_t)done[q],
				.got = (uint8_t)w,
			};
			*want = done[q];
			*got = ret ? 0 : w;
			return ret;
		}
	}
	return 0;
}

#endif /* RP_ATOMWORD_H */
