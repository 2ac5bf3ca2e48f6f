// SPDX-License-Identifier: MIT
/* A rail's latency probe QP (rp_probeqp.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/rp_log.h"
#include "verbs/rp_probeqp.h"
#include "verbs/rp_qp.h"

#define RP_PROBEQP_CQE (RP_PROBEQP_SEND_WR + RP_PROBEQP_RX)

/* @a, and @b when it is lower and positive. */
static unsigned int rp_probeqp_min(unsigned int a, int b)
{
	return b > 0 && (unsigned int)b < a ? (unsigned int)b : a;
}
#define RP_PROBEQP_ACCESS \
	(IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | \
	 IBV_ACCESS_REMOTE_READ)

/* The channel (non-blocking: the probe polls its fd) and the CQ on it. */
static int rp_probeqp_cq(struct rp_rail *r)
{
	struct rp_probeqp *p = &r->probe;
	int fl;

	p->ch = ibv_create_comp_channel(r->dev.ctx);
	if (!p->ch) {
		rp_err("ibv_create_comp_channel on %s (latency probe): %s",
		       r->dev.name, strerror(errno));
		return -errno;
	}
	fl = fcntl(p->ch->fd, F_GETFL);
	if (fl < 0 || fcntl(p->ch->fd, F_SETFL, fl | O_NONBLOCK)) {
		rp_err("making the latency probe's completion channel on %s "
		       "non-blocking: %s",
		       r->dev.name, strerror(errno));
		return -errno;
	}
	p->cq = ibv_create_cq(r->dev.ctx, RP_PROBEQP_CQE, NULL, p->ch, 0);
	if (p->cq)
		return 0;
	rp_err("ibv_create_cq on %s (latency probe, %d CQEs): %s", r->dev.name,
	       RP_PROBEQP_CQE, strerror(errno));
	return -errno;
}

/* One page of host memory, zeroed and registered on its own. */
static int rp_probeqp_page(struct rp_rail *r)
{
	struct rp_probeqp *p = &r->probe;
	long page = sysconf(_SC_PAGESIZE);
	int ret;

	p->len = page > 0 ? (size_t)page : 4096;
	ret = posix_memalign(&p->buf, p->len, p->len);
	if (ret) {
		p->buf = NULL;
		rp_err("allocating the latency probe's page on %s: %s",
		       r->dev.name, strerror(ret));
		return -ret;
	}
	memset(p->buf, 0, p->len);
	p->mr = ibv_reg_mr(r->pd, p->buf, p->len, RP_PROBEQP_ACCESS);
	if (p->mr)
		return 0;
	rp_err("ibv_reg_mr on %s (latency probe, %zu bytes): %s", r->dev.name,
	       p->len, strerror(errno));
	return -errno;
}

static int rp_probeqp_qp(struct rp_rail *r)
{
	struct rp_probeqp *p = &r->probe;
	struct ibv_qp_init_attr a = {
		.send_cq = p->cq,
		.recv_cq = p->cq,
		.qp_type = IBV_QPT_RC,
		.sq_sig_all = 0,
		.cap = {
			.max_send_wr = RP_PROBEQP_SEND_WR,
			.max_recv_wr = RP_PROBEQP_RX,
			.max_send_sge = 1,
			.max_recv_sge = 1,
		},
	};

	p->qp = ibv_create_qp(r->pd, &a);
	if (!p->qp) {
		rp_err("ibv_create_qp on %s (latency probe): %s", r->dev.name,
		       strerror(errno));
		return -errno;
	}
	p->psn = rp_qp_random_psn();
	p->rd_atomic = rp_probeqp_min(
		rp_probeqp_min(RP_PROBEQP_DEPTH, r->dev.attr.max_qp_rd_atom),
		r->dev.attr.max_qp_init_rd_atom);
	return rp_qp_init_state(r, p->qp);
}

int rp_probeqp_init(struct rp_rail *r, enum rp_verb verb)
{
	int ret;

	memset(&r->probe, 0, sizeof(r->probe));
	r->probe.on = true;
	r->probe.verb = verb;
	ret = rp_probeqp_cq(r);
	if (!ret)
		ret = rp_probeqp_page(r);
	if (!ret)
		ret = rp_probeqp_qp(r);
	return ret;
}

void rp_probeqp_fini(struct rp_rail *r)
{
	struct rp_probeqp *p = &r->probe;

	if (p->qp && ibv_destroy_qp(p->qp))
		rp_err("ibv_destroy_qp on %s (latency probe): %s", r->dev.name,
		       strerror(errno));
	if (p->mr && ibv_dereg_mr(p->mr))
		rp_err("ibv_dereg_mr on %s (latency probe): %s", r->dev.name,
		       strerror(errno));
	free(p->buf);
	/* every event was acknowledged as it was taken (rp_probe.c) */
	if (p->cq && ibv_destroy_cq(p->cq))
		rp_err("ibv_destroy_cq on %s (latency probe): %s", r->dev.name,
		       strerror(errno));
	if (p->ch && ibv_destroy_comp_channel(p->ch))
		rp_err("ibv_destroy_comp_channel on %s (latency probe): %s",
		       r->dev.name, strerror(errno));
	memset(p, 0, sizeof(*p));
}

void rp_probeqp_addr(const struct rp_rail *r, struct rp_rail_addr *a)
{
	const struct rp_probeqp *p = &r->probe;

	a->num_probe = 1;
	a->probe = (struct rp_qp_addr){
		.qpn = p->qp->qp_num,
		.psn = p->psn,
		.rkey = p->mr->rkey,
		.addr = (uint64_t)(uintptr_t)p->buf,
		.len = p->len,
	};
	a->probe_rd_atomic = p->rd_atomic;
}

int rp_probeqp_post_recv(struct rp_probeqp *p, const char *dev)
{
	struct ibv_recv_wr wr = { .wr_id = 0, .num_sge = 0 }, *bad = NULL;
	int ret;

	while (p->rx_posted < RP_PROBEQP_RX) {
		ret = ibv_post_recv(p->qp, &wr, &bad);
		if (ret) {
			rp_err("posting a receive on %s QP %#x (latency "
			       "probe): %s",
			       dev, p->qp->qp_num, strerror(ret));
			return -ret;
		}
		p->rx_posted++;
	}
	return 0;
}

int rp_probeqp_connect(struct rp_rail *r, const struct rp_rail_addr *peer)
{
	struct rp_probeqp *p = &r->probe;
	int ret;

	if (!peer->num_probe) {
		rp_err("latency probe on %s: the peer's rail has no probe QP "
		       "(give --lat_probe on both sides)",
		       r->dev.name);
		return -EPROTO;
	}
	p->rd_atomic = rp_probeqp_min(p->rd_atomic, (int)peer->probe_rd_atomic);
	ret = rp_qp_connect(r, p->qp, p->psn, p->rd_atomic, peer, &peer->probe);
	if (ret)
		return ret;
	p->peer = peer->probe;
	return p->verb == RP_VERB_WRITE ? rp_probeqp_post_recv(p, r->dev.name) :
					  0;
}
