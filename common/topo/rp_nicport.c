// SPDX-License-Identifier: MIT
#define _GNU_SOURCE
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_sysfs.h"
#include "topo/rp_nicport.h"

/* The netdev's own attributes: port name, switch ID, dev_port, bond. */
static void rp_nicport_netdev(const char *sysroot, const char *ndev,
			      struct rp_nicport *n)
{
	char path[512];

	if (!ndev || !*ndev)
		return;
	snprintf(path, sizeof(path), "%s/class/net/%s/phys_port_name", sysroot,
		 ndev);
	rp_sysfs_line(path, n->port_name, sizeof(n->port_name));
	snprintf(path, sizeof(path), "%s/class/net/%s/phys_switch_id", sysroot,
		 ndev);
	rp_sysfs_line(path, n->switch_id, sizeof(n->switch_id));
	snprintf(path, sizeof(path), "%s/class/net/%s/dev_port", sysroot, ndev);
	if (rp_sysfs_long(path, &n->dev_port))
		n->dev_port = -1;
	snprintf(path, sizeof(path), "%s/class/net/%s/bonding", sysroot, ndev);
	n->bond = rp_sysfs_is_dir(path);
}

/* The PCI function of @ibdev ("0000:01:00.1"), "" if none. */
static void rp_nicport_pci(const char *sysroot, const char *ibdev, char *buf,
			   size_t len)
{
	char path[512], real[PATH_MAX];
	const char *base;

	buf[0] = '\0';
	snprintf(path, sizeof(path), "%s/class/infiniband/%s/device", sysroot,
		 ibdev);
	if (!realpath(path, real))
		return;
	base = strrchr(real, '/');
	if (base && strchr(base, '.') && strchr(base, ':'))
		snprintf(buf, len, "%s", base + 1);
}

void rp_nicport_read(const char *sysroot, const char *ibdev, unsigned int port,
		     const char *ndev, const char *pci_addr,
		     struct rp_nicport *n)
{
	char path[512], pci[64];
	const char *fn;

	if (!pci_addr) {
		rp_nicport_pci(sysroot, ibdev, pci, sizeof(pci));
		pci_addr = pci;
	}
	fn = strrchr(pci_addr, '.');
	memset(n, 0, sizeof(*n));
	n->dev_port = -1;
	snprintf(path, sizeof(path), "%s/class/infiniband/%s/sys_image_guid",
		 sysroot, ibdev);
	rp_sysfs_line(path, n->guid, sizeof(n->guid));
	rp_nicport_netdev(sysroot, ndev, n);
	if (n->bond)
		snprintf(n->port, sizeof(n->port), "bond:%.15s", ndev);
	else if (n->port_name[0])
		snprintf(n->port, sizeof(n->port), "%s", n->port_name);
	else if (fn)
		snprintf(n->port, sizeof(n->port), "pf%lu",
			 strtoul(fn + 1, NULL, 16));
	else
		snprintf(n->port, sizeof(n->port), "port%u", port);
	snprintf(n->key, sizeof(n->key), "%s/%s", n->guid[0] ? n->guid : ibdev,
		 n->port);
}
