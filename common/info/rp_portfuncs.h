/* SPDX-License-Identifier: MIT */
/*
 * rp_portfuncs.h - the other PCI functions (RDMA devices) that reach the
 * same physical port of the same NIC as a rail, and whether each is
 * configured with an address. On DGX Spark each QSFP port is reached
 * through two PCI functions, one on each of the two PCIe Gen5 x4 links
 * (rocep1s0f0 and roceP2p1s0f0 are port p0): with only one of them given
 * an IP address, a "dual-rail" run over that port moves one PCIe link's
 * worth, about half the port (public reports: NCCL near 100 Gb/s over a
 * 200G cable). Same NIC and port: rp_nicport's key (sys_image_guid and
 * phys_port_name). Configured: the port's GID table holds an entry that is
 * neither empty nor link-local (RoCE adds a GID for each address of the
 * netdev).
 */
#ifndef RP_PORTFUNCS_H
#define RP_PORTFUNCS_H

#include <stdbool.h>

#include "net/rp_gid.h"

#define RP_PORTFUNCS_MAX 8

struct rp_portfunc {
	char dev[64];		/* RDMA device */
	unsigned int port;	/* its verbs port */
	char ndev[RP_NDEV_LEN]; /* its netdev, "" unknown */
	bool configured;	/* an address (a GID beyond link-local) */
};

struct rp_portfuncs {
	unsigned int n;
	struct rp_portfunc f[RP_PORTFUNCS_MAX];
};

/*
 * rp_port_configured - true when port @port of RDMA device @dev under
 * @sysroot has a GID (class/infiniband/DEV/ports/PORT/gids/N) that is
 * neither empty nor link-local.
 */
bool rp_port_configured(const char *sysroot, const char *dev,
			unsigned int port);

/*
 * rp_portfuncs_read - every RoCE port under @sysroot's class/infiniband
 * but @dev's port @port whose NIC and physical port are @key
 * (rp_nicport's key; one that does not start with a sys_image_guid
 * matches nothing), at most RP_PORTFUNCS_MAX, into @pf. Returns their
 * number.
 */
unsigned int rp_portfuncs_read(const char *sysroot, const char *dev,
			       unsigned int port, const char *key,
			       struct rp_portfuncs *pf);

#endif /* RP_PORTFUNCS_H */
