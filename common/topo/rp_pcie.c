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
#define RP_PCI_EXP_LNKCTL 0x10
#define RP_PCI_LNKCTL_RCB 0x08

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

double rp_pcie_skp_share(double gts)
{
	if (gts <= 0)
		return 0;
	return gts <= 5.0 ? 1538.0 / 1542.0 : 375.0 / 376.0;
}

/* Table 3-9 (8 GT/s and above): widths x1 x2 x4 x8 x16 x32, MPS 128 ..
 * 4096, symbol times. */
static const unsigned short rp_pcie_ack_tab[6][6] = {
	{ 333, 512, 655, 1167, 2191, 4239 }, { 224, 313, 385, 641, 1153, 2177 },
	{ 169, 214, 250, 378, 634, 1146 },   { 163, 203, 182, 246, 374, 630 },
	{ 144, 168, 182, 246, 374, 630 },    { 129, 141, 148, 180, 244, 372 },
};

unsigned int rp_pcie_ack_limit(double gts, unsigned int width, unsigned int mps)
{
	unsigned int w = 0, m = 0, v;

	if (!width || mps < 128 || mps > 4096 || gts <= 0)
		return 0;
	while (w < 5 && (2u << w) <= width) /* the widest listed <= width */
		w++;
	while (m < 5 && (256u << m) <= mps)
		m++;
	v = rp_pcie_ack_tab[w][m];
	return gts <= 2.5 ? v - 96 : gts <= 5.0 ? v - 45 : v;
}

/* The share of a direction's bytes taken by the Acks of TLPs that the
 * other direction sends at most @gap symbol times apart (see the header). */
static double rp_pcie_ack_share(double gts, unsigned int width,
				unsigned int mps, double gap)
{
	unsigned int l = rp_pcie_ack_limit(gts, width, mps);

	return l ? RP_PCIE_DLLP / ((l + gap) * width) : 0;
}

/* Link time per byte of payload in TLPs of @n bytes (framing, header). */
static double rp_pcie_tlp(unsigned int n)
{
	return (double)(n + RP_PCIE_TLP_OVERHEAD) / n;
}

double rp_pcie_recv_gbps(double gts, unsigned int width, unsigned int mps)
{
	if (!mps)
		return 0;
	return rp_pcie_gbps(gts, width) * rp_pcie_skp_share(gts) /
	       rp_pcie_tlp(mps);
}

double rp_pcie_send_gbps(double gts, unsigned int width, unsigned int mps,
			 unsigned int mrrs, unsigned int cpl)
{
	double gap;

	if (!mps || !mrrs || !cpl || !width)
		return 0;
	cpl = cpl < mrrs ? cpl : mrrs;
	gap = (double)mrrs / cpl * (cpl + RP_PCIE_TLP_OVERHEAD) / width;
	return rp_pcie_gbps(gts, width) * rp_pcie_skp_share(gts) *
	       (1 - rp_pcie_ack_share(gts, width, mps, gap)) / rp_pcie_tlp(cpl);
}

double rp_pcie_both_gbps(double gts, unsigned int width, unsigned int mps,
			 unsigned int mrrs, unsigned int cpl)
{
	double link, up, down;

	if (!mps || !mrrs || !cpl || !width)
		return 0;
	cpl = cpl < mrrs ? cpl : mrrs;
	link = rp_pcie_gbps(gts, width) * rp_pcie_skp_share(gts);
	up = link *
	     (1 -
	      rp_pcie_ack_share(gts, width, mps,
				(double)(cpl + RP_PCIE_TLP_OVERHEAD) / width)) /
	     (rp_pcie_tlp(mps) + (double)RP_PCIE_TLP_OVERHEAD / mrrs);
	down = link *
	       (1 - rp_pcie_ack_share(gts, width, mps,
				      (double)(mps + RP_PCIE_TLP_OVERHEAD) /
					      width)) /
	       rp_pcie_tlp(cpl);
	return up < down ? up : down;
}

