// SPDX-License-Identifier: MIT
#include <arpa/inet.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_sysfs.h"
#include "info/rp_portfuncs.h"
#include "net/rp_netdev.h"
#include "topo/rp_nicport.h"

bool rp_port_configured(const char *sysroot, const char *dev, unsigned int port)
{
	char dir[512], path[800], line[64];
	uint8_t raw[16];
	struct dirent *de;
	bool found = false;
	DIR *d;

	snprintf(dir, sizeof(dir), "%s/class/infiniband/%s/ports/%u/gids",
		 sysroot, dev, port);
	d = opendir(dir);
	if (!d)
		return false;
	while (!found && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		if (rp_sysfs_line(path, line, sizeof(line)) ||
		    inet_pton(AF_INET6, line, raw) != 1)
			continue;
		found = !rp_gid_is_zero(raw) && !rp_gid_is_link_local(raw);
	}
	closedir(d);
	return found;
}

/* Port @port of @dev into @pf when it is a RoCE port on NIC port @key. */
static void rp_portfuncs_one(const char *sysroot, const char *dev,
			     unsigned int port, const char *key,
			     struct rp_portfuncs *pf)
{
	struct rp_portfunc *f = &pf->f[pf->n];
	struct rp_nicport n;
	char path[512], ll[32];

	snprintf(path, sizeof(path),
		 "%s/class/infiniband/%s/ports/%u/link_layer", sysroot, dev,
		 port);
	if (rp_sysfs_line(path, ll, sizeof(ll)) || strcmp(ll, "Ethernet"))
		return;
	memset(f, 0, sizeof(*f));
	if (rp_ibdev_port_netdev(sysroot, dev, port, f->ndev, sizeof(f->ndev)))
		f->ndev[0] = '\0';
	rp_nicport_read(sysroot, dev, port, f->ndev, NULL, &n);
	if (!n.guid[0] || strcmp(n.key, key))
		return;
	snprintf(f->dev, sizeof(f->dev), "%.63s", dev);
	f->port = port;
	f->configured = rp_port_configured(sysroot, dev, port);
	pf->n++;
}

/* Every port of device @dev (ports/N directories) into @pf. */
static void rp_portfuncs_dev(const char *sysroot, const char *dev,
			     const char *skip, unsigned int skip_port,
			     const char *key, struct rp_portfuncs *pf)
{
	char dir[512];
	struct dirent *de;
	unsigned long p;
	char *end;
	DIR *d;

	snprintf(dir, sizeof(dir), "%s/class/infiniband/%s/ports", sysroot,
		 dev);
	d = opendir(dir);
	if (!d)
		return;
	while (pf->n < RP_PORTFUNCS_MAX && (de = readdir(d))) {
		p = strtoul(de->d_name, &end, 10);
		if (de->d_name[0] < '1' || de->d_name[0] > '9' || *end ||
		    p > 255 || (!strcmp(dev, skip) && p == skip_port))
			continue;
		rp_portfuncs_one(sysroot, dev, (unsigned int)p, key, pf);
	}
	closedir(d);
}

unsigned int rp_portfuncs_read(const char *sysroot, const char *dev,
			       unsigned int port, const char *key,
			       struct rp_portfuncs *pf)
{
	struct dirent **devs;
	char dir[512];
	int i, n;

	memset(pf, 0, sizeof(*pf));
	snprintf(dir, sizeof(dir), "%s/class/infiniband", sysroot);
	n = scandir(dir, &devs, NULL, alphasort);
	for (i = 0; i < n; i++) {
		if (devs[i]->d_name[0] != '.')
			rp_portfuncs_dev(sysroot, devs[i]->d_name, dev, port,
					 key, pf);
		free(devs[i]);
	}
	if (n >= 0)
		free(devs);
	return pf->n;
}
