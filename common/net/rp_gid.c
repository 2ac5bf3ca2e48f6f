// SPDX-License-Identifier: MIT
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "net/rp_gid.h"

static const uint8_t rp_v4_prefix[12] = { 0, 0, 0, 0, 0,    0,
					  0, 0, 0, 0, 0xff, 0xff };

bool rp_gid_is_zero(const uint8_t raw[16])
{
	static const uint8_t zero[16];

	return !memcmp(raw, zero, sizeof(zero));
}

bool rp_gid_is_ipv4(const uint8_t raw[16])
{
	return !memcmp(raw, rp_v4_prefix, sizeof(rp_v4_prefix));
}

uint32_t rp_gid_to_ipv4(const uint8_t raw[16])
{
	return (uint32_t)raw[12] << 24 | (uint32_t)raw[13] << 16 |
	       (uint32_t)raw[14] << 8 | raw[15];
}

bool rp_gid_is_link_local(const uint8_t raw[16])
{
	if (rp_gid_is_ipv4(raw))
		return raw[12] == 169 && raw[13] == 254;
	return raw[0] == 0xfe && (raw[1] & 0xc0) == 0x80;
}

const char *rp_gid_type_str(enum rp_gid_type t)
{
	switch (t) {
	case RP_GID_TYPE_ROCE_V2: return "RoCE v2";
	case RP_GID_TYPE_ROCE_V1: return "RoCE v1";
	case RP_GID_TYPE_IB: break;
	}
	return "IB";
}

const char *rp_gid_family_str(const uint8_t raw[16])
{
	return rp_gid_is_ipv4(raw) ? "IPv4" : "IPv6";
}

const char *rp_gid_to_str(const uint8_t raw[16], char *buf)
{
	if (!inet_ntop(AF_INET6, raw, buf, RP_GID_STR_LEN))
		snprintf(buf, RP_GID_STR_LEN, "?");
	return buf;
}

const struct rp_gid_entry *rp_gid_find(const struct rp_gid_table *t,
				       unsigned int index)
{
	unsigned int i;

	for (i = 0; i < t->n; i++)
		if (t->e[i].index == index)
			return &t->e[i];
	return NULL;
}

const char *rp_gid_describe(const struct rp_gid_entry *e, char *buf, size_t len)
{
	char s[RP_GID_STR_LEN];

	snprintf(buf, len, "%s %s%s%s", rp_gid_type_str(e->type),
		 rp_gid_to_str(e->raw, s), e->ndev[0] ? " on " : "", e->ndev);
	return buf;
}

const char *rp_gid_list(const struct rp_gid_table *t, char *buf, size_t len)
{
	size_t off = 0;
	unsigned int i;
	char desc[128];

	buf[0] = '\0';
	for (i = 0; i < t->n && off < len; i++) {
		int w = snprintf(buf + off, len - off, "%s%u (%s)",
				 i ? ", " : "", t->e[i].index,
				 rp_gid_describe(&t->e[i], desc, sizeof(desc)));
		if (w < 0)
			break;
		off += (size_t)w;
	}
	if (!t->n)
		snprintf(buf, len, "none");
	return buf;
}
