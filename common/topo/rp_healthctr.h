/* SPDX-License-Identifier: MIT */
/*
 * rp_healthctr.h - two counters of a rail's health that rp_counters.h does
 * not keep apart, read from sysfs under a root (live: RP_SYSFS_ROOT):
 *   out-of-sequence packets the port received: hw_counters/out_of_sequence
 *     (mlx5: "packets that arrived out of sequence",
 *     drivers/infiniband/hw/mlx5/counters.c) and out_of_seq_request (rxe,
 *     drivers/infiniband/sw/rxe/rxe_hw_counters.c), summed;
 *   link drops: on RoCE the netdev's carrier counters as rp_carrier.h
 *     reads them (each carrier up after the first one since boot: a
 *     healthy boot's 1 and 1 is no drop), the port's
 *     counters/link_downed (IBTA PortCounters LinkDownedCounter) without
 *     a netdev.
 * Both are port-wide and count since boot (or the driver's load); a run
 * takes the difference of two readings.
 */
#ifndef RP_HEALTHCTR_H
#define RP_HEALTHCTR_H

#include <stdbool.h>
#include <stdint.h>

struct rp_healthctr {
	bool have_ooo;		  /* an out-of-sequence counter exists */
	uint64_t ooo;		  /* out-of-sequence packets received */
	bool have_drops;	  /* a link-drop counter exists */
	uint64_t drops;		  /* times the link went down */
	const char *drops_source; /* "carrier" or "link_downed" */
};

/*
 * rp_healthctr_read - port @port of RDMA device @dev, netdev @ndev (""
 * or NULL: none), under @sysroot into @h; what is absent is marked so.
 */
void rp_healthctr_read(const char *sysroot, const char *dev, unsigned int port,
		       const char *ndev, struct rp_healthctr *h);

/*
 * rp_healthctr_delta - @after - @before into @d; a counter absent from
 * either, or that went backwards (a driver reload), is absent in @d.
 */
void rp_healthctr_delta(const struct rp_healthctr *before,
			const struct rp_healthctr *after,
			struct rp_healthctr *d);

#endif /* RP_HEALTHCTR_H */
