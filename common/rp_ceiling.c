// SPDX-License-Identifier: MIT
#include <stdio.h>

#include "rp_ceiling.h"

double rp_roce_write_ceiling(double rate_gbps, uint64_t msg, unsigned int mtu)
{
	uint64_t n;

	if (rate_gbps <= 0 || !msg || !mtu)
		return 0;
	n = (msg + mtu - 1) / mtu;
	return rate_gbps * (double)msg /
	       (double)(msg + RP_ROCE_PKT_OVERHEAD * n + RP_ROCE_RETH);
}

static double rp_lane_gbps(uint32_t speed)
{
	switch (speed) {
	case 1: return 2.5;	/* SDR */
	case 2: return 5;	/* DDR */
	case 4: return 10;	/* QDR */
	case 8: return 10;	/* FDR10 */
	case 16: return 14;	/* FDR */
	case 32: return 25;	/* EDR; 25/100GbE */
	case 64: return 50;	/* HDR; 50/200GbE */
	case 128: return 100;	/* NDR; 100/400GbE */
	case 256: return 200;	/* XDR */
	}
	return 0;
}

static unsigned int rp_lanes(uint8_t width)
{
	switch (width) {
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
	return rp_lane_gbps(active_speed) * rp_lanes(active_width);
}

double rp_netdev_speed_gbps(const char *root, const char *ndev)
{
	char path[256];
	long mbps = -1;
	FILE *f;

	if (!ndev || !*ndev)
		return 0;
	snprintf(path, sizeof(path), "%s/%s/speed", root, ndev);
	f = fopen(path, "r");
	if (!f)
		return 0;
	if (fscanf(f, "%ld", &mbps) != 1)
		mbps = -1;
	fclose(f);
	return mbps > 0 ? (double)mbps / 1000.0 : 0;
}
