// SPDX-License-Identifier: MIT
/*
 * The bandwidth run's watch (rp_bwwatch.h): device and netdev events,
 * --interval rows and each rail's port counters, -b's COUNTS exchanged
 * each tick, from the calling thread while the rails run.
 */
#include <errno.h>
#include <net/if.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "app/rp_bwfleet.h"
#include "app/rp_bwwatch.h"
#include "base/rp_log.h"
#include "base/rp_sysfs.h"
#include "base/rp_time.h"
#include "ctrl/rp_exchange.h"
#include "engine/rp_stats.h"
#include "net/rp_ethstats.h"
#include "net/rp_netlink.h"
#include "output/rp_report_bidir.h"
#include "output/rp_report_multi.h"

#define BW_WATCH_NS (20 * 1000 * 1000) /* the watching thread's period */

/* Before a run: the event list cleared, the netdevs watched (netlink),
 * each rail's port and netdev link taken as up (they were at the start)
 * and its device's async fd made non-blocking; what cannot be watched is
 * warned of. The engine's tick (one rail) or the watching thread reads
 * them (rp_bwwatch_events). */
void rp_bwwatch_open(struct rp_bwrun *a)
{
	unsigned int i;

	a->n_events = 0;
	a->nl_fd = rp_netlink_open();
	if (a->nl_fd < 0)
		rp_warn("no netlink socket (%s): the rails' netdev links are "
			"not watched",
			strerror(-a->nl_fd));
	for (i = 0; i < a->n; i++) {
		const char *nd = a->s.rails[i].gid.ndev;

		a->link_up[i] = true;
		a->port_down[i] = false;
		a->ndev_index[i] = nd[0] ? if_nametoindex(nd) : 0;
		a->watch_events[i] = !rp_async_nonblock(a->s.rails[i].dev.ctx);
		if (!a->watch_events[i])
			rp_warn("rail %u (%s): its device events cannot be "
				"read without blocking: not watched",
				i, a->s.rails[i].dev.name);
	}
}

/* After a run: the netlink socket of bw_watch_open closed. */
void rp_bwwatch_close(struct rp_bwrun *a)
{
	if (a->nl_fd >= 0)
		close(a->nl_fd);
	a->nl_fd = -1;
}

struct bw_watch {
	uint64_t last_beat;
	uint64_t next_report; /* ns; UINT64_MAX = no interval rows */
	uint64_t prev_ns;
	uint64_t prev[RP_MAX_RAILS];
	/* -b: a row waits for the peer's COUNTS of its tick (until due) */
	bool pending;
	uint32_t seq;		       /* this side's ticks so far */
	uint64_t due, from_ns, row_ns; /* the pending row's wait and span */
	uint64_t tx[RP_MAX_RAILS];     /* the pending row's bytes sent */
	struct rp_counts peer;	       /* the peer's latest COUNTS */
	struct rp_counts peer_prev;    /* the peer's counts at the last row */
};

/* --interval: drop the rows of an earlier size. */
void rp_bwwatch_clear(struct rp_bwrun *a)
{
	unsigned int i;

	for (i = 0; i <= RP_MAX_RAILS; i++)
		rp_series_clear(&a->ivl[i]);
	rp_series_clear(&a->ivl_end);
	for (i = 0; i < RP_MAX_RAILS; i++)
		rp_portseries_clear(&a->ctr[i]);
}

void rp_bwwatch_counters(struct rp_bwrun *a, struct rp_port_counters *out)
{
	unsigned int i;

	for (i = 0; i < a->n; i++) {
		a->have_counters[i] = !rp_counters_read(RP_SYSFS_IB_ROOT,
							a->s.rails[i].dev.name,
							a->s.rails[i].dev.port,
							&out[i]);
		/* no netdev or no ethtool stats: no pause counters */
		(void)rp_pause_read(a->s.rails[i].gid.ndev, &out[i].pause);
		/* no carrier counters: no link drop can be seen */
		(void)rp_carrier_read(RP_SYSFS_ROOT, a->s.rails[i].gid.ndev,
				      &out[i].carrier);
	}
}

/* Rail @i's port counters now (rp_portseries_read). */
static void bw_ctr_read(const struct rp_bwrun *a, unsigned int i,
			struct rp_port_counters *now)
{
	const struct rp_rail *r = &a->s.rails[i];

	rp_portseries_read(RP_SYSFS_IB_ROOT, r->dev.name, r->dev.port,
			   r->gid.ndev, now);
}

