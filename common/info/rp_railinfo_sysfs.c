// SPDX-License-Identifier: MIT
/* Rails from a sysfs tree alone: rail_info --sysfs DIR and the tests. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "topo/rp_locality.h"
#include "base/rp_log.h"
#include "info/rp_railinfo_sysfs.h"
#include "base/rp_sysfs.h"
#include "topo/rp_ceiling.h"
#include "net/rp_gid_sysfs.h"

#define RP_ROCE_MAX_MTU 4096 /* what mlx5 and rxe report on RoCE */

/* "4: ACTIVE" -> "ACTIVE"; the whole line if there is no ": ". */
static void rp_sysfs_state(const char *path, char *buf, size_t len)
{
	char line[64];
	const char *v;

	if (rp_sysfs_line(path, line, sizeof(line))) {
		snprintf(buf, len, "?");
		return;
	}
	v = strstr(line, ": ");
	snprintf(buf, len, "%.*s", (int)len - 1, v ? v + 2 : line);
}

static void rp_sysfs_port_mtu(struct rp_port_info *p, const char *sysroot)
{
	unsigned int mtu;

	if (!p->roce || !p->ndev[0] || rp_netdev_mtu(sysroot, p->ndev, &mtu))
		return;
	p->active_mtu = rp_roce_active_mtu(mtu);
	p->max_mtu = RP_ROCE_MAX_MTU;
	p->mtu_from_netdev = true;
}

static int rp_sysfs_port(struct rp_port_info *p, const char *sysroot)
{
	char dir[512], path[640], ib[512], line[64];

	snprintf(dir, sizeof(dir), "%s/class/infiniband/%s/ports/%u", sysroot,
		 p->dev, p->port);
	snprintf(path, sizeof(path), "%s/state", dir);
	rp_sysfs_state(path, p->state, sizeof(p->state));
	snprintf(path, sizeof(path), "%s/phys_state", dir);
	rp_sysfs_state(path, p->phys_state, sizeof(p->phys_state));
	snprintf(path, sizeof(path), "%s/link_layer", dir);
	if (rp_sysfs_line(path, p->link_layer, sizeof(p->link_layer)))
		snprintf(p->link_layer, sizeof(p->link_layer), "?");
	p->roce = !strcmp(p->link_layer, "Ethernet");
	snprintf(path, sizeof(path), "%s/rate", dir);
	if (!rp_sysfs_line(path, line, sizeof(line)))
		rp_rate_parse(line, &p->rate_gbps, &p->width, p->speed,
			      sizeof(p->speed));
	snprintf(ib, sizeof(ib), "%s/class/infiniband", sysroot);
	return rp_gid_read_sysfs(ib, p->dev, p->port, &p->gids);
}

static bool rp_is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* A port directory's number, 1 .. 255 (a u8 in verbs), or 0. */
static unsigned int rp_port_num(const char *name)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(name, &end, 10);
	return !errno && !*end && v >= 1 && v <= 255 ? (unsigned int)v : 0;
}

static int rp_port_cmp(const struct dirent **a, const struct dirent **b)
{
	unsigned int x = rp_port_num((*a)->d_name);
	unsigned int y = rp_port_num((*b)->d_name);

	return (x > y) - (x < y);
}

/* A port directory's name is a number 1 .. 255; else refused, named. */
static bool rp_port_valid(const char *dir, const char *name)
{
	char path[800];

	if (rp_port_num(name))
		return true;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	rp_sysfs_refuse(path, "not a port number (valid: 1 .. 255)");
	return false;
}

static int rp_port_filter(const struct dirent *d)
{
	return d->d_name[0] >= '1' && d->d_name[0] <= '9';
}

