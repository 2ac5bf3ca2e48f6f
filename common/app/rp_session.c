// SPDX-License-Identifier: MIT
/* A session between a client and a server (rp_session.h). */
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/rp_session.h"
#include "base/rp_log.h"
#include "ctrl/rp_exchange.h"
#include "info/rp_preflight.h"
#include "net/rp_netdev.h"
#include "output/rp_report.h"
#include "verbs/rp_cm.h"

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

/* Rail @i as the binaries' lines name it: "rail 1 (rxe1)" in a rail
 * list, "rail rxe1 port 1" alone. */
static void rp_session_who(const struct rp_session *s, unsigned int i,
			   char *who, size_t len)
{
	const struct rp_rail *r = &s->rails[i];

	if (s->num_rails > 1)
		snprintf(who, len, "rail %u (%s)", i, r->dev.name);
	else
		snprintf(who, len, "rail %s port %u", r->dev.name, r->dev.port);
}

/* Rail @i's health before the run: a warning when it is not healthy
 * (rp_preflight.h), its kinds kept in @s->health. */
static void rp_session_preflight(struct rp_session *s, unsigned int i)
{
	const struct rp_rail *r = &s->rails[i];
	char who[96];

	rp_session_who(s, i, who, sizeof(who));
	s->health[i] =
		rp_preflight_warn(who, r->dev.name, r->dev.port, r->gid.ndev);
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
		c = cfg[i];
		rp_session_peer(s, &c);
		ret = rp_session_build(s, &s->rails[i], &c);
		if (ret)
			return ret;
		rp_session_preflight(s, i);
		rp_rail_local_addr(&s->rails[i], &s->local[i]);
	}
	return 0;
}

static int rp_session_connect(struct rp_session *s, FILE *text)
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
	rp_report_waiting(text); /* NULL under --output: nothing */
	/* a connection silent for --timeout is not the client: closed */
	return rp_ctrl_accept(lfd, rp_opts_accept_s(o), o->timeout * 1000,
			      &s->ctrl);
}

bool rp_session_mtu_mismatch(const struct rp_rail_addr *local,
			     const struct rp_rail_addr *remote,
			     const char *ndev, char *msg, size_t len)
{
	unsigned int lo;

	if (!local->ndev_mtu || !remote->ndev_mtu ||
	    local->ndev_mtu == remote->ndev_mtu)
		return false;
	lo = local->ndev_mtu < remote->ndev_mtu ? local->ndev_mtu :
						  remote->ndev_mtu;
	snprintf(msg, len,
		 "netdev %s MTU %u here, %u at the peer: RoCE runs at the "
		 "path MTU the smaller one allows (%u) and IP packets over %u "
		 "bytes are dropped on the way; set both ends alike",
		 ndev[0] ? ndev : "(unknown)", local->ndev_mtu,
		 remote->ndev_mtu, rp_roce_active_mtu(lo), lo);
	return true;
}

/* Rail @i: a warning when its two ends' netdev MTUs differ. */
static void rp_session_mtu_check(const struct rp_session *s, unsigned int i)
{
	char msg[320], who[96];

	if (!rp_session_mtu_mismatch(&s->local[i], &s->remote[i],
				     s->rails[i].gid.ndev, msg, sizeof(msg)))
		return;
	rp_session_who(s, i, who, sizeof(who));
	rp_warn("%s: %s", who, msg);
}

static int rp_session_exchange(struct rp_session *s, const struct rp_plan *p)
{
	struct rp_params peer;
	unsigned int i;
	int ret;

	rp_plan_params(p, s->num_rails, &s->params);
	ret = rp_exchange_params(&s->ctrl, s->server, &s->params, &peer);
	if (ret)
		return ret;
	for (i = 0; i < s->num_rails; i++) {
		ret = rp_exchange_rail(&s->ctrl, s->server, &s->local[i],
				       &s->remote[i]);
		if (ret)
			return ret;
		rp_session_mtu_check(s, i);
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
static int rp_session_cm(struct rp_session *s, const struct rp_plan *p,
			 const struct rp_rail_cfg *cfg)
{
	const struct rp_opts *o = s->o;
	int tmo = (int)o->timeout * 1000;
	struct rp_rail_cfg c = cfg[0];
	struct rp_params peer;
	struct rp_bound bound;
	int ret;

	ret = rp_session_addrs(s);
	if (!ret && rp_numa_bind_self(&c.bind, &bound))
		rp_warn("%s; running unbound", bound.why_not);
	s->cm.tos_plus1 = o->nic.tos + 1;
	if (!ret && s->server)
		ret = rp_cm_listen(&s->cm, o->bind_source_ip, o->tcp_port, tmo);
	if (!ret)
		ret = rp_session_connect(s, p->text);
	if (ret)
		return ret;
	rp_plan_params(p, s->num_rails, &s->params);
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
	rp_session_preflight(s, 0);
	rp_rail_local_addr(&s->rails[0], &s->local[0]);
	ret = rp_exchange_rail(&s->ctrl, s->server, &s->local[0],
			       &s->remote[0]);
	if (!ret)
		rp_session_mtu_check(s, 0);
	return ret ? ret :
		     rp_exchange_sync(&s->ctrl, s->server, RP_MSG_READY, -1);
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

int rp_session_open(struct rp_session *s, const struct rp_plan *p,
		    const struct rp_rail_cfg *cfg, unsigned int num_rails)
{
	const struct rp_opts *o = p->o;
	int ret;

	memset(s, 0, sizeof(*s));
	s->o = o;
	s->server = p->server;
	s->num_rails = num_rails;
	s->ctrl.fd = -1;
	if (num_rails < 1 || num_rails > RP_MAX_RAILS)
		return -EINVAL;
	if (o->rdma_cm) {
		ret = num_rails == 1 ? rp_session_cm(s, p, cfg) : -EINVAL;
	} else {
		ret = rp_session_rails(s, cfg);
		if (!ret)
			ret = rp_session_connect(s, p->text);
		if (!ret)
			ret = rp_session_exchange(s, p);
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

static int rp_session_fail(struct rp_session *s, const char *why, int err)
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
