/* SPDX-License-Identifier: MIT */
/*
 * rp_mpi_clrun.h - the state of one rank's rail_cluster_bw run and its
 * rounds over MPI: in round r each rank runs its flow ends of the round
 * (rp_flows_ends) through rp_clround, swapping addresses, readiness and
 * the end of the run with each host it shares a flow with (all at once,
 * rp_mpi_swapv), then every rank's cells go to rank 0, which merges them
 * into the matrices (a one-way flow's cell: what its receiver counted,
 * with what its sender completed beside), prints the round's line and
 * rewrites the files, and releases the next round. MPI code: built into
 * rail_cluster_bw alone.
 */
#ifndef RP_MPI_CLRUN_H
#define RP_MPI_CLRUN_H

#include <stddef.h>
#include <stdint.h>
#include <cjson/cJSON.h>

#include "cluster/rp_clfleet.h"
#include "cluster/rp_clopts.h"
#include "cluster/rp_clplan.h"
#include "cluster/rp_clround.h"
#include "cluster/rp_flows.h"
#include "cluster/rp_matrix.h"
#include "cluster/rp_mpi.h"
#include "cluster/rp_mpi_wire.h"

struct rp_clrun {
	struct rp_clopts c;
	struct rp_mpi mpi;
	struct rp_clround side;
	struct rp_wire wire;   /* the wiring map (drawn at rank 0) */
	struct rp_clplan plan; /* rank 0's decisions */
	struct rp_flows flows; /* every rank: the rounds (rank 0's) */
	struct rp_matrix mx;   /* rank 0 */
	cJSON *extra;	       /* rank 0: the JSON's wiring and pattern */
	unsigned int tmo_ms;   /* --timeout */
	unsigned int round_ms; /* a round's bound at rank 0, from its start */
	unsigned int nmis;     /* rank 0: miswires named */
	int files;	       /* rank 0: the last --csv/--out_json write */
	unsigned int merged;   /* rank 0: rounds whose cells are in mx */
	struct rp_clfleet fl;  /* rank 0: --baseline, --junit ... */
	int fleet;	       /* rank 0: their verdict (rp_clfleet_report) */
};

/*
 * rp_clrun_round - round @r at this rank: its flow ends run, the cells
 * to rank 0 (merged, the round's line printed, the files rewritten
 * there), rank 0's go for the next round. Returns 0, or -EINTR (a stop),
 * -ETIMEDOUT, -EIO or -ENOMEM: the job ends.
 */
int rp_clrun_round(struct rp_clrun *b, unsigned int r);

/* rp_clrun_report_size - bytes of a rank's report of a round (every
 * rank runs the same build: part of the hello's check). */
size_t rp_clrun_report_size(void);

#endif /* RP_MPI_CLRUN_H */
