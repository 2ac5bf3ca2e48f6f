/* SPDX-License-Identifier: MIT */
/*
 * rp_railinfo_port.h - what rail_info knows of one RDMA device port (a
 * rail) and the list of them, with the steps both sources share (live:
 * rp_railinfo_verbs.h; a sysfs tree: rp_railinfo_sysfs.h).
 */
#ifndef RP_RAILINFO_PORT_H
#define RP_RAILINFO_PORT_H

#include <stdbool.h>
#include <stdio.h>

#include "info/rp_portfuncs.h"
#include "net/rp_carrier.h"
#include "net/rp_gid.h"
#include "net/rp_ifaddr.h"
#include "net/rp_netdev.h"
#include "topo/rp_aer.h"
#include "topo/rp_gpuloc.h"
#include "topo/rp_nicport.h"
#include "topo/rp_pcie.h"
#include "net/rp_gid_rules.h"

#define RP_RAILINFO_MSG 65536 /* message size of the WRITE ceiling */
#define RP_RAILINFO_MAX_PORTS 64
#define RP_RAILINFO_DEGRADED 8 /* reasons kept per rail */
#define RP_RAILINFO_REASON 320 /* bytes of one reason */
#define RP_RAILINFO_ADDRS 8    /* addresses shown per netdev */

struct rp_port_info {
	char dev[64];
	unsigned int port;
	char state[24];	     /* "ACTIVE" */
	char phys_state[24]; /* "LinkUp" */
	char link_layer[16]; /* "Ethernet" or "InfiniBand" */
	bool roce;
	double rate_gbps;   /* the port's rate (speed x width), 0 unknown */
	unsigned int width; /* lanes: 1, 2, 4, 8, 12; 0 unknown */
	char speed[8];	    /* lane speed name: "SDR" .. "XDR" */
	unsigned int active_mtu, max_mtu; /* bytes, 0 unknown */
	bool mtu_from_netdev;	/* derived from the netdev MTU (sysfs) */
	char ndev[RP_NDEV_LEN]; /* the port's netdev, "" none */
	unsigned int ndev_mtu;	/* the netdev's own MTU, bytes, 0 unknown */
	struct rp_bond bond;	/* of the chosen GID's netdev */
	unsigned int naddrs;
	struct rp_ifaddr addrs[RP_RAILINFO_ADDRS];
	int numa_node;	 /* -1 unknown */
	char cpus[128];	 /* local CPUs as a list, "0-19" */
	bool cpus_local; /* false: the whole machine (no PCI function) */
	struct rp_pcie pcie;
	struct rp_nicport nic;	 /* its NIC and physical port */
	struct rp_gpunear gpu;	 /* the NVIDIA GPU nearest to its function */
	double line_gbps;	 /* rate used for the ceiling: netdev speed on
				 * RoCE, port rate on InfiniBand; 0 unknown */
	double wire_ceiling;	 /* RoCE v2 WRITE goodput, Gb/s, 0 unknown */
	double ceiling;		 /* receiving: min(wire ceiling, the path's
				* PCIe payload ceiling for posted writes),
				* Gb/s, 0 unknown */
	bool pcie_bound;	 /* the PCIe path is the lower of the two */
	double ceiling_send;	 /* sending: min(wire, PCIe bound for read
				* completions up to MPS), Gb/s, 0 unknown */
	bool send_pcie_bound;	 /* ... the PCIe path is the lower */
	double ceiling_send_rcb; /* sending with completions cut at the
				  * RCB: min(wire, that PCIe figure), Gb/s;
				  * 0 when unknown or not below ceiling_send */
	struct rp_gid_table gids;
	int gid_index; /* chosen; -1: none (InfiniBand, or error) */
	char gid_why[256];
	char warning[384];	    /* bond warning, "" none */
	struct rp_carrier carrier;  /* its netdev's link drops since boot */
	struct rp_aer aer;	    /* PCIe AER counts along its path */
	bool configured;	    /* it has an address (rp_portfuncs.h) */
	struct rp_portfuncs halves; /* the other functions of its port */
	unsigned int peer_mtu;	    /* --peer_json: the netdev MTU of the
				      * peer's rail in its subnet, 0 none */
	char peer_rail[96];	    /* that rail: "mlx5_0 (enp1s0f0np0)" */
	unsigned int ndegraded;	    /* rp_railinfo_health: why it is degraded */
	unsigned int kinds;	    /* the kinds of its reasons: bits of enum
				 * rp_health_kind (rp_railinfo_health.h) */
	char degraded[RP_RAILINFO_DEGRADED][RP_RAILINFO_REASON];
};

/* All ports, in device-name then port order. Caller-owned. */
struct rp_railinfo {
	unsigned int n;
	struct rp_port_info *p; /* n entries, heap */
	char source[600];	/* "verbs" or "sysfs DIR" */
	char none_why[320];	/* when n is 0: why (no devices, no driver) */
};

/* What the GID choice and the text take into account. */
struct rp_railinfo_opts {
	const char *sysfs;	   /* fixture / sysfs root; NULL = live */
	const char *dev;	   /* only this device, NULL = all */
	struct rp_gid_prefs prefs; /* --ipv6, --peer; addrs set inside */
	const char *peer_json;	   /* --peer_json: the peer's rails, NULL */
};

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
 * under @sysroot: netdev fallback and its MTU, addresses of the netdev from @addrs,
 * PCIe link, GID choice with @prefs (InfiniBand: none, LID routing), bond
 * warning for the chosen GID's netdev, line rate (netdev speed on RoCE)
 * and the WRITE ceilings at the active MTU, sending and receiving.
 */
void rp_railinfo_finish(struct rp_port_info *p, const char *sysroot,
			const struct rp_ifaddrs *addrs,
			const struct rp_gid_prefs *prefs);

/*
 * rp_railinfo_health_inputs - what rp_railinfo_health judges beyond the
 * port and its PCIe link, read under @sysroot for port @p (dev, port,
 * ndev, roce and nic set): its netdev's carrier counters
 * (rp_carrier.h), the AER counts of its PCIe path (rp_aer.h), whether it
 * has an address and the other functions of its physical port
 * (rp_portfuncs.h). Called by rp_railinfo_finish.
 */
void rp_railinfo_health_inputs(struct rp_port_info *p, const char *sysroot);

#endif /* RP_RAILINFO_PORT_H */
