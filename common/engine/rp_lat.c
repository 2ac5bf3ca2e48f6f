// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "engine/rp_bw.h"
#include "engine/rp_bwpost.h"
#include "engine/rp_lat.h"
#include "base/rp_log.h"
#include "base/rp_prefault.h"
#include "base/rp_signal.h"
#include "base/rp_tick.h"
#include "base/rp_time.h"
#include "engine/rp_wc.h"
#include "verbs/rp_qp.h"

#define RP_LAT_STALL_NS (30 * RP_NSEC_PER_SEC)	/* the peer's, a SEND's */
#define RP_LAT_OWN_MIN_NS (5 * RP_NSEC_PER_SEC) /* a READ's, at least */
#define RP_LAT_BURST_NS RP_NSEC_PER_SEC		/* between stop checks, ticks */
#define RP_LAT_IDLE_MASK 1023  /* clock checked every 1024 empty polls */
#define RP_LAT_FIRST_CAP 65536 /* -D: first array, 512 KiB */
#define RP_LAT_WR_ID 0x4c4154  /* "LAT" */
/* WRITE: the last byte of a WRITE holds the sender's count (7 bits) and
 * RP_LAT_PAUSED when the sender did between-burst work before posting */
#define RP_LAT_COUNT 0x7f
#define RP_LAT_PAUSED 0x80

#define rp_unlikely(x) __builtin_expect(!!(x), 0)
#define rp_hot __attribute__((always_inline)) inline

struct rp_lat_state {
	struct ibv_qp *qp;
	struct ibv_qp_ex *qpx; /* NULL: ibv_post_send */
	struct ibv_cq *cq;
	struct ibv_sge sge;    /* local slice */
	struct ibv_send_wr wr; /* prebuilt for ibv_post_send */
	uint32_t rkey;	       /* peer slice */
	uint64_t raddr;
	const struct rp_dev *dev;
	int (*tick)(void *arg); /* also during a stalled READ */
	void *tick_arg;
	/* WRITE ping-pong */
	bool write;
	bool first;		   /* posts before its first wait */
	volatile uint8_t *rx_last; /* last byte of the receive half */
	uint8_t *tx_last;	   /* last byte of the send half */
	uint64_t sent, rcvd;	   /* exchanges posted, peer WRITEs seen */
	uint64_t prev;		   /* clock of the last exchange, ticks */
	unsigned int skip;	   /* samples not to keep: one per pause */
	uint8_t paused;		   /* RP_LAT_PAUSED into the next WRITE's last
				    * byte: this side paused; else 0 */
	bool post_due;		   /* second side: this exchange's WRITE is
				    * posted after the burst boundary */
	uint64_t deadline;	   /* -D end, ns; UINT64_MAX without */
	uint64_t own_stall_ns;	   /* this side's WR without completion */
	/* SEND ping-pong: the peer's messages come as receive completions */
	bool send;
	const struct rp_lat_cfg *cfg;
	uint64_t sends_done; /* own SENDs whose completion was polled */
	struct ibv_sge rsge; /* a receive, prebuilt (rp_lat_recv_wr) */
	struct ibv_recv_wr rwr;
	bool post_ex; /* ibv_wr_* or a CAS chain: rp_lat_post_ex */
	/* an atomic in READ's place: its operands per post (a chain) */
	bool atomic, chain;
	uint64_t ops;	    /* READs (atomics) posted */
	double tick_per_ns; /* rp_tick_init's estimate, for burst ends */
};

/* What this side posts (diagnostics). */
static const char *rp_lat_verb(const struct rp_lat_state *s)
{
	if (s->atomic)
		return rp_bw_verb_name(s->cfg->verb);
	return s->send ? "SEND" : s->write ? "RDMA WRITE" : "RDMA READ";
}

/* SEND: a receive into the second half of the slice of QP 0. */
static void rp_lat_recv_wr(const struct rp_rail *r, struct ibv_sge *sge,
			   struct ibv_recv_wr *wr)
{
	*sge = (struct ibv_sge){
		.addr = (uint64_t)(uintptr_t)rp_rail_slice(r, 0) + r->slice / 2,
		.length = (uint32_t)(r->slice / 2),
		.lkey = r->mr->lkey,
	};
	*wr = (struct ibv_recv_wr){ .wr_id = RP_LAT_WR_ID,
				    .sg_list = sge,
				    .num_sge = 1 };
}

