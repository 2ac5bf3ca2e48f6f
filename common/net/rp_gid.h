/* SPDX-License-Identifier: MIT */
/*
 * rp_gid.h - GID tables and the choice of GID index on RoCE.
 *
 * The choice among the entries is rp_gid_rules.h; reading a table from
 * sysfs is rp_gid_sysfs.h.
 */
#ifndef RP_GID_H
#define RP_GID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RP_GID_TABLE_MAX 256
#define RP_GID_STR_LEN 46 /* INET6_ADDRSTRLEN */
#define RP_NDEV_LEN 16	  /* IFNAMSIZ */

enum rp_gid_type {
	RP_GID_TYPE_IB = 0, /* InfiniBand, or RoCE v1 on old kernels */
	RP_GID_TYPE_ROCE_V1 = 1,
	RP_GID_TYPE_ROCE_V2 = 2,
};

struct rp_gid_entry {
	uint8_t raw[16]; /* network byte order */
	unsigned int index;
	enum rp_gid_type type;
	char ndev[RP_NDEV_LEN]; /* netdev name, "" when none or unknown */
};

/* The non-empty entries of one port's table. Caller-owned. */
struct rp_gid_table {
	unsigned int tbl_len; /* port's gid_tbl_len: valid indexes < this */
	unsigned int n;	      /* entries used in e[] */
	struct rp_gid_entry e[RP_GID_TABLE_MAX];
};

/* rp_gid_is_zero - true if all 16 bytes are zero (an empty entry). */
bool rp_gid_is_zero(const uint8_t raw[16]);

/* rp_gid_is_ipv4 - true for an IPv4-mapped GID (::ffff:a.b.c.d). */
bool rp_gid_is_ipv4(const uint8_t raw[16]);

/*
 * rp_gid_to_ipv4 - the IPv4 address in the last 4 bytes of an IPv4-mapped
 * GID (::ffff:a.b.c.d), in host byte order; check rp_gid_is_ipv4() first.
 */
uint32_t rp_gid_to_ipv4(const uint8_t raw[16]);

/* rp_gid_is_link_local - true for fe80::/10 or IPv4-mapped 169.254/16. */
bool rp_gid_is_link_local(const uint8_t raw[16]);

/* rp_gid_type_str - "RoCE v2", "RoCE v1" or "IB". */
const char *rp_gid_type_str(enum rp_gid_type t);

/* rp_gid_family_str - "IPv4" for an IPv4-mapped GID, else "IPv6". */
const char *rp_gid_family_str(const uint8_t raw[16]);

/*
 * rp_gid_to_str - the GID as an IPv6 address ("::ffff:10.0.1.1",
 * "fe80::5054:ff:fe12:3401"); @buf has at least RP_GID_STR_LEN bytes.
 */
const char *rp_gid_to_str(const uint8_t raw[16], char *buf);

/*
 * rp_gid_find - the entry with @index, or NULL if that index is empty or
 * not in the table.
 */
const struct rp_gid_entry *rp_gid_find(const struct rp_gid_table *t,
				       unsigned int index);

/*
 * rp_gid_list - write the valid entries as "1 (RoCE v2 ::ffff:10.0.1.1),
 * ..." to @buf for error messages. Returns @buf.
 */
const char *rp_gid_list(const struct rp_gid_table *t, char *buf, size_t len);

/*
 * rp_gid_describe - "RoCE v2 ::ffff:10.0.1.1 on eth0" for one entry.
 */
const char *rp_gid_describe(const struct rp_gid_entry *e, char *buf,
			    size_t len);

#endif /* RP_GID_H */
