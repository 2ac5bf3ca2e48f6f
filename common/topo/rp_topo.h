/* SPDX-License-Identifier: MIT */
/*
 * rp_topo.h - where a rail's thread and buffer belong, from hwloc: the CPUs
 * local to the RDMA device (its PCI function's non-I/O ancestor) and the
 * NUMA node of the chosen CPU. Devices without a PCI function (Soft-RoCE)
 * are treated as local to the whole machine.
 */
#ifndef RP_TOPO_H
#define RP_TOPO_H

#include <stdbool.h>
#include <stddef.h>

#include <hwloc.h>

struct rp_topo {
	hwloc_topology_t t;
};

struct rp_place {
	int cpu;	   /* OS index of the PU chosen, -1 = none */
	int numa_node;	   /* OS index of its NUMA node, -1 = unknown */
	bool device_local; /* the device's locality was known */
};

/* rp_topo_init - load the topology with PCI devices. Returns 0 or -errno. */
int rp_topo_init(struct rp_topo *t);

/* rp_topo_fini - release it; safe after a failed init. */
void rp_topo_fini(struct rp_topo *t);

/*
 * rp_topo_place - choose a CPU for the rail on RDMA device @ibdev: among
 * the CPUs local to the device (hwloc; for a device hwloc cannot place,
 * such as Soft-RoCE, the CPUs of its netdev's NUMA node), those of the
 * most performant core kind (hwloc cpukinds: the big cores of a hybrid
 * CPU), else of any kind, the first core whose first PU is not in
 * @taken[0..@ntaken),
 * preferring cores other than the one holding PU 0 and leaving SMT
 * siblings aside; if every local core is taken, any free local PU; if none,
 * the first local PU (shared). Fills @p. Returns 0 or -errno.
 */
int rp_topo_place(struct rp_topo *t, const char *ibdev, const int *taken,
		  unsigned int ntaken, struct rp_place *p);

/*
 * rp_topo_cpukind - describe the core kind of PU @cpu in @buf: hwloc's
 * CoreType when it has one ("IntelCore", ...) and the kind's rank (kind N
 * of M, the highest the most performant), or "one core kind". Returns 0
 * or -ENOENT when hwloc cannot tell.
 */
int rp_topo_cpukind(struct rp_topo *t, int cpu, char *buf, size_t len);

/*
 * rp_topo_bind_thread - pin the calling thread to PU @cpu (OS index).
 * Returns 0 or -errno (one line printed).
 */
int rp_topo_bind_thread(struct rp_topo *t, int cpu);

#endif /* RP_TOPO_H */
