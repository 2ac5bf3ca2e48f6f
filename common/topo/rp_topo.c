// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <hwloc/openfabrics-verbs.h>

#include "base/rp_log.h"
#include "topo/rp_numa.h"
#include "topo/rp_topo.h"

int rp_topo_init(struct rp_topo *t)
{
	if (hwloc_topology_init(&t->t)) {
		t->t = NULL;
		return -errno;
	}
	hwloc_topology_set_io_types_filter(t->t,
					   HWLOC_TYPE_FILTER_KEEP_IMPORTANT);
	if (hwloc_topology_load(t->t)) {
		rp_err("hwloc_topology_load: %s", strerror(errno));
		hwloc_topology_destroy(t->t);
		t->t = NULL;
		return -EIO;
	}
	return 0;
}

void rp_topo_fini(struct rp_topo *t)
{
	if (t->t)
		hwloc_topology_destroy(t->t);
	t->t = NULL;
}

/* CPUs local to @ibdev, or the whole machine when hwloc cannot tell. */
static hwloc_const_cpuset_t rp_topo_locality(struct rp_topo *t,
					     const char *ibdev, bool *known)
{
	hwloc_obj_t os = hwloc_ibv_get_device_osdev_by_name(t->t, ibdev);
	hwloc_obj_t anc = os ? hwloc_get_non_io_ancestor_obj(t->t, os) : NULL;

	*known = anc && anc->cpuset && !hwloc_bitmap_iszero(anc->cpuset);
	return *known ? anc->cpuset : hwloc_topology_get_topology_cpuset(t->t);
}

static bool rp_taken(int cpu, const int *taken, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (taken[i] == cpu)
			return true;
	return false;
}

/* First PU of a free core inside @set; core of PU 0 only if @allow0. */
static int rp_free_core(struct rp_topo *t, hwloc_const_cpuset_t set,
			const int *taken, unsigned int n, bool allow0)
{
	hwloc_obj_t core = NULL;

	while ((core = hwloc_get_next_obj_covering_cpuset_by_type(
			t->t, set, HWLOC_OBJ_CORE, core))) {
		int pu = hwloc_bitmap_first(core->cpuset);

		if (pu < 0 || !hwloc_bitmap_isset(set, (unsigned int)pu))
			continue;
		if (!allow0 && hwloc_bitmap_isset(core->cpuset, 0))
			continue;
		if (!rp_taken(pu, taken, n))
			return pu;
	}
	return -1;
}

static int rp_free_pu(hwloc_const_cpuset_t set, const int *taken,
		      unsigned int n)
{
	int pu;

	hwloc_bitmap_foreach_begin(pu,
				   set) if (!rp_taken(pu, taken, n)) return pu;
	hwloc_bitmap_foreach_end();
	return hwloc_bitmap_first(set);
}

static int rp_numa_of(struct rp_topo *t, int cpu)
{
	hwloc_obj_t pu = hwloc_get_pu_obj_by_os_index(t->t, (unsigned int)cpu);
	hwloc_obj_t node =
		pu ? hwloc_get_next_obj_covering_cpuset_by_type(
			     t->t, pu->cpuset, HWLOC_OBJ_NUMANODE, NULL) :
		     NULL;

	return node ? (int)node->os_index : -1;
}

/*
 * The CPUs of the most performant core kind in @set (hwloc cpukinds rank
 * kinds by efficiency, the highest last: the big cores of a big.LITTLE or
 * hybrid CPU) into @out; @set itself when the CPU has one kind.
 */
static void rp_topo_best_kind(struct rp_topo *t, hwloc_const_cpuset_t set,
			      hwloc_bitmap_t out)
{
	int nr = hwloc_cpukinds_get_nr(t->t, 0), k;

	hwloc_bitmap_copy(out, set);
	for (k = nr - 1; nr > 1 && k >= 0; k--) {
		hwloc_bitmap_t kind = hwloc_bitmap_alloc();

		if (kind &&
		    !hwloc_cpukinds_get_info(t->t, (unsigned int)k, kind, NULL,
					     NULL, NULL, 0) &&
		    hwloc_bitmap_intersects(kind, set)) {
			hwloc_bitmap_and(out, kind, set);
			hwloc_bitmap_free(kind);
			return;
		}
		hwloc_bitmap_free(kind);
	}
}

