/* SPDX-License-Identifier: MIT */
/*
 * rp_proto.h - the types both ends of a test agree on: limits, a rail's
 * and a QP's addressing, a result row and a --validate verdict. Plain data
 * with no verbs types, so that the codec (rp_msg) and its fuzzer build
 * without libibverbs; the engines and reports use these types without the
 * codec.
 */
#ifndef RP_PROTO_H
#define RP_PROTO_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#define RP_MAX_RAILS 16 /* rails per test */
#define RP_MAX_QPS 1024 /* per rail; bounds the RAIL message */

/*
 * Values of libibverbs' enums as they travel in RAIL (verbs.h: enum
 * ibv_link_layer, enum ibv_mtu; part of its ABI). rp_rail checks at
 * compile time that they match.
 */
#define RP_LINK_LAYER_IB 1  /* IBV_LINK_LAYER_INFINIBAND */
#define RP_LINK_LAYER_ETH 2 /* IBV_LINK_LAYER_ETHERNET */
#define RP_WIRE_MTU_MIN 1   /* IBV_MTU_256 */
#define RP_WIRE_MTU_MAX 5   /* IBV_MTU_4096 */

/* Test identities; also carried on the wire, so values never change. */
enum rp_test {
	RP_TEST_WRITE_BW = 1,
	RP_TEST_READ_LAT = 2,
	RP_TEST_MULTI_BW = 3,
	RP_TEST_WRITE_LAT = 4,
	RP_TEST_READ_BW = 5,
	RP_TEST_SEND_BW = 6,
	RP_TEST_SEND_LAT = 7,
	RP_TEST_ATOMIC_BW = 8,
	RP_TEST_ATOMIC_LAT = 9,
};

/*
 * The verb a bandwidth test moves its data with (rp_bw_cfg, rp_rail_cfg).
 * WRITE: the client's slices into the server's; READ: the client reads the
 * server's slices into its own (the data arrives at the client); SEND: the
 * client's slices into receives the server pre-posts (the server polls a
 * receive completion per message); FETCH_ADD, CMP_SWAP: an 8-byte atomic
 * on a word of the server's slice, its old value returned into the
 * client's (perftest's ATOMIC verb, -A).
 */
enum rp_verb {
	RP_VERB_WRITE = 0,
	RP_VERB_READ = 1,
	RP_VERB_SEND = 2,
	/* --write_with_imm: a WRITE as RP_VERB_WRITE's that also consumes a
	 * receive the server pre-posted (a receive completion per message) */
	RP_VERB_WRITE_IMM = 3,
	/* an atomic fetch and add (IBV_WR_ATOMIC_FETCH_AND_ADD) of 1 on an
	 * 8-byte word of the peer's (perftest's ATOMIC_ADD_VALUE) */
	RP_VERB_FETCH_ADD = 4,
	/* an atomic compare and swap (IBV_WR_ATOMIC_CMP_AND_SWP) */
	RP_VERB_CMP_SWAP = 5,
};

/* rp_verb_atomic - true for the atomic verbs: 8-byte operations on an
 * aligned word of the peer's, the old value returned (READ's shape). */
static inline bool rp_verb_atomic(enum rp_verb v)
{
	return v == RP_VERB_FETCH_ADD || v == RP_VERB_CMP_SWAP;
}

/* rp_verb_recv - true for the verbs whose messages each consume a
 * receive at the peer (SEND, WRITE with immediate). */
static inline bool rp_verb_recv(enum rp_verb v)
{
	return v == RP_VERB_SEND || v == RP_VERB_WRITE_IMM;
}

/* What the peer needs to reach one QP and its buffer slice. */
struct rp_qp_addr {
	uint32_t qpn; /* 24 bits */
	uint32_t psn; /* 24 bits */
	uint32_t rkey;
	uint64_t addr; /* slice start, peer's virtual address */
	uint64_t len;  /* slice bytes */
};

/* What the peer needs to reach one rail. */
struct rp_rail_addr {
	uint16_t lid;
	uint8_t link_layer; /* IBV_LINK_LAYER_* */
	uint8_t gid_type;   /* enum rp_gid_type */
	int32_t gid_index;  /* -1: no GRH */
	uint8_t gid[16];
	uint8_t mtu;	    /* enum ibv_mtu this side can use */
	uint32_t rd_atomic; /* outstanding READs this side accepts */
	uint64_t nic_guid;  /* the NIC's sys_image_guid, 0 unknown */
	char phys_port[16]; /* its physical port (rp_nicport): "p0", "port1" */
	uint32_t ndev_mtu;  /* its netdev's MTU, bytes, 0 unknown (InfiniBand
			     * without IPoIB, or unreadable) */
	uint32_t num_qps;
	struct rp_qp_addr qp[RP_MAX_QPS];
	/* rail_multi_bw --lat_probe: the rail's latency probe QP and its
	 * buffer (its own page and MR, apart from the slices); 0 or 1; the
	 * READs in flight its probe QP takes (1 .. 255) */
	uint32_t num_probe;
	struct rp_qp_addr probe;
	uint32_t probe_rd_atomic;
};

/* The CPU a rail's thread used over its run (getrusage RUSAGE_THREAD),
 * and the bytes it moved in that span; all 0 when not measured. */
struct rp_cpu {
	uint64_t user_ns; /* user time */
	uint64_t sys_ns;  /* system time */
	uint64_t wall_ns; /* the span: from the start to the thread's end */
	uint64_t bytes;	  /* bytes its completed messages carried then */
};

#define RP_FAIL_WHY_LEN 160 /* bytes of a failure's reason, with its NUL */

/* A rail whose run failed (its QP's error, a stall): when, from the run's
 * start, and why (the line the engine printed, without its time); all 0
 * for a rail that ran to its end. */
struct rp_fail {
	uint32_t failed; /* 1: the rail failed, 0: it did not */
	uint64_t at_ns;	 /* from the run's start (the rails' common t0) */
	char why[RP_FAIL_WHY_LEN];
};

/* One bandwidth row (sent in RESULT). Units as printed: MiB/s or Gb/s. */
struct rp_result {
	uint64_t size;	/* bytes */
	uint64_t iters; /* messages counted */
	double bw_peak;
	double bw_avg;
	double msg_rate;     /* Mpps */
	struct rp_cpu cpu;   /* a rail's thread (rail_multi_bw), else 0 */
	struct rp_fail fail; /* rail_multi_bw: this rail failed mid-run */
};

/* Outcome of the server's check of the bytes that arrived (VERDICT). */
struct rp_verdict {
	uint32_t ok; /* 1 = every byte as expected */
	uint32_t rail;
	uint32_t qp;
	uint64_t offset; /* first bad byte within the QP's slice */
	uint8_t expected;
	uint8_t got;
};

/*
 * rp_rail_addr_same_port - true when the two ends of a rail are one NIC
 * (same sys_image_guid) and one physical port of it: RoCE traffic between
 * them loops inside the NIC and never reaches the wire.
 */
static inline bool rp_rail_addr_same_port(const struct rp_rail_addr *a,
					  const struct rp_rail_addr *b)
{
	return a->nic_guid && a->nic_guid == b->nic_guid &&
	       !strncmp(a->phys_port, b->phys_port, sizeof(a->phys_port));
}

#endif /* RP_PROTO_H */
