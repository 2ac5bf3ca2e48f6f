/* SPDX-License-Identifier: MIT */
/*
 * rp_msg.h - railperf's control messages: encode and decode.
 *
 * Every message is a 12-byte header - magic "RPF1", protocol version (u16),
 * type (u16), payload length (u32), all big-endian - then the payload. A
 * decoder accepts exactly the length its type defines and never trusts a
 * count from the peer before bounding it. No sockets here: rp_ctrl moves
 * the bytes.
 */
#ifndef RP_MSG_H
#define RP_MSG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "proto/rp_proto.h"

#define RP_MSG_MAGIC 0x52504631u /* "RPF1" */
/* 2: RAIL carries the NIC and port; 3: HELLO may name rail_write_lat and
 * carry -b, which a version-2 peer would ignore; 4: COUNTS during a -b
 * run, which a version-3 peer would refuse; 5: rail_write_lat's counter
 * byte is 7 bits and a pause flag, which a version-4 peer would wait on
 * forever; 6: RESULT carries the rail thread's CPU (32 bytes more), which
 * a version-5 peer would refuse as malformed; 7: RESULT carries a rail's
 * failure (flag, time, reason: 172 bytes more), so that both sides name
 * the rail that failed; 8: RAIL carries the netdev MTU (4 bytes before
 * the QP count), so that each side names an MTU that differs between
 * the two ends of a rail; 9: HELLO may name rail_atomic_bw and
 * rail_atomic_lat and carry the atomic verbs' flags, which a version-8
 * peer would refuse as malformed; 10: RAIL may end with the latency
 * probe's QP (its entry and its READs in flight, 32 bytes) and HELLO
 * carry its verb (RP_PF_PROBE_*), so that both sides of rail_multi_bw
 * --lat_probe agree on it; a version-9 peer would refuse such a RAIL as
 * malformed */
#define RP_PROTO_VERSION 10
#define RP_MSG_HDR_LEN 12
#define RP_MSG_MAX_PAYLOAD (64u * 1024)
#define RP_MSG_ERROR_MAX 512 /* bytes of text in an ERROR message */
/* RESULT's payload: 5 x 8, struct rp_cpu (4 x u64), struct rp_fail (u32,
 * u64, the reason's RP_FAIL_WHY_LEN bytes, NUL-padded) */
#define RP_MSG_RESULT_LEN (72 + 12 + RP_FAIL_WHY_LEN)
/* RAIL's payload: RP_MSG_RAIL_FIXED_LEN bytes (NIC GUID, port, GID, MTU,
 * QP count, ...), then one RP_MSG_RAIL_QP_LEN entry per QP: qpn, psn,
 * rkey (u32), then addr, len (u64) at RP_MSG_RAIL_QP_ADDR_OFF. Public
 * for the fault shims that rewrite a RAIL on its way out. */
#define RP_MSG_RAIL_FIXED_LEN 64
#define RP_MSG_RAIL_QP_LEN 28
#define RP_MSG_RAIL_QP_ADDR_OFF 12

enum rp_msg_type {
	RP_MSG_HELLO = 1,    /* struct rp_params */
	RP_MSG_RAIL = 2,     /* struct rp_rail_addr of one rail */
	RP_MSG_READY = 3,    /* empty: barrier */
	RP_MSG_RESULT = 4,   /* struct rp_result: client's row */
	RP_MSG_VERDICT = 5,  /* struct rp_verdict: --validate's data check
				 * (WRITE: the server's; READ: the client's) */
	RP_MSG_BYE = 6,	     /* empty: orderly end */
	RP_MSG_ERROR = 7,    /* text: the sender is giving up */
	RP_MSG_PROGRESS = 8, /* empty: heartbeat during a long run */
	RP_MSG_COUNTS = 9,   /* struct rp_counts: -b --interval, each tick */
	RP_MSG_TYPE_MAX = 9,
};

enum rp_param_flags {
	RP_PF_ALL_SIZES = 1 << 0,
	RP_PF_VALIDATE = 1 << 1,
	RP_PF_INFINITE = 1 << 2,  /* --run_infinitely */
	RP_PF_RDMA_CM = 1 << 3,	  /* -R */
	RP_PF_BIDIR = 1 << 4,	  /* -b: both sides send */
	RP_PF_READ = 1 << 5,	  /* the verb is READ (enum rp_verb) */
	RP_PF_SEND = 1 << 6,	  /* the verb is SEND */
	RP_PF_IMM = 1 << 7,	  /* the verb is WRITE with immediate */
	RP_PF_FETCH_ADD = 1 << 8, /* the verb is FETCH_AND_ADD */
	RP_PF_CMP_SWAP = 1 << 9,  /* the verb is CMP_AND_SWAP */
	/* rail_multi_bw --lat_probe: a probe QP per rail, and its verb (the
	 * top bits, apart from the verbs' own) */
	RP_PF_PROBE_READ = 1 << 12,  /* RDMA READ probe (the default) */
	RP_PF_PROBE_WRITE = 1 << 13, /* RDMA WRITE ping-pong probe */
	/* every bit this version knows */
	RP_PF_KNOWN = ((1 << 10) - 1) | RP_PF_PROBE_READ | RP_PF_PROBE_WRITE,
};

