/* SPDX-License-Identifier: MIT */
/*
 * rp_infoapp.h - rail_info from options to exit: every RDMA device port
 * as a rail (link, MTU, netdev and its addresses, NUMA node and CPUs, PCIe
 * link, the GID table with the entry railperf's binaries would choose,
 * the RDMA WRITE ceiling), as text or --json, from the live system or a
 * --sysfs tree; --check judges each rail.
 */
#ifndef RP_INFOAPP_H
#define RP_INFOAPP_H

/*
 * rp_infoapp_main - rail_info's whole main(): parse @argv, answer -h /
 * --version, gather and print the rails. Returns the exit status: 0 (also
 * on a host with no RDMA devices), 1 on a bad option or value, a -d device
 * not found, a --sysfs path that is not a sysfs tree, a failed write of
 * the output, or with --check a degraded rail.
 */
int rp_infoapp_main(int argc, char **argv);

#endif /* RP_INFOAPP_H */
