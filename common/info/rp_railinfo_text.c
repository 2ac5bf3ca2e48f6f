// SPDX-License-Identifier: MIT
/* rail_info's text: a summary table, then each rail's details. */
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "base/rp_log.h"
#include "info/rp_railinfo_text.h"
#include "base/rp_table.h"
#include "info/rp_railinfo_host.h"

/*
 * The summary fits 100 columns: what the detail block repeats (max MTU,
 * NUMA node, CPUs, PCIe link) is left to it. MTU is the RoCE path MTU,
 * then the netdev's own MTU ("4096/9000").
 */
#define RP_SUMMARY_COLS 9

static const char *const rp_summary_head[RP_SUMMARY_COLS] = {
	"DEVICE", "PORT", "STATE",
	"LINK",	  "RATE", "MTU",
	"NETDEV", "GID",  "CEILING SEND/RECV",
};

/* "100 Gb/s"; InfiniBand adds its lane names: "200 Gb/s (4X HDR)". */
static void rp_fmt_rate(const struct rp_port_info *p, char *b, size_t len)
{
	if (p->rate_gbps <= 0)
		snprintf(b, len, "-");
	else if (!p->roce && p->width && p->speed[0])
		snprintf(b, len, "%g Gb/s (%uX %s)", p->rate_gbps, p->width,
			 p->speed);
	else
		snprintf(b, len, "%g Gb/s", p->rate_gbps);
}

static void rp_fmt_uint(unsigned int v, char *b, size_t len)
{
	if (v)
		snprintf(b, len, "%u", v);
	else
		snprintf(b, len, "-");
}

/* "106.13/113.61 (PCIe)": the ceilings in Gb/s sending, then receiving
 * (rp_pcie.h), and which of them the PCIe path bounds (the unit is left
 * out to keep a Spark row within 100 columns). */
static void rp_fmt_ceiling(const struct rp_port_info *p, char *b, size_t len)
{
	const char *tag = p->send_pcie_bound && p->pcie_bound ? " (PCIe)" :
			  p->send_pcie_bound ? " (send: PCIe)" :
			  p->pcie_bound	     ? " (recv: PCIe)" :
					       "";

	if (p->ceiling > 0)
		snprintf(b, len, "%.2f/%.2f%s", p->ceiling_send, p->ceiling,
			 tag);
	else
		snprintf(b, len, "-");
}

/* "4096/9000": the RoCE path MTU and the netdev's; "-" where unknown. */
static void rp_fmt_mtus(const struct rp_port_info *p, char *b, size_t len)
{
	char a[16], n[16];

	rp_fmt_uint(p->active_mtu, a, sizeof(a));
	rp_fmt_uint(p->ndev_mtu, n, sizeof(n));
	if (p->ndev[0])
		snprintf(b, len, "%s/%s", a, n);
	else
		snprintf(b, len, "%s", a);
}

static int rp_summary_row(struct rp_table *t, const struct rp_port_info *p)
{
	char port[16], rate[48], mtu[40], gid[16], ceil[48];
	const char *row[RP_SUMMARY_COLS];

	snprintf(port, sizeof(port), "%u", p->port);
	rp_fmt_rate(p, rate, sizeof(rate));
	rp_fmt_mtus(p, mtu, sizeof(mtu));
	if (p->gid_index >= 0)
		snprintf(gid, sizeof(gid), "%d", p->gid_index);
	else
		snprintf(gid, sizeof(gid), "-");
	rp_fmt_ceiling(p, ceil, sizeof(ceil));
	memcpy(row,
	       (const char *const[RP_SUMMARY_COLS]){
		       p->dev, port, p->state, p->link_layer, rate, mtu,
		       p->ndev[0] ? p->ndev : "-", gid, ceil },
	       sizeof(row));
	return rp_table_add(t, row);
}

static int rp_print_summary(FILE *f, const struct rp_railinfo *ri)
{
	struct rp_table t;
	unsigned int i;
	int ret = rp_table_init(&t, RP_SUMMARY_COLS);

	if (!ret)
		ret = rp_table_add(&t, rp_summary_head);
	for (i = 0; i < ri->n && !ret; i++)
		ret = rp_summary_row(&t, &ri->p[i]);
	if (!ret)
		rp_table_print(&t, f, "");
	rp_table_fini(&t);
	return ret;
}

