/* SPDX-License-Identifier: MIT */
/*
 * rp_portseries.h - a port's counters sampled at each --interval tick, so
 * that a rail's dip lines up with its pause frames, CNPs and retries.
 *
 * The counters are rp_counters.h's (port-wide: every QP and every user of
 * the port counts): packets sent and received, the retry counters summed
 * (completer_retry_err, rcvd_seq_err, out_of_sequence, packet_seq_err,
 * local_ack_timeout_err, ...), the congestion ones summed (np_cnp_sent,
 * rp_cnp_handled, np_ecn_marked_roce_packets), and the netdev's pause
 * frames (rp_ethstats.h: PFC of every priority plus 802.3x). Each tick
 * costs a few sysfs reads and three ethtool ioctls per rail, on the
 * watching thread, never on a rail's thread.
 *
 * A kind the device does not have is absent in every interval (not 0);
 * a kind whose counter went backwards between two ticks (a reset:
 * rp_counters_delta's rule) is absent in that interval only, with
 * @reset set; the next interval counts from the new value.
 */
#ifndef RP_PORTSERIES_H
#define RP_PORTSERIES_H

#include <stdbool.h>
#include <stdint.h>

#include "topo/rp_counters.h"

/* One interval's counter deltas; a kind is valid only when its have_ is
 * set. */
struct rp_ctr_ivl {
	bool have_pkts;	 /* xmit_pkts, rcv_pkts */
	bool have_retry; /* retry */
	bool have_cnp;	 /* cnp */
	bool have_pause; /* pause_rx, pause_tx */
	bool reset;	 /* a counter went backwards in this interval */
	uint64_t xmit_pkts, rcv_pkts;
	uint64_t retry;
	uint64_t cnp;
	uint64_t pause_rx, pause_tx; /* rp_pause_rx / rp_pause_tx */
};

struct rp_portseries {
	struct rp_port_counters prev; /* the last tick's reading */
	struct rp_ctr_ivl *v;	      /* one per interval, heap; NULL empty */
	unsigned int n, cap;
};

/*
 * rp_portseries_read - port @port of @dev under @root (RP_SYSFS_IB_ROOT or
 * a fixture tree) and netdev @ifname's pause frames (NULL or "": none)
 * into @c. Missing counters are absent in @c; never fails.
 */
void rp_portseries_read(const char *root, const char *dev, unsigned int port,
			const char *ifname, struct rp_port_counters *c);

/* rp_portseries_start - drop @s's intervals; @now is the reading the
 * first interval counts from. */
void rp_portseries_start(struct rp_portseries *s,
			 const struct rp_port_counters *now);

/*
 * rp_portseries_push - the interval from the last reading to @now
 * appended to @s (rp_counters_delta, rp_pause_delta); @now becomes the
 * last reading. Returns 0, or -ENOMEM with the intervals unchanged.
 */
int rp_portseries_push(struct rp_portseries *s,
		       const struct rp_port_counters *now);

/* rp_portseries_clear - drop the intervals and free them; the last
 * reading stays (a later push counts from it). */
void rp_portseries_clear(struct rp_portseries *s);

/* rp_ctr_ivl_busy - true when @c saw pause frames, CNPs or retries, or a
 * counter reset: what the interval's text line reports. */
bool rp_ctr_ivl_busy(const struct rp_ctr_ivl *c);

#endif /* RP_PORTSERIES_H */
