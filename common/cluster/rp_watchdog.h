/* SPDX-License-Identifier: MIT */
/*
 * rp_watchdog.h - a bound on blocking calls that cannot bound themselves
 * (MPI_Init_thread, MPI_Comm_dup, MPI_Finalize; and, as a backstop, every
 * MPI exchange). The calling thread says which call it is in (name, what
 * it waits for, the bound, the start time) and when it left; a second
 * thread checks every tick and, when a call has run past its bound,
 * hands one line to a fire hook exactly once (rail_cluster_bw's hook
 * prints it and ends the job: MPI_Abort once MPI is up, _exit before).
 * No MPI here: the clock and the hook are injected, so the state machine
 * is tested with a fake clock (tests/unit/test_watchdog.c).
 */
#ifndef RP_WATCHDOG_H
#define RP_WATCHDOG_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#define RP_WD_TICK_MS 100 /* rail_cluster_bw's check period */

struct rp_wd_hooks {
	uint64_t (*now_ns)(void *ctx); /* a monotonic clock */
	/* @line: "rank R (host): CALL did not finish in T s; ..."; @up:
	 * MPI_Init had completed. In production it does not return. */
	void (*fire)(void *ctx, const char *line, bool up);
	void *ctx;
};

struct rp_watchdog {
	pthread_mutex_t lock; /* guards every field below */
	struct rp_wd_hooks hooks;
	int rank;	   /* -1 before it is known */
	char host[64];	   /* this rank's host */
	const char *call;  /* the call waited in (a literal), NULL = none */
	char missing[256]; /* who it waits for, "" = not known */
	uint64_t start_ns; /* when the call began */
	uint64_t bound_ns; /* how long it may take */
	bool up;	   /* MPI_Init done: MPI_Abort allowed */
	bool fired;	   /* the hook was called (once only) */
	pthread_t thread;
	unsigned int tick_ms; /* the thread's check period */
	bool running, stop;   /* the thread */
};

/* rp_wd_init - an idle watchdog over @hooks, no thread yet. */
void rp_wd_init(struct rp_watchdog *w, const struct rp_wd_hooks *hooks,
		int rank, const char *host);

/* rp_wd_identity - this rank's number and host (after MPI_Init). */
void rp_wd_identity(struct rp_watchdog *w, int rank, const char *host);

/* rp_wd_up - MPI_Abort is allowed (@up: MPI_Init has completed) or not
 * (before it, and once MPI_Finalize has begun). */
void rp_wd_up(struct rp_watchdog *w, bool up);

/*
 * rp_wd_enter - the caller now waits in @call (a string literal) for at
 * most @bound_ms; @missing names whom it waits for (copied; NULL or "":
 * not known). Replaces any call entered before.
 */
void rp_wd_enter(struct rp_watchdog *w, const char *call, const char *missing,
		 uint64_t bound_ms);

/* rp_wd_leave - the call returned; the watchdog is idle again. */
void rp_wd_leave(struct rp_watchdog *w);

/*
 * rp_wd_check - one tick at the hooks' now: when a call has run for more
 * than its bound and the hook was not called yet, calls it (outside the
 * lock) with the line and returns 1; else 0.
 */
int rp_wd_check(struct rp_watchdog *w);

/*
 * rp_wd_start - a thread calling rp_wd_check every @tick_ms. Returns 0 or
 * -errno (pthread_create).
 */
int rp_wd_start(struct rp_watchdog *w, unsigned int tick_ms);

/* rp_wd_fini - end and join the thread (if any); the lock is destroyed. */
void rp_wd_fini(struct rp_watchdog *w);

#endif /* RP_WATCHDOG_H */
