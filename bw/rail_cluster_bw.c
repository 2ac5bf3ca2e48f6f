// SPDX-License-Identifier: MIT
/*
 * rail_cluster_bw - RDMA WRITE bandwidth between every pair of a job's
 * hosts, every rail at once in both directions, one rank per host started
 * by mpirun or srun; rank 0 prints an N x N matrix of Gb/s per rail. The
 * run is rp_mpi_cluster's.
 */
#include "cluster/rp_mpi_cluster.h"
#include "base/rp_log.h"

int main(int argc, char **argv)
{
	/* results that could not be written make the exit status 1 */
	return rp_out_close(rp_mpi_cluster_main(argc, argv));
}
