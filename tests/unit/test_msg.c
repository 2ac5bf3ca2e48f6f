/* Description: rp_msg control messages: the 12-byte header and the HELLO
 * (params), RAIL, RESULT and VERDICT payloads encode to the documented
 * big-endian bytes and decode back; decoders reject foreign bytes, other
 * protocol versions, unknown types, oversized lengths, every truncation,
 * counts and fields out of bounds (QPs, 24-bit QPN/PSN, GID index, MTU,
 * NaN/infinite/negative bandwidth, ok=2, a rail's failure flag other than
 * 0/1 or a reason without its NUL); RESULT's failure (flag, time,
 * NUL-padded reason) at its bytes; the peer's text (a failure's reason, a
 * port's name) decoded with control bytes as '?'; encoders return 0 when the
 * buffer is too small; rp_msg_decode_error and rp_params_mismatch text;
 * a passive server without -D follows the client's (rp_params_follow). */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "proto/rp_msg.h"

/* RAIL layout (rp_msg.c, protocol 10): 64 fixed bytes, then 28 per QP,
 * then 32 more for a latency probe's QP (its entry, its READs). */
#define RAIL_FIXED 64
#define QP_LEN 28
#define OFF_GID_TYPE 3
#define OFF_GID_INDEX 4
#define OFF_MTU 24
#define OFF_NIC_GUID 32
#define OFF_PHYS_PORT 40
#define OFF_NDEV_MTU 56
#define OFF_NUM_QPS 60
#define OFF_QPN(i) (RAIL_FIXED + (i)*QP_LEN)
#define OFF_PSN(i) (RAIL_FIXED + (i)*QP_LEN + 4)

static void put_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

/* --- header -------------------------------------------------------------- */

static int hdr_decode(const uint8_t in[RP_MSG_HDR_LEN], struct rp_msg_hdr *h,
		      char *err, size_t len)
{
	memset(err, 0, len);
	return rp_msg_hdr_decode(in, h, err, len);
}

static void test_type_str(void **state)
{
	(void)state;
	assert_string_equal(rp_msg_type_str(RP_MSG_HELLO), "HELLO");
	assert_string_equal(rp_msg_type_str(RP_MSG_RAIL), "RAIL");
	assert_string_equal(rp_msg_type_str(RP_MSG_VERDICT), "VERDICT");
	assert_string_equal(rp_msg_type_str(RP_MSG_PROGRESS), "PROGRESS");
	assert_string_equal(rp_msg_type_str(0), "?");
	assert_string_equal(rp_msg_type_str(RP_MSG_COUNTS), "COUNTS");
	assert_string_equal(rp_msg_type_str(10), "?");
	assert_string_equal(rp_msg_type_str(99), "?");
}

static void test_hdr_encode_bytes(void **state)
{
	/* "RPF1", version 10, type 2 (RAIL), length 0x01020304 */
	static const uint8_t want[RP_MSG_HDR_LEN] = { 'R',  'P',  'F',	'1',
						      0x00, 0x0a, 0x00, 0x02,
						      0x01, 0x02, 0x03, 0x04 };
	uint8_t out[RP_MSG_HDR_LEN];

	(void)state;
	rp_msg_hdr_encode(out, RP_MSG_RAIL, 0x01020304);
	assert_memory_equal(out, want, sizeof(want));
}

static void test_hdr_round_trip(void **state)
{
	uint8_t buf[RP_MSG_HDR_LEN];
	struct rp_msg_hdr h;
	char err[128];

	(void)state;
	rp_msg_hdr_encode(buf, RP_MSG_PROGRESS, 0);
	assert_int_equal(hdr_decode(buf, &h, err, sizeof(err)), 0);
	assert_int_equal(h.magic, 0x52504631);
	assert_int_equal(h.version, 10);
	assert_int_equal(h.type, RP_MSG_PROGRESS);
	assert_int_equal(h.len, 0);
	/* the largest allowed payload: 64 KiB = 65536 */
	rp_msg_hdr_encode(buf, RP_MSG_HELLO, 65536);
	assert_int_equal(hdr_decode(buf, &h, err, sizeof(err)), 0);
	assert_int_equal(h.len, 65536);
}

static void test_hdr_foreign_bytes(void **state)
{
	const uint8_t *http = (const uint8_t *)"GET / HTTP/1.1\r\n\r\n";
	static const uint8_t tls[RP_MSG_HDR_LEN] = { 0x16, 0x03, 0x01, 0x02,
						     0x00, 0x01, 0x00, 0x01,
						     'a',  'b',	 0x7f, 'c' };
	struct rp_msg_hdr h;
	char err[128];

	(void)state;
	assert_int_equal(hdr_decode(http, &h, err, sizeof(err)), -EBADMSG);
	assert_non_null(strstr(err, "GET / HT"));
	assert_non_null(strstr(err, "not a railperf peer"));
	/* non-printable bytes are shown as '.' */
	assert_int_equal(hdr_decode(tls, &h, err, sizeof(err)), -EBADMSG);
	assert_non_null(strstr(err, "\"........ab.c\""));
}

static void test_hdr_other_version(void **state)
{
	uint8_t buf[RP_MSG_HDR_LEN];
	struct rp_msg_hdr h;
	char err[128];

	(void)state;
	rp_msg_hdr_encode(buf, RP_MSG_HELLO, 32);
	buf[5] = 1; /* version 0x0001: a railperf before the NIC in RAIL */
	assert_int_equal(hdr_decode(buf, &h, err, sizeof(err)),
			 -EPROTONOSUPPORT);
	assert_non_null(strstr(err, "protocol 1, this build speaks 10"));
	buf[5] = 2; /* version 2: no rail_write_lat, no -b (ignored flag) */
	assert_int_equal(hdr_decode(buf, &h, err, sizeof(err)),
			 -EPROTONOSUPPORT);
	assert_non_null(strstr(err, "protocol 2, this build speaks 10"));
	buf[5] = 3; /* version 3: no COUNTS (-b --interval) */
	assert_int_equal(hdr_decode(buf, &h, err, sizeof(err)),
			 -EPROTONOSUPPORT);
	assert_non_null(strstr(err, "protocol 3, this build speaks 10"));
	buf[5] = 4; /* version 4: rail_write_lat's count byte is 8 bits */
	assert_int_equal(hdr_decode(buf, &h, err, sizeof(err)),
			 -EPROTONOSUPPORT);
	assert_non_null(strstr(err, "protocol 4, this build speaks 10"));
	buf[5] = 5; /* version 5: RESULT without the rail thread's CPU */
	assert_int_equal(hdr_decode(buf, &h, err, sizeof(err)),
			 -EPROTONOSUPPORT);
	assert_non_null(strstr(err, "protocol 5, this build speaks 10"));
	buf[5] = 6; /* version 6: RESULT without a rail's failure */
	assert_int_equal(hdr_decode(buf, &h, err, sizeof(err)),
			 -EPROTONOSUPPORT);
	assert_non_null(strstr(err, "protocol 6, this build speaks 10"));
	buf[5] = 7; /* version 7: RAIL without the netdev MTU */
	assert_int_equal(hdr_decode(buf, &h, err, sizeof(err)),
			 -EPROTONOSUPPORT);
	assert_non_null(strstr(err, "protocol 7, this build speaks 10"));
	buf[5] = 8; /* version 8: no atomic tests, no atomic verbs' flags */
	assert_int_equal(hdr_decode(buf, &h, err, sizeof(err)),
			 -EPROTONOSUPPORT);
	assert_non_null(strstr(err, "protocol 8, this build speaks 10"));
	buf[5] = 9; /* version 9: RAIL without the latency probe's QP */
	assert_int_equal(hdr_decode(buf, &h, err, sizeof(err)),
			 -EPROTONOSUPPORT);
	assert_non_null(strstr(err, "protocol 9, this build speaks 10"));
	buf[5] = 10;
	buf[4] = 1; /* version 0x010a = 266 */
	assert_int_equal(hdr_decode(buf, &h, err, sizeof(err)),
			 -EPROTONOSUPPORT);
	buf[4] = 0;
	buf[5] = 0; /* version 0 */
	assert_int_equal(hdr_decode(buf, &h, err, sizeof(err)),
			 -EPROTONOSUPPORT);
}

