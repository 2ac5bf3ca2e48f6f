// SPDX-License-Identifier: MIT
/* -R: QPs connected through rdma_cm; see rp_cm.h. */
#define _GNU_SOURCE
#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verbs/rp_cm.h"
#include "base/rp_log.h"
#include "net/rp_subnet.h"
#include "verbs/rp_qp.h"
#include "base/rp_signal.h"
#include "base/rp_time.h"

#define RP_CM_RESOLVE_MS 2000 /* rdma_resolve_addr / _route */
#define RP_CM_RETRY 7
#define RP_CM_BACKLOG 64

/* What an awaited event carried. */
struct rp_cm_got {
	struct rdma_cm_id *id;	     /* the event's id (a new one for a
					 * connection request) */
	struct rdma_conn_param conn; /* private data not kept */
	uint32_t index;		     /* connection request: QP index */
};

static int rp_cm_channel(struct rp_cm *cm, int timeout_ms)
{
	cm->timeout_ms = timeout_ms;
	cm->ch = rdma_create_event_channel();
	if (cm->ch)
		return 0;
	rp_err("-R: rdma_create_event_channel: %s%s", strerror(errno),
	       errno == ENODEV || errno == ENOENT ? " (is rdma_ucm loaded?)" :
						    "");
	return -errno;
}

/* Wait until @end (rp_now_ns) for the next event on the channel. */
static int rp_cm_next(struct rp_cm *cm, struct rdma_cm_event **ev, uint64_t end)
{
	struct pollfd p = { .fd = cm->ch->fd, .events = POLLIN };
	int ret;

	for (;;) {
		if (rp_stop_requested())
			return -EINTR;
		ret = poll(&p, 1, 200);
		if (ret > 0)
			break;
		if (ret < 0 && errno != EINTR)
			return -errno;
		if (rp_now_ns() >= end)
			return -ETIMEDOUT;
	}
	return rdma_get_cm_event(cm->ch, ev) ? -errno : 0;
}

/* @sa's address as text ("?" when it has none). */
static const char *rp_cm_addr_str(const struct sockaddr *sa, char *buf,
				  size_t len)
{
	socklen_t sl = sa && sa->sa_family == AF_INET6 ?
			       sizeof(struct sockaddr_in6) :
			       sizeof(struct sockaddr_in);

	if (!sa ||
	    getnameinfo(sa, sl, buf, (socklen_t)len, NULL, 0, NI_NUMERICHOST))
		snprintf(buf, len, "?");
	return buf;
}

/*
 * Server: a connection request @ev from another host than the control
 * connection's is rejected, acked and its id destroyed; true then.
 */
static bool rp_cm_foreign(struct rp_cm *cm, struct rdma_cm_event *ev)
{
	const struct sockaddr *from;
	struct rdma_cm_id *id = ev->id;
	char a[64], b[64];

	if (!cm->peer_set || ev->event != RDMA_CM_EVENT_CONNECT_REQUEST)
		return false;
	from = rdma_get_peer_addr(id);
	if (rp_sockaddr_same_host(from, (const struct sockaddr *)&cm->peer))
		return false;
	rp_warn("-R: refused an rdma_cm connection request from %s: the "
		"control connection came from %s (only its host may connect "
		"the QPs)",
		rp_cm_addr_str(from, a, sizeof(a)),
		rp_cm_addr_str((const struct sockaddr *)&cm->peer, b,
			       sizeof(b)));
	rdma_reject(id, NULL, 0);
	rdma_ack_cm_event(ev);
	rdma_destroy_id(id);
	return true;
}

static int rp_cm_fail(enum rdma_cm_event_type want, int ret,
		      const struct rdma_cm_event *ev)
{
	if (ev)
		rp_err("-R: rdma_cm: %s while waiting for %s (status %d%s)",
		       rdma_event_str(ev->event), rdma_event_str(want),
		       ev->status,
		       ev->event == RDMA_CM_EVENT_REJECTED ?
			       ": is the server running with -R on this address?" :
			       "");
	else if (ret == -ETIMEDOUT)
		rp_err("-R: rdma_cm: no %s within the timeout (--timeout)",
		       rdma_event_str(want));
	else if (ret == -EINTR)
		rp_err("-R: interrupted while waiting for %s",
		       rdma_event_str(want));
	else
		rp_err("-R: rdma_get_cm_event: %s", strerror(-ret));
	return ev ? -ECONNREFUSED : ret;
}

/* Wait for event @want (on @id unless NULL) within cm->timeout_ms; fill
 * @got; ack it. Requests from a foreign host are refused on the way. */
