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
 * Payload ceilings of a link, one per side of an RDMA WRITE (the formula
 * and the worked numbers: docs/ceilings.md). Each TLP costs, besides its
 * data (PCI Express Base Specification 5.0):
 *   4 B  STP framing token, which at 8 GT/s and above carries the 12-bit
 *        sequence number (section 4.2.2.3; up to 5 GT/s STP 1 + sequence
 *        2 + END 1: the same 4 B);
 *   4 B  LCRC (section 3.6.2); ECRC off (no TLP digest);
 *   the header: 16 B for a memory request with 64-bit addresses (4DW,
 *        section 2.2.7), 12 B for a completion (3DW, section 2.2.9);
 *   4 B  of DLLPs (an 8 B Ack and an 8 B UpdateFC about every fourth TLP;
 *        an assumption, as in Xilinx WP350 "Understanding Performance of
 *        PCI Express Systems").
 * SKP ordered sets (about 0.3 %) are not counted.
 *
 * Receiving (the responder of a WRITE): the NIC writes the data into host
 * memory as posted writes of MPS bytes (the device's Max_Payload_Size,
 * Device Control bits 7:5 of the PCI Express capability, section 7.5.3.4;
 * 256 B when config space cannot be read, and said so):
 *   recv = raw x MPS / (MPS + 16 + 4 + 4 + 4)
 * Sending (the requester): the NIC fetches the data with memory reads of
 * up to MRRS bytes (Max_Read_Request_Size, Device Control bits 14:12); the
 * root complex returns it as completions, which it may cut at every read
 * completion boundary (RCB, section 2.3.1.1: 64 or 128 B; the root port's
 * Link Control bit 3, section 7.5.3.7; 128 B when its config space cannot
 * be read, and said so). Counted cut at every RCB:
 *   send = raw x RCB / (RCB + 12 + 4 + 4 + 4)
 * Both at once (-b): the device's upstream direction carries the posted
 * writes and the read requests (one 4DW request, 28 B with its share of
 * DLLPs, per MRRS bytes sent; MRRS 512 B when unreadable), so per
 * direction, at equal rates:
 *   both = min(send, raw / ((MPS + 28) / MPS + 28 / MRRS))
 * Gen5 x4 (DGX Spark), MPS 256, RCB 128, MRRS 512: recv 126.03 x 256 / 284
 * = 113.61 Gb/s, send 126.03 x 128 / 152 = 106.13 Gb/s, both 106.13.
 * A completer that returns larger completions than its RCB lets a sender
 * pass the send figure (up to the receive one).
 *
 * Functions of one PCI device (0000:01:00.0 and .1) share that device's
 * upstream link; the bridges above it (switch ports, the root port) have
 * links of their own, which can be the narrower ones.
 */
#ifndef RP_PCIE_H
#define RP_PCIE_H

#include <stdbool.h>
#include <stddef.h>

#define RP_PCIE_TLP_OVERHEAD 24 /* bytes per TLP: STP+seq, 4DW header, LCRC */
#define RP_PCIE_CPL_OVERHEAD 20 /* per completion: STP+seq, 3DW header, LCRC */
#define RP_PCIE_DLLP_PER_TLP 4	/* bytes per TLP of ACK/UpdateFC DLLPs */
#define RP_PCIE_DEF_MPS 256	/* Max_Payload_Size when unreadable */
#define RP_PCIE_DEF_RCB 128	/* read completion boundary when unreadable */
#define RP_PCIE_DEF_MRRS 512	/* Max_Read_Request_Size when unreadable */
#define RP_PCIE_MAX_HOPS 8	/* links from the device to the root port */

/* Which way the data of a run crosses the PCIe link (see above). */
enum rp_pcie_dir {
	RP_PCIE_RECV = 0, /* data arrives: posted writes of MPS */
	RP_PCIE_SEND,	  /* data leaves: read completions of RCB */
	RP_PCIE_BOTH,	  /* both at once (-b): per direction */
};

/* One link on the path: the device's own, then each link above it (a
 * switch's upstream port and the port above it report the same link: the
 * lower of the two ends is kept, under the upstream port's address). */
struct rp_pcie_hop {
	char addr[16];	    /* "0000:01:00" (the device) or a bridge BDF */
	double gts;	    /* current GT/s per lane, 0 unknown */
	unsigned int width; /* current lanes, 0 unknown */
	double max_gts;	    /* what the link can train to */
	unsigned int max_width;
	double payload_gbps; /* receiving (posted writes), Gb/s, 0 unknown */
	double send_gbps;    /* sending (read completions), Gb/s */
	double both_gbps;    /* per direction with both at once, Gb/s */
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
	unsigned int mrrs;	/* Max_Read_Request_Size used, bytes */
	bool mrrs_known;	/* read from config space (else 512) */
	unsigned int rcb;	/* root port's read completion boundary */
	bool rcb_known;		/* read from its config space (else 128) */
	char root[16];		/* the root port's address, "" none found */
	unsigned int nhops;	/* hop[0]: the device's link; then bridges */
	struct rp_pcie_hop hop[RP_PCIE_MAX_HOPS];
	unsigned int narrow; /* the hop with the smallest payload ceiling */
	double payload_gbps; /* that ceiling: what the path carries, Gb/s,
			      * receiving (posted writes of MPS) */
	double send_gbps;    /* sending: read completions of RCB */
	double both_gbps;    /* both at once, per direction */
};

/*
 * rp_pcie_read - the PCIe path of RDMA device @ibdev under @sysroot
 * (class/infiniband/IBDEV/device: its name is the address; each directory
 * above it named like a PCI address is a bridge, alternately the other end
 * of the link below it and the upstream port of the next; current_link_speed,
 * current_link_width, max_link_speed, max_link_width; the function's
 * config for MPS and MRRS, the root port's (the top bridge) for the RCB).
 * Leaves @pc zeroed for devices without a PCI function. Returns 0 or
 * -ENOENT.
 */
int rp_pcie_read(const char *sysroot, const char *ibdev, struct rp_pcie *pc);

/*
 * rp_pcie_gbps - raw data rate of a PCIe link: @gts GT/s x @width lanes x
 * line encoding (see above). 32 GT/s x4 -> 126.0 Gb/s. 0 if either is 0.
 */
double rp_pcie_gbps(double gts, unsigned int width);

/*
 * rp_pcie_payload_gbps - receiving payload ceiling of a link of @raw_gbps
 * (per direction) for posted writes of @mps bytes: raw x MPS / (MPS + 28).
 * 0 if either is 0.
 */
double rp_pcie_payload_gbps(double raw_gbps, unsigned int mps);

/*
 * rp_pcie_send_gbps - sending payload ceiling of a link of @raw_gbps for
 * read completions of @rcb bytes: raw x RCB / (RCB + 24). 0 if either is 0.
 */
double rp_pcie_send_gbps(double raw_gbps, unsigned int rcb);

/*
 * rp_pcie_both_gbps - per-direction payload ceiling of a link of
 * @raw_gbps that sends and receives at once at equal rates: min(send,
 * raw / ((MPS + 28) / MPS + 28 / MRRS)) (see above). 0 if any is 0.
 */
double rp_pcie_both_gbps(double raw_gbps, unsigned int mps, unsigned int rcb,
			 unsigned int mrrs);

/*
 * rp_pcie_hop_gbps - hop @h's payload ceiling for @dir, Gb/s, 0 unknown.
 */
double rp_pcie_hop_gbps(const struct rp_pcie_hop *h, enum rp_pcie_dir dir);

/*
 * rp_pcie_path_gbps - the path's (its narrowest hop's) payload ceiling for
 * @dir, Gb/s; 0 when unknown or @pc is NULL.
 */
double rp_pcie_path_gbps(const struct rp_pcie *pc, enum rp_pcie_dir dir);

/* rp_pcie_dir_name - "receiving", "sending" or "both ways". */
const char *rp_pcie_dir_name(enum rp_pcie_dir dir);

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

/*
 * rp_pcie_mrrs_from_config - the Max_Read_Request_Size in bytes (Device
 * Control bits 14:12 as 128 << v, section 7.5.3.4), as above; 0 when not
 * within @len or a reserved encoding.
 */
unsigned int rp_pcie_mrrs_from_config(const unsigned char *cfg,
				      unsigned int len);

/*
 * rp_pcie_rcb_from_config - the read completion boundary in bytes from a
 * port's config space: Link Control (capability + 0x10) bit 3, 0 = 64 B,
 * 1 = 128 B (section 7.5.3.7; hardwired in a root port). 0 when not within
 * @len.
 */
unsigned int rp_pcie_rcb_from_config(const unsigned char *cfg,
				     unsigned int len);

/*
 * rp_pcie_ro_noncompliant - true for a PCI @vendor / @device that perftest
 * warns about when relaxed ordering is asked for ("CPU is not PCIe relaxed
 * ordering compliant"): the Intel root ports 0x6f01 .. 0x6f0e and 0x2f01
 * (perftest_parameters.c: check_pcie_relaxed_ordering_compliant, which
 * cites the Linux quirk that turns relaxed ordering off below them).
 */
bool rp_pcie_ro_noncompliant(unsigned int vendor, unsigned int device);

/*
 * rp_pcie_ro_suspect - the first bridge on the PCIe path of RDMA device
 * @ibdev under @sysroot (its "vendor" and "device" files) that
 * rp_pcie_ro_noncompliant names, as "0000:00:02.0 (8086:6f04)" into @out
 * (@len bytes). perftest scans every PCI device for these ids; railperf
 * looks only where the rail's TLPs pass. Returns true when one is found,
 * false (and @out "") otherwise.
 */
bool rp_pcie_ro_suspect(const char *sysroot, const char *ibdev, char *out,
			size_t len);

#endif /* RP_PCIE_H */