static void test_hdr_bad_type(void **state)
{
	uint8_t buf[RP_MSG_HDR_LEN];
	struct rp_msg_hdr h;
	char err[128];

	(void)state;
	rp_msg_hdr_encode(buf, 0, 0);
	assert_int_equal(hdr_decode(buf, &h, err, sizeof(err)), -EBADMSG);
	assert_non_null(strstr(err, "unknown message type 0"));
	rp_msg_hdr_encode(buf, 99, 0);
	assert_int_equal(hdr_decode(buf, &h, err, sizeof(err)), -EBADMSG);
	assert_non_null(strstr(err, "unknown message type 99"));
	rp_msg_hdr_encode(buf, RP_MSG_TYPE_MAX + 1, 0);
	assert_int_equal(hdr_decode(buf, &h, err, sizeof(err)), -EBADMSG);
}

static void test_hdr_bad_length(void **state)
{
	uint8_t buf[RP_MSG_HDR_LEN];
	struct rp_msg_hdr h;
	char err[128];

	(void)state;
	/* 65536 + 1 = 65537 */
	rp_msg_hdr_encode(buf, RP_MSG_RAIL, RP_MSG_MAX_PAYLOAD + 1);
	assert_int_equal(hdr_decode(buf, &h, err, sizeof(err)), -EBADMSG);
	assert_non_null(strstr(err, "RAIL message of 65537 bytes"));
	rp_msg_hdr_encode(buf, RP_MSG_ERROR, 0xffffffffu);
	assert_int_equal(hdr_decode(buf, &h, err, sizeof(err)), -EBADMSG);
	assert_non_null(strstr(err, "4294967295"));
}

static void test_hdr_small_err_buffer(void **state)
{
	const uint8_t *http = (const uint8_t *)"GET / HTTP/1.1\r\n\r\n";
	struct rp_msg_hdr h;
	char err[8];

	(void)state;
	assert_int_equal(hdr_decode(http, &h, err, sizeof(err)), -EBADMSG);
	assert_int_equal(strlen(err), 7);
}

/* --- HELLO params ------------------------------------------------------- */

static const struct rp_params base_params = {
	.test = RP_TEST_WRITE_BW,
	.flags = 0,
	.size = 65536,
	.iters = 5000,
	.duration = 0,
	.num_qps = 1,
	.num_rails = 1,
};

static void test_params_bytes_and_round_trip(void **state)
{
	const struct rp_params p = {
		.test = 1,
		.flags = 3,
		.size = 65536,
		.iters = 5000,
		.duration = 7,
		.num_qps = 2,
		.num_rails = 12,
	};
	/* u16 test, u16 flags, u64 size 0x10000, u64 iters 0x1388,
	 * u32 duration, u32 num_qps, u32 num_rails: 2+2+8+8+4+4+4 = 32 */
	static const uint8_t want[32] = {
		0x00, 0x01, 0x00, 0x03, 0, 0, 0, 0,    0,    0x01, 0x00,
		0x00, 0,    0,	  0,	0, 0, 0, 0x13, 0x88, 0,	   0,
		0,    7,    0,	  0,	0, 2, 0, 0,    0,    0x0c
	};
	uint8_t buf[64];
	struct rp_params q;

	(void)state;
	assert_int_equal(rp_msg_encode_params(buf, sizeof(buf), &p), 32);
	assert_memory_equal(buf, want, 32);
	memset(&q, 0xa5, sizeof(q));
	assert_int_equal(rp_msg_decode_params(buf, 32, &q), 0);
	assert_int_equal(q.test, 1);
	assert_int_equal(q.flags, 3);
	assert_true(q.size == 65536);
	assert_true(q.iters == 5000);
	assert_int_equal(q.duration, 7);
	assert_int_equal(q.num_qps, 2);
	assert_int_equal(q.num_rails, 12);
	/* version 3: test 4 (rail_write_lat) and flag bit 4 (-b) travel */
	q = p;
	q.test = RP_TEST_WRITE_LAT;
	q.flags = RP_PF_BIDIR | RP_PF_RDMA_CM;
	assert_int_equal(rp_msg_encode_params(buf, sizeof(buf), &q), 32);
	assert_int_equal(buf[1], 4);
	assert_int_equal(buf[2], 0x00);
	assert_int_equal(buf[3], 0x18);
	memset(&q, 0xa5, sizeof(q));
	assert_int_equal(rp_msg_decode_params(buf, 32, &q), 0);
	assert_int_equal(q.test, RP_TEST_WRITE_LAT);
	assert_int_equal(q.flags, RP_PF_BIDIR | RP_PF_RDMA_CM);
}

static void test_params_bad_length(void **state)
{
	uint8_t buf[64] = { 0 };
	struct rp_params q;
	size_t len;

	(void)state;
	assert_int_equal(rp_msg_encode_params(buf, sizeof(buf), &base_params),
			 32);
	for (len = 0; len < 32; len++)
		assert_int_equal(rp_msg_decode_params(buf, len, &q), -EBADMSG);
	assert_int_equal(rp_msg_decode_params(buf, 33, &q), -EBADMSG);
}

static void test_params_small_buffer(void **state)
{
	uint8_t buf[32];

	(void)state;
	assert_int_equal(rp_msg_encode_params(buf, 31, &base_params), 0);
	assert_int_equal(rp_msg_encode_params(buf, 0, &base_params), 0);
	assert_int_equal(rp_msg_encode_params(buf, 32, &base_params), 32);
}

/* --- RAIL ---------------------------------------------------------------- */

static struct rp_rail_addr *rail_new(uint32_t num_qps)
{
	struct rp_rail_addr *a = calloc(1, sizeof(*a));
	uint32_t i;

