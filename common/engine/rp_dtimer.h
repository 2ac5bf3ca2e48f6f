/* SPDX-License-Identifier: MIT */
/*
 * rp_dtimer.h - the -D phases of a bandwidth run and a 10 ms tick, kept by
 * a timer thread so that the hot loop never reads the clock to find them.
 *
 * perftest sets its phase from SIGALRM (catch_alarm: warm-up, sample,
 * end); railperf has no signal handler for it: a thread sleeps to
 * absolute CLOCK_MONOTONIC times t0 + D/4, t0 + 3D/4 and t0 + D and stores
 * the phase each time (release); the loop loads it (one relaxed atomic
 * load per turn) and reads the clock only when it sees the phase change.
 */
#ifndef RP_DTIMER_H
#define RP_DTIMER_H

#include <pthread.h>
#include <stdint.h>

enum rp_dphase {
	RP_DPHASE_WARMUP = 0, /* [t0, t0 + D/4): not counted */
	RP_DPHASE_WINDOW,     /* [t0 + D/4, t0 + 3D/4): counted */
	RP_DPHASE_COOLDOWN,   /* [t0 + 3D/4, t0 + D): not counted */
	RP_DPHASE_END,	      /* t0 + D: stop posting, drain */
};

#define RP_DTIMER_TICK_NS (10 * 1000 * 1000) /* 10 ms */

struct rp_dtimer {
	pthread_t thread;
	uint64_t t0_ns;	    /* CLOCK_MONOTONIC, ns */
	uint64_t dur_ns;    /* D, ns */
	int phase;	    /* enum rp_dphase, written by the thread only */
	unsigned int ticks; /* + 1 every RP_DTIMER_TICK_NS, by the thread */
	int started;	    /* the thread runs (rp_dtimer_stop joins it) */
	int stop;	    /* set by rp_dtimer_stop; the thread ends at its
			     * next wake, within RP_DTIMER_TICK_NS */
};

/*
 * rp_dtimer_start - start the timer thread of a run from @t0_ns
 * (CLOCK_MONOTONIC ns; may be in the past: phases already due are set at
 * once): the -D phases of a run of @dur_ns (0: none), and a tick every
 * RP_DTIMER_TICK_NS for the loop's slow checks (watchdog, heartbeats). Returns 0 or -errno of pthread_create (nothing started).
 */
int rp_dtimer_start(struct rp_dtimer *t, uint64_t t0_ns, uint64_t dur_ns);

/* rp_dtimer_phase - the current phase (enum rp_dphase); acquire load. */
static inline int rp_dtimer_phase(const struct rp_dtimer *t)
{
	return __atomic_load_n(&t->phase, __ATOMIC_ACQUIRE);
}

/* rp_dtimer_ticks - ticks so far; acquire load. */
static inline unsigned int rp_dtimer_ticks(const struct rp_dtimer *t)
{
	return __atomic_load_n(&t->ticks, __ATOMIC_ACQUIRE);
}

/* rp_dtimer_stop - end the thread (at once if still sleeping) and join
 * it; safe on a timer that never started. */
void rp_dtimer_stop(struct rp_dtimer *t);

#endif /* RP_DTIMER_H */
