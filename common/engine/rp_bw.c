// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/rp_bw.h"
#include "engine/rp_bwpost.h"
#include "base/rp_log.h"
#include "base/rp_prefault.h"
#include "base/rp_signal.h"
#include "engine/rp_cqpoll.h"
#include "engine/rp_cycle.h"
#include "engine/rp_dtimer.h"
#include "engine/rp_stats.h"
#include "base/rp_time.h"
#include "engine/rp_wc.h"
#include "engine/rp_wrid.h"

#define RP_STALL_NS (30 * RP_NSEC_PER_SEC)
#define RP_TICK_NS (10 * 1000 * 1000) /* cfg->tick at most this often */
#define RP_NO_LIMIT UINT64_MAX
#define RP_SLOW_TURNS 1024 /* -n runs: turns between slow checks (2^k) */
/* SEND's receiving side, -D: after its end, receives are reposted until
 * none completes for this long (the sender's last WRs) */
#define RP_RECV_QUIET_NS (200 * 1000 * 1000)

struct rp_bw_state {
	struct rp_rail *r;
	const struct rp_rail_addr *peer;
	const struct rp_bw_cfg *cfg;
	uint64_t *posted;    /* per QP: WRs posted (next seq) */
	uint64_t *completed; /* per QP: WRs known complete */
	uint64_t *limit;     /* per QP: WRs to post in all */
	uint64_t done;	     /* WRs complete, all QPs */
	uint64_t total_posted;
	uint64_t counted; /* WRs completed inside the window */
	bool in_window;
	uint64_t *post_ns; /* timeline for the peak, or NULL */
	uint64_t *comp_ns;
	uint64_t *comp_cum;
	size_t ncomp;
	uint64_t last_progress;	 /* ns, when done last moved (to a tick) */
	uint64_t done_seen;	 /* done at that time */
	uint64_t last_tick;	 /* ns, of the last cfg->tick call */
	struct rp_cqpoll poll;	 /* CQEs per ibv_poll_cq */
	struct ibv_wc *wc;	 /* room for the largest poll */
	struct rp_dtimer timer;	 /* -D phases */
	int seen_phase;		 /* the last phase the loop acted on */
	unsigned int seen_tick;	 /* the last timer tick it acted on */
	bool ticker;		 /* the timer thread runs (-D, infinite) */
	unsigned int turns;	 /* -n runs: loop turns, for the slow checks */
	struct rp_bw_qpw *qpw;	 /* per QP: its prebuilt WRs */
	struct ibv_send_wr *wrs; /* every QP's list, max_post each */
	struct ibv_sge *sges;	 /* ... and their SGEs */
	unsigned int max_post;	 /* WRs per post: -l, else 1 */
	unsigned int inl;	 /* IBV_SEND_INLINE or 0 */
	bool burst;		 /* one WR per post, a sender: rp_bw_burst */
	struct rp_cycle cycle;	 /* the address of each WR */
	bool stopped;		 /* -D / infinite: posting has ended */
	uint64_t stop_ns;	 /* -D: when it ended (cfg->drain_ns) */
	bool left;		 /* -D: WRs left in flight (cfg->drain_ns) */
	struct ibv_recv_wr *rwr; /* cfg->recv: each QP's one receive */
	struct ibv_sge *rsge;	 /* ... and its SGE */
	uint64_t bytes;		 /* cfg->recv, duplex: bytes received */
	uint64_t first_ns;	 /* cfg->recv: the first receive completion */
	bool quiet;		 /* cfg->recv, -D: nothing came for a while */
	uint64_t *rposted;	 /* cfg->duplex, per QP: receives posted */
	uint64_t *rcompleted;	 /* ... and completed */
	uint64_t rlimit;	 /* ... receives per QP in all (-n) */
	uint64_t rdone;		 /* ... receives completed, all QPs */
	uint64_t rcounted;	 /* ... of them inside the window */
	uint64_t rwant;		 /* ... all QPs' rlimit (-n), else 0 */
	uint64_t t0_ns;		 /* the run's start: cfg->t0_ns, else own */
	struct rp_fail fail;	 /* why and when the run failed */
};