	assert_non_null(a);
	a->lid = 0x1234;
	a->link_layer = 2;
	a->gid_type = 2;
	a->gid_index = 3;
	a->gid[10] = 0xff;
	a->gid[11] = 0xff;
	a->gid[12] = 10;
	a->gid[15] = 1;
	a->mtu = 3;
	a->rd_atomic = 16;
	a->nic_guid = 0x30c59903003e6a13ULL;
	memcpy(a->phys_port, "p1", 3);
	a->ndev_mtu = 9000;
	a->num_qps = num_qps;
	for (i = 0; i < num_qps && i < RP_MAX_QPS; i++) {
		a->qp[i].qpn = 0x11 + i;
		a->qp[i].psn = (0x37d0 + i * 7919) & 0xffffff;
		a->qp[i].rkey = 0x238 + i;
		a->qp[i].addr = 0x7fb71d600000ULL + (uint64_t)i * 65536;
		a->qp[i].len = 65536;
	}
	return a;
}

static void rail_equal(const struct rp_rail_addr *a,
		       const struct rp_rail_addr *b)
{
	assert_int_equal(a->lid, b->lid);
	assert_int_equal(a->link_layer, b->link_layer);
	assert_int_equal(a->gid_type, b->gid_type);
	assert_int_equal(a->gid_index, b->gid_index);
	assert_memory_equal(a->gid, b->gid, 16);
	assert_int_equal(a->mtu, b->mtu);
	assert_int_equal(a->rd_atomic, b->rd_atomic);
	assert_true(a->nic_guid == b->nic_guid);
	assert_string_equal(a->phys_port, b->phys_port);
	assert_int_equal(a->ndev_mtu, b->ndev_mtu);
	assert_int_equal(a->num_qps, b->num_qps);
	assert_memory_equal(a->qp, b->qp, a->num_qps * sizeof(a->qp[0]));
}

/* 64 + 28 * @n bytes. */
static size_t rail_len(uint32_t n)
{
	return RAIL_FIXED + (size_t)n * QP_LEN;
}

static void test_rail_bytes_one_qp(void **state)
{
	/* clang-format off */
	static const uint8_t want[92] = {
		0x12, 0x34, 2, 2, 0, 0, 0, 3,	/* lid, ll, type, idx */
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0xff, 0xff, 10, 0, 0, 1,	/* gid */
		0, 0, 0, 3, 0, 0, 0, 16,	/* mtu, rd */
		0x30, 0xc5, 0x99, 0x03, 0x00, 0x3e, 0x6a, 0x13, /* NIC */
		'p', '1', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* port */
		0, 0, 0x23, 0x28,		/* netdev MTU 9000 */
		0, 0, 0, 1,			/* nqps */
		0, 0, 0, 0x11, 0, 0, 0x37, 0xd0, 0, 0,
		0x02, 0x38, 0, 0, 0x7f, 0xb7, 0x1d, 0x60, 0, 0, /* addr */
		0, 0, 0, 0, 0, 1, 0, 0
	}; /* len 65536 */
	static const uint8_t want_addr[8] = { 0, 0, 0x7f, 0xb7,
					      0x1d, 0x60, 0, 0 };
	/* clang-format on */
	struct rp_rail_addr *a = rail_new(1), *b = rail_new(0);
	uint8_t buf[128];

	(void)state;
	assert_int_equal(rp_msg_encode_rail(buf, sizeof(buf), a), 92);
	assert_memory_equal(buf, want, 92);
	/* the public layout the fault shims rewrite RAIL by */
	assert_int_equal(RP_MSG_RAIL_FIXED_LEN, RAIL_FIXED);
	assert_int_equal(RP_MSG_RAIL_QP_LEN, QP_LEN);
	assert_memory_equal(buf + RP_MSG_RAIL_FIXED_LEN +
				    RP_MSG_RAIL_QP_ADDR_OFF,
			    want_addr, 8);
	assert_int_equal(rp_msg_decode_rail(buf, 92, b), 0);
	rail_equal(a, b);
	free(a);
	free(b);
}

static void test_rail_max_qps(void **state)
{
	struct rp_rail_addr *a = rail_new(RP_MAX_QPS), *b = rail_new(0);
	size_t len = rail_len(RP_MAX_QPS); /* 64 + 28 * 1024 = 28736 */
	uint8_t *buf = malloc(RP_MSG_MAX_PAYLOAD);

	(void)state;
	assert_non_null(buf);
	assert_int_equal(len, 28736);
	assert_int_equal(rp_msg_encode_rail(buf, RP_MSG_MAX_PAYLOAD, a), len);
	assert_int_equal(rp_msg_decode_rail(buf, len, b), 0);
	rail_equal(a, b);
	assert_int_equal(rp_msg_encode_rail(buf, len - 1, a), 0);
	a->num_qps = RP_MAX_QPS + 1;
	assert_int_equal(rp_msg_encode_rail(buf, RP_MSG_MAX_PAYLOAD, a), 0);
	free(buf);
	free(a);
	free(b);
}

static void test_rail_gid_index_none(void **state)
{
	struct rp_rail_addr *a = rail_new(1), *b = rail_new(0);
	uint8_t buf[128];

	(void)state;
	a->gid_index = -1; /* LID routing: sent as 0xffffffff */
	assert_int_equal(rp_msg_encode_rail(buf, sizeof(buf), a), 92);
	assert_int_equal(buf[OFF_GID_INDEX], 0xff);
	assert_int_equal(rp_msg_decode_rail(buf, 92, b), 0);
	assert_int_equal(b->gid_index, -1);
	free(a);
	free(b);
}

/* Encodes a 2-QP rail into @buf (120 bytes). */
static size_t rail_two(uint8_t *buf, size_t cap)
{
	struct rp_rail_addr *a = rail_new(2);
	size_t len = rp_msg_encode_rail(buf, cap, a);

	free(a);
	assert_int_equal(len, rail_len(2)); /* 64 + 56 = 120 */
	return len;
}

static int rail_decode(const uint8_t *buf, size_t len)
{
	struct rp_rail_addr *b = rail_new(0);
	int ret = rp_msg_decode_rail(buf, len, b);

	free(b);
	return ret;
}

static void test_rail_truncated(void **state)
{
	uint8_t buf[128];
	size_t len, n = rail_two(buf, sizeof(buf));

	(void)state;
	for (len = 0; len < n; len++)
		assert_int_equal(rail_decode(buf, len), -EBADMSG);
	buf[n] = 0;
	assert_int_equal(rail_decode(buf, n + 1), -EBADMSG);
	assert_int_equal(rail_decode(buf, n), 0);
}

static void test_rail_bad_qp_count(void **state)
{
	uint8_t buf[128];
	size_t n = rail_two(buf, sizeof(buf));

	(void)state;
	put_be32(buf + OFF_NUM_QPS, 0);
	assert_int_equal(rail_decode(buf, RAIL_FIXED), -EBADMSG);
	put_be32(buf + OFF_NUM_QPS, RP_MAX_QPS + 1);
	assert_int_equal(rail_decode(buf, n), -EBADMSG);
	put_be32(buf + OFF_NUM_QPS, 0xffffffffu);
	assert_int_equal(rail_decode(buf, n), -EBADMSG);
	/* 3 QPs claimed, bytes for 2 */
	put_be32(buf + OFF_NUM_QPS, 3);
	assert_int_equal(rail_decode(buf, n), -EBADMSG);
	/* 1 QP claimed, bytes for 2: 28 bytes are no probe's 32 */
	put_be32(buf + OFF_NUM_QPS, 1);
	assert_int_equal(rail_decode(buf, n), -EBADMSG);
}

