/* SPDX-License-Identifier: MIT */
/*
 * rp_counters.h - a port's traffic counters from sysfs, to show that the
 * traffic really went out on each rail.
 *
 * counters/port_xmit_data and port_rcv_data count 4-byte words (IBTA
 * PortCounters; on mlx5 RoCE ports they count RoCE traffic only);
 * counters/port_xmit_packets and port_rcv_packets count packets. Soft-RoCE
 * has no counters/ directory; its hw_counters/sent_pkts and rcvd_pkts are
 * used instead.
 *
 * Signs of a lossy rail, from hw_counters (names as the kernel drivers
 * define them: drivers/infiniband/sw/rxe/rxe_hw_counters.c,
 * drivers/infiniband/hw/mlx5/counters.c), summed per kind:
 *   retries: completer_retry_err (rxe: the requester retransmitted),
 *     rcvd_seq_err, duplicate_request, out_of_seq_request (rxe),
 *     out_of_sequence, packet_seq_err, implied_nak_seq_err,
 *     local_ack_timeout_err (mlx5; duplicate_request too);
 *   congestion: np_cnp_sent, rp_cnp_handled, np_ecn_marked_roce_packets
 *     (mlx5 DCQCN).
 * Pause frames (PFC, 802.3x) come from the port's netdev through the
 * ethtool ioctl (net/rp_ethstats.h), read by the caller into @pause.
 * All of these are port-wide: every QP and every user of the port counts,
 * not only the run's QPs.
 */
#ifndef RP_COUNTERS_H
#define RP_COUNTERS_H

#include <stdbool.h>
#include <stdint.h>

#include "net/rp_carrier.h"
#include "net/rp_ethstats.h"

#define RP_SYSFS_IB_ROOT "/sys/class/infiniband"

struct rp_port_counters {
	bool have_data;	     /* xmit_bytes / rcv_bytes are valid */
	uint64_t xmit_bytes; /* port_xmit_data * 4 */
	uint64_t rcv_bytes;  /* port_rcv_data * 4 */
	bool have_pkts;	     /* xmit_pkts / rcv_pkts are valid */
	uint64_t xmit_pkts;
	uint64_t rcv_pkts;
	const char *pkts_source; /* "port_xmit_packets" or "sent_pkts" */
	bool have_retry;	 /* at least one retry counter exists */
	uint64_t retry;		 /* the retry counters above, summed */
	bool have_cnp;		 /* at least one congestion counter */
	uint64_t cnp;		 /* the congestion counters, summed */
	bool reset; /* a delta only: a counter went backwards (reset with
		     * perfquery -R, a driver restart): its kind is absent */
	struct rp_pause pause;	   /* the netdev's pause frames (caller-read) */
	struct rp_carrier carrier; /* its netdev's carrier counters
				    * (caller-read, rp_carrier_read); in a
				    * delta: changes is how often its carrier
				    * changed, known when read both times */
};

/*
 * rp_counters_read - read port @port of @dev under @root (RP_SYSFS_IB_ROOT,
 * or a fixture tree). Counters that do not exist are marked absent; not an
 * error; @c->pause is left empty (rp_pause_read fills it). Returns 0, or
 * -ENOENT when the port has neither kind.
 */
int rp_counters_read(const char *root, const char *dev, unsigned int port,
		     struct rp_port_counters *c);

/*
 * rp_counters_delta - @after - @before into @d, field by field; a field is
 * present only if present in both. A kind (data, packets, retries,
 * congestion) in which a counter went backwards is marked absent and
 * @d->reset set: "counter reset", not a difference near 2^64. The pause
 * counters are subtracted by rp_pause_delta (their own reset flag); the
 * carrier's changes are the difference of carrier_changes (or up + down).
 */
void rp_counters_delta(const struct rp_port_counters *before,
		       const struct rp_port_counters *after,
		       struct rp_port_counters *d);

#endif /* RP_COUNTERS_H */
