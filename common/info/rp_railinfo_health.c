// SPDX-License-Identifier: MIT
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "info/rp_railinfo_health.h"

#define RP_ROCE_BEST_MTU 4096
/* The netdev MTU RoCE needs for an active MTU of 4096: the kernel's
 * iboe_get_mtu() (include/rdma/ib_verbs.h) takes 96 bytes of GRH, UDP,
 * BTH, XRC and AtomicETH extension and ICRC headers off the netdev MTU. */
#define RP_ROCE_NDEV_MTU_4096 (4096 + 96)

__attribute__((format(printf, 2, 3))) static void
rp_degraded(struct rp_port_info *p, const char *fmt, ...)
{
	va_list ap;

	if (p->ndegraded >= RP_RAILINFO_DEGRADED)
		return;
	va_start(ap, fmt);
	vsnprintf(p->degraded[p->ndegraded++], sizeof(p->degraded[0]), fmt, ap);
	va_end(ap);
}

/* Every link on the PCIe path that trained below what it can do. */
static void rp_health_pcie(struct rp_port_info *p)
{
	const struct rp_pcie_hop *h;
	unsigned int i;

	for (i = 0; i < p->pcie.nhops; i++) {
		h = &p->pcie.hop[i];
		if (h->max_gts > 0 && h->gts > 0 && h->gts < h->max_gts)
			rp_degraded(p,
				    "PCIe link %s trained at %g GT/s, below "
				    "its maximum %g GT/s",
				    h->addr, h->gts, h->max_gts);
		if (h->max_width && h->width && h->width < h->max_width)
			rp_degraded(p,
				    "PCIe link %s trained to x%u, below its "
				    "maximum x%u",
				    h->addr, h->width, h->max_width);
	}
}

static void rp_health_roce(struct rp_port_info *p)
{
	/* a bond's speed is its members' sum; the port reports one link */
	if (p->rate_gbps > 0 && p->line_gbps > 0 &&
	    p->bond.role != RP_BOND_MASTER &&
	    p->rate_gbps < p->line_gbps * 0.99)
		rp_degraded(p, "port rate %g Gb/s below the netdev's %g Gb/s",
			    p->rate_gbps, p->line_gbps);
	if (p->active_mtu && p->active_mtu < RP_ROCE_BEST_MTU &&
	    (!p->max_mtu || p->max_mtu >= RP_ROCE_BEST_MTU) && p->ndev_mtu &&
	    p->ndev_mtu < RP_ROCE_NDEV_MTU_4096)
		rp_degraded(p,
			    "netdev %s MTU %u caps RoCE's active MTU at %u: "
			    "set MTU 9000 (ip link set dev %s mtu 9000) for "
			    "%u",
			    p->ndev, p->ndev_mtu, p->active_mtu, p->ndev,
			    RP_ROCE_BEST_MTU);
	if (p->bond.role != RP_BOND_NONE)
		rp_degraded(p, "its GID is on bond %s: RDMA bypasses the bond",
			    p->bond.bond);
}

unsigned int rp_railinfo_health(struct rp_port_info *p)
{
	p->ndegraded = 0;
	if (strcmp(p->state, "ACTIVE"))
		rp_degraded(p, "port %s, not ACTIVE",
			    p->state[0] ? p->state : "state unknown");
	rp_health_pcie(p);
	if (p->roce)
		rp_health_roce(p);
	return p->ndegraded;
}
