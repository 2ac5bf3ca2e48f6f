// SPDX-License-Identifier: MIT
#include <string.h>

#include "info/rp_railinfo.h"
#include "info/rp_railinfo_sysfs.h"
#include "info/rp_railinfo_verbs.h"

int rp_railinfo_gather(struct rp_railinfo *ri, const struct rp_railinfo_opts *o)
{
	memset(ri, 0, sizeof(*ri));
	return o->sysfs ? rp_railinfo_from_sysfs(ri, o) :
			  rp_railinfo_from_verbs(ri, o);
}
