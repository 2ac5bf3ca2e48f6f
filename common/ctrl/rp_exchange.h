/* SPDX-License-Identifier: MIT */
/*
 * rp_exchange.h - the steps of a railperf session over the control connection.
 * The client always sends first and the server answers, so both sides see
 * the same sequence: HELLO (parameters), RAIL (addressing, one per rail),
 * READY (barrier), then test-specific messages (RESULT, VERDICT; during a
 * -b --interval run each side's COUNTS), then BYE.
 */
#ifndef RP_EXCHANGE_H
#define RP_EXCHANGE_H

#include <stdbool.h>

#include "ctrl/rp_ctrl.h"
#include "proto/rp_msg.h"
#include "proto/rp_proto.h"

/*
 * rp_exchange_params - exchange HELLO and compare. A passive server given
 * no -D follows the client's -D and -n first (rp_params_follow: on the
 * server @local takes them, so the caller runs with them; on the client
 * @remote). A mismatch is reported on both sides with the field named
 * ("size: local 65536, remote 4096") and returns -EPROTO, as do flag bits
 * this version does not know. Returns 0 or -errno.
 */
int rp_exchange_params(struct rp_ctrl *c, bool server, struct rp_params *local,
		       struct rp_params *remote);

/* rp_exchange_rail - exchange one RAIL message. Returns 0 or -errno. */
int rp_exchange_rail(struct rp_ctrl *c, bool server,
		     const struct rp_rail_addr *local,
		     struct rp_rail_addr *remote);

/*
 * rp_exchange_sync - a barrier: exchange an empty message of @type (READY,
 * BYE), waiting at most @timeout_ms (< 0: the connection's timeout).
 * After READY the run has started: c->running, PROGRESS accepted.
 */
int rp_exchange_sync(struct rp_ctrl *c, bool server, uint16_t type,
		     int timeout_ms);

/*
 * rp_exchange_wait_bye - the server's wait in a run that ends when someone
 * stops it (--run_infinitely): the client's heartbeats keep the wait alive
 * until its BYE, answered with BYE. A stop request (SIGINT) here ends the
 * run from this side instead: BYE to the client, which stops, drains and
 * answers BYE. Returns 0, or -errno with one line printed (the client
 * gone, silent for the timeout, or its ERROR).
 */
int rp_exchange_wait_bye(struct rp_ctrl *c);

/*
 * rp_exchange_verdict_send - send --validate's outcome @v (VERDICT) to the
 * peer; the side that checked the data sends it. Returns 0 or -errno.
 */
int rp_exchange_verdict_send(struct rp_ctrl *c, const struct rp_verdict *v);

/*
 * rp_exchange_verdict_recv - receive the peer's VERDICT into @v (heartbeats
 * skipped, within the connection's timeout). Returns 0 whatever v->ok
 * says, -EBADMSG with one line printed for a malformed message, or the
 * receive's -errno.
 */
int rp_exchange_verdict_recv(struct rp_ctrl *c, struct rp_verdict *v);

/*
 * rp_exchange_result_send - send one result row @r (RESULT): the client's
 * measurement, which the server prints as its own row. Returns 0 or
 * -errno.
 */
int rp_exchange_result_send(struct rp_ctrl *c, const struct rp_result *r);

/*
 * rp_exchange_result_recv - receive the peer's RESULT into @r (heartbeats
 * skipped, within the connection's timeout). Returns 0, -EBADMSG with one
 * line printed for a malformed message, or the receive's -errno.
 */
int rp_exchange_result_recv(struct rp_ctrl *c, struct rp_result *r);

/*
 * rp_exchange_result_swap - -b: both sides measured; the client sends its
 * RESULT @local first, the server answers with its own; the peer's lands
 * in @remote. Returns 0, -EBADMSG (one line) or the -errno of the
 * transfer.
 */
int rp_exchange_result_swap(struct rp_ctrl *c, bool server,
			    const struct rp_result *local,
			    struct rp_result *remote);

/*
 * rp_exchange_verdict_swap - -b --validate: both sides checked what arrived;
 * the client's VERDICT @local first, then the server's; the peer's in
 * @remote. Returns 0 whatever the verdicts say, or -errno.
 */
int rp_exchange_verdict_swap(struct rp_ctrl *c, bool server,
			     const struct rp_verdict *local,
			     struct rp_verdict *remote);

/*
 * rp_exchange_counts_send - -b --interval: this side's tick, what it has
 * sent so far per rail (COUNTS), to the peer, whose receive direction it
 * is (RDMA WRITE leaves no trace at the target). Returns 0 or -errno.
 */
int rp_exchange_counts_send(struct rp_ctrl *c, const struct rp_counts *k);

/*
 * rp_exchange_counts_latest - during the run, without waiting: take what
 * the peer sent (rp_ctrl_poll) and its latest COUNTS into @k (k->seq 0:
 * none yet). Returns 0; -EBADMSG with one line for a malformed one; or
 * the poll's -errno (the peer gave up or went).
 */
int rp_exchange_counts_latest(struct rp_ctrl *c, struct rp_counts *k);

#endif /* RP_EXCHANGE_H */
