// SPDX-License-Identifier: MIT
/* The latency probe (rp_probe.h): probes posted at a fixed rate, each
 * timed with rp_now_ns from just before its post to just after its end
 * was polled. */
#define _GNU_SOURCE
#include <endian.h>
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <time.h>

#include "base/rp_log.h"
#include "base/rp_signal.h"
#include "base/rp_time.h"
#include "engine/rp_probe.h"
#include "engine/rp_wc.h"
#include "verbs/rp_probeqp.h"

#define RP_PROBE_STALL_NS (30 * RP_NSEC_PER_SEC)
#define RP_PROBE_NAP_NS (100 * 1000 * 1000ULL) /* a sleep sees a stop */
#define RP_PROBE_SPIN_MASK 63 /* the clock read every 64 empty polls */

#define rp_likely(x) __builtin_expect(!!(x), 1)
#define rp_unlikely(x) __builtin_expect(!!(x), 0)

struct rp_probe_st {
	struct rp_probeqp *q;
	const struct rp_probe_cfg *c;
	const struct rp_probe_stop *stop;
	struct rp_probe_samples *out; /* NULL: the echo */
	const char *dev;
	bool write; /* RDMA WRITE with immediate, answered */
	struct ibv_sge sge;
	struct ibv_send_wr wr; /* prebuilt; wr_id and imm per probe */
	uint32_t posted;       /* probes posted (ids 1 .. posted) */
	uint32_t done;	       /* the last probe that ended */
	uint32_t sent;	       /* send completions polled */
	unsigned int cap;      /* probes in flight at most */
	uint64_t last_post;    /* ns */
	uint64_t quiet;	       /* ns: the last completion, or the post that
				* found nothing in flight */
	uint64_t t[RP_PROBEQP_DEPTH]; /* each probe in flight's post, ns */
	int kept;		      /* 1: out is full (capped) */
};

static void rp_probe_init(struct rp_probe_st *s, struct rp_rail *r,
			  const struct rp_probe_cfg *c,
			  const struct rp_probe_stop *stop)
{
	struct rp_probeqp *q = &r->probe;

	memset(s, 0, sizeof(*s));
	s->q = q;
	s->c = c;
	s->stop = stop;
	s->dev = r->dev.name;
	s->write = c->verb == RP_VERB_WRITE;
	/* a READ's in flight also within the QP's READs in flight */
	s->cap = s->write || q->rd_atomic >= RP_PROBEQP_DEPTH ?
			 RP_PROBEQP_DEPTH :
			 q->rd_atomic;
	s->sge = (struct ibv_sge){ .addr = (uint64_t)(uintptr_t)q->buf,
				   .length = (uint32_t)c->size,
				   .lkey = q->mr->lkey };
	s->wr = (struct ibv_send_wr){
		.sg_list = &s->sge,
		.num_sge = 1,
		.opcode = s->write ? IBV_WR_RDMA_WRITE_WITH_IMM :
				     IBV_WR_RDMA_READ,
		.send_flags = IBV_SEND_SIGNALED,
		/* READ: the peer's page; WRITE: its upper half */
		.wr.rdma = { .remote_addr = q->peer.addr +
					    (s->write ? q->peer.len / 2 : 0),
			     .rkey = q->peer.rkey },
	};
}

static int rp_probe_check(const struct rp_rail *r, const struct rp_probe_cfg *c)
{
	const struct rp_probeqp *q = &r->probe;

	if (!q->on || q->verb != c->verb || !q->rd_atomic ||
	    (c->verb != RP_VERB_READ && c->verb != RP_VERB_WRITE) || !c->rate ||
	    c->rate > RP_PROBE_RATE_MAX) {
		rp_err("latency probe on %s: settings it cannot take",
		       r->dev.name);
		return -EINVAL;
	}
	if (!c->size || c->size > q->len / 2 || c->size > q->peer.len / 2) {
		rp_err("latency probe on %s: %llu bytes do not fit half of "
		       "its page",
		       r->dev.name, (unsigned long long)c->size);
		return -EINVAL;
	}
	return 0;
}

/* A stop request, or one of the phase's flags raised. */
static bool rp_probe_halt(const struct rp_probe_stop *st)
{
	unsigned int i;

	for (i = 0; i < RP_PROBE_FLAGS; i++)
		if (st->flag[i] &&
		    __atomic_load_n(st->flag[i], __ATOMIC_RELAXED))
			return true;
	return rp_stop_requested();
}

