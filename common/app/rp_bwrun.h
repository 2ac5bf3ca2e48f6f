/* SPDX-License-Identifier: MIT */
/*
 * rp_bwrun.h - one bandwidth run: its state, shared by the app that runs
 * it (rp_bwapp.c: set-up, the timed phase of each size, the parts it hands
 * the run skeleton) and its reporter (rp_bwreport.c), and two inline
 * helpers (the engine's configuration with the BW-peak rule; whether this
 * side posts). Header only.
 *
 * One state serves 1..N rails. A one-rail binary (rail_write_bw) runs its
 * rail on the calling thread, so the process stays single-threaded as
 * ib_write_bw is; a rail-list binary (rail_multi_bw, RP_FEAT_MULTI) runs
 * one pinned thread per rail and prints a line per rail. -b is a
 * direction of the same run: both sides post, to the peer's receive
 * halves (rp_bidir).
 */
#ifndef RP_BWRUN_H
#define RP_BWRUN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "app/rp_opts.h"
#include "app/rp_place.h"
#include "app/rp_railspec.h"
#include "app/rp_run.h"
#include "app/rp_session.h"
#include "engine/rp_series.h"
#include "output/rp_fleet.h"
#include "output/rp_jsonout.h"
#include "output/rp_railceil.h"
#include "proto/rp_proto.h"
#include "topo/rp_counters.h"
#include "topo/rp_portseries.h"
#include "topo/rp_topo.h"
#include "verbs/rp_async.h"

/* A device event during a run (rail_multi_bw): its rail and time. */
struct rp_bwevent {
	unsigned int rail;
	double t_s; /* from the run's start, as the watching thread read it */
	struct rp_event ev;
};

#define RP_BW_MAX_EVENTS 64 /* kept for JSON; more are printed only */

struct rp_bwrun {
	const struct rp_opts *o;
	/* a rail list, a thread per rail, a report line per rail */
	bool multi;
	unsigned int n; /* rails */
	struct rp_railspec spec[RP_MAX_RAILS];
	struct rp_topo topo;		     /* multi: hwloc, for placement */
	struct rp_place place[RP_MAX_RAILS]; /* each rail's CPU and node */
	int cpus[RP_MAX_RAILS];		     /* -1: unpinned */
	struct rp_session s;
	/* where perftest's block and railperf's lines go: stdout, or NULL
	 * under --output (its one number is rp_report_bw_out's; rp_fprintf
	 * prints nothing to NULL) */
	FILE *text;
	/* where this side posts: the peer's slices, -b its receive halves */
	struct rp_rail_addr *peers; /* [n], heap */
	struct rp_port_counters before[RP_MAX_RAILS];
	bool have_counters[RP_MAX_RAILS];
	uint64_t needed[RP_MAX_RAILS]; /* data packets sent, every size */
	struct rp_result rail_res[RP_MAX_RAILS]; /* last size */
	struct rp_result agg;			 /* last size, every rail */
	/* -b: the peer's results of the last size */
	struct rp_result peer_res[RP_MAX_RAILS];
	struct rp_result peer_agg;
	struct rp_jsonout json;	     /* --out_json */
	struct rp_fleet_run fleet;   /* --baseline, --openmetrics, --junit */
	struct rp_railceil ceil;     /* the rails' ceilings */
	bool bw_passed, rate_passed; /* -w / -y gate */
	bool expect_failed;	     /* --expect */
	bool expect_min_failed;	     /* --expect-min */
	/* --interval, the last size: each rail's rows ([n]: all rails'),
	 * in the report's unit, and when each row ended (s from the start;
	 * -b: the rows of what this side sent) */
	struct rp_series ivl[RP_MAX_RAILS + 1];
	struct rp_series ivl_end;
	/* --interval: each rail's port counters over the same rows */
	struct rp_portseries ctr[RP_MAX_RAILS];
	/* device events during the last size, as read (rp_async); one rail
	 * too, from the engine's tick */
	struct rp_bwevent events[RP_BW_MAX_EVENTS];
	unsigned int n_events;
	bool watch_events[RP_MAX_RAILS]; /* its async fd is non-blocking */
	int nl_fd;			 /* netlink, link group; -1 none */
	bool link_up[RP_MAX_RAILS];	 /* each rail's netdev, last seen */
	struct rp_run run;		 /* this side's run skeleton */
	/* a rail on the calling thread: heartbeats, --run_infinitely rows */
	uint64_t last_beat; /* ns */
	uint64_t progress;  /* WRs completed (rp_bw_cfg.progress) */
	uint64_t row_ns;    /* --run_infinitely: last row's time, */
	uint64_t row_done;  /* ... and WRs completed then */
	uint64_t size;	    /* bytes per WR of the size running */
	uint64_t here_t0;   /* one rail: ns, its run's start (events) */
};

/*
 * The BW-peak rule, one for every bandwidth binary: perftest's (measured in
 * -n runs only, not with -N, -D or --run_infinitely, and not above 20000
 * iterations per QP: perftest_parameters.c, force_dependecies), plus a cap
 * on the WRs of one rail's timeline (iterations x QPs), railperf's own:
 * the timeline takes 32 bytes per WR, faulted in before the run, per
 * rail. The peak search itself is linear (rp_stats.c, rp_bw_peak: 2.56 M
 * WRs in tens of ms), so the cap bounds memory, not time.
 */
#define RP_PEAK_MAX_ITERS 20000
#define RP_PEAK_MAX_WRS 100000

/*
 * rp_bwrun_cfg - the engine's configuration for @size-byte WRs: the
 * session's defaults (-n, -D, -Q, -l, -I, the cycle buffer) and the
 * BW-peak rule. Ticks and progress are the caller's to set.
 */
static inline void rp_bwrun_cfg(const struct rp_opts *o, uint64_t size,
				struct rp_bw_cfg *cfg)
{
	rp_session_bw_defaults(o, cfg);
	cfg->size = size;
	cfg->peak = !o->no_peak && !o->duration &&
		    o->iters <= RP_PEAK_MAX_ITERS &&
		    o->iters * o->num_qps <= RP_PEAK_MAX_WRS;
}

/* rp_bwrun_read - true when the run's verb is READ: the client posts,
 * the data flows from the server's slices into the client's. */
static inline bool rp_bwrun_read(const struct rp_bwrun *a)
{
	return a->o->verb == RP_VERB_READ;
}

/* rp_bwrun_recv - true on SEND's (--write_with_imm's) server: it posts
 * the receives the client's messages consume, polls a completion per
 * message and prints its own row (as ib_send_bw's server, no peak). */
static inline bool rp_bwrun_recv(const struct rp_bwrun *a)
{
	return rp_verb_recv(a->o->verb) && a->s.server && !a->o->bidir;
}

/* rp_bwrun_duplex - -b with SEND (--write_with_imm): each side sends and
 * keeps receives posted for the peer's messages (rp_bw_cfg.duplex), as
 * perftest's send_bw -b (run_iter_bi). */
static inline bool rp_bwrun_duplex(const struct rp_bwrun *a)
{
	return rp_verb_recv(a->o->verb) && a->o->bidir;
}

/* rp_bwrun_gets - true on a side the data arrives at: WRITE's server,
 * READ's client, SEND's server, both with -b. */
static inline bool rp_bwrun_gets(const struct rp_bwrun *a)
{
	return a->o->bidir || a->s.server != rp_bwrun_read(a);
}

/* rp_bwrun_posts - true on a side that posts: the client, both with -b. */
static inline bool rp_bwrun_posts(const struct rp_bwrun *a)
{
	return !a->s.server || a->o->bidir;
}

#endif /* RP_BWRUN_H */
