/* SPDX-License-Identifier: MIT */
/*
 * rp_mpi_wire.h - rail_cluster_bw's wiring map over MPI, before the first
 * round: every rank's rail ends (rp_wirefacts.h) to every rank; each rank
 * makes its kernel resolve every other host's rails' IPv6 link-local
 * addresses from each of its own rails' netdevs (a UDP datagram each,
 * rp_neigh_nudge: neighbour discovery, never routed), waits at most
 * RP_WIRE_WAIT_MS for the answers and reads its neighbour table; what each
 * rail resolved to the right MAC goes to rank 0, which draws the map
 * (rp_wiremap.h). MPI code: built into rail_cluster_bw alone.
 */
#ifndef RP_MPI_WIRE_H
#define RP_MPI_WIRE_H

#include <stdbool.h>
#include <stdint.h>

#include "app/rp_railspec.h"
#include "cluster/rp_mpi.h"
#include "cluster/rp_wiremap.h"

#define RP_WIRE_WAIT_MS 2000 /* neighbour discovery's answers */
#define RP_WIRE_POLL_MS 50   /* the neighbour table read this often */

struct rp_wire {
	bool on;		       /* the map was drawn (rank 0) */
	char why_off[160];	       /* !on: why not */
	struct rp_wend *ends;	       /* [hosts * rails], every rank */
	uint8_t *heard;		       /* [E * E], rank 0 */
	struct rp_wmap map;	       /* rank 0 */
	char (*names)[RP_CL_NAME_LEN]; /* rank 0: host names, printable */
};

/*
 * rp_mpi_wire - the map of the job's @rails rails a host (@spec, this
 * rank's; every rank the same count) into @w (caller-owned, free with
 * rp_wire_fini), each exchange within @timeout_ms. A job of more than
 * RP_WMAP_MAX_ENDS rails in all draws no map (w->on false, why_off
 * says why), on every rank alike. Returns 0, or as rp_mpi_gather
 * (-ETIMEDOUT, -EINTR, -EIO) or -ENOMEM.
 */
int rp_mpi_wire(struct rp_mpi *m, struct rp_wire *w,
		const struct rp_railspec *spec, unsigned int rails,
		unsigned int timeout_ms);

/* rp_wire_fini - free; safe on a zeroed one. */
void rp_wire_fini(struct rp_wire *w);

#endif /* RP_MPI_WIRE_H */