/* Protocol 10: a latency probe's QP after the QPs, one entry and its
 * READs in flight (1 .. 255), its presence told by the length alone;
 * 24-bit fields checked as a QP's. */
static void test_rail_probe(void **state)
{
	struct rp_rail_addr *a = rail_new(1), *b = rail_new(0);
	uint8_t buf[160];
	size_t n;

	(void)state;
	a->num_probe = 1;
	a->probe = (struct rp_qp_addr){ .qpn = 0xabcdef,
					.psn = 0x123456,
					.rkey = 0x9876,
					.addr = 0x7fb71d700000ULL,
					.len = 4096 };
	a->probe_rd_atomic = 16;
	n = rp_msg_encode_rail(buf, sizeof(buf), a);
	assert_int_equal(n, rail_len(1) + 32);	     /* 92 + 32 = 124 */
	assert_int_equal(buf[OFF_QPN(1) + 1], 0xab); /* its QPN, big-endian */
	assert_int_equal(buf[n - 1], 16);	     /* its READs, last */
	assert_int_equal(rp_msg_decode_rail(buf, n, b), 0);
	rail_equal(a, b);
	assert_int_equal(b->num_probe, 1);
	assert_int_equal(b->probe_rd_atomic, 16);
	assert_memory_equal(&a->probe, &b->probe, sizeof(a->probe));
	/* without it: 92 bytes, num_probe 0, the entry zeroed */
	assert_int_equal(rp_msg_decode_rail(buf, rail_len(1), b), 0);
	assert_int_equal(b->num_probe, 0);
	assert_int_equal(b->probe.qpn, 0);
	assert_int_equal(b->probe_rd_atomic, 0);
	/* 28 bytes after the QPs: a QP's entry, not a probe's 32 */
	assert_int_equal(rail_decode(buf, rail_len(2)), -EBADMSG);
	put_be32(buf + n - 4, 0); /* READs in flight: 1 .. 255 */
	assert_int_equal(rail_decode(buf, n), -EBADMSG);
	put_be32(buf + n - 4, 256);
	assert_int_equal(rail_decode(buf, n), -EBADMSG);
	put_be32(buf + n - 4, 255);
	assert_int_equal(rail_decode(buf, n), 0);
	put_be32(buf + OFF_PSN(1), 0x1000000);
	assert_int_equal(rail_decode(buf, n), -EBADMSG);
	a->num_probe = 2; /* one probe QP at most */
	assert_int_equal(rp_msg_encode_rail(buf, sizeof(buf), a), 0);
	a->num_probe = 1; /* the buffer one byte short */
	assert_int_equal(rp_msg_encode_rail(buf, n - 1, a), 0);
	free(a);
	free(b);
}

/* Patch a big-endian u32 at @off of a valid 2-QP rail and decode. */
static int rail_patched(size_t off, uint32_t v)
{
	uint8_t buf[128];
	size_t n = rail_two(buf, sizeof(buf));

	put_be32(buf + off, v);
	return rail_decode(buf, n);
}

static void test_rail_24bit_fields(void **state)
{
	(void)state;
	assert_int_equal(rail_patched(OFF_QPN(0), 0xffffff), 0);
	assert_int_equal(rail_patched(OFF_QPN(1), 0x1000000), -EBADMSG);
	assert_int_equal(rail_patched(OFF_PSN(0), 0xffffff), 0);
	assert_int_equal(rail_patched(OFF_PSN(1), 0x1000000), -EBADMSG);
	assert_int_equal(rail_patched(OFF_QPN(0), 0xffffffffu), -EBADMSG);
}

static void test_rail_gid_index_bounds(void **state)
{
	(void)state;
	assert_int_equal(rail_patched(OFF_GID_INDEX, 255), 0);
	assert_int_equal(rail_patched(OFF_GID_INDEX, 256), -EBADMSG);
	assert_int_equal(rail_patched(OFF_GID_INDEX, 300), -EBADMSG);
	/* -2 as u32 */
	assert_int_equal(rail_patched(OFF_GID_INDEX, 0xfffffffeu), -EBADMSG);
}

static void test_rail_gid_type_bounds(void **state)
{
	uint8_t buf[128];
	size_t n = rail_two(buf, sizeof(buf));

	(void)state;
	buf[OFF_GID_TYPE] = 3;
	assert_int_equal(rail_decode(buf, n), -EBADMSG);
	buf[OFF_GID_TYPE] = 0;
	assert_int_equal(rail_decode(buf, n), 0);
}

/* MTU travels as a u32 enum ibv_mtu: 1 (256) .. 5 (4096). */
static void test_rail_mtu_bounds(void **state)
{
	(void)state;
	assert_int_equal(rail_patched(OFF_MTU, 1), 0);
	assert_int_equal(rail_patched(OFF_MTU, 5), 0);
	assert_int_equal(rail_patched(OFF_MTU, 0), -EBADMSG);
	assert_int_equal(rail_patched(OFF_MTU, 6), -EBADMSG);
}

/* The netdev MTU (protocol 8): 0 (unknown) .. 65536, lo's; no more. */
static void test_rail_ndev_mtu_bounds(void **state)
{
	struct rp_rail_addr *b = rail_new(0);
	uint8_t buf[128];
	size_t n = rail_two(buf, sizeof(buf));

	(void)state;
	assert_int_equal(rail_patched(OFF_NDEV_MTU, 0), 0);
	assert_int_equal(rail_patched(OFF_NDEV_MTU, 65536), 0);
	assert_int_equal(rail_patched(OFF_NDEV_MTU, 65537), -EBADMSG);
	assert_int_equal(rail_patched(OFF_NDEV_MTU, 0xffffffffu), -EBADMSG);
	put_be32(buf + OFF_NDEV_MTU, 1500);
	assert_int_equal(rp_msg_decode_rail(buf, n, b), 0);
	assert_int_equal(b->ndev_mtu, 1500);
	free(b);
}

/* 0x103 = 259 is no MTU; it must not be read as 259 & 0xff = 3 (1024). */
static void test_rail_mtu_high_bytes(void **state)
{
	(void)state;
	assert_int_equal(rail_patched(OFF_MTU, 0x103), -EBADMSG);
	assert_int_equal(rail_patched(OFF_MTU, 0x01000003), -EBADMSG);
}

