/* SPDX-License-Identifier: MIT */
/*
 * rp_pcie.h - the PCIe path behind an RDMA device, read from sysfs as
 * Linux lays it out (class/infiniband/DEV/device is a link into
 * devices/pciDDDD:BB/ROOTPORT/.../FUNCTION), and what it can carry.
 *
 * Raw rate of a link: GT/s x lanes x line encoding (8b/10b up to 5 GT/s,
 * 128b/130b for 8 to 32 GT/s, 242/256 FLIT from 64 GT/s; PCI Express Base
 * Specification 6.0, sections 4.2 and 4.2.3.1). Gen5 x4: 32 x 4 x 128/130
 * = 126.03 Gb/s per direction.
 *
 * Payload ceiling of a link for data moved in TLPs of MPS bytes (the
 * device's Max_Payload_Size, Device Control register bits 7:5 of the PCI
 * Express capability, section 7.5.3.4; 256 B when config space cannot be
 * read, and said so):
 *   payload = raw x MPS / (MPS + 24 + 4)
 * 24 B of each TLP are not data: 4 B STP token with the sequence number,
 * 16 B 4DW memory header (64-bit addresses), 4 B LCRC (sections 2.2, 3.6,
 * 4.2.2.3); 4 B per TLP stand for the DLLPs (an 8 B ACK and an 8 B
 * UpdateFC about every fourth TLP; an estimate, as in Xilinx WP350
 * "Understanding Performance of PCI Express Systems"). Gen5 x4 at MPS
 * 256: 126.03 x 256 / 284 = 113.6 Gb/s.
 *
 * Functions of one PCI device (0000:01:00.0 and .1) share that device's
 * upstream link; the bridges above it (switch ports, the root port) have
 * links of their own, which can be the narrower ones.
 */
#ifndef RP_PCIE_H
#define RP_PCIE_H

#include <stdbool.h>

#define RP_PCIE_TLP_OVERHEAD 24 /* bytes per TLP: STP+seq, 4DW header, LCRC */
#define RP_PCIE_DLLP_PER_TLP 4	/* bytes per TLP of ACK/UpdateFC DLLPs */
#define RP_PCIE_DEF_MPS 256	/* Max_Payload_Size when unreadable */
#define RP_PCIE_MAX_HOPS 8	/* links from the device to the root port */

/* One link on the path: the device's own, then each link above it (a
 * switch's upstream port and the port above it report the same link: the
 * lower of the two ends is kept, under the upstream port's address). */
struct rp_pcie_hop {
	char addr[16];	    /* "0000:01:00" (the device) or a bridge BDF */
	double gts;	    /* current GT/s per lane, 0 unknown */
	unsigned int width; /* current lanes, 0 unknown */
	double max_gts;	    /* what the link can train to */
	unsigned int max_width;
	double payload_gbps; /* payload ceiling, Gb/s, 0 unknown */
};

/* The PCIe function behind a device and its path to the root port. */
struct rp_pcie {
	char addr[32];		/* "0000:01:00.0", "" if not PCI */
	char link[16];		/* "0000:01:00": the link its functions share */
	char speed[32];		/* current_link_speed: "32.0 GT/s PCIe" */
	unsigned int width;	/* current_link_width: lanes, 0 unknown */
	double gts;		/* GT/s per lane parsed from @speed */
	double gbps;		/* raw data rate after line encoding */
	double max_gts;		/* max_link_speed, 0 unknown */
	unsigned int max_width; /* max_link_width, 0 unknown */
	unsigned int mps;	/* Max_Payload_Size used, bytes */
	bool mps_known;		/* read from config space (else 256) */
	unsigned int nhops;	/* hop[0]: the device's link; then bridges */
	struct rp_pcie_hop hop[RP_PCIE_MAX_HOPS];
	unsigned int narrow; /* the hop with the smallest payload ceiling */
	double payload_gbps; /* that ceiling: what the path carries, Gb/s */
};

/*
 * rp_pcie_read - the PCIe path of RDMA device @ibdev under @sysroot
 * (class/infiniband/IBDEV/device: its name is the address; each directory
 * above it named like a PCI address is a bridge, alternately the other end
 * of the link below it and the upstream port of the next; current_link_speed,
 * current_link_width, max_link_speed, max_link_width; config for the
 * MPS). Leaves @pc zeroed for devices without a PCI function. Returns 0 or
 * -ENOENT.
 */
int rp_pcie_read(const char *sysroot, const char *ibdev, struct rp_pcie *pc);

/*
 * rp_pcie_gbps - raw data rate of a PCIe link: @gts GT/s x @width lanes x
 * line encoding (see above). 32 GT/s x4 -> 126.0 Gb/s. 0 if either is 0.
 */
double rp_pcie_gbps(double gts, unsigned int width);

/*
 * rp_pcie_payload_gbps - payload ceiling of a link of @raw_gbps (per
 * direction) for TLPs of @mps bytes: raw x MPS / (MPS + 28). 0 if either
 * is 0.
 */
double rp_pcie_payload_gbps(double raw_gbps, unsigned int mps);

/*
 * rp_pcie_gen - the PCIe generation of @gts GT/s per lane (2.5 -> 1,
 * 5 -> 2, 8 -> 3, 16 -> 4, 32 -> 5, 64 -> 6), 0 unknown.
 */
unsigned int rp_pcie_gen(double gts);

/*
 * rp_pcie_mps_from_config - the Max_Payload_Size in bytes from @len bytes
 * of PCI config space @cfg (the capability list from offset 0x34, the PCI
 * Express capability, ID 0x10, its Device Control at +8, bits 7:5 as
 * 128 << v). 0 when the capability is not within @len.
 */
unsigned int rp_pcie_mps_from_config(const unsigned char *cfg,
				     unsigned int len);

#endif /* RP_PCIE_H */