/* The run failed: its reason (@fmt) kept with the time from the run's
 * start, and printed once with that time ("..., at 5.02 s"). */
__attribute__((format(printf, 2, 3))) static void
rp_bw_fail(struct rp_bw_state *s, const char *fmt, ...)
{
	va_list ap;

	s->fail.failed = 1;
	s->fail.at_ns = rp_now_ns() - s->t0_ns;
	va_start(ap, fmt);
	vsnprintf(s->fail.why, sizeof(s->fail.why), fmt, ap);
	va_end(ap);
	rp_err("%s, at %.2f s", s->fail.why, (double)s->fail.at_ns / 1e9);
}

/* IBV_SEND_SIGNALED for the WR of QP @q with sequence number @seq: every
 * cq_mod-th (a countdown, no division on the hot path) and the last. */
static inline unsigned int rp_sig_next(const struct rp_bw_state *s,
				       struct rp_bw_qpw *w, unsigned int q,
				       uint64_t seq)
{
	if (--w->to_sig == 0) {
		w->to_sig = s->cfg->cq_mod;
		return IBV_SEND_SIGNALED;
	}
	return seq + 1 == s->limit[q] ? IBV_SEND_SIGNALED : 0;
}

static int rp_post_wr_api(struct rp_bw_state *s, unsigned int q, uint64_t seq,
			  unsigned int k)
{
	struct ibv_qp_ex *qx = s->r->qpx[q];
	struct rp_bw_qpw *w = &s->qpw[q];
	uint32_t lkey = s->r->mr->lkey, len = (uint32_t)s->cfg->size;
	unsigned int j;

	ibv_wr_start(qx);
	for (j = 0; j < k; j++, seq++) {
		uint64_t laddr = w->sge[j].addr;

		qx->wr_id = rp_wr_id(q, seq);
		/* IBV_SEND_INLINE too: rxe reads the data inline only then */
		qx->wr_flags = s->inl | rp_sig_next(s, w, q, seq);
		if (s->cfg->cas_chain)
			rp_bw_chain(&w->wr[j], seq);
		rp_bw_wr_verb(qx, s->cfg->verb, &w->wr[j],
			      w->wr[j].wr.rdma.remote_addr);
		if (s->inl)
			ibv_wr_set_inline_data(qx, (void *)(uintptr_t)laddr,
					       len);
		else
			ibv_wr_set_sge(qx, lkey, laddr, len);
	}
	return ibv_wr_complete(qx);
}

static int rp_post_classic(struct rp_bw_state *s, unsigned int q, uint64_t seq,
			   unsigned int k)
{
	struct rp_bw_qpw *w = &s->qpw[q];
	struct ibv_send_wr *bad = NULL;
	unsigned int j;

	for (j = 0; j < k; j++, seq++) {
		w->wr[j].wr_id = rp_wr_id(q, seq);
		w->wr[j].send_flags = s->inl | rp_sig_next(s, w, q, seq);
		if (s->cfg->cas_chain)
			rp_bw_chain(&w->wr[j], seq);
	}
	return ibv_post_send(s->r->qp[q], w->wr, &bad);
}

/* WRs to post on QP @q now: a whole list (-l, else one WR) or none, as
 * TX depth and the limit allow (perftest's run_iter_bw). */
static unsigned int rp_post_count(const struct rp_bw_state *s, unsigned int q)
{
	unsigned int depth = s->cfg->recv ? s->cfg->rx_depth : s->r->tx_depth;
	uint64_t room = depth - (s->posted[q] - s->completed[q]);
	uint64_t left = s->limit[q] - s->posted[q];
	unsigned int k = s->max_post;

	return room >= k && left >= k ? k : 0;
}

/* SEND's receiving side: one receive on QP @q, sequence number @seq. */
static int rp_post_recv(struct rp_bw_state *s, unsigned int q, uint64_t seq)
{
	struct ibv_recv_wr *bad = NULL;

	s->rwr[q].wr_id = rp_wr_id(q, seq);
	return ibv_post_recv(s->r->qp[q], &s->rwr[q], &bad);
}

