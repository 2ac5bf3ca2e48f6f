// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "topo/rp_ceiling.h"
#include "info/rp_railinfo_port.h"
#include "net/rp_gid_rules.h"

struct rp_port_info *rp_railinfo_add(struct rp_railinfo *ri)
{
	struct rp_port_info *p;

	if (ri->n >= RP_RAILINFO_MAX_PORTS) {
		errno = ENOSPC;
		return NULL;
	}
	p = realloc(ri->p, (ri->n + 1) * sizeof(*p));
	if (!p)
		return NULL;
	ri->p = p;
	p = &ri->p[ri->n++];
	memset(p, 0, sizeof(*p));
	p->numa_node = -1;
	p->gid_index = -1;
	return p;
}

void rp_railinfo_free(struct rp_railinfo *ri)
{
	free(ri->p);
	ri->p = NULL;
	ri->n = 0;
}

void rp_railinfo_netdev(struct rp_port_info *p, const char *sysroot)
{
	unsigned int i;

	if (p->ndev[0])
		return;
	for (i = 0; i < p->gids.n; i++) {
		if (p->gids.e[i].ndev[0]) {
			memcpy(p->ndev, p->gids.e[i].ndev, sizeof(p->ndev));
			return;
		}
	}
	rp_ibdev_port_netdev(sysroot, p->dev, p->port, p->ndev,
			     sizeof(p->ndev));
}

/* The netdev's addresses from @addrs, or from its GIDs when NULL. */
static void rp_railinfo_addrs(struct rp_port_info *p,
			      const struct rp_ifaddrs *addrs)
{
	unsigned int i;

	p->naddrs = 0;
	for (i = 0; addrs && i < addrs->n; i++)
		if (!strcmp(addrs->a[i].ndev, p->ndev) &&
		    p->naddrs < RP_RAILINFO_ADDRS)
			p->addrs[p->naddrs++] = addrs->a[i];
	for (i = 0; !addrs && i < p->gids.n; i++) {
		const struct rp_gid_entry *e = &p->gids.e[i];
		unsigned int j;
		bool dup = false;

		if (strcmp(e->ndev, p->ndev))
			continue;
		for (j = 0; j < p->naddrs; j++)
			dup |= !memcmp(p->addrs[j].raw, e->raw, 16);
		if (dup || p->naddrs >= RP_RAILINFO_ADDRS)
			continue;
		memcpy(p->addrs[p->naddrs].raw, e->raw, 16);
		memcpy(p->addrs[p->naddrs].ndev, e->ndev, sizeof(e->ndev));
		p->addrs[p->naddrs++].prefix = 0;
	}
}

static void rp_railinfo_gid(struct rp_port_info *p, const char *sysroot,
			    const struct rp_ifaddrs *addrs,
			    const struct rp_gid_prefs *prefs)
{
	struct rp_gid_prefs gp = prefs ? *prefs : (struct rp_gid_prefs){ 0 };
	const struct rp_gid_entry *e;
	char msg[sizeof(p->warning)];

	gp.addrs = addrs;
	p->gid_index = -1;
	if (!p->roce)
		snprintf(p->gid_why, sizeof(p->gid_why),
			 "InfiniBand: LID routing, no GRH");
	else
		p->gid_index = rp_gid_choose_ex(&p->gids, &gp, p->gid_why,
						sizeof(p->gid_why));
	if (p->gid_index < 0)
		p->gid_index = -1;
	e = p->gid_index >= 0 ?
		    rp_gid_find(&p->gids, (unsigned int)p->gid_index) :
		    NULL;
	rp_netdev_bond(sysroot, e ? e->ndev : p->ndev, &p->bond);
	if (rp_bond_warning(e ? e->ndev : p->ndev, &p->bond, msg, sizeof(msg)))
		snprintf(p->warning, sizeof(p->warning), "%s", msg);
}

static void rp_railinfo_ceiling(struct rp_port_info *p, const char *sysroot)
{
	char net[512];

	snprintf(net, sizeof(net), "%s/class/net", sysroot);
	p->line_gbps = p->roce ? rp_netdev_speed_gbps(net, p->ndev) :
				 p->rate_gbps;
	/* The formula is RoCE v2's (rp_ceiling.h); InfiniBand has none. */
	if (p->roce)
		p->wire_ceiling = rp_roce_write_ceiling(
			p->line_gbps, RP_RAILINFO_MSG, p->active_mtu);
	p->ceiling = rp_rail_ceiling(p->wire_ceiling, p->pcie.payload_gbps,
				     &p->pcie_bound);
	p->ceiling_send = rp_rail_ceiling(p->wire_ceiling, p->pcie.send_gbps,
					  &p->send_pcie_bound);
	p->ceiling_send_rcb =
		rp_rail_ceiling(p->wire_ceiling, p->pcie.send_rcb_gbps, NULL);
	if (p->ceiling_send_rcb >= p->ceiling_send)
		p->ceiling_send_rcb = 0;
}

void rp_railinfo_finish(struct rp_port_info *p, const char *sysroot,
			const struct rp_ifaddrs *addrs,
			const struct rp_gid_prefs *prefs)
{
	rp_railinfo_netdev(p, sysroot);
	if (p->ndev[0] && rp_netdev_mtu(sysroot, p->ndev, &p->ndev_mtu))
		p->ndev_mtu = 0;
	rp_railinfo_addrs(p, addrs);
	rp_pcie_read(sysroot, p->dev, &p->pcie);
	rp_railinfo_gid(p, sysroot, addrs, prefs);
	rp_nicport_read(sysroot, p->dev, p->port, p->ndev, p->pcie.addr,
			&p->nic);
	(void)rp_gpuloc_near(sysroot, p->dev, &p->gpu); /* none on error */
	rp_railinfo_ceiling(p, sysroot);
	rp_railinfo_health_inputs(p, sysroot);
}

void rp_railinfo_health_inputs(struct rp_port_info *p, const char *sysroot)
{
	/* each leaves its part empty (not known) when there is none */
	(void)rp_carrier_read(sysroot, p->ndev, &p->carrier);
	(void)rp_aer_read(sysroot, p->dev, &p->aer);
	p->configured = rp_port_configured(sysroot, p->dev, p->port);
	if (p->roce)
		rp_portfuncs_read(sysroot, p->dev, p->port, p->nic.key,
				  &p->halves);
}
