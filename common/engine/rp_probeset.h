/* SPDX-License-Identifier: MIT */
/*
 * rp_probeset.h - the latency probes of every rail (rail_multi_bw
 * --lat_probe), each on a thread of its own beside its rail's bandwidth
 * thread (rp_multi.h), bound to its rail's NUMA node (not to the rail's
 * core: the two must not take turns on one CPU): the idle phase on every
 * rail at once before the load, the loaded phase while the rails run, and
 * on the peer of a WRITE probe the echo for the whole run. Why a thread
 * of its own and not the rail's: docs/measuring.md, "Latency under load".
 */
#ifndef RP_PROBESET_H
#define RP_PROBESET_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine/rp_probe.h"
#include "proto/rp_proto.h"
#include "verbs/rp_rail.h"

struct rp_probeset;

struct rp_probe_thread {
	struct rp_probeset *set;
	struct rp_rail *rail;
	struct rp_probe_stop stop;
	struct rp_probe_samples *out; /* a probe's phase */
	uint64_t *echoed;	      /* NULL: a probe, else the echo */
	pthread_t thread;
	bool started;
	int ret;
};

struct rp_probeset {
	unsigned int n; /* rails */
	struct rp_probe_cfg cfg;
	struct rp_probe_thread th[RP_MAX_RAILS];
	struct rp_probe_samples idle[RP_MAX_RAILS];
	struct rp_probe_samples loaded[RP_MAX_RAILS];
	uint64_t echoed[RP_MAX_RAILS]; /* the echo's answers */
	int err[RP_MAX_RAILS];	       /* each rail's probe's error, 0 */
	bool realtime[RP_MAX_RAILS];   /* its thread got SCHED_FIFO */
	int stop;		       /* raised: the phase ends (atomic) */
};

/* rp_probeset_init - an empty set for @n rails probing as @c. */
void rp_probeset_init(struct rp_probeset *ps, unsigned int n,
		      const struct rp_probe_cfg *c);

/*
 * rp_probeset_idle - the idle phase: every rail of @rails probed at once
 * for @idle_ns (c->warmup probes first, not kept), into ps->idle[];
 * returns when all are done. 0, or the first rail's -errno (its line
 * printed; ps->err[] holds each rail's).
 */
int rp_probeset_idle(struct rp_probeset *ps, struct rp_rail *rails,
		     uint64_t idle_ns);

/*
 * rp_probeset_loaded - the loaded phase, started: rail i's probe runs
 * into ps->loaded[i] until *done[i] (its bandwidth thread ended), *@cancel
 * (the rails were cancelled) or rp_probeset_stop; @expect_s sizes the
 * arrays beforehand (the run's -D, 0 unknown). 0, or -errno when a thread
 * could not start (then rp_probeset_stop all the same).
 */
int rp_probeset_loaded(struct rp_probeset *ps, struct rp_rail *rails,
		       const int *const *done, const int *cancel,
		       unsigned int expect_s);

/*
 * rp_probeset_echo - the peer of a WRITE probe: an echo thread per rail
 * (rp_probe_echo) until rp_probeset_stop. 0 or -errno (a thread that did
 * not start; then rp_probeset_stop all the same).
 */
int rp_probeset_echo(struct rp_probeset *ps, struct rp_rail *rails);

/*
 * rp_probeset_stop - raise the set's stop and wait for its threads.
 * Returns 0, or the first rail's -errno (ps->err[] holds each rail's).
 */
int rp_probeset_stop(struct rp_probeset *ps);

/* rp_probeset_free - release the samples; safe on a zeroed set. */
void rp_probeset_free(struct rp_probeset *ps);

#endif /* RP_PROBESET_H */