/* cfg->duplex: receives on QP @q up to rx_depth posted (at most rlimit
 * in all), one per post, as perftest's run_iter_bi reposts them. */
static int rp_post_rx(struct rp_bw_state *s, unsigned int q)
{
	int ret;

	while (s->rposted[q] - s->rcompleted[q] < s->cfg->rx_depth &&
	       s->rposted[q] < s->rlimit) {
		ret = rp_post_recv(s, q, s->rposted[q]);
		if (ret) {
			rp_bw_fail(s, "posting a receive on %s QP %#x: %s",
				   s->r->dev.name, s->r->qp[q]->qp_num,
				   strerror(ret));
			return -ret;
		}
		s->rposted[q]++;
	}
	return 0;
}

/* One post of @k WRs (a list, or one) on QP @q. */
static int rp_post_one(struct rp_bw_state *s, unsigned int q, unsigned int k)
{
	unsigned int j;
	int ret;

	if (s->post_ns) {
		uint64_t now = rp_now_ns();

		for (j = 0; j < k; j++)
			s->post_ns[s->total_posted + j] = now;
	}
	ret = s->cfg->recv ? rp_post_recv(s, q, s->posted[q]) :
	      s->r->wr_api ? rp_post_wr_api(s, q, s->posted[q], k) :
			     rp_post_classic(s, q, s->posted[q], k);
	if (ret) {
		rp_bw_fail(s, "posting %s on %s QP %#x: %s",
			   s->cfg->recv ? "a receive" :
					  rp_bw_verb_name(s->cfg->verb),
			   s->r->dev.name, s->r->qp[q]->qp_num, strerror(ret));
		return -ret;
	}
	s->posted[q] += k;
	s->total_posted += k;
	return 0;
}

/* One WR per post, a sender: every WR that TX depth and the limit allow
 * now, in one burst (rp_bw_burst), the room computed once for it. */
static int rp_post_burst(struct rp_bw_state *s, unsigned int q)
{
	uint64_t p = s->posted[q],
		 room = s->r->tx_depth - (p - s->completed[q]);
	uint64_t left = s->limit[q] - p, n;
	struct rp_bw_burst b = {
		.seq = p,
		.end = p + (room < left ? room : left),
		.last = s->limit[q] - 1,
		.post_ns = s->post_ns ? s->post_ns + s->total_posted : NULL,
	};
	int err = 0;

	if (b.end == p)
		return 0;
	n = rp_bw_burst(s->r, q, &s->qpw[q], s->cfg, &s->cycle, &b, &err);
	s->posted[q] += n;
	s->total_posted += n;
	if (!err)
		return 0;
	rp_bw_fail(s, "posting %s on %s QP %#x: %s",
		   rp_bw_verb_name(s->cfg->verb), s->r->dev.name,
		   s->r->qp[q]->qp_num, strerror(err));
	return -err;
}

/* Post on QP @q until its TX depth (or limit) is reached, one post per
 * list, as perftest's run_iter_bw fills each QP before it polls. */
static int rp_post_some(struct rp_bw_state *s, unsigned int q)
{
	unsigned int k;
	int ret = 0;

	if (s->burst)
		ret = rp_post_burst(s, q);
	else
		while (!ret && (k = rp_post_count(s, q)) != 0)
			ret = rp_post_one(s, q, k);
	if (!ret && s->cfg->duplex)
		ret = rp_post_rx(s, q);
	return ret;
}

static int rp_bad_wc(struct rp_bw_state *s, const struct ibv_wc *wc)
{
	char link[96];

	rp_bw_fail(s,
		   "work completion error on %s QP %#x: %s (%s, vendor error "
		   "%#x)%s",
		   s->r->dev.name, wc->qp_num, rp_wc_status_name(wc->status),
		   ibv_wc_status_str(wc->status), wc->vendor_err,
		   rp_dev_link_note(&s->r->dev, wc->status, link,
				    sizeof(link)));
	return -EIO;
}

/* The WRs of QP @q complete with the completion of @wr_id; 0 when
 * @wr_id names no QP of the rail or no outstanding WR of it. */
