// SPDX-License-Identifier: MIT
/*
 * The timed phase of a bandwidth run (rp_bwrun.h): one rail on the calling
 * thread, or a thread per rail with the calling thread watching.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app/rp_bwreport.h"
#include "app/rp_bwrun.h"
#include "base/rp_time.h"
#include "ctrl/rp_exchange.h"
#include "engine/rp_bw.h"
#include "engine/rp_multi.h"
#include "engine/rp_stats.h"
#include "output/rp_report_bidir.h"
#include "output/rp_report_multi.h"

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

/* One rail on the calling thread (the process stays single-threaded). */
static int bw_run_here(struct rp_bwrun *a, uint64_t size)
{
	struct rp_bw_cfg cfg;
	struct rp_bw_out out;
	int ret;

	rp_bwrun_cfg(a->o, size, &cfg);
	cfg.infinite = a->o->run_infinitely;
	if (!a->s.server) { /* only the client beats */
		cfg.tick = bw_tick;
		cfg.tick_arg = a;
	}
	cfg.progress = &a->progress;
	a->progress = 0;
	a->size = size;
	a->row_ns = rp_now_ns();
	a->row_done = 0;
	ret = rp_bw_run(&a->s.rails[0], &a->peers[0], &cfg, &out);
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
	w->prev_ns = now;
	w->next_report += a->o->interval * RP_NSEC_PER_SEC;
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
	rp_bwrun_cfg(a->o, size, &cfg);
	ret = rp_multi_start(mu, a->s.rails, a->peers, a->n, &cfg,
			     a->topo.t ? &a->topo : NULL, a->cpus);
	if (!ret)
		bw_watch(a, mu, size);
	jret = rp_multi_join(mu);
	if (!ret)
		ret = jret;
	for (i = 0; i < a->n && !ret; i++) {
		outs[i] = mu->w[i].out;
		rp_bw_result(&cfg, &outs[i], &a->rail_res[i]);
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
static int bw_swap(struct rp_bwrun *a)
{
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

int rp_bwrun_size(struct rp_bwrun *a, uint64_t size)
{
	int ret = 0;

	if (a->o->bidir)
		ret = rp_exchange_sync(&a->s.ctrl, a->s.server, RP_MSG_READY,
				       -1);
	if (!ret)
		ret = a->multi ? bw_run_threads(a, size) : bw_run_here(a, size);
	if (ret)
		return rp_session_run_failed(&a->s, ret);
	return a->o->bidir ? bw_swap(a) : 0;
}

int rp_bwrun_send_results(struct rp_bwrun *a)
{
	unsigned int i;
	int ret;

	ret = rp_exchange_result_send(&a->s.ctrl, &a->agg);
	for (i = 0; i < a->n && a->multi && !ret; i++)
		ret = rp_exchange_result_send(&a->s.ctrl, &a->rail_res[i]);
	return ret;
}

int rp_bwrun_recv_results(struct rp_bwrun *a)
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