/* --interval, before a size's rails start: no rows yet, each rail's
 * port counters read (the first row's counters count from here). */
void rp_bwwatch_begin(struct rp_bwrun *a)
{
	struct rp_port_counters now;
	unsigned int i;

	rp_bwwatch_clear(a);
	for (i = 0; a->o->interval && i < a->n; i++) {
		bw_ctr_read(a, i, &now);
		rp_portseries_start(&a->ctr[i], &now);
	}
}

/* --interval, each row (the watching thread): every rail's port counter
 * deltas kept, a line for a rail whose pause, CNP or retry counters
 * moved. Returns 0 or -ENOMEM. */
static int bw_ivl_counters(struct rp_bwrun *a, double from_s, double to_s)
{
	struct rp_port_counters now;
	struct rp_portseries *ps;
	char who[96];
	unsigned int i;

	for (i = 0; i < a->n; i++) {
		ps = &a->ctr[i];
		bw_ctr_read(a, i, &now);
		if (rp_portseries_push(ps, &now))
			return -ENOMEM;
		snprintf(who, sizeof(who), "rail %u (%s)", i,
			 a->s.rails[i].dev.name);
		rp_report_interval_counters(a->p->extra, who, from_s, to_s,
					    &ps->v[ps->n - 1]);
	}
	return 0;
}

/* --interval: keep a row, @bytes[i] moved by rail i in @ns, which ended
 * @end_s into the run (the statistics of the final report). */
static void bw_ivl_add(struct rp_bwrun *a, const uint64_t *bytes, uint64_t ns,
		       double end_s)
{
	bool gbits = a->o->report_gbits;
	uint64_t sum = 0;
	unsigned int i;
	int ret = 0;

	for (i = 0; i < a->n; i++) {
		ret |= rp_series_add(&a->ivl[i], rp_bw(bytes[i], ns, gbits));
		sum += bytes[i];
	}
	ret |= rp_series_add(&a->ivl[a->n], rp_bw(sum, ns, gbits));
	ret |= rp_series_add(&a->ivl_end, end_s);
	ret |= bw_ivl_counters(a, end_s - (double)ns / 1e9, end_s);
	if (ret) { /* out of memory: no statistics rather than wrong ones */
		rp_warn("--interval: no memory for the rows' statistics");
		rp_bwwatch_clear(a);
	}
}

static void bw_interval(struct rp_bwrun *a, struct rp_multi *mu,
			struct bw_watch *w, uint64_t size, uint64_t now)
{
	uint64_t bytes[RP_MAX_RAILS], p;
	unsigned int i;

	for (i = 0; i < a->n; i++) {
		p = rp_multi_progress(mu, i);
		bytes[i] = (p - w->prev[i]) * size;
		w->prev[i] = p;
	}
	rp_report_interval(a->p->extra, (double)(w->prev_ns - mu->t0_ns) / 1e9,
			   (double)(now - mu->t0_ns) / 1e9, a->s.rails, bytes,
			   a->n, now - w->prev_ns, a->o->report_gbits);
	rp_bwfleet_interval(a, bytes, now - w->prev_ns);
	bw_ivl_add(a, bytes, now - w->prev_ns, (double)(now - mu->t0_ns) / 1e9);
	w->prev_ns = now;
	w->next_report += a->o->interval * RP_NSEC_PER_SEC;
}

/* The rail an event of rail @i's context belongs to: a port event to the
 * rail on that port of the same context, anything else to @i. */
static unsigned int bw_event_rail(const struct rp_bwrun *a, unsigned int i,
				  const struct rp_event *ev)
{
	const struct rp_rail *r = a->s.rails;
	unsigned int k;

	for (k = 0; ev->port && k < a->n; k++)
		if (r[k].dev.ctx == r[i].dev.ctx && r[k].dev.port == ev->port)
			return k;
	return i;
}

/* An event of rail @rail, now: printed at once, kept for JSON. */
static void bw_event_add(struct rp_bwrun *a, unsigned int rail,
			 const struct rp_event *ev, uint64_t t0_ns)
{
	struct rp_bwevent *e, spill;
	char who[96];

	e = a->n_events < RP_BW_MAX_EVENTS ? &a->events[a->n_events++] : &spill;
	*e = (struct rp_bwevent){
		.rail = rail,
		.t_s = (double)(rp_now_ns() - t0_ns) / 1e9,
		.ev = *ev,
	};
	snprintf(who, sizeof(who), "rail %u (%s)", rail,
		 a->s.rails[rail].dev.name);
	rp_report_event(a->p->extra, who, &e->ev, e->t_s);
}

