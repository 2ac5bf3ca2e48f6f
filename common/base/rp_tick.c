// SPDX-License-Identifier: MIT
/*
 * rp_tick.c - the latency loops' timestamp (rp_tick.h): which counter,
 * and the scaling of tick intervals to ns.
 */
#include "base/rp_tick.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "base/rp_sysfs.h"

#define RP_TICK_EST_NS 2000000ULL /* the estimate's span: 2 ms */

bool rp_tick_counter;

static pthread_once_t rp_tick_once = PTHREAD_ONCE_INIT;
static double rp_tick_per_ns = 1.0;

/* The clocksource whose counter rp_tick reads on this architecture. */
static const char *rp_tick_source(void)
{
#if defined(__x86_64__)
	return "tsc";
#elif defined(__aarch64__)
	return "arch_sys_counter";
#else
	return NULL;
#endif
}

bool rp_tick_source_ok(const char *sysfs)
{
	const char *want = rp_tick_source();
	char path[512], cur[64];

	snprintf(path, sizeof(path),
		 "%s/devices/system/clocksource/clocksource0/"
		 "current_clocksource",
		 sysfs);
	return want && !rp_sysfs_line(path, cur, sizeof(cur)) &&
	       !strcmp(cur, want);
}

static void rp_tick_decide(void)
{
	struct rp_tick_mark a, b;

	if (!rp_tick_source_ok(RP_SYSFS_ROOT))
		return;
	rp_tick_counter = true;
	a = rp_tick_mark();
	do
		b = rp_tick_mark();
	while (b.ns - a.ns < RP_TICK_EST_NS);
	if (b.tick > a.tick)
		rp_tick_per_ns =
			(double)(b.tick - a.tick) / (double)(b.ns - a.ns);
	else
		rp_tick_counter = false; /* a counter that does not count */
}

double rp_tick_init(void)
{
	pthread_once(&rp_tick_once, rp_tick_decide);
	return rp_tick_per_ns;
}

void rp_tick_scale(uint64_t *v, size_t n, struct rp_tick_mark a,
		   struct rp_tick_mark b)
{
	/* ns per tick in 32.32 fixed point: a multiply and a shift a
	 * sample, exact to 2^-32 ns per tick (under 1 ns in 4 s) */
	uint64_t mult;
	size_t i;

	if (!rp_tick_counter || b.tick <= a.tick)
		return;
	mult = (uint64_t)(((unsigned __int128)(b.ns - a.ns) << 32) /
			  (b.tick - a.tick));
	for (i = 0; i < n; i++)
		v[i] = (uint64_t)(((unsigned __int128)v[i] * mult +
				   (1ULL << 31)) >>
				  32);
}
