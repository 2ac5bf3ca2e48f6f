// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdlib.h>

#include "rp_log.h"
#include "rp_xchg.h"

/* Client: send then receive. Server: receive then send. */
static int rp_xchg_raw(struct rp_ctrl *c, bool server, uint16_t type,
		       const void *out, size_t out_len, void *in, size_t cap,
		       size_t *in_len, int timeout_ms)
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

int rp_xchg_params(struct rp_ctrl *c, bool server, const struct rp_params *local,
		   struct rp_params *remote)
{
	uint8_t out[64], in[64];
	size_t out_len, in_len;
	char why[160];
	int ret;

	out_len = rp_msg_encode_params(out, sizeof(out), local);
	ret = rp_xchg_raw(c, server, RP_MSG_HELLO, out, out_len, in,
			  sizeof(in), &in_len, -1);
	if (ret)
		return ret;
	if (rp_msg_decode_params(in, in_len, remote)) {
		rp_err("malformed HELLO from %s (%zu bytes)", c->peer, in_len);
		return -EBADMSG;
	}
	if (rp_params_mismatch(local, remote, why, sizeof(why))) {
		rp_err("parameter mismatch with %s: %s", c->peer, why);
		return -EPROTO;
	}
	return 0;
}

int rp_xchg_rail(struct rp_ctrl *c, bool server,
		 const struct rp_rail_addr *local, struct rp_rail_addr *remote)
{
	uint8_t *out, *in;
	size_t out_len, in_len;
	int ret = -ENOMEM;

	out = malloc(RP_MSG_MAX_PAYLOAD);
	in = malloc(RP_MSG_MAX_PAYLOAD);
	if (!out || !in)
		goto out;
	out_len = rp_msg_encode_rail(out, RP_MSG_MAX_PAYLOAD, local);
	ret = rp_xchg_raw(c, server, RP_MSG_RAIL, out, out_len, in,
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

int rp_xchg_sync(struct rp_ctrl *c, bool server, uint16_t type, int timeout_ms)
{
	size_t len;

	return rp_xchg_raw(c, server, type, NULL, 0, NULL, 0, &len,
			   timeout_ms);
}
