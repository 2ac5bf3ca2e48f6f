// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_log.h"
#include "base/rp_signal.h"
#include "base/rp_time.h"
#include "ctrl/rp_exchange.h"

#define RP_PEEK_MS 200 /* wake this often to notice a stop request */

/* Client: send then receive. Server: receive then send. */
static int rp_exchange_raw(struct rp_ctrl *c, bool server, uint16_t type,
			   const void *out, size_t out_len, void *in,
			   size_t cap, size_t *in_len, int timeout_ms)
{
	int ret;

	if (!server) {
		ret = rp_ctrl_send(c, type, out, out_len);
		if (ret)
			return ret;
	}
	ret = rp_ctrl_recv(c, type, in, cap, in_len, timeout_ms);
	if (!ret && server)
		ret = rp_ctrl_send(c, type, out, out_len);
	return ret;
}

int rp_exchange_params(struct rp_ctrl *c, bool server, struct rp_params *local,
		       struct rp_params *remote)
{
	uint8_t out[64], in[64];
	size_t out_len, in_len;
	char why[160];
	int ret;

	out_len = rp_msg_encode_params(out, sizeof(out), local);
	ret = rp_exchange_raw(c, server, RP_MSG_HELLO, out, out_len, in,
			      sizeof(in), &in_len, -1);
	if (ret)
		return ret;
	if (rp_msg_decode_params(in, in_len, remote)) {
		rp_err("malformed HELLO from %s (%zu bytes)", c->peer, in_len);
		return -EBADMSG;
	}
	if (remote->flags & ~RP_PF_KNOWN) {
		rp_err("HELLO from %s has unknown flag bits 0x%04x (another "
		       "railperf version? run the same on both sides)",
		       c->peer, remote->flags & ~RP_PF_KNOWN);
		return -EPROTO;
	}
	/* a passive server without -D follows the client's (both sides
	 * decide it alike, on the server's parameters) */
	rp_params_follow(server ? local : remote, server ? remote : local);
	if (rp_params_mismatch(local, remote, why, sizeof(why))) {
		rp_err("parameter mismatch with %s: %s", c->peer, why);
		return -EPROTO;
	}
	return 0;
}

int rp_exchange_rail(struct rp_ctrl *c, bool server,
		     const struct rp_rail_addr *local,
		     struct rp_rail_addr *remote)
{
	uint8_t *out, *in;
	size_t out_len, in_len;
	int ret = -ENOMEM;

	out = malloc(RP_MSG_MAX_PAYLOAD);
	in = malloc(RP_MSG_MAX_PAYLOAD);
	if (!out || !in)
		goto out;
	out_len = rp_msg_encode_rail(out, RP_MSG_MAX_PAYLOAD, local);
	ret = rp_exchange_raw(c, server, RP_MSG_RAIL, out, out_len, in,
			      RP_MSG_MAX_PAYLOAD, &in_len, -1);
	if (!ret && rp_msg_decode_rail(in, in_len, remote)) {
		rp_err("malformed RAIL message from %s (%zu bytes)", c->peer,
		       in_len);
		ret = -EBADMSG;
	}
out:
	free(out);
	free(in);
	return ret;
}

int rp_exchange_sync(struct rp_ctrl *c, bool server, uint16_t type,
		     int timeout_ms)
{
	size_t len;
	int ret;

	ret = rp_exchange_raw(c, server, type, NULL, 0, NULL, 0, &len,
			      timeout_ms);
	if (!ret && type == RP_MSG_READY)
		c->running = true; /* heartbeats from now on */
	return ret;
}

/* A stop request here ends the run: BYE to the client, then its BYE. */
static int rp_exchange_end_here(struct rp_ctrl *c)
{
	size_t len;
	int ret;

	rp_stop_reset();
	ret = rp_ctrl_send(c, RP_MSG_BYE, NULL, 0);
	return ret ? ret : rp_ctrl_recv(c, RP_MSG_BYE, NULL, 0, &len, -1);
}

static int rp_exchange_wait_fail(struct rp_ctrl *c, int ret)
{
	if (ret == -ETIMEDOUT)
		rp_err("no message from %s for %d s (--timeout)", c->peer,
		       c->timeout_ms / 1000);
	else if (ret == -ECONNRESET)
		rp_err("control connection to %s closed by the peer during "
		       "the run (peer killed or gone?)",
		       c->peer);
	return ret;
}

