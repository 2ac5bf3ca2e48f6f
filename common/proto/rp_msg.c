// SPDX-License-Identifier: MIT
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "base/rp_text.h"
#include "proto/rp_msg.h"
#include "proto/rp_wire.h"

#define RP_NDEV_MTU_MAX 65536 /* the largest netdev MTU (lo's) */
/* the latency probe's entry: a QP's and its READs in flight (u32) */
#define RP_PROBE_ADDR_LEN (RP_MSG_RAIL_QP_LEN + 4)
#define RP_PARAMS_LEN 32
#define RP_RESULT_LEN RP_MSG_RESULT_LEN
#define RP_VERDICT_LEN 22

static const char *const rp_msg_names[] = {
	[RP_MSG_HELLO] = "HELLO",     [RP_MSG_RAIL] = "RAIL",
	[RP_MSG_READY] = "READY",     [RP_MSG_RESULT] = "RESULT",
	[RP_MSG_VERDICT] = "VERDICT", [RP_MSG_BYE] = "BYE",
	[RP_MSG_ERROR] = "ERROR",     [RP_MSG_PROGRESS] = "PROGRESS",
	[RP_MSG_COUNTS] = "COUNTS",
};

const char *rp_msg_type_str(unsigned int type)
{
	if (type == 0 || type > RP_MSG_TYPE_MAX)
		return "?";
	return rp_msg_names[type];
}

void rp_msg_hdr_encode(uint8_t out[RP_MSG_HDR_LEN], uint16_t type, uint32_t len)
{
	struct rp_wbuf w = { .p = out, .cap = RP_MSG_HDR_LEN };

	rp_put_u32(&w, RP_MSG_MAGIC);
	rp_put_u16(&w, RP_PROTO_VERSION);
	rp_put_u16(&w, type);
	rp_put_u32(&w, len);
}

/* Show foreign bytes the way a person recognises them ("GET / HT"). */
static void rp_printable(const uint8_t *in, size_t n, char *out)
{
	size_t i;

	for (i = 0; i < n; i++)
		out[i] = isprint(in[i]) ? (char)in[i] : '.';
	out[n] = '\0';
}

int rp_msg_hdr_decode(const uint8_t in[RP_MSG_HDR_LEN], struct rp_msg_hdr *h,
		      char *err, size_t err_len)
{
	struct rp_rbuf r = { .p = in, .len = RP_MSG_HDR_LEN };
	char text[RP_MSG_HDR_LEN + 1];

	h->magic = rp_get_u32(&r);
	h->version = rp_get_u16(&r);
	h->type = rp_get_u16(&r);
	h->len = rp_get_u32(&r);
	if (h->magic != RP_MSG_MAGIC) {
		rp_printable(in, RP_MSG_HDR_LEN, text);
		snprintf(err, err_len, "not a railperf peer: received \"%s\"",
			 text);
		return -EBADMSG;
	}
	if (h->version != RP_PROTO_VERSION) {
		snprintf(err, err_len,
			 "peer speaks railperf control protocol "
			 "%u, this build speaks %u",
			 h->version, RP_PROTO_VERSION);
		return -EPROTONOSUPPORT;
	}
	if (h->type == 0 || h->type > RP_MSG_TYPE_MAX) {
		snprintf(err, err_len, "unknown message type %u", h->type);
		return -EBADMSG;
	}
	if (h->len > RP_MSG_MAX_PAYLOAD) {
		snprintf(err, err_len,
			 "%s message of %u bytes exceeds the "
			 "limit of %u",
			 rp_msg_type_str(h->type), h->len, RP_MSG_MAX_PAYLOAD);
		return -EBADMSG;
	}
	return 0;
}

size_t rp_msg_encode_params(uint8_t *out, size_t cap, const struct rp_params *p)
{
	struct rp_wbuf w = { .p = out, .cap = cap };

	rp_put_u16(&w, p->test);
	rp_put_u16(&w, p->flags);
	rp_put_u64(&w, p->size);
	rp_put_u64(&w, p->iters);
	rp_put_u32(&w, p->duration);
	rp_put_u32(&w, p->num_qps);
	rp_put_u32(&w, p->num_rails);
	return w.overflow ? 0 : w.len;
}

