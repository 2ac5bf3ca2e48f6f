/* SPDX-License-Identifier: MIT */
/*
 * rp_netdev.h - what sysfs says about a GID's netdev: is it a bond or a
 * bond member (RDMA traffic does not go through the Linux bond), its MTU,
 * and which netdev belongs to an RDMA port. Every function takes the sysfs
 * root ("/sys" on a live system, a fixture tree in tests).
 */
#ifndef RP_NETDEV_H
#define RP_NETDEV_H

#include <stddef.h>

#include "net/rp_gid.h"

enum rp_bond_role {
	RP_BOND_NONE = 0, /* neither, or sysfs does not say */
	RP_BOND_MASTER,	  /* the netdev is a bond (bonding/) */
	RP_BOND_MEMBER,	  /* enslaved to a bond (bonding_slave/) */
};

struct rp_bond {
	enum rp_bond_role role;
	char bond[RP_NDEV_LEN]; /* the bond: the netdev or its master */
	char members[160];	/* the bond's members, space-separated */
};

/*
 * rp_netdev_bond - fill @b for netdev @ndev under @sysroot: a bond if
 * class/net/NDEV/bonding exists (members from bonding/slaves), a member if
 * class/net/NDEV/bonding_slave exists (the bond is the target of
 * class/net/NDEV/master). role RP_BOND_NONE otherwise, or when @ndev is
 * empty. Returns 0; never fails (missing files mean "not a bond").
 */
int rp_netdev_bond(const char *sysroot, const char *ndev, struct rp_bond *b);

/*
 * rp_bond_warning - one line for a GID on a bond or member, e.g. "GID
 * netdev bond0 is a bond (members enp1s0f0np0 enp1s0f1np1): RDMA traffic
 * bypasses the bond (its hashing, failover and counters), so this rail is
 * one device's port, not the bond". Returns @buf, or NULL for RP_BOND_NONE.
 */
const char *rp_bond_warning(const char *ndev, const struct rp_bond *b,
			    char *buf, size_t len);

/*
 * rp_netdev_mtu - the netdev's MTU in bytes (class/net/NDEV/mtu) in *@mtu.
 * Returns 0 or -errno.
 */
int rp_netdev_mtu(const char *sysroot, const char *ndev, unsigned int *mtu);

/*
 * rp_roce_active_mtu - the RoCE path MTU a netdev MTU allows, as the kernel
 * computes it (iboe_get_mtu: the largest of 256..4096 not above the netdev
 * MTU less 96 bytes of GRH, UDP, BTH and extension headers and ICRC).
 * 0 below 352. E.g. 1500 -> 1024, 9000 -> 4096.
 */
unsigned int rp_roce_active_mtu(unsigned int netdev_mtu);

/*
 * rp_ibdev_port_netdev - the netdev of port @port of RDMA device @ibdev: a
 * netdev under class/infiniband/IBDEV/device/net whose dev_port is
 * @port - 1 (or the only one there), else the "parent" attribute
 * (Soft-RoCE). Empty @buf and -ENOENT when none is found.
 */
int rp_ibdev_port_netdev(const char *sysroot, const char *ibdev,
			 unsigned int port, char *buf, size_t len);

#endif /* RP_NETDEV_H */