int rp_exchange_wait_bye(struct rp_ctrl *c)
{
	uint64_t last = rp_now_ns();
	uint64_t silence = (uint64_t)c->timeout_ms * 1000000ULL;
	uint16_t type;
	size_t len;
	int ret;

	for (;;) {
		if (rp_stop_requested())
			return rp_exchange_end_here(c);
		ret = rp_ctrl_peek(c, RP_PEEK_MS, &type);
		if (ret == -ETIMEDOUT || ret == -EINTR) {
			if (rp_now_ns() - last > silence)
				return rp_exchange_wait_fail(c, -ETIMEDOUT);
			continue;
		}
		if (ret)
			return rp_exchange_wait_fail(c, ret);
		if (type != RP_MSG_PROGRESS) /* BYE, or ERROR: said */
			return rp_exchange_sync(c, true, RP_MSG_BYE, -1);
		ret = rp_ctrl_recv(c, RP_MSG_PROGRESS, NULL, 0, &len, -1);
		if (ret)
			return ret;
		last = rp_now_ns();
	}
}

/* Send @rec, a struct rp_result (RESULT) or rp_verdict (VERDICT). */
static int rp_exchange_send_rec(struct rp_ctrl *c, uint16_t type,
				const void *rec)
{
	uint8_t buf[RP_MSG_RESULT_LEN]; /* RESULT's, longer than VERDICT's */
	size_t len = type == RP_MSG_RESULT ?
			     rp_msg_encode_result(buf, sizeof(buf), rec) :
			     rp_msg_encode_verdict(buf, sizeof(buf), rec);

	return rp_ctrl_send(c, type, buf, len);
}

/* Receive a RESULT or VERDICT (@type) into @rec; a malformed one is named. */
static int rp_exchange_recv_rec(struct rp_ctrl *c, uint16_t type, void *rec)
{
	uint8_t buf[RP_MSG_RESULT_LEN];
	size_t len;
	int ret;

	ret = rp_ctrl_recv(c, type, buf, sizeof(buf), &len, -1);
	if (ret)
		return ret;
	ret = type == RP_MSG_RESULT ? rp_msg_decode_result(buf, len, rec) :
				      rp_msg_decode_verdict(buf, len, rec);
	if (ret) {
		rp_err("malformed %s from %s", rp_msg_type_str(type), c->peer);
		return -EBADMSG;
	}
	return 0;
}

int rp_exchange_verdict_send(struct rp_ctrl *c, const struct rp_verdict *v)
{
	return rp_exchange_send_rec(c, RP_MSG_VERDICT, v);
}

int rp_exchange_verdict_recv(struct rp_ctrl *c, struct rp_verdict *v)
{
	return rp_exchange_recv_rec(c, RP_MSG_VERDICT, v);
}

int rp_exchange_result_send(struct rp_ctrl *c, const struct rp_result *r)
{
	return rp_exchange_send_rec(c, RP_MSG_RESULT, r);
}

int rp_exchange_result_recv(struct rp_ctrl *c, struct rp_result *r)
{
	return rp_exchange_recv_rec(c, RP_MSG_RESULT, r);
}

/* Both sides send a record of @type: the client first, then the server. */
static int rp_exchange_swap_rec(struct rp_ctrl *c, bool server, uint16_t type,
				const void *local, void *remote)
{
	int ret;

	if (server) {
		ret = rp_exchange_recv_rec(c, type, remote);
		return ret ? ret : rp_exchange_send_rec(c, type, local);
	}
	ret = rp_exchange_send_rec(c, type, local);
	return ret ? ret : rp_exchange_recv_rec(c, type, remote);
}

int rp_exchange_result_swap(struct rp_ctrl *c, bool server,
			    const struct rp_result *local,
			    struct rp_result *remote)
{
	return rp_exchange_swap_rec(c, server, RP_MSG_RESULT, local, remote);
}

int rp_exchange_verdict_swap(struct rp_ctrl *c, bool server,
			     const struct rp_verdict *local,
			     struct rp_verdict *remote)
{
	return rp_exchange_swap_rec(c, server, RP_MSG_VERDICT, local, remote);
}

/* COUNTS is the only side message the connection keeps (rp_ctrl.h). */
_Static_assert(RP_COUNTS_MAX_LEN <= RP_CTRL_SIDE_MAX,
	       "rp_ctrl keeps a COUNTS whole");

int rp_exchange_counts_send(struct rp_ctrl *c, const struct rp_counts *k)
{
	uint8_t buf[RP_COUNTS_MAX_LEN];

	return rp_ctrl_send(c, RP_MSG_COUNTS, buf,
			    rp_msg_encode_counts(buf, sizeof(buf), k));
}

int rp_exchange_counts_latest(struct rp_ctrl *c, struct rp_counts *k)
{
	int ret = rp_ctrl_poll(c);

	memset(k, 0, sizeof(*k));
	if (ret || c->side_type != RP_MSG_COUNTS || !c->side_len)
		return ret;
	if (rp_msg_decode_counts(c->side, c->side_len, k)) {
		rp_err("protocol error from %s: bad COUNTS of %u bytes",
		       c->peer, c->side_len);
		memset(k, 0, sizeof(*k));
		return -EBADMSG;
	}
	return 0;
}
