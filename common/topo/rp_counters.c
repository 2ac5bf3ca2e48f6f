// SPDX-License-Identifier: MIT
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "base/rp_sysfs.h"
#include "topo/rp_counters.h"

static bool rp_read_u64(const char *root, const char *dev, unsigned int port,
			const char *name, uint64_t *v)
{
	char path[512];
	FILE *f;
	bool ok;

	snprintf(path, sizeof(path), "%s/%s/ports/%u/%s", root, dev, port,
		 name);
	f = rp_sysfs_open(path);
	if (!f)
		return false;
	ok = fscanf(f, "%" SCNu64, v) == 1;
	fclose(f);
	return ok;
}

static const char *const rp_retry_names[] = {
	"completer_retry_err", "rcvd_seq_err",		"duplicate_request",
	"out_of_seq_request",  "out_of_sequence",	"packet_seq_err",
	"implied_nak_seq_err", "local_ack_timeout_err",
};

static const char *const rp_cnp_names[] = {
	"np_cnp_sent",
	"rp_cnp_handled",
	"np_ecn_marked_roce_packets",
};

/* The sum of hw_counters/@names that exist; false when none does. */
static bool rp_sum(const char *root, const char *dev, unsigned int port,
		   const char *const *names, size_t n, uint64_t *sum)
{
	char name[64];
	uint64_t v;
	bool any = false;
	size_t i;

	*sum = 0;
	for (i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "hw_counters/%s", names[i]);
		if (rp_read_u64(root, dev, port, name, &v)) {
			*sum += v;
			any = true;
		}
	}
	return any;
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
	c->have_retry = rp_sum(root, dev, port, rp_retry_names,
			       sizeof(rp_retry_names) / sizeof(char *),
			       &c->retry);
	c->have_cnp = rp_sum(root, dev, port, rp_cnp_names,
			     sizeof(rp_cnp_names) / sizeof(char *), &c->cnp);
	return c->have_data || c->have_pkts ? 0 : -ENOENT;
}

/* A kind present in both snapshots whose counters did not go back. */
static bool rp_counters_forward(bool in_b, bool in_a, uint64_t b1, uint64_t a1,
				uint64_t b2, uint64_t a2, bool *reset)
{
	if (!in_b || !in_a)
		return false;
	if (a1 >= b1 && a2 >= b2)
		return true;
	*reset = true;
	return false;
}

void rp_counters_delta(const struct rp_port_counters *b,
		       const struct rp_port_counters *a,
		       struct rp_port_counters *d)
{
	memset(d, 0, sizeof(*d));
	d->have_data = rp_counters_forward(b->have_data, a->have_data,
					   b->xmit_bytes, a->xmit_bytes,
					   b->rcv_bytes, a->rcv_bytes,
					   &d->reset);
	if (d->have_data) {
		d->xmit_bytes = a->xmit_bytes - b->xmit_bytes;
		d->rcv_bytes = a->rcv_bytes - b->rcv_bytes;
	}
	d->have_pkts = rp_counters_forward(b->have_pkts, a->have_pkts,
					   b->xmit_pkts, a->xmit_pkts,
					   b->rcv_pkts, a->rcv_pkts, &d->reset);
	if (d->have_pkts) {
		d->xmit_pkts = a->xmit_pkts - b->xmit_pkts;
		d->rcv_pkts = a->rcv_pkts - b->rcv_pkts;
		d->pkts_source = a->pkts_source;
	}
	d->have_retry = rp_counters_forward(b->have_retry, a->have_retry,
					    b->retry, a->retry, 0, 0,
					    &d->reset);
	d->retry = d->have_retry ? a->retry - b->retry : 0;
	d->have_cnp = rp_counters_forward(b->have_cnp, a->have_cnp, b->cnp,
					  a->cnp, 0, 0, &d->reset);
	d->cnp = d->have_cnp ? a->cnp - b->cnp : 0;
	rp_pause_delta(&b->pause, &a->pause, &d->pause);
	d->carrier.known = b->carrier.known && a->carrier.known;
	if (d->carrier.known)
		d->carrier.changes = a->carrier.changes - b->carrier.changes;
}