static int rp_sysfs_device(struct rp_railinfo *ri, const char *sysroot,
			   const char *dev, const struct rp_railinfo_opts *o,
			   const struct rp_ifaddrs *addrs)
{
	struct dirent **ports;
	struct rp_port_info *p;
	struct rp_locality loc;
	char dir[512];
	int i, n, ret = 0;

	snprintf(dir, sizeof(dir), "%s/class/infiniband/%s/ports", sysroot,
		 dev);
	n = scandir(dir, &ports, rp_port_filter, rp_port_cmp);
	if (n < 0)
		return 0; /* a device without ports/ shows nothing */
	rp_locality_sysfs(sysroot, dev, &loc);
	for (i = 0; i < n && !ret; i++) {
		if (!rp_port_valid(dir, ports[i]->d_name))
			continue;
		p = rp_railinfo_add(ri);
		if (!p) {
			ret = -errno;
			break;
		}
		snprintf(p->dev, sizeof(p->dev), "%.*s",
			 (int)sizeof(p->dev) - 1, dev);
		p->port = rp_port_num(ports[i]->d_name);
		p->numa_node = loc.numa_node;
		p->cpus_local = loc.local;
		memcpy(p->cpus, loc.cpus, sizeof(p->cpus));
		ret = rp_sysfs_port(p, sysroot);
		rp_railinfo_netdev(p, sysroot);
		rp_sysfs_port_mtu(p, sysroot);
		rp_railinfo_finish(p, sysroot, addrs, &o->prefs);
	}
	for (i = 0; i < n; i++)
		free(ports[i]);
	free(ports);
	return ret;
}

static int rp_dev_filter(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

/* The fixture's address list (DIR/ifaddrs), or NULL when it has none. */
static struct rp_ifaddrs *rp_sysfs_addrs(const char *sysroot, int *ret)
{
	struct rp_ifaddrs *l = calloc(1, sizeof(*l));
	char path[512];

	*ret = l ? 0 : -ENOMEM;
	if (!l)
		return NULL;
	snprintf(path, sizeof(path), "%s/ifaddrs", sysroot);
	*ret = rp_ifaddrs_read(path, l);
	if (*ret == -ENOENT)
		*ret = 0;
	if (*ret || !l->n) {
		free(l);
		return NULL;
	}
	return l;
}

static int rp_sysfs_devices(struct rp_railinfo *ri,
			    const struct rp_railinfo_opts *o,
			    struct dirent **devs, int n,
			    const struct rp_ifaddrs *addrs)
{
	int i, ret = 0;

	for (i = 0; i < n && !ret; i++)
		if (!o->dev || !strcmp(o->dev, devs[i]->d_name))
			ret = rp_sysfs_device(ri, o->sysfs, devs[i]->d_name, o,
					      addrs);
	if (!ret && o->dev && !ri->n) {
		rp_err("device '%s' not found under %s/class/infiniband",
		       o->dev, o->sysfs);
		ret = -ENODEV;
	}
	return ret;
}

int rp_railinfo_from_sysfs(struct rp_railinfo *ri,
			   const struct rp_railinfo_opts *o)
{
	struct rp_ifaddrs *addrs;
	struct dirent **devs;
	char dir[512];
	int i, n, ret;

	snprintf(ri->source, sizeof(ri->source), "sysfs %s", o->sysfs);
	snprintf(dir, sizeof(dir), "%s/class", o->sysfs);
	if (!rp_is_dir(dir)) { /* a mistyped path is not an empty host */
		rp_err("invalid --sysfs value '%s': not a sysfs tree (no "
		       "class/ directory in it); give a directory laid out "
		       "like /sys",
		       o->sysfs);
		return -ENOTDIR;
	}
	snprintf(dir, sizeof(dir), "%s/class/infiniband", o->sysfs);
	n = scandir(dir, &devs, rp_dev_filter, alphasort);
	if (n <= 0) {
		snprintf(ri->none_why, sizeof(ri->none_why),
			 "no RDMA devices (%.*s is %s)", 120, dir,
			 n < 0 ? "missing" : "empty");
		return 0;
	}
	addrs = rp_sysfs_addrs(o->sysfs, &ret);
	if (!ret)
		ret = rp_sysfs_devices(ri, o, devs, n, addrs);
	free(addrs);
	for (i = 0; i < n; i++)
		free(devs[i]);
	free(devs);
	return ret;
}
