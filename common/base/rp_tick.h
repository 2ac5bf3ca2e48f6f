/* SPDX-License-Identifier: MIT */
/*
 * rp_tick.h - the latency loops' timestamp: the counter the kernel's own
 * clock reads, read directly.
 *
 * Where Linux's current clocksource is the CPU's constant-rate counter
 * ("tsc" on x86-64: invariant, synchronised across CPUs, or the kernel
 * would not have chosen it; "arch_sys_counter" on aarch64: the
 * architected timer, CNTVCT_EL0), one read costs a few instructions where
 * clock_gettime(CLOCK_MONOTONIC) through the vDSO costs tens (the counter
 * read, a sequence lock, a scaling): that cost falls inside every latency
 * sample. perftest reads the counter too (get_cycles, perftest's
 * get_clock.h) but scales it by the MHz of /proc/cpuinfo, which is the
 * current, not the counter's, frequency on many CPUs; railperf scales by
 * CLOCK_MONOTONIC itself, read at both ends of each burst (rp_tick_scale).
 * Elsewhere (another clocksource: a VM's kvm-clock, hpet) a tick is one ns
 * of CLOCK_MONOTONIC (rp_now_ns) and the scaling is 1.
 */
#ifndef RP_TICK_H
#define RP_TICK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/rp_time.h"

extern bool rp_tick_counter; /* rp_tick reads the counter (rp_tick_init) */

/*
 * rp_tick_source_ok - true when the clocksource Linux uses, named in
 * @sysfs/devices/system/clocksource/clocksource0/current_clocksource, is
 * the counter rp_tick reads on this architecture ("tsc", or
 * "arch_sys_counter"); false when it is another or cannot be read.
 */
bool rp_tick_source_ok(const char *sysfs);

/*
 * rp_tick_init - decide once per process (thread-safe; call it before the
 * first rp_tick) whether rp_tick reads the counter (rp_tick_source_ok on
 * the live sysfs). Returns the counter's ticks per ns estimated over 2 ms
 * of CLOCK_MONOTONIC (1.0 without the counter): good to about 1e-4, for
 * deadlines; samples are scaled per burst (rp_tick_scale).
 */
double rp_tick_init(void);

/* rp_tick - a timestamp in ticks: the counter, or rp_now_ns. */
static inline uint64_t rp_tick(void)
{
#if defined(__x86_64__)
	if (rp_tick_counter)
		return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
	if (rp_tick_counter) {
		uint64_t v;

		__asm__ volatile("isb" : : : "memory");
		__asm__ volatile("mrs %0, cntvct_el0" : "=r"(v));
		return v;
	}
#endif
	return rp_now_ns();
}

/* A pair of readings of both clocks, for scaling ticks to ns. */
struct rp_tick_mark {
	uint64_t tick, ns;
};

/* rp_tick_mark - read both clocks, the counter first. */
static inline struct rp_tick_mark rp_tick_mark(void)
{
	struct rp_tick_mark m;

	m.tick = rp_tick();
	m.ns = rp_now_ns();
	return m;
}

/*
 * rp_tick_scale - convert @n tick intervals in @v to ns in place, at the
 * rate between marks @a and @b (ns over ticks: the CLOCK_MONOTONIC length
 * of the span they cover). Nothing to do without the counter.
 */
void rp_tick_scale(uint64_t *v, size_t n, struct rp_tick_mark a,
		   struct rp_tick_mark b);

#endif /* RP_TICK_H */
