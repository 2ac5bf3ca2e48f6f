/* SPDX-License-Identifier: MIT */
/*
 * rp_cm.h - -R: a rail's QPs connected through librdmacm (rdma_cm).
 *
 * As in perftest, the address decides: the client resolves the server's
 * address (from --bind_source_ip when given) and the rail is built on the
 * device and port rdma_cm routes to, with the GID of that route; the
 * server builds it on the device the first connection request came in on.
 * One rdma_cm_id per QP, connected one after the other with its index as
 * private data, so QP i meets QP i. rdma_cm moves the QPs to RTS (path
 * MTU from the route, -u through RDMA_OPTION_ID_ACK_TIMEOUT). railperf's
 * control messages still use the TCP connection on -p; rdma_cm listens on
 * the same port number in its own port space.
 */
#ifndef RP_CM_H
#define RP_CM_H

#include <stdbool.h>
#include <sys/socket.h>
#include <rdma/rdma_cma.h>

#include "verbs/rp_rail.h"

struct rp_cm {
	struct rdma_event_channel *ch;
	struct rdma_cm_id *listen; /* server */
	struct rdma_cm_id **ids;   /* [num_qps], one per QP */
	unsigned int num_ids;
	int timeout_ms; /* each wait for an event */
	/* -T: type of service set on each id (rdma_set_option TOS) before
	 * it resolves or listens; 0 in a zeroed struct = kernel default
	 * (the caller stores tos + 1, so that 0 means "not given"). */
	int tos_plus1;
	/* server: the control connection's peer; a connection request
	 * from another address is refused (rdma_reject) and waited past */
	struct sockaddr_storage peer;
	bool peer_set;
};

/*
 * rp_cm_listen - server: listen for rdma_cm connections on @addr (NULL:
 * every address) port @port; call before the client may connect. @cm is
 * caller-owned and zeroed. Returns 0 or -errno (one line printed).
 */
int rp_cm_listen(struct rp_cm *cm, const char *addr, unsigned int port,
		 int timeout_ms);

/*
 * rp_cm_client - resolve @host port @port (from @src when not NULL), build
 * rail @r from @cfg on the routed device, then create and connect its
 * cfg->num_qps QPs. Returns 0 or -errno (one line printed); @r is
 * released on failure.
 */
int rp_cm_client(struct rp_cm *cm, const char *host, unsigned int port,
		 const char *src, const struct rp_rail_cfg *cfg,
		 struct rp_rail *r, int timeout_ms);

/*
 * rp_cm_server - accept cfg->num_qps connections from the host at @peer
 * (the control connection's peer, @peer_len bytes; NULL: any): the first
 * request's device carries rail @r (built from @cfg), each QP is created
 * on its connection. A request from another address is rejected with a
 * warning naming both addresses and does not count; the wait for each
 * QP stays bounded by the timeout. Returns 0 or -errno (one line
 * printed); @r is released on failure.
 */
int rp_cm_server(struct rp_cm *cm, const struct rp_rail_cfg *cfg,
		 struct rp_rail *r, const struct sockaddr *peer,
		 socklen_t peer_len);

/*
 * rp_cm_fini - destroy the ids and the channel; after rp_rail_fini() of
 * the rail whose QPs they carry. Safe on a zeroed or partial @cm.
 */
void rp_cm_fini(struct rp_cm *cm);

#endif /* RP_CM_H */
