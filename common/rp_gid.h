/* SPDX-License-Identifier: MIT */
/*
 * rp_gid.h - GID tables and the choice of GID index on RoCE.
 *
 * Rules, in order (railperf's; compare perftest 6.29 compute_gid_score,
 * NCCL ncclIbGetGidIndex and ../shared/reference/anchors.md section 3):
 *   1. drop empty entries and link-local ones (fe80::/10, IPv4-mapped
 *      169.254/16);
 *   2. prefer RoCE v2 over v1;
 *   3. prefer IPv4-mapped over IPv6 (the reverse with prefer_ipv6);
 *   4. when the peer's IPv4 address is known, prefer the entry whose IPv4
 *      subnet (the prefix of that address on the entry's netdev) holds it;
 *   5. lowest index on ties.
 * When no entry of the preferred family survives, the other family is used
 * and the reason says so; when nothing survives step 1, link-local entries
 * are allowed and the reason says so. -x (checked by rp_dev_select_gid)
 * always wins. A ConnectX table [fe80 v1, fe80 v2, IPv4 v1, IPv4 v2] gives
 * 3; Soft-RoCE [fe80 v2, IPv4 v2] gives 1.
 */
#ifndef RP_GID_H
#define RP_GID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RP_GID_TABLE_MAX 256
#define RP_GID_STR_LEN 46	/* INET6_ADDRSTRLEN */
#define RP_NDEV_LEN 16		/* IFNAMSIZ */

enum rp_gid_type {
	RP_GID_TYPE_IB = 0,	/* InfiniBand, or RoCE v1 on old kernels */
	RP_GID_TYPE_ROCE_V1 = 1,
	RP_GID_TYPE_ROCE_V2 = 2,
};

struct rp_gid_entry {
	uint8_t raw[16];	/* network byte order */
	unsigned int index;
	enum rp_gid_type type;
	char ndev[RP_NDEV_LEN];	/* netdev name, "" when none or unknown */
};

/* The non-empty entries of one port's table. Caller-owned. */
struct rp_gid_table {
	unsigned int tbl_len;	/* port's gid_tbl_len: valid indexes < this */
	unsigned int n;		/* entries used in e[] */
	struct rp_gid_entry e[RP_GID_TABLE_MAX];
};

/* rp_gid_is_zero - true if all 16 bytes are zero (an empty entry). */
bool rp_gid_is_zero(const uint8_t raw[16]);

/* rp_gid_is_ipv4 - true for an IPv4-mapped GID (::ffff:a.b.c.d). */
bool rp_gid_is_ipv4(const uint8_t raw[16]);

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

struct rp_ifaddrs;

/* What the choice takes into account besides the table. */
struct rp_gid_prefs {
	bool prefer_ipv6;		/* --ipv6: IPv6 before IPv4-mapped */
	bool peer_known;		/* @peer holds the peer's address */
	uint8_t peer[16];		/* the peer's IPv4, IPv4-mapped */
	const struct rp_ifaddrs *addrs;	/* prefix lengths of the netdevs'
					 * addresses; NULL: no subnet rule */
};

/*
 * rp_gid_choose_ex - choose a GID index by the rules above; @p NULL means
 * IPv4 preferred, peer unknown. Writes one line to @why: the entry ("RoCE
 * v2 ::ffff:10.0.1.1 on eth0"), followed by "(...)" when a fallback was
 * taken (other family, link-local only) or the peer's subnet decided or
 * could not be matched. Returns the index, or -ENOENT (with @why saying
 * so) when the table has no non-empty entry.
 */
int rp_gid_choose_ex(const struct rp_gid_table *t,
		     const struct rp_gid_prefs *p, char *why, size_t why_len);

/*
 * rp_gid_choose - rp_gid_choose_ex() with only the family preference and
 * no peer. Same return and @why.
 */
int rp_gid_choose(const struct rp_gid_table *t, bool prefer_ipv6,
		  char *why, size_t why_len);

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

/*
 * rp_gid_read_sysfs - read port @port of device @dev from a sysfs tree
 * rooted at @root ("/sys/class/infiniband" on a live system, a fixture
 * directory in tests): ports/P/gids/I, gid_attrs/types/I, gid_attrs/ndevs/I.
 * Fills @t with non-empty entries. Returns 0 or -errno.
 */
int rp_gid_read_sysfs(const char *root, const char *dev, unsigned int port,
		      struct rp_gid_table *t);

#endif /* RP_GID_H */