int rp_msg_decode_params(const uint8_t *in, size_t len, struct rp_params *p)
{
	struct rp_rbuf r = { .p = in, .len = len };

	if (len != RP_PARAMS_LEN)
		return -EBADMSG;
	p->test = rp_get_u16(&r);
	p->flags = rp_get_u16(&r);
	p->size = rp_get_u64(&r);
	p->iters = rp_get_u64(&r);
	p->duration = rp_get_u32(&r);
	p->num_qps = rp_get_u32(&r);
	p->num_rails = rp_get_u32(&r);
	if (r.underflow || p->test < RP_TEST_WRITE_BW ||
	    p->test > RP_TEST_ATOMIC_LAT || p->num_qps < 1 ||
	    p->num_qps > RP_MAX_QPS || p->num_rails < 1 ||
	    p->num_rails > RP_MAX_RAILS || !p->size || !p->iters)
		return -EBADMSG;
	return 0;
}

/* One QP's entry of RAIL: qpn, psn, rkey (u32), addr, len (u64). */
static void rp_put_qp_addr(struct rp_wbuf *w, const struct rp_qp_addr *q)
{
	rp_put_u32(w, q->qpn);
	rp_put_u32(w, q->psn);
	rp_put_u32(w, q->rkey);
	rp_put_u64(w, q->addr);
	rp_put_u64(w, q->len);
}

static void rp_get_qp_addr(struct rp_rbuf *r, struct rp_qp_addr *q)
{
	q->qpn = rp_get_u32(r);
	q->psn = rp_get_u32(r);
	q->rkey = rp_get_u32(r);
	q->addr = rp_get_u64(r);
	q->len = rp_get_u64(r);
}

size_t rp_msg_encode_rail(uint8_t *out, size_t cap,
			  const struct rp_rail_addr *a)
{
	struct rp_wbuf w = { .p = out, .cap = cap };
	uint32_t i;

	if (a->num_qps > RP_MAX_QPS || a->num_probe > 1)
		return 0;
	rp_put_u16(&w, a->lid);
	rp_put_u8(&w, a->link_layer);
	rp_put_u8(&w, a->gid_type);
	rp_put_u32(&w, (uint32_t)a->gid_index);
	rp_put_bytes(&w, a->gid, sizeof(a->gid));
	rp_put_u32(&w, a->mtu);
	rp_put_u32(&w, a->rd_atomic);
	rp_put_u64(&w, a->nic_guid);
	rp_put_bytes(&w, a->phys_port, sizeof(a->phys_port));
	rp_put_u32(&w, a->ndev_mtu);
	rp_put_u32(&w, a->num_qps);
	for (i = 0; i < a->num_qps; i++)
		rp_put_qp_addr(&w, &a->qp[i]);
	if (a->num_probe) { /* the latency probe's QP, last */
		rp_put_qp_addr(&w, &a->probe);
		rp_put_u32(&w, a->probe_rd_atomic);
	}
	return w.overflow ? 0 : w.len;
}

static int rp_msg_check_rail(const struct rp_rail_addr *a)
{
	uint32_t i;

	if (a->gid_index < -1 || a->gid_index > 255 || a->gid_type > 2)
		return -EBADMSG;
	if (!memchr(a->phys_port, '\0', sizeof(a->phys_port)) ||
	    a->ndev_mtu > RP_NDEV_MTU_MAX)
		return -EBADMSG;
	if (a->link_layer != RP_LINK_LAYER_IB &&
	    a->link_layer != RP_LINK_LAYER_ETH)
		return -EBADMSG;
	for (i = 0; i < a->num_qps; i++)
		if (a->qp[i].qpn > 0xffffff || a->qp[i].psn > 0xffffff)
			return -EBADMSG;
	if (a->num_probe &&
	    (a->probe.qpn > 0xffffff || a->probe.psn > 0xffffff ||
	     !a->probe_rd_atomic || a->probe_rd_atomic > 255))
		return -EBADMSG;
	return 0;
}

