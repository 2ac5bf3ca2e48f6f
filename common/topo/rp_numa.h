/* SPDX-License-Identifier: MIT */
/*
 * rp_numa.h - a thread's CPU and memory binding, and where memory really
 * landed: perftest's --numa_node / --pin_cores / --disable_numa and its
 * automatic binding to the device's node (set_process_affinity,
 * perftest_resources.c), per thread so that each rail can have its own.
 *
 * The binding is applied to the calling thread before a rail's buffer, MR,
 * CQ and QPs are created, so that the pages libhugetlbfs prefaults and the
 * provider's queue memory follow its memory policy (MPOL_BIND). What the
 * kernel did is then read back with move_pages(2), never assumed.
 */
#ifndef RP_NUMA_H
#define RP_NUMA_H

#include <stdbool.h>
#include <stddef.h>

enum rp_bind_why {
	RP_BIND_NONE = 0, /* nothing asked (--disable_numa, node unknown) */
	RP_BIND_EXTERNAL, /* affinity set from outside (taskset): kept */
	RP_BIND_DEVICE,	  /* default: the device's NUMA node */
	RP_BIND_NODE,	  /* --numa_node */
	RP_BIND_CORES,	  /* --pin_cores */
	RP_BIND_CORE,	  /* one core chosen for a rail (rail_multi_bw) */
};

/* What to bind a thread to. */
struct rp_bind {
	enum rp_bind_why why;
	int node;	/* memory policy and, without cpu/cpus, the CPUs
			       * of this node; -1 = none */
	int cpu;	/* one PU (OS index); -1 = none */
	char cpus[128]; /* --pin_cores list ("2,4-5"); "" = none */
};

/* What a thread got, read back after binding. */
struct rp_bound {
	enum rp_bind_why why;
	int mem_node;	  /* MPOL_BIND node set, -1 = none */
	char cpus[128];	  /* the thread's CPUs: "0", "0,1", "0..3,8" (no '-') */
	int cpu_node;	  /* node of those CPUs if one, -1 = several/unknown */
	char why_not[96]; /* when binding failed: why ("" = it did not) */
	char kind[64];	  /* core kind of a one-CPU binding (rp_topo_cpukind,
			    * filled by the caller that has the topology) */
};

/*
 * rp_numa_dev_node - the NUMA node of RDMA device @ibdev from
 * /sys/class/infiniband/@ibdev/device/numa_node, or for a device without a
 * PCI function of its own (Soft-RoCE) its port 1 netdev's NIC
 * (/sys/class/net/NETDEV/device/numa_node, or for virtio-net that
 * device's parent's); -1 when unknown (no NUMA, -1 in sysfs).
 */
int rp_numa_dev_node(const char *ibdev);

/*
 * rp_numa_externally_bound - true when the process's CPU affinity is
 * narrower than the online CPUs (taskset, numactl): perftest then leaves
 * the binding alone, and so does railperf's default.
 */
bool rp_numa_externally_bound(void);

/*
 * rp_numa_bind_self - apply @b to the calling thread: CPUs (one PU, a
 * list, or @b->node's CPUs) with sched_setaffinity, and for @b->node >= 0
 * the memory policy MPOL_BIND to that node (set_mempolicy). Fills @out
 * with what the thread has afterwards. A failure is not fatal: it is said
 * in out->why_not and the thread runs as it was. Returns 0 or -errno.
 */
int rp_numa_bind_self(const struct rp_bind *b, struct rp_bound *out);

/*
 * rp_numa_pages_node - the NUMA node the pages of [@addr, @addr + @len)
 * are on, sampled one page of @page bytes in every @step bytes (at least
 * the first and last page) with move_pages(2) (no move, status only):
 * that node when all agree, -2 when they differ, -1 when the kernel
 * cannot tell (no NUMA, a page not present).
 */
int rp_numa_pages_node(const void *addr, size_t len, size_t page, size_t step);

#define RP_NUMA_MAX_CPU 1023 /* highest CPU index a list may name */

/*
 * rp_numa_check_cpus - check a CPU list such as "2,4-5" (OS indexes up to
 * RP_NUMA_MAX_CPU). Returns how many CPUs it names, or -EINVAL for
 * anything else (empty, a bad range).
 */
int rp_numa_check_cpus(const char *s);

/* rp_bind_why_name - "the device's node", "the NUMA node asked for", ...
 * for @w (words, not flags: a railperf line of a healthy run). */
const char *rp_bind_why_name(enum rp_bind_why w);

#endif /* RP_NUMA_H */
