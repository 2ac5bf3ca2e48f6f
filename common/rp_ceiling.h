/* SPDX-License-Identifier: MIT */
/*
 * rp_ceiling.h - what the wire allows: port speed and the RoCE v2 goodput
 * ceiling for RDMA WRITE (../shared/reference/anchors.md section 2.1).
 *
 * Per packet on Ethernet, IPv4, no VLAN: preamble+SFD 8, IFG 12, Ethernet
 * 14, IPv4 20, UDP 8, BTH 12, ICRC 4, FCS 4 = 82 bytes; RETH 16 bytes once
 * per WRITE message. For a message of M bytes at path MTU P:
 *   n = ceil(M / P),  goodput = rate * M / (M + 82 n + 16).
 * Minimum-frame padding of tiny messages is ignored (the ceiling then is
 * the small-message packet rate, not this formula).
 */
#ifndef RP_CEILING_H
#define RP_CEILING_H

#include <stdint.h>

#define RP_ROCE_PKT_OVERHEAD 82	/* bytes per packet, see above */
#define RP_ROCE_RETH 16		/* bytes per WRITE message */

/*
 * rp_roce_write_ceiling - RDMA WRITE goodput ceiling in Gb/s for a port of
 * @rate_gbps, messages of @msg bytes, path MTU @mtu bytes. 0 if any is 0.
 */
double rp_roce_write_ceiling(double rate_gbps, uint64_t msg, unsigned int mtu);

/*
 * rp_ib_rate_gbps - a port's data rate in Gb/s from ibv_port_attr's
 * active_speed (or active_speed_ex, rdma-core >= 49) and active_width codes (IBTA: SDR 2.5 ... NDR 100, XDR 200
 * Gb/s per lane signalling as Ethernet reports it; widths 1x 2x 4x 8x 12x).
 * 0 for codes it does not know.
 */
double rp_ib_rate_gbps(uint32_t active_speed, uint8_t active_width);

/*
 * rp_netdev_speed_gbps - a netdev's link speed in Gb/s from
 * /sys/class/net/@ndev/speed (Mb/s) under @root ("/sys/class/net" or a
 * fixture); 0 when unknown (e.g. virtio reports -1).
 */
double rp_netdev_speed_gbps(const char *root, const char *ndev);

#endif /* RP_CEILING_H */