static int rp_cm_expect(struct rp_cm *cm, enum rdma_cm_event_type want,
			const struct rdma_cm_id *id, struct rp_cm_got *got)
{
	uint64_t end = rp_now_ns() + (uint64_t)cm->timeout_ms * 1000000ULL;
	struct rdma_cm_event *ev = NULL;
	int ret;

	do {
		ret = rp_cm_next(cm, &ev, end);
		if (ret)
			return rp_cm_fail(want, ret, NULL);
	} while (rp_cm_foreign(cm, ev));
	if (ev->event != want || (id && ev->id != id)) {
		struct rdma_cm_id *extra = NULL;

		ret = rp_cm_fail(want, 0, ev);
		if (ev->event == RDMA_CM_EVENT_CONNECT_REQUEST) {
			extra = ev->id; /* a new id: ours to release */
			rdma_reject(extra, NULL, 0);
		}
		rdma_ack_cm_event(ev);
		if (extra)
			rdma_destroy_id(extra);
		return ret;
	}
	got->id = ev->id;
	got->conn = ev->param.conn;
	got->index = UINT32_MAX;
	if (ev->param.conn.private_data_len >= sizeof(uint32_t))
		memcpy(&got->index, ev->param.conn.private_data,
		       sizeof(uint32_t));
	got->conn.private_data = NULL;
	got->conn.private_data_len = 0;
	rdma_ack_cm_event(ev);
	return 0;
}

static int rp_cm_ids(struct rp_cm *cm, unsigned int n)
{
	cm->ids = calloc(n, sizeof(*cm->ids));
	cm->num_ids = cm->ids ? n : 0;
	return cm->ids ? 0 : -ENOMEM;
}

/* getaddrinfo for rdma_cm (IPv4 or IPv6); NULL @host: any address. */
static int rp_cm_resolve(const char *host, unsigned int port, bool passive,
			 struct addrinfo **res)
{
	struct addrinfo hints = { .ai_family = AF_UNSPEC,
				  .ai_socktype = SOCK_STREAM,
				  .ai_flags = passive ? AI_PASSIVE : 0 };
	char service[16];
	int ret;

	snprintf(service, sizeof(service), "%u", port);
	if (passive && !host)
		hints.ai_family = AF_INET;
	ret = getaddrinfo(host, service, &hints, res);
	if (!ret)
		return 0;
	rp_err("-R: cannot resolve '%s': %s", host ? host : "*",
	       gai_strerror(ret));
	return -EHOSTUNREACH;
}

/*
 * rdma_cm says EADDRNOTAVAIL, not EADDRINUSE, for a port another listener
 * holds (cma_check_port); on the wildcard address that is the only cause.
 */
static void rp_cm_listen_fail(const char *addr, unsigned int port, int ret)
{
	bool busy = ret == -EADDRINUSE || (ret == -EADDRNOTAVAIL && !addr);
	const char *why = busy ? "port in use by another rdma_cm listener" :
				 strerror(-ret);
	const char *hint = "";

	if (busy)
		hint = " (another server running? choose another port with -p)";
	else if (ret == -EADDRNOTAVAIL)
		hint = " (not an RDMA interface address, or the port is in use)";
	rp_err("-R: rdma_cm listen on %s port %u: %s%s", addr ? addr : "*",
	       port, why, hint);
}

/* -T: the type of service of @id (perftest's --tos). */
static int rp_cm_tos(const struct rp_cm *cm, struct rdma_cm_id *id)
{
	uint8_t v = (uint8_t)(cm->tos_plus1 - 1);

	if (!cm->tos_plus1 ||
	    !rdma_set_option(id, RDMA_OPTION_ID, RDMA_OPTION_ID_TOS, &v,
			     sizeof(v)))
		return 0;
	rp_err("-R: -T %u: rdma_set_option TOS: %s", v, strerror(errno));
	return -1;
}

int rp_cm_listen(struct rp_cm *cm, const char *addr, unsigned int port,
		 int timeout_ms)
{
	struct addrinfo *res;
	int ret;

	ret = rp_cm_channel(cm, timeout_ms);
	if (!ret)
		ret = rp_cm_resolve(addr, port, true, &res);
	if (ret)
		return ret;
	ret = rdma_create_id(cm->ch, &cm->listen, NULL, RDMA_PS_TCP);
	if (!ret)
		ret = rp_cm_tos(cm, cm->listen);
	if (!ret)
		ret = rdma_bind_addr(cm->listen, res->ai_addr);
	if (!ret)
		ret = rdma_listen(cm->listen, RP_CM_BACKLOG);
	freeaddrinfo(res);
	if (!ret)
		return 0;
	ret = -errno;
	rp_cm_listen_fail(addr, port, ret);
	return ret;
}

