/* SPDX-License-Identifier: MIT */
/*
 * rp_railbuf.h - a rail's buffer before any device is opened: the bytes
 * of each QP's slice, and whether every rail's buffers fit this host.
 * Apart from rp_rail.h, which opens devices, so that a plan is made and
 * checked without one (the unit tests' fake rail replaces rp_rail.o).
 */
#ifndef RP_RAILBUF_H
#define RP_RAILBUF_H

#include <stdbool.h>
#include <stdint.h>

#include "verbs/rp_rail_types.h"

/*
 * rp_railbuf_slice - bytes of buffer per QP for messages up to @max_msg
 * bytes: rounded up to the system page size (4 KiB on x86-64, often 64 KiB
 * on aarch64 kernels), so every slice starts on a page.
 */
uint64_t rp_railbuf_slice(uint64_t max_msg);

/*
 * rp_railbuf_check - before any device is opened: will the buffers of
 * @n rails configured as @c (slice x num_qps bytes each, hugepages if
 * asked; every binary configures its rails alike)
 * fit MemAvailable, the free hugepages and RLIMIT_MEMLOCK of this host
 * (rp_memcheck_judge)? @halves: each slice holds two messages (2 x -s),
 * for the line. Returns 0, or -ENOMEM after one line naming the numbers
 * and the flag to change.
 */
int rp_railbuf_check(const struct rp_rail_cfg *c, unsigned int n, bool halves);

#endif /* RP_RAILBUF_H */