static uint64_t rp_reap_upto(const struct rp_bw_state *s, uint64_t wr_id,
			     unsigned int q)
{
	uint64_t upto;

	if (q >= s->r->num_qps)
		return 0;
	upto = rp_wr_id_upto(wr_id, s->completed[q]);
	return upto > s->completed[q] && upto <= s->posted[q] ? upto : 0;
}

/* cfg->duplex: a successful receive completion (the peer's message):
 * checked, counted; receives complete in order on their QP. */
static int rp_reap_rx(struct rp_bw_state *s, const struct ibv_wc *wc)
{
	unsigned int q = rp_wr_id_qp(wc->wr_id);

	if (rp_bw_recv_wc(s->cfg, wc))
		return -EPROTO;
	if (q >= s->r->num_qps || s->rcompleted[q] >= s->rposted[q]) {
		rp_bw_fail(s, "unexpected receive completion wr_id %#llx on %s",
			   (unsigned long long)wc->wr_id, s->r->dev.name);
		return -EPROTO;
	}
	s->rcompleted[q]++;
	s->rdone++;
	s->rcounted += s->in_window;
	s->bytes += wc->byte_len;
	return 0;
}

static int rp_reap(struct rp_bw_state *s, const struct ibv_wc *wc, int n)
{
	uint64_t before = s->done;
	int i;

	for (i = 0; i < n; i++) {
		unsigned int q = rp_wr_id_qp(wc[i].wr_id);
		uint64_t upto;

		if (wc[i].status != IBV_WC_SUCCESS)
			return rp_bad_wc(s, &wc[i]);
		if (s->cfg->duplex && (wc[i].opcode & IBV_WC_RECV)) {
			if (rp_reap_rx(s, &wc[i]))
				return -EPROTO;
			continue;
		}
		if (s->cfg->recv && rp_bw_recv_wc(s->cfg, &wc[i]))
			return -EPROTO;
		s->bytes += s->cfg->recv ? wc[i].byte_len : 0;
		upto = rp_reap_upto(s, wc[i].wr_id, q);
		if (!upto) {
			rp_bw_fail(s, "unexpected completion wr_id %#llx on %s",
				   (unsigned long long)wc[i].wr_id,
				   s->r->dev.name);
			return -EPROTO;
		}
		s->done += upto - s->completed[q];
		if (s->in_window)
			s->counted += upto - s->completed[q];
		s->completed[q] = upto;
	}
	if (s->cfg->recv && !s->first_ns) /* perftest's first rx */
		s->first_ns = rp_now_ns();
	/* the peak's timeline (perftest reads it too): a point per poll that
	 * completed sends, at most one per WR (duplex: not receives) */
	if (s->comp_ns && s->done != before) {
		s->comp_ns[s->ncomp] = rp_now_ns();
		s->comp_cum[s->ncomp++] = s->done;
	}
	if (s->cfg->progress)
		__atomic_store_n(s->cfg->progress, s->done, __ATOMIC_RELAXED);
	return 0;
}

/* One ibv_poll_cq of the batch rp_cqpoll says; no clock read. */
static int rp_poll(struct rp_bw_state *s)
{
	int n = ibv_poll_cq(s->r->cq, (int)s->poll.size, s->wc);

	if (s->poll.dynamic)
		rp_cqpoll_seen(&s->poll, n, s->done);
	if (n > 0)
		return rp_reap(s, s->wc, n);
	if (n < 0) {
		rp_bw_fail(s, "ibv_poll_cq on %s: %d", s->r->dev.name, n);
		return -EIO;
	}
	return 0;
}

static bool rp_all_done(const struct rp_bw_state *s)
{
	unsigned int q;

	for (q = 0; q < s->r->num_qps; q++)
		if (s->completed[q] < s->limit[q])
			return false;
	return true;
}

/* The loop's end: every WR complete (-D, infinite: once posting
 * stopped); cfg->duplex -n: the peer's messages arrived too (-D: the
 * loop ends on quiet, rp_slow_checks). */
static bool rp_finished(const struct rp_bw_state *s, bool timed)
{
	if (!rp_all_done(s) || (timed && !s->stopped))
		return false;
	return !s->cfg->duplex || (!timed && s->rdone >= s->rwant);
}

