// SPDX-License-Identifier: MIT
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verbs/rp_cm.h"
#include "base/rp_log.h"
#include "output/rp_report.h"
#include "output/rp_report_lat.h"
#include "app/rp_place.h"
#include "app/rp_session.h"
#include "engine/rp_cycle.h"
#include "ctrl/rp_exchange.h"

void rp_session_params(const struct rp_opts *o, unsigned int num_rails,
		       struct rp_params *p)
{
	memset(p, 0, sizeof(*p));
	p->test = (uint16_t)o->desc->test;
	p->flags = (uint16_t)((o->all_sizes ? RP_PF_ALL_SIZES : 0) |
			      (o->validate ? RP_PF_VALIDATE : 0) |
			      (o->run_infinitely ? RP_PF_INFINITE : 0) |
			      (o->rdma_cm ? RP_PF_RDMA_CM : 0) |
			      (o->bidir ? RP_PF_BIDIR : 0) |
			      (o->verb == RP_VERB_READ ? RP_PF_READ : 0) |
			      (o->verb == RP_VERB_SEND ? RP_PF_SEND : 0) |
			      (o->verb == RP_VERB_WRITE_IMM ? RP_PF_IMM : 0));
	p->size = o->size;
	p->iters = o->iters;
	p->duration = o->duration;
	p->num_qps = o->num_qps;
	p->num_rails = num_rails;
}

/*
 * The client of a one-rail test knows its peer: the server host's IPv4
 * address lets the GID choice prefer an entry in the same subnet. (Several
 * rails have one peer address per rail, unknown until the exchange.)
 */
static void rp_session_peer(const struct rp_session *s, struct rp_rail_cfg *c)
{
	struct addrinfo hints = { .ai_family = AF_INET,
				  .ai_socktype = SOCK_STREAM };
	const struct sockaddr_in *sin;
	struct addrinfo *res;

	if (s->server || s->num_rails != 1 ||
	    getaddrinfo(s->o->server, NULL, &hints, &res))
		return;
	sin = (const struct sockaddr_in *)res->ai_addr;
	memset(c->peer, 0, 10);
	c->peer[10] = 0xff;
	c->peer[11] = 0xff;
	memcpy(&c->peer[12], &sin->sin_addr, 4);
	c->peer_known = true;
	freeaddrinfo(res);
}

/* A binary's rail configuration plus what every rail takes from -u, -I,
 * --ipv6 and the sizes. */
static void rp_session_rail_cfg(const struct rp_session *s,
				const struct rp_rail_cfg *in,
				struct rp_rail_cfg *c)
{
	*c = *in;
	c->ipv6 = s->o->ipv6;
	c->qp_timeout = s->o->qp_timeout;
	c->max_inline =
		s->o->inline_size > 0 ? (unsigned int)s->o->inline_size : 0;
	c->max_msg = rp_opts_max_size(s->o);
}

static int rp_session_addrs(struct rp_session *s)
{
	s->local = calloc(s->num_rails, sizeof(*s->local));
	s->remote = calloc(s->num_rails, sizeof(*s->remote));
	return s->local && s->remote ? 0 : -ENOMEM;
}

/* A rail built on a thread bound as its cfg says (rp_place). */
struct rp_builder {
	struct rp_rail *r;
	const struct rp_rail_cfg *c;
	struct rp_bound bound;
	int ret;
};

static void *rp_build_rail(void *arg)
{
	struct rp_builder *b = arg;

	if (rp_numa_bind_self(&b->c->bind, &b->bound))
		rp_warn("rail %s: %s; it is built unbound",
			b->c->dev ? b->c->dev : "(first device)",
			b->bound.why_not);
	b->ret = rp_rail_init(b->r, b->c);
	if (!b->ret) {
		b->r->bind = b->c->bind;
		b->r->bound = b->bound;
	}
	return NULL;
}

/*
 * Build rail @r: one rail on the calling thread, which stays bound (the
 * process, as perftest binds it); several each on a thread of its own,
 * bound as that rail's worker will be, so that its buffer, MR, CQ and QPs
 * are made under its memory policy on its node.
 */
static int rp_session_build(struct rp_session *s, struct rp_rail *r,
			    const struct rp_rail_cfg *c)
{
	struct rp_builder b = { .r = r, .c = c };
	pthread_t t;
	int ret;

	if (s->num_rails == 1) {
		rp_build_rail(&b);
		return b.ret;
	}
	ret = pthread_create(&t, NULL, rp_build_rail, &b);
	if (ret) {
		rp_err("starting the thread that builds rail %s: %s",
		       c->dev ? c->dev : "", strerror(ret));
		return -ret;
	}
	pthread_join(t, NULL);
	return b.ret;
}

