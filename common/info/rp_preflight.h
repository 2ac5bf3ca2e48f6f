/* SPDX-License-Identifier: MIT */
/*
 * rp_preflight.h - before a run, the health of each rail a binary uses,
 * read from sysfs: the reasons rail_info --check gives that every binary
 * warns about, one line per unhealthy rail on stderr (rp_warn):
 *   - a PCIe link on its path trained below its maximum speed or width;
 *   - its netdev's link went down and came back since boot (rp_carrier.h);
 *   - PCIe AER errors counted at its function or a bridge above it
 *     (rp_aer.h);
 *   - one of its physical port's PCI functions has an address and
 *     another has none (rp_portfuncs.h).
 * The far end's netdev MTU is compared after the peers exchanged their
 * rails (rp_session). Nothing is printed for a healthy rail.
 */
#ifndef RP_PREFLIGHT_H
#define RP_PREFLIGHT_H

#include <stddef.h>

/*
 * rp_preflight - port @port of RDMA device @dev under @sysroot, whose
 * netdev is @ndev (NULL or "": looked up, rp_ibdev_port_netdev): the
 * reasons above joined by "; " into @line, their kinds (bits of enum
 * rp_health_kind, rp_railinfo_health.h) into *@kinds when not NULL.
 * Returns their number (0: healthy, @line empty; also when sysfs says
 * nothing of it, or on ENOMEM).
 */
unsigned int rp_preflight(const char *sysroot, const char *dev,
			  unsigned int port, const char *ndev, char *line,
			  size_t len, unsigned int *kinds);

/*
 * rp_preflight_warn - rp_preflight under the live sysfs and, when the rail
 * is not healthy, one warning "WHO: REASONS" on stderr; @who names the
 * rail as the binary's other lines do ("rail 1 (rxe1)", "rail rxe1 port
 * 1"). Returns the kinds of its reasons (0: healthy).
 */
unsigned int rp_preflight_warn(const char *who, const char *dev,
			       unsigned int port, const char *ndev);

#endif /* RP_PREFLIGHT_H */
