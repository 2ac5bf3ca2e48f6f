/* SPDX-License-Identifier: MIT */
/*
 * rp_railinfo.h - every RDMA device port of a host as a rail: what
 * rail_info shows. Gathered either live (verbs for the port and its GID
 * table, sysfs for PCIe and netdevs, getifaddrs, hwloc) or from a sysfs
 * tree alone (tests and `rail_info --sysfs DIR`: no verbs call at all).
 */
#ifndef RP_RAILINFO_H
#define RP_RAILINFO_H

#include <stdbool.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "rp_gid.h"
#include "rp_ifaddr.h"
#include "rp_netdev.h"

#define RP_RAILINFO_MSG 65536	/* message size of the WRITE ceiling */
#define RP_RAILINFO_MAX_PORTS 64
#define RP_RAILINFO_ADDRS 8	/* addresses shown per netdev */

/* The PCIe function behind a device, from sysfs. */
struct rp_pcie {
	char addr[32];		/* "0000:01:00.0", "" if not PCI */
	char speed[32];		/* current_link_speed: "32.0 GT/s PCIe" */
	unsigned int width;	/* current_link_width: lanes, 0 unknown */
	double gts;		/* GT/s per lane parsed from @speed */
	double gbps;		/* raw data rate after line encoding */
};

struct rp_port_info {
	char dev[64];
	unsigned int port;
	char state[24];		/* "ACTIVE" */
	char phys_state[24];	/* "LinkUp" */
	char link_layer[16];	/* "Ethernet" or "InfiniBand" */
	bool roce;
	double rate_gbps;	/* the port's rate (speed x width), 0 unknown */
	unsigned int width;	/* lanes: 1, 2, 4, 8, 12; 0 unknown */
	char speed[8];		/* lane speed name: "SDR" .. "XDR" */
	unsigned int active_mtu, max_mtu;	/* bytes, 0 unknown */
	bool mtu_from_netdev;	/* derived from the netdev MTU (sysfs) */
	char ndev[RP_NDEV_LEN];	/* the port's netdev, "" none */
	struct rp_bond bond;	/* of the chosen GID's netdev */
	unsigned int naddrs;
	struct rp_ifaddr addrs[RP_RAILINFO_ADDRS];
	int numa_node;		/* -1 unknown */
	char cpus[128];		/* local CPUs as a list, "0-19" */
	bool cpus_local;	/* false: the whole machine (no PCI function) */
	struct rp_pcie pcie;
	double line_gbps;	/* rate used for the ceiling: netdev speed on
				 * RoCE, port rate on InfiniBand; 0 unknown */
	double wire_ceiling;	/* RoCE v2 WRITE goodput, Gb/s, 0 unknown */
	double ceiling;		/* min(wire ceiling, PCIe), Gb/s, 0 unknown */
	bool pcie_bound;	/* the PCIe link is the lower of the two */
	struct rp_gid_table gids;
	int gid_index;		/* chosen; -1: none (InfiniBand, or error) */
	char gid_why[256];
	char warning[384];	/* bond warning, "" none */
};

/* All ports, in device-name then port order. Caller-owned. */
struct rp_railinfo {
	unsigned int n;
	struct rp_port_info *p;	/* n entries, heap */
	char source[600];	/* "verbs" or "sysfs DIR" */
	char none_why[160];	/* when n is 0: why (no devices, no driver) */
};

/* What the GID choice and the text take into account. */
struct rp_railinfo_opts {
	const char *sysfs;	/* fixture / sysfs root; NULL = live */
	const char *dev;	/* only this device, NULL = all */
	struct rp_gid_prefs prefs;	/* --ipv6, --peer; addrs set inside */
};

/*
 * rp_railinfo_gather - fill @ri with every port: from the sysfs tree
 * @o->sysfs only (class/infiniband, class/net, the PCI functions; netdev
 * addresses from the file ifaddrs at its top when present, else from the
 * GIDs) or, when NULL, live. No devices is not an error: @ri->n is 0 and
 * @ri->none_why says why. Returns 0 or -errno (one line printed).
 * Release with rp_railinfo_free().
 */
int rp_railinfo_gather(struct rp_railinfo *ri,
		       const struct rp_railinfo_opts *o);

