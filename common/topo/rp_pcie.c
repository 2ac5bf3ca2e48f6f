// SPDX-License-Identifier: MIT
/* The PCIe link behind an RDMA device, from sysfs. */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "topo/rp_pcie.h"
#include "base/rp_sysfs.h"

double rp_pcie_gbps(double gts, unsigned int width)
{
	double enc;

	if (gts <= 0 || !width)
		return 0;
	if (gts <= 5.0)
		enc = 8.0 / 10.0;
	else if (gts <= 32.0)
		enc = 128.0 / 130.0;
	else
		enc = 242.0 / 256.0;
	return gts * width * enc;
}

/* "0000:01:00.0" from the device link's target, "" if not a PCI name. */
static int rp_pcie_addr(const char *dev_link, char *buf, size_t len)
{
	char real[PATH_MAX];
	const char *base;
	unsigned int dom, bus, slot, fn;
	char end;

	buf[0] = '\0';
	if (!realpath(dev_link, real))
		return -errno;
	base = strrchr(real, '/');
	base = base ? base + 1 : real;
	if (sscanf(base, "%x:%x:%x.%x%c", &dom, &bus, &slot, &fn, &end) != 4)
		return -ENOENT;
	snprintf(buf, len, "%.*s", (int)len - 1, base);
	return 0;
}

int rp_pcie_read(const char *sysroot, const char *ibdev, struct rp_pcie *pc)
{
	char dev[512], path[640];
	long w;
	int ret;

	memset(pc, 0, sizeof(*pc));
	snprintf(dev, sizeof(dev), "%s/class/infiniband/%s/device", sysroot,
		 ibdev);
	ret = rp_pcie_addr(dev, pc->addr, sizeof(pc->addr));
	if (ret)
		return -ENOENT;
	snprintf(path, sizeof(path), "%s/current_link_speed", dev);
	if (!rp_sysfs_line(path, pc->speed, sizeof(pc->speed)))
		pc->gts = strtod(pc->speed, NULL);
	snprintf(path, sizeof(path), "%s/current_link_width", dev);
	if (!rp_sysfs_long(path, &w) && w > 0 && w <= 32)
		pc->width = (unsigned int)w;
	pc->gbps = rp_pcie_gbps(pc->gts, pc->width);
	return 0;
}
