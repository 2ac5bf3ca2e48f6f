// SPDX-License-Identifier: MIT
#include <errno.h>
#include <string.h>

#include "base/rp_log.h"

#include "info/rp_railinfo.h"
#include "info/rp_railinfo_health.h"
#include "info/rp_railinfo_peer.h"
#include "info/rp_railinfo_sysfs.h"
#include "info/rp_railinfo_verbs.h"

int rp_railinfo_gather(struct rp_railinfo *ri, const struct rp_railinfo_opts *o)
{
	cJSON *peer = NULL;
	unsigned int i;
	int ret;

	memset(ri, 0, sizeof(*ri));
	if (o->peer_json && !(peer = rp_railinfo_peer_load(o->peer_json)))
		return -errno;
	ret = o->sysfs ? rp_railinfo_from_sysfs(ri, o) :
			 rp_railinfo_from_verbs(ri, o);
	if (!ret && o->dev && !ri->n) { /* -d on a host with no devices */
		rp_err("device '%s' not found: %s", o->dev, ri->none_why);
		ret = -ENODEV;
	}
	if (!ret && peer)
		rp_railinfo_peer_apply(ri, peer);
	cJSON_Delete(peer);
	for (i = 0; !ret && i < ri->n; i++)
		rp_railinfo_health(&ri->p[i]);
	return ret;
}