/* The port name must end within its 16 bytes; the NIC GUID is any u64. */
static void test_rail_phys_port(void **state)
{
	struct rp_rail_addr *b = rail_new(0);
	uint8_t buf[256];
	size_t n = rail_two(buf, sizeof(buf));

	(void)state;
	memset(buf + OFF_NIC_GUID, 0xff, 8);
	assert_int_equal(rp_msg_decode_rail(buf, n, b), 0);
	assert_true(b->nic_guid == UINT64_MAX);
	memset(buf + OFF_PHYS_PORT, 'p', 16);
	assert_int_equal(rp_msg_decode_rail(buf, n, b), -EBADMSG);
	buf[OFF_PHYS_PORT + 15] = '\0';
	assert_int_equal(rp_msg_decode_rail(buf, n, b), 0);
	assert_int_equal(strlen(b->phys_port), 15);
	/* the peer's port name is printed: control bytes become '?' */
	memcpy(buf + OFF_PHYS_PORT, "p\x1b[2J\r\x7f\xc3", 8);
	assert_int_equal(rp_msg_decode_rail(buf, n, b), 0);
	assert_memory_equal(b->phys_port, "p?[2J???", 8);
	free(b);
}

/* --- RESULT -------------------------------------------------------------- */

static const struct rp_result base_result = {
	.size = 65536,
	.iters = 5000,
	.bw_peak = 1.0,
	.bw_avg = 312.5,
	.msg_rate = 0.5,
	.cpu = { .user_ns = 1,
		 .sys_ns = 0x0102,
		 .wall_ns = 4000000000u,
		 .bytes = 0x0123456789abcdefull },
};

#define RESULT_LEN 244 /* 72, then the failure: 4 + 8 + 160 */

static void test_result_bytes_and_round_trip(void **state)
{
	/* u64 size, u64 iters, then IEEE 754 bits: 1.0 = 0x3ff0000000000000,
	 * 312.5 = 1.220703125 * 2^8 = 0x4073880000000000, 0.5 =
	 * 0x3fe0000000000000; then the CPU, u64 each: user 1, system 0x102,
	 * wall 4e9 = 0xee6b2800, bytes 0x0123456789abcdef; then no failure:
	 * 172 zeros */
	static const uint8_t want[72] = {
		0,    0,    0,	  0,	0,    0x01, 0x00, 0x00, 0,
		0,    0,    0,	  0,	0,    0x13, 0x88, 0x3f, 0xf0,
		0,    0,    0,	  0,	0,    0,    0x40, 0x73, 0x88,
		0,    0,    0,	  0,	0,    0x3f, 0xe0, 0,	0,
		0,    0,    0,	  0,	0,    0,    0,	  0,	0,
		0,    0,    1,	  0,	0,    0,    0,	  0,	0,
		0x01, 0x02, 0,	  0,	0,    0,    0xee, 0x6b, 0x28,
		0x00, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef
	};
	static const uint8_t zeros[RESULT_LEN - 72];
	struct rp_result r;
	uint8_t buf[RESULT_LEN + 8];
	size_t len;

	(void)state;
	assert_int_equal(rp_msg_encode_result(buf, sizeof(buf), &base_result),
			 RESULT_LEN);
	assert_memory_equal(buf, want, 72);
	assert_memory_equal(buf + 72, zeros, sizeof(zeros));
	memset(&r, 0, sizeof(r)); /* the padding, for the comparison */
	assert_int_equal(rp_msg_decode_result(buf, RESULT_LEN, &r), 0);
	assert_memory_equal(&r, &base_result, sizeof(r));
	for (len = 0; len < RESULT_LEN; len++)
		assert_int_equal(rp_msg_decode_result(buf, len, &r), -EBADMSG);
	assert_int_equal(rp_msg_decode_result(buf, RESULT_LEN + 1, &r),
			 -EBADMSG);
	assert_int_equal(
		rp_msg_encode_result(buf, RESULT_LEN - 1, &base_result), 0);
}

/* A failed rail's RESULT: u32 flag 1 at 72, u64 time at 76 (5.02 s =
 * 0x12b371f00 ns), the reason NUL-padded from 84 to the end; decoded
 * back; a flag of 2, a reason filling its field (no NUL) and a byte after
 * the reason's NUL refused. */
static void test_result_failure_bytes(void **state)
{
	static const uint8_t want[12] = { 0, 0, 0,    1,    0,	  0,
					  0, 1, 0x2b, 0x37, 0x1f, 0x00 };
	static const char why[] = "work completion error on rxe1 QP 0x11: "
				  "IBV_WC_RETRY_EXC_ERR";
	struct rp_result in = base_result, r;
	uint8_t buf[RESULT_LEN];
	size_t k;

	(void)state;
	in.fail.failed = 1;
	in.fail.at_ns = 5020000000ull;
	snprintf(in.fail.why, sizeof(in.fail.why), "%s", why);
	assert_int_equal(rp_msg_encode_result(buf, sizeof(buf), &in),
			 RESULT_LEN);
	assert_memory_equal(buf + 72, want, sizeof(want));
	assert_memory_equal(buf + 84, why, sizeof(why)); /* with its NUL */
	for (k = 84 + sizeof(why); k < RESULT_LEN; k++)
		assert_int_equal(buf[k], 0);
	memset(&r, 0, sizeof(r));
	assert_int_equal(rp_msg_decode_result(buf, sizeof(buf), &r), 0);
	assert_int_equal(r.fail.failed, 1);
	assert_true(r.fail.at_ns == 5020000000ull);
	assert_string_equal(r.fail.why, why);
	buf[75] = 2;
	assert_int_equal(rp_msg_decode_result(buf, sizeof(buf), &r), -EBADMSG);
	buf[75] = 1;
	memset(buf + 84, 'x', RESULT_LEN - 84);
	assert_int_equal(rp_msg_decode_result(buf, sizeof(buf), &r), -EBADMSG);
	buf[RESULT_LEN - 1] = 0;
	assert_int_equal(rp_msg_decode_result(buf, sizeof(buf), &r), 0);
	assert_int_equal(strlen(r.fail.why), RESULT_LEN - 84 - 1);
	/* a byte after the reason's NUL: not how it is encoded (fuzz_msg
	 * found it: the decoded RESULT encodes to other bytes) */
	memset(buf + 84, 0, RESULT_LEN - 84);
	memcpy(buf + 84, "failed", 6);
	buf[RESULT_LEN - 2] = (char)0xff;
	assert_int_equal(rp_msg_decode_result(buf, sizeof(buf), &r), -EBADMSG);
}

/* A peer's failure reason is data: terminal control (ESC sequences, CR,
 * LF, BEL) and bytes past ASCII decode as '?', so it cannot recolour the
 * terminal, retitle it or forge a verdict line of its own. */
static void test_result_reason_printable(void **state)
{
	static const char evil[] = "\x1b[31mRED\x1b[0m\r\n railperf: "
				   "verdict: passed: every rail\x1b]0;pwned\a"
				   "\xff";
	struct rp_result in = base_result, r;
	uint8_t buf[RESULT_LEN];

	(void)state;
	in.fail.failed = 1;
	in.fail.at_ns = 1;
	snprintf(in.fail.why, sizeof(in.fail.why), "%s", evil);
	assert_int_equal(rp_msg_encode_result(buf, sizeof(buf), &in),
			 RESULT_LEN);
	assert_int_equal(rp_msg_decode_result(buf, sizeof(buf), &r), 0);
	assert_string_equal(r.fail.why, "?[31mRED?[0m?? railperf: verdict: "
					"passed: every rail?]0;pwned??");
}