/* -u: rdma_cm's ACK timeout for @id (kernel 5.0 and later). */
static void rp_cm_ack_timeout(struct rdma_cm_id *id, unsigned int t)
{
	uint8_t v = (uint8_t)t;

	if (rdma_set_option(id, RDMA_OPTION_ID, RDMA_OPTION_ID_ACK_TIMEOUT, &v,
			    sizeof(v)) &&
	    t != 14)
		rp_warn("-R: -u %u not applied: rdma_set_option "
			"ACK_TIMEOUT: %s",
			t, strerror(errno));
}

/* After ESTABLISHED: the PSN and path MTU rdma_cm chose, for the header
 * and the address lines. */
static void rp_cm_learn(struct rp_rail *r, unsigned int i)
{
	struct ibv_qp_init_attr ia;
	struct ibv_qp_attr a;

	if (ibv_query_qp(r->qp[i], &a, IBV_QP_SQ_PSN | IBV_QP_PATH_MTU, &ia))
		return;
	r->psn[i] = a.sq_psn & 0xffffff;
	r->mtu = a.path_mtu;
}

static int rp_cm_route(struct rp_cm *cm, struct rdma_cm_id *id,
		       const struct addrinfo *dst, const struct addrinfo *src)
{
	struct rp_cm_got got;
	int ret;

	ret = rdma_resolve_addr(id, src ? src->ai_addr : NULL, dst->ai_addr,
				RP_CM_RESOLVE_MS);
	if (ret) {
		rp_err("-R: rdma_resolve_addr: %s", strerror(errno));
		return -errno;
	}
	ret = rp_cm_expect(cm, RDMA_CM_EVENT_ADDR_RESOLVED, id, &got);
	if (ret)
		return ret;
	if (rdma_resolve_route(id, RP_CM_RESOLVE_MS)) {
		rp_err("-R: rdma_resolve_route: %s", strerror(errno));
		return -errno;
	}
	return rp_cm_expect(cm, RDMA_CM_EVENT_ROUTE_RESOLVED, id, &got);
}

/* Client: the first route decides the rail's device; the rest must agree. */
static int rp_cm_client_rail(struct rdma_cm_id *id, unsigned int i,
			     const struct rp_rail_cfg *cfg, struct rp_rail *r)
{
	if (i == 0) {
		if (cfg->dev &&
		    strcmp(cfg->dev, ibv_get_device_name(id->verbs->device)))
			rp_warn("-R: the address routes through %s, not -d %s "
				"(the address decides, as in perftest)",
				ibv_get_device_name(id->verbs->device),
				cfg->dev);
		return rp_rail_init_ctx(r, cfg, id->verbs, id->port_num,
					id->route.addr.addr.ibaddr.sgid.raw);
	}
	if (id->verbs == r->dev.ctx && id->port_num == r->dev.port)
		return 0;
	rp_err("-R: QP %u routes through %s port %u, QP 0 through %s port %u",
	       i, ibv_get_device_name(id->verbs->device), id->port_num,
	       r->dev.name, r->dev.port);
	return -EXDEV;
}

static int rp_cm_client_qp(struct rp_cm *cm, unsigned int i,
			   const struct addrinfo *dst,
			   const struct addrinfo *src,
			   const struct rp_rail_cfg *cfg, struct rp_rail *r)
{
	struct rdma_conn_param conn = { .retry_count = RP_CM_RETRY,
					.rnr_retry_count = RP_CM_RETRY,
					.private_data = &i,
					.private_data_len = sizeof(i) };
	struct rp_cm_got got;
	int ret;

	if (rdma_create_id(cm->ch, &cm->ids[i], NULL, RDMA_PS_TCP)) {
		rp_err("-R: rdma_create_id: %s", strerror(errno));
		return -errno;
	}
	ret = rp_cm_tos(cm, cm->ids[i]) ? -EINVAL :
					  rp_cm_route(cm, cm->ids[i], dst, src);
	if (!ret)
		ret = rp_cm_client_rail(cm->ids[i], i, cfg, r);
	if (!ret)
		ret = rp_qp_create_cm(r, i, cm->ids[i]);
	if (ret)
		return ret;
	rp_cm_ack_timeout(cm->ids[i], r->qp_timeout);
	conn.responder_resources = conn.initiator_depth = (uint8_t)r->rd_atomic;
	if (rdma_connect(cm->ids[i], &conn)) {
		rp_err("-R: rdma_connect: %s", strerror(errno));
		return -errno;
	}
	ret = rp_cm_expect(cm, RDMA_CM_EVENT_ESTABLISHED, cm->ids[i], &got);
	if (!ret)
		rp_cm_learn(r, i);
	return ret;
}

