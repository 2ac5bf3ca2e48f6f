/* SPDX-License-Identifier: MIT */
/*
 * rp_locality.h - the NUMA node and CPUs local to an RDMA device, for
 * rail_info: from hwloc on a live system (the device's PCI function's
 * non-I/O ancestor), or from a sysfs tree's device/numa_node and
 * device/local_cpulist (the list parsed by hwloc) for fixtures.
 */
#ifndef RP_LOCALITY_H
#define RP_LOCALITY_H

#include <stdbool.h>
#include <stddef.h>

#include "topo/rp_topo.h"

struct rp_locality {
	int numa_node;	/* OS index, -1 unknown or several */
	char cpus[128]; /* "0-19", "" unknown */
	bool local;	/* false: the whole machine (no PCI function) */
};

/*
 * rp_locality_hwloc - @ibdev's locality from topology @t (loaded with
 * rp_topo_init). A device hwloc does not know (Soft-RoCE) gets the whole
 * machine's CPUs, local false, and its NUMA node only if the machine has
 * one. Returns 0 or -errno.
 */
int rp_locality_hwloc(struct rp_topo *t, const char *ibdev,
		      struct rp_locality *l);

/*
 * rp_locality_sysfs - @ibdev's locality from class/infiniband/IBDEV/device
 * under @sysroot: numa_node (-1 kept as unknown) and local_cpulist,
 * normalized by hwloc ("0-3,4-7" -> "0-7"). Without a device link: unknown
 * (numa -1, cpus "", local false). Returns 0 or -errno.
 */
int rp_locality_sysfs(const char *sysroot, const char *ibdev,
		      struct rp_locality *l);

#endif /* RP_LOCALITY_H */
