/* SPDX-License-Identifier: MIT */
/*
 * onerail.h - one fake rail for the engine tests that drive rp_bw_run or
 * rp_lat_run without a device (test_bwend.c, test_latwrite.c): a verbs
 * context whose post_send and poll_cq are the test's own functions, one
 * QP and one CQ on it, an MR, and the rail and peer those point at (one
 * QP, @slice bytes of @buf, the peer's slice at 0x10000). Header only:
 * each test keeps its own fake verbs; what they share is the set-up.
 */
#ifndef RP_TEST_ONERAIL_H
#define RP_TEST_ONERAIL_H

#include <stdint.h>
#include <string.h>
#include <infiniband/verbs.h>

#include "base/rp_time.h"
#include "verbs/rp_rail.h"

struct onerail {
	struct ibv_context ctx;
	struct ibv_qp qp;
	struct ibv_cq cq;
	struct ibv_mr mr;
	struct ibv_qp *qps[1];
};

typedef int (*onerail_post_fn)(struct ibv_qp *, struct ibv_send_wr *,
			       struct ibv_send_wr **);
typedef int (*onerail_poll_fn)(struct ibv_cq *, int, struct ibv_wc *);

/* onerail_init - @o's context with @post and @poll, QP 0x11 and the CQ on
 * it; @r the rail "fake0" over them with @buf (@slice bytes a QP), @p its
 * peer. Everything zeroed first; the caller sets the TX depth it needs. */
static inline void onerail_init(struct onerail *o, onerail_post_fn post,
				onerail_poll_fn poll, void *buf, size_t slice,
				struct rp_rail *r, struct rp_rail_addr *p)
{
	memset(o, 0, sizeof(*o));
	o->ctx.ops.post_send = post;
	o->ctx.ops.poll_cq = poll;
	o->qp.context = &o->ctx;
	o->qp.qp_num = 0x11;
	o->cq.context = &o->ctx;
	memset(r, 0, sizeof(*r));
	strcpy(r->dev.name, "fake0");
	r->dev.port_attr.max_msg_sz = 1u << 30;
	r->buf.addr = buf;
	r->slice = slice;
	r->mr = &o->mr;
	r->cq = &o->cq;
	o->qps[0] = &o->qp;
	r->qp = o->qps;
	r->num_qps = 1;
	memset(p, 0, sizeof(*p));
	p->num_qps = 1;
	p->qp[0].len = slice;
	p->qp[0].addr = 0x10000;
}

/* onerail_spin - busy-wait @ns nanoseconds (a post's cost, a latency). */
static inline void onerail_spin(uint64_t ns)
{
	uint64_t end = rp_now_ns() + ns;

	while (rp_now_ns() < end)
		;
}

#endif /* RP_TEST_ONERAIL_H */
