/* SPDX-License-Identifier: MIT */
/*
 * rp_nicport.h - which NIC and which physical port a rail is, from sysfs.
 *
 * One NIC: the devices' sys_image_guid (class/infiniband/DEV/
 * sys_image_guid; every PCI function of one adapter reports the same,
 * e.g. all four of DGX Spark's). One physical port of that NIC: the
 * netdev's phys_port_name ("p0", "p1"; class/net/NDEV/phys_port_name,
 * what "np0" in enp1s0f0np0 names), so that 0000:01:00.0 and 0002:01:00.0
 * are one QSFP port reached over two PCIe links. Fallbacks, in order:
 * "pf<N>" from the PCI function number, then "port<N>" from the verbs
 * port. A bonded netdev (RoCE LAG) is one port of its own, "bond:<name>".
 * Without a sys_image_guid the device name stands for the NIC (nothing
 * is then found shared). phys_switch_id and dev_port are read and kept
 * for the record.
 */
#ifndef RP_NICPORT_H
#define RP_NICPORT_H

#include <stdbool.h>

struct rp_nicport {
	char guid[24];	    /* sys_image_guid "30c5:9903:003e:6a13", "" */
	char port_name[16]; /* phys_port_name "p0", "" */
	char switch_id[40]; /* phys_switch_id, "" */
	long dev_port;	    /* netdev dev_port, -1 unknown */
	char port[24];	    /* the port within the NIC: "p0", "pf1", ... */
	char key[72];	    /* NIC and port: "30c5:...:6a13/p0" */
	bool bond;	    /* the netdev is a bond master */
};

/*
 * rp_nicport_read - the NIC and physical port of port @port of RDMA device
 * @ibdev whose netdev is @ndev ("" none) and PCI function @pci_addr (""
 * none; NULL: found from class/infiniband/IBDEV/device), under @sysroot
 * (as rp_pcie_read). Never fails: what cannot be read falls back as
 * described above.
 */
void rp_nicport_read(const char *sysroot, const char *ibdev, unsigned int port,
		     const char *ndev, const char *pci_addr,
		     struct rp_nicport *n);

#endif /* RP_NICPORT_H */
