/* SPDX-License-Identifier: MIT */
/*
 * rp_railinfo_health.h - why a rail cannot deliver what its hardware is
 * built for, from what rail_info read (rail_info --check):
 *   - the port is not ACTIVE;
 *   - a PCIe link on its path trained below its maximum speed or width
 *     (current_link_speed/_width against max_link_speed/_width; DGX Spark
 *     links have been reported at Gen5 x2 instead of x4);
 *   - the port's rate is below its netdev's speed (RoCE);
 *   - the netdev's MTU caps RoCE's active MTU below 4096 (an MTU of 1500
 *     gives RoCE 1024: 92.56 % of the line at 64 KiB instead of 98.01 %;
 *     MTU 9000 gives 4096);
 *   - its GID is on a bond or a bond member (RDMA bypasses the bond).
 */
#ifndef RP_RAILINFO_HEALTH_H
#define RP_RAILINFO_HEALTH_H

#include "info/rp_railinfo_port.h"

/*
 * rp_railinfo_health - set @p->degraded to one line per reason above
 * (none: healthy), at most RP_RAILINFO_DEGRADED. Returns their number.
 */
unsigned int rp_railinfo_health(struct rp_port_info *p);

#endif /* RP_RAILINFO_HEALTH_H */
