/* SPDX-License-Identifier: MIT */
/*
 * rp_time.h - the clock railperf measures with (latency samples read its
 * counter directly where they can: rp_tick.h).
 *
 * CLOCK_MONOTONIC through the vDSO: nanosecond units, no dependence on the
 * CPU frequency or /proc/cpuinfo (perftest's cycle counter needs both), the
 * same on x86-64 and aarch64, and comparable across threads of one process.
 */
#ifndef RP_TIME_H
#define RP_TIME_H

#include <stdint.h>
#include <time.h>

#define RP_NSEC_PER_SEC 1000000000ULL

/* rp_now_ns - current CLOCK_MONOTONIC time in ns. Never fails on Linux. */
static inline uint64_t rp_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * RP_NSEC_PER_SEC + (uint64_t)ts.tv_nsec;
}

/* rp_left_ms - milliseconds from now to @deadline_ns (rp_now_ns time),
 * rounded up (a wait of it ends at or after the deadline); 0 when past. */
static inline int rp_left_ms(uint64_t deadline_ns)
{
	uint64_t now = rp_now_ns();

	return now >= deadline_ns ?
		       0 :
		       (int)((deadline_ns - now + 999999ULL) / 1000000ULL);
}

#endif /* RP_TIME_H */
