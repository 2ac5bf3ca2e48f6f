// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stddef.h>
#include <stdio.h>

#include "base/rp_sysfs.h"
#include "topo/rp_ceiling.h"

double rp_roce_ceiling(enum rp_verb verb, double rate_gbps, uint64_t msg,
		       unsigned int mtu)
{
	uint64_t n, e = 0;

	if (rate_gbps <= 0 || !msg || !mtu)
		return 0;
	n = (msg + mtu - 1) / mtu;
	switch (verb) {
	case RP_VERB_WRITE: e = RP_ROCE_RETH; break;
	case RP_VERB_WRITE_IMM: e = RP_ROCE_RETH + RP_ROCE_IMMDT; break;
	case RP_VERB_READ: e = RP_ROCE_AETH * (n < 2 ? n : 2); break;
	case RP_VERB_SEND: break;
	case RP_VERB_FETCH_ADD:
	case RP_VERB_CMP_SWAP:
		/* no payload: the request's AtomicETH holds the operand(s),
		 * the message's 8 bytes counted among its 28 */
		e = RP_ROCE_ATOMICETH > msg ? RP_ROCE_ATOMICETH - msg : 0;
		break;
	}
	return rate_gbps * (double)msg /
	       (double)(msg + RP_ROCE_PKT_OVERHEAD * n + e);
}

double rp_roce_write_ceiling(double rate_gbps, uint64_t msg, unsigned int mtu)
{
	return rp_roce_ceiling(RP_VERB_WRITE, rate_gbps, msg, mtu);
}

const char *rp_roce_verb_name(enum rp_verb verb)
{
	switch (verb) {
	case RP_VERB_READ: return "READ";
	case RP_VERB_SEND: return "SEND";
	case RP_VERB_WRITE_IMM: return "WRITE with immediate";
	case RP_VERB_FETCH_ADD: return "FETCH_AND_ADD";
	case RP_VERB_CMP_SWAP: return "CMP_AND_SWAP";
	case RP_VERB_WRITE: break;
	}
	return "WRITE";
}

/*
 * IBTA port speeds as ibv_port_attr reports them (verbs.h enum ibv_port_speed
 * in active_speed, or active_speed_ex from rdma-core 49): the data rate of
 * one lane in Gb/s as Ethernet names it (25/100GbE is EDR, 50/200GbE HDR,
 * 100/400GbE NDR) and the IB name. The one lane table of railperf.
 */
static const struct rp_ib_speed {
	uint32_t code;
	double gbps;
	const char *name;
} rp_ib_speeds[] = {
	{ 1, 2.5, "SDR" },  { 2, 5, "DDR" },	 { 4, 10, "QDR" },
	{ 8, 10, "FDR10" }, { 16, 14, "FDR" },	 { 32, 25, "EDR" },
	{ 64, 50, "HDR" },  { 128, 100, "NDR" }, { 256, 200, "XDR" },
};

static const struct rp_ib_speed *rp_ib_speed(uint32_t code)
{
	size_t i;

	for (i = 0; i < sizeof(rp_ib_speeds) / sizeof(rp_ib_speeds[0]); i++)
		if (rp_ib_speeds[i].code == code)
			return &rp_ib_speeds[i];
	return NULL;
}

const char *rp_ib_speed_name(uint32_t active_speed)
{
	const struct rp_ib_speed *s = rp_ib_speed(active_speed);

	return s ? s->name : "";
}

unsigned int rp_ib_width_lanes(uint8_t active_width)
{
	switch (active_width) { /* verbs.h: 1x 4x 8x 12x 2x */
	case 1: return 1;
	case 2: return 4;
	case 4: return 8;
	case 8: return 12;
	case 16: return 2;
	}
	return 0;
}

double rp_ib_rate_gbps(uint32_t active_speed, uint8_t active_width)
{
	const struct rp_ib_speed *s = rp_ib_speed(active_speed);

	return s ? s->gbps * rp_ib_width_lanes(active_width) : 0;
}

int rp_rate_parse(const char *s, double *gbps, unsigned int *width, char *speed,
		  size_t speed_len)
{
	char name[16];
	unsigned int w;
	double r;

	if (sscanf(s, "%lf Gb/sec (%uX %15[^)])", &r, &w, name) != 3 ||
	    r <= 0 || !w)
		return -EINVAL;
	*gbps = r;
	*width = w;
	snprintf(speed, speed_len, "%s", name);
	return 0;
}

double rp_netdev_speed_gbps(const char *root, const char *ndev)
{
	char path[256];
	long mbps = -1;
	FILE *f;

	if (!ndev || !*ndev)
		return 0;
	snprintf(path, sizeof(path), "%s/%s/speed", root, ndev);
	f = rp_sysfs_open(path);
	if (!f)
		return 0;
	if (fscanf(f, "%ld", &mbps) != 1)
		mbps = -1;
	fclose(f);
	return mbps > 0 ? (double)mbps / 1000.0 : 0;
}

double rp_rail_ceiling(double wire_gbps, double pcie_payload_gbps,
		       bool *pcie_bound)
{
	bool pcie = wire_gbps > 0 && pcie_payload_gbps > 0 &&
		    pcie_payload_gbps < wire_gbps;

	if (pcie_bound)
		*pcie_bound = pcie;
	if (wire_gbps <= 0)
		return 0;
	return pcie ? pcie_payload_gbps : wire_gbps;
}