static int rp_session_rails(struct rp_session *s, const struct rp_rail_cfg *cfg)
{
	struct rp_rail_cfg c;
	unsigned int i;
	int ret;

	ret = rp_session_addrs(s);
	if (ret)
		return ret;
	for (i = 0; i < s->num_rails; i++) {
		rp_session_rail_cfg(s, &cfg[i], &c);
		rp_session_peer(s, &c);
		ret = rp_session_build(s, &s->rails[i], &c);
		if (ret)
			return ret;
		rp_rail_local_addr(&s->rails[i], &s->local[i]);
	}
	return 0;
}

static int rp_session_connect(struct rp_session *s)
{
	const struct rp_opts *o = s->o;
	int lfd;

	s->ctrl.timeout_ms = (int)o->timeout * 1000;
	if (!s->server)
		return rp_ctrl_connect_from(o->server, o->tcp_port,
					    o->bind_source_ip, o->timeout,
					    &s->ctrl);
	lfd = rp_ctrl_listen(o->bind_source_ip, o->tcp_port);
	if (lfd < 0)
		return lfd;
	if (rp_opts_full(o))
		rp_report_waiting(stdout);
	return rp_ctrl_accept(lfd, rp_opts_accept_s(o), &s->ctrl);
}

static int rp_session_exchange(struct rp_session *s)
{
	struct rp_params peer;
	unsigned int i;
	int ret;

	rp_session_params(s->o, s->num_rails, &s->params);
	ret = rp_exchange_params(&s->ctrl, s->server, &s->params, &peer);
	if (ret)
		return ret;
	for (i = 0; i < s->num_rails; i++) {
		ret = rp_exchange_rail(&s->ctrl, s->server, &s->local[i],
				       &s->remote[i]);
		if (ret)
			return ret;
		ret = rp_rail_connect(&s->rails[i], &s->remote[i]);
		if (ret) {
			rp_ctrl_send_error(&s->ctrl,
					   "could not connect the "
					   "QPs (see the peer's output)");
			return ret;
		}
		s->local[i].mtu = (uint8_t)s->rails[i].mtu;
	}
	return rp_exchange_sync(&s->ctrl, s->server, RP_MSG_READY, -1);
}

/* -R server: the QPs through rdma_cm, only from the control client's
 * address (another host's request is refused). */
static int rp_session_cm_server(struct rp_session *s,
				const struct rp_rail_cfg *c)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);

	if (getpeername(s->ctrl.fd, (struct sockaddr *)&ss, &len))
		len = 0;
	return rp_cm_server(&s->cm, c, &s->rails[0], (struct sockaddr *)&ss,
			    len);
}

/*
 * -R: rdma_cm listens before the client can connect; after HELLO the QPs
 * are connected through rdma_cm (which builds the rail on the routed
 * device), then RAIL tells each side the other's buffer (rkey, address).
 */
static int rp_session_cm(struct rp_session *s, const struct rp_rail_cfg *cfg)
{
	const struct rp_opts *o = s->o;
	int tmo = (int)o->timeout * 1000;
	struct rp_params peer;
	struct rp_rail_cfg c;
	struct rp_bound bound;
	int ret;

	rp_session_rail_cfg(s, &cfg[0], &c);
	ret = rp_session_addrs(s);
	if (!ret && rp_numa_bind_self(&c.bind, &bound))
		rp_warn("%s; running unbound", bound.why_not);
	s->cm.tos_plus1 = o->nic.tos + 1;
	if (!ret && s->server)
		ret = rp_cm_listen(&s->cm, o->bind_source_ip, o->tcp_port, tmo);
	if (!ret)
		ret = rp_session_connect(s);
	if (ret)
		return ret;
	rp_session_params(o, s->num_rails, &s->params);
	ret = rp_exchange_params(&s->ctrl, s->server, &s->params, &peer);
	if (ret)
		return ret;
	ret = s->server ?
		      rp_session_cm_server(s, &c) :
		      rp_cm_client(&s->cm, o->server, o->tcp_port,
				   o->bind_source_ip, &c, &s->rails[0], tmo);
	if (ret) {
		rp_ctrl_send_error(&s->ctrl,
				   "could not connect the QPs "
				   "through rdma_cm (see the peer's output)");
		return ret;
	}
	s->rails[0].bound = bound;
	rp_rail_local_addr(&s->rails[0], &s->local[0]);
	ret = rp_exchange_rail(&s->ctrl, s->server, &s->local[0],
			       &s->remote[0]);
	return ret ? ret :
		     rp_exchange_sync(&s->ctrl, s->server, RP_MSG_READY, -1);
}