static int rp_print_gids(FILE *f, const struct rp_port_info *p)
{
	static const char *const head[5] = { "GID", "TYPE", "ADDRESS", "NETDEV",
					     "" };
	char idx[16], addr[RP_GID_STR_LEN];
	struct rp_table t;
	unsigned int i;
	int ret = rp_table_init(&t, 5);

	if (!ret)
		ret = rp_table_add(&t, head);
	for (i = 0; i < p->gids.n && !ret; i++) {
		const struct rp_gid_entry *e = &p->gids.e[i];
		const char *row[5] = {
			idx, rp_gid_type_str(e->type),
			rp_gid_to_str(e->raw, addr), e->ndev[0] ? e->ndev : "-",
			(int)e->index == p->gid_index ? "<- chosen" : ""
		};

		snprintf(idx, sizeof(idx), "%u", e->index);
		ret = rp_table_add(&t, row);
	}
	if (!ret && p->gids.n)
		rp_table_print(&t, f, "  ");
	rp_table_fini(&t);
	return ret;
}

static void rp_fmt_addrs(const struct rp_port_info *p, char *b, size_t len)
{
	char a[RP_IFADDR_STR_LEN];
	size_t off;
	unsigned int i;

	snprintf(b, len, "%s", p->ndev[0] ? p->ndev : "none");
	for (i = 0; i < p->naddrs; i++) {
		off = strlen(b);
		snprintf(b + off, len - off, "%s%s", i ? ", " : ": ",
			 rp_ifaddr_str(&p->addrs[i], a));
	}
}

/* "; sending 108.11 Gb/s if the root complex cuts read completions at
 * its RCB of 128 B" where that figure is below the sending bound. */
static void rp_fmt_ceiling_rcb(const struct rp_port_info *p, char *b,
			       size_t len)
{
	size_t off = strlen(b);

	if (p->ceiling_send_rcb > 0)
		snprintf(b + off, len - off,
			 "; sending %.2f Gb/s if the root complex cuts read "
			 "completions at its RCB of %u B",
			 p->ceiling_send_rcb, p->pcie.rcb);
}

/* The bounds: "sending 115.92 Gb/s, receiving 116.59 Gb/s: ...". */
static void rp_fmt_ceiling_bound(const struct rp_port_info *p, char *b,
				 size_t len)
{
	char how[128];

	snprintf(how, sizeof(how), "%u KiB WRITEs, MTU %u, %g Gb/s line",
		 RP_RAILINFO_MSG / 1024, p->active_mtu, p->line_gbps);
	if (!p->roce)
		snprintf(b, len,
			 "n/a: the RoCE v2 formula does not apply to "
			 "InfiniBand");
	else if (p->line_gbps <= 0)
		snprintf(b, len,
			 "unknown: the netdev reports no speed (as on "
			 "Soft-RoCE)");
	else if (!p->active_mtu)
		snprintf(b, len, "unknown: no active MTU");
	else if (p->pcie_bound || p->send_pcie_bound)
		snprintf(b, len,
			 "sending %.2f Gb/s, receiving %.2f Gb/s: the PCIe "
			 "path's payload is below the wire's %.2f Gb/s%s (%s)",
			 p->ceiling_send, p->ceiling, p->wire_ceiling,
			 p->pcie_bound ? "" : " when sending", how);
	else
		snprintf(b, len, "sending and receiving %.2f Gb/s (%s)",
			 p->ceiling, how);
}

/* The WRITE ceiling row: the bounds, then the RCB figure. */
static void rp_fmt_ceiling_long(const struct rp_port_info *p, char *b,
				size_t len)
{
	rp_fmt_ceiling_bound(p, b, len);
	rp_fmt_ceiling_rcb(p, b, len);
}

