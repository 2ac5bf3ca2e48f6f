// SPDX-License-Identifier: MIT
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_log.h"
#include "base/rp_sysfs.h"
#include "info/rp_preflight.h"
#include "info/rp_railinfo_health.h"

/* What the preflight reasons judge, for port @p (dev, port set). */
static void rp_preflight_read(const char *sysroot, struct rp_port_info *p,
			      const char *ndev)
{
	char path[512], ll[32];

	if (ndev && *ndev)
		snprintf(p->ndev, sizeof(p->ndev), "%s", ndev);
	else if (rp_ibdev_port_netdev(sysroot, p->dev, p->port, p->ndev,
				      sizeof(p->ndev)))
		p->ndev[0] = '\0';
	snprintf(path, sizeof(path),
		 "%s/class/infiniband/%s/ports/%u/link_layer", sysroot, p->dev,
		 p->port);
	p->roce = !rp_sysfs_line(path, ll, sizeof(ll)) &&
		  !strcmp(ll, "Ethernet");
	(void)rp_pcie_read(sysroot, p->dev, &p->pcie); /* none: not PCI */
	rp_nicport_read(sysroot, p->dev, p->port, p->ndev, p->pcie.addr,
			&p->nic);
	rp_railinfo_health_inputs(p, sysroot);
}

unsigned int rp_preflight(const char *sysroot, const char *dev,
			  unsigned int port, const char *ndev, char *line,
			  size_t len, unsigned int *kinds)
{
	struct rp_port_info *p = calloc(1, sizeof(*p));
	unsigned int i, n;
	size_t off = 0;

	line[0] = '\0';
	if (kinds)
		*kinds = 0;
	if (!p)
		return 0;
	snprintf(p->dev, sizeof(p->dev), "%.63s", dev);
	p->port = port;
	rp_preflight_read(sysroot, p, ndev);
	n = rp_railinfo_preflight_health(p);
	for (i = 0; i < n && off < len; i++)
		off += (size_t)snprintf(line + off, len - off, "%s%s",
					i ? "; " : "", p->degraded[i]);
	if (kinds)
		*kinds = p->kinds;
	free(p);
	return n;
}

unsigned int rp_preflight_warn(const char *who, const char *dev,
			       unsigned int port, const char *ndev)
{
	char line[RP_RAILINFO_DEGRADED * RP_RAILINFO_REASON];
	unsigned int kinds;

	if (rp_preflight(RP_SYSFS_ROOT, dev, port, ndev, line, sizeof(line),
			 &kinds))
		rp_warn("%s: %s", who, line);
	return kinds;
}