int rp_session_run(const struct rp_opts *o, const struct rp_rail_cfg *cfg,
		   int (*server)(struct rp_session *s),
		   int (*client)(struct rp_session *s))
{
	struct rp_session s;
	int ret;

	ret = rp_session_open(&s, o, cfg, 1);
	if (ret)
		return ret;
	ret = s.server ? server(&s) : client(&s);
	rp_session_close(&s);
	return ret;
}

void rp_session_bw_defaults(const struct rp_opts *o, struct rp_bw_cfg *cfg)
{
	*cfg = (struct rp_bw_cfg){
		.iters = o->iters,
		.duration = o->duration,
		.cq_mod = o->cq_mod,
		.post_list = o->post_list,
		.verb = o->verb,
		.cycle_buffer = o->validate ? 0 : rp_cycle_page(),
		.cqe_poll = rp_nic_cqe_poll(&o->nic),
		.inline_size = o->inline_size > 0 ? (unsigned)o->inline_size :
						    0,
		.gbits = o->report_gbits,
		/* -D: perftest stops at the end without waiting for the WRs
		 * in flight; railperf waits a little for them (at the link
		 * rate tx depth x 8 MiB drains in ms; on Soft-RoCE it would
		 * take a minute) */
		.drain_ns = o->duration && !o->run_infinitely ?
				    RP_SESSION_DRAIN_NS :
				    0,
		/* perftest warms up WRITE and READ only, not an endless run
		 * (write_bw.c, read_bw.c: perform_warm_up) */
		.warmup = o->perform_warm_up && !o->run_infinitely &&
			  (o->verb == RP_VERB_WRITE || o->verb == RP_VERB_READ),
	};
}

void rp_session_rail_defaults(const struct rp_opts *o, struct rp_rail_cfg *c)
{
	*c = (struct rp_rail_cfg){
		.dev = o->dev,
		.port = o->ib_port,
		.gid_index = o->gid_index,
		.num_qps = o->num_qps,
		.tx_depth = o->tx_depth,
		.rx_depth = o->rx_depth, /* SEND's -r; else 0: one */
		.slice = rp_rail_slice_bytes(rp_opts_max_size(o)),
		.mtu = o->mtu,
		.verb = o->verb,
		.rd_atomic = o->outs, /* 0: the verb's default (rp_rail) */
		.hugepages = o->hugepages,
		.gpu = o->gpu,
		.traffic_class = o->nic.tclass > 0 ? (uint8_t)o->nic.tclass : 0,
		.no_relaxed = o->nic.disable_pcie_relaxed,
		.old_post_send = o->nic.old_post_send,
		.new_post_send = o->nic.new_post_send,
	};
	/* one rail: checked by rp_precheck, so it cannot fail here */
	if (rp_place_bind(o, o->dev, 0, -1, &c->bind))
		c->bind = (struct rp_bind){ .node = -1, .cpu = -1 };
}

/* Device: the rails' names joined by ',' (after the rails are up). */
static void rp_session_devices(struct rp_session *s)
{
	size_t off = 0, len = sizeof(s->devices);
	unsigned int i;

	s->devices[0] = '\0';
	for (i = 0; i < s->num_rails && off < len; i++)
		off += (size_t)snprintf(s->devices + off, len - off, "%s%s",
					i ? "," : "", s->rails[i].dev.name);
}

/* perftest's title: the verb, the Bidirectional and Post List variants
 * of BW (perftest_parameters.c ctx_print_test_info). */
static const char *rp_session_title(const struct rp_opts *o)
{
	static const char *const t[4][4] = {
		{ "RDMA_Write BW Test", "RDMA_Write Post List BW Test",
		  "RDMA_Write Bidirectional BW Test",
		  "RDMA_Write Bidirectional Post List BW Test" },
		{ "RDMA_Read BW Test", "RDMA_Read Post List BW Test",
		  "RDMA_Read Bidirectional BW Test",
		  "RDMA_Read Bidirectional Post List BW Test" },
		{ "Send BW Test", "Send Post List BW Test",
		  "Send Bidirectional BW Test",
		  "Send Bidirectional Post List BW Test" },
		{ "RDMA_Write_imm BW Test", "RDMA_Write_imm Post List BW Test",
		  "RDMA_Write_imm Bidirectional BW Test",
		  "RDMA_Write_imm Bidirectional Post List BW Test" },
	};

	if (!(o->desc->features & RP_FEAT_BW))
		return o->desc->title;
	return t[o->verb][(o->bidir ? 2 : 0) + (o->post_list > 1)];
}

