/* SPDX-License-Identifier: MIT */
/*
 * rp_ifaddr.h - the IP addresses of the host's netdevs, with prefix
 * lengths: from getifaddrs() on a live system, or from a fixture file in
 * tests. Used to tell which GID shares a subnet with a peer and to show a
 * rail's addresses.
 */
#ifndef RP_IFADDR_H
#define RP_IFADDR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "net/rp_gid.h"

#define RP_IFADDRS_MAX 256
#define RP_IFADDR_STR_LEN 64 /* INET6_ADDRSTRLEN + "/128", rounded up */

/* One address; IPv4 is stored IPv4-mapped (::ffff:a.b.c.d), as in a GID. */
struct rp_ifaddr {
	char ndev[RP_NDEV_LEN];
	uint8_t raw[16];
	unsigned int prefix; /* 0..32 for IPv4, 0..128 for IPv6 */
};

/* A list of addresses. Caller-owned (about 9 KiB: allocate it). */
struct rp_ifaddrs {
	unsigned int n;
	struct rp_ifaddr a[RP_IFADDRS_MAX];
};

/*
 * rp_ifaddrs_live - the IPv4 and IPv6 addresses of every netdev from
 * getifaddrs(). Returns 0 or -errno.
 */
int rp_ifaddrs_live(struct rp_ifaddrs *l);

/*
 * rp_ifaddrs_read - addresses from a text file, one "NDEV ADDR/PREFIX" per
 * line (what `ip -o addr | awk '{print $2, $4}'` prints); blank lines and
 * lines starting with '#' are skipped. Returns 0, -ENOENT when the file is
 * missing, or -EINVAL naming the bad line on stderr.
 */
int rp_ifaddrs_read(const char *path, struct rp_ifaddrs *l);

/*
 * rp_ifaddrs_add - append @raw/@prefix on @ndev unless already there.
 * Returns 0, or -ENOSPC when the list is full.
 */
int rp_ifaddrs_add(struct rp_ifaddrs *l, const char *ndev,
		   const uint8_t raw[16], unsigned int prefix);

/*
 * rp_ifaddrs_prefix - the prefix length of address @raw on @ndev, or -1
 * when @ndev has no such address.
 */
int rp_ifaddrs_prefix(const struct rp_ifaddrs *l, const char *ndev,
		      const uint8_t raw[16]);

/*
 * rp_ifaddr_str - "192.168.1.10/24" or "fe80::1/64" (no prefix shown when
 * it is 0, i.e. unknown); @buf has RP_IFADDR_STR_LEN bytes. Returns @buf.
 */
const char *rp_ifaddr_str(const struct rp_ifaddr *a, char *buf);

/*
 * rp_ipv4_parse - parse dotted IPv4 text @s into an IPv4-mapped @raw.
 * Returns 0, or -EINVAL when @s is not an IPv4 address.
 */
int rp_ipv4_parse(const char *s, uint8_t raw[16]);

#endif /* RP_IFADDR_H */