/* "active 1024, max 4096; netdev MTU 1500". */
static void rp_fmt_mtu_long(const struct rp_port_info *p, char *b, size_t len)
{
	size_t off;

	if (p->active_mtu)
		snprintf(b, len, "active %u, max %u%s", p->active_mtu,
			 p->max_mtu,
			 p->mtu_from_netdev ?
				 " (derived from the netdev's MTU)" :
				 "");
	else
		snprintf(b, len, "unknown (not in sysfs)");
	off = strlen(b);
	if (p->ndev[0] && p->ndev_mtu)
		snprintf(b + off, len - off, "; netdev MTU %u", p->ndev_mtu);
}

/* The PCIe line: link, raw rate, payload sending (the bound: read
 * completions up to MPS; the figure with completions cut at the RCB) and
 * receiving (writes of MPS), each size said "assumed" where config space
 * could not say, the narrowest link, @below when under the port's rate. */
static void rp_fmt_pcie(const struct rp_port_info *p, const char *below,
			char *b, size_t len)
{
	const struct rp_pcie *pc = &p->pcie;

	snprintf(b, len,
		 "%s, %s x%u (max x%u): %.2f Gb/s raw; payload %.2f sending "
		 "(read completions up to MPS; %.2f if cut at the RCB of %u "
		 "B%s), %.2f receiving (writes of MPS %u B%s) through %s%s",
		 pc->addr, pc->speed, pc->width, pc->max_width, pc->gbps,
		 pc->send_gbps, pc->send_rcb_gbps, pc->rcb,
		 pc->rcb_known ? "" :
				 ", assumed: the root port's config space is "
				 "not readable",
		 pc->payload_gbps, pc->mps, pc->mps_known ? "" : ", assumed",
		 pc->hop[pc->narrow].addr,
		 pc->payload_gbps < p->rate_gbps ? below : "");
}

static void rp_fmt_detail(const struct rp_port_info *p, char v[6][400])
{
	char rate[48], numa[16];

	rp_fmt_addrs(p, v[0], sizeof(v[0]));
	rp_fmt_mtu_long(p, v[1], sizeof(v[1]));
	snprintf(numa, sizeof(numa), "%d", p->numa_node);
	snprintf(v[2], sizeof(v[2]), "NUMA node %s, CPUs %s%s",
		 p->numa_node >= 0 ? numa : "unknown",
		 p->cpus[0] ? p->cpus : "unknown",
		 p->cpus[0] && !p->cpus_local ? " (all: not a PCI function)" :
						"");
	snprintf(rate, sizeof(rate), ", below the port's %g Gb/s",
		 p->rate_gbps);
	if (p->pcie.addr[0] && p->pcie.width)
		rp_fmt_pcie(p, rate, v[3], sizeof(v[3]));
	else
		snprintf(v[3], sizeof(v[3]), "%s",
			 p->pcie.addr[0] ? p->pcie.addr :
					   "none (not a PCI function)");
	rp_fmt_ceiling_long(p, v[4], sizeof(v[4]));
	if (p->gpu.pci[0])
		snprintf(v[5], sizeof(v[5]), "%s (%s; %u NVIDIA GPU%s here)",
			 p->gpu.pci, rp_gpurel_name(p->gpu.rel), p->gpu.ngpus,
			 p->gpu.ngpus == 1 ? "" : "s");
	else
		v[5][0] = '\0';
}

static int rp_print_detail(FILE *f, const struct rp_port_info *p)
{
	static const char *const keys[6] = { "netdev",	      "MTU",
					     "locality",      "PCIe",
					     "WRITE ceiling", "nearest GPU" };
	char v[6][400];
	struct rp_table t;
	unsigned int i;
	int ret = rp_table_init(&t, 2);

	rp_fmt_detail(p, v);
	for (i = 0; i < 6 && !ret; i++)
		if (v[i][0] || i < 5) /* the GPU row where there is one */
			ret = rp_table_add(&t, (const char *const[2]){ keys[i],
								       v[i] });
	rp_fprintf(f, "\n%s port %u: %s (%s), %s\n", p->dev, p->port, p->state,
		   p->phys_state, p->link_layer);
	if (!ret)
		rp_table_print(&t, f, "  ");
	rp_table_fini(&t);
	if (!ret)
		ret = rp_print_gids(f, p);
	if (p->gid_index >= 0)
		rp_fprintf(f, "  GID index %d: %s\n", p->gid_index, p->gid_why);
	else
		rp_fprintf(f, "  %s%s\n", p->roce ? "no usable GID: " : "",
			   p->gid_why);
	if (p->warning[0])
		rp_fprintf(f, "  warning: %s\n", p->warning);
	for (i = 0; i < p->ndegraded; i++)
		rp_fprintf(f, "  degraded: %s\n", p->degraded[i]);
	return ret;
}