/* WRITE: send from the first half of the slice into the peer's second
 * half; poll the last byte of our own second half. */
static void rp_lat_state_write(struct rp_lat_state *s, const struct rp_rail *r,
			       const struct rp_rail_addr *peer,
			       const struct rp_lat_cfg *c)
{
	uint8_t *base = rp_rail_slice(r, 0);

	s->write = true;
	s->first = c->first;
	s->raddr = peer->qp[0].addr + peer->qp[0].len / 2;
	s->tx_last = base + c->size - 1;
	s->rx_last = base + r->slice / 2 + c->size - 1;
	s->wr.opcode = c->verb == RP_VERB_SEND ? IBV_WR_SEND :
						 IBV_WR_RDMA_WRITE;
	s->send = c->verb == RP_VERB_SEND;
	s->wr.wr.rdma.remote_addr = s->raddr;
	if (c->size <= c->inline_size)
		s->wr.send_flags |= IBV_SEND_INLINE;
	if (s->send)
		rp_lat_recv_wr(r, &s->rsge, &s->rwr);
}

/* How long this side's own WR may go without a completion before the
 * run ends as stalled: twice the time its requester takes at most to give
 * up on it (rp_qp_give_up_ns: a NIC completes it in error by then; rxe
 * does not time out a READ whose responder went away), at least 5 s
 * against a host's scheduling stalls. A SEND waits on the peer's receives
 * too (RNR, retried without limit) and -u 0 never times out: 30 s. */
static uint64_t rp_lat_own_stall(const struct rp_rail *r, enum rp_verb verb)
{
	uint64_t g = rp_qp_give_up_ns(r->qp_timeout);

	if (verb == RP_VERB_SEND || !g)
		return RP_LAT_STALL_NS;
	return 2 * g > RP_LAT_OWN_MIN_NS ? 2 * g : RP_LAT_OWN_MIN_NS;
}

static void rp_lat_state_init(struct rp_lat_state *s, struct rp_rail *r,
			      const struct rp_rail_addr *peer,
			      const struct rp_lat_cfg *c)
{
	uint64_t size = c->size;

	*s = (struct rp_lat_state){
		.qp = r->qp[0],
		.qpx = r->wr_api ? r->qpx[0] : NULL,
		.cq = r->cq,
		.sge = {
			.addr = (uint64_t)(uintptr_t)rp_rail_slice(r, 0),
			.length = (uint32_t)size,
			.lkey = r->mr->lkey,
		},
		.rkey = peer->qp[0].rkey,
		.raddr = peer->qp[0].addr,
		.dev = &r->dev,
		.tick = c->tick,
		.tick_arg = c->tick_arg,
	};
	s->deadline = UINT64_MAX;
	s->wr = (struct ibv_send_wr){
		.wr_id = RP_LAT_WR_ID,
		.sg_list = &s->sge,
		.num_sge = 1,
		.opcode = IBV_WR_RDMA_READ,
		.send_flags = IBV_SEND_SIGNALED,
		.wr.rdma = { .remote_addr = s->raddr, .rkey = s->rkey },
	};
	s->cfg = c;
	s->own_stall_ns = rp_lat_own_stall(r, c->verb);
	if (rp_verb_atomic(c->verb)) {
		/* perftest's operands and opcode, the READ's addresses */
		struct rp_bw_cfg bc = { .verb = c->verb, .size = size };

		rp_bw_wr_init(&bc, s->sge.addr, s->sge.lkey, s->raddr, s->rkey,
			      &s->sge, &s->wr);
		s->wr.wr_id = RP_LAT_WR_ID;
		s->wr.send_flags = IBV_SEND_SIGNALED;
		s->atomic = true;
		s->chain = c->cas_chain;
	} else if (c->verb != RP_VERB_READ) {
		rp_lat_state_write(s, r, peer, c);
	}
	s->post_ex = s->qpx || s->chain;
}

/* rp_lat_post's other ways: a CAS chain's next operands, or the ibv_wr_*
 * API (--use_new_post_send); 0 or an errno value. */
