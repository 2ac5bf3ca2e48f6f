// SPDX-License-Identifier: MIT
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "info/rp_railinfo_health.h"

#define RP_ROCE_BEST_MTU 4096
/* The netdev MTU RoCE needs for an active MTU of 4096: the kernel's
 * iboe_get_mtu() (include/rdma/ib_verbs.h) takes 96 bytes of GRH, UDP,
 * BTH, XRC and AtomicETH extension and ICRC headers off the netdev MTU. */
#define RP_ROCE_NDEV_MTU_4096 (4096 + 96)

/* A reason why @p is degraded, of @kind (enum rp_health_kind). */
__attribute__((format(printf, 3, 4))) static void
rp_degraded(struct rp_port_info *p, unsigned int kind, const char *fmt, ...)
{
	va_list ap;

	p->kinds |= kind;
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
			rp_degraded(p, RP_HEALTH_PCIE,
				    "PCIe link %s trained at %g GT/s, below "
				    "its maximum %g GT/s",
				    h->addr, h->gts, h->max_gts);
		if (h->max_width && h->width && h->width < h->max_width)
			rp_degraded(p, RP_HEALTH_PCIE,
				    "PCIe link %s trained to x%u, below its "
				    "maximum x%u",
				    h->addr, h->width, h->max_width);
	}
}

/* Its netdev's link went down and came back since boot. */
static void rp_health_carrier(struct rp_port_info *p)
{
	const struct rp_carrier *c = &p->carrier;
	char counts[96];

	if (!c->drops)
		return;
	if (c->split)
		snprintf(counts, sizeof(counts),
			 "carrier_up_count %lu, carrier_down_count %lu", c->up,
			 c->down);
	else
		snprintf(counts, sizeof(counts), "carrier_changes %lu",
			 c->changes);
	rp_degraded(p, RP_HEALTH_DROPS,
		    "link of netdev %s went down and came back %lu time%s "
		    "since boot (%s): check the cable, its transceivers and "
		    "the peer's port",
		    p->ndev, c->drops, c->drops == 1 ? "" : "s", counts);
}

/* ", BadTLP 3, RxErr 1": the error bits of one kind that counted. */
static size_t rp_aer_names(const struct rp_aer_dev *d, unsigned int k,
			   char *buf, size_t len)
{
	size_t off = 0;
	unsigned int i;

	for (i = 0; i < d->nnamed[k] && off < len; i++)
		off += (size_t)snprintf(buf + off, len - off, "%s%s %" PRIu64,
					i ? ", " : " (", d->named[k][i].name,
					d->named[k][i].n);
	if (i && off < len)
		off += (size_t)snprintf(buf + off, len - off, ")");
	return off < len ? off : len - 1;
}

/* A device on the path whose AER counters counted: each file named with
 * its total and the error bits behind it. */
static void rp_health_aer_dev(struct rp_port_info *p,
			      const struct rp_aer_dev *d)
{
	char what[224];
	size_t off = 0;
	unsigned int k;

	for (k = 0; k < RP_AER_KINDS && off < sizeof(what); k++) {
		if (!d->total[k])
			continue;
		off += (size_t)snprintf(what + off, sizeof(what) - off,
					"%s%s %" PRIu64, off ? ", " : "",
					rp_aer_file((enum rp_aer_kind)k),
					d->total[k]);
		if (off < sizeof(what))
			off += rp_aer_names(d, k, what + off,
					    sizeof(what) - off);
	}
	rp_degraded(p, RP_HEALTH_AER,
		    "PCIe AER errors at %s (%s) since boot: %s", d->addr,
		    d == &p->aer.dev[0] ? "its function" :
		    d->root		? "its root port" :
					  "a bridge above it",
		    what);
}

static void rp_health_aer(struct rp_port_info *p)
{
	unsigned int i;

	for (i = 0; i < p->aer.n; i++)
		if (p->aer.dev[i].total[RP_AER_FATAL] ||
		    p->aer.dev[i].total[RP_AER_NONFATAL] ||
		    p->aer.dev[i].total[RP_AER_CORRECTABLE])
			rp_health_aer_dev(p, &p->aer.dev[i]);
}