/* Encode @r with @v in field @which (0 peak, 1 avg, 2 rate) and decode. */
static int result_with(int which, double v)
{
	struct rp_result r = base_result, out;
	uint8_t buf[RESULT_LEN];

	if (which == 0)
		r.bw_peak = v;
	else if (which == 1)
		r.bw_avg = v;
	else
		r.msg_rate = v;
	assert_int_equal(rp_msg_encode_result(buf, sizeof(buf), &r),
			 RESULT_LEN);
	return rp_msg_decode_result(buf, sizeof(buf), &out);
}

static void test_result_bad_numbers(void **state)
{
	int f;

	(void)state;
	for (f = 0; f < 3; f++) {
		assert_int_equal(result_with(f, NAN), -EBADMSG);
		assert_int_equal(result_with(f, INFINITY), -EBADMSG);
		assert_int_equal(result_with(f, -INFINITY), -EBADMSG);
		assert_int_equal(result_with(f, -1.0), -EBADMSG);
		assert_int_equal(result_with(f, 1e15), -EBADMSG);
		assert_int_equal(result_with(f, 0.0), 0);
		assert_int_equal(result_with(f, 99999.99), 0);
	}
}

/* --- VERDICT ------------------------------------------------------------- */

static void test_verdict_bytes_and_round_trip(void **state)
{
	const struct rp_verdict v = {
		.ok = 0,
		.rail = 1,
		.qp = 2,
		.offset = 0x1234,
		.expected = 0x5a,
		.got = 0x00,
	};
	/* u32 ok, rail, qp; u64 offset; u8 expected, got: 22 bytes */
	static const uint8_t want[22] = { 0, 0, 0,    0,    0,	  0,   0, 1,
					  0, 0, 0,    2,    0,	  0,   0, 0,
					  0, 0, 0x12, 0x34, 0x5a, 0x00 };
	struct rp_verdict w;
	uint8_t buf[32];
	size_t len;

	(void)state;
	assert_int_equal(rp_msg_encode_verdict(buf, sizeof(buf), &v), 22);
	assert_memory_equal(buf, want, 22);
	memset(&w, 0xa5, sizeof(w));
	assert_int_equal(rp_msg_decode_verdict(buf, 22, &w), 0);
	assert_int_equal(w.ok, 0);
	assert_int_equal(w.rail, 1);
	assert_int_equal(w.qp, 2);
	assert_true(w.offset == 0x1234);
	assert_int_equal(w.expected, 0x5a);
	assert_int_equal(w.got, 0);
	for (len = 0; len < 22; len++)
		assert_int_equal(rp_msg_decode_verdict(buf, len, &w), -EBADMSG);
	assert_int_equal(rp_msg_decode_verdict(buf, 23, &w), -EBADMSG);
	assert_int_equal(rp_msg_encode_verdict(buf, 21, &v), 0);
}

static void test_verdict_ok_values(void **state)
{
	struct rp_verdict v = { .ok = 1 }, w;
	uint8_t buf[22];

	(void)state;
	assert_int_equal(rp_msg_encode_verdict(buf, sizeof(buf), &v), 22);
	assert_int_equal(rp_msg_decode_verdict(buf, 22, &w), 0);
	assert_int_equal(w.ok, 1);
	v.ok = 2;
	assert_int_equal(rp_msg_encode_verdict(buf, sizeof(buf), &v), 22);
	assert_int_equal(rp_msg_decode_verdict(buf, 22, &w), -EBADMSG);
	v.ok = 0x80000000u;
	assert_int_equal(rp_msg_encode_verdict(buf, sizeof(buf), &v), 22);
	assert_int_equal(rp_msg_decode_verdict(buf, 22, &w), -EBADMSG);
}

/* --- COUNTS ------------------------------------------------------------- */

static void test_counts_round_trip(void **state)
{
	const struct rp_counts k = { .seq = 3,
				     .n = 2,
				     .done = { 0x0102030405060708ull, 9 } };
	/* u32 seq, u32 n, n x u64: 24 bytes, big-endian */
	static const uint8_t want[24] = { 0, 0, 0, 3, 0, 0, 0, 2, 1, 2, 3, 4,
					  5, 6, 7, 8, 0, 0, 0, 0, 0, 0, 0, 9 };
	struct rp_counts w;
	uint8_t buf[8 + 8 * RP_MAX_RAILS + 8];
	size_t len;

	(void)state;
	assert_int_equal(rp_msg_encode_counts(buf, sizeof(buf), &k), 24);
	assert_memory_equal(buf, want, 24);
	memset(&w, 0xa5, sizeof(w));
	assert_int_equal(rp_msg_decode_counts(buf, 24, &w), 0);
	assert_int_equal(w.seq, 3);
	assert_int_equal(w.n, 2);
	assert_true(w.done[0] == 0x0102030405060708ull && w.done[1] == 9);
	for (len = 0; len < 24; len++)
		assert_int_equal(rp_msg_decode_counts(buf, len, &w), -EBADMSG);
	assert_int_equal(rp_msg_decode_counts(buf, 32, &w), -EBADMSG);
	assert_int_equal(rp_msg_encode_counts(buf, 23, &k), 0);
}

/* The rail count is bounded before it is trusted: 0 and more than
 * RP_MAX_RAILS are refused, and the length must match it. */
static void test_counts_bounds(void **state)
{
	struct rp_counts k = { .seq = 1, .n = RP_MAX_RAILS }, w;
	uint8_t buf[8 + 8 * RP_MAX_RAILS + 8] = { 0 };

	(void)state;
	assert_int_equal(rp_msg_encode_counts(buf, sizeof(buf), &k),
			 8 + 8 * RP_MAX_RAILS);
	assert_int_equal(rp_msg_decode_counts(buf, 8 + 8 * RP_MAX_RAILS, &w),
			 0);
	k.n = RP_MAX_RAILS + 1;
	assert_int_equal(rp_msg_encode_counts(buf, sizeof(buf), &k), 0);
	buf[7] = RP_MAX_RAILS + 1; /* n in the wire */
	assert_int_equal(rp_msg_decode_counts(buf, 8 + 8 * RP_MAX_RAILS, &w),
			 -EBADMSG);
	buf[7] = 0;
	assert_int_equal(rp_msg_decode_counts(buf, 16, &w), -EBADMSG);
	buf[7] = 1; /* one rail, but two counts' bytes */
	assert_int_equal(rp_msg_decode_counts(buf, 24, &w), -EBADMSG);
	assert_int_equal(rp_msg_decode_counts(buf, 16, &w), 0);
}

/* --- ERROR text ---------------------------------------------------------- */

static void test_error_text(void **state)
{
	const uint8_t in[] = { 'd', 'i', 's', 'k', '\n', 0x01, 0x00, 0xff, 'x' };
	char text[32];

	(void)state;
	rp_msg_decode_error(in, sizeof(in), text, sizeof(text));
	assert_string_equal(text, "disk????x");
	rp_msg_decode_error(in, 0, text, sizeof(text));
	assert_string_equal(text, "");
	/* room for 3 characters and the NUL */
	rp_msg_decode_error(in, sizeof(in), text, 4);
	assert_string_equal(text, "dis");
	text[0] = 'Q';
	rp_msg_decode_error(in, sizeof(in), text, 0);
	assert_int_equal(text[0], 'Q');
}