/* Test parameters both sides must agree on (sent in HELLO). */
struct rp_params {
	uint16_t test;	   /* enum rp_test */
	uint16_t flags;	   /* enum rp_param_flags */
	uint64_t size;	   /* bytes */
	uint64_t iters;	   /* per QP */
	uint32_t duration; /* s, 0 = iteration mode */
	uint32_t num_qps;  /* per rail */
	uint32_t num_rails;
};

/* The largest COUNTS payload: seq, n and RP_MAX_RAILS counts, bytes. */
#define RP_COUNTS_MAX_LEN (8 + 8 * RP_MAX_RAILS)

/* What one side of a -b run has sent so far, per rail (COUNTS): the
 * peer's receive direction, since RDMA WRITE leaves no trace at the
 * target. */
struct rp_counts {
	uint32_t seq;		     /* interval tick, from 1 */
	uint32_t n;		     /* rails, <= RP_MAX_RAILS */
	uint64_t done[RP_MAX_RAILS]; /* WRs completed since the start */
};

struct rp_msg_hdr {
	uint32_t magic;
	uint16_t version;
	uint16_t type;
	uint32_t len;
};

/* rp_msg_type_str - "HELLO", "RAIL", ...; "?" for an unknown type. */
const char *rp_msg_type_str(unsigned int type);

/* rp_msg_hdr_encode - write the 12-byte header for @type, @len to @out. */
void rp_msg_hdr_encode(uint8_t out[RP_MSG_HDR_LEN], uint16_t type,
		       uint32_t len);

/*
 * rp_msg_hdr_decode - parse and check a header: magic, version, known type,
 * payload length <= RP_MSG_MAX_PAYLOAD. On failure writes a one-line reason
 * to @err (foreign bytes are shown as text) and returns -EBADMSG
 * (-EPROTONOSUPPORT for another protocol version).
 */
int rp_msg_hdr_decode(const uint8_t in[RP_MSG_HDR_LEN], struct rp_msg_hdr *h,
		      char *err, size_t err_len);

/*
 * Payload encoders write to @out (capacity @cap) and return the payload
 * length, or 0 when @cap is too small. Decoders return 0 or -EBADMSG when
 * the length or a field is out of bounds.
 */
size_t rp_msg_encode_params(uint8_t *out, size_t cap,
			    const struct rp_params *p);
int rp_msg_decode_params(const uint8_t *in, size_t len, struct rp_params *p);

/*
 * RAIL: 64 fixed bytes, a 28-byte entry per QP (num_qps of them), then,
 * when a->num_probe is 1, the latency probe QP's entry and the READs in
 * flight it takes (u32, 1 .. 255); the decoder takes num_probe from the
 * length (exactly the QPs' entries, or 32 bytes more).
 */
size_t rp_msg_encode_rail(uint8_t *out, size_t cap,
			  const struct rp_rail_addr *a);
int rp_msg_decode_rail(const uint8_t *in, size_t len, struct rp_rail_addr *a);

size_t rp_msg_encode_result(uint8_t *out, size_t cap,
			    const struct rp_result *r);
int rp_msg_decode_result(const uint8_t *in, size_t len, struct rp_result *r);

size_t rp_msg_encode_verdict(uint8_t *out, size_t cap,
			     const struct rp_verdict *v);
int rp_msg_decode_verdict(const uint8_t *in, size_t len, struct rp_verdict *v);

/*
 * rp_msg_encode_counts / rp_msg_decode_counts - COUNTS: seq (u32), n (u32),
 * then n u64 counts. Encode returns the bytes written (0 if @cap is too
 * small or n > RP_MAX_RAILS); decode accepts exactly 8 + 8 n bytes with
 * 1 <= n <= RP_MAX_RAILS, else -EBADMSG.
 */
size_t rp_msg_encode_counts(uint8_t *out, size_t cap,
			    const struct rp_counts *c);
int rp_msg_decode_counts(const uint8_t *in, size_t len, struct rp_counts *c);

/*
 * rp_msg_decode_error - copy an ERROR payload into @text (NUL-terminated,
 * non-printable bytes replaced by '?', at most RP_MSG_ERROR_MAX bytes).
 */
void rp_msg_decode_error(const uint8_t *in, size_t len, char *text,
			 size_t text_len);

/*
 * rp_params_mismatch - compare the fields both sides must agree on. Returns
 * false if equal; else true with "size: local 65536, remote 4096" in @msg.
 */
bool rp_params_mismatch(const struct rp_params *local,
			const struct rp_params *remote, char *msg, size_t len);

/*
 * rp_params_passive_server - true when the server of the test @server (the
 * server's parameters) measures nothing and prints the client's results:
 * one-way WRITE, READ or atomic bandwidth (rail_write_bw, rail_read_bw,
 * rail_atomic_bw, rail_multi_bw; not -b, SEND, WRITE with immediate or
 * --run_infinitely), rail_read_lat and rail_atomic_lat, as perftest's
 * write_bw.c, read_bw.c, atomic_bw.c, read_lat.c and atomic_lat.c
 * servers.
 */
bool rp_params_passive_server(const struct rp_params *server);

/*
 * rp_params_follow - a passive server (rp_params_passive_server) given no
 * -D runs what the client runs, as perftest's does (it never compares
 * -D): when @client has a duration, @server takes it and the client's
 * iterations. Returns true when @server changed. Both sides call it on
 * their copies before rp_params_mismatch, so that both agree.
 */
bool rp_params_follow(struct rp_params *server, const struct rp_params *client);

#endif /* RP_MSG_H */
