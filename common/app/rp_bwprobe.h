/* SPDX-License-Identifier: MIT */
/*
 * rp_bwprobe.h - rail_multi_bw --lat_probe in the bandwidth run
 * (rp_bwapp.c): the probing side (the client; its plan's probe_role
 * measures) runs the idle phase on every rail before the load (the run's
 * arm, before READY: with -b the peer has not started either) and the
 * loaded phase while the rails run, each rail's probe on its own thread
 * (engine/rp_probeset.h); the peer of a WRITE probe answers for the whole
 * run; a READ probe's peer does nothing. Its state lives in struct
 * rp_bwrun; what is printed of it is rp_bwreport's. A probe that stops
 * (an error completion, a stall) does not stop the bandwidth run: its
 * rail's line says so and the exit status is 1.
 */
#ifndef RP_BWPROBE_H
#define RP_BWPROBE_H

#include <stdbool.h>
#include <stdint.h>

#include "app/rp_bwrun.h"
#include "engine/rp_multi.h"
#include "engine/rp_probestats.h"

/*
 * rp_bwprobe_open - after the session opened, with --lat_probe: the set
 * of every rail's probe; the peer of a WRITE probe starts its echo
 * threads. Nothing without --lat_probe. 0, or -errno (one line).
 */
int rp_bwprobe_open(struct rp_bwrun *a);

/* rp_bwprobe_idle - the probing side, before the load: the idle phase on
 * every rail at once (RP_PROBE_IDLE_NS); nothing on other sides. */
void rp_bwprobe_idle(struct rp_bwrun *a);

/*
 * rp_bwprobe_loaded - the probing side, the rails of @mu released: the
 * loaded phase on every rail, each probe ending with its rail's thread
 * (or the rails' cancel). A thread that did not start cancels the rails.
 */
void rp_bwprobe_loaded(struct rp_bwrun *a, struct rp_multi *mu);

/* rp_bwprobe_end - after @mu's rails were joined: the probes stopped,
 * each rail's bandwidth window (its w[i].out) kept for the report. */
void rp_bwprobe_end(struct rp_bwrun *a, const struct rp_multi *mu);

/* rp_bwprobe_close - the echo threads stopped (the peer of a WRITE
 * probe); safe to call again, and without --lat_probe. */
void rp_bwprobe_close(struct rp_bwrun *a);

/* rp_bwprobe_free - release the set (after the report). */
void rp_bwprobe_free(struct rp_bwrun *a);

/*
 * rp_bwprobe_report - rail @i's report (the probing side, after the
 * loaded phase): its samples over its loaded window (-D: the rails'
 * start to the deadline; -n: the rail's first post to its last
 * completion), @rail_bps the bandwidth QPs' bytes a second. Returns 0,
 * or -ENODATA when this side has none (the peer, or no loaded phase),
 * -ENOMEM.
 */
int rp_bwprobe_report(const struct rp_bwrun *a, unsigned int i, double rail_bps,
		      struct rp_probe_report *rep);

/* rp_bwprobe_err - rail @i's probe (or echo) error, -errno; 0 none. */
int rp_bwprobe_err(const struct rp_bwrun *a, unsigned int i);

/* rp_bwprobe_failed - any rail's probe (or echo) stopped on an error. */
bool rp_bwprobe_failed(const struct rp_bwrun *a);

#endif /* RP_BWPROBE_H */
