/* SPDX-License-Identifier: MIT */
/*
 * rp_railinfo_sysfs.h - every rail of a host from a sysfs tree alone (rail_info
 * --sysfs DIR and the tests): no verbs call at all.
 */
#ifndef RP_RAILINFO_SYSFS_H
#define RP_RAILINFO_SYSFS_H

#include "info/rp_railinfo_port.h"

/*
 * rp_railinfo_from_sysfs - rp_railinfo_gather() from the tree @o->sysfs
 * alone. Same contract.
 */
int rp_railinfo_from_sysfs(struct rp_railinfo *ri,
			   const struct rp_railinfo_opts *o);

#endif /* RP_RAILINFO_SYSFS_H */
