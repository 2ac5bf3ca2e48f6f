/* SPDX-License-Identifier: MIT */
/*
 * rp_place.h - where each rail's thread and memory go, from the options:
 * perftest's rules (perftest_parameters.c, set_process_affinity in
 * perftest_resources.c; README "CPU/NUMA Affinity"). --pin_cores: those
 * CPUs; --numa_node: that node's CPUs and memory; --disable_numa: nothing;
 * by default the device's NUMA node for CPUs and memory, unless the CPU
 * affinity was already narrowed from outside (taskset, numactl), which is
 * then kept. rail_multi_bw takes one value per rail and, by default, one
 * core per rail (rp_topo_place) on the device's node.
 */
#ifndef RP_PLACE_H
#define RP_PLACE_H

#include "app/rp_opts.h"
#include "topo/rp_numa.h"

/*
 * rp_place_bind - the binding of rail @rail on device @dev (NULL: the
 * first device; with -R none, since rdma_cm picks the device) into @b.
 * @cpu: the core rail_multi_bw chose for the rail (-1 for the one-rail
 * tools, which bind the whole node as perftest does). Returns 0, or
 * -EINVAL after one line when a per-rail list has no value for @rail.
 */
int rp_place_bind(const struct rp_opts *o, const char *dev, unsigned int rail,
		  int cpu, struct rp_bind *b);

/*
 * rp_place_check - --numa_node (numbers up to the highest node) and
 * --pin_cores (CPU lists; rail_multi_bw: one CPU per rail, by ',') before
 * any device is opened; one line and -EINVAL when bad, else 0.
 */
int rp_place_check(const struct rp_opts *o);

#endif /* RP_PLACE_H */
