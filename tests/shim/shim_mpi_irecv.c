// SPDX-License-Identifier: MIT
/*
 * Description: LD_PRELOAD shim for tests/host/t_cluster_files.sh: the Nth
 * MPI_Irecv of the process (RP_SHIM_IRECV_FAIL=N, counted from 1) fails
 * at once with MPI_ERR_OTHER (Open MPI's value, 16), as an MPI library
 * whose transport broke answers; every other call goes to the MPI
 * library's. Rank 0 of a 2-rank job receives the host names first (call
 * 1, in MPI's start-up), then the versions and options (call 2: the job
 * fails before its first round). Built without mpi.h: MPI's handles are
 * passed through as the pointers (Open MPI) or integers (MPICH) they are.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>

#define SHIM_MPI_ERR_OTHER 16

typedef int (*irecv_fn)(void *buf, int count, void *type, int source, int tag,
			void *comm, void *request);

int MPI_Irecv(void *buf, int count, void *type, int source, int tag, void *comm,
	      void *request);

int MPI_Irecv(void *buf, int count, void *type, int source, int tag, void *comm,
	      void *request)
{
	static irecv_fn real;
	static long calls;
	const char *n = getenv("RP_SHIM_IRECV_FAIL");

	if (n && ++calls == atol(n))
		return SHIM_MPI_ERR_OTHER;
	if (!real)
		*(void **)&real = dlsym(RTLD_NEXT, "MPI_Irecv");
	return real ? real(buf, count, type, source, tag, comm, request) :
		      SHIM_MPI_ERR_OTHER;
}
