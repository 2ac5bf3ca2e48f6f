/* SPDX-License-Identifier: MIT */
/*
 * rp_stats.h - bandwidth arithmetic, as perftest defines it
 * (print_report_bw, perftest_parameters.c): MiB/s = 2^20 B/s (perftest's
 * "MB/sec"), Gb/s = 10^9 b/s, MsgRate in Mpps = 10^6 messages/s.
 */
#ifndef RP_STATS_H
#define RP_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RP_MIB 1048576.0 /* 2^20 bytes */

/*
 * rp_bw - @bytes moved in @ns nanoseconds as MiB/s, or Gb/s with @gbits.
 * Returns 0 when @ns is 0.
 */
double rp_bw(uint64_t bytes, uint64_t ns, bool gbits);

/* rp_msg_rate - @msgs in @ns nanoseconds, in Mpps. 0 when @ns is 0. */
double rp_msg_rate(uint64_t msgs, uint64_t ns);

/*
 * rp_goodput_gbps - payload rate in Gb/s (10^9 b/s) of @mpps million
 * messages per second of @size bytes each, whatever unit the row was
 * printed in: what --expect compares with a rail's ceiling.
 */
double rp_goodput_gbps(double mpps, uint64_t size);

/* rp_bw_unit - the unit perftest prints: "Gb/sec" with @gbits, else
 * "MB/sec" (which is MiB/s). */
const char *rp_bw_unit(bool gbits);

/*
 * Completion timeline of one run, for the peak: post_ns[k] is the time
 * just before WR k (global posting order) was posted; comp_ns[c] is when
 * completion event c was polled and comp_cum[c] how many WRs had completed
 * in all after it. All three non-decreasing (one clock, in order).
 * Caller-owned arrays.
 */
struct rp_timeline {
	const uint64_t *post_ns;
	uint64_t nposted;
	const uint64_t *comp_ns;
	const uint64_t *comp_cum;
	size_t ncomp;
};

/*
 * rp_bw_peak - perftest's BW peak: the best per-message time over any
 * window from a post i to a later completion c, min over (i, c) of
 * (comp_ns[c] - post_ns[i]) / (comp_cum[c] - i), converted to bandwidth
 * for @size-byte messages; pairs with comp_ns[c] <= post_ns[i] do not
 * count. O(nposted + ncomp) time (an upper convex hull of the posts and
 * a tangent pointer that only moves forward, rp_stats.c), 8 bytes of
 * scratch per post. Returns 0 for an empty timeline, or when the scratch
 * cannot be allocated.
 */
double rp_bw_peak(const struct rp_timeline *t, uint64_t size, bool gbits);

#endif /* RP_STATS_H */
