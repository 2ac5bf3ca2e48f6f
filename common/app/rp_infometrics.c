// SPDX-License-Identifier: MIT
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app/rp_infometrics.h"
#include "base/rp_sysfs.h"
#include "net/rp_ethstats.h"
#include "output/rp_openmetrics.h"
#include "topo/rp_counters.h"
#include "topo/rp_healthctr.h"
#include "topo/rp_identity.h"

/* A port's counters since boot, each known or not. */
struct im_ctr {
	struct rp_port_counters c;
	struct rp_healthctr h;
	bool have_pause;
	uint64_t pause_rx, pause_tx;
};

static void im_read(const struct rp_port_info *p, const char *sysroot,
		    bool live, struct im_ctr *k)
{
	char root[512];
	struct rp_pause pause;

	memset(k, 0, sizeof(*k));
	snprintf(root, sizeof(root), "%s/class/infiniband", sysroot);
	(void)rp_counters_read(root, p->dev, p->port, &k->c);
	rp_healthctr_read(sysroot, p->dev, p->port, p->ndev, &k->h);
	if (live && p->ndev[0] && !rp_pause_read(p->ndev, &pause) &&
	    rp_pause_any(&pause)) {
		k->have_pause = true;
		k->pause_rx = rp_pause_rx(&pause);
		k->pause_tx = rp_pause_tx(&pause);
	}
}

/* Gb/s as bytes/s. */
static double im_bps(double gbps)
{
	return gbps * 1e9 / 8;
}

/* One gauge family over every port that has a value (@get). */
static void im_gauge(FILE *f, const struct rp_railinfo *ri, const char *host,
		     const char *name, const char *help,
		     bool (*get)(const struct rp_port_info *p, double *v))
{
	struct rp_om_labels l;
	unsigned int i;
	bool head = false;
	double v;

	for (i = 0; i < ri->n; i++) {
		if (!get(&ri->p[i], &v))
			continue;
		if (!head)
			rp_om_head(f, name, "gauge", help);
		head = true;
		rp_om_base(&l, host, "rail_info", i, ri->p[i].dev,
			   ri->p[i].port);
		rp_om_sample(f, name, &l, v);
	}
}

static bool im_speed(const struct rp_port_info *p, double *v)
{
	*v = im_bps(p->line_gbps);
	return p->line_gbps > 0;
}

static bool im_lanes(const struct rp_port_info *p, double *v)
{
	*v = p->pcie.width;
	return p->pcie.width > 0;
}

static bool im_max_lanes(const struct rp_port_info *p, double *v)
{
	*v = p->pcie.max_width;
	return p->pcie.max_width > 0;
}

static bool im_up(const struct rp_port_info *p, double *v)
{
	*v = strstr(p->state, "ACTIVE") != NULL;
	return true;
}

/* The ceilings, sending and receiving (label direction). */
static void im_ceilings(FILE *f, const struct rp_railinfo *ri, const char *host)
{
	static const char name[] = "railperf_port_ceiling_bytes_per_second";
	struct rp_om_labels l;
	unsigned int i;
	bool head = false;

	for (i = 0; i < ri->n; i++) {
		const struct rp_port_info *p = &ri->p[i];

		if (p->ceiling <= 0 && p->ceiling_send <= 0)
			continue;
		if (!head)
			rp_om_head(f, name, "gauge",
				   "RDMA WRITE payload the port can move at "
				   "64 KiB and its active MTU: the lower of "
				   "the RoCE v2 wire's and its PCIe path's, "
				   "sending and receiving");
		head = true;
		rp_om_base(&l, host, "rail_info", i, p->dev, p->port);
		rp_om_add(&l, "direction", "send");
		if (p->ceiling_send > 0)
			rp_om_sample(f, name, &l, im_bps(p->ceiling_send));
		l.l[l.n - 1].value = "receive";
		if (p->ceiling > 0)
			rp_om_sample(f, name, &l, im_bps(p->ceiling));
	}
}

/* Each port's health as rail_info --check judges it (label verdict). */
static void im_health(FILE *f, const struct rp_railinfo *ri, const char *host)
{
	static const char name[] = "railperf_port_verdict";
	static const char *const v[] = { "healthy", "degraded" };
	struct rp_om_labels l;
	unsigned int i, k;

	if (!ri->n)
		return;
	rp_om_head(f, name, "gauge",
		   "1 for the port's health as rail_info --check judges it "
		   "(a PCIe link, rate or MTU below what it can do, a port "
		   "not ACTIVE, a GID on a bond: degraded), 0 for the other");
	for (i = 0; i < ri->n; i++)
		for (k = 0; k < 2; k++) {
			rp_om_base(&l, host, "rail_info", i, ri->p[i].dev,
				   ri->p[i].port);
			rp_om_add(&l, "verdict", v[k]);
			rp_om_sample(f, name, &l,
				     (ri->p[i].ndegraded > 0) == (k == 1));
		}
}

/* A counter of a port, known or not. */
typedef bool (*im_get)(const struct im_ctr *k, uint64_t *v);