/* A polled completion: 0 when it succeeded, else -EIO after one line. */
static int rp_probe_got(const struct rp_probe_st *s, int n,
			const struct ibv_wc *wc)
{
	if (rp_unlikely(n < 0)) {
		rp_err("ibv_poll_cq on %s (latency probe): %d", s->dev, n);
		return -EIO;
	}
	if (rp_unlikely(wc->status != IBV_WC_SUCCESS)) {
		rp_err("work completion error on %s QP %#x (latency probe): "
		       "%s (%s, vendor error %#x)",
		       s->dev, wc->qp_num, rp_wc_status_name(wc->status),
		       ibv_wc_status_str(wc->status), wc->vendor_err);
		return -EIO;
	}
	return 0;
}

static int rp_probe_post(struct rp_probe_st *s, uint32_t id)
{
	struct ibv_send_wr *bad = NULL;
	int ret;

	s->wr.wr_id = id;
	s->wr.imm_data = htobe32(id);
	ret = ibv_post_send(s->q->qp, &s->wr, &bad);
	if (ret) {
		rp_err("posting %s on %s QP %#x (latency probe): %s",
		       s->write ? "RDMA WRITE with immediate" : "RDMA READ",
		       s->dev, s->q->qp->qp_num, strerror(ret));
		return -EIO;
	}
	return 0;
}

/* Probe @id ended at @t1: its sample kept (after the warm-up). */
static void rp_probe_ended(struct rp_probe_st *s, uint32_t id, uint64_t t1)
{
	struct rp_probe_samples *o = s->out;
	uint64_t t0 = s->t[id % RP_PROBEQP_DEPTH];

	if (id <= s->done || id > s->posted)
		return; /* not one in flight: an earlier phase's */
	s->done = id;
	if (id <= s->c->warmup || s->kept)
		return;
	if (o->n == o->cap &&
	    (rp_probe_reserve(o, o->cap * 2 + 1024) || o->n == o->cap)) {
		o->capped = true; /* at RP_PROBE_MAX_SAMPLES, or no memory */
		s->kept = 1;
		return;
	}
	o->s[o->n++] = (struct rp_probe_sample){ .t_ns = t0, .ns = t1 - t0 };
}

/* The echo: the peer's probe @wc arrived; answer at once. */
static int rp_probe_answer(struct rp_probe_st *s, const struct ibv_wc *wc)
{
	int ret = rp_probe_post(s, be32toh(wc->imm_data));

	if (!ret)
		s->posted++;
	return ret;
}

/* One completion, its clock @t1 read as it was polled: a READ's end, a
 * WRITE's own completion, or an answer (a receive: reposted). */
static int rp_probe_wc(struct rp_probe_st *s, const struct ibv_wc *wc,
		       uint64_t t1)
{
	if (!(wc->opcode & IBV_WC_RECV)) {
		s->sent++;
		if (!s->write)
			rp_probe_ended(s, (uint32_t)wc->wr_id, t1);
		return 0;
	}
	s->q->rx_posted--;
	if (!s->out) {
		int ret = rp_probe_answer(s, wc);

		return ret ? ret : rp_probeqp_post_recv(s->q, s->dev);
	}
	if (wc->wc_flags & IBV_WC_WITH_IMM)
		rp_probe_ended(s, be32toh(wc->imm_data), t1);
	return rp_probeqp_post_recv(s->q, s->dev);
}

/* Every completion the CQ holds (the clock read after each). 1 when
 * there was one, 0 none, -errno. */
static int rp_probe_drain(struct rp_probe_st *s)
{
	struct ibv_wc wc;
	int n, ret, got = 0;

	while ((n = ibv_poll_cq(s->q->cq, 1, &wc))) {
		uint64_t t1 = rp_now_ns();

		s->quiet = t1;
		ret = rp_probe_got(s, n, &wc);
		if (!ret)
			ret = rp_probe_wc(s, &wc, t1);
		if (ret)
			return ret;
		got = 1;
	}
	return got;
}

/* Every event the channel holds, taken and acknowledged (the CQ can be
 * destroyed only when all are). */
static void rp_probe_ack(struct rp_probe_st *s)
{
	struct ibv_cq *cq;
	void *ctx;

	while (!ibv_get_cq_event(s->q->ch, &cq, &ctx))
		ibv_ack_cq_events(cq, 1);
}

/* Sleep on the completion channel until a completion or @until (ns, at
 * most 100 ms from now): the CQ armed first, then drained once more (a
 * completion that came before the arming raises no event). */
static int rp_probe_sleep(struct rp_probe_st *s, uint64_t until)
{
	struct pollfd pfd = { .fd = s->q->ch->fd, .events = POLLIN };
	uint64_t now = rp_now_ns(), d;
	struct timespec ts;
	int ret;

	ret = ibv_req_notify_cq(s->q->cq, 0);
	if (ret) {
		rp_err("ibv_req_notify_cq on %s (latency probe): %s", s->dev,
		       strerror(ret));
		return -EIO;
	}
	ret = rp_probe_drain(s);
	if (ret || until <= now)
		return ret;
	d = until - now < RP_PROBE_NAP_NS ? until - now : RP_PROBE_NAP_NS;
	ts.tv_sec = (time_t)(d / RP_NSEC_PER_SEC);
	ts.tv_nsec = (long)(d % RP_NSEC_PER_SEC);
	if (ppoll(&pfd, 1, &ts, NULL) > 0)
		rp_probe_ack(s);
	return rp_probe_drain(s);
}