/* -D: stop posting; each QP ends on a signaled WR so everything drains. */
static void rp_stop_posting(struct rp_bw_state *s)
{
	unsigned int q;

	if (s->cfg->recv)
		return; /* receives go on until quiet (rp_slow_checks) */
	for (q = 0; q < s->r->num_qps; q++) {
		uint64_t p = s->posted[q];

		/* WR p - 1 signaled (or none posted): done at p; else one
		 * more WR, signaled because it is the last. */
		s->limit[q] = (!p || p % s->cfg->cq_mod == 0) ? p : p + 1;
	}
}

/* -D phases (warm-up D/4, window D/2, cool-down D/4: perftest's margin)
 * from the timer thread; the clock is read only when the phase moved. */
static void rp_phase(struct rp_bw_state *s, struct rp_bw_out *out)
{
	int ph = rp_dtimer_phase(&s->timer);
	uint64_t now;

	if (ph == s->seen_phase)
		return;
	now = rp_now_ns();
	if (ph >= RP_DPHASE_WINDOW && s->seen_phase < RP_DPHASE_WINDOW) {
		s->in_window = true;
		out->start_ns = now;
	}
	if (ph >= RP_DPHASE_COOLDOWN && s->seen_phase < RP_DPHASE_COOLDOWN) {
		s->in_window = false;
		out->end_ns = now;
	}
	if (ph >= RP_DPHASE_END && !s->stopped) {
		s->stopped = true;
		s->stop_ns = now;
		rp_stop_posting(s);
	}
	s->seen_phase = ph;
}

/* Infinite mode: stop posting once, then drain. */
static void rp_stop_infinite(struct rp_bw_state *s)
{
	if (!s->stopped) {
		s->stopped = true;
		rp_stop_posting(s);
	}
}

/* Stop request, cancel, -D phase: loads only, every turn. */
static int rp_turn_checks(struct rp_bw_state *s, struct rp_bw_out *out)
{
	if (rp_stop_requested()) {
		if (!s->cfg->infinite)
			return -EINTR;
		rp_stop_infinite(s);
	}
	if (s->cfg->cancel && __atomic_load_n(s->cfg->cancel, __ATOMIC_RELAXED))
		return -ECANCELED;
	if (s->timer.dur_ns)
		rp_phase(s, out);
	return 0;
}

/* Time for the slow checks: a new tick of the timer thread (-D, infinite)
 * or, in a -n run, which starts no thread (as perftest's, the process
 * stays single-threaded: glibc's system call wrappers then skip their
 * cancellation bookkeeping, and some providers ring the doorbell with
 * one), every RP_SLOW_TURNS turns of the loop. */
static inline bool rp_slow_due(struct rp_bw_state *s)
{
	unsigned int t;

	if (!s->ticker)
		return (++s->turns & (RP_SLOW_TURNS - 1)) == 0;
	t = rp_dtimer_ticks(&s->timer);
	if (t == s->seen_tick)
		return false;
	s->seen_tick = t;
	return true;
}

/*
 * When rp_slow_due says so, the only clock read outside the -D phase
 * changes and the peak's timeline: the stall watchdog (no completion for
 * 30 s) and cfg->tick, at most every RP_TICK_NS.
 */
static int rp_slow_checks(struct rp_bw_state *s)
{
	uint64_t now;
	int ret;

	if (!rp_slow_due(s))
		return 0;
	now = rp_now_ns();
	/* -D's end plus cfg->drain_ns: the rest stays in flight (perftest) */
	if (s->cfg->drain_ns && s->stop_ns && !s->cfg->recv &&
	    !s->cfg->duplex && now - s->stop_ns > s->cfg->drain_ns)
		s->left = true;
	if (s->done + s->rdone != s->done_seen) {
		s->done_seen = s->done + s->rdone;
		s->last_progress = now;
	} else if ((s->cfg->recv || (s->cfg->duplex && rp_all_done(s))) &&
		   s->stopped && now - s->last_progress > RP_RECV_QUIET_NS) {
		s->quiet = true;
	} else if ((s->done < s->total_posted || s->rdone < s->rwant) &&
		   now - s->last_progress > RP_STALL_NS) {
		rp_bw_fail(s,
			   "no completion on %s for %llu s with %llu WRs "
			   "outstanding (peer gone or link down?)",
			   s->r->dev.name,
			   (unsigned long long)(RP_STALL_NS / RP_NSEC_PER_SEC),
			   (unsigned long long)(s->total_posted - s->done));
		return -ETIMEDOUT;
	}
	if (!s->cfg->tick || now - s->last_tick < RP_TICK_NS)
		return 0;
	s->last_tick = now;
	ret = s->cfg->tick(s->cfg->tick_arg);
	if (ret > 0 && s->cfg->infinite) {
		rp_stop_infinite(s);
		return 0;
	}
	return ret < 0 ? ret : 0;
}

