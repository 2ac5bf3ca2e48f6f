/* SPDX-License-Identifier: MIT */
/*
 * rp_railinfo_verbs.h - every rail of the live system: verbs for the ports and
 * their GID tables, sysfs for PCIe and netdevs, getifaddrs, hwloc.
 */
#ifndef RP_RAILINFO_VERBS_H
#define RP_RAILINFO_VERBS_H

#include "info/rp_railinfo_port.h"

/*
 * rp_railinfo_from_verbs - rp_railinfo_gather() on the live system: every
 * device from ibv_get_device_list(), ports from ibv_query_port(), GID
 * tables from rp_dev_read_gids(), locality from hwloc. Same contract.
 */
int rp_railinfo_from_verbs(struct rp_railinfo *ri,
			   const struct rp_railinfo_opts *o);

#endif /* RP_RAILINFO_VERBS_H */
