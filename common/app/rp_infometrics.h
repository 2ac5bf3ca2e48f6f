/* SPDX-License-Identifier: MIT */
/*
 * rp_infometrics.h - rail_info --openmetrics FILE: every port of the host
 * (a rail) in the text format node_exporter's textfile collector reads
 * (output/rp_openmetrics.h): its RoCE v2 WRITE ceilings sending and
 * receiving, its line rate, its PCIe link's lanes now and at most, its
 * health (healthy, or degraded as --check says), and its counters since
 * boot: retries (the retry and sequence-error counters, rp_counters.h),
 * out-of-sequence packets and link drops (rp_healthctr.h), CNPs, pause
 * frames (the netdev's, live only). Labels host, test ("rail_info"),
 * rail (its index in rail_info's list), device, port.
 */
#ifndef RP_INFOMETRICS_H
#define RP_INFOMETRICS_H

#include "info/rp_railinfo_port.h"

/*
 * rp_infometrics_text - the text for @ri's ports, their counters read
 * under @sysroot (RP_SYSFS_ROOT live, --sysfs's tree: no pause frames
 * then). Heap, caller frees; NULL on ENOMEM.
 */
char *rp_infometrics_text(const struct rp_railinfo *ri, const char *sysroot);

/*
 * rp_infometrics_write - rp_infometrics_text to @path atomically. 0, or
 * -errno after one line naming the file.
 */
int rp_infometrics_write(const char *path, const struct rp_railinfo *ri,
			 const char *sysroot);

#endif /* RP_INFOMETRICS_H */
