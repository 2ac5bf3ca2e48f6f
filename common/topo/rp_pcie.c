// SPDX-License-Identifier: MIT
/* The PCIe path behind an RDMA device, from sysfs. */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_sysfs.h"
#include "topo/rp_pcie.h"

#define RP_PCI_CAP_PTR 0x34
#define RP_PCI_CAP_EXP 0x10
#define RP_PCI_EXP_DEVCTL 8

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

double rp_pcie_payload_gbps(double raw_gbps, unsigned int mps)
{
	if (raw_gbps <= 0 || !mps)
		return 0;
	return raw_gbps * mps /
	       (double)(mps + RP_PCIE_TLP_OVERHEAD + RP_PCIE_DLLP_PER_TLP);
}

unsigned int rp_pcie_gen(double gts)
{
	static const double gen[] = { 2.5, 5, 8, 16, 32, 64 };
	unsigned int i;

	for (i = 0; i < sizeof(gen) / sizeof(gen[0]); i++)
		if (gts > gen[i] * 0.9 && gts < gen[i] * 1.1)
			return i + 1;
	return 0;
}

unsigned int rp_pcie_mps_from_config(const unsigned char *cfg, unsigned int len)
{
	unsigned int pos, n;

	if (len <= RP_PCI_CAP_PTR)
		return 0;
	pos = cfg[RP_PCI_CAP_PTR] & ~3u;
	for (n = 0; n < 48 && pos >= 0x40 && pos + 1 < len; n++) {
		if (cfg[pos] == RP_PCI_CAP_EXP) {
			if (pos + RP_PCI_EXP_DEVCTL >= len)
				return 0;
			return 128u
			       << ((cfg[pos + RP_PCI_EXP_DEVCTL] >> 5) & 7);
		}
		pos = cfg[pos + 1] & ~3u;
	}
	return 0;
}

/* True for a directory name that is a PCI address, "0000:01:00.0". */
static bool rp_pcie_is_bdf(const char *name)
{
	unsigned int dom, bus, slot, fn;
	char end;

	return sscanf(name, "%x:%x:%x.%x%c", &dom, &bus, &slot, &fn, &end) == 4;
}

/* The link attributes of directory @dir into @h (unknown stay 0). */
static void rp_pcie_hop_read(const char *dir, unsigned int mps,
			     struct rp_pcie_hop *h)
{
	char path[PATH_MAX + 32], line[32];
	long v;

	snprintf(path, sizeof(path), "%s/current_link_speed", dir);
	if (!rp_sysfs_line(path, line, sizeof(line)))
		h->gts = strtod(line, NULL);
	snprintf(path, sizeof(path), "%s/max_link_speed", dir);
	if (!rp_sysfs_line(path, line, sizeof(line)))
		h->max_gts = strtod(line, NULL);
	snprintf(path, sizeof(path), "%s/current_link_width", dir);
	if (!rp_sysfs_long(path, &v) && v > 0 && v <= 32)
		h->width = (unsigned int)v;
	snprintf(path, sizeof(path), "%s/max_link_width", dir);
	if (!rp_sysfs_long(path, &v) && v > 0 && v <= 32)
		h->max_width = (unsigned int)v;
	h->payload_gbps =
		rp_pcie_payload_gbps(rp_pcie_gbps(h->gts, h->width), mps);
}

/* Max_Payload_Size from the function's config space, if readable. */
static void rp_pcie_mps(const char *fn, struct rp_pcie *pc)
{
	unsigned char cfg[256];
	char path[PATH_MAX + 16];
	size_t n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/config", fn);
	f = rp_sysfs_open(path);
	if (f) {
		n = fread(cfg, 1, sizeof(cfg), f);
		fclose(f);
	}
	pc->mps = rp_pcie_mps_from_config(cfg, (unsigned int)n);
	pc->mps_known = pc->mps != 0;
	if (!pc->mps)
		pc->mps = RP_PCIE_DEF_MPS;
}

/* The other end of link @h (a port reporting the same link): keep the
 * lower of what the two ends report. */
