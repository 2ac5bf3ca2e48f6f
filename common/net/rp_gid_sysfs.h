/* SPDX-License-Identifier: MIT */
/*
 * rp_gid_sysfs.h - a port's GID table read from sysfs: the fallback for
 * rdma-core < 32 (no ibv_query_gid_table) and the path of the tests.
 */
#ifndef RP_GID_SYSFS_H
#define RP_GID_SYSFS_H

#include "net/rp_gid.h"

/*
 * rp_gid_read_sysfs - read port @port of device @dev from a sysfs tree
 * rooted at @root ("/sys/class/infiniband" on a live system, a fixture
 * directory in tests): ports/P/gids/I, gid_attrs/types/I, gid_attrs/ndevs/I.
 * Fills @t with non-empty entries. Returns 0 or -errno.
 */
int rp_gid_read_sysfs(const char *root, const char *dev, unsigned int port,
		      struct rp_gid_table *t);

#endif /* RP_GID_SYSFS_H */
