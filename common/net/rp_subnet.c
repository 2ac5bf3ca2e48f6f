// SPDX-License-Identifier: MIT
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/rp_ifaddr.h"
#include "net/rp_subnet.h"

int rp_ipv4_same_subnet(uint32_t a, uint32_t b, unsigned int prefix_len)
{
	uint32_t mask;

	if (prefix_len > 32)
		return 0;
	mask = prefix_len ? ~0u << (32 - prefix_len) : 0;
	return (a & mask) == (b & mask);
}

int rp_gid_subnet_check(const struct rp_gid_entry *local,
			const uint8_t remote[16], char *msg, size_t len)
{
	struct rp_ifaddrs *addrs;
	uint32_t la, ra;
	int prefix = -1;
	char ls[INET_ADDRSTRLEN], rs[INET_ADDRSTRLEN];
	struct in_addr l, r;

	if (!rp_gid_is_ipv4(local->raw) || !rp_gid_is_ipv4(remote) ||
	    !local->ndev[0])
		return -1;
	la = rp_gid_to_ipv4(local->raw);
	ra = rp_gid_to_ipv4(remote);
	addrs = malloc(sizeof(*addrs)); /* about 9 KiB */
	if (addrs && !rp_ifaddrs_live(addrs))
		prefix = rp_ifaddrs_prefix(addrs, local->ndev, local->raw);
	free(addrs);
	if (prefix < 0)
		return -1;
	if (rp_ipv4_same_subnet(la, ra, (unsigned int)prefix))
		return 1;
	l.s_addr = htonl(la);
	r.s_addr = htonl(ra);
	snprintf(msg, len,
		 "local %s/%d on %s and remote %s are not in one "
		 "subnet: traffic may be routed or leave by another port",
		 inet_ntop(AF_INET, &l, ls, sizeof(ls)), prefix, local->ndev,
		 inet_ntop(AF_INET, &r, rs, sizeof(rs)));
	return 0;
}

/* @sa as 16 bytes of IPv6 (IPv4 mapped) and its scope; false when it is
 * neither family. */
static bool rp_sockaddr_v6(const struct sockaddr *sa, uint8_t out[16],
			   uint32_t *scope)
{
	static const uint8_t mapped[12] = { [10] = 0xff, [11] = 0xff };

	*scope = 0;
	if (!sa)
		return false;
	if (sa->sa_family == AF_INET) {
		memcpy(out, mapped, sizeof(mapped));
		memcpy(out + 12,
		       &((const struct sockaddr_in *)(const void *)sa)->sin_addr,
		       4);
		return true;
	}
	if (sa->sa_family != AF_INET6)
		return false;
	memcpy(out, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr,
	       16);
	*scope = ((const struct sockaddr_in6 *)(const void *)sa)->sin6_scope_id;
	return true;
}

bool rp_sockaddr_same_host(const struct sockaddr *a, const struct sockaddr *b)
{
	uint8_t x[16], y[16];
	uint32_t sx, sy;

	if (!rp_sockaddr_v6(a, x, &sx) || !rp_sockaddr_v6(b, y, &sy))
		return false;
	if (sx && sy && sx != sy)
		return false;
	return !memcmp(x, y, sizeof(x));
}