static int rp_lat_post_ex(struct rp_lat_state *s)
{
	struct ibv_send_wr *bad;
	struct ibv_qp_ex *qx = s->qpx;

	if (s->chain)
		rp_bw_chain(&s->wr, s->ops);
	s->ops++;
	if (!qx)
		return ibv_post_send(s->qp, &s->wr, &bad);
	ibv_wr_start(qx);
	qx->wr_id = RP_LAT_WR_ID;
	/* the prebuilt WR's flags, IBV_SEND_INLINE included, as perftest
	 * copies them (perftest_resources.c _new_post_send): mlx5 reads only
	 * SIGNALED, but rxe's kernel side takes the payload from the WQE only
	 * when INLINE is in the flags (else a local QP operation error) */
	qx->wr_flags = s->wr.send_flags;
	if (s->send)
		ibv_wr_send(qx);
	else if (s->atomic)
		rp_bw_wr_verb(qx, s->cfg->verb, &s->wr, s->raddr);
	else if (!s->write)
		ibv_wr_rdma_read(qx, s->rkey, s->raddr);
	else
		ibv_wr_rdma_write(qx, s->rkey, s->raddr);
	if (s->wr.send_flags & IBV_SEND_INLINE)
		ibv_wr_set_inline_data(qx, (void *)(uintptr_t)s->sge.addr,
				       s->sge.length);
	else
		ibv_wr_set_sge(qx, s->sge.lkey, s->sge.addr, s->sge.length);
	return ibv_wr_complete(qx);
}

/* Post the prebuilt signaled WR (READ, WRITE, SEND, atomic); 0 or an
 * errno value (as ibv_post_send). */
static rp_hot int rp_lat_post(struct rp_lat_state *s)
{
	struct ibv_send_wr *bad;

	if (rp_unlikely(s->post_ex))
		return rp_lat_post_ex(s);
	s->ops++;
	return ibv_post_send(s->qp, &s->wr, &bad);
}

/*
 * Slow path of the poll loop: stop request and stall, off the fast path.
 * A READ outstanding for over a second also runs the tick: the heartbeat
 * notices a peer that died (a READ to a vanished QP may never complete).
 */
static int rp_lat_idle(const struct rp_lat_state *s, uint64_t *since, bool peer)
{
	uint64_t now = rp_now_ns(),
		 limit = peer ? RP_LAT_STALL_NS : s->own_stall_ns;

	if (rp_stop_requested())
		return -EINTR;
	if (peer && now >= s->deadline)
		return 1; /* -D over while waiting for the peer */
	if (!*since) {
		*since = now;
	} else if (now - *since > limit) {
		rp_err("no %s %s on %s QP %#x for %llu s (peer gone or link "
		       "down?)",
		       peer    ? rp_lat_verb(s) :
		       s->send ? "completion of a" :
				 "completion of an",
		       peer ? "from the peer" : rp_lat_verb(s), s->dev->name,
		       s->qp->qp_num,
		       (unsigned long long)(limit / RP_NSEC_PER_SEC));
		return -ETIMEDOUT;
	} else if (s->tick && now - *since > RP_LAT_BURST_NS) {
		return s->tick(s->tick_arg);
	}
	return 0;
}

static int rp_lat_wc_error(const struct rp_lat_state *s, int n,
			   const struct ibv_wc *wc)
{
	char link[96];

	if (n < 0) {
		rp_err("ibv_poll_cq on %s: %d", s->dev->name, n);
		return -EIO;
	}
	rp_err("work completion error on %s QP %#x: %s (%s, vendor error "
	       "%#x)%s",
	       s->dev->name, wc->qp_num, rp_wc_status_name(wc->status),
	       ibv_wc_status_str(wc->status), wc->vendor_err,
	       rp_dev_link_note(s->dev, wc->status, link, sizeof(link)));
	return -EIO;
}

/* SEND: one receive completion: a receive reposted, the message's last
 * byte checked against the count expected, its pause flag taken. */
