// SPDX-License-Identifier: MIT
/*
 * The bandwidth binaries' run (rp_bwapp.h): the rails and their
 * placement, the session, the timed phase of each size (one rail on the
 * calling thread, or a thread per rail with the calling thread watching:
 * heartbeats, --interval rows, -b's COUNTS), and the parts handed to the
 * run skeleton (rp_run.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "app/rp_bwapp.h"
#include "app/rp_bwfleet.h"
#include "app/rp_main.h"
#include "app/rp_bwreport.h"
#include "app/rp_run.h"
#include "base/rp_log.h"
#include "base/rp_sysfs.h"
#include "base/rp_time.h"
#include "ctrl/rp_exchange.h"
#include "engine/rp_bidir.h"
#include "engine/rp_bw.h"
#include "engine/rp_multi.h"
#include "engine/rp_stats.h"
#include "net/rp_netlink.h"
#include "net/rp_subnet.h"
#include "output/rp_report_bidir.h"
#include "output/rp_report_multi.h"
#include "verbs/rp_bufpat.h"
#include "verbs/rp_dev.h"

#define BW_WATCH_NS (20 * 1000 * 1000) /* the watching thread's period */

/* --run_infinitely: a row of the last -D seconds (peak not measured). */
static void bw_inf_row(struct rp_bwrun *a)
{
	const struct rp_opts *o = a->o;
	uint64_t now = rp_now_ns(), done, ns;
	struct rp_result res;

	if (now - a->row_ns < o->duration * RP_NSEC_PER_SEC)
		return;
	done = __atomic_load_n(&a->progress, __ATOMIC_RELAXED);
	ns = now - a->row_ns;
	res = (struct rp_result){
		.size = a->size,
		.iters = done - a->row_done,
		.bw_avg = rp_bw((done - a->row_done) * a->size, ns,
				o->report_gbits),
		.msg_rate = rp_msg_rate(done - a->row_done, ns),
	};
	rp_bwreport_row(a, &res);
	a->agg = res;
	a->row_ns = now;
	a->row_done = done;
}

/* The engine's tick on the client (one rail): a heartbeat about once a
 * second (notices a server that gave up or died); --run_infinitely: rows,
 * and a BYE from the server ends the run (return 1). */
static int bw_tick(void *arg)
{
	struct rp_bwrun *a = arg;
	int ret;

	ret = rp_ctrl_beat(&a->s.ctrl, &a->last_beat);
	if (ret == -ESHUTDOWN && a->o->run_infinitely) {
		a->run.peer_ended = true;
		return 1;
	}
	if (!ret && a->o->run_infinitely)
		bw_inf_row(a);
	return ret;
}

/* Data packets a rail's @done messages of @size bytes needed. */
static uint64_t bw_packets(const struct rp_rail *r, uint64_t done,
			   uint64_t size)
{
	uint64_t mtu = rp_mtu_bytes(r->mtu);

	return done * ((size + mtu - 1) / mtu);
}

/* The engine's configuration of this run for @size-byte WRs; -b READ
 * reads into the upper half of each slice (rp_bidir_source). */
static void bw_cfg(const struct rp_bwrun *a, uint64_t size,
		   struct rp_bw_cfg *cfg)
{
	rp_bwrun_cfg(a->o, size, cfg);
	if (a->o->bidir && rp_bwrun_read(a))
		cfg->local_off = a->s.rails[0].slice / 2;
	if (rp_bwrun_recv(a)) { /* SEND's server: receives, no peak */
		cfg->recv = true;
		cfg->peak = false;
	}
	/* -b SEND: both, into the upper halves */
	cfg->duplex = rp_bwrun_duplex(a);
	if (cfg->recv || cfg->duplex) { /* a receiving side's queue */
		cfg->rx_depth = a->o->rx_depth;
		cfg->rx_pre = rp_bw_rx_pre(cfg);
	}
}