double rp_pcie_hop_gbps(const struct rp_pcie_hop *h, enum rp_pcie_dir dir)
{
	switch (dir) {
	case RP_PCIE_SEND: return h->send_gbps;
	case RP_PCIE_BOTH: return h->both_gbps;
	case RP_PCIE_RECV: break;
	}
	return h->payload_gbps;
}

double rp_pcie_path_gbps(const struct rp_pcie *pc, enum rp_pcie_dir dir)
{
	if (!pc)
		return 0;
	switch (dir) {
	case RP_PCIE_SEND: return pc->send_gbps;
	case RP_PCIE_BOTH: return pc->both_gbps;
	case RP_PCIE_RECV: break;
	}
	return pc->payload_gbps;
}

double rp_pcie_path_rcb_gbps(const struct rp_pcie *pc, enum rp_pcie_dir dir)
{
	if (!pc || dir == RP_PCIE_RECV) /* no completions: the bound */
		return rp_pcie_path_gbps(pc, dir);
	return dir == RP_PCIE_SEND ? pc->send_rcb_gbps : pc->both_rcb_gbps;
}

const char *rp_pcie_dir_key(enum rp_pcie_dir dir)
{
	switch (dir) {
	case RP_PCIE_SEND: return "send";
	case RP_PCIE_BOTH: return "both";
	case RP_PCIE_RECV: break;
	}
	return "recv";
}

const char *rp_pcie_dir_name(enum rp_pcie_dir dir)
{
	switch (dir) {
	case RP_PCIE_SEND: return "sending";
	case RP_PCIE_BOTH: return "both ways";
	case RP_PCIE_RECV: break;
	}
	return "receiving";
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

/* Offset of the PCI Express capability in @cfg, 0 when not within @len. */
static unsigned int rp_pcie_exp_cap(const unsigned char *cfg, unsigned int len)
{
	unsigned int pos, n;

	if (len <= RP_PCI_CAP_PTR)
		return 0;
	pos = cfg[RP_PCI_CAP_PTR] & ~3u;
	for (n = 0; n < 48 && pos >= 0x40 && pos + 1 < len; n++) {
		if (cfg[pos] == RP_PCI_CAP_EXP)
			return pos;
		pos = cfg[pos + 1] & ~3u;
	}
	return 0;
}

unsigned int rp_pcie_mps_from_config(const unsigned char *cfg, unsigned int len)
{
	unsigned int pos = rp_pcie_exp_cap(cfg, len);

	if (!pos || pos + RP_PCI_EXP_DEVCTL >= len)
		return 0;
	return 128u << ((cfg[pos + RP_PCI_EXP_DEVCTL] >> 5) & 7);
}

unsigned int rp_pcie_mrrs_from_config(const unsigned char *cfg,
				      unsigned int len)
{
	unsigned int pos = rp_pcie_exp_cap(cfg, len), v;

	if (!pos || pos + RP_PCI_EXP_DEVCTL + 1 >= len)
		return 0;
	v = (cfg[pos + RP_PCI_EXP_DEVCTL + 1] >> 4) & 7;
	return v <= 5 ? 128u << v : 0; /* 6 and 7 are reserved */
}

unsigned int rp_pcie_rcb_from_config(const unsigned char *cfg, unsigned int len)
{
	unsigned int pos = rp_pcie_exp_cap(cfg, len);

	if (!pos || pos + RP_PCI_EXP_LNKCTL >= len)
		return 0;
	return cfg[pos + RP_PCI_EXP_LNKCTL] & RP_PCI_LNKCTL_RCB ? 128 : 64;
}

/* True for a directory name that is a PCI address, "0000:01:00.0". */
static bool rp_pcie_is_bdf(const char *name)
{
	unsigned int dom, bus, slot, fn;
	char end;

	return sscanf(name, "%x:%x:%x.%x%c", &dom, &bus, &slot, &fn, &end) == 4;
}

/* The link attributes of directory @dir into @h (unknown stay 0). */
static void rp_pcie_hop_read(const char *dir, struct rp_pcie_hop *h)
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
}