/*
 * rp_railinfo_from_sysfs - rp_railinfo_gather() from the tree @o->sysfs
 * alone. Same contract.
 */
int rp_railinfo_from_sysfs(struct rp_railinfo *ri,
			   const struct rp_railinfo_opts *o);

/*
 * rp_railinfo_from_verbs - rp_railinfo_gather() on the live system: every
 * device from ibv_get_device_list(), ports from ibv_query_port(), GID
 * tables from rp_dev_read_gids(), locality from hwloc. Same contract.
 */
int rp_railinfo_from_verbs(struct rp_railinfo *ri,
			   const struct rp_railinfo_opts *o);

/* rp_railinfo_free - release what rp_railinfo_gather() took. */
void rp_railinfo_free(struct rp_railinfo *ri);

/*
 * rp_railinfo_add - append a zeroed port to @ri (numa_node and gid_index
 * -1). Returns it, or NULL (errno ENOMEM or ENOSPC past
 * RP_RAILINFO_MAX_PORTS).
 */
struct rp_port_info *rp_railinfo_add(struct rp_railinfo *ri);

/*
 * rp_railinfo_netdev - set @p->ndev if empty: the netdev of the port's
 * lowest GID entry that names one, else rp_ibdev_port_netdev() under
 * @sysroot.
 */
void rp_railinfo_netdev(struct rp_port_info *p, const char *sysroot);

/*
 * rp_railinfo_finish - the parts common to both sources, for port @p read
 * under @sysroot: netdev fallback, addresses of the netdev from @addrs,
 * PCIe link, GID choice with @prefs (InfiniBand: none, LID routing), bond
 * warning for the chosen GID's netdev, line rate (netdev speed on RoCE)
 * and the WRITE ceiling at the active MTU.
 */
void rp_railinfo_finish(struct rp_port_info *p, const char *sysroot,
			const struct rp_ifaddrs *addrs,
			const struct rp_gid_prefs *prefs);

/*
 * rp_pcie_read - the PCIe link of RDMA device @ibdev under @sysroot
 * (class/infiniband/IBDEV/device: its name is the address,
 * current_link_speed, current_link_width). Leaves @pc zeroed for devices
 * without a PCI function. Returns 0 or -ENOENT.
 */
int rp_pcie_read(const char *sysroot, const char *ibdev, struct rp_pcie *pc);

/*
 * rp_pcie_gbps - raw data rate of a PCIe link: @gts GT/s x @width lanes x
 * line encoding (8b/10b up to 5 GT/s, 128b/130b for 8 to 32 GT/s, FLIT
 * 242/256 from 64 GT/s). 32 GT/s x4 -> 126.0 Gb/s. 0 if either is 0.
 */
double rp_pcie_gbps(double gts, unsigned int width);

/*
 * rp_rate_parse - parse a port's sysfs rate ("200 Gb/sec (4X HDR)",
 * "2.5 Gb/sec (1X SDR)") into Gb/s, lanes and the lane speed name.
 * Returns 0 or -EINVAL.
 */
int rp_rate_parse(const char *s, double *gbps, unsigned int *width,
		  char *speed, size_t speed_len);

/*
 * rp_railinfo_print - the text rail_info prints: one aligned summary row
 * per rail (DEVICE PORT STATE LINK RATE ACTIVE_MTU MAX_MTU NETDEV NUMA CPUS
 * PCIE GID CEILING), then per rail its netdev and addresses, locality,
 * PCIe link, ceiling, the GID table (index, type, address, netdev; the
 * chosen entry marked "<- chosen"), the binaries' line "GID index N: ..."
 * and any warning. With no rails, @ri->none_why. Returns 0 or -ENOMEM.
 */
int rp_railinfo_print(FILE *f, const struct rp_railinfo *ri);

/*
 * rp_railinfo_json - the same as a cJSON tree: { "source", "rails": [ {
 * "device", "port", "state", ..., "gids": [...], "gid_index", "gid_reason",
 * "warnings": [...] } ], "none": why (only when there are no rails) }.
 * Snake-case keys with units (rate_gbps, wire_ceiling_gbps). Returns the
 * root or NULL (errno ENOMEM).
 */
cJSON *rp_railinfo_json(const struct rp_railinfo *ri);

#endif /* RP_RAILINFO_H */