/* A probe in flight, or a probe's own completion still to come (WRITE:
 * it may follow the answer). */
static bool rp_probe_busy(const struct rp_probe_st *s)
{
	return s->posted != s->done || s->posted != s->sent;
}

/* Until a completion or @until: busy-polled while a probe is in flight
 * and the last post is under c->spin_ns old, then slept (rp_probe_sleep).
 * 1 when a completion came, 0 none, -errno. */
static int rp_probe_wait(struct rp_probe_st *s, uint64_t until)
{
	unsigned int k = 0;
	uint64_t now;
	int ret;

	while (rp_probe_busy(s)) {
		ret = rp_probe_drain(s);
		if (ret)
			return ret;
		if (rp_likely((++k & RP_PROBE_SPIN_MASK) != 0))
			continue;
		now = rp_now_ns();
		if (now - s->last_post >= s->c->spin_ns || now >= until)
			break;
	}
	return rp_probe_sleep(s, until);
}

/* Probes in flight and no completion for 30 s: -ETIMEDOUT (one line). */
static int rp_probe_stalled(const struct rp_probe_st *s)
{
	if (!rp_probe_busy(s) || rp_now_ns() - s->quiet <= RP_PROBE_STALL_NS)
		return 0;
	rp_err("no completion of the latency probe on %s QP %#x for %llu s "
	       "(peer gone or link down?)",
	       s->dev, s->q->qp->qp_num, RP_PROBE_STALL_NS / RP_NSEC_PER_SEC);
	return -ETIMEDOUT;
}

/* Post the probe of the slot due, when there is room (else the slot is
 * missed); *@next moves to the first slot after now, the slots passed
 * meanwhile (the thread came late) missed too. */
static int rp_probe_slot(struct rp_probe_st *s, uint64_t *next, uint64_t period)
{
	uint64_t now = rp_now_ns();
	uint32_t id = s->posted + 1;
	int ret = 0;

	s->out->skipped += (now - *next) / period; /* 0 when on time */
	if (s->posted - s->done < s->cap &&
	    s->posted - s->sent < RP_PROBEQP_SEND_WR) {
		s->t[id % RP_PROBEQP_DEPTH] = now;
		if (!rp_probe_busy(s))
			s->quiet = now;
		ret = rp_probe_post(s, id);
		s->posted += !ret;
		s->last_post = now;
	} else {
		s->out->skipped++;
	}
	while (*next <= now) /* no burst to catch up */
		*next += period;
	return ret;
}

int rp_probe_run(struct rp_rail *r, const struct rp_probe_cfg *c,
		 const struct rp_probe_stop *stop, struct rp_probe_samples *out)
{
	uint64_t period, next, now;
	struct rp_probe_st s;
	int ret;

	ret = rp_probe_check(r, c);
	if (ret)
		return ret;
	rp_probe_init(&s, r, c, stop);
	s.out = out;
	period = RP_NSEC_PER_SEC / c->rate;
	next = rp_now_ns();
	while (!ret && !s.kept && !rp_probe_halt(stop)) {
		now = rp_now_ns();
		if (now >= stop->until_ns && !rp_probe_busy(&s))
			break; /* the phase is over, nothing in flight */
		if (now >= next && now < stop->until_ns)
			ret = rp_probe_slot(&s, &next, period);
		if (!ret)
			ret = rp_probe_stalled(&s);
		if (!ret)
			ret = rp_probe_wait(&s, next < stop->until_ns ?
							next :
							now + RP_PROBE_NAP_NS);
		ret = ret < 0 ? ret : 0;
	}
	return ret;
}

int rp_probe_echo(struct rp_rail *r, const struct rp_probe_cfg *c,
		  const struct rp_probe_stop *stop, uint64_t *echoed)
{
	struct rp_probe_st s;
	int ret;

	ret = rp_probe_check(r, c);
	if (ret || c->verb != RP_VERB_WRITE)
		return ret ? ret : -EINVAL;
	rp_probe_init(&s, r, c, stop);
	while (!ret && !rp_probe_halt(stop)) {
		/* no spin: the next probe is a slot away */
		ret = rp_probe_sleep(&s, rp_now_ns() + RP_PROBE_NAP_NS);
		ret = ret < 0 ? ret : 0;
		*echoed = s.posted;
	}
	return ret;
}