int rp_msg_decode_rail(const uint8_t *in, size_t len, struct rp_rail_addr *a)
{
	struct rp_rbuf r = { .p = in, .len = len };
	uint32_t i, mtu;
	size_t qps;

	if (len < RP_MSG_RAIL_FIXED_LEN)
		return -EBADMSG;
	a->lid = rp_get_u16(&r);
	a->link_layer = rp_get_u8(&r);
	a->gid_type = rp_get_u8(&r);
	a->gid_index = (int32_t)rp_get_u32(&r);
	rp_get_bytes(&r, a->gid, sizeof(a->gid));
	mtu = rp_get_u32(&r);
	a->rd_atomic = rp_get_u32(&r);
	a->nic_guid = rp_get_u64(&r);
	rp_get_bytes(&r, a->phys_port, sizeof(a->phys_port));
	a->ndev_mtu = rp_get_u32(&r);
	a->num_qps = rp_get_u32(&r);
	if (mtu < RP_WIRE_MTU_MIN || mtu > RP_WIRE_MTU_MAX)
		return -EBADMSG;
	a->mtu = (uint8_t)mtu;
	if (a->num_qps < 1 || a->num_qps > RP_MAX_QPS)
		return -EBADMSG;
	/* the QPs' entries, and the probe QP's when the sender has one */
	qps = RP_MSG_RAIL_FIXED_LEN + (size_t)a->num_qps * RP_MSG_RAIL_QP_LEN;
	if (len != qps && len != qps + RP_PROBE_ADDR_LEN)
		return -EBADMSG;
	for (i = 0; i < a->num_qps; i++)
		rp_get_qp_addr(&r, &a->qp[i]);
	a->num_probe = len > qps;
	memset(&a->probe, 0, sizeof(a->probe));
	a->probe_rd_atomic = 0;
	if (a->num_probe) {
		rp_get_qp_addr(&r, &a->probe);
		a->probe_rd_atomic = rp_get_u32(&r);
	}
	if (r.underflow || rp_msg_check_rail(a))
		return -EBADMSG;
	rp_text_clean(a->phys_port, sizeof(a->phys_port)); /* printed */
	return 0;
}

size_t rp_msg_encode_result(uint8_t *out, size_t cap,
			    const struct rp_result *res)
{
	struct rp_wbuf w = { .p = out, .cap = cap };
	char why[RP_FAIL_WHY_LEN] = { 0 };

	/* the reason up to its NUL, the rest zeros: no stray bytes sent */
	memcpy(why, res->fail.why, strnlen(res->fail.why, sizeof(why) - 1));
	rp_put_u64(&w, res->size);
	rp_put_u64(&w, res->iters);
	rp_put_f64(&w, res->bw_peak);
	rp_put_f64(&w, res->bw_avg);
	rp_put_f64(&w, res->msg_rate);
	rp_put_u64(&w, res->cpu.user_ns);
	rp_put_u64(&w, res->cpu.sys_ns);
	rp_put_u64(&w, res->cpu.wall_ns);
	rp_put_u64(&w, res->cpu.bytes);
	rp_put_u32(&w, res->fail.failed);
	rp_put_u64(&w, res->fail.at_ns);
	rp_put_bytes(&w, why, sizeof(why));
	return w.overflow ? 0 : w.len;
}

/* @f (@len bytes) holds a string and only NULs after it. */
static bool rp_msg_nul_padded(const char *f, size_t len)
{
	const char *nul = memchr(f, 0, len);
	size_t i;

	if (!nul)
		return false;
	for (i = (size_t)(nul - f); i < len; i++)
		if (f[i])
			return false;
	return true;
}

