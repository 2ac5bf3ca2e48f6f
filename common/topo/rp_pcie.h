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
 * Payload ceilings of a link, per direction and per side of a run: the
 * bound the link cannot beat, and for a sender the figure with its read
 * completions cut at the RCB (the worked numbers and the public runs
 * beside them: docs/ceilings.md). Every term, from the PCI Express Base
 * Specification 5.0 (ECRC off, no TLP prefix):
 *   raw   GT/s x lanes x line encoding (section 4.2; above);
 *   SKP   a transmitter sends one SKP Ordered Set every 370 to 375 blocks
 *         at 8 GT/s and above (section 4.2.7.3; one 130-bit block of the
 *         376), every 1180 to 1538 symbol times below (4 symbols): the
 *         bound takes the longest interval, 375/376 (1538/1542);
 *   TLP   8 B of framing per TLP: the STP token with the 12-bit sequence
 *         number, 4 B (section 4.2.2.3.1; at 2.5 and 5 GT/s STP 1 +
 *         sequence 2 + END 1), and the LCRC, 4 B (section 3.6.2);
 *         a header of 12 B: a completion's is always 3DW (section 2.2.9),
 *         a memory request's is 3DW for an address below 4 GiB, 4DW (16 B)
 *         above (section 2.2.4.1); the bound takes 3DW (an IOMMU may hand
 *         a device 32-bit addresses), 4DW costs a receiver 1.4 %;
 *   DLLP  8 B (the SDP token 2 B, section 4.2.2.3.1, and the DLLP with its
 *         CRC, 6 B, section 3.5): the Acks and UpdateFCs of the TLPs of
 *         one direction travel in the other. A receiver must send an Ack
 *         at the latest when its AckNak latency timer reaches the Ack
 *         latency limit L (section 3.6.3.1, Tables 3-7 to 3-9: symbol
 *         times by MPS and width; rp_pcie_ack_limit), so a direction
 *         carries at least one Ack per L + G symbol times while the other
 *         sends TLPs at most G apart: a share 8 / ((L + G) x lanes) of its
 *         bytes. UpdateFC rates are only recommended (section 2.6.1.2,
 *         Tables 2-46 to 2-48; endpoints advertise infinite completion
 *         credits): not charged.
 * Receiving (posted writes of MPS bytes; Max_Payload_Size, Device Control
 * bits 7:5, section 7.5.3.4; 256 B when unreadable, and said so): the
 * Acks and UpdateFCs of the writes go down, nothing comes up but the
 * writes:
 *   recv = raw x SKP x MPS / (MPS + 20)
 * Sending (read completions of C bytes; the NIC reads with requests of up
 * to MRRS bytes, Device Control bits 14:12; the completer returns
 * completions of at most MPS (section 2.2.2) and may cut them at every
 * read completion boundary, RCB, section 2.3.1.1: 64 or 128 B, the root
 * port's Link Control bit 3, section 7.5.3.7): the completions come down
 * with the Acks of the read requests that go up, one per MRRS bytes, so
 * G = (MRRS / C) x (C + 20) / lanes:
 *   send = raw x SKP x (1 - 8 / ((L + G) x lanes)) x C / (C + 20)
 * with C = min(MPS, MRRS) for the bound, C = RCB for the figure a root
 * complex that cuts at every RCB allows.
 * Both at once (-b), per direction at equal rates: up carries the writes
 * and one 20-byte request per MRRS bytes sent, plus the Acks of the
 * completions (G = (C + 20) / lanes); down the completions and the Acks
 * of the writes (G = (MPS + 20) / lanes):
 *   both = min(raw x SKP x (1 - a_up) / ((MPS + 20) / MPS + 20 / MRRS),
 *              raw x SKP x (1 - a_down) x C / (C + 20))
 * Gen5 x4 (DGX Spark), MPS 256, MRRS 512, L 214: recv 116.59 Gb/s, send
 * 115.92 (108.11 with completions cut at RCB 128), both 111.71 (107.94).
 *
 * Functions of one PCI device (0000:01:00.0 and .1) share that device's
 * upstream link; the bridges above it (switch ports, the root port) have
 * links of their own, which can be the narrower ones.
 */
#ifndef RP_PCIE_H
#define RP_PCIE_H

#include <stdbool.h>
#include <stddef.h>

#define RP_PCIE_TLP_FRAMING 8 /* per TLP: STP token with the sequence, LCRC */
#define RP_PCIE_TLP_HDR 12 /* 3DW header: completions, requests below 4 GiB */
#define RP_PCIE_TLP_OVERHEAD (RP_PCIE_TLP_FRAMING + RP_PCIE_TLP_HDR) /* 20 */
#define RP_PCIE_DLLP 8	     /* one DLLP on the link: SDP token + 6 B */
#define RP_PCIE_DEF_MPS 256  /* Max_Payload_Size when unreadable */
#define RP_PCIE_DEF_RCB 128  /* read completion boundary when unreadable */
#define RP_PCIE_DEF_MRRS 512 /* Max_Read_Request_Size when unreadable */
#define RP_PCIE_MAX_HOPS 8   /* links from the device to the root port */

/* Which way the data of a run crosses the PCIe link (see above). */
enum rp_pcie_dir {
	RP_PCIE_RECV = 0, /* data arrives: posted writes of MPS */
	RP_PCIE_SEND,	  /* data leaves: read completions */
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
	double payload_gbps;  /* receiving (posted writes), Gb/s, 0 unknown */
	double send_gbps;     /* sending (read completions up to MPS), Gb/s */
	double both_gbps;     /* per direction with both at once, Gb/s */
	double send_rcb_gbps; /* sending, completions cut at the RCB */
	double both_rcb_gbps; /* both at once, completions cut at the RCB */
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
	unsigned int narrow;  /* the hop with the smallest payload ceiling */
	double payload_gbps;  /* that hop's bounds: what the path carries,
			       * Gb/s, receiving (posted writes of MPS) */
	double send_gbps;     /* sending: read completions up to MPS */
	double both_gbps;     /* both at once, per direction */
	double send_rcb_gbps; /* sending, completions cut at the RCB */
	double both_rcb_gbps; /* both at once, completions cut at the RCB */
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
 * rp_pcie_skp_share - the share of a link's time at @gts GT/s per lane
 * left between SKP Ordered Sets, at their longest interval (section
 * 4.2.7.3): 375/376 from 8 GT/s, 1538/1542 below. 0 if @gts is 0.
 */
double rp_pcie_skp_share(double gts);

/*
 * rp_pcie_ack_limit - the Ack latency limit in symbol times of a receiver
 * at @gts GT/s, @width lanes, Max_Payload_Size @mps bytes (PCI Express
 * Base Specification 5.0 section 3.6.3.1, Table 3-9 for 8 GT/s and above;
 * Tables 3-7 and 3-8 give 96 and 45 symbol times less at 2.5 and 5 GT/s;
 * the values as pcie-bench's model/pcie.py transcribes them). A width the
 * tables do not list takes the next narrower one's (a longer limit: fewer
 * Acks, a higher bound). 0 when @width or @mps is out of the tables.
 */
unsigned int rp_pcie_ack_limit(double gts, unsigned int width,
			       unsigned int mps);

/*
 * rp_pcie_recv_gbps - receiving bound of a link of @gts GT/s x @width
 * lanes for posted writes of @mps bytes, Gb/s of payload per direction:
 * raw x SKP x MPS / (MPS + 20) (see above). 0 if any is 0.
 */
double rp_pcie_recv_gbps(double gts, unsigned int width, unsigned int mps);

/*
 * rp_pcie_send_gbps - sending payload of a link of @gts GT/s x @width
 * lanes for read completions of @cpl bytes (at most @mrrs), requests of
 * @mrrs bytes, Max_Payload_Size @mps: raw x SKP x (1 - the Acks of the
 * requests) x C / (C + 20) (see above). @cpl = @mps gives the bound, the
 * RCB the figure of completions cut at every RCB. Gb/s, 0 if any is 0.
 */
double rp_pcie_send_gbps(double gts, unsigned int width, unsigned int mps,
			 unsigned int mrrs, unsigned int cpl);

/*
 * rp_pcie_both_gbps - per-direction payload of a link that sends and
 * receives at once at equal rates, as rp_pcie_send_gbps's arguments: the
 * lower of the upstream (writes of MPS, a request per MRRS, the Acks of
 * the completions) and the downstream (completions of @cpl, the Acks of
 * the writes) figure (see above). Gb/s, 0 if any is 0.
 */
double rp_pcie_both_gbps(double gts, unsigned int width, unsigned int mps,
			 unsigned int mrrs, unsigned int cpl);

/*
 * rp_pcie_hop_gbps - hop @h's payload bound for @dir, Gb/s, 0 unknown.
 */
double rp_pcie_hop_gbps(const struct rp_pcie_hop *h, enum rp_pcie_dir dir);

/*
 * rp_pcie_path_gbps - the path's (its narrowest hop's) payload bound for
 * @dir, Gb/s; 0 when unknown or @pc is NULL.
 */
double rp_pcie_path_gbps(const struct rp_pcie *pc, enum rp_pcie_dir dir);

/*
 * rp_pcie_path_rcb_gbps - as rp_pcie_path_gbps, with read completions cut
 * at the root port's RCB (sending and both; receiving has no completions:
 * the bound). Gb/s, 0 unknown.
 */
double rp_pcie_path_rcb_gbps(const struct rp_pcie *pc, enum rp_pcie_dir dir);

/* rp_pcie_dir_key - "recv", "send" or "both" (JSON's "pcie_side"). */
const char *rp_pcie_dir_key(enum rp_pcie_dir dir);

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