/* No hwloc locality (Soft-RoCE): the CPUs of the device's NUMA node
 * (its netdev's NIC, rp_numa_dev_node) when known. */
static hwloc_const_cpuset_t rp_topo_node_cpus(struct rp_topo *t,
					      const char *ibdev,
					      hwloc_const_cpuset_t set)
{
	int node = rp_numa_dev_node(ibdev);
	hwloc_obj_t n = node >= 0 ? hwloc_get_numanode_obj_by_os_index(
					    t->t, (unsigned int)node) :
				    NULL;

	return n && n->cpuset && !hwloc_bitmap_iszero(n->cpuset) ? n->cpuset :
								   set;
}

int rp_topo_place(struct rp_topo *t, const char *ibdev, const int *taken,
		  unsigned int ntaken, struct rp_place *p)
{
	hwloc_const_cpuset_t local =
		rp_topo_locality(t, ibdev, &p->device_local);
	hwloc_bitmap_t set = hwloc_bitmap_alloc();

	if (!set)
		return -ENOMEM;
	if (!p->device_local)
		local = rp_topo_node_cpus(t, ibdev, local);
	rp_topo_best_kind(t, local, set);
	p->cpu = rp_free_core(t, set, taken, ntaken, false);
	if (p->cpu < 0)
		p->cpu = rp_free_core(t, set, taken, ntaken, true);
	if (p->cpu < 0) /* the best kind is taken: a free core of another */
		p->cpu = rp_free_core(t, local, taken, ntaken, false);
	if (p->cpu < 0)
		p->cpu = rp_free_core(t, local, taken, ntaken, true);
	if (p->cpu < 0)
		p->cpu = rp_free_pu(local, taken, ntaken);
	hwloc_bitmap_free(set);
	p->numa_node = p->cpu >= 0 ? rp_numa_of(t, p->cpu) : -1;
	return p->cpu >= 0 ? 0 : -ENODEV;
}

int rp_topo_cpukind(struct rp_topo *t, int cpu, char *buf, size_t len)
{
	hwloc_bitmap_t set = hwloc_bitmap_alloc();
	struct hwloc_info_s *infos = NULL;
	unsigned int i, ninfos = 0;
	int k, nr = t->t ? hwloc_cpukinds_get_nr(t->t, 0) : -1;

	snprintf(buf, len, "one core kind");
	if (!set || nr <= 1 || cpu < 0) {
		hwloc_bitmap_free(set);
		return nr <= 1 ? 0 : -ENOENT;
	}
	hwloc_bitmap_only(set, (unsigned int)cpu);
	k = hwloc_cpukinds_get_by_cpuset(t->t, set, 0);
	if (k >= 0 && !hwloc_cpukinds_get_info(t->t, (unsigned int)k, NULL,
					       NULL, &ninfos, &infos, 0)) {
		snprintf(buf, len, "kind %d of %d (highest: most performant)",
			 k + 1, nr);
		for (i = 0; i < ninfos; i++)
			if (!strcmp(infos[i].name, "CoreType"))
				snprintf(buf, len, "%s, kind %d of %d",
					 infos[i].value, k + 1, nr);
	}
	hwloc_bitmap_free(set);
	return k >= 0 ? 0 : -ENOENT;
}

int rp_topo_bind_thread(struct rp_topo *t, int cpu)
{
	hwloc_bitmap_t set = hwloc_bitmap_alloc();
	int ret = 0;

	if (!set)
		return -ENOMEM;
	hwloc_bitmap_only(set, (unsigned int)cpu);
	if (hwloc_set_cpubind(t->t, set, HWLOC_CPUBIND_THREAD)) {
		ret = -errno;
		rp_err("pinning a rail thread to CPU %d: %s", cpu,
		       strerror(errno));
	}
	hwloc_bitmap_free(set);
	return ret;
}
