/* SPDX-License-Identifier: MIT */
/*
 * rp_bidir.h - -b (bidirectional) on top of the WRITE bandwidth engine
 * (rp_bw): both sides run rp_bw_run at once over the same QP pairs, as
 * perftest's ib_write_bw -b. Each QP's slice is split in two halves: a side
 * sends from its lower half into the peer's upper half, so the bytes that
 * arrive never mix with the bytes sent and --validate can check each
 * direction. rp_bw itself is unchanged: it is given the peer's addressing
 * with every slice moved to its upper half.
 */
#ifndef RP_BIDIR_H
#define RP_BIDIR_H

#include <stdint.h>

#include "proto/rp_proto.h"
#include "verbs/rp_rail.h"

/*
 * rp_bidir_peer - @out = @peer with every QP's slice reduced to its upper
 * half (address + len / 2, len - len / 2): where this side writes.
 */
void rp_bidir_peer(const struct rp_rail_addr *peer, struct rp_rail_addr *out);

/*
 * rp_bidir_source - -b READ: @out = @peer with every QP's slice reduced to
 * its lower half (address, len / 2): what this side reads, into the upper
 * half of its own slice (rp_bw_cfg.local_off = slice / 2).
 */
void rp_bidir_source(const struct rp_rail_addr *peer, struct rp_rail_addr *out);

/* rp_bidir_fill - the --validate pattern in the lower (sent) half of each
 * QP's slice of @r (through a host copy for GPU device memory). 0, or
 * -errno after one line. */
int rp_bidir_fill(struct rp_rail *r);

/*
 * rp_bidir_check - --validate of the direction that arrived here: the
 * upper half of each QP's slice holds the peer's pattern for @bytes bytes
 * and zeros above (rp_pattern_check); @rail is recorded in @v. Returns 0
 * with v->ok set, or non-zero with v naming the first bad byte (offset
 * within the upper half).
 */
int rp_bidir_check(const struct rp_rail *r, uint64_t bytes, unsigned int rail,
		   struct rp_verdict *v);

#endif /* RP_BIDIR_H */
