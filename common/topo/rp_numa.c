// SPDX-License-Identifier: MIT
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <numa.h>
#include <numaif.h>

#include "base/rp_sysfs.h"
#include "net/rp_netdev.h"
#include "topo/rp_numa.h"

#define RP_PAGES_MAX 64 /* pages sampled by rp_numa_pages_node */

static int rp_numa_parse_cpus(const char *s, cpu_set_t *set);

static int rp_numa_sysfs_node(const char *path)
{
	long v;

	if (rp_sysfs_long(path, &v) || v < 0 || v > 4095)
		return -1;
	return (int)v;
}

int rp_numa_dev_node(const char *ibdev)
{
	char path[320], nd[64];

	snprintf(path, sizeof(path), "/sys/class/infiniband/%s/device", ibdev);
	if (rp_sysfs_is_dir(path)) {
		snprintf(path, sizeof(path),
			 "/sys/class/infiniband/%s/device/numa_node", ibdev);
		return rp_numa_sysfs_node(path);
	}
	/* Soft-RoCE: no PCI function of its own; its netdev's NIC has one */
	if (rp_ibdev_port_netdev("/sys", ibdev, 1, nd, sizeof(nd)))
		return -1;
	snprintf(path, sizeof(path), "/sys/class/net/%s/device/numa_node", nd);
	if (rp_sysfs_long(path, &(long){ 0 }) == 0)
		return rp_numa_sysfs_node(path);
	/* virtio-net: the netdev's device is the virtio one, its parent the
	 * PCI function */
	snprintf(path, sizeof(path), "/sys/class/net/%s/device/../numa_node",
		 nd);
	return rp_numa_sysfs_node(path);
}

bool rp_numa_externally_bound(void)
{
	cpu_set_t cur;
	long online = sysconf(_SC_NPROCESSORS_ONLN);

	if (sched_getaffinity(0, sizeof(cur), &cur))
		return false;
	return online > 0 && CPU_COUNT(&cur) < online;
}

/* "0-3,6" for @set into @buf. */
static void rp_cpus_list(const cpu_set_t *set, char *buf, size_t len)
{
	size_t off = 0;
	int c, lo = -1;

	buf[0] = '\0';
	for (c = 0; c <= CPU_SETSIZE; c++) {
		bool in = c < CPU_SETSIZE && CPU_ISSET(c, set);

		if (in && lo < 0)
			lo = c;
		if (in || lo < 0 || off >= len)
			continue;
		off += (size_t)snprintf(buf + off, len - off, "%s%d",
					off ? "," : "", lo);
		if (c - 1 > lo && off < len) /* "0,1", "0..3": no '-' */
			off += (size_t)snprintf(buf + off, len - off, "%s%d",
						c - 2 > lo ? ".." : ",", c - 1);
		lo = -1;
	}
}

/* The CPUs @b names: one PU, a parsed list, or a node's. */
static int rp_bind_cpus(const struct rp_bind *b, cpu_set_t *set)
{
	struct bitmask *m;
	unsigned int c;

	CPU_ZERO(set);
	if (b->cpu >= 0) {
		CPU_SET(b->cpu, set);
		return 0;
	}
	if (b->cpus[0])
		return rp_numa_parse_cpus(b->cpus, set);
	if (b->node < 0 || numa_available() < 0)
		return -ENOENT;
	m = numa_allocate_cpumask();
	if (!m)
		return -ENOMEM;
	if (numa_node_to_cpus(b->node, m)) {
		numa_free_cpumask(m);
		return -EINVAL;
	}
	for (c = 0; c < m->size && c < CPU_SETSIZE; c++)
		if (numa_bitmask_isbitset(m, c))
			CPU_SET(c, set);
	numa_free_cpumask(m);
	return CPU_COUNT(set) ? 0 : -ENOENT;
}

static int rp_bind_mem(int node)
{
	unsigned long mask[16] = { 0 };
	const unsigned long bits = 8 * sizeof(unsigned long);

	if ((unsigned long)node >= bits * 16)
		return -EINVAL;
	mask[node / bits] = 1UL << (node % bits);
	return set_mempolicy(MPOL_BIND, mask, bits * 16) ? -errno : 0;
}