int rp_msg_decode_result(const uint8_t *in, size_t len, struct rp_result *res)
{
	struct rp_rbuf r = { .p = in, .len = len };

	if (len != RP_RESULT_LEN)
		return -EBADMSG;
	res->size = rp_get_u64(&r);
	res->iters = rp_get_u64(&r);
	res->bw_peak = rp_get_f64(&r);
	res->bw_avg = rp_get_f64(&r);
	res->msg_rate = rp_get_f64(&r);
	res->cpu.user_ns = rp_get_u64(&r);
	res->cpu.sys_ns = rp_get_u64(&r);
	res->cpu.wall_ns = rp_get_u64(&r);
	res->cpu.bytes = rp_get_u64(&r);
	res->fail.failed = rp_get_u32(&r);
	res->fail.at_ns = rp_get_u64(&r);
	rp_get_bytes(&r, res->fail.why, sizeof(res->fail.why));
	/* a flag is 0 or 1; the reason ends within its field, NUL-padded
	 * as rp_msg_encode_result writes it (one encoding per value) */
	if (res->fail.failed > 1 ||
	    !rp_msg_nul_padded(res->fail.why, sizeof(res->fail.why)))
		return -EBADMSG;
	/* the peer's text is printed: data, never terminal control */
	rp_text_clean(res->fail.why, sizeof(res->fail.why));
	/* NaN and infinities are not numbers a row may print. */
	if (r.underflow || !(res->bw_peak >= 0 && res->bw_peak < 1e15) ||
	    !(res->bw_avg >= 0 && res->bw_avg < 1e15) ||
	    !(res->msg_rate >= 0 && res->msg_rate < 1e15))
		return -EBADMSG;
	return 0;
}

size_t rp_msg_encode_verdict(uint8_t *out, size_t cap,
			     const struct rp_verdict *v)
{
	struct rp_wbuf w = { .p = out, .cap = cap };

	rp_put_u32(&w, v->ok);
	rp_put_u32(&w, v->rail);
	rp_put_u32(&w, v->qp);
	rp_put_u64(&w, v->offset);
	rp_put_u8(&w, v->expected);
	rp_put_u8(&w, v->got);
	return w.overflow ? 0 : w.len;
}

int rp_msg_decode_verdict(const uint8_t *in, size_t len, struct rp_verdict *v)
{
	struct rp_rbuf r = { .p = in, .len = len };

	if (len != RP_VERDICT_LEN)
		return -EBADMSG;
	v->ok = rp_get_u32(&r);
	v->rail = rp_get_u32(&r);
	v->qp = rp_get_u32(&r);
	v->offset = rp_get_u64(&r);
	v->expected = rp_get_u8(&r);
	v->got = rp_get_u8(&r);
	return (r.underflow || v->ok > 1) ? -EBADMSG : 0;
}

size_t rp_msg_encode_counts(uint8_t *out, size_t cap, const struct rp_counts *c)
{
	struct rp_wbuf w = { .p = out, .cap = cap };
	uint32_t i;

	if (c->n > RP_MAX_RAILS)
		return 0;
	rp_put_u32(&w, c->seq);
	rp_put_u32(&w, c->n);
	for (i = 0; i < c->n; i++)
		rp_put_u64(&w, c->done[i]);
	return w.overflow ? 0 : w.len;
}

int rp_msg_decode_counts(const uint8_t *in, size_t len, struct rp_counts *c)
{
	struct rp_rbuf r = { .p = in, .len = len };
	uint32_t i;

	if (len < 16 || len > RP_COUNTS_MAX_LEN || len % 8)
		return -EBADMSG;
	c->seq = rp_get_u32(&r);
	c->n = rp_get_u32(&r);
	if (c->n < 1 || c->n > RP_MAX_RAILS || len != 8 + 8 * (size_t)c->n)
		return -EBADMSG;
	for (i = 0; i < c->n; i++)
		c->done[i] = rp_get_u64(&r);
	return r.underflow ? -EBADMSG : 0;
}

void rp_msg_decode_error(const uint8_t *in, size_t len, char *text,
			 size_t text_len)
{
	size_t i, n = len < RP_MSG_ERROR_MAX ? len : RP_MSG_ERROR_MAX;

	if (!text_len)
		return;
	if (n > text_len - 1)
		n = text_len - 1;
	memcpy(text, in, n);
	text[n] = '\0';
	for (i = 0; i < n; i++) /* a NUL in it is not its end */
		if (!text[i])
			text[i] = '?';
	rp_text_clean(text, n + 1);
}

static const char *rp_test_str(unsigned int t)
{
	switch (t) {
	case RP_TEST_WRITE_BW: return "rail_write_bw";
	case RP_TEST_READ_LAT: return "rail_read_lat";
	case RP_TEST_MULTI_BW: return "rail_multi_bw";
	case RP_TEST_WRITE_LAT: return "rail_write_lat";
	case RP_TEST_READ_BW: return "rail_read_bw";
	case RP_TEST_SEND_BW: return "rail_send_bw";
	case RP_TEST_SEND_LAT: return "rail_send_lat";
	case RP_TEST_ATOMIC_BW: return "rail_atomic_bw";
	case RP_TEST_ATOMIC_LAT: return "rail_atomic_lat";
	}
	return "unknown";
}

