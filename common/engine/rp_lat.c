// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "engine/rp_bw.h"
#include "engine/rp_lat.h"
#include "base/rp_log.h"
#include "base/rp_signal.h"
#include "base/rp_time.h"
#include "engine/rp_wc.h"

#define RP_LAT_STALL_NS (30 * RP_NSEC_PER_SEC)
#define RP_LAT_BURST_NS RP_NSEC_PER_SEC /* between stop checks, ticks */
#define RP_LAT_IDLE_MASK 1023  /* clock checked every 1024 empty polls */
#define RP_LAT_FIRST_CAP 65536 /* -D: first array, 512 KiB */
#define RP_LAT_WR_ID 0x4c4154  /* "LAT" */

#define rp_unlikely(x) __builtin_expect(!!(x), 0)

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
};

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
	s->wr = (struct ibv_send_wr){
		.wr_id = RP_LAT_WR_ID,
		.sg_list = &s->sge,
		.num_sge = 1,
		.opcode = IBV_WR_RDMA_READ,
		.send_flags = IBV_SEND_SIGNALED,
		.wr.rdma = { .remote_addr = s->raddr, .rkey = s->rkey },
	};
}

/* Post one signaled READ; 0 or an errno value (as ibv_post_send). */
static inline int rp_lat_post(struct rp_lat_state *s)
{
	struct ibv_send_wr *bad;
	struct ibv_qp_ex *qx = s->qpx;

	if (!qx)
		return ibv_post_send(s->qp, &s->wr, &bad);
	ibv_wr_start(qx);
	qx->wr_id = RP_LAT_WR_ID;
	qx->wr_flags = IBV_SEND_SIGNALED;
	ibv_wr_rdma_read(qx, s->rkey, s->raddr);
	ibv_wr_set_sge(qx, s->sge.lkey, s->sge.addr, s->sge.length);
	return ibv_wr_complete(qx);
}

/*
 * Slow path of the poll loop: stop request and stall, off the fast path.
 * A READ outstanding for over a second also runs the tick: the heartbeat
 * notices a peer that died (a READ to a vanished QP may never complete).
 */
static int rp_lat_idle(const struct rp_lat_state *s, uint64_t *since)
{
	uint64_t now = rp_now_ns();

	if (rp_stop_requested())
		return -EINTR;
	if (!*since) {
		*since = now;
	} else if (now - *since > RP_LAT_STALL_NS) {
		rp_err("no completion on %s QP %#x for %llu s with an RDMA "
		       "READ outstanding (peer gone or link down?)",
		       s->dev->name, s->qp->qp_num,
		       (unsigned long long)(RP_LAT_STALL_NS / RP_NSEC_PER_SEC));
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

/* Busy-poll for the one outstanding READ. */
static inline int rp_lat_wait(struct rp_lat_state *s)
{
	struct ibv_wc wc;
	unsigned int idle = 0;
	uint64_t since = 0;
	int n, ret;

	while ((n = ibv_poll_cq(s->cq, 1, &wc)) == 0) {
		if (rp_unlikely((++idle & RP_LAT_IDLE_MASK) == 0)) {
			ret = rp_lat_idle(s, &since);
			if (ret)
				return ret;
		}
	}
	if (rp_unlikely(n < 0 || wc.status != IBV_WC_SUCCESS))
		return rp_lat_wc_error(s, n, &wc);
	return 0;
}

/*
 * The timed loop: up to @n READs, one at a time, @out[i] = ns from the
 * previous boundary to completion i; stops after the first completion at
 * or past @until. *@done gets the samples written.
 */
static int rp_lat_burst(struct rp_lat_state *s, uint64_t *out, size_t n,
			uint64_t until, size_t *done)
{
	uint64_t prev = rp_now_ns(), now;
	size_t i;
	int ret = 0;

	for (i = 0; i < n; i++) {
		ret = rp_lat_post(s);
		if (rp_unlikely(ret)) {
			rp_err("posting RDMA READ on %s QP %#x: %s",
			       s->dev->name, s->qp->qp_num, strerror(ret));
			ret = -EIO;
			break;
		}
		ret = rp_lat_wait(s);
		if (rp_unlikely(ret))
			break;
		now = rp_now_ns();
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

/* Make room for @want samples in all; 0 or -ENOMEM (one line). */
static int rp_lat_reserve(struct rp_lat_samples *o, size_t want)
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

static int rp_lat_loop(struct rp_lat_state *s, const struct rp_lat_cfg *c,
		       struct rp_lat_samples *o)
{
	uint64_t start = rp_now_ns(), now = start, deadline = UINT64_MAX;
	uint64_t until;
	size_t done;
	int ret;

	if (c->duration)
		deadline = start + c->duration * RP_NSEC_PER_SEC;
	do {
		until = now + RP_LAT_BURST_NS;
		if (until > deadline)
			until = deadline;
		ret = rp_lat_burst(s, o->ns + o->n, rp_lat_room(o, c), until,
				   &done);
		o->n += done;
		now = rp_now_ns();
		if (!ret)
			ret = rp_lat_between(o, c, now, deadline);
	} while (!ret);
	o->run_ns = now - start;
	return ret < 0 ? ret : 0;
}

static int rp_lat_check(const struct rp_rail *r,
			const struct rp_rail_addr *peer,
			const struct rp_lat_cfg *c)
{
	if (c->size > r->dev.port_attr.max_msg_sz) {
		rp_err("size %llu exceeds the largest message %s allows "
		       "(max_msg_sz %u)",
		       (unsigned long long)c->size, r->dev.name,
		       r->dev.port_attr.max_msg_sz);
		return -EINVAL;
	}
	if (!c->size || c->size > r->slice || c->size > peer->qp[0].len) {
		rp_err("size %llu does not fit the buffer slice of QP 0",
		       (unsigned long long)c->size);
		return -EINVAL;
	}
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
	ret = rp_lat_check(r, peer, cfg);
	if (ret)
		return ret;
	if (first > cfg->max_samples)
		first = cfg->max_samples;
	ret = rp_lat_reserve(out, first > cfg->warmup ? first : cfg->warmup);
	if (ret)
		return ret;
	rp_lat_state_init(&s, r, peer, cfg);
	ret = rp_lat_burst(&s, out->ns, cfg->warmup, UINT64_MAX, &done);
	if (!ret)
		ret = rp_lat_loop(&s, cfg, out);
	if (ret == -EINTR)
		rp_err("interrupted: READ latency run of %llu bytes stopped "
		       "after %zu samples; no result",
		       (unsigned long long)cfg->size, out->n);
	return ret;
}

void rp_lat_samples_free(struct rp_lat_samples *s)
{
	free(s->ns);
	memset(s, 0, sizeof(*s));
}