/* One of a physical port's PCI functions has an address, another not. */
static void rp_health_halves(struct rp_port_info *p)
{
	const struct rp_portfunc *f;
	unsigned int i;

	for (i = 0; p->roce && i < p->halves.n; i++) {
		f = &p->halves.f[i];
		if (p->configured && !f->configured)
			rp_degraded(p, RP_HEALTH_HALF,
				    "%s (netdev %s) reaches physical port %s "
				    "too and has no IP address: with one of "
				    "the port's PCI functions configured, a "
				    "run moves one PCIe link's worth, about "
				    "half the port; give %s an address",
				    f->dev, f->ndev[0] ? f->ndev : "unknown",
				    p->nic.port, f->ndev[0] ? f->ndev : f->dev);
		else if (!p->configured && f->configured)
			rp_degraded(p, RP_HEALTH_HALF,
				    "no IP address, while %s on the same "
				    "physical port %s has one: a run over the "
				    "port moves one PCIe link's worth, about "
				    "half the port",
				    f->dev, p->nic.port);
	}
}

static void rp_health_roce(struct rp_port_info *p)
{
	/* a bond's speed is its members' sum; the port reports one link */
	if (p->rate_gbps > 0 && p->line_gbps > 0 &&
	    p->bond.role != RP_BOND_MASTER &&
	    p->rate_gbps < p->line_gbps * 0.99)
		rp_degraded(p, RP_HEALTH_OTHER,
			    "port rate %g Gb/s below the netdev's %g Gb/s",
			    p->rate_gbps, p->line_gbps);
	if (p->active_mtu && p->active_mtu < RP_ROCE_BEST_MTU &&
	    (!p->max_mtu || p->max_mtu >= RP_ROCE_BEST_MTU) && p->ndev_mtu &&
	    p->ndev_mtu < RP_ROCE_NDEV_MTU_4096)
		rp_degraded(p, RP_HEALTH_OTHER,
			    "netdev %s MTU %u caps RoCE's active MTU at %u: "
			    "set MTU 9000 (ip link set dev %s mtu 9000) for "
			    "%u",
			    p->ndev, p->ndev_mtu, p->active_mtu, p->ndev,
			    RP_ROCE_BEST_MTU);
	if (p->peer_mtu && p->ndev_mtu && p->peer_mtu != p->ndev_mtu)
		rp_degraded(p, RP_HEALTH_OTHER,
			    "netdev %s MTU %u, the peer's rail %s in its "
			    "subnet MTU %u: RoCE runs at the smaller path "
			    "MTU and larger IP packets are dropped; set both "
			    "ends alike",
			    p->ndev, p->ndev_mtu, p->peer_rail, p->peer_mtu);
	if (p->bond.role != RP_BOND_NONE)
		rp_degraded(p, RP_HEALTH_OTHER,
			    "its GID is on bond %s: RDMA bypasses the bond",
			    p->bond.bond);
}

/* The reasons every binary warns about before its run. */
static void rp_health_pre(struct rp_port_info *p)
{
	rp_health_pcie(p);
	rp_health_carrier(p);
	rp_health_aer(p);
	rp_health_halves(p);
}

unsigned int rp_railinfo_preflight_health(struct rp_port_info *p)
{
	p->ndegraded = 0;
	p->kinds = 0;
	rp_health_pre(p);
	return p->ndegraded;
}

unsigned int rp_railinfo_health(struct rp_port_info *p)
{
	p->ndegraded = 0;
	p->kinds = 0;
	if (strcmp(p->state, "ACTIVE"))
		rp_degraded(p, RP_HEALTH_OTHER, "port %s, not ACTIVE",
			    p->state[0] ? p->state : "state unknown");
	rp_health_pre(p);
	if (p->roce)
		rp_health_roce(p);
	return p->ndegraded;
}