/* SEND's server (-b: both sides), before each size's READY: every rail's
 * receives posted (the peer's first SEND finds one). */
static int bw_arm(void *app, uint64_t size)
{
	struct rp_bwrun *a = app;
	struct rp_bw_cfg cfg;
	unsigned int i;
	int ret = 0;

	if (!rp_bwrun_recv(a) && !rp_bwrun_duplex(a))
		return 0;
	bw_cfg(a, size, &cfg);
	for (i = 0; i < a->n && !ret; i++)
		ret = rp_bw_recv_prepost(&a->s.rails[i], &cfg);
	return ret ? rp_session_run_failed(&a->s, ret) : 0;
}

static void bw_events(struct rp_bwrun *a, uint64_t t0_ns);

/* The engine's tick on a side that runs one rail: its device's events
 * and its netdev's changes (bw_events), then the client's bw_tick. */
static int bw_tick_here(void *arg)
{
	struct rp_bwrun *a = arg;

	bw_events(a, a->here_t0);
	return a->s.server ? 0 : bw_tick(arg);
}

/* Before a run: the event list cleared, the netdevs watched (netlink),
 * each rail's port taken as ACTIVE (it was at the start) and its device's
 * async fd made non-blocking; what cannot be watched is warned of. The
 * engine's tick (one rail) or the watching thread reads them (bw_events). */
static void bw_watch_open(struct rp_bwrun *a)
{
	unsigned int i;

	a->n_events = 0;
	a->nl_fd = rp_netlink_open();
	if (a->nl_fd < 0)
		rp_warn("no netlink socket (%s): the rails' netdev links are "
			"not watched",
			strerror(-a->nl_fd));
	for (i = 0; i < a->n; i++) {
		a->link_up[i] = true;
		a->watch_events[i] = !rp_async_nonblock(a->s.rails[i].dev.ctx);
		if (!a->watch_events[i])
			rp_warn("rail %u (%s): its device events cannot be "
				"read without blocking: not watched",
				i, a->s.rails[i].dev.name);
	}
}

/* After a run: the netlink socket of bw_watch_open closed. */
static void bw_watch_close(struct rp_bwrun *a)
{
	if (a->nl_fd >= 0)
		close(a->nl_fd);
	a->nl_fd = -1;
}

/* One rail on the calling thread (the process stays single-threaded). */
static int bw_run_here(struct rp_bwrun *a, uint64_t size)
{
	struct rp_bw_cfg cfg;
	struct rp_bw_out out;
	int ret;

	bw_cfg(a, size, &cfg);
	cfg.infinite = a->o->run_infinitely;
	cfg.tick = bw_tick_here; /* only the client beats */
	cfg.tick_arg = a;
	cfg.progress = &a->progress;
	a->progress = 0;
	a->size = size;
	a->row_ns = rp_now_ns();
	a->row_done = 0;
	a->here_t0 = rp_now_ns(); /* the run starts now */
	bw_watch_open(a);
	ret = rp_bw_run(&a->s.rails[0], &a->peers[0], &cfg, &out);
	bw_events(a, a->here_t0); /* those of the run's last moments */
	bw_watch_close(a);
	if (ret)
		return ret;
	rp_bw_result(&cfg, &out, &a->rail_res[0]);
	rp_multi_aggregate(&out, 1, size, cfg.gbits, &a->agg);
	a->needed[0] += bw_packets(&a->s.rails[0], a->progress, size);
	return 0;
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
	struct rp_counts peer_prev;    /* the peer's counts at the last row */
};

