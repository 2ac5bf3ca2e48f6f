/* SPDX-License-Identifier: MIT */
/*
 * rp_railinfo.h - every RDMA device port of a host as a rail: what
 * rail_info shows, gathered live or from a sysfs tree.
 */
#ifndef RP_RAILINFO_H
#define RP_RAILINFO_H

#include "info/rp_railinfo_port.h"

/*
 * rp_railinfo_gather - fill @ri with every port: from the sysfs tree
 * @o->sysfs only (class/infiniband, class/net, the PCI functions; netdev
 * addresses from the file ifaddrs at its top when present, else from the
 * GIDs) or, when NULL, live. No devices is not an error: @ri->n is 0 and
 * @ri->none_why says why; but a device @o->dev that is not there is
 * (-ENODEV), and so is an @o->sysfs that is not a sysfs tree (no class/
 * directory: -ENOTDIR). With @o->peer_json, each rail's far end from
 * that file (rp_railinfo_peer.h; its errors too). Then each rail's
 * health (rp_railinfo_health.h). Returns 0 or -errno (one line printed).
 * Release with rp_railinfo_free().
 */
int rp_railinfo_gather(struct rp_railinfo *ri,
		       const struct rp_railinfo_opts *o);

#endif /* RP_RAILINFO_H */
