// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hwloc/openfabrics-verbs.h>

#include "topo/rp_locality.h"
#include "base/rp_sysfs.h"

static void rp_locality_cpus(hwloc_const_bitmap_t set, struct rp_locality *l)
{
	if (hwloc_bitmap_list_snprintf(l->cpus, sizeof(l->cpus), set) < 0)
		l->cpus[0] = '\0';
}

/* The one NUMA node in @nodeset, or -1 when there are none or several. */
static int rp_locality_node(hwloc_const_nodeset_t nodeset)
{
	if (!nodeset || hwloc_bitmap_weight(nodeset) != 1)
		return -1;
	return hwloc_bitmap_first(nodeset);
}

int rp_locality_hwloc(struct rp_topo *t, const char *ibdev,
		      struct rp_locality *l)
{
	hwloc_obj_t os, anc = NULL, root;

	memset(l, 0, sizeof(*l));
	l->numa_node = -1;
	if (!t->t)
		return -EINVAL;
	root = hwloc_get_root_obj(t->t);
	os = hwloc_ibv_get_device_osdev_by_name(t->t, ibdev);
	if (os)
		anc = hwloc_get_non_io_ancestor_obj(t->t, os);
	l->local = anc && anc->cpuset && !hwloc_bitmap_iszero(anc->cpuset);
	if (!l->local)
		anc = root;
	rp_locality_cpus(anc->cpuset, l);
	l->numa_node = rp_locality_node(anc->nodeset);
	return 0;
}

#define RP_CPU_MAX 8191 /* the kernel's largest NR_CPUS is 8192 */
#define RP_STR2(x) #x
#define RP_STR(x) RP_STR2(x)

/* Every number of CPU list @list ("0-3,8") is at most RP_CPU_MAX, so
 * that hwloc's bitmap stays small (0-2000000000 took 247 MB). */
static bool rp_cpulist_sane(const char *list)
{
	const char *p = list;
	char *end;

	while (*p) {
		if (*p < '0' || *p > '9') {
			p++;
			continue;
		}
		errno = 0;
		if (strtoul(p, &end, 10) > RP_CPU_MAX || errno)
			return false;
		p = end;
	}
	return true;
}

int rp_locality_sysfs(const char *sysroot, const char *ibdev,
		      struct rp_locality *l)
{
	char dev[512], path[640], list[512];
	hwloc_bitmap_t set;
	long node;

	memset(l, 0, sizeof(*l));
	l->numa_node = -1;
	snprintf(dev, sizeof(dev), "%s/class/infiniband/%s/device", sysroot,
		 ibdev);
	if (!rp_sysfs_is_dir(dev))
		return 0;
	snprintf(path, sizeof(path), "%s/numa_node", dev);
	if (!rp_sysfs_long(path, &node) && node >= 0)
		l->numa_node = (int)node;
	snprintf(path, sizeof(path), "%s/local_cpulist", dev);
	if (rp_sysfs_line(path, list, sizeof(list)))
		return 0;
	if (!rp_cpulist_sane(list)) {
		rp_sysfs_refuse(path, "a CPU number past " RP_STR(
					      RP_CPU_MAX) " (the kernel's "
							  "largest NR_CPUS)");
		return 0;
	}
	set = hwloc_bitmap_alloc();
	if (!set)
		return -ENOMEM;
	if (!hwloc_bitmap_list_sscanf(set, list) && !hwloc_bitmap_iszero(set)) {
		rp_locality_cpus(set, l);
		l->local = true;
	}
	hwloc_bitmap_free(set);
	return 0;
}
