// SPDX-License-Identifier: MIT
#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>

#include "net/rp_subnet.h"

int rp_ipv4_same_subnet(uint32_t a, uint32_t b, unsigned int prefix_len)
{
	uint32_t mask;

	if (prefix_len > 32)
		return 0;
	mask = prefix_len ? ~0u << (32 - prefix_len) : 0;
	return (a & mask) == (b & mask);
}

/* Prefix length of @addr (host order) on @ndev, -1 if not configured. */
static int rp_ndev_prefix(const char *ndev, uint32_t addr)
{
	struct ifaddrs *ifs, *i;
	int prefix = -1;

	if (getifaddrs(&ifs))
		return -1;
	for (i = ifs; i; i = i->ifa_next) {
		const struct sockaddr_in *a = (const void *)i->ifa_addr;
		const struct sockaddr_in *m = (const void *)i->ifa_netmask;

		if (!a || !m || a->sin_family != AF_INET ||
		    strcmp(i->ifa_name, ndev) ||
		    ntohl(a->sin_addr.s_addr) != addr)
			continue;
		prefix = __builtin_popcount(ntohl(m->sin_addr.s_addr));
		break;
	}
	freeifaddrs(ifs);
	return prefix;
}

int rp_gid_subnet_check(const struct rp_gid_entry *local,
			const uint8_t remote[16], char *msg, size_t len)
{
	uint32_t la, ra;
	int prefix;
	char ls[INET_ADDRSTRLEN], rs[INET_ADDRSTRLEN];
	struct in_addr l, r;

	if (!rp_gid_is_ipv4(local->raw) || !rp_gid_is_ipv4(remote) ||
	    !local->ndev[0])
		return -1;
	la = rp_gid_to_ipv4(local->raw);
	ra = rp_gid_to_ipv4(remote);
	prefix = rp_ndev_prefix(local->ndev, la);
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
