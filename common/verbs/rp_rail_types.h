/* SPDX-License-Identifier: MIT */
/*
 * rp_rail_types.h - the types of a rail: its configuration and its
 * resources (device port, PD, MR, CQ, RC QPs). Apart from rp_rail.h so
 * that rp_qp, which creates and moves the QPs of a rail, and rp_rail,
 * which brings a whole rail up, share them without including each other.
 */
#ifndef RP_RAIL_TYPES_H
#define RP_RAIL_TYPES_H

#include <stdbool.h>
#include <stdint.h>
#include <infiniband/verbs.h>

#include "net/rp_gid.h"
#include "proto/rp_proto.h"
#include "topo/rp_numa.h"
#include "verbs/rp_dev.h"
#include "verbs/rp_cuda.h"
#include "verbs/rp_mem.h"

struct rp_rail_cfg {
	const char *dev;       /* device name, NULL = first */
	unsigned int port;     /* device port */
	int gid_index;	       /* -x, -1 = choose */
	unsigned int num_qps;  /* 1 .. RP_MAX_QPS */
	unsigned int tx_depth; /* send queue depth per QP, WRs */
	/* receive queue depth per QP, WRs (-r: SEND's pre-posted receives);
	 * 0 = 1, the one receive RDMA verbs' QPs are created with */
	unsigned int rx_depth;
	uint64_t slice;	   /* bytes of buffer per QP, > 0 */
	uint64_t max_msg;  /* largest message, bytes; 0 = not checked */
	unsigned int mtu;  /* bytes, 0 = port's active MTU */
	enum rp_verb verb; /* the test's: READ raises rd_atomic's default */
	/* outstanding RDMA READs per QP (-o), both as initiator (RTS) and
	 * responder (RTR); 0 = the verb's default: READ the device's
	 * max_qp_rd_atom (perftest's), else 1 (rp_rail_rd_atomic) */
	unsigned int rd_atomic;
	unsigned int max_inline; /* -I: inline bytes each QP must take */
	unsigned int qp_timeout; /* -u: ACK timeout 4.096 us * 2^t, 0 .. 31
				  * (rp_session sets both from the options) */
	bool hugepages;
	const struct rp_gpu *gpu; /* --use_cuda: the buffer is this GPU's
				   * memory (rp_cuda.h), NULL: host */
	uint8_t traffic_class;	  /* --tclass: the GRH's traffic class */
	bool no_relaxed;	  /* --disable_pcie_relaxed: MR without RO */
	bool old_post_send;	  /* --use_old_post_send: never ibv_wr_* */
	bool new_post_send;	  /* --use_new_post_send: ibv_wr_* or fail */
	/* the first fill_bytes of each QP's slice (at most the slice)
	 * hold rp_pattern_fill's bytes before its rkey is handed out (the
	 * source of a validated READ; -b: the lower half); the rest zeros */
	uint64_t fill_bytes;
	bool strict_order;   /* MR without relaxed ordering: the last byte of
			    * a WRITE lands last (rail_write_lat polls it) */
	bool bind_numa;	     /* bind the buffer to numa_node (else none) */
	struct rp_bind bind; /* the thread that builds the rail (rp_session) */
	int numa_node;
	/* rail_multi_bw --lat_probe: one more QP for a latency probe, on a
	 * CQ and a one-page buffer of its own (rp_probeqp.h), posting
	 * @probe_verb (RP_VERB_READ or RP_VERB_WRITE) */
	bool probe;
	enum rp_verb probe_verb;
	bool ipv6;	  /* GID choice: IPv6 before IPv4-mapped */
	bool peer_known;  /* peer holds the peer's IPv4 address */
	uint8_t peer[16]; /* IPv4-mapped; prefers a GID in its subnet */
};

/*
 * A rail's latency probe (rail_multi_bw --lat_probe; rp_probeqp.h): an RC
 * QP on the rail's port and PD with a CQ of its own on a completion
 * channel (never the bandwidth QPs' CQ, whose completions CQ moderation
 * holds back), and one page of its own, registered apart from the rail's
 * MR: the bandwidth slices and --validate's bytes never share a byte with
 * it. READ reads the peer's page; WRITE (a ping-pong of RDMA WRITE with
 * immediate, so that each side's arrival is a completion) sends from the
 * lower half into the peer's upper half, with receives kept posted.
 */
struct rp_probeqp {
	bool on;
	enum rp_verb verb;	     /* RP_VERB_READ or RP_VERB_WRITE */
	struct ibv_comp_channel *ch; /* non-blocking fd */
	struct ibv_cq *cq;
	struct ibv_qp *qp;
	struct ibv_mr *mr;
	void *buf; /* page-aligned, len bytes */
	size_t len;
	uint32_t psn;
	/* READs in flight the QP takes: this side's device bound
	 * (rp_probeqp_init), then the lower of both sides' (connected) */
	unsigned int rd_atomic;
	unsigned int rx_posted; /* WRITE: receives posted now */
	struct rp_qp_addr peer; /* the peer's probe QP (rp_rail_connect) */
};

struct rp_rail {
	struct rp_dev dev;
	int gid_index; /* -1: no GRH (InfiniBand without -x) */
	struct rp_gid_entry gid;
	char gid_why[192]; /* one line: why this GID */
	struct rp_buf buf;
	uint64_t slice;
	struct ibv_pd *pd;
	struct ibv_mr *mr;
	bool relaxed_ordering; /* MR registered with RELAXED_ORDERING asked
				* for (the kernel may drop it unsaid) */
	bool no_relaxed;       /* ... not asked for (--disable_pcie_relaxed) */
	char ro_suspect[40];   /* a bridge above it perftest lists as not
				* relaxed-ordering compliant, "" none
				* (rp_pcie_ro_suspect) */
	uint8_t traffic_class; /* GRH traffic class at RTR (--tclass) */
	struct ibv_cq *cq;
	unsigned int num_qps;
	unsigned int tx_depth;
	unsigned int rx_depth; /* receive queue depth per QP, >= 1 */
	enum rp_verb verb;     /* the test's (the QPs' ibv_wr_* ops) */
	unsigned int rd_atomic;
	unsigned int max_inline; /* asked for; each QP has at least it */
	unsigned int qp_timeout;
	struct ibv_qp **qp;
	struct ibv_qp_ex **qpx; /* NULL entries: no ibv_wr_* API */
	uint32_t *psn;
	bool wr_api;	       /* QPs post with the ibv_wr_* API */
	bool old_post_send;    /* --use_old_post_send: ibv_post_send only */
	bool new_post_send;    /* --use_new_post_send: ibv_wr_* on any device */
	enum ibv_mtu mtu;      /* local choice; negotiated by rp_rail_connect */
	struct rp_bind bind;   /* the binding asked for (its worker's too) */
	struct rp_bound bound; /* the binding it was built under */
	struct rp_probeqp probe; /* --lat_probe; probe.on false: none */
};

/* rp_rail_slice - start of QP @i's slice in the local buffer. */
static inline void *rp_rail_slice(const struct rp_rail *r, unsigned int i)
{
	return (char *)r->buf.addr + (uint64_t)i * r->slice;
}

#endif /* RP_RAIL_TYPES_H */
