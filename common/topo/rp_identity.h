/* SPDX-License-Identifier: MIT */
/*
 * rp_identity.h - what a saved baseline must match and what may explain a
 * change against it: the host (its name and kernel release, uname(2)) and
 * each rail's hardware as sysfs shows it (Linux's layout, as rp_pcie.h
 * reads it): the device and port, the PCI function behind the device
 * (class/infiniband/DEV/device), the PCIe link it trained to
 * (current_link_speed, current_link_width of that function) and the
 * device's firmware (class/infiniband/DEV/fw_ver, as ibv_devinfo prints
 * it). Plain data: rail_cluster_bw sends it between ranks as bytes.
 */
#ifndef RP_IDENTITY_H
#define RP_IDENTITY_H

#include "proto/rp_proto.h"

#define RP_ID_NAME 64 /* host and device names, firmware, NUL included */

/* One rail's hardware. An empty string: not known (Soft-RoCE has no PCI
 * function and no link). */
struct rp_ident_rail {
	char dev[RP_ID_NAME];
	unsigned int port;
	char pci[32];	     /* the PCI function, "0000:01:00.0" */
	char speed[32];	     /* its link's speed, "32.0 GT/s" */
	unsigned int width;  /* its link's lanes, 0 unknown */
	char fw[RP_ID_NAME]; /* fw_ver, "28.41.1000" */
};

/* A host and the rails of a run on it. */
struct rp_ident_host {
	char host[RP_ID_NAME];
	char kernel[96]; /* uname -r, "6.1.0-28-amd64" */
	unsigned int n;
	struct rp_ident_rail rail[RP_MAX_RAILS];
};

/*
 * rp_identity_self - this host's name and kernel release into @h (uname;
 * "" when it fails) and no rails (@h->n 0).
 */
void rp_identity_self(struct rp_ident_host *h);

/*
 * rp_identity_rail - port @port of RDMA device @dev as read under @sysroot
 * (RP_SYSFS_ROOT live, or a fixture tree) into @r. Never fails: what is
 * not there stays empty.
 */
void rp_identity_rail(struct rp_ident_rail *r, const char *sysroot,
		      const char *dev, unsigned int port);

/*
 * rp_identity_add - append rail (@dev, @port) to @h (rp_identity_rail).
 * Returns 0, or -ENOSPC past RP_MAX_RAILS.
 */
int rp_identity_add(struct rp_ident_host *h, const char *sysroot,
		    const char *dev, unsigned int port);

#endif /* RP_IDENTITY_H */