static void rp_pcie_fold(struct rp_pcie_hop *h, const struct rp_pcie_hop *o,
			 unsigned int mps)
{
	if (o->gts > 0 && (!h->gts || o->gts < h->gts))
		h->gts = o->gts;
	if (o->width && (!h->width || o->width < h->width))
		h->width = o->width;
	if (o->max_gts > 0 && (!h->max_gts || o->max_gts < h->max_gts))
		h->max_gts = o->max_gts;
	if (o->max_width && (!h->max_width || o->max_width < h->max_width))
		h->max_width = o->max_width;
	h->payload_gbps =
		rp_pcie_payload_gbps(rp_pcie_gbps(h->gts, h->width), mps);
}

/*
 * hop[1..]: the links above the device's. A device's link attributes
 * describe the link to its parent, and so do the parent's (a root or
 * downstream port reports the link below it): the parent is folded into
 * the child's hop. Its parent in turn, when it reports a link, is a
 * switch's upstream port: a new link, whose other end is folded next.
 */
static void rp_pcie_bridges(char *path, struct rp_pcie *pc)
{
	struct rp_pcie_hop h;
	char *slash, *base;
	bool other_end = true;

	while (pc->nhops < RP_PCIE_MAX_HOPS && (slash = strrchr(path, '/'))) {
		*slash = '\0';
		base = strrchr(path, '/');
		base = base ? base + 1 : path;
		if (!rp_pcie_is_bdf(base))
			break;
		memset(&h, 0, sizeof(h));
		rp_pcie_hop_read(path, pc->mps, &h);
		if (!h.gts || !h.width)
			continue;
		if (other_end) {
			rp_pcie_fold(&pc->hop[pc->nhops - 1], &h, pc->mps);
		} else {
			snprintf(h.addr, sizeof(h.addr), "%.15s", base);
			pc->hop[pc->nhops++] = h;
		}
		other_end = !other_end;
	}
}

/* The narrowest hop's payload ceiling (unknown hops do not count). */
static void rp_pcie_narrowest(struct rp_pcie *pc)
{
	unsigned int i;

	for (i = 0; i < pc->nhops; i++) {
		double g = pc->hop[i].payload_gbps;

		if (g > 0 && (!pc->payload_gbps || g < pc->payload_gbps)) {
			pc->payload_gbps = g;
			pc->narrow = i;
		}
	}
}

int rp_pcie_read(const char *sysroot, const char *ibdev, struct rp_pcie *pc)
{
	char dev[512], real[PATH_MAX], path[PATH_MAX + 32];
	const char *base;

	memset(pc, 0, sizeof(*pc));
	snprintf(dev, sizeof(dev), "%s/class/infiniband/%s/device", sysroot,
		 ibdev);
	if (!realpath(dev, real))
		return -ENOENT;
	base = strrchr(real, '/');
	base = base ? base + 1 : real;
	if (!rp_pcie_is_bdf(base))
		return -ENOENT;
	snprintf(pc->addr, sizeof(pc->addr), "%.31s", base);
	snprintf(pc->link, sizeof(pc->link), "%.*s",
		 (int)(strrchr(pc->addr, '.') - pc->addr), pc->addr);
	snprintf(path, sizeof(path), "%s/current_link_speed", real);
	rp_sysfs_line(path, pc->speed, sizeof(pc->speed));
	rp_pcie_mps(real, pc);
	rp_pcie_hop_read(real, pc->mps, &pc->hop[0]);
	snprintf(pc->hop[0].addr, sizeof(pc->hop[0].addr), "%s", pc->link);
	pc->nhops = 1;
	pc->gts = pc->hop[0].gts;
	pc->width = pc->hop[0].width;
	pc->max_gts = pc->hop[0].max_gts;
	pc->max_width = pc->hop[0].max_width;
	pc->gbps = rp_pcie_gbps(pc->gts, pc->width);
	rp_pcie_bridges(real, pc);
	rp_pcie_narrowest(pc);
	return 0;
}