static int rp_lat_got(struct rp_lat_state *s)
{
	uint8_t got = *s->rx_last, want = (s->rcvd + 1) & RP_LAT_COUNT;
	struct ibv_recv_wr *bad;
	int ret;

	/* the one consumed, posted again: the count stays */
	ret = ibv_post_recv(s->qp, &s->rwr, &bad);
	if (rp_unlikely(ret)) {
		(*s->cfg->rx_posted)--;
		rp_err("posting a receive on %s QP %#x: %s", s->dev->name,
		       s->qp->qp_num, strerror(ret));
		return -ret;
	}
	if (rp_unlikely((got & RP_LAT_COUNT) != want)) {
		rp_err("SEND %u from the peer on %s carried count %u (peer "
		       "out of step)",
		       want, s->dev->name, got & RP_LAT_COUNT);
		return -EPROTO;
	}
	if (rp_unlikely(got & RP_LAT_PAUSED))
		s->skip++;
	s->rcvd++;
	return 0;
}

/* SEND: poll the CQ, one completion at a time (own SENDs and the peer's
 * receives share it), until this side's SENDs are all complete (@own)
 * or the peer's SEND number @k has arrived; 1 when -D ended first. */
static rp_hot int rp_lat_poll_send(struct rp_lat_state *s, bool own, uint64_t k)
{
	unsigned int idle = 0;
	uint64_t since = 0;
	struct ibv_wc wc;
	int n, ret = 0;

	while (!ret && (own ? s->sends_done < s->sent : s->rcvd < k)) {
		n = ibv_poll_cq(s->cq, 1, &wc);
		if (!n) {
			if (rp_unlikely((++idle & RP_LAT_IDLE_MASK) == 0))
				ret = rp_lat_idle(s, &since, !own);
			continue;
		}
		if (rp_unlikely(n < 0 || wc.status != IBV_WC_SUCCESS))
			return rp_lat_wc_error(s, n, &wc);
		if (wc.opcode == IBV_WC_RECV)
			ret = rp_lat_got(s);
		else
			s->sends_done++;
	}
	return ret;
}

/* Busy-poll for the one outstanding READ, WRITE or atomic. */
static rp_hot int rp_lat_wait(struct rp_lat_state *s)
{
	struct ibv_wc wc;
	unsigned int idle = 0;
	uint64_t since = 0;
	int n, ret;

	while ((n = ibv_poll_cq(s->cq, 1, &wc)) == 0) {
		if (rp_unlikely((++idle & RP_LAT_IDLE_MASK) == 0)) {
			ret = rp_lat_idle(s, &since, false);
			if (ret)
				return ret;
		}
	}
	if (rp_unlikely(n < 0 || wc.status != IBV_WC_SUCCESS))
		return rp_lat_wc_error(s, n, &wc);
	return 0;
}

/*
 * The timed loop: up to @n READs, one at a time, @out[i] = ticks
 * (rp_tick) from the previous boundary to completion i; stops after the
 * first completion at or past tick @until. *@done gets the samples
 * written.
 */
static int rp_lat_burst(struct rp_lat_state *s, uint64_t *out, size_t n,
			uint64_t until, size_t *done)
{
	uint64_t prev = rp_tick(), now;
	size_t i;
	int ret = 0;

	for (i = 0; i < n; i++) {
		ret = rp_lat_post(s);
		if (rp_unlikely(ret)) {
			rp_err("posting %s on %s QP %#x: %s", rp_lat_verb(s),
			       s->dev->name, s->qp->qp_num, strerror(ret));
			ret = -EIO;
			break;
		}
		ret = rp_lat_wait(s);
		if (rp_unlikely(ret))
			break;
		now = rp_tick();
		out[i] = now - prev;
		prev = now;
		if (rp_unlikely(now >= until)) {
			i++;
			break;
		}
	}
	*done = i;
	return ret;
}

/* WRITE: wait until the peer's WRITE number @k has landed; 1 when -D
 * ended first. A WRITE the peer flagged as posted after a pause: the
 * sample that ends now holds the pause, not kept. */
static rp_hot int rp_lat_wait_peer(struct rp_lat_state *s, uint64_t k,
				   bool send)
{
	unsigned int idle = 0;
	uint64_t since = 0;
	uint8_t got;
	int ret;

	if (send)
		return rp_lat_poll_send(s, false, k);
	while (((got = *s->rx_last) & RP_LAT_COUNT) != (k & RP_LAT_COUNT)) {
		if (rp_unlikely((++idle & RP_LAT_IDLE_MASK) == 0)) {
			ret = rp_lat_idle(s, &since, true);
			if (ret)
				return ret;
		}
	}
	if (rp_unlikely(got & RP_LAT_PAUSED))
		s->skip++;
	s->rcvd = k;
	return 0;
}