/* Rail @i's netdev lost or gained address @le->addr (netlink): its GID
 * table follows (a RoCE v2 GID per address). */
static void bw_addr_event(struct rp_bwrun *a, unsigned int i,
			  const struct rp_link_event *le, uint64_t t0_ns)
{
	struct rp_event ev = { .type = -1 };

	snprintf(ev.what, sizeof(ev.what), "netdev %s address %s %s",
		 a->s.rails[i].gid.ndev, le->addr,
		 le->kind == RP_NL_ADDR_NEW ? "added" : "removed");
	bw_event_add(a, i, &ev, t0_ns);
}

/* Whether netlink event @le is about rail @i's own netdev: by its index
 * (kept when the watch opened; an address event may carry no name), else
 * by its name when both have one. A rail without a netdev (InfiniBand)
 * has no event: a nameless one is never pinned on it. */
static bool bw_event_ours(const struct rp_bwrun *a, unsigned int i,
			  const struct rp_link_event *le)
{
	const char *nd = a->s.rails[i].gid.ndev;

	if (!nd[0])
		return false;
	if (a->ndev_index[i])
		return le->ifindex == (int)a->ndev_index[i];
	return le->ifname[0] && !strcmp(nd, le->ifname);
}

/* The kernel dropped netlink messages (its socket buffer was full): said
 * with the time, and every link's state asked for again (the answers are
 * read as link events: a rail's change shows then). */
static void bw_netlink_lost(struct rp_bwrun *a, uint64_t t0_ns)
{
	double t = (double)(rp_now_ns() - t0_ns) / 1e9;
	int ret = rp_netlink_resync(a->nl_fd);

	if (ret)
		rp_warn("netlink: the kernel dropped link and address events "
			"at %.2f s (the socket's buffer was full); the links "
			"could not be asked for again (%s)",
			t, strerror(-ret));
	else
		rp_warn("netlink: the kernel dropped link and address events "
			"at %.2f s (the socket's buffer was full); every "
			"rail's link is read again, an address changed then "
			"is not known",
			t);
}

/* The rails' netdevs whose link went down or came up (netlink), each
 * change once per rail, and their addresses removed or added. */
static void bw_link_events(struct rp_bwrun *a, uint64_t t0_ns)
{
	struct rp_link_event le[16];
	struct rp_event ev;
	bool lost = false;
	int n, k;
	unsigned int i;

	n = a->nl_fd >= 0 ? rp_netlink_read(a->nl_fd, le, 16, &lost) : 0;
	if (lost)
		bw_netlink_lost(a, t0_ns);
	for (k = 0; k < n; k++) {
		for (i = 0; i < a->n; i++) {
			if (!bw_event_ours(a, i, &le[k]))
				continue;
			if (le[k].kind != RP_NL_LINK) {
				bw_addr_event(a, i, &le[k], t0_ns);
				continue;
			}
			if (a->link_up[i] == le[k].up)
				continue;
			a->link_up[i] = le[k].up;
			ev = (struct rp_event){ .type = -1 };
			snprintf(ev.what, sizeof(ev.what), "netdev %s link %s",
				 a->s.rails[i].gid.ndev,
				 le[k].up ? "UP" : "DOWN");
			bw_event_add(a, i, &ev, t0_ns);
		}
	}
}

/* Every device event pending on the rails' contexts (each context once),
 * then their netdevs' link changes. An event that reports the state the
 * port already had (rp_async_news) is neither printed nor kept. */
void rp_bwwatch_events(struct rp_bwrun *a, uint64_t t0_ns)
{
	struct rp_event ev;
	unsigned int i, k, rail;

	for (i = 0; i < a->n; i++) {
		for (k = 0; k < i; k++)
			if (a->s.rails[k].dev.ctx == a->s.rails[i].dev.ctx)
				break;
		while (k == i && a->watch_events[i] &&
		       rp_async_poll(a->s.rails[i].dev.ctx, &ev) > 0) {
			rail = bw_event_rail(a, i, &ev);
			if (rp_async_news(&ev, &a->port_down[rail]))
				bw_event_add(a, rail, &ev, t0_ns);
		}
	}
	bw_link_events(a, t0_ns);
}

/* -b: this side's tick: bytes sent per rail since the last one, and its
 * counts to the peer (COUNTS), whose receive direction they are. */
static int bw_tick_bidir(struct rp_bwrun *a, struct rp_multi *mu,
			 struct bw_watch *w, uint64_t size, uint64_t now)
{
	struct rp_counts k = { .seq = ++w->seq, .n = a->n };
	unsigned int i;

