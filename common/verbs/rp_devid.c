// SPDX-License-Identifier: MIT
/* A device's IDs, read once (rp_devid.h). */
#include "verbs/rp_devid.h"
#include "verbs/rp_dev.h"

int rp_devid_read(const char *dev, unsigned int port, struct rp_devid *id)
{
	struct rp_dev d;
	int ret;

	ret = rp_dev_open(&d, dev, port);
	if (ret)
		return ret;
	id->vendor = d.attr.vendor_id;
	id->part = d.attr.vendor_part_id;
	rp_dev_close(&d);
	return 0;
}