/* WRITE: the posting half of an exchange: the count (and the pause flag)
 * into the last byte of the send half, post, poll its completion. A SEND
 * leaves its completion to the wait for the peer's (they share the CQ),
 * and one SEND at most outstanding: the previous one's is polled here
 * when that wait did not see it. */
static rp_hot int rp_lat_send(struct rp_lat_state *s, bool send)
{
	int ret;

	if (send && rp_unlikely(s->sends_done < s->sent)) {
		ret = rp_lat_poll_send(s, true, 0);
		if (ret)
			return ret;
	}
	*s->tx_last = (uint8_t)(++s->sent & RP_LAT_COUNT) | s->paused;
	s->paused = 0;
	s->post_due = false;
	ret = rp_lat_post(s);
	if (rp_unlikely(ret)) {
		rp_err("posting %s on %s QP %#x: %s", rp_lat_verb(s),
		       s->dev->name, s->qp->qp_num, strerror(ret));
		return -EIO;
	}
	return send ? 0 : rp_lat_wait(s);
}

/*
 * WRITE: one exchange; *@sample = ns since the previous one, *@kept false
 * for a sample that holds a pause (this side's or the peer's). The burst
 * ends with this exchange when the clock reached @until, or when @fills
 * and the sample is kept; the second side then leaves its WRITE to the
 * next burst, so that its between-burst work falls between its clock read
 * and its post (see rp_lat_pause).
 */
static rp_hot int rp_lat_exchange(struct rp_lat_state *s, uint64_t *sample,
				  bool *kept, uint64_t until, bool fills,
				  bool send)
{
	uint64_t k, now;
	int ret;

	if (rp_unlikely(s->post_due)) {
		ret = rp_lat_send(s, send);
		if (ret)
			return ret;
	}
	k = s->sent + (s->first ? 0 : 1);
	if (k > s->rcvd) {
		ret = rp_lat_wait_peer(s, k, send);
		if (ret)
			return ret;
	}
	now = rp_tick();
	*sample = now - s->prev;
	s->prev = now;
	*kept = !rp_unlikely(s->skip);
	if (!*kept)
		s->skip--;
	if (!s->first && (now >= until || (fills && *kept))) {
		s->post_due = true;
		return 0;
	}
	return rp_lat_send(s, send);
}

/* WRITE (or SEND, @send): rp_lat_burst's contract for ping-pong
 * exchanges. */
static rp_hot int rp_lat_xburst(struct rp_lat_state *s, uint64_t *out, size_t n,
				uint64_t until, size_t *done, bool send)
{
	size_t i = 0;
	bool kept;
	int ret = 0;

	while (i < n) {
		ret = rp_lat_exchange(s, &out[i], &kept, until, i + 1 == n,
				      send);
		if (rp_unlikely(ret))
			break;
		i += kept;
		if (rp_unlikely(s->prev >= until))
			break;
	}
	*done = i;
	return ret > 0 ? 0 : ret; /* 1: -D ended while waiting */
}

/* rp_lat_xburst with the verb a constant in each copy: the WRITE loop
 * carries no SEND test, and the SEND loop no WRITE one. */
static int rp_lat_write_burst(struct rp_lat_state *s, uint64_t *out, size_t n,
			      uint64_t until, size_t *done)
{
	if (s->send)
		return rp_lat_xburst(s, out, n, until, done, true);
	return rp_lat_xburst(s, out, n, until, done, false);
}

static int rp_lat_burst_any(struct rp_lat_state *s, uint64_t *out, size_t n,
			    uint64_t until, size_t *done)
{
	if (s->write)
		return rp_lat_write_burst(s, out, n, until, done);
	return rp_lat_burst(s, out, n, until, done);
}

