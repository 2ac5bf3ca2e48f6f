/* SPDX-License-Identifier: MIT */
/*
 * rp_bwrun.h - one bandwidth run: its state, shared by the app that runs
 * it (rp_bwapp.c: set-up, the timed phase of each size, the parts it hands
 * the run skeleton) and its reporter (rp_bwreport.c). What the run is
 * (sizes, this side's role, the rails' and the engine's settings, where
 * the text goes) is its plan's (rp_plan.h). Header only.
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
#include "app/rp_plan.h"
#include "app/rp_railspec.h"
#include "app/rp_run.h"
#include "app/rp_session.h"
#include "engine/rp_probeset.h"
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
	struct rp_plan *p;
	const struct rp_opts *o; /* p->o */
	unsigned int n;		 /* rails */
	struct rp_railspec spec[RP_MAX_RAILS];
	struct rp_topo topo;		     /* multi: hwloc, for placement */
	struct rp_place place[RP_MAX_RAILS]; /* each rail's CPU and node */
	int cpus[RP_MAX_RAILS];		     /* -1: unpinned */
	struct rp_session s;
	/* where this side posts: the peer's slices, -b its receive halves */
	struct rp_rail_addr *peers; /* [n], heap */
	struct rp_port_counters before[RP_MAX_RAILS];
	bool have_counters[RP_MAX_RAILS];
	/* data packets of every WR posted, every size (a -D run may leave
	 * some in flight, rp_bw_cfg.drain_ns: the port may send them yet) */
	uint64_t needed[RP_MAX_RAILS];
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
	bool port_down[RP_MAX_RAILS];	 /* each rail's port, last seen */
	/* each rail's netdev's index (rp_bwwatch_open), 0: none or unknown */
	unsigned int ndev_index[RP_MAX_RAILS];
	struct rp_run run; /* this side's run skeleton */
	/* a rail on the calling thread: heartbeats, --run_infinitely rows */
	uint64_t last_beat; /* ns */
	uint64_t progress;  /* WRs completed (rp_bw_cfg.progress) */
	uint64_t row_ns;    /* --run_infinitely: last row's time, */
	uint64_t row_done;  /* ... and WRs completed then */
	uint64_t size;	    /* bytes per WR of the size running */
	uint64_t here_t0;   /* one rail: ns, its run's start (events) */
	/* --lat_probe (rp_bwprobe.h): the rails' probe threads and samples
	 * (heap), each rail's bandwidth window of the last size (where the
	 * loaded samples count), whether the loaded phase ran; the peer of
	 * a WRITE probe: its echo threads running */
	struct rp_probeset *probes;
	uint64_t probe_from[RP_MAX_RAILS], probe_to[RP_MAX_RAILS];
	bool probe_loaded;
	bool probe_echo;
	/* --validate of atomics: each rail's QPs' atomics completed
	 * ([RP_MAX_RAILS * RP_MAX_QPS], heap; rp_bw_cfg.qp_done), and the
	 * count and word of the QP found off (rp_atomword_check) */
	uint64_t *qp_done;
	uint64_t word[2];
};

#endif /* RP_BWRUN_H */