static void test_error_text_limit(void **state)
{
	char *text = malloc(1024);
	uint8_t in[600];

	(void)state;
	assert_non_null(text);
	memset(in, 'a', sizeof(in));
	rp_msg_decode_error(in, sizeof(in), text, 1024);
	assert_int_equal(strlen(text), RP_MSG_ERROR_MAX); /* 512 */
	free(text);
}

/* --- params mismatch ----------------------------------------------------- */

static void mismatch(const struct rp_params *remote, const char *want)
{
	char msg[128];

	memset(msg, 0, sizeof(msg));
	assert_true(rp_params_mismatch(&base_params, remote, msg, sizeof(msg)));
	assert_string_equal(msg, want);
}

static void test_mismatch_equal(void **state)
{
	struct rp_params r = base_params;
	char msg[128] = "";

	(void)state;
	assert_false(rp_params_mismatch(&base_params, &r, msg, sizeof(msg)));
}

static void test_mismatch_fields(void **state)
{
	struct rp_params r;

	(void)state;
	r = base_params;
	r.size = 4096;
	mismatch(&r, "size: local 65536, remote 4096");
	r = base_params;
	r.test = RP_TEST_READ_LAT;
	mismatch(&r, "test: local rail_write_bw, remote rail_read_lat");
	r = base_params;
	r.iters = 1000;
	mismatch(&r, "iterations: local 5000, remote 1000");
	r = base_params;
	r.num_qps = 4;
	mismatch(&r, "number of QPs: local 1, remote 4");
	r = base_params;
	r.duration = 10;
	mismatch(&r, "duration: local 0, remote 10");
	r = base_params;
	r.num_rails = 2;
	mismatch(&r, "rail count: local 1, remote 2");
	r = base_params;
	r.flags = RP_PF_ALL_SIZES;
	mismatch(&r, "-a (all sizes): local off, remote on");
	r = base_params;
	r.flags = RP_PF_VALIDATE;
	mismatch(&r, "--validate: local off, remote on");
	r = base_params;
	r.flags = RP_PF_INFINITE;
	mismatch(&r, "--run_infinitely: local off, remote on");
	r = base_params;
	r.flags = RP_PF_RDMA_CM;
	mismatch(&r, "-R (rdma_cm): local off, remote on");
	r = base_params;
	r.flags = RP_PF_BIDIR;
	mismatch(&r, "-b (bidirectional): local off, remote on");
	r = base_params;
	r.test = RP_TEST_WRITE_LAT;
	mismatch(&r, "test: local rail_write_bw, remote rail_write_lat");
	r = base_params;
	r.flags = RP_PF_READ;
	mismatch(&r, "the READ verb (--verb=read): local off, remote on");
	r = base_params;
	r.test = RP_TEST_READ_BW;
	mismatch(&r, "test: local rail_write_bw, remote rail_read_bw");
	r = base_params;
	r.flags = RP_PF_SEND;
	mismatch(&r, "the SEND verb (--verb=send): local off, remote on");
	r = base_params;
	r.flags = RP_PF_IMM;
	mismatch(&r, "--write_with_imm: local off, remote on");
	r = base_params;
	r.test = RP_TEST_SEND_BW;
	mismatch(&r, "test: local rail_write_bw, remote rail_send_bw");
	r = base_params;
	r.test = RP_TEST_SEND_LAT;
	mismatch(&r, "test: local rail_write_bw, remote rail_send_lat");
	r = base_params;
	r.test = 99;
	mismatch(&r, "test: local rail_write_bw, remote unknown");
}

/* HELLO's flags (protocol 10): each its own bit, RP_PF_KNOWN exactly
 * their union (the atomic verbs' 1 << 8, 1 << 9 from protocol 9, the
 * probe's 1 << 12, 1 << 13 from 10), and all within the u16 on the wire. */
static void test_flags_known(void **state)
{
	static const unsigned int flags[] = {
		RP_PF_ALL_SIZES, RP_PF_VALIDATE,   RP_PF_INFINITE,
		RP_PF_RDMA_CM,	 RP_PF_BIDIR,	   RP_PF_READ,
		RP_PF_SEND,	 RP_PF_IMM,	   RP_PF_FETCH_ADD,
		RP_PF_CMP_SWAP,	 RP_PF_PROBE_READ, RP_PF_PROBE_WRITE,
	};
	unsigned int all = 0;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++) {
		assert_int_equal(flags[i] & (flags[i] - 1), 0); /* one bit */
		assert_int_equal(all & flags[i], 0);		/* its own */
		all |= flags[i];
	}
	assert_int_equal(all, 0x33ff);
	assert_int_equal(RP_PF_KNOWN, all);
	assert_int_equal(RP_PF_KNOWN & ~0xffffu, 0);
}

/* --lat_probe (protocol 10): each verb's flag named, READ's first. */
static void test_mismatch_probe(void **state)
{
	struct rp_params r = base_params;

	(void)state;
	r.flags = RP_PF_PROBE_READ;
	mismatch(&r, "--lat_probe=read: local off, remote on");
	r.flags = RP_PF_PROBE_WRITE;
	mismatch(&r, "--lat_probe=write: local off, remote on");
}

/* The atomic tests and verbs by name (protocol 9). */
static void test_mismatch_atomic(void **state)
{
	struct rp_params r;

	(void)state;
	r = base_params;
	r.test = RP_TEST_ATOMIC_BW;
	mismatch(&r, "test: local rail_write_bw, remote rail_atomic_bw");
	r = base_params;
	r.test = RP_TEST_ATOMIC_LAT;
	mismatch(&r, "test: local rail_write_bw, remote rail_atomic_lat");
	r = base_params;
	r.flags = RP_PF_FETCH_ADD;
	mismatch(&r, "FETCH_AND_ADD atomics (-A): local off, remote on");
	r = base_params;
	r.flags = RP_PF_CMP_SWAP;
	mismatch(&r, "CMP_AND_SWAP atomics (-A): local off, remote on");
}

/* A passive server (one-way WRITE/READ/atomic bandwidth, READ and atomic
 * latency) given no -D follows the client's -D and -n, as perftest's (HPE's
 * bwcheck: the server without -D); a measuring server, or one with its own
 * -D, does not, and the mismatch stays. */
