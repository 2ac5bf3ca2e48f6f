/* SPDX-License-Identifier: MIT */
/*
 * rp_railinfo_host.h - the host as rail_info sees it: which rails share a
 * PCIe link, a physical port or a NIC, what all rails together can move
 * (rp_railset.h: per direction, RDMA WRITE of RP_RAILINFO_MSG bytes) and
 * the smallest set of devices that reaches it, as a -d value.
 */
#ifndef RP_RAILINFO_HOST_H
#define RP_RAILINFO_HOST_H

#include "info/rp_railinfo_port.h"
#include "topo/rp_railset.h"

#define RP_RAILINFO_GROUPS 64

struct rp_railinfo_host {
	unsigned int n;				  /* rails: the ACTIVE ports */
	unsigned int idx[RP_RAILSET_MAX];	  /* their index in ri->p */
	struct rp_railset_rail r[RP_RAILSET_MAX]; /* pointing into ri */
	double aggregate;      /* receiving, Gb/s per direction, 0 unknown */
	double aggregate_send; /* sending, Gb/s per direction, 0 unknown */
	char why[192];	       /* aggregate 0: the reason */
	unsigned int ngroups;
	struct rp_railset_group g[RP_RAILINFO_GROUPS];
	unsigned int nsuggest;		   /* 0: no suggestion */
	char suggest[RP_RAILSET_MAX * 72]; /* "rocep1s0f0,roceP2p1s0f1" */
	char nccl[RP_RAILSET_MAX * 72];	   /* NCCL_IB_HCA's value for them */
	char ucx[RP_RAILSET_MAX * 72];	   /* UCX_NET_DEVICES's value */
};

/*
 * rp_railinfo_host - fill @h from @ri (which must outlive it): the ACTIVE
 * ports as rails (each with its ceiling, PCIe path and physical port),
 * their shared groups (their ceilings receiving), the aggregate ceiling
 * receiving and sending and the suggested -d value (receiving)
 * ("dev" for port 1, "dev:port" otherwise), with the same rails as NCCL
 * and UCX take them: NCCL_IB_HCA "=dev:port,..." (a list of device:port,
 * "=" for exact names, else each is a prefix: NVIDIA NCCL's environment
 * variable documentation and src/transport/net_ib.cc, ncclIbInit) and
 * UCX_NET_DEVICES "dev:port,..." (UCX's ucp_context.c NET_DEVICES; Open
 * MPI's UCX notes: mlx5_0:1 is device mlx5_0 port 1). An ACTIVE port without a known
 * ceiling makes the aggregate unknown (@h->why says which). Returns 0, or
 * -E2BIG with more than RP_RAILSET_MAX active ports.
 */
int rp_railinfo_host(const struct rp_railinfo *ri, struct rp_railinfo_host *h);

/*
 * rp_railinfo_group_names - the devices of group @g (rails of @h) joined
 * by ", " into @buf. Returns @buf.
 */
const char *rp_railinfo_group_names(const struct rp_railinfo_host *h,
				    const struct rp_railset_group *g, char *buf,
				    size_t len);

#endif /* RP_RAILINFO_HOST_H */
