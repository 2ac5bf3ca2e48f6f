/* SPDX-License-Identifier: MIT */
/*
 * rp_rail.h - one rail: a device port with its own PD, MR, CQ and RC QPs.
 *
 * Nothing in a rail is shared with another rail; one thread drives one rail.
 * The buffer holds one slice per QP: a client's QP i sends from slice i, a
 * server's slice i receives QP i's writes.
 */
#ifndef RP_RAIL_H
#define RP_RAIL_H

#include <stdbool.h>
#include <stdint.h>
#include <infiniband/verbs.h>

#include "rp_dev.h"
#include "rp_gid.h"
#include "rp_mem.h"
#include "rp_opts.h"

struct rp_rail_cfg {
	const char *dev;	/* device name, NULL = first */
	unsigned int port;	/* device port */
	int gid_index;		/* -x, -1 = choose */
	unsigned int num_qps;	/* 1 .. RP_MAX_QPS */
	unsigned int tx_depth;	/* send queue depth per QP, WRs */
	uint64_t slice;		/* bytes of buffer per QP, > 0 */
	uint64_t max_msg;	/* largest message, bytes; 0 = not checked */
	unsigned int mtu;	/* bytes, 0 = port's active MTU */
	unsigned int rd_atomic;	/* outstanding RDMA READs per QP, 0 = 1 */
	unsigned int max_inline; /* -I: inline bytes each QP must take */
	unsigned int qp_timeout; /* -u: ACK timeout 4.096 us * 2^t, 0 .. 31
				  * (rp_session sets both from the options) */
	bool hugepages;
	bool fill_pattern;	/* each QP's slice holds rp_pattern_fill's
				 * bytes before its rkey is handed out (the
				 * source of a validated READ); else zeros */
	bool bind_numa;		/* bind the buffer to numa_node (else none) */
	int numa_node;
	bool ipv6;		/* GID choice: IPv6 before IPv4-mapped */
	bool peer_known;	/* peer holds the peer's IPv4 address */
	uint8_t peer[16];	/* IPv4-mapped; prefers a GID in its subnet */
};

/* What the peer needs to reach one QP and its buffer slice. */
struct rp_qp_addr {
	uint32_t qpn;		/* 24 bits */
	uint32_t psn;		/* 24 bits */
	uint32_t rkey;
	uint64_t addr;		/* slice start, peer's virtual address */
	uint64_t len;		/* slice bytes */
};

/* What the peer needs to reach one rail. */
struct rp_rail_addr {
	uint16_t lid;
	uint8_t link_layer;	/* IBV_LINK_LAYER_* */
	uint8_t gid_type;	/* enum rp_gid_type */
	int32_t gid_index;	/* -1: no GRH */
	uint8_t gid[16];
	uint8_t mtu;		/* enum ibv_mtu this side can use */
	uint32_t rd_atomic;	/* outstanding READs this side accepts */
	uint32_t num_qps;
	struct rp_qp_addr qp[RP_MAX_QPS];
};

struct rp_rail {
	struct rp_dev dev;
	int gid_index;		/* -1: no GRH (InfiniBand without -x) */
	struct rp_gid_entry gid;
	char gid_why[192];	/* one line: why this GID */
	struct rp_buf buf;
	uint64_t slice;
	struct ibv_pd *pd;
	struct ibv_mr *mr;
	bool relaxed_ordering;	/* MR registered with RELAXED_ORDERING */
	struct ibv_cq *cq;
	unsigned int num_qps;
	unsigned int tx_depth;
	unsigned int rd_atomic;
	unsigned int max_inline;	/* asked for; each QP has at least it */
	unsigned int qp_timeout;
	struct ibv_qp **qp;
	struct ibv_qp_ex **qpx;	/* NULL entries: no ibv_wr_* API */
	uint32_t *psn;
	bool wr_api;		/* QPs support the ibv_wr_* API */
	enum ibv_mtu mtu;	/* local choice; negotiated by rp_rail_connect */
};

/*
 * rp_rail_init - open the device and port, check cfg->max_msg against the
 * port's max_msg_sz and the TX depth, choose the GID, allocate the
 * buffer (num_qps * slice bytes), register it, create the CQ and the QPs in
 * INIT. Prints one line on the failing step and returns -errno; everything
 * taken so far is released. @r is caller-owned; release with rp_rail_fini().
 */
int rp_rail_init(struct rp_rail *r, const struct rp_rail_cfg *cfg);

/*
 * rp_rail_init_ctx - rp_rail_init for -R: on device context @ctx, port
 * @port, that rdma_cm opened and keeps; the GID is the table's entry of
 * rdma_cm's source GID @sgid (RoCE v2 before v1). Creates no QPs: the QP
 * arrays are there for rp_qp_create_cm(). Returns 0 or -errno (one line).
 */
int rp_rail_init_ctx(struct rp_rail *r, const struct rp_rail_cfg *cfg,
		     struct ibv_context *ctx, unsigned int port,
		     const uint8_t sgid[16]);

/* rp_rail_fini - destroy in reverse order; safe after a partial init. */
void rp_rail_fini(struct rp_rail *r);

/* rp_rail_local_addr - fill @a with this rail's addressing for the peer. */
void rp_rail_local_addr(const struct rp_rail *r, struct rp_rail_addr *a);

/*
 * rp_rail_connect - move every QP to RTR then RTS against @peer: path MTU
 * = min(local, peer) (stored in r->mtu), GRH with the peer's GID when a GID
 * is used, timeout cfg->qp_timeout (perftest's 14: 4.096 us * 2^14), retry
 * count 7, RNR retry 7.
 * Returns 0 or -errno (one line printed).
 */
int rp_rail_connect(struct rp_rail *r, const struct rp_rail_addr *peer);

/*
 * rp_rail_slice_bytes - bytes of buffer per QP for messages up to @max_msg
 * bytes: rounded up to the system page size (4 KiB on x86-64, often 64 KiB
 * on aarch64 kernels), so every slice starts on a page.
 */
uint64_t rp_rail_slice_bytes(uint64_t max_msg);

/* rp_rail_slice - start of QP @i's slice in the local buffer. */
static inline void *rp_rail_slice(const struct rp_rail *r, unsigned int i)
{
	return (char *)r->buf.addr + (uint64_t)i * r->slice;
}

#endif /* RP_RAIL_H */
