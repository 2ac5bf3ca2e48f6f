/* SPDX-License-Identifier: MIT */
/*
 * rp_neigh.h - the kernel's neighbour table (ARP for IPv4, neighbour
 * discovery for IPv6: the addresses a netdev has resolved to MAC
 * addresses on its L2 segment), read with one RTM_GETNEIGH dump of
 * NETLINK_ROUTE (rtnetlink(7)) or from a fixture file; and the two ways
 * to make the kernel resolve neighbours without privilege: a UDP
 * datagram to a peer's IPv6 link-local address scoped to the netdev
 * (neighbour discovery runs before it leaves; link-local scope is never
 * routed, so only a peer on the same segment answers), and an ICMPv6
 * echo to all nodes (ff02::1) on the netdev where ping sockets are
 * allowed (net.ipv4.ping_group_range) or the caller is root.
 */
#ifndef RP_NEIGH_H
#define RP_NEIGH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "net/rp_gid.h"

#define RP_NEIGH_MAX 1024
#define RP_MAC_STR_LEN 18 /* "52:54:00:5a:01:01" */

/* One entry; IPv4 stored IPv4-mapped (::ffff:a.b.c.d), as in a GID. */
struct rp_neigh {
	char ndev[RP_NDEV_LEN]; /* "" when the index has no name */
	int ifindex;
	uint8_t raw[16];
	uint8_t mac[6];
	bool has_mac;	/* NDA_LLADDR of 6 bytes */
	uint16_t state; /* NUD_* of linux/neighbour.h */
};

/* A table. Caller-owned (about 40 KiB: allocate it). */
struct rp_neighs {
	unsigned int n;
	struct rp_neigh a[RP_NEIGH_MAX];
};

/*
 * rp_neigh_live - every IPv4 and IPv6 entry of the kernel's table (an
 * RTM_GETNEIGH dump), netdev names from their indexes. Returns 0 or
 * -errno (socket, send, recv); entries past RP_NEIGH_MAX are dropped.
 */
int rp_neigh_live(struct rp_neighs *l);

/*
 * rp_neigh_parse - the RTM_NEWNEIGH messages of one recv of a dump (@buf,
 * @len bytes) appended to @l (names left empty: the caller resolves the
 * indexes); other messages and families are skipped, a message cut short
 * ends the parse. Returns 1 when NLMSG_DONE was seen, -EIO on NLMSG_ERROR
 * with a non-zero error, else 0.
 */
int rp_neigh_parse(const void *buf, size_t len, struct rp_neighs *l);

/*
 * rp_neigh_read - a table from a text file in the layout of `ip neigh
 * show`: "ADDR dev NDEV [lladdr MAC] [router] STATE..." a line; blank
 * lines and lines starting with '#' skipped. Returns 0, -ENOENT when the
 * file is missing, or -EINVAL naming the bad line on stderr.
 */
int rp_neigh_read(const char *path, struct rp_neighs *l);

/* rp_neigh_state_name - "REACHABLE", "STALE", ... of NUD_* @state (the
 * first bit set, as `ip neigh` names it); "NONE" for 0. */
const char *rp_neigh_state_name(uint16_t state);

/* rp_neigh_multicast - true for a multicast address (224.0.0.0/4,
 * ff00::/8): the table's NOARP entries of the groups a netdev joined. */
bool rp_neigh_multicast(const uint8_t raw[16]);

/* rp_neigh_resolved - true when @state holds a usable MAC (NUD_VALID:
 * REACHABLE, STALE, DELAY, PROBE, PERMANENT, NOARP). */
bool rp_neigh_resolved(uint16_t state);

/* rp_mac_str - "52:54:00:5a:01:01" into @buf (RP_MAC_STR_LEN bytes). */
const char *rp_mac_str(const uint8_t mac[6], char *buf);

/*
 * rp_neigh_find - the entry of address @raw on netdev @ndev in @l, NULL
 * when there is none.
 */
const struct rp_neigh *rp_neigh_find(const struct rp_neighs *l,
				     const char *ndev, const uint8_t raw[16]);

/*
 * rp_neigh_nudge - one UDP datagram (port 9, discard) from netdev @ndev
 * to the IPv6 link-local address @ll scoped to it, through @fd (an
 * AF_INET6 datagram socket of the caller's): the kernel resolves @ll by
 * neighbour discovery first. Returns 0 or -errno (sendto: -ENODEV for a
 * netdev that is gone, -EADDRNOTAVAIL where it has no IPv6 link-local
 * address).
 */
int rp_neigh_nudge(int fd, const char *ndev, const uint8_t ll[16]);

/*
 * rp_neigh_ping_all - one ICMPv6 echo request to ff02::1 (all nodes) on
 * netdev @ndev: each host on the segment answers, and the neighbour
 * discovery of its answer leaves its link-local address and MAC in both
 * tables. Through a ping socket (unprivileged where ping_group_range holds
 * the caller's group), else a raw one (root). Returns 0, or -errno
 * (-EACCES or -EPERM: neither is allowed here).
 */
int rp_neigh_ping_all(const char *ndev);

#endif /* RP_NEIGH_H */
