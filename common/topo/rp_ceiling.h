/* SPDX-License-Identifier: MIT */
/*
 * rp_ceiling.h - what the wire allows: port speed and the RoCE v2 goodput
 * ceiling of each verb's data packets (IBTA InfiniBand Architecture
 * Specification Vol. 1, section 9.2 for the extended transport headers,
 * Annex A17 RoCEv2; IEEE 802.3 clause 4 for the preamble, SFD and
 * inter-frame gap).
 *
 * Per packet on Ethernet, IPv4, no VLAN: preamble+SFD 8, IFG 12, Ethernet
 * 14, IPv4 20, UDP 8, BTH 12, ICRC 4, FCS 4 = 82 bytes; per message, E
 * bytes of the verb's own headers: WRITE a RETH (16) on its first packet,
 * WRITE with immediate also an ImmDt (4) on its last, SEND none, a READ's
 * responses an AETH (4) on the first and the last (one for a single
 * packet); an atomic (FETCH_AND_ADD, CMP_AND_SWAP) is one request packet
 * with no payload but an AtomicETH (28: address 8, rkey 4, swap or add
 * 8, compare 8), its 8-byte message counted among
 * them: E = 28 - M. For a message of M bytes at path MTU P:
 *   n = ceil(M / P),  goodput = rate * M / (M + 82 n + E).
 * A READ's request and a WRITE's or SEND's ACKs travel the other way.
 * Minimum-frame padding of tiny messages is ignored (the ceiling then is
 * the small-message packet rate, not this formula).
 */
#ifndef RP_CEILING_H
#define RP_CEILING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "proto/rp_proto.h"

#define RP_ROCE_PKT_OVERHEAD 82 /* bytes per packet, see above */
#define RP_ROCE_RETH 16		/* bytes per WRITE message */
#define RP_ROCE_IMMDT 4		/* bytes of immediate data */
#define RP_ROCE_AETH 4		/* bytes per READ response First/Last/Only */
#define RP_ROCE_ATOMICETH 28	/* bytes of an atomic request's AtomicETH */

/*
 * rp_roce_write_ceiling - RDMA WRITE goodput ceiling in Gb/s for a port of
 * @rate_gbps, messages of @msg bytes, path MTU @mtu bytes. 0 if any is 0.
 */
double rp_roce_write_ceiling(double rate_gbps, uint64_t msg, unsigned int mtu);

/*
 * rp_roce_ceiling - goodput ceiling in Gb/s of @verb's messages of @msg
 * bytes at path MTU @mtu on a port of @rate_gbps, in the direction its
 * data flows (see above). 0 if any is 0.
 */
double rp_roce_ceiling(enum rp_verb verb, double rate_gbps, uint64_t msg,
		       unsigned int mtu);

/* rp_roce_verb_name - "WRITE", "READ", "SEND", "WRITE with immediate",
 * "FETCH_AND_ADD", "CMP_AND_SWAP":
 * the verb of a ceiling's label ("the RoCE v2 READ ceiling"). */
const char *rp_roce_verb_name(enum rp_verb verb);

/*
 * rp_rail_ceiling - a rail's ceiling in Gb/s: the port's @wire_gbps
 * (rp_roce_write_ceiling), lowered to its PCIe link's @pcie_payload_gbps
 * (rp_pcie.h) when that is known (> 0) and smaller; *@pcie_bound (may be
 * NULL) says whether it was. 0 when the wire ceiling is not known: a
 * PCIe figure alone is not a rail's ceiling.
 */
double rp_rail_ceiling(double wire_gbps, double pcie_payload_gbps,
		       bool *pcie_bound);

/*
 * rp_ib_rate_gbps - a port's data rate in Gb/s from ibv_port_attr's
 * active_speed (or active_speed_ex, rdma-core >= 49) and active_width codes (IBTA: SDR 2.5 ... NDR 100, XDR 200
 * Gb/s per lane signalling as Ethernet reports it; widths 1x 2x 4x 8x 12x).
 * 0 for codes it does not know.
 */
double rp_ib_rate_gbps(uint32_t active_speed, uint8_t active_width);

/*
 * rp_ib_speed_name - the IB name of an active_speed code ("HDR"), "" for
 * a code it does not know.
 */
const char *rp_ib_speed_name(uint32_t active_speed);

/* rp_ib_width_lanes - lanes of an active_width code (1, 2, 4, 8, 12), 0
 * for a code it does not know. */
unsigned int rp_ib_width_lanes(uint8_t active_width);

/*
 * rp_rate_parse - parse a port's sysfs rate ("200 Gb/sec (4X HDR)",
 * "2.5 Gb/sec (1X SDR)") into Gb/s, lanes and the lane speed name.
 * Returns 0 or -EINVAL.
 */
int rp_rate_parse(const char *s, double *gbps, unsigned int *width, char *speed,
		  size_t speed_len);

/*
 * rp_netdev_speed_gbps - a netdev's link speed in Gb/s from
 * /sys/class/net/@ndev/speed (Mb/s) under @root ("/sys/class/net" or a
 * fixture); 0 when unknown (e.g. virtio reports -1).
 */
double rp_netdev_speed_gbps(const char *root, const char *ndev);

#endif /* RP_CEILING_H */