void rp_session_header(const struct rp_session *s, struct rp_header *h)
{
	const struct rp_rail *r = &s->rails[0];
	const struct rp_opts *o = s->o;
	bool bw = o->desc->features & RP_FEAT_BW;
	bool read = o->verb == RP_VERB_READ;
	unsigned int i, qps = 0, mtu = 4096;

	for (i = 0; i < s->num_rails; i++) {
		qps += r[i].num_qps;
		if (rp_mtu_bytes(r[i].mtu) < mtu)
			mtu = rp_mtu_bytes(r[i].mtu);
	}
	*h = (struct rp_header){
		.title = rp_session_title(o),
		.device = s->devices,
		.num_qps = qps,
		.transport = r->dev.ctx->device->transport_type ==
					     IBV_TRANSPORT_IWARP ?
				     "IW" :
				     "IB",
		.relaxed_ordering = r->relaxed_ordering,
		.wr_api = r->wr_api,
		.tx_depth = s->server && !o->bidir ? -1 : (int)o->tx_depth,
		/* SEND's receivers (perftest: server, or -b) */
		.rx_depth = rp_verb_recv(o->verb) && (s->server || o->bidir) ?
				    (int)o->rx_depth :
				    -1,
		.cq_mod = bw ? (int)o->cq_mod : -1,
		.mtu = mtu,
		.link_type = rp_dev_is_roce(&r->dev) ? "Ethernet" : "IB",
		.gid_index = r->gid_index,
		.max_inline = read		 ? -1 :
			      o->inline_size > 0 ? o->inline_size :
						   0,
		.out_reads = read ? (int)r->rd_atomic : -1,
		.post_list = bw ? o->post_list : 0,
		.rdma_cm = o->rdma_cm,
		.server = s->server,
		.has_tos = o->nic.tos >= 0,
		.tos = o->nic.tos >= 0 ? (unsigned int)o->nic.tos : 0,
		.has_tclass = o->nic.tclass >= 0,
		.tclass = o->nic.tclass >= 0 ? (unsigned int)o->nic.tclass : 0,
	};
}

int rp_session_open(struct rp_session *s, const struct rp_opts *o,
		    const struct rp_rail_cfg *cfg, unsigned int num_rails)
{
	int ret;

	memset(s, 0, sizeof(*s));
	s->o = o;
	s->server = !o->server;
	s->num_rails = num_rails;
	s->ctrl.fd = -1;
	if (num_rails < 1 || num_rails > RP_MAX_RAILS)
		return -EINVAL;
	if (o->rdma_cm) {
		ret = num_rails == 1 ? rp_session_cm(s, cfg) : -EINVAL;
	} else {
		ret = rp_session_rails(s, cfg);
		if (!ret)
			ret = rp_session_connect(s);
		if (!ret)
			ret = rp_session_exchange(s);
	}
	if (ret)
		rp_session_close(s);
	else
		rp_session_devices(s);
	return ret;
}

void rp_session_close(struct rp_session *s)
{
	unsigned int i;

	rp_ctrl_close(&s->ctrl);
	for (i = 0; i < s->num_rails; i++)
		rp_rail_fini(&s->rails[i]);
	rp_cm_fini(&s->cm); /* -R: after the QPs it carries */
	free(s->local);
	free(s->remote);
	s->local = NULL;
	s->remote = NULL;
	s->num_rails = 0;
}

int rp_session_fail(struct rp_session *s, const char *why, int err)
{
	rp_ctrl_send_error(&s->ctrl, err == -EINTR ? RP_CTRL_INTERRUPTED : why);
	return err;
}

int rp_session_run_failed(struct rp_session *s, int err)
{
	return rp_session_fail(s,
			       s->server ? "the server's run failed (see its "
					   "output)" :
					   "the client's run failed (see its "
					   "output)",
			       err);
}

int rp_session_dev_unknown(const struct rp_opts *o, bool *unknown,
			   struct rp_devkind *kind)
{
	struct rp_dev d;
	int ret;

	ret = rp_dev_open(&d, o->dev, o->ib_port);
	if (ret)
		return ret;
	*unknown = rp_report_lat_extra_line(d.attr.vendor_id,
					    d.attr.vendor_part_id);
	if (kind)
		rp_devkind_of(d.attr.vendor_id, d.attr.vendor_part_id, kind);
	rp_dev_close(&d);
	return 0;
}