/* Up to @len bytes of @dir/config into @cfg; the bytes read (an
 * unprivileged reader gets the first 64 only). */
static unsigned int rp_pcie_config(const char *dir, unsigned char *cfg,
				   size_t len)
{
	char path[PATH_MAX + 16];
	size_t n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/config", dir);
	f = rp_sysfs_open(path);
	if (f) {
		n = fread(cfg, 1, len, f);
		fclose(f);
	}
	return (unsigned int)n;
}

/* MPS and MRRS from the function's config space, the RCB from the root
 * port's (@root, "" none), each assumed where unreadable. */
static void rp_pcie_sizes(const char *fn, const char *root, struct rp_pcie *pc)
{
	unsigned char cfg[256];
	unsigned int n = rp_pcie_config(fn, cfg, sizeof(cfg));

	pc->mps = rp_pcie_mps_from_config(cfg, n);
	pc->mps_known = pc->mps != 0;
	if (!pc->mps)
		pc->mps = RP_PCIE_DEF_MPS;
	pc->mrrs = rp_pcie_mrrs_from_config(cfg, n);
	pc->mrrs_known = pc->mrrs != 0;
	if (!pc->mrrs)
		pc->mrrs = RP_PCIE_DEF_MRRS;
	n = root[0] ? rp_pcie_config(root, cfg, sizeof(cfg)) : 0;
	pc->rcb = rp_pcie_rcb_from_config(cfg, n);
	pc->rcb_known = pc->rcb != 0;
	if (!pc->rcb)
		pc->rcb = RP_PCIE_DEF_RCB;
}

/* Hop @h's bounds and RCB figures from its link and @pc's sizes. */
static void rp_pcie_hop_caps(const struct rp_pcie *pc, struct rp_pcie_hop *h)
{
	h->payload_gbps = rp_pcie_recv_gbps(h->gts, h->width, pc->mps);
	h->send_gbps =
		rp_pcie_send_gbps(h->gts, h->width, pc->mps, pc->mrrs, pc->mps);
	h->both_gbps =
		rp_pcie_both_gbps(h->gts, h->width, pc->mps, pc->mrrs, pc->mps);
	h->send_rcb_gbps =
		rp_pcie_send_gbps(h->gts, h->width, pc->mps, pc->mrrs, pc->rcb);
	h->both_rcb_gbps =
		rp_pcie_both_gbps(h->gts, h->width, pc->mps, pc->mrrs, pc->rcb);
}

/* The other end of link @h (a port reporting the same link): keep the
 * lower of what the two ends report. */
static void rp_pcie_fold(struct rp_pcie_hop *h, const struct rp_pcie_hop *o)
{
	if (o->gts > 0 && (!h->gts || o->gts < h->gts))
		h->gts = o->gts;
	if (o->width && (!h->width || o->width < h->width))
		h->width = o->width;
	if (o->max_gts > 0 && (!h->max_gts || o->max_gts < h->max_gts))
		h->max_gts = o->max_gts;
	if (o->max_width && (!h->max_width || o->max_width < h->max_width))
		h->max_width = o->max_width;
}

/*
 * hop[1..]: the links above the device's. A device's link attributes
 * describe the link to its parent, and so do the parent's (a root or
 * downstream port reports the link below it): the parent is folded into
 * the child's hop. Its parent in turn, when it reports a link, is a
 * switch's upstream port: a new link, whose other end is folded next.
 * The last bridge (below pciDDDD:BB) is the root port: its directory
 * into @root (PATH_MAX bytes, "" when there is no bridge).
 */