static void test_params_follow(void **state)
{
	static const uint16_t tests[] = {
		RP_TEST_WRITE_BW, RP_TEST_READ_BW,   RP_TEST_MULTI_BW,
		RP_TEST_READ_LAT, RP_TEST_ATOMIC_BW, RP_TEST_ATOMIC_LAT
	};
	static const uint16_t own[] = { RP_PF_BIDIR, RP_PF_SEND, RP_PF_IMM,
					RP_PF_INFINITE };
	struct rp_params srv, cli;
	char msg[128];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		srv = cli = base_params;
		srv.test = cli.test = tests[i];
		srv.iters =
			100; /* -n of the server: moot with the client's -D */
		cli.duration = 3;
		assert_true(rp_params_passive_server(&srv));
		assert_true(rp_params_follow(&srv, &cli));
		assert_int_equal(srv.duration, 3);
		assert_int_equal(srv.iters, cli.iters);
		assert_false(rp_params_mismatch(&srv, &cli, msg, sizeof(msg)));
		/* the client's copy of the server's HELLO, the same way */
		srv = base_params;
		srv.test = tests[i];
		assert_true(rp_params_follow(&srv, &cli));
		assert_false(rp_params_mismatch(&cli, &srv, msg, sizeof(msg)));
	}
	for (i = 0; i < sizeof(own) / sizeof(own[0]); i++) {
		srv = cli = base_params;
		srv.flags = cli.flags = own[i];
		cli.duration = 3;
		assert_false(rp_params_passive_server(&srv));
		assert_false(rp_params_follow(&srv, &cli));
		assert_true(rp_params_mismatch(&srv, &cli, msg, sizeof(msg)));
		assert_string_equal(msg, "duration: local 0, remote 3");
	}
	/* both ping-pong sides measure; SEND's server counts what arrives */
	srv = cli = base_params;
	srv.test = cli.test = RP_TEST_WRITE_LAT;
	cli.duration = 3;
	assert_false(rp_params_follow(&srv, &cli));
	srv.test = cli.test = RP_TEST_SEND_BW;
	assert_false(rp_params_follow(&srv, &cli));
	/* a server with its own -D, or a client without one: compared */
	srv = cli = base_params;
	srv.duration = 2;
	cli.duration = 3;
	assert_false(rp_params_follow(&srv, &cli));
	assert_true(rp_params_mismatch(&srv, &cli, msg, sizeof(msg)));
	assert_string_equal(msg, "duration: local 2, remote 3");
	srv = cli = base_params;
	srv.duration = 2;
	assert_false(rp_params_follow(&srv, &cli));
	assert_int_equal(srv.duration, 2);
}

/* With -a on both sides the sizes are the sweep's: not compared. */
static void test_mismatch_all_sizes_ignores_size(void **state)
{
	struct rp_params l = base_params, r = base_params;
	char msg[128];

	(void)state;
	l.flags = r.flags = RP_PF_ALL_SIZES | RP_PF_VALIDATE;
	r.size = 2;
	assert_false(rp_params_mismatch(&l, &r, msg, sizeof(msg)));
	r.iters = 1000;
	assert_true(rp_params_mismatch(&l, &r, msg, sizeof(msg)));
	assert_string_equal(msg, "iterations: local 5000, remote 1000");
}

/* HELLO fields a peer could abuse are bounded before anyone uses them. */
static void test_params_out_of_bounds(void **state)
{
	static const struct rp_params good = {
		.test = 1,
		.size = 8,
		.iters = 5,
		.num_qps = 1,
		.num_rails = 1,
	};
	struct rp_params p, q;
	uint8_t buf[64];
	size_t n;

	(void)state;
	n = rp_msg_encode_params(buf, sizeof(buf), &good);
	assert_int_equal(rp_msg_decode_params(buf, n, &q), 0);
	p = good;
	p.test = 0;
	n = rp_msg_encode_params(buf, sizeof(buf), &p);
	assert_int_equal(rp_msg_decode_params(buf, n, &q), -EBADMSG);
	p = good;
	p.test = RP_TEST_ATOMIC_LAT; /* 9: the last known test */
	n = rp_msg_encode_params(buf, sizeof(buf), &p);
	assert_int_equal(rp_msg_decode_params(buf, n, &q), 0);
	assert_int_equal(q.test, RP_TEST_ATOMIC_LAT);
	p = good;
	p.test = 10;
	n = rp_msg_encode_params(buf, sizeof(buf), &p);
	assert_int_equal(rp_msg_decode_params(buf, n, &q), -EBADMSG);
	p = good;
	p.num_qps = 0;
	n = rp_msg_encode_params(buf, sizeof(buf), &p);
	assert_int_equal(rp_msg_decode_params(buf, n, &q), -EBADMSG);
	p = good;
	p.num_qps = RP_MAX_QPS + 1;
	n = rp_msg_encode_params(buf, sizeof(buf), &p);
	assert_int_equal(rp_msg_decode_params(buf, n, &q), -EBADMSG);
	p = good;
	p.num_rails = RP_MAX_RAILS + 1;
	n = rp_msg_encode_params(buf, sizeof(buf), &p);
	assert_int_equal(rp_msg_decode_params(buf, n, &q), -EBADMSG);
	p = good;
	p.size = 0;
	n = rp_msg_encode_params(buf, sizeof(buf), &p);
	assert_int_equal(rp_msg_decode_params(buf, n, &q), -EBADMSG);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_type_str),
		cmocka_unit_test(test_hdr_encode_bytes),
		cmocka_unit_test(test_hdr_round_trip),
		cmocka_unit_test(test_hdr_foreign_bytes),
		cmocka_unit_test(test_hdr_other_version),
		cmocka_unit_test(test_hdr_bad_type),
		cmocka_unit_test(test_hdr_bad_length),
		cmocka_unit_test(test_hdr_small_err_buffer),
		cmocka_unit_test(test_params_bytes_and_round_trip),
		cmocka_unit_test(test_params_out_of_bounds),
		cmocka_unit_test(test_params_bad_length),
		cmocka_unit_test(test_params_small_buffer),
		cmocka_unit_test(test_rail_bytes_one_qp),
		cmocka_unit_test(test_rail_max_qps),
		cmocka_unit_test(test_rail_gid_index_none),
		cmocka_unit_test(test_rail_truncated),
		cmocka_unit_test(test_rail_bad_qp_count),
		cmocka_unit_test(test_rail_probe),
		cmocka_unit_test(test_rail_24bit_fields),
		cmocka_unit_test(test_rail_gid_index_bounds),
		cmocka_unit_test(test_rail_gid_type_bounds),
		cmocka_unit_test(test_rail_mtu_bounds),
		cmocka_unit_test(test_rail_ndev_mtu_bounds),
		cmocka_unit_test(test_rail_mtu_high_bytes),
		cmocka_unit_test(test_rail_phys_port),
		cmocka_unit_test(test_result_bytes_and_round_trip),
		cmocka_unit_test(test_result_bad_numbers),
		cmocka_unit_test(test_result_failure_bytes),
		cmocka_unit_test(test_result_reason_printable),
		cmocka_unit_test(test_verdict_bytes_and_round_trip),
		cmocka_unit_test(test_verdict_ok_values),
		cmocka_unit_test(test_counts_round_trip),
		cmocka_unit_test(test_counts_bounds),
		cmocka_unit_test(test_error_text),
		cmocka_unit_test(test_error_text_limit),
		cmocka_unit_test(test_mismatch_equal),
		cmocka_unit_test(test_mismatch_fields),
		cmocka_unit_test(test_flags_known),
		cmocka_unit_test(test_mismatch_atomic),
		cmocka_unit_test(test_mismatch_probe),
		cmocka_unit_test(test_params_follow),
		cmocka_unit_test(test_mismatch_all_sizes_ignores_size),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
