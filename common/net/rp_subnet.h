/* SPDX-License-Identifier: MIT */
/*
 * rp_subnet.h - do a rail's two ends share an IPv4 subnet? Traffic between
 * GIDs of different subnets is routed, or on a host with several ports in
 * one subnet goes out the wrong interface: a classic multi-rail trap.
 */
#ifndef RP_SUBNET_H
#define RP_SUBNET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#include "net/rp_gid.h"

/*
 * rp_ipv4_same_subnet - true if IPv4 addresses @a and @b (host byte order)
 * are equal under @prefix_len leading bits (0 .. 32).
 */
int rp_ipv4_same_subnet(uint32_t a, uint32_t b, unsigned int prefix_len);

/*
 * rp_gid_subnet_check - compare @local's IPv4-mapped GID with @remote under
 * the prefix length of the local netdev's matching address (looked up by
 * rp_ifaddrs_prefix() in rp_ifaddrs_live()'s list). Returns
 * 1 (same subnet), 0 (different: @msg says which addresses and prefix) or
 * -1 (cannot tell: not IPv4-mapped, no netdev, address not found).
 */
int rp_gid_subnet_check(const struct rp_gid_entry *local,
			const uint8_t remote[16], char *msg, size_t len);

/*
 * rp_sockaddr_same_host - true when socket addresses @a and @b (AF_INET
 * or AF_INET6; NULL is no address) name the same IP address: ports are
 * ignored, an IPv4-mapped IPv6 address (::ffff:a.b.c.d, RFC 4291 2.5.5.2)
 * equals its IPv4 address, an IPv6 scope id counts when both are set.
 * Any other family, or a NULL, is never the same host.
 */
bool rp_sockaddr_same_host(const struct sockaddr *a, const struct sockaddr *b);

#endif /* RP_SUBNET_H */