int rp_cm_client(struct rp_cm *cm, const char *host, unsigned int port,
		 const char *src, const struct rp_rail_cfg *cfg,
		 struct rp_rail *r, int timeout_ms)
{
	struct addrinfo *dst = NULL, *sa = NULL;
	unsigned int i;
	int ret;

	memset(r, 0, sizeof(*r));
	ret = rp_cm_channel(cm, timeout_ms);
	if (!ret)
		ret = rp_cm_ids(cm, cfg->num_qps);
	if (!ret)
		ret = rp_cm_resolve(host, port, false, &dst);
	if (!ret && src)
		ret = rp_cm_resolve(src, 0, true, &sa);
	for (i = 0; !ret && i < cfg->num_qps; i++)
		ret = rp_cm_client_qp(cm, i, dst, sa, cfg, r);
	if (dst)
		freeaddrinfo(dst);
	if (sa)
		freeaddrinfo(sa);
	if (ret)
		rp_rail_fini(r);
	return ret;
}

/* Server: one connection request; the first builds the rail. */
static int rp_cm_accept_one(struct rp_cm *cm, const struct rp_rail_cfg *cfg,
			    struct rp_rail *r, bool first)
{
	struct rdma_conn_param conn = { .retry_count = RP_CM_RETRY,
					.rnr_retry_count = RP_CM_RETRY };
	struct rp_cm_got got, est;
	int ret;

	ret = rp_cm_expect(cm, RDMA_CM_EVENT_CONNECT_REQUEST, NULL, &got);
	if (ret)
		return ret;
	if (got.index >= cm->num_ids || cm->ids[got.index]) {
		rp_err("-R: connection request for QP %u of %u (twice, or "
		       "another client?)",
		       got.index, cm->num_ids);
		rdma_reject(got.id, NULL, 0);
		rdma_destroy_id(got.id);
		return -EPROTO;
	}
	cm->ids[got.index] = got.id;
	if (first)
		ret = rp_rail_init_ctx(r, cfg, got.id->verbs, got.id->port_num,
				       got.id->route.addr.addr.ibaddr.sgid.raw);
	if (!ret)
		ret = rp_qp_create_cm(r, got.index, got.id);
	if (ret) {
		rdma_reject(got.id, NULL, 0); /* the client stops too */
		return ret;
	}
	rp_cm_ack_timeout(got.id, r->qp_timeout);
	conn.responder_resources =
		(uint8_t)(r->rd_atomic < got.conn.initiator_depth ?
				  r->rd_atomic :
				  got.conn.initiator_depth);
	conn.initiator_depth =
		(uint8_t)(r->rd_atomic < got.conn.responder_resources ?
				  r->rd_atomic :
				  got.conn.responder_resources);
	if (rdma_accept(got.id, &conn)) {
		rp_err("-R: rdma_accept: %s", strerror(errno));
		return -errno;
	}
	ret = rp_cm_expect(cm, RDMA_CM_EVENT_ESTABLISHED, got.id, &est);
	if (!ret)
		rp_cm_learn(r, got.index);
	return ret;
}

int rp_cm_server(struct rp_cm *cm, const struct rp_rail_cfg *cfg,
		 struct rp_rail *r, const struct sockaddr *peer,
		 socklen_t peer_len)
{
	unsigned int i;
	int ret;

	memset(r, 0, sizeof(*r));
	cm->peer_set = peer && peer_len && peer_len <= sizeof(cm->peer);
	if (cm->peer_set)
		memcpy(&cm->peer, peer, peer_len);
	ret = rp_cm_ids(cm, cfg->num_qps);
	for (i = 0; !ret && i < cfg->num_qps; i++)
		ret = rp_cm_accept_one(cm, cfg, r, i == 0);
	if (ret)
		rp_rail_fini(r);
	return ret;
}

void rp_cm_fini(struct rp_cm *cm)
{
	unsigned int i;

	for (i = 0; cm->ids && i < cm->num_ids; i++) {
		if (!cm->ids[i])
			continue;
		cm->ids[i]->qp = NULL; /* destroyed with the rail */
		rdma_destroy_id(cm->ids[i]);
	}
	free(cm->ids);
	if (cm->listen)
		rdma_destroy_id(cm->listen);
	if (cm->ch)
		rdma_destroy_event_channel(cm->ch);
	memset(cm, 0, sizeof(*cm));
}
