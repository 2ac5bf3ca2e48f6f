/* SPDX-License-Identifier: MIT */
/*
 * rp_gid_rules.h - the choice of GID index on RoCE.
 *
 * Rules, in order (railperf's; compare perftest 6.29 compute_gid_score,
 * NCCL ncclIbGetGidIndex and docs/rails.md, GID selection):
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
#ifndef RP_GID_RULES_H
#define RP_GID_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "net/rp_gid.h"

struct rp_ifaddrs;

/* What the choice takes into account besides the table. */
struct rp_gid_prefs {
	bool prefer_ipv6;		/* --ipv6: IPv6 before IPv4-mapped */
	bool peer_known;		/* @peer holds the peer's address */
	uint8_t peer[16];		/* the peer's IPv4, IPv4-mapped */
	const struct rp_ifaddrs *addrs; /* prefix lengths of the netdevs'
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
int rp_gid_choose_ex(const struct rp_gid_table *t, const struct rp_gid_prefs *p,
		     char *why, size_t why_len);

#endif /* RP_GID_RULES_H */
