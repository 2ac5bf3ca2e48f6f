// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <numa.h>

#include "base/rp_log.h"
#include "base/rp_parse.h"
#include "app/rp_place.h"
#include "verbs/rp_dev.h"

static bool rp_multi(const struct rp_opts *o)
{
	return o->desc->features & RP_FEAT_MULTI;
}

static int rp_max_node(void)
{
	return numa_available() < 0 ? 0 : numa_max_node();
}

/* --numa_node for rail @rail: the whole value, or its item per rail. */
static int rp_place_node(const struct rp_opts *o, unsigned int rail, int *node)
{
	char item[16];
	uint64_t v;

	if (rp_parse_list_item(o->nic.numa_node, rp_multi(o) ? rail : 0, item,
			       sizeof(item)) ||
	    rp_parse_u64(item, 0, (uint64_t)rp_max_node(), &v)) {
		rp_err("--numa_node '%s' has no node 0 .. %d for rail %u%s",
		       o->nic.numa_node, rp_max_node(), rail,
		       rp_multi(o) ? " (give one per rail, by ',')" : "");
		return -EINVAL;
	}
	*node = (int)v;
	return 0;
}

static int rp_place_cores(const struct rp_opts *o, unsigned int rail,
			  struct rp_bind *b)
{
	char item[16];
	uint64_t v;

	b->why = rp_multi(o) ? RP_BIND_CORE : RP_BIND_CORES;
	if (!rp_multi(o)) {
		snprintf(b->cpus, sizeof(b->cpus), "%s", o->nic.pin_cores);
		return rp_numa_check_cpus(b->cpus) > 0 ? 0 : -EINVAL;
	}
	if (rp_parse_list_item(o->nic.pin_cores, rail, item, sizeof(item)) ||
	    rp_parse_u64(item, 0, RP_NUMA_MAX_CPU, &v)) {
		rp_err("--pin_cores '%s' has no CPU for rail %u (give one CPU "
		       "per rail, by ',')",
		       o->nic.pin_cores, rail);
		return -EINVAL;
	}
	b->cpu = (int)v;
	b->node = numa_available() < 0 ? -1 : numa_node_of_cpu(b->cpu);
	return 0;
}

/* The default: the device's node, unless taskset narrowed the CPUs. */
static void rp_place_default(const struct rp_opts *o, const char *dev, int cpu,
			     struct rp_bind *b)
{
	char first[IBV_SYSFS_NAME_MAX * 2];

	if (cpu >= 0) { /* rail_multi_bw: hwloc chose it among allowed PUs */
		b->why = RP_BIND_CORE;
		b->cpu = cpu;
		b->node = numa_available() < 0 ? -1 : numa_node_of_cpu(cpu);
		return;
	}
	if (rp_numa_externally_bound()) {
		b->why = RP_BIND_EXTERNAL;
		return;
	}
	/* quiet: a host without devices is reported once, by the open */
	if (!dev && !o->rdma_cm && !rp_dev_first_name(first, sizeof(first)))
		dev = first;
	b->node = dev ? rp_numa_dev_node(dev) : -1;
	b->why = b->node >= 0 ? RP_BIND_DEVICE : RP_BIND_NONE;
}

int rp_place_bind(const struct rp_opts *o, const char *dev, unsigned int rail,
		  int cpu, struct rp_bind *b)
{
	memset(b, 0, sizeof(*b));
	b->node = -1;
	b->cpu = -1;
	if (o->nic.disable_numa)
		return 0;
	if (o->nic.pin_cores)
		return rp_place_cores(o, rail, b);
	if (o->nic.numa_node) {
		b->why = RP_BIND_NODE;
		return rp_place_node(o, rail, &b->node);
	}
	rp_place_default(o, dev, cpu, b);
	return 0;
}

/* @list: numbers 0 .. @max, one (one-rail tools) or one per rail. */
static int rp_check_list(const struct rp_opts *o, const char *list,
			 const char *name, uint64_t max)
{
	const char *p = list;
	unsigned int n = 0;
	bool ok = *p != '\0';
	char item[16];
	uint64_t v;

	while (ok) {
		size_t k = strcspn(p, ",");

		ok = k > 0 && k < sizeof(item);
		if (!ok)
			break;
		memcpy(item, p, k);
		item[k] = '\0';
		ok = !rp_parse_u64(item, 0, max, &v);
		n++;
		if (!p[k])
			break;
		p += k + 1;
	}
	if (ok && (rp_multi(o) || n == 1))
		return 0;
	rp_err("invalid %s value '%s': valid values are %s0 .. %llu", name,
	       list, rp_multi(o) ? "one per rail, by ',', each " : "",
	       (unsigned long long)max);
	return -EINVAL;
}

int rp_place_check(const struct rp_opts *o)
{
	if (o->nic.numa_node &&
	    rp_check_list(o, o->nic.numa_node, "--numa_node",
			  (uint64_t)rp_max_node()))
		return -EINVAL;
	if (!o->nic.pin_cores)
		return 0;
	if (rp_multi(o))
		return rp_check_list(o, o->nic.pin_cores, "--pin_cores",
				     RP_NUMA_MAX_CPU);
	if (rp_numa_check_cpus(o->nic.pin_cores) <= 0) {
		rp_err("invalid --pin_cores value '%s': valid values are CPU "
		       "lists such as 2,4-5",
		       o->nic.pin_cores);
		return -EINVAL;
	}
	return 0;
}