/* What the calling thread has now: its CPUs and their node. */
static void rp_bound_read(struct rp_bound *out)
{
	cpu_set_t cur;
	int c, node = -1;

	out->cpu_node = -1;
	if (sched_getaffinity(0, sizeof(cur), &cur))
		return;
	rp_cpus_list(&cur, out->cpus, sizeof(out->cpus));
	if (numa_available() < 0)
		return;
	for (c = 0; c < CPU_SETSIZE; c++) {
		int n;

		if (!CPU_ISSET(c, &cur))
			continue;
		n = numa_node_of_cpu(c);
		if (node >= 0 && n != node)
			return;
		node = n;
	}
	out->cpu_node = node;
}

int rp_numa_bind_self(const struct rp_bind *b, struct rp_bound *out)
{
	cpu_set_t set;
	int ret = 0;

	memset(out, 0, sizeof(*out));
	out->why = b->why;
	out->mem_node = -1;
	if (b->why != RP_BIND_NONE && b->why != RP_BIND_EXTERNAL) {
		ret = rp_bind_cpus(b, &set);
		if (!ret && sched_setaffinity(0, sizeof(set), &set))
			ret = -errno;
		if (ret)
			snprintf(out->why_not, sizeof(out->why_not),
				 "CPUs not bound: %s", strerror(-ret));
	}
	if (!ret && b->node >= 0 && b->why != RP_BIND_EXTERNAL &&
	    numa_available() >= 0) {
		ret = rp_bind_mem(b->node);
		if (ret)
			snprintf(out->why_not, sizeof(out->why_not),
				 "memory policy not set: %s", strerror(-ret));
		else
			out->mem_node = b->node;
	}
	rp_bound_read(out);
	return ret;
}

int rp_numa_pages_node(const void *addr, size_t len, size_t page, size_t step)
{
	void *pages[RP_PAGES_MAX];
	int status[RP_PAGES_MAX], node = -1;
	size_t off, n = 0, i;

	if (!addr || !len || !page || numa_available() < 0)
		return -1;
	if (step < page)
		step = page;
	for (off = 0; off < len && n < RP_PAGES_MAX - 1; off += step)
		pages[n++] = (char *)addr + off / page * page;
	pages[n++] = (char *)addr + (len - 1) / page * page;
	if (move_pages(0, (unsigned long)n, pages, NULL, status, 0))
		return -1;
	for (i = 0; i < n; i++) {
		if (status[i] < 0)
			return -1;
		if (node >= 0 && status[i] != node)
			return -2;
		node = status[i];
	}
	return node;
}

static int rp_numa_parse_cpus(const char *s, cpu_set_t *set)
{
	CPU_ZERO(set);
	while (*s) {
		char *end;
		long lo = strtol(s, &end, 10), hi;

		if (end == s || lo < 0 || lo > RP_NUMA_MAX_CPU)
			return -EINVAL;
		hi = lo;
		if (*end == '-') {
			s = end + 1;
			hi = strtol(s, &end, 10);
			if (end == s || hi < lo || hi > RP_NUMA_MAX_CPU)
				return -EINVAL;
		}
		for (; lo <= hi; lo++)
			CPU_SET((int)lo, set);
		if (*end == ',' && end[1])
			end++;
		else if (*end)
			return -EINVAL;
		s = end;
	}
	return CPU_COUNT(set) ? 0 : -EINVAL;
}

int rp_numa_check_cpus(const char *s)
{
	cpu_set_t set;

	return rp_numa_parse_cpus(s, &set) ? -EINVAL : CPU_COUNT(&set);
}

const char *rp_bind_why_name(enum rp_bind_why w)
{
	switch (w) {
	case RP_BIND_EXTERNAL: return "affinity set from outside, kept";
	case RP_BIND_DEVICE: return "the device's node";
	case RP_BIND_NODE: return "the NUMA node asked for";
	case RP_BIND_CORES: return "the cores asked for";
	case RP_BIND_CORE: return "a core local to the device";
	case RP_BIND_NONE: break;
	}
	return "no binding";
}
