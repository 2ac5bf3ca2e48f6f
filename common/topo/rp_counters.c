// SPDX-License-Identifier: MIT
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "topo/rp_counters.h"

static bool rp_read_u64(const char *root, const char *dev, unsigned int port,
			const char *name, uint64_t *v)
{
	char path[512];
	FILE *f;
	bool ok;

	snprintf(path, sizeof(path), "%s/%s/ports/%u/%s", root, dev, port,
		 name);
	f = fopen(path, "r");
	if (!f)
		return false;
	ok = fscanf(f, "%" SCNu64, v) == 1;
	fclose(f);
	return ok;
}

int rp_counters_read(const char *root, const char *dev, unsigned int port,
		     struct rp_port_counters *c)
{
	uint64_t x, r;

	memset(c, 0, sizeof(*c));
	if (rp_read_u64(root, dev, port, "counters/port_xmit_data", &x) &&
	    rp_read_u64(root, dev, port, "counters/port_rcv_data", &r)) {
		c->have_data = true;
		c->xmit_bytes = x * 4;
		c->rcv_bytes = r * 4;
	}
	if (rp_read_u64(root, dev, port, "counters/port_xmit_packets", &x) &&
	    rp_read_u64(root, dev, port, "counters/port_rcv_packets", &r)) {
		c->pkts_source = "port_xmit_packets";
	} else if (rp_read_u64(root, dev, port, "hw_counters/sent_pkts", &x) &&
		   rp_read_u64(root, dev, port, "hw_counters/rcvd_pkts", &r)) {
		c->pkts_source = "sent_pkts";
	}
	if (c->pkts_source) {
		c->have_pkts = true;
		c->xmit_pkts = x;
		c->rcv_pkts = r;
	}
	return c->have_data || c->have_pkts ? 0 : -ENOENT;
}

void rp_counters_delta(const struct rp_port_counters *b,
		       const struct rp_port_counters *a,
		       struct rp_port_counters *d)
{
	memset(d, 0, sizeof(*d));
	d->have_data = a->have_data && b->have_data;
	if (d->have_data) {
		d->xmit_bytes = a->xmit_bytes - b->xmit_bytes;
		d->rcv_bytes = a->rcv_bytes - b->rcv_bytes;
	}
	d->have_pkts = a->have_pkts && b->have_pkts;
	if (d->have_pkts) {
		d->xmit_pkts = a->xmit_pkts - b->xmit_pkts;
		d->rcv_pkts = a->rcv_pkts - b->rcv_pkts;
		d->pkts_source = a->pkts_source;
	}
}