static void rp_pcie_bridges(char *path, struct rp_pcie *pc, char *root)
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
		memcpy(root, path, strlen(path) + 1); /* both PATH_MAX */
		snprintf(pc->root, sizeof(pc->root), "%.15s", base);
		memset(&h, 0, sizeof(h));
		rp_pcie_hop_read(path, &h);
		if (!h.gts || !h.width)
			continue;
		if (other_end) {
			rp_pcie_fold(&pc->hop[pc->nhops - 1], &h);
		} else {
			snprintf(h.addr, sizeof(h.addr), "%.15s", base);
			pc->hop[pc->nhops++] = h;
		}
		other_end = !other_end;
	}
}

/* Each hop's bounds and the narrowest hop's (unknown hops do not count;
 * the figures grow with the raw rate alike, so one hop is the narrowest
 * for all). */
static void rp_pcie_narrowest(struct rp_pcie *pc)
{
	unsigned int i;

	for (i = 0; i < pc->nhops; i++) {
		const struct rp_pcie_hop *h = &pc->hop[i];

		rp_pcie_hop_caps(pc, &pc->hop[i]);
		if (h->payload_gbps > 0 &&
		    (!pc->payload_gbps || h->payload_gbps < pc->payload_gbps)) {
			pc->payload_gbps = h->payload_gbps;
			pc->send_gbps = h->send_gbps;
			pc->both_gbps = h->both_gbps;
			pc->send_rcb_gbps = h->send_rcb_gbps;
			pc->both_rcb_gbps = h->both_rcb_gbps;
			pc->narrow = i;
		}
	}
}

bool rp_pcie_ro_noncompliant(unsigned int vendor, unsigned int device)
{
	return vendor == 0x8086 &&
	       ((device >= 0x6f01 && device <= 0x6f0e) || device == 0x2f01);
}

/* Directory @dir's PCI vendor and device ids (0 when unreadable). */
static void rp_pcie_ids(const char *dir, unsigned int *vendor,
			unsigned int *device)
{
	char path[PATH_MAX + 16];
	long v = 0, d = 0;

	snprintf(path, sizeof(path), "%s/vendor", dir);
	if (rp_sysfs_long(path, &v) || v < 0)
		v = 0;
	snprintf(path, sizeof(path), "%s/device", dir);
	if (rp_sysfs_long(path, &d) || d < 0)
		d = 0;
	*vendor = (unsigned int)v;
	*device = (unsigned int)d;
}

bool rp_pcie_ro_suspect(const char *sysroot, const char *ibdev, char *out,
			size_t len)
{
	char dev[512], path[PATH_MAX], *slash;
	unsigned int v, d;

	out[0] = '\0';
	snprintf(dev, sizeof(dev), "%s/class/infiniband/%s/device", sysroot,
		 ibdev);
	if (!realpath(dev, path))
		return false;
	while ((slash = strrchr(path, '/')) && slash != path) {
		*slash = '\0';
		slash = strrchr(path, '/');
		if (!slash || !rp_pcie_is_bdf(slash + 1))
			break;
		rp_pcie_ids(path, &v, &d);
		if (rp_pcie_ro_noncompliant(v, d)) {
			snprintf(out, len, "%s (%04x:%04x)", slash + 1, v, d);
			return true;
		}
	}
	return false;
}

int rp_pcie_read(const char *sysroot, const char *ibdev, struct rp_pcie *pc)
{
	char dev[512], real[PATH_MAX], path[PATH_MAX + 32];
	char walk[PATH_MAX], root[PATH_MAX];
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
	rp_pcie_hop_read(real, &pc->hop[0]);
	snprintf(pc->hop[0].addr, sizeof(pc->hop[0].addr), "%s", pc->link);
	pc->nhops = 1;
	pc->gts = pc->hop[0].gts;
	pc->width = pc->hop[0].width;
	pc->max_gts = pc->hop[0].max_gts;
	pc->max_width = pc->hop[0].max_width;
	pc->gbps = rp_pcie_gbps(pc->gts, pc->width);
	root[0] = '\0';
	memcpy(walk, real, sizeof(walk));
	rp_pcie_bridges(walk, pc, root);
	rp_pcie_sizes(real, root, pc);
	rp_pcie_narrowest(pc);
	return 0;
}