/* End of the run's time: the last completion's (timeline) or now, right
 * after the loop saw it (iteration and infinite modes). */
static uint64_t rp_end_ns(const struct rp_bw_state *s)
{
	return s->ncomp ? s->comp_ns[s->ncomp - 1] : rp_now_ns();
}

static int rp_loop(struct rp_bw_state *s, struct rp_bw_out *out)
{
	bool timed = s->cfg->duration || s->cfg->infinite;
	bool phases = s->cfg->duration && !s->cfg->infinite;
	unsigned int q;
	uint64_t t0;
	int ret = 0;

	/* -D and infinite runs: the timer thread first (the -D phases count
	 * from the common start when there is one): creating it (under TCG a
	 * good part of a millisecond) stays out of the timed window, which
	 * opens right before the first post, as perftest's tposted[0]
	 * (perftest_resources.c run_iter_bw). -n runs start none. */
	s->ticker = timed;
	if (timed)
		ret = rp_dtimer_start(
			&s->timer, s->cfg->t0_ns ? s->cfg->t0_ns : rp_now_ns(),
			phases ? s->cfg->duration * RP_NSEC_PER_SEC : 0);
	if (ret)
		rp_err("starting the timer thread: %s", strerror(-ret));
	t0 = rp_now_ns();
	s->t0_ns = s->cfg->t0_ns ? s->cfg->t0_ns : t0;
	s->last_progress = s->last_tick = t0;
	out->start_ns = phases ? 0 : t0;
	while (!ret && !s->quiet && !s->left && !rp_finished(s, timed)) {
		ret = rp_turn_checks(s, out);
		for (q = 0; q < s->r->num_qps && !ret; q++)
			ret = rp_post_some(s, q);
		if (!ret)
			ret = rp_poll(s);
		if (!ret)
			ret = rp_slow_checks(s);
	}
	rp_dtimer_stop(&s->timer);
	if (!s->cfg->duration || s->cfg->infinite)
		out->end_ns = rp_end_ns(s);
	if (s->cfg->recv && !phases && s->first_ns)
		out->start_ns = s->first_ns;
	return ret;
}

static void rp_state_free(struct rp_bw_state *s)
{
	free(s->posted);
	free(s->completed);
	free(s->limit);
	free(s->post_ns);
	free(s->comp_ns);
	free(s->comp_cum);
	free(s->qpw);
	free(s->wrs);
	free(s->sges);
	free(s->wc);
	free(s->rwr);
	free(s->rsge);
	free(s->rposted);
	free(s->rcompleted);
}

/* The cycle buffer: cfg->cycle_buffer bounded by every QP's slice, local
 * and remote, so that no WR leaves its slice. */
static uint64_t rp_bw_cycle_bytes(const struct rp_rail *r,
				  const struct rp_rail_addr *peer,
				  const struct rp_bw_cfg *cfg)
{
	uint64_t c = cfg->cycle_buffer;
	uint64_t own = cfg->duplex ? r->slice / 2 : r->slice;
	unsigned int q;

	if (c > own - cfg->local_off)
		c = own - cfg->local_off;
	for (q = 0; q < r->num_qps; q++)
		if (c > peer->qp[q].len)
			c = peer->qp[q].len;
	return c;
}

/* Every QP's prebuilt WRs: a list's WR j at the cycle's step j, linked;
 * a single WR at step 0 (rp_bw_burst moves it). */
