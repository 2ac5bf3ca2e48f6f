/* SPDX-License-Identifier: MIT */
/*
 * rp_pcie.h - the PCIe link behind an RDMA device, read from sysfs, and
 * its raw data rate.
 */
#ifndef RP_PCIE_H
#define RP_PCIE_H

/* The PCIe function behind a device, from sysfs. */
struct rp_pcie {
	char addr[32];	    /* "0000:01:00.0", "" if not PCI */
	char speed[32];	    /* current_link_speed: "32.0 GT/s PCIe" */
	unsigned int width; /* current_link_width: lanes, 0 unknown */
	double gts;	    /* GT/s per lane parsed from @speed */
	double gbps;	    /* raw data rate after line encoding */
};

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

#endif /* RP_PCIE_H */