#define RP_CMP(field, name) \
	do { \
		if (l->field != r->field) { \
			snprintf(msg, len, name ": local %llu, remote %llu", \
				 (unsigned long long)l->field, \
				 (unsigned long long)r->field); \
			return true; \
		} \
	} while (0)

/* The on/off flags beyond -a and --validate, by name. */
static bool rp_params_flag_mismatch(const struct rp_params *l,
				    const struct rp_params *r, char *msg,
				    size_t len)
{
	static const struct {
		uint16_t bit;
		const char *name;
	} f[] = {
		{ RP_PF_INFINITE, "--run_infinitely" },
		{ RP_PF_RDMA_CM, "-R (rdma_cm)" },
		{ RP_PF_BIDIR, "-b (bidirectional)" },
		{ RP_PF_READ, "the READ verb (--verb=read)" },
		{ RP_PF_SEND, "the SEND verb (--verb=send)" },
		{ RP_PF_IMM, "--write_with_imm" },
		{ RP_PF_FETCH_ADD, "FETCH_AND_ADD atomics (-A)" },
		{ RP_PF_CMP_SWAP, "CMP_AND_SWAP atomics (-A)" },
		{ RP_PF_PROBE_READ, "--lat_probe=read" },
		{ RP_PF_PROBE_WRITE, "--lat_probe=write" },
	};
	size_t i;

	for (i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		if (!((l->flags ^ r->flags) & f[i].bit))
			continue;
		snprintf(msg, len, "%s: local %s, remote %s", f[i].name,
			 l->flags & f[i].bit ? "on" : "off",
			 r->flags & f[i].bit ? "on" : "off");
		return true;
	}
	return false;
}

bool rp_params_passive_server(const struct rp_params *server)
{
	const uint16_t both = RP_PF_BIDIR | RP_PF_SEND | RP_PF_IMM |
			      RP_PF_INFINITE;

	if (server->test == RP_TEST_READ_LAT ||
	    server->test == RP_TEST_ATOMIC_LAT)
		return !(server->flags & RP_PF_INFINITE);
	return (server->test == RP_TEST_WRITE_BW ||
		server->test == RP_TEST_READ_BW ||
		server->test == RP_TEST_ATOMIC_BW ||
		server->test == RP_TEST_MULTI_BW) &&
	       !(server->flags & both);
}

bool rp_params_follow(struct rp_params *server, const struct rp_params *client)
{
	if (!rp_params_passive_server(server) || server->duration ||
	    !client->duration)
		return false;
	server->duration = client->duration;
	server->iters = client->iters;
	return true;
}

bool rp_params_mismatch(const struct rp_params *l, const struct rp_params *r,
			char *msg, size_t len)
{
	if (l->test != r->test) {
		snprintf(msg, len, "test: local %s, remote %s",
			 rp_test_str(l->test), rp_test_str(r->test));
		return true;
	}
	RP_CMP(num_rails, "rail count");
	if ((l->flags ^ r->flags) & RP_PF_ALL_SIZES) {
		snprintf(msg, len, "-a (all sizes): local %s, remote %s",
			 l->flags & RP_PF_ALL_SIZES ? "on" : "off",
			 r->flags & RP_PF_ALL_SIZES ? "on" : "off");
		return true;
	}
	if (!(l->flags & RP_PF_ALL_SIZES))
		RP_CMP(size, "size");
	RP_CMP(iters, "iterations");
	RP_CMP(duration, "duration");
	RP_CMP(num_qps, "number of QPs");
	if ((l->flags ^ r->flags) & RP_PF_VALIDATE) {
		snprintf(msg, len, "--validate: local %s, remote %s",
			 l->flags & RP_PF_VALIDATE ? "on" : "off",
			 r->flags & RP_PF_VALIDATE ? "on" : "off");
		return true;
	}
	return rp_params_flag_mismatch(l, r, msg, len);
}