static void rp_qpw_init(struct rp_bw_state *s)
{
	unsigned int q, j, m = s->max_post;

	for (q = 0; q < s->r->num_qps; q++) {
		struct rp_bw_qpw *w = &s->qpw[q];

		w->wr = &s->wrs[(size_t)q * m];
		w->sge = &s->sges[(size_t)q * m];
		w->lbase = (uint64_t)(uintptr_t)rp_rail_slice(s->r, q) +
			   s->cfg->local_off;
		w->rbase = s->peer->qp[q].addr;
		w->to_sig = s->cfg->cq_mod;
		for (j = 0; j < m; j++) {
			uint64_t off = m > 1 ? rp_cycle_offset(&s->cycle, j) :
					       0;

			rp_bw_wr_init(s->cfg, w->lbase + off, s->r->mr->lkey,
				      w->rbase + off, s->peer->qp[q].rkey,
				      &w->sge[j], &w->wr[j]);
			w->wr[j].next = j + 1 < m ? &w->wr[j + 1] : NULL;
		}
	}
	s->inl = s->wrs[0].send_flags & IBV_SEND_INLINE;
	for (q = 0; q < s->r->num_qps; q++)
		s->qpw[q].inl = s->inl;
}

/* SEND's receiving side (and cfg->duplex): each QP's receive, and the
 * receives that rp_bw_recv_prepost posted already (sequence numbers 0 ..
 * rx_pre - 1). */
static int rp_recv_init(struct rp_bw_state *s)
{
	const struct rp_bw_cfg *cfg = s->cfg;
	unsigned int q, n = s->r->num_qps;
	bool timed = cfg->duration || cfg->infinite;

	s->rwr = calloc(n, sizeof(*s->rwr));
	s->rsge = calloc(n, sizeof(*s->rsge));
	s->rposted = calloc(n, sizeof(uint64_t));
	s->rcompleted = calloc(n, sizeof(uint64_t));
	if (!s->rwr || !s->rsge || !s->rposted || !s->rcompleted)
		return -ENOMEM;
	s->rlimit = timed ? RP_NO_LIMIT : cfg->iters;
	s->rwant = cfg->duplex && !timed ? cfg->iters * n : 0;
	for (q = 0; q < n; q++) {
		rp_bw_recv_wr_init(cfg, rp_bw_recv_addr(s->r, q, cfg),
				   s->r->mr->lkey, &s->rsge[q], &s->rwr[q]);
		if (cfg->duplex) {
			s->rposted[q] = cfg->rx_pre;
			continue;
		}
		s->posted[q] = cfg->rx_pre;
		s->total_posted += cfg->rx_pre;
	}
	return 0;
}

static int rp_state_init(struct rp_bw_state *s, struct rp_rail *r,
			 const struct rp_rail_addr *peer,
			 const struct rp_bw_cfg *cfg)
{
	uint64_t total = cfg->iters * r->num_qps;
	unsigned int q, n = r->num_qps;

	memset(s, 0, sizeof(*s));
	s->r = r;
	s->peer = peer;
	s->cfg = cfg;
	s->max_post = cfg->post_list > 1 && !cfg->recv ? cfg->post_list : 1;
	s->burst = s->max_post == 1 && !cfg->recv;
	rp_cycle_init(&s->cycle, cfg->size, rp_bw_cycle_bytes(r, peer, cfg),
		      rp_cycle_line(), cfg->post_list);
	s->posted = calloc(n, sizeof(uint64_t));
	s->completed = calloc(n, sizeof(uint64_t));
	s->limit = calloc(n, sizeof(uint64_t));
	s->qpw = calloc(n, sizeof(*s->qpw));
	s->wrs = calloc((size_t)n * s->max_post, sizeof(*s->wrs));
	s->sges = calloc((size_t)n * s->max_post, sizeof(*s->sges));
	rp_cqpoll_init(&s->poll, cfg->cqe_poll,
		       cfg->duration || cfg->infinite ? 0 : cfg->iters, n);
	s->wc = calloc(s->poll.size > RP_CQPOLL_MAX ? s->poll.size :
						      RP_CQPOLL_MAX,
		       sizeof(*s->wc));
	if (!s->posted || !s->completed || !s->limit || !s->qpw || !s->wrs ||
	    !s->sges || !s->wc)
		return -ENOMEM;
	rp_qpw_init(s);
	for (q = 0; q < n; q++)
		s->limit[q] = cfg->duration || cfg->infinite ? RP_NO_LIMIT :
							       cfg->iters;
	if (cfg->recv)
		return rp_recv_init(s);
	if (cfg->duplex && rp_recv_init(s))
		return -ENOMEM;
	if (!cfg->peak || cfg->duration || cfg->infinite)
		return 0;
	/* the loop writes them as it posts and polls: faulted in now, as
	 * perftest memsets tposted and tcompleted (alloc_ctx) */
	s->post_ns = rp_malloc_prefaulted(total * sizeof(uint64_t));
	s->comp_ns = rp_malloc_prefaulted(total * sizeof(uint64_t));
	s->comp_cum = rp_malloc_prefaulted(total * sizeof(uint64_t));
	if (!s->post_ns || !s->comp_ns || !s->comp_cum)
		return -ENOMEM;
	return 0;
}

