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
 *   - its GID is on a bond or a bond member (RDMA bypasses the bond);
 *   - its netdev's link went down and came back since boot (carrier
 *     counters, rp_carrier.h);
 *   - PCIe AER errors counted at its function or a bridge above it
 *     (rp_aer.h), each file named with its count and the error bits;
 *   - one of its physical port's PCI functions has an address and
 *     another has none (rp_portfuncs.h; DGX Spark's half-configured
 *     port);
 *   - with rail_info --peer_json, its netdev MTU differs from that of the
 *     peer's rail in its subnet.
 * The PCIe, carrier, AER and half-configured reasons are also what every
 * binary warns about before its run (rp_preflight.h; the MTU of the far
 * end it learns from its peer, rp_session).
 */
#ifndef RP_RAILINFO_HEALTH_H
#define RP_RAILINFO_HEALTH_H

#include "info/rp_railinfo_port.h"

/*
 * rp_railinfo_health - set @p->degraded to one line per reason above
 * (none: healthy), at most RP_RAILINFO_DEGRADED, and @p->kinds to their
 * kinds (enum rp_health_kind). Returns their number.
 */
unsigned int rp_railinfo_health(struct rp_port_info *p);

/* What a reason is about: a bit of @p->kinds each. The first four are
 * the reasons every binary warns about before its run. */
enum rp_health_kind {
	RP_HEALTH_PCIE = 1u << 0,  /* a PCIe link trained below its max */
	RP_HEALTH_DROPS = 1u << 1, /* link drops since boot */
	RP_HEALTH_AER = 1u << 2,   /* PCIe AER errors on its path */
	RP_HEALTH_HALF = 1u << 3,  /* its port half configured */
	RP_HEALTH_OTHER = 1u << 4, /* rail_info's others (state, MTU, ...) */
};

/*
 * rp_railinfo_preflight_health - only the reasons every binary warns
 * about (PCIe training, link drops, AER, half-configured port) into
 * @p->degraded, their kinds into @p->kinds. Returns their number.
 */
unsigned int rp_railinfo_preflight_health(struct rp_port_info *p);

#endif /* RP_RAILINFO_HEALTH_H */