int rp_lat_reserve(struct rp_lat_samples *o, size_t want)
{
	uint64_t *p;

	if (want <= o->cap)
		return 0;
	p = realloc(o->ns, want * sizeof(*p));
	if (!p) {
		rp_err("allocating room for %zu latency samples (%zu MiB): %s",
		       want, want * sizeof(*p) >> 20, strerror(ENOMEM));
		return -ENOMEM;
	}
	/* the part realloc did not copy: its pages faulted in now, not by
	 * the sample that first lands on each (F1 of the fidelity review) */
	rp_prefault(p + o->cap, (want - o->cap) * sizeof(*p));
	o->ns = p;
	o->cap = want;
	return 0;
}

/* -D: double the array (up to the cap) when it is full. */
static int rp_lat_grow(struct rp_lat_samples *o, const struct rp_lat_cfg *c)
{
	size_t want = o->cap * 2;

	if (o->n < o->cap)
		return 0;
	return rp_lat_reserve(o, want < c->max_samples ? want : c->max_samples);
}

/* Kept samples this burst may write. */
static size_t rp_lat_room(const struct rp_lat_samples *o,
			  const struct rp_lat_cfg *c)
{
	size_t end = c->duration ? c->max_samples : (size_t)c->iters;

	if (end > o->cap)
		end = o->cap;
	return end - o->n;
}

/* Between bursts: stop, end of run, cap, growth, heartbeat. 1 = done. */
static int rp_lat_between(struct rp_lat_samples *o, const struct rp_lat_cfg *c,
			  uint64_t now, uint64_t deadline)
{
	int ret = 0;

	if (rp_stop_requested())
		return -EINTR;
	if (!c->duration) {
		if (o->n >= c->iters)
			return 1;
	} else {
		if (now >= deadline)
			return 1;
		if (o->n >= c->max_samples) {
			o->capped = true;
			return 1;
		}
		ret = rp_lat_grow(o, c);
	}
	if (!ret && c->tick)
		ret = c->tick(c->tick_arg);
	return ret;
}

/*
 * WRITE: this side did between-burst work (growth, heartbeat) while the
 * peer waited for its next WRITE: the pause is in one sample of each
 * side, and neither keeps it. The first side paused after its post and
 * its poll: its next sample holds the pause. The second side paused
 * after its clock read, before its post (rp_lat_exchange): its next
 * sample holds it. The peer's sample that ends with the flagged WRITE
 * holds it too (rp_lat_wait_peer). Both sides drop the same exchange's
 * sample, so in a -n run both still run the same count of exchanges
 * (ib_write_lat does no work inside its loop: run_iter_lat_write).
 */
static void rp_lat_pause(struct rp_lat_state *s)
{
	if (!s->write)
		return; /* READ: each burst restarts its clock */
	s->paused = RP_LAT_PAUSED;
	s->skip++;
}

/* The tick at which a burst that starts at mark @m ends: @until_ns, at
 * the estimated rate (rp_tick_init). */
static uint64_t rp_lat_until(const struct rp_lat_state *s,
			     struct rp_tick_mark m, uint64_t until_ns)
{
	if (until_ns <= m.ns)
		return m.tick;
	return m.tick + (uint64_t)((double)(until_ns - m.ns) * s->tick_per_ns);
}

/* Bursts until -n or -D is done; then the samples scaled from ticks to
 * ns at the rate over the whole loop (rp_tick_scale), as perftest turns
 * its cycles into usec after its loop (print_report_lat). */
static int rp_lat_loop(struct rp_lat_state *s, const struct rp_lat_cfg *c,
		       struct rp_lat_samples *o)
{
	struct rp_tick_mark start = rp_tick_mark(), m = start;
	uint64_t deadline = UINT64_MAX, until;
	size_t done;
	int ret;

	if (c->duration)
		deadline = start.ns + c->duration * RP_NSEC_PER_SEC;
	s->deadline = deadline;
	do {
		until = m.ns + RP_LAT_BURST_NS;
		if (until > deadline)
			until = deadline;
		ret = rp_lat_burst_any(s, o->ns + o->n, rp_lat_room(o, c),
				       rp_lat_until(s, m, until), &done);
		m = rp_tick_mark();
		o->n += done;
		if (!ret)
			ret = rp_lat_between(o, c, m.ns, deadline);
		if (!ret)
			rp_lat_pause(s);
	} while (!ret);
	rp_tick_scale(o->ns, o->n, start, m);
	o->run_ns = m.ns - start.ns;
	return ret < 0 ? ret : 0;
}