/* A failed run's @out: every WR completed up to the failure, over the
 * span from the run's start to it; the failure, with a reason from @ret
 * where the failing step printed its own line (rp_bw_recv_wc's). */
static void rp_bw_failed_out(const struct rp_bw_state *s, int ret,
			     struct rp_bw_out *out)
{
	out->fail = s->fail;
	if (!out->fail.failed) {
		out->fail.failed = 1;
		out->fail.at_ns = rp_now_ns() - s->t0_ns;
		snprintf(out->fail.why, sizeof(out->fail.why), "%s",
			 strerror(-ret));
	}
	out->msgs = out->all_msgs = s->done;
	out->all_rx = s->rdone;
	out->bytes = s->bytes;
	out->start_ns = s->t0_ns;
	out->end_ns = s->t0_ns + out->fail.at_ns;
}

int rp_bw_run(struct rp_rail *r, const struct rp_rail_addr *peer,
	      const struct rp_bw_cfg *cfg, struct rp_bw_out *out)
{
	struct rp_bw_state s;
	struct rp_bw_cfg w;
	int ret;

	memset(out, 0, sizeof(*out));
	ret = rp_bw_check(r, peer, cfg);
	if (ret)
		return ret;
	/* --perform_warm_up: a run of its own first, untimed, its WRs all
	 * reaped (rp_bw_warm_up_cfg) */
	if (rp_bw_warm_up_cfg(cfg, r->tx_depth, &w)) {
		ret = rp_bw_run(r, peer, &w, out);
		memset(out, 0, sizeof(*out));
		if (ret)
			return ret;
	}
	ret = rp_state_init(&s, r, peer, cfg);
	if (ret) {
		rp_err("allocating the bandwidth run state: %s",
		       strerror(-ret));
		goto out;
	}
	ret = rp_loop(&s, out);
	if (ret == -EINTR)
		rp_err("interrupted: run on %s stopped after %llu of its WRs "
		       "completed; no result",
		       r->dev.name, (unsigned long long)s.done);
	if (ret && ret != -EINTR && ret != -ECANCELED)
		rp_bw_failed_out(&s, ret, out);
	if (ret)
		goto out;
	out->msgs = cfg->duration && !cfg->infinite ? s.counted : s.done;
	out->rx_msgs = cfg->duration ? s.rcounted : s.rdone;
	if (cfg->qp_done)
		memcpy(cfg->qp_done, s.completed,
		       r->num_qps * sizeof(*cfg->qp_done));
	out->all_msgs = s.done;
	out->all_rx = s.rdone;
	out->bytes = s.bytes;
	out->posted = s.total_posted;
	if (s.post_ns) {
		struct rp_timeline t = {
			.post_ns = s.post_ns,
			.nposted = s.total_posted,
			.comp_ns = s.comp_ns,
			.comp_cum = s.comp_cum,
			.ncomp = s.ncomp,
		};
		out->peak = rp_bw_peak(&t, cfg->size, cfg->gbits);
	}
out:
	rp_state_free(&s);
	return ret;
}