/* One shared link, port or NIC and its rails. */
static void rp_print_group(FILE *f, const struct rp_railinfo_host *h,
			   const struct rp_railset_group *g)
{
	char names[RP_RAILSET_MAX * 72], cap[96] = "";

	rp_railinfo_group_names(h, g, names, sizeof(names));
	if (g->kind == RP_GROUP_PCIE && g->cap > 0)
		snprintf(cap, sizeof(cap),
			 "Gen%u x%u, payload %.2f Gb/s sending, %.2f "
			 "receiving",
			 rp_pcie_gen(g->hop->gts), g->hop->width,
			 g->hop->send_gbps, g->cap);
	else if (g->kind == RP_GROUP_PORT && g->cap > 0)
		snprintf(cap, sizeof(cap), "wire %.2f Gb/s", g->cap);
	rp_fprintf(f, "  %s %s%s%s%s: %s\n",
		   g->kind == RP_GROUP_PCIE ? "PCIe link" :
		   g->kind == RP_GROUP_PORT ? "port" :
					      "NIC",
		   g->id, cap[0] ? " (" : "", cap, cap[0] ? ")" : "", names);
}

/* "Degraded rails: none" or the rails with a reason (details below). */
static void rp_print_degraded(FILE *f, const struct rp_railinfo *ri)
{
	unsigned int i, n = 0;

	for (i = 0; i < ri->n; i++) {
		if (!ri->p[i].ndegraded)
			continue;
		rp_fprintf(f, "%s%s port %u",
			   n++ ? ", " : "Degraded rails: ", ri->p[i].dev,
			   ri->p[i].port);
	}
	rp_fprintf(f, "%s\n",
		   n ? " (the reasons follow, as \"degraded:\" lines)" :
		       "Degraded rails: none");
}

/* After the table: what the rails share, the aggregate, the -d to use. */
static int rp_print_host(FILE *f, const struct rp_railinfo *ri)
{
	struct rp_railinfo_host *h = calloc(1, sizeof(*h));
	unsigned int i;
	int ret;

	if (!h)
		return -ENOMEM;
	ret = rp_railinfo_host(ri, h);
	if (!ret) {
		rp_fprintf(f,
			   "\nShared by rails (per direction, %u KiB RDMA "
			   "WRITE):%s\n",
			   RP_RAILINFO_MSG / 1024,
			   h->ngroups ? "" : " nothing");
		for (i = 0; i < h->ngroups; i++)
			rp_print_group(f, h, &h->g[i]);
		if (h->aggregate > 0)
			rp_fprintf(f,
				   "Host aggregate ceiling: %.2f Gb/s sending, "
				   "%.2f receiving (per direction)\nSuggested "
				   "rails: -d %s (%u of %u rails reach it)\n"
				   "  NCCL_IB_HCA=%s\n  UCX_NET_DEVICES=%s\n",
				   h->aggregate_send, h->aggregate, h->suggest,
				   h->nsuggest, h->n, h->nccl, h->ucx);
		else
			rp_fprintf(f, "Host aggregate ceiling: unknown (%s)\n",
				   h->why);
		rp_print_degraded(f, ri);
	}
	free(h);
	return ret;
}

int rp_railinfo_print(FILE *f, const struct rp_railinfo *ri)
{
	unsigned int i;
	int ret;

	if (!ri->n) {
		rp_fprintf(f, "%s\n",
			   ri->none_why[0] ? ri->none_why : "no RDMA devices");
		return 0;
	}
	ret = rp_print_summary(f, ri);
	if (!ret)
		ret = rp_print_host(f, ri);
	for (i = 0; i < ri->n && !ret; i++)
		ret = rp_print_detail(f, &ri->p[i]);
	return ret;
}
