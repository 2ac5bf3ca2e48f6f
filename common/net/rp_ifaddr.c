// SPDX-License-Identifier: MIT
#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_sysfs.h"
#include "net/rp_ifaddr.h"
#include "base/rp_log.h"

static void rp_v4_mapped(const void *in4, uint8_t raw[16])
{
	memset(raw, 0, 16);
	raw[10] = 0xff;
	raw[11] = 0xff;
	memcpy(raw + 12, in4, 4);
}

static unsigned int rp_mask_bits(const uint8_t *m, size_t len)
{
	unsigned int bits = 0;
	size_t i;

	for (i = 0; i < len; i++)
		bits += (unsigned int)__builtin_popcount(m[i]);
	return bits;
}

int rp_ifaddrs_add(struct rp_ifaddrs *l, const char *ndev,
		   const uint8_t raw[16], unsigned int prefix)
{
	struct rp_ifaddr *a;
	unsigned int i;

	for (i = 0; i < l->n; i++)
		if (!strcmp(l->a[i].ndev, ndev) &&
		    !memcmp(l->a[i].raw, raw, 16))
			return 0;
	if (l->n >= RP_IFADDRS_MAX)
		return -ENOSPC;
	a = &l->a[l->n++];
	snprintf(a->ndev, sizeof(a->ndev), "%.*s", RP_NDEV_LEN - 1, ndev);
	memcpy(a->raw, raw, 16);
	a->prefix = prefix;
	return 0;
}

/* One getifaddrs entry into @l; other families are skipped. */
static int rp_ifaddrs_one(struct rp_ifaddrs *l, const struct ifaddrs *i)
{
	uint8_t raw[16];
	unsigned int prefix = 0;

	if (!i->ifa_addr)
		return 0;
	if (i->ifa_addr->sa_family == AF_INET) {
		const struct sockaddr_in *a = (const void *)i->ifa_addr;
		const struct sockaddr_in *m = (const void *)i->ifa_netmask;

		rp_v4_mapped(&a->sin_addr, raw);
		if (m)
			prefix = rp_mask_bits((const void *)&m->sin_addr, 4);
	} else if (i->ifa_addr->sa_family == AF_INET6) {
		const struct sockaddr_in6 *a = (const void *)i->ifa_addr;
		const struct sockaddr_in6 *m = (const void *)i->ifa_netmask;

		memcpy(raw, &a->sin6_addr, 16);
		if (m)
			prefix = rp_mask_bits((const void *)&m->sin6_addr, 16);
	} else {
		return 0;
	}
	return rp_ifaddrs_add(l, i->ifa_name, raw, prefix);
}

int rp_ifaddrs_live(struct rp_ifaddrs *l)
{
	struct ifaddrs *ifs, *i;
	int ret = 0;

	l->n = 0;
	if (getifaddrs(&ifs))
		return -errno;
	for (i = ifs; i && !ret; i = i->ifa_next)
		ret = rp_ifaddrs_one(l, i);
	freeifaddrs(ifs);
	/* A full list is still useful. */
	return ret == -ENOSPC ? 0 : ret;
}

int rp_ipv4_parse(const char *s, uint8_t raw[16])
{
	struct in_addr a;

	if (inet_pton(AF_INET, s, &a) != 1)
		return -EINVAL;
	rp_v4_mapped(&a, raw);
	return 0;
}

/* "ADDR/PREFIX" into @raw and @prefix. Returns 0 or -EINVAL. */
static int rp_ifaddr_parse(char *s, uint8_t raw[16], unsigned int *prefix)
{
	char *slash = strchr(s, '/'), *end;
	unsigned long p;
	bool v4;

	if (!slash)
		return -EINVAL;
	*slash = '\0';
	v4 = !rp_ipv4_parse(s, raw);
	if (!v4 && inet_pton(AF_INET6, s, raw) != 1)
		return -EINVAL;
	p = strtoul(slash + 1, &end, 10);
	if (*end || end == slash + 1 || p > (v4 ? 32u : 128u))
		return -EINVAL;
	*prefix = (unsigned int)p;
	return 0;
}

static int rp_ifaddrs_line(struct rp_ifaddrs *l, char *line)
{
	char ndev[64], addr[96];
	uint8_t raw[16];
	unsigned int prefix;
	int n;

	line[strcspn(line, "\r\n")] = '\0';
	n = sscanf(line, " %63s %95s", ndev, addr);
	if (n < 1 || ndev[0] == '#')
		return 0;
	if (n < 2 || strlen(ndev) >= RP_NDEV_LEN ||
	    rp_ifaddr_parse(addr, raw, &prefix))
		return -EINVAL;
	return rp_ifaddrs_add(l, ndev, raw, prefix);
}

int rp_ifaddrs_read(const char *path, struct rp_ifaddrs *l)
{
	char line[256];
	unsigned int no = 0;
	FILE *f = rp_sysfs_open(path);
	int ret = 0;

	l->n = 0;
	if (!f)
		return -errno;
	while (!ret && fgets(line, sizeof(line), f)) {
		no++;
		ret = rp_ifaddrs_line(l, line);
	}
	fclose(f);
	if (ret == -EINVAL)
		rp_err("%s line %u: '%s' is not 'NDEV ADDRESS/PREFIX' (e.g. "
		       "'eth0 10.0.1.1/24')",
		       path, no, line);
	return ret;
}

int rp_ifaddrs_prefix(const struct rp_ifaddrs *l, const char *ndev,
		      const uint8_t raw[16])
{
	unsigned int i;

	for (i = 0; l && i < l->n; i++)
		if (!strcmp(l->a[i].ndev, ndev) &&
		    !memcmp(l->a[i].raw, raw, 16))
			return (int)l->a[i].prefix;
	return -1;
}

const char *rp_ifaddr_str(const struct rp_ifaddr *a, char *buf)
{
	char s[RP_GID_STR_LEN];
	const char *txt = s;

	if (rp_gid_is_ipv4(a->raw))
		inet_ntop(AF_INET, a->raw + 12, s, sizeof(s));
	else
		rp_gid_to_str(a->raw, s);
	if (a->prefix)
		snprintf(buf, RP_IFADDR_STR_LEN, "%s/%u", txt, a->prefix);
	else
		snprintf(buf, RP_IFADDR_STR_LEN, "%s", txt);
	return buf;
}