static bool im_retries(const struct im_ctr *k, uint64_t *v)
{
	*v = k->c.retry;
	return k->c.have_retry;
}

static bool im_ooo(const struct im_ctr *k, uint64_t *v)
{
	*v = k->h.ooo;
	return k->h.have_ooo;
}

static bool im_cnp(const struct im_ctr *k, uint64_t *v)
{
	*v = k->c.cnp;
	return k->c.have_cnp;
}

static bool im_drops(const struct im_ctr *k, uint64_t *v)
{
	*v = k->h.drops;
	return k->h.have_drops;
}

/* clang-format off */
static const struct im_counter {
	const char *name, *help;
	im_get get;
} im_counters[] = {
	{ "railperf_port_retries_total",
	  "The port's retry and sequence-error counters summed "
	  "(retransmissions: completer_retry_err, packet_seq_err, "
	  "local_ack_timeout_err ...), since boot", im_retries },
	{ "railperf_port_out_of_sequence_packets_total",
	  "Packets the port received out of sequence, since boot", im_ooo },
	{ "railperf_port_cnp_total",
	  "Congestion notification packets and ECN marks of the port, "
	  "since boot", im_cnp },
	{ "railperf_port_link_drops_total",
	  "Times the port's link went down and came back (its netdev's "
	  "carrier counters, else link_downed), since boot", im_drops },
};
/* clang-format on */

static void im_counter_fam(FILE *f, const struct rp_railinfo *ri,
			   const char *host, const struct im_ctr *k,
			   const struct im_counter *c)
{
	struct rp_om_labels l;
	unsigned int i;
	bool head = false;
	uint64_t v;

	for (i = 0; i < ri->n; i++) {
		if (!c->get(&k[i], &v))
			continue;
		if (!head)
			rp_om_head(f, c->name, "counter", c->help);
		head = true;
		rp_om_base(&l, host, "rail_info", i, ri->p[i].dev,
			   ri->p[i].port);
		rp_om_count(f, c->name, &l, v);
	}
}

static void im_pause(FILE *f, const struct rp_railinfo *ri, const char *host,
		     const struct im_ctr *k)
{
	static const char name[] = "railperf_port_pause_frames_total";
	struct rp_om_labels l;
	unsigned int i;
	bool head = false;

	for (i = 0; i < ri->n; i++) {
		if (!k[i].have_pause)
			continue;
		if (!head)
			rp_om_head(f, name, "counter",
				   "PFC and 802.3x pause frames of the port's "
				   "netdev since boot: receive (it was "
				   "paused), send (it paused its peer)");
		head = true;
		rp_om_base(&l, host, "rail_info", i, ri->p[i].dev,
			   ri->p[i].port);
		rp_om_add(&l, "direction", "receive");
		rp_om_count(f, name, &l, k[i].pause_rx);
		l.l[l.n - 1].value = "send";
		rp_om_count(f, name, &l, k[i].pause_tx);
	}
}

/* Every family but the counters'. */
static void im_gauges(FILE *f, const struct rp_railinfo *ri, const char *host)
{
	im_ceilings(f, ri, host);
	im_gauge(f, ri, host, "railperf_port_speed_bytes_per_second",
		 "The port's line rate (its netdev's speed on RoCE)", im_speed);
	im_gauge(f, ri, host, "railperf_port_pcie_lanes",
		 "Lanes the port's PCIe link trained to", im_lanes);
	im_gauge(f, ri, host, "railperf_port_pcie_max_lanes",
		 "Lanes the port's PCIe link can train to", im_max_lanes);
	im_gauge(f, ri, host, "railperf_port_up", "1 when the port is ACTIVE",
		 im_up);
	im_health(f, ri, host);
}

char *rp_infometrics_text(const struct rp_railinfo *ri, const char *sysroot)
{
	struct im_ctr *k = calloc(ri->n ? ri->n : 1, sizeof(*k));
	struct rp_ident_host self;
	struct rp_om_run run = { .test = "rail_info", .complete = true };
	char *text = NULL;
	size_t len = 0, c;
	unsigned int i;
	FILE *f = k ? open_memstream(&text, &len) : NULL;

	if (!f) {
		free(k);
		return NULL;
	}
	rp_identity_self(&self);
	run.host = self.host;
	run.unix_time = (double)time(NULL);
	for (i = 0; i < ri->n; i++)
		im_read(&ri->p[i], sysroot, !strcmp(sysroot, RP_SYSFS_ROOT),
			&k[i]);
	im_gauges(f, ri, self.host);
	for (c = 0; c < sizeof(im_counters) / sizeof(im_counters[0]); c++)
		im_counter_fam(f, ri, self.host, k, &im_counters[c]);
	im_pause(f, ri, self.host, k);
	rp_om_run(f, &run);
	free(k);
	if (fclose(f)) {
		free(text);
		return NULL;
	}
	return text;
}

int rp_infometrics_write(const char *path, const struct rp_railinfo *ri,
			 const char *sysroot)
{
	char *text = rp_infometrics_text(ri, sysroot);
	int ret = rp_openmetrics_write(path, text);

	free(text);
	return ret;
}
