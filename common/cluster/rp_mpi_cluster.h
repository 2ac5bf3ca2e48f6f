/* SPDX-License-Identifier: MIT */
/*
 * rp_mpi_cluster.h - rail_cluster_bw from options to exit: RDMA WRITE
 * bandwidth between every pair of a job's hosts, one rank per host started
 * by mpirun or srun. MPI gives the ranks, host names, the exchange of each
 * pair's rail addresses and the rounds' barriers; the data moves over verbs
 * as rail_multi_bw -b moves it (a pinned thread per rail, both directions
 * at once: rp_clround). Rank 0 prints an N x N matrix of Gb/s per rail and
 * writes --csv / --out_json after every round. Like the MPI wrapper
 * (rp_mpi.h), built into rail_cluster_bw alone, never into the library.
 */
#ifndef RP_MPI_CLUSTER_H
#define RP_MPI_CLUSTER_H

/*
 * rp_mpi_cluster_main - the whole run of one rank: options (a refused
 * command line is printed by the launcher's rank 0 only), MPI, the rounds,
 * rank 0's results. Returns the exit status: 0, or 1 after a refused
 * command line or a failed run.
 */
int rp_mpi_cluster_main(int argc, char **argv);

#endif /* RP_MPI_CLUSTER_H */