static int rp_lat_check(const struct rp_rail *r,
			const struct rp_rail_addr *peer,
			const struct rp_lat_cfg *c)
{
	/* a ping-pong splits the slice; a READ or an atomic does not */
	unsigned int halves =
		c->verb == RP_VERB_READ || rp_verb_atomic(c->verb) ? 1 : 2;
	uint64_t mine = r->slice / halves, theirs = peer->qp[0].len / halves;

	if (rp_dev_check_msg(&r->dev, c->size))
		return -EINVAL;
	if (!c->size || c->size > mine || c->size > theirs) {
		rp_err("size %llu does not fit the buffer slice of QP 0",
		       (unsigned long long)c->size);
		return -EINVAL;
	}
	if (c->verb == RP_VERB_SEND && (!c->rx_posted || !c->rx_depth))
		return -EINVAL; /* the app sets both */
	if (!c->duration && (!c->iters || c->iters > c->max_samples)) {
		rp_err("iterations %llu out of range: 1 .. %zu samples are "
		       "kept",
		       (unsigned long long)c->iters, c->max_samples);
		return -EINVAL;
	}
	return 0;
}

int rp_lat_run(struct rp_rail *r, const struct rp_rail_addr *peer,
	       const struct rp_lat_cfg *cfg, struct rp_lat_samples *out)
{
	size_t first = cfg->duration ? RP_LAT_FIRST_CAP : (size_t)cfg->iters;
	struct rp_lat_state s;
	size_t done;
	int ret;

	out->n = 0;
	out->capped = false;
	out->run_ns = 0;
	out->ops = 0;
	ret = rp_lat_check(r, peer, cfg);
	if (ret)
		return ret;
	if (first > cfg->max_samples)
		first = cfg->max_samples;
	ret = rp_lat_reserve(out, first > cfg->warmup ? first : cfg->warmup);
	if (ret)
		return ret;
	rp_lat_state_init(&s, r, peer, cfg);
	if (s.send) /* topped up before READY already (rp_latapp) */
		ret = rp_lat_recv_prepost(r, cfg);
	if (ret)
		return ret;
	s.tick_per_ns = rp_tick_init();
	s.prev = rp_tick();
	ret = rp_lat_burst_any(&s, out->ns, cfg->warmup, UINT64_MAX, &done);
	if (!ret)
		ret = rp_lat_loop(&s, cfg, out);
	/* the second side's last WRITE, when its last burst left it */
	if (!ret && s.post_due)
		ret = rp_lat_send(&s, s.send);
	/* WRITE: the side that posted first takes the peer's last WRITE
	 * too, so that both end on the same exchange */
	if (!ret && s.write && !cfg->duration && s.sent > s.rcvd)
		ret = rp_lat_wait_peer(&s, s.sent, s.send);
	/* SEND: this side's last SEND complete before the next size */
	if (!ret && s.send && s.sends_done < s.sent)
		ret = rp_lat_poll_send(&s, true, 0);
	out->ops = s.ops;
	if (ret == -EINTR)
		rp_err("interrupted: %s latency run of %llu bytes stopped "
		       "after %zu samples; no result",
		       rp_lat_verb(&s), (unsigned long long)cfg->size, out->n);
	return ret;
}

int rp_lat_recv_prepost(struct rp_rail *r, const struct rp_lat_cfg *c)
{
	struct ibv_recv_wr wr, *bad = NULL;
	struct ibv_sge sge;
	int ret;

	rp_lat_recv_wr(r, &sge, &wr);
	while (*c->rx_posted < c->rx_depth) {
		ret = ibv_post_recv(r->qp[0], &wr, &bad);
		if (ret) {
			rp_err("posting a receive on %s QP %#x: %s",
			       r->dev.name, r->qp[0]->qp_num, strerror(ret));
			return -ret;
		}
		(*c->rx_posted)++;
	}
	return 0;
}

void rp_lat_samples_free(struct rp_lat_samples *s)
{
	free(s->ns);
	memset(s, 0, sizeof(*s));
}
