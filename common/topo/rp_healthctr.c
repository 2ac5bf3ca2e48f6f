// SPDX-License-Identifier: MIT
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "base/rp_sysfs.h"
#include "net/rp_carrier.h"
#include "topo/rp_healthctr.h"

/* The unsigned decimal in file @path into *@v; false when absent. */
static bool rp_hc_u64(const char *path, uint64_t *v)
{
	FILE *f = rp_sysfs_open(path);
	bool ok;

	if (!f)
		return false;
	ok = fscanf(f, "%" SCNu64, v) == 1;
	fclose(f);
	return ok;
}

void rp_healthctr_read(const char *sysroot, const char *dev, unsigned int port,
		       const char *ndev, struct rp_healthctr *h)
{
	static const char *const ooo[] = { "out_of_sequence",
					   "out_of_seq_request" };
	struct rp_carrier c;
	char path[512];
	uint64_t v;
	size_t i;

	memset(h, 0, sizeof(*h));
	for (i = 0; i < sizeof(ooo) / sizeof(ooo[0]); i++) {
		snprintf(path, sizeof(path),
			 "%s/class/infiniband/%s/ports/%u/hw_counters/%s",
			 sysroot, dev, port, ooo[i]);
		if (rp_hc_u64(path, &v)) {
			h->have_ooo = true;
			h->ooo += v;
		}
	}
	if (ndev && *ndev) {
		h->have_drops = !rp_carrier_read(sysroot, ndev, &c);
		h->drops = c.drops;
		h->drops_source = h->have_drops ? "carrier" : NULL;
		return;
	}
	snprintf(path, sizeof(path),
		 "%s/class/infiniband/%s/ports/%u/counters/link_downed",
		 sysroot, dev, port);
	h->drops_source = "link_downed";
	h->have_drops = rp_hc_u64(path, &h->drops);
	if (!h->have_drops)
		h->drops_source = NULL;
}

void rp_healthctr_delta(const struct rp_healthctr *b,
			const struct rp_healthctr *a, struct rp_healthctr *d)
{
	memset(d, 0, sizeof(*d));
	d->have_ooo = b->have_ooo && a->have_ooo && a->ooo >= b->ooo;
	d->ooo = d->have_ooo ? a->ooo - b->ooo : 0;
	d->have_drops = b->have_drops && a->have_drops &&
			a->drops >= b->drops &&
			b->drops_source == a->drops_source;
	d->drops = d->have_drops ? a->drops - b->drops : 0;
	d->drops_source = d->have_drops ? a->drops_source : NULL;
}