	for (i = 0; i < a->n; i++) {
		k.done[i] = rp_multi_progress(mu, i);
		w->tx[i] = (k.done[i] - w->prev[i]) * size;
		w->prev[i] = k.done[i];
	}
	w->from_ns = w->prev_ns;
	w->row_ns = now - w->prev_ns;
	bw_ivl_add(a, w->tx, w->row_ns, (double)(now - mu->t0_ns) / 1e9);
	rp_bwfleet_interval(a, w->tx, w->row_ns);
	w->prev_ns = now;
	w->pending = true;
	w->due = now + a->o->interval * RP_NSEC_PER_SEC / 2;
	w->next_report += a->o->interval * RP_NSEC_PER_SEC;
	return rp_exchange_counts_send(&a->s.ctrl, &k);
}

/*
 * -b: print the pending row once the peer's COUNTS of the same tick came
 * (or half an interval later): rx = the peer's sends between its last two
 * counts seen, over their span (ticks x --interval on the peer's clock);
 * "rx unknown" when none came since the last row.
 */
static void bw_row_bidir(struct rp_bwrun *a, struct rp_multi *mu,
			 struct bw_watch *w, uint64_t size, uint64_t now)
{
	const struct rp_counts *pc = &w->peer;
	bool got = pc->seq > w->peer_prev.seq && pc->n == a->n;
	const char *devs[RP_MAX_RAILS];
	uint64_t rx[RP_MAX_RAILS];
	unsigned int i;

	if (pc->seq < w->seq && now < w->due)
		return;
	for (i = 0; i < a->n; i++) {
		devs[i] = a->s.rails[i].dev.name;
		rx[i] = got ? (pc->done[i] - w->peer_prev.done[i]) * size : 0;
	}
	rp_report_interval_bidir(
		a->p->extra, (double)(w->from_ns - mu->t0_ns) / 1e9,
		(double)(w->from_ns + w->row_ns - mu->t0_ns) / 1e9, devs, w->tx,
		w->row_ns, got ? rx : NULL,
		got ? (pc->seq - w->peer_prev.seq) * a->o->interval *
				RP_NSEC_PER_SEC :
		      0,
		a->n, a->o->report_gbits);
	if (got)
		w->peer_prev = *pc;
	w->pending = false;
}

/* -b --interval, each turn: the peer's COUNTS in, this side's tick out,
 * the pending row. Returns 0 or the control channel's error. */
static int bw_watch_bidir(struct rp_bwrun *a, struct rp_multi *mu,
			  struct bw_watch *w, uint64_t size, uint64_t now)
{
	int ret = rp_exchange_counts_latest(&a->s.ctrl, &w->peer);

	if (!ret && now >= w->next_report && !rp_multi_done(mu))
		ret = bw_tick_bidir(a, mu, w, size, now);
	if (!ret && w->pending && !rp_multi_done(mu))
		bw_row_bidir(a, mu, w, size, now);
	return ret;
}

/* The calling thread while the rails run: heartbeats, interval rows. */
void rp_bwwatch_run(struct rp_bwrun *a, struct rp_multi *mu, uint64_t size)
{
	const struct timespec nap = { .tv_nsec = BW_WATCH_NS };
	const struct rp_opts *o = a->o;
	struct bw_watch w = {
		.last_beat = mu->t0_ns,
		.prev_ns = mu->t0_ns,
		.next_report =
			o->interval ?
				mu->t0_ns + o->interval * RP_NSEC_PER_SEC :
				UINT64_MAX,
	};
	bool bidir = o->bidir && o->interval;
	uint64_t now;

	while (!rp_multi_done(mu)) {
		nanosleep(&nap, NULL);
		now = rp_now_ns();
		rp_bwwatch_events(a, mu->t0_ns);
		/* only the client beats (-b: the server runs too); -b
		 * --interval: both sides send and take COUNTS */
		if ((bidir && bw_watch_bidir(a, mu, &w, size, now)) ||
		    (!a->s.server && rp_ctrl_beat(&a->s.ctrl, &w.last_beat))) {
			__atomic_store_n(&mu->cancel, 1, __ATOMIC_RELAXED);
			break; /* rp_multi_join waits for the rails */
		}
		if (!bidir && now >= w.next_report && !rp_multi_done(mu))
			bw_interval(a, mu, &w, size, now);
	}
	rp_bwwatch_events(a, mu->t0_ns); /* those of a rail's last moments */
}
