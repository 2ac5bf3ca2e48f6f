/* SPDX-License-Identifier: MIT */
/*
 * rp_wirefacts.h - one rail's end of the cabling, as the wiring map needs
 * it (rail_cluster_bw gathers one per rail of every host over MPI;
 * rail_info --peers prints this host's with the neighbours the kernel has
 * seen on each): its RDMA device and port, its netdev with MAC, link state
 * and MTU, its IPv4 and global IPv6 addresses with prefix lengths (its
 * subnets), its IPv6 link-local address (what neighbour discovery on its
 * segment resolves). Plain data: it travels between ranks as bytes.
 */
#ifndef RP_WIREFACTS_H
#define RP_WIREFACTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "net/rp_gid.h"
#include "net/rp_ifaddr.h"
#include "net/rp_neigh.h"

struct rp_railinfo;

#define RP_WEND_ADDRS 4		 /* subnets kept per rail */
#define RP_WEND_DEV_LEN 64	 /* RDMA device name, NUL included */
#define RP_WEND_PING_WAIT_MS 500 /* rail_info --peers: answers to the echo */

struct rp_waddr {
	uint8_t raw[16]; /* IPv4-mapped or IPv6 */
	uint32_t prefix; /* bits */
};

struct rp_wend {
	char dev[RP_WEND_DEV_LEN];
	char ndev[RP_NDEV_LEN]; /* "" none found */
	uint32_t port;
	uint32_t mtu;	 /* the netdev's MTU, bytes; 0 unknown */
	uint8_t mac[6];	 /* class/net/NDEV/address */
	uint8_t has_mac; /* ... read */
	uint8_t up;	 /* port ACTIVE and the netdev's carrier on */
	uint8_t has_ll;	 /* @ll holds the netdev's IPv6 link-local address */
	uint8_t pad[3];
	uint8_t ll[16];
	uint32_t naddr; /* addresses in @addr */
	struct rp_waddr addr[RP_WEND_ADDRS];
};

/*
 * rp_wend_read - @e for port @port of RDMA device @dev under @sysroot
 * ("/sys" or a fixture tree): the port's netdev (rp_ibdev_port_netdev),
 * its MAC, MTU, carrier and the port's state, and from @addrs the
 * netdev's IPv4 and global IPv6 addresses (at most RP_WEND_ADDRS, in
 * list order) and its first IPv6 link-local one. What sysfs lacks is left
 * unknown (0, has_* false, up false); never fails.
 */
void rp_wend_read(struct rp_wend *e, const char *sysroot,
		  const struct rp_ifaddrs *addrs, const char *dev,
		  unsigned int port);

/*
 * rp_wend_clean - @e as it came from another rank, made safe to use and
 * print: every string terminated and printable (rp_text_clean), the
 * address count and prefixes within range.
 */
void rp_wend_clean(struct rp_wend *e);

/*
 * rp_waddr_str - "10.1.1.1/24" or "fd00::1/64" of @a into @buf
 * (RP_IFADDR_STR_LEN bytes). Returns @buf.
 */
const char *rp_waddr_str(const struct rp_waddr *a, char *buf);

/*
 * rp_waddr_net - "10.1.1.0/24", the subnet of @a (host bits cleared),
 * into @buf (RP_IFADDR_STR_LEN bytes). Returns @buf.
 */
const char *rp_waddr_net(const struct rp_waddr *a, char *buf);

/*
 * rp_waddr_same_net - true when @a and @b are of one family and each
 * lies in the other's subnet: equal under the longer of their prefixes
 * (two ends of one link configured alike: 10.1.1.1/24 and 10.1.1.2/24,
 * or 10.1.1.0/31 and 10.1.1.1/31, RFC 3021).
 */
bool rp_waddr_same_net(const struct rp_waddr *a, const struct rp_waddr *b);

/*
 * rp_wend_subnet - the first pair of addresses of @a and @b in one subnet
 * (rp_waddr_same_net): their indexes in *@ia and *@ib, true; false when
 * the two ends share none.
 */
bool rp_wend_subnet(const struct rp_wend *a, const struct rp_wend *b,
		    unsigned int *ia, unsigned int *ib);

/*
 * rp_wend_print_peers - rail_info --peers for one rail to @f: a line with
 * its device, port, netdev, MAC, link, MTU and addresses, then each entry
 * of @nb on its netdev (address, MAC, state, and the rail's subnet it
 * lies in: "link local", a subnet, or "outside every subnet of NDEV"),
 * and a count of the distinct MACs resolved there (the hosts seen).
 */
void rp_wend_print_peers(FILE *f, const struct rp_wend *e,
			 const struct rp_neighs *nb);

/*
 * rp_wirefacts_peers - rail_info --peers: every rail of @ri printed by
 * rp_wend_print_peers. Live (@sysfs NULL): an ICMPv6 echo to all nodes
 * on each rail's netdev first (rp_neigh_ping_all; a warning on stderr
 * where it is not allowed), RP_WEND_PING_WAIT_MS for the answers, then
 * the kernel's table; from a sysfs tree, its files ifaddrs and neigh
 * (`ip neigh` lines; none when missing). Returns 0 or -errno after one
 * line.
 */
int rp_wirefacts_peers(FILE *f, const struct rp_railinfo *ri,
		       const char *sysfs);

#endif /* RP_WIREFACTS_H */
