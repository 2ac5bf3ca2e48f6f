// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "base/rp_sysfs.h"
#include "net/rp_carrier.h"

/* class/net/NDEV/NAME as a count; false when absent or not a number. */
static bool rp_carrier_attr(const char *sysroot, const char *ndev,
			    const char *name, unsigned long *v)
{
	char path[512];
	long l;

	snprintf(path, sizeof(path), "%s/class/net/%s/%s", sysroot, ndev, name);
	if (rp_sysfs_long(path, &l) || l < 0)
		return false;
	*v = (unsigned long)l;
	return true;
}

unsigned long rp_carrier_drops(const struct rp_carrier *c)
{
	if (!c->known)
		return 0;
	if (c->split)
		return c->up ? c->up - 1 : 0;
	return c->changes ? (c->changes - 1) / 2 : 0;
}

int rp_carrier_read(const char *sysroot, const char *ndev, struct rp_carrier *c)
{
	memset(c, 0, sizeof(*c));
	if (!ndev || !*ndev)
		return -ENOENT;
	c->split =
		rp_carrier_attr(sysroot, ndev, "carrier_up_count", &c->up) &&
		rp_carrier_attr(sysroot, ndev, "carrier_down_count", &c->down);
	if (c->split)
		c->changes = c->up + c->down;
	else
		c->up = c->down = 0;
	c->known = c->split || rp_carrier_attr(sysroot, ndev, "carrier_changes",
					       &c->changes);
	c->drops = rp_carrier_drops(c);
	return c->known ? 0 : -ENOENT;
}
