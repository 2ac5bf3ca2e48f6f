// SPDX-License-Identifier: MIT
#include <stdio.h>
#include <string.h>

#include "base/rp_log.h"
#include "output/rp_railceil.h"
#include "topo/rp_ceiling.h"
#include "verbs/rp_dev.h"

void rp_railceil_read(struct rp_railceil *c, const char *sysroot,
		      const struct rp_rail *rails, unsigned int n,
		      enum rp_verb verb, enum rp_pcie_dir dir)
{
	char net[256];
	unsigned int i;

	memset(c, 0, sizeof(*c));
	c->dir = dir;
	c->verb = verb;
	c->n = n < RP_MAX_RAILS ? n : RP_MAX_RAILS;
	snprintf(net, sizeof(net), "%s/class/net", sysroot);
	for (i = 0; i < c->n; i++) {
		const struct rp_rail *r = &rails[i];

		rp_pcie_read(sysroot, r->dev.name, &c->pcie[i]);
		rp_nicport_read(sysroot, r->dev.name, r->dev.port, r->gid.ndev,
				c->pcie[i].addr, &c->nic[i]);
		c->speed[i] =
			rp_dev_is_roce(&r->dev) ?
				rp_netdev_speed_gbps(net, r->gid.ndev) :
				rp_ib_rate_gbps(r->dev.port_attr.active_speed,
						r->dev.port_attr.active_width);
		c->r[i] = (struct rp_railset_rail){
			.name = r->dev.name,
			.port_key = c->nic[i].key,
			.nic = c->nic[i].guid,
			.pcie = c->pcie[i].addr[0] ? &c->pcie[i] : NULL,
			.dir = dir,
		};
	}
}

/* Why rail @i has no ceiling, into c->why if it is the first. */
static void rp_railceil_unknown(struct rp_railceil *c, unsigned int i,
				const struct rp_rail *r)
{
	if (c->why[0])
		return;
	snprintf(c->why, sizeof(c->why), "rail %u (%s): %s", i, r->dev.name,
		 !rp_dev_is_roce(&r->dev) ?
			 "InfiniBand, no RoCE v2 wire ceiling" :
			 "port speed unknown (the netdev reports none, as on "
			 "rdma_rxe)");
}

void rp_railceil_size(struct rp_railceil *c, const struct rp_rail *rails,
		      uint64_t size)
{
	unsigned int i;

	c->why[0] = '\0';
	for (i = 0; i < c->n; i++) {
		c->wire[i] =
			rp_dev_is_roce(&rails[i].dev) ?
				rp_roce_ceiling(c->verb, c->speed[i], size,
						rp_mtu_bytes(rails[i].mtu)) :
				0;
		c->r[i].port_cap = c->wire[i];
		c->r[i].cap = rp_rail_ceiling(
			c->wire[i], rp_pcie_path_gbps(&c->pcie[i], c->dir),
			NULL);
		c->rcb[i] = rp_rail_ceiling(
			c->wire[i], rp_pcie_path_rcb_gbps(&c->pcie[i], c->dir),
			NULL);
		if (c->rcb[i] >= c->r[i].cap)
			c->rcb[i] = 0;
		if (c->r[i].cap <= 0)
			rp_railceil_unknown(c, i, &rails[i]);
	}
	c->set = rp_railset_ceiling(c->r, c->n, NULL);
}

unsigned int rp_railceil_warn(const struct rp_railceil *c)
{
	struct rp_railset_group g[RP_MAX_RAILS * 4];
	unsigned int ng, i, j, lines = 0;
	char names[RP_MAX_RAILS * 24], cap[96];
	size_t off;

	ng = rp_railset_groups(c->r, c->n, NULL, g, sizeof(g) / sizeof(g[0]));
	for (i = 0; i < ng; i++) {
		if (g[i].kind == RP_GROUP_NIC)
			continue;
		for (j = 0, off = 0, names[0] = '\0'; j < c->n; j++)
			if (g[i].member[j] && off < sizeof(names))
				off += (size_t)snprintf(names + off,
							sizeof(names) - off,
							"%s%u (%s)",
							off ? ", " : "", j,
							c->r[j].name);
		if (g[i].cap > 0)
			snprintf(
				cap, sizeof(cap),
				"together at most %.2f Gb/s per direction (%s)",
				g[i].cap, rp_pcie_dir_name(c->dir));
		else
			snprintf(cap, sizeof(cap), "its speed is unknown");
		rp_warn("rails %s share %s %s: %s", names,
			g[i].kind == RP_GROUP_PCIE ? "PCIe link" :
						     "physical port",
			g[i].id, cap);
		lines++;
	}
	return lines;
}
