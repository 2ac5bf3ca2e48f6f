// SPDX-License-Identifier: MIT
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>

#include "verbs/rp_async.h"

int rp_async_nonblock(struct ibv_context *ctx)
{
	int fl = fcntl(ctx->async_fd, F_GETFL);

	if (fl < 0 || fcntl(ctx->async_fd, F_SETFL, fl | O_NONBLOCK) < 0)
		return -errno;
	return 0;
}

int rp_async_poll(struct ibv_context *ctx, struct rp_event *ev)
{
	struct ibv_async_event e;

	if (ibv_get_async_event(ctx, &e)) {
		if (errno == EAGAIN || errno == EWOULDBLOCK)
			return 0;
		return errno ? -errno : -EIO;
	}
	rp_async_describe(&e, ev);
	ibv_ack_async_event(&e);
	return 1;
}

bool rp_async_news(const struct rp_event *ev, bool *down)
{
	bool now;

	if (ev->type == IBV_EVENT_PORT_ACTIVE)
		now = false;
	else if (ev->type == IBV_EVENT_PORT_ERR)
		now = true;
	else
		return true;
	if (*down == now)
		return false;
	*down = now;
	return true;
}

/* The phrase of the events a run watches for; NULL for the others. */
static const char *rp_async_phrase(enum ibv_event_type t)
{
	switch (t) {
	case IBV_EVENT_PORT_ERR: return "port DOWN";
	case IBV_EVENT_PORT_ACTIVE: return "port ACTIVE";
	case IBV_EVENT_GID_CHANGE: return "GID table changed";
	case IBV_EVENT_QP_FATAL: return "QP fatal";
	case IBV_EVENT_QP_REQ_ERR: return "QP request error";
	case IBV_EVENT_QP_ACCESS_ERR: return "QP access error";
	case IBV_EVENT_CQ_ERR: return "CQ error";
	case IBV_EVENT_DEVICE_FATAL: return "device fatal";
	default: return NULL;
	}
}

void rp_async_describe(const struct ibv_async_event *e, struct rp_event *ev)
{
	const char *p = rp_async_phrase(e->event_type);

	memset(ev, 0, sizeof(*ev));
	ev->type = e->event_type;
	switch (e->event_type) {
	case IBV_EVENT_PORT_ERR:
	case IBV_EVENT_PORT_ACTIVE:
	case IBV_EVENT_GID_CHANGE:
	case IBV_EVENT_LID_CHANGE:
	case IBV_EVENT_PKEY_CHANGE:
	case IBV_EVENT_SM_CHANGE:
	case IBV_EVENT_CLIENT_REREGISTER:
		ev->port = (uint32_t)e->element.port_num;
		break;
	case IBV_EVENT_QP_FATAL:
	case IBV_EVENT_QP_REQ_ERR:
	case IBV_EVENT_QP_ACCESS_ERR:
	case IBV_EVENT_COMM_EST:
	case IBV_EVENT_SQ_DRAINED:
	case IBV_EVENT_PATH_MIG:
	case IBV_EVENT_PATH_MIG_ERR:
	case IBV_EVENT_QP_LAST_WQE_REACHED:
		ev->qp_num = e->element.qp ? e->element.qp->qp_num : 0;
		break;
	default: break;
	}
	snprintf(ev->what, sizeof(ev->what), "%s",
		 p ? p : ibv_event_type_str(e->event_type));
}
