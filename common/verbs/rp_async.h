/* SPDX-License-Identifier: MIT */
/*
 * rp_async.h - a device's asynchronous events during a run (port down and
 * up, GID table change, QP and CQ errors, device fatal), read without
 * blocking from the context's async fd by a thread that is not on the hot
 * path, and described in one short phrase each.
 */
#ifndef RP_ASYNC_H
#define RP_ASYNC_H

#include <stdbool.h>
#include <stdint.h>
#include <infiniband/verbs.h>

struct rp_event {
	int type;	 /* enum ibv_event_type; < 0: the app's own (netlink) */
	uint32_t port;	 /* port events: the port, else 0 */
	uint32_t qp_num; /* QP events: the QP's number, else 0 */
	char what[80];	 /* "port DOWN", "GID table changed", "QP fatal" */
};

/*
 * rp_async_nonblock - make @ctx's async fd non-blocking, so that
 * rp_async_poll never waits. Returns 0 or -errno (fcntl).
 */
int rp_async_nonblock(struct ibv_context *ctx);

/*
 * rp_async_poll - one pending event of @ctx (after rp_async_nonblock) into
 * @ev, acknowledged (ibv_ack_async_event) before it returns. Returns 1
 * with an event, 0 when none is pending, -errno on a read error.
 */
int rp_async_poll(struct ibv_context *ctx, struct rp_event *ev);

/*
 * rp_async_describe - @e as struct rp_event: its type, the port or QP it
 * names (the element of struct ibv_async_event its type uses, as in
 * libibverbs' ibv_get_async_event(3)) and a short phrase: "port DOWN"
 * (IBV_EVENT_PORT_ERR), "port ACTIVE", "GID table changed", "QP fatal",
 * "QP request error", "QP access error", "CQ error", "device fatal", else
 * ibv_event_type_str()'s name.
 */
void rp_async_describe(const struct ibv_async_event *e, struct rp_event *ev);

/*
 * rp_async_news - whether event @ev tells something new about a port
 * last seen as *@down (true: DOWN): a PORT_ERR of a port that was up or a
 * PORT_ACTIVE of one that was down is news, and *@down follows it; a
 * PORT_ACTIVE of a port that was up, or a PORT_ERR of one that was down,
 * reports the state the port already had and is not (Soft-RoCE queues a
 * PORT_ACTIVE as a run starts). Any other event is news, *@down unchanged.
 */
bool rp_async_news(const struct rp_event *ev, bool *down);

#endif /* RP_ASYNC_H */
