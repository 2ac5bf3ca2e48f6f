/* SPDX-License-Identifier: MIT */
/*
 * rp_session.h - the connection of a test between a client and a
 * server, as its plan says: the rails built (each bound as its settings
 * say), the control connection, HELLO (the plan's parameters), RAIL per
 * rail, the QPs moved to RTS, and the READY barrier; then the close.
 * Every binary but rail_cluster_bw opens one. What the session runs is
 * the run skeleton's (rp_run.h); what it decides, the plan's.
 */
#ifndef RP_SESSION_H
#define RP_SESSION_H

#include <stdbool.h>

#include "app/rp_plan.h"
#include "ctrl/rp_ctrl.h"
#include "proto/rp_msg.h"
#include "verbs/rp_cm.h"
#include "verbs/rp_rail.h"

struct rp_session {
	const struct rp_opts *o;
	bool server;
	unsigned int num_rails;
	struct rp_rail rails[RP_MAX_RAILS];
	struct rp_rail_addr *local;  /* [num_rails], heap */
	struct rp_rail_addr *remote; /* [num_rails], heap */
	struct rp_ctrl ctrl;
	struct rp_params params;
	struct rp_cm cm;		   /* -R only */
	unsigned int health[RP_MAX_RAILS]; /* each rail's health before the
					    * run: rp_health_kind bits */
	char devices[RP_MAX_RAILS * IBV_SYSFS_NAME_MAX]; /* "rxe0,rxe1" */
};

/*
 * rp_session_open - bring up @num_rails rails from @cfg[] (complete
 * settings: the plan's, rp_plan_rail's for a list), then (server) print
 * the waiting banner (to p->text), listen on -p and accept one client or
 * (client) connect to the host, exchange the plan's parameters and the
 * rails' addressing, connect every QP and pass the READY barrier. With
 * -R (one rail) the QPs are connected through rdma_cm instead, on the
 * device the address routes to (rp_cm.h). On failure the peer is told
 * (ERROR) when the connection is up, everything is released, and -errno
 * is returned (the cause printed once). @s is caller-owned; close with
 * rp_session_close() after success only.
 */
int rp_session_open(struct rp_session *s, const struct rp_plan *p,
		    const struct rp_rail_cfg *cfg, unsigned int num_rails);

/*
 * rp_session_mtu_mismatch - when the netdev MTUs of a rail's two ends
 * (RAIL's ndev_mtu, @local's of netdev @ndev and @remote's) are both
 * known and differ, one line into @msg: both MTUs, the RoCE path MTU the
 * smaller allows (rp_roce_active_mtu) and that IP packets above it are
 * dropped. Returns true then, false otherwise (@msg untouched).
 */
bool rp_session_mtu_mismatch(const struct rp_rail_addr *local,
			     const struct rp_rail_addr *remote,
			     const char *ndev, char *msg, size_t len);

/* rp_session_close - close the connection and release every rail. */
void rp_session_close(struct rp_session *s);

/*
 * rp_session_run_failed - this side's measurement failed: tell the peer
 * "the client's (server's) run failed (see its output)", or that a stop
 * request ended it (@err -EINTR: RP_CTRL_INTERRUPTED); returns @err.
 */
int rp_session_run_failed(struct rp_session *s, int err);

#endif /* RP_SESSION_H */
