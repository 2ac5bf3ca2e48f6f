// SPDX-License-Identifier: MIT
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/rp_netdev.h"
#include "base/rp_sysfs.h"

int rp_netdev_bond(const char *sysroot, const char *ndev, struct rp_bond *b)
{
	char path[512];

	memset(b, 0, sizeof(*b));
	if (!ndev || !*ndev)
		return 0;
	snprintf(path, sizeof(path), "%s/class/net/%s/bonding", sysroot, ndev);
	if (rp_sysfs_is_dir(path)) {
		b->role = RP_BOND_MASTER;
		snprintf(b->bond, sizeof(b->bond), "%s", ndev);
	} else {
		snprintf(path, sizeof(path), "%s/class/net/%s/bonding_slave",
			 sysroot, ndev);
		if (!rp_sysfs_is_dir(path))
			return 0;
		snprintf(path, sizeof(path), "%s/class/net/%s/master", sysroot,
			 ndev);
		b->role = RP_BOND_MEMBER;
		if (rp_sysfs_link_name(path, b->bond, sizeof(b->bond)))
			snprintf(b->bond, sizeof(b->bond), "?");
	}
	snprintf(path, sizeof(path), "%s/class/net/%s/bonding/slaves", sysroot,
		 b->bond);
	if (rp_sysfs_line(path, b->members, sizeof(b->members)))
		b->members[0] = '\0';
	return 0;
}

const char *rp_bond_warning(const char *ndev, const struct rp_bond *b,
			    char *buf, size_t len)
{
	char members[sizeof(b->members) + 16] = "";

	if (b->role == RP_BOND_NONE)
		return NULL;
	if (b->members[0])
		snprintf(members, sizeof(members), " (members %s)", b->members);
	if (b->role == RP_BOND_MASTER)
		snprintf(buf, len,
			 "GID netdev %s is a bond%s: RDMA traffic "
			 "bypasses the bond (its hashing, failover and "
			 "counters), so this rail is one device's port, not "
			 "the bond",
			 ndev, members);
	else
		snprintf(buf, len,
			 "GID netdev %s is a member of bond %s%s: "
			 "RDMA traffic bypasses the bond (its hashing, "
			 "failover and counters)",
			 ndev, b->bond, members);
	return buf;
}

int rp_netdev_mtu(const char *sysroot, const char *ndev, unsigned int *mtu)
{
	char path[512];
	long v;
	int ret;

	snprintf(path, sizeof(path), "%s/class/net/%s/mtu", sysroot, ndev);
	ret = rp_sysfs_long(path, &v);
	if (ret)
		return ret;
	if (v <= 0)
		return -EINVAL;
	*mtu = (unsigned int)v;
	return 0;
}

unsigned int rp_roce_active_mtu(unsigned int netdev_mtu)
{
	unsigned int m;

	if (netdev_mtu < 96)
		return 0;
	for (m = 4096; m >= 256; m /= 2)
		if (m <= netdev_mtu - 96)
			return m;
	return 0;
}

/* The netdev under device/net with dev_port @port - 1 (or the only one). */
static int rp_ibdev_pci_netdev(const char *sysroot, const char *ibdev,
			       unsigned int port, char *buf, size_t len)
{
	struct dirent **ents;
	char dir[384], path[1024];
	int i, n, found = -1, only = -1, real = 0;
	long dev_port;

	snprintf(dir, sizeof(dir), "%s/class/infiniband/%s/device/net", sysroot,
		 ibdev);
	n = scandir(dir, &ents, NULL, alphasort);
	if (n < 0)
		return -errno;
	for (i = 0; i < n; i++) {
		if (ents[i]->d_name[0] == '.')
			continue;
		if (!real++)
			only = i;
		snprintf(path, sizeof(path), "%s/%s/dev_port", dir,
			 ents[i]->d_name);
		if (found < 0 && !rp_sysfs_long(path, &dev_port) &&
		    dev_port == (long)port - 1)
			found = i;
	}
	if (found < 0 && real == 1)
		found = only;
	if (found >= 0)
		snprintf(buf, len, "%s", ents[found]->d_name);
	for (i = 0; i < n; i++)
		free(ents[i]);
	free(ents);
	return found >= 0 ? 0 : -ENOENT;
}

int rp_ibdev_port_netdev(const char *sysroot, const char *ibdev,
			 unsigned int port, char *buf, size_t len)
{
	char path[512];

	buf[0] = '\0';
	if (!rp_ibdev_pci_netdev(sysroot, ibdev, port, buf, len))
		return 0;
	snprintf(path, sizeof(path), "%s/class/infiniband/%s/parent", sysroot,
		 ibdev);
	if (!rp_sysfs_line(path, buf, len) && buf[0])
		return 0;
	buf[0] = '\0';
	return -ENOENT;
}
