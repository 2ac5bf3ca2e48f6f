/* SPDX-License-Identifier: MIT */
/*
 * rp_bwwatch.h - what a bandwidth run watches while it runs, apart from
 * its timed phase (rp_bwapp.c) and its printing after it (rp_bwreport.c):
 * the rails' device events (their async fds) and netdev changes
 * (netlink: link up or down, an address gone), the --interval rows with
 * each rail's port counters, -b --interval's COUNTS, sent each tick and
 * the peer's taken (through rp_exchange), and the port counters read
 * around the run. Its state lives in struct rp_bwrun (rp_bwrun.h): the
 * events and rows are also the report's.
 */
#ifndef RP_BWWATCH_H
#define RP_BWWATCH_H

#include <stdint.h>

#include "app/rp_bwrun.h"
#include "engine/rp_multi.h"
#include "topo/rp_counters.h"

/*
 * rp_bwwatch_open - before a run: the event list cleared, the netdevs
 * watched (netlink) and each rail's netdev's index kept (a->ndev_index:
 * its events are matched by it), each rail's port taken as ACTIVE (it was
 * at the start) and its device's async fd made non-blocking; what cannot
 * be watched is warned of. The engine's tick (one rail) or rp_bwwatch_run
 * reads them (rp_bwwatch_events).
 */
void rp_bwwatch_open(struct rp_bwrun *a);

/* rp_bwwatch_close - after a run: the netlink socket closed. */
void rp_bwwatch_close(struct rp_bwrun *a);

/*
 * rp_bwwatch_events - every device event pending on the rails' contexts
 * (each context once; one that reports the state its port already had,
 * rp_async_news, is dropped), then their netdevs' link and address
 * changes (a rail's by its own netdev's index, else its name; none for a
 * rail without a netdev): each printed at once to railperf's stream
 * (a->p->extra, stderr) with its time from @t0_ns, and kept for JSON (the
 * first RP_BW_MAX_EVENTS). Events the kernel dropped (ENOBUFS) are one
 * warning with their time, and every link's state is asked for again
 * (rp_netlink_resync).
 */
void rp_bwwatch_events(struct rp_bwrun *a, uint64_t t0_ns);

/*
 * rp_bwwatch_begin - before a size's rails start: no --interval rows yet,
 * each rail's port counters read (the first row's counters count from
 * here).
 */
void rp_bwwatch_begin(struct rp_bwrun *a);

/*
 * rp_bwwatch_run - the calling thread while the rails of @mu run @size-
 * byte WRs, every 20 ms until they are done: the events; the client's
 * heartbeats; --interval's rows (each rail's and all rails' rates, their
 * port counters' deltas) every interval; with -b --interval this side's
 * COUNTS each tick and a row per tick once the peer's of the same tick
 * came (or half an interval later: "rx unknown"). A heartbeat or
 * COUNTS that fails cancels the rails (mu->cancel; the caller's
 * rp_multi_join waits for them).
 */
void rp_bwwatch_run(struct rp_bwrun *a, struct rp_multi *mu, uint64_t size);

/* rp_bwwatch_clear - drop the rows of an earlier size (and release their
 * memory: also at the run's end). */
void rp_bwwatch_clear(struct rp_bwrun *a);

/*
 * rp_bwwatch_counters - every rail's port counters (sysfs) and its
 * netdev's pause frames (ethtool ioctl) into @out[]; a->have_counters[]
 * says whose could be read.
 */
void rp_bwwatch_counters(struct rp_bwrun *a, struct rp_port_counters *out);

#endif /* RP_BWWATCH_H */