/* --interval: drop the rows of an earlier size. */
static void bw_ivl_clear(struct rp_bwrun *a)
{
	unsigned int i;

	for (i = 0; i <= RP_MAX_RAILS; i++)
		rp_series_clear(&a->ivl[i]);
	rp_series_clear(&a->ivl_end);
	for (i = 0; i < RP_MAX_RAILS; i++)
		rp_portseries_clear(&a->ctr[i]);
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
static void bw_ivl_begin(struct rp_bwrun *a)
{
	struct rp_port_counters now;
	unsigned int i;

	bw_ivl_clear(a);
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
		rp_report_interval_counters(a->text, who, from_s, to_s,
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
		bw_ivl_clear(a);
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
	rp_report_interval(stdout, (double)(w->prev_ns - mu->t0_ns) / 1e9,
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
	rp_report_event(a->text, who, &e->ev, e->t_s);
}

/* Rail @i's netdev lost or gained address @le->addr (netlink): its GID
 * table follows (a RoCE v2 GID per address). */
static void bw_addr_event(struct rp_bwrun *a, unsigned int i,
			  const struct rp_link_event *le, uint64_t t0_ns)
{
	struct rp_event ev = { .type = -1 };

	snprintf(ev.what, sizeof(ev.what), "netdev %s address %s %s",
		 le->ifname, le->addr,
		 le->kind == RP_NL_ADDR_NEW ? "added" : "removed");
	bw_event_add(a, i, &ev, t0_ns);
}

/* The rails' netdevs whose link went down or came up (netlink), each
 * change once per rail, and their addresses removed or added. */
static void bw_link_events(struct rp_bwrun *a, uint64_t t0_ns)
{
	struct rp_link_event le[16];
	struct rp_event ev;
	int n, k;
	unsigned int i;

	n = a->nl_fd >= 0 ? rp_netlink_read(a->nl_fd, le, 16) : 0;
	for (k = 0; k < n; k++) {
		for (i = 0; i < a->n; i++) {
			if (strcmp(a->s.rails[i].gid.ndev, le[k].ifname))
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
				 le[k].ifname, le[k].up ? "UP" : "DOWN");
			bw_event_add(a, i, &ev, t0_ns);
		}
	}
}

/* Every device event pending on the rails' contexts (each context once),
 * then their netdevs' link changes. */
static void bw_events(struct rp_bwrun *a, uint64_t t0_ns)
{
	struct rp_event ev;
	unsigned int i, k;

	for (i = 0; i < a->n; i++) {
		for (k = 0; k < i; k++)
			if (a->s.rails[k].dev.ctx == a->s.rails[i].dev.ctx)
				break;
		while (k == i && a->watch_events[i] &&
		       rp_async_poll(a->s.rails[i].dev.ctx, &ev) > 0)
			bw_event_add(a, bw_event_rail(a, i, &ev), &ev, t0_ns);
	}
	bw_link_events(a, t0_ns);
}

/* -b: this side's tick: bytes sent per rail since the last one, and its
 * counts to the peer (COUNTS), whose receive direction they are. */
static int bw_tick_bidir(struct rp_bwrun *a, struct rp_multi *mu,
			 struct bw_watch *w, uint64_t size, uint64_t now)
{
	struct rp_counts k = { .seq = ++w->seq, .n = a->n };
	uint8_t buf[RP_COUNTS_MAX_LEN];
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
	return rp_ctrl_send(&a->s.ctrl, RP_MSG_COUNTS, buf,
			    rp_msg_encode_counts(buf, sizeof(buf), &k));
}

/*
 * -b: print the pending row once the peer's COUNTS of the same tick came
 * (or half an interval later): rx = the peer's sends between its last two
 * counts seen, over their span (ticks x --interval on the peer's clock);
 * "-" when none came since the last row.
 */
static void bw_row_bidir(struct rp_bwrun *a, struct rp_multi *mu,
			 struct bw_watch *w, uint64_t size, uint64_t now)
{
	const struct rp_counts *pc = &a->s.ctrl.peer_counts;
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
		stdout, (double)(w->from_ns - mu->t0_ns) / 1e9,
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
	int ret = rp_ctrl_poll(&a->s.ctrl);

	if (!ret && now >= w->next_report && !rp_multi_done(mu))
		ret = bw_tick_bidir(a, mu, w, size, now);
	if (!ret && w->pending && !rp_multi_done(mu))
		bw_row_bidir(a, mu, w, size, now);
	return ret;
}

/* The calling thread while the rails run: heartbeats, interval rows. */
static void bw_watch(struct rp_bwrun *a, struct rp_multi *mu, uint64_t size)
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
		bw_events(a, mu->t0_ns);
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
	bw_events(a, mu->t0_ns); /* those of a rail's last moments */
}

/* struct rp_multi holds cache-line aligned workers: calloc's 16-byte
 * alignment is not enough. */
static struct rp_multi *bw_multi_alloc(void)
{
	size_t al = _Alignof(struct rp_multi);
	struct rp_multi *mu =
		aligned_alloc(al, (sizeof(*mu) + al - 1) / al * al);

	if (mu)
		memset(mu, 0, sizeof(*mu));
	return mu;
}

/* A thread per rail, the calling thread watching; fills the results. */
static int bw_run_threads(struct rp_bwrun *a, uint64_t size)
{
	struct rp_bw_out outs[RP_MAX_RAILS];
	struct rp_multi *mu = bw_multi_alloc();
	struct rp_bw_cfg cfg;
	unsigned int i;
	int ret, jret;

	if (!mu)
		return -ENOMEM;
	bw_cfg(a, size, &cfg);
	bw_ivl_begin(a);
	bw_watch_open(a);
	ret = rp_multi_start(mu, a->s.rails, a->peers, a->n, &cfg,
			     a->topo.t ? &a->topo : NULL, a->cpus);
	if (!ret)
		bw_watch(a, mu, size);
	jret = rp_multi_join(mu);
	bw_watch_close(a);
	if (!ret)
		ret = jret;
	/* a rail that failed alone: its result up to the failure, left out
	 * of the aggregate; the sizes after this one are not run */
	if (!ret && rp_multi_failed(mu))
		a->run.stop = true;
	for (i = 0; i < a->n && !ret; i++) {
		outs[i] = mu->w[i].out;
		rp_bw_result(&cfg, &outs[i], &a->rail_res[i]);
		a->rail_res[i].cpu = mu->w[i].used; /* sent with RESULT */
		/* every message completed, not just the -D window */
		a->needed[i] += bw_packets(&a->s.rails[i],
					   rp_multi_progress(mu, i), size);
	}
	if (!ret)
		rp_multi_aggregate(outs, a->n, size, cfg.gbits, &a->agg);
	free(mu);
	return ret;
}

/* -b: swap the aggregate and (rail list) every rail's result. */
static int bw_swap(void *app)
{
	struct rp_bwrun *a = app;
	struct rp_ctrl *c = &a->s.ctrl;
	unsigned int i;
	int ret;

	ret = rp_exchange_result_swap(c, a->s.server, &a->agg, &a->peer_agg);
	for (i = 0; i < a->n && a->multi && !ret; i++)
		ret = rp_exchange_result_swap(c, a->s.server, &a->rail_res[i],
					      &a->peer_res[i]);
	if (!a->multi)
		a->peer_res[0] = a->peer_agg;
	return ret;
}

/* One size on every rail. Fills a->rail_res[] and a->agg. Returns 0, or
 * the -errno of the failure after telling the peer. */
static int bw_size(void *app, uint64_t size)
{
	struct rp_bwrun *a = app;
	int ret;

	ret = a->multi ? bw_run_threads(a, size) : bw_run_here(a, size);
	return ret ? rp_session_run_failed(&a->s, ret) : 0;
}

/* The client's results after the last size: the aggregate, then (rail
 * list) each rail's. */
static int bw_send_results(struct rp_bwrun *a)
{
	unsigned int i;
	int ret;

	ret = rp_exchange_result_send(&a->s.ctrl, &a->agg);
	for (i = 0; i < a->n && a->multi && !ret; i++)
		ret = rp_exchange_result_send(&a->s.ctrl, &a->rail_res[i]);
	return ret;
}

/* The server's side: into a->agg and a->rail_res[] (one rail: the
 * aggregate is the rail's). */
static int bw_recv_results(struct rp_bwrun *a)
{
	unsigned int i;
	int ret;

	ret = rp_exchange_result_recv(&a->s.ctrl, &a->agg);
	for (i = 0; i < a->n && a->multi && !ret; i++)
		ret = rp_exchange_result_recv(&a->s.ctrl, &a->rail_res[i]);
	if (!a->multi)
		a->rail_res[0] = a->agg;
	return ret;
}

/* The rail list of -d; without -d, the RDMA devices whose port -i is
 * ACTIVE, of one link layer, each port left out named on one line. */
static int bw_rails(struct rp_bwrun *a)
{
	char all[1024], active[1024];
	const char *devs = a->o->dev;
	unsigned int i;
	int n, ret;

	if (!devs) {
		ret = rp_dev_all_names(all, sizeof(all));
		if (!ret)
			ret = rp_railspec_active(RP_SYSFS_ROOT, all,
						 a->o->ib_port, false, active,
						 sizeof(active));
		if (ret < 0)
			return ret;
		devs = active;
	}
	n = rp_railspec_list(devs, a->o->gid_list, a->o->ib_port, a->spec,
			     RP_MAX_RAILS);
	if (n < 0)
		return n;
	a->n = (unsigned int)n;
	/* a misspelt -d device fails now, not after the topology is loaded
	 * (names from rp_dev_all_names exist already) */
	for (i = 0; a->o->dev && i < a->n; i++) {
		ret = rp_dev_exists(a->spec[i].dev);
		if (ret)
			return ret;
	}
	return 0;
}

/* A rail list: a CPU and NUMA node per rail from hwloc; without it the
 * rails run unpinned. */
static void bw_place(struct rp_bwrun *a)
{
	const struct rp_nic_opts *nic = &a->o->nic;
	unsigned int i;

	if (rp_topo_init(&a->topo)) {
		rp_warn("no topology (hwloc): rails run unpinned");
		return;
	}
	if (nic->disable_numa || nic->numa_node || nic->pin_cores)
		return; /* rp_place_bind: none, the node, the listed CPUs */
	for (i = 0; i < a->n; i++) {
		if (rp_topo_place(&a->topo, a->spec[i].dev, a->cpus, i,
				  &a->place[i]))
			continue;
		a->cpus[i] = a->place[i].cpu;
	}
}

/* A rail list's configurations: a device, port, GID and binding each. */
static int bw_rail_list(struct rp_bwrun *a, struct rp_rail_cfg *cfg)
{
	unsigned int i;

	for (i = 0; i < a->n; i++) {
		struct rp_bind *b = &cfg[i].bind;

		rp_session_rail_defaults(a->o, &cfg[i]);
		cfg[i].dev = a->spec[i].dev;
		cfg[i].port = a->spec[i].port;
		cfg[i].gid_index = a->spec[i].gid_index;
		if (rp_main_gpu_near(a->o, cfg[i].dev, i, &cfg[i].gpu) ||
		    rp_place_bind(a->o, a->spec[i].dev, i, a->place[i].cpu, b))
			return -EINVAL;
		if (b->cpu >= 0) /* --pin_cores, or hwloc's core */
			a->cpus[i] = a->place[i].cpu = b->cpu;
		if (b->node >= 0)
			a->place[i].numa_node = b->node;
		cfg[i].bind_numa = a->place[i].numa_node >= 0;
		cfg[i].numa_node = a->place[i].numa_node;
	}
	return 0;
}

/* Every rail's configuration; one rail: -d's device, bound as perftest
 * binds its process. -b: each slice in two halves, what is sent and what
 * arrives. Their buffers are checked against the host's memory first
 * (rp_rail_mem_check). */
static int bw_rail_cfgs(struct rp_bwrun *a, struct rp_rail_cfg *cfg)
{
	unsigned int i;
	int ret = 0;

	for (i = 0; i < RP_MAX_RAILS; i++) {
		a->cpus[i] = -1;
		a->place[i] = (struct rp_place){ .cpu = -1, .numa_node = -1 };
	}
	a->n = 1;
	if (a->multi)
		ret = bw_rails(a);
	rp_session_rail_defaults(a->o, &cfg[0]);
	if (a->o->bidir)
		cfg[0].slice = rp_rail_slice_bytes(2 * rp_opts_max_size(a->o));
	if (!ret) /* the buffers: before the topology and any device */
		ret = rp_rail_mem_check(&cfg[0], a->n, a->o->bidir);
	if (!ret && a->multi) {
		bw_place(a);
		ret = bw_rail_list(a, cfg);
	}
	for (i = 0; i < a->n && a->o->bidir; i++)
		cfg[i].slice = rp_rail_slice_bytes(2 * rp_opts_max_size(a->o));
	/* --validate READ: the bytes read are there before the rkey is sent
	 * (the server's slices; -b: each side's lower halves) */
	for (i = 0; i < a->n && a->o->validate && rp_bwrun_read(a); i++)
		if (a->o->bidir || !a->o->server)
			cfg[i].fill_bytes = a->o->bidir ? cfg[i].slice / 2 :
							  cfg[i].slice;
	return ret;
}

/* A rail list: warn when a rail's two GIDs are not in one IPv4 subnet;
 * note each rail's core kind (hwloc cpukinds) for its placement line. */
static void bw_rail_notes(struct rp_bwrun *a)
{
	char msg[256];
	unsigned int i;

	for (i = 0; i < a->n && a->multi; i++) {
		struct rp_bound *b = &a->s.rails[i].bound;

		if (rp_gid_subnet_check(&a->s.rails[i].gid, a->s.remote[i].gid,
					msg, sizeof(msg)) == 0)
			rp_warn("rail %u (%s): %s", i, a->s.rails[i].dev.name,
				msg);
		if (a->topo.t && a->cpus[i] >= 0)
			rp_topo_cpukind(&a->topo, a->cpus[i], b->kind,
					sizeof(b->kind));
	}
}

/* Where this side posts: the peer's slices, -b its receive halves (READ:
 * the halves it sends from); WRITE --validate: what is sent filled with
 * the pattern (READ's was filled as the rails were built). */
static int bw_prepare(struct rp_bwrun *a)
{
	unsigned int i, q;
	int ret = 0;

	a->peers = calloc(a->n, sizeof(*a->peers));
	if (!a->peers)
		return -ENOMEM;
	for (i = 0; i < a->n; i++) {
		struct rp_rail *r = &a->s.rails[i];

		if (a->o->bidir && rp_bwrun_read(a))
			rp_bidir_source(&a->s.remote[i], &a->peers[i]);
		else if (a->o->bidir)
			rp_bidir_peer(&a->s.remote[i], &a->peers[i]);
		else
			a->peers[i] = a->s.remote[i];
		if (!a->o->validate || rp_bwrun_read(a))
			continue; /* READ: filled before the rkey went out */
		if (a->o->bidir)
			ret = rp_bidir_fill(r);
		for (q = 0;
		     !ret && !a->o->bidir && !a->s.server && q < r->num_qps;
		     q++)
			ret = rp_bufpat_fill(&r->buf, (uint64_t)q * r->slice,
					     r->slice, q);
		if (ret)
			return ret;
	}
	return 0;
}

/* The sizes on a side that posts: a rail list's port counters before
 * them (its per-rail lines report their deltas). */
static void bw_begin(void *app)
{
	struct rp_bwrun *a = app;

	if (a->multi || a->fleet.on)
		rp_bwreport_counters(a, a->before);
}

/* A size's row (the first one after --interval's rows and the title). */
static void bw_row(void *app, size_t i)
{
	struct rp_bwrun *a = app;

	if (a->o->interval && i == 0)
		rp_bwreport_title(a);
	rp_bwreport_size_row(a);
}

/* After the last row: the block's end (-b --report-both, the line). */
static void bw_end(void *app, int ret)
{
	if (!ret)
		rp_bwreport_block_end(app);
}

/* The server of a one-way run: the client's results, its row. */
static int bw_server_rows(void *app)
{
	struct rp_bwrun *a = app;
	int ret;

	if (a->multi)
		rp_bwreport_counters(a, a->before);
	ret = bw_recv_results(a);
	if (ret)
		return ret;
	rp_bwreport_row(a, &a->agg);
	rp_bwreport_block_end(a);
	return 0;
}

/* --validate: each QP slice that received data against the pattern, the
 * first bad byte the verdict; -b: each side's receive halves. */
static void bw_check(void *app, struct rp_verdict *v)
{
	struct rp_bwrun *a = app;
	unsigned int i, q;

	*v = (struct rp_verdict){ .ok = 1 };
	for (i = 0; i < a->n && v->ok; i++) {
		struct rp_rail *r = &a->s.rails[i];

		if (a->o->bidir) {
			rp_bidir_check(r, a->agg.size, i, v);
			continue;
		}
		for (q = 0; q < r->num_qps && v->ok; q++)
			if (rp_bufpat_check(&r->buf, (uint64_t)q * r->slice,
					    a->agg.size, r->slice, q, v))
				v->rail = i;
	}
}

/* The gates on a side that posts: -w / -y on every row, --expect,
 * --expect-min; on both sides, a rail that failed (-EIO; its verdict
 * line came with the report). */
static int bw_gates(void *app)
{
	struct rp_bwrun *a = app;

	if (rp_bwreport_failed(a))
		return -EIO;
	if (rp_bwrun_posts(a) &&
	    !rp_opts_limits_ok(a->o, a->bw_passed, a->rate_passed))
		return -ERANGE;
	return a->expect_failed || a->expect_min_failed ? -ERANGE :
							  rp_bwfleet_gate(a);
}

static void bw_header(void *app)
{
	rp_bwreport_header(app);
}

static int bw_send_results_of(void *app)
{
	return bw_send_results(app);
}

static void bw_verdict(void *app, const struct rp_verdict *v, bool here)
{
	(void)here;
	rp_bwreport_verdict(app, v);
}

static void bw_verdicts(void *app, const struct rp_verdict *here,
			const struct rp_verdict *there)
{
	rp_bwreport_verdicts(app, here, there);
}

/* railperf's section; --run_infinitely's server closes its (empty)
 * table first. */
static void bw_report(void *app)
{
	struct rp_bwrun *a = app;

	if (a->o->run_infinitely && a->s.server)
		rp_bwreport_block_end(a);
	rp_bwreport_rails(a);
}

/* The JSON document; --run_infinitely's server writes none (no rows). */
static int bw_json(void *app)
{
	struct rp_bwrun *a = app;

	if (a->o->run_infinitely && a->s.server)
		return 0;
	return rp_bwreport_json(a);
}

static const struct rp_run_ops bw_ops = {
	.header = bw_header,
	.arm = bw_arm,
	.begin = bw_begin,
	.size = bw_size,
	.swap = bw_swap,
	.row = bw_row,
	.end = bw_end,
	.send_results = bw_send_results_of,
	.recv_results = bw_server_rows,
	.check = bw_check,
	.verdict = bw_verdict,
	.verdicts = bw_verdicts,
	.report = bw_report,
	.json = bw_json,
	.gates = bw_gates,
};

/* This side of the run, through the skeleton (rp_run.h). */
static int bw_side(struct rp_bwrun *a)
{
	struct rp_run *r = &a->run;
	int ret;

	ret = bw_prepare(a);
	if (ret)
		return ret;
	*r = (struct rp_run){
		.s = &a->s,
		.ops = &bw_ops,
		.app = a,
		/* SEND, WRITE with immediate: the server measures what it
		 * receives, prints its own row (no RESULT) and posts its
		 * receives before READY */
		.measures = rp_bwrun_posts(a) || rp_bwrun_recv(a),
		.barrier = a->o->bidir,
		.ready = rp_verb_recv(a->o->verb),
		.results = !a->o->bidir && !rp_verb_recv(a->o->verb),
		.receives = rp_bwrun_gets(a),
		.sends = a->o->bidir || !rp_bwrun_gets(a),
		.infinite = a->o->run_infinitely,
	};
	return rp_run_side(r);
}

/* ib_read_bw 6.06 on a device it does not know (Soft-RoCE, siw, ...)
 * prints an extra separator first (rp_report_lat_extra_line); one rail. */
static int bw_extra_line(const struct rp_bwrun *a)
{
	bool unknown = false;
	int ret;

	if (a->multi || !rp_bwrun_read(a) || !a->text)
		return 0;
	ret = rp_session_dev_unknown(a->o, &unknown, NULL);
	if (!ret && unknown)
		rp_fprintf(a->text, RP_RESULT_LINE);
	return ret;
}

static int bw_run(struct rp_bwrun *a)
{
	struct rp_rail_cfg cfg[RP_MAX_RAILS];
	int ret;

	ret = bw_extra_line(a);
	if (!ret)
		ret = bw_rail_cfgs(a, cfg);
	if (ret)
		return ret;
	if (rp_jsonout_init(&a->json, rp_opts_json_path(a->o), a->o->output))
		return -ENOMEM;
	ret = rp_bwfleet_open(a, cfg, a->n);
	if (!ret)
		ret = rp_session_open(&a->s, a->o, cfg, a->n);
	if (!ret) {
		bw_rail_notes(a);
		/* the ceilings: a rail list's lines and warnings, --expect;
		 * by this side's PCIe direction (WRITE: the client sends) */
		if (a->multi || a->o->expect || a->fleet.on) {
			rp_railceil_read(&a->ceil, RP_SYSFS_ROOT, a->s.rails,
					 a->n,
					 a->o->bidir ? RP_PCIE_BOTH :
					 a->s.server ? RP_PCIE_RECV :
						       RP_PCIE_SEND);
			rp_railceil_size(&a->ceil, a->s.rails,
					 rp_opts_max_size(a->o));
			rp_railceil_warn(&a->ceil);
		}
		ret = bw_side(a);
		rp_session_close(&a->s);
	}
	return ret;
}

int rp_bwapp_run(const struct rp_opts *o)
{
	struct rp_bwrun *a = calloc(1, sizeof(*a)); /* per-rail arrays */
	int ret;

	if (!a)
		return -ENOMEM;
	a->o = o;
	a->text = rp_opts_full(o) ? stdout : NULL;
	a->multi = o->desc->features & RP_FEAT_MULTI;
	a->last_beat = rp_now_ns();
	a->nl_fd = -1;
	ret = bw_run(a);
	rp_topo_fini(&a->topo);
	rp_jsonout_fini(&a->json);
	rp_bwfleet_fini(a);
	bw_ivl_clear(a);
	free(a->peers);
	free(a);
	return ret;
}

int rp_bwapp_check(const struct rp_opts *o)
{
	struct rp_railspec spec[RP_MAX_RAILS];

	if ((o->desc->features & RP_FEAT_MULTI) && o->dev &&
	    rp_railspec_parse(o->dev, o->gid_list, o->ib_port, spec,
			      RP_MAX_RAILS) < 0)
		return -EINVAL;
	return 0;
}
