/* SPDX-License-Identifier: MIT */
/*
 * rp_mpi.h - rail_cluster_bw's only MPI code (built into that binary, not
 * into librailperf.a): ranks, host names, and every exchange as
 * non-blocking calls completed by a test loop with a deadline that also
 * sees SIGINT / SIGTERM, so no MPI call waits without bound. Errors name
 * the host (and rank) that did not answer. Only the main thread calls MPI
 * (MPI_THREAD_FUNNELED); the rail threads never do. The calls that block
 * by themselves (MPI_Init_thread, MPI_Comm_dup, MPI_Comm_free,
 * MPI_Finalize) are bounded by --timeout through a watchdog thread
 * (rp_watchdog), which also backs up every exchange's own deadline: past
 * its bound, one line "rank R (host): CALL did not finish in T s; peers
 * missing: ..." and MPI_Abort (before MPI_Init completed or once
 * MPI_Finalize began, where MPI_Abort is not allowed: _exit(1)). The
 * watchdog thread calls MPI_Abort itself while the main thread is stuck
 * in MPI, beyond what FUNNELED promises; Open MPI and MPICH end the job.
 */
#ifndef RP_MPI_H
#define RP_MPI_H

#include <stdbool.h>
#include <mpi.h>

#include "cluster/rp_matrix.h"
#include "cluster/rp_watchdog.h"

/* What each message of a round is; with the round, its tag. */
enum rp_mpi_kind {
	RP_MPI_NAMES = 0, /* host names, rail devices */
	RP_MPI_SCHED,	  /* rank 0's schedule */
	RP_MPI_WIRE,	  /* the wiring map: rails, what each resolved */
	RP_MPI_ADDR,	  /* the partner's rails (rp_clround_pack) */
	RP_MPI_READY,	  /* the partner's connected rails */
	RP_MPI_DONE,	  /* the partner's run is over: its QPs may close */
	RP_MPI_CELLS,	  /* a rank's cells of a round, to rank 0 */
	RP_MPI_GO,	  /* rank 0: the next round, or stop */
	RP_MPI_KINDS,
};

struct rp_mpi {
	MPI_Comm comm; /* a duplicate of MPI_COMM_WORLD, errors returned */
	int rank;
	int size;
	char (*host)[RP_CL_NAME_LEN]; /* [size]: "name", "name/rank" if shared */
	unsigned int tmo_ms;	      /* --timeout: the watchdog's bound */
	struct rp_watchdog wd;
};

/*
 * rp_mpi_env_rank - this process's rank from the launcher's environment
 * (Open MPI, MPICH, PMIx, Slurm) before MPI starts; -1 without one.
 */
int rp_mpi_env_rank(void);

/* The least bound on MPI start-up (MPI_Init_thread, MPI_Comm_dup), ms. */
#define RP_MPI_START_MS 60000u

/*
 * rp_mpi_init - MPI_Init_thread (FUNNELED), a communicator that returns
 * errors instead of aborting, then every rank's host name (gethostname)
 * gathered at rank 0 and spread to all within @timeout_ms. The watchdog
 * starts first: MPI_Init_thread and MPI_Comm_dup may each take at most
 * @tmo_ms (--timeout), but never less than RP_MPI_START_MS (a launcher's
 * start-up of many ranks is slower than one exchange). @m is
 * caller-owned. Returns 0 or -errno after one
 * line.
 */
int rp_mpi_init(struct rp_mpi *m, int *argc, char ***argv, unsigned int tmo_ms,
		unsigned int timeout_ms);

/* rp_mpi_fini - MPI_Comm_free and MPI_Finalize, each within --timeout
 * (the watchdog), then the watchdog stops; frees the names. */
void rp_mpi_fini(struct rp_mpi *m);

/*
 * rp_mpi_abort - end the whole job (MPI_Abort with @code): for a rank that
 * cannot go on (a peer gone, a deadline passed). Does not return.
 */
void rp_mpi_abort(struct rp_mpi *m, int code) __attribute__((noreturn));

/* rp_mpi_tag - the tag of message @kind in round @round. */
int rp_mpi_tag(unsigned int round, enum rp_mpi_kind kind);

/*
 * rp_mpi_swap - send @out_len bytes to rank @peer and receive at most @cap
 * bytes from it into @in (*@got: how many), tag @tag, both within
 * @timeout_ms. Returns 0, -ETIMEDOUT (one line naming the peer's host and
 * @what), -EINTR (SIGINT / SIGTERM) or -EIO (an MPI error, one line).
 */
int rp_mpi_swap(struct rp_mpi *m, int peer, int tag, const void *out,
		int out_len, void *in, int cap, int *got,
		unsigned int timeout_ms, const char *what);

/*
 * rp_mpi_swapv - rp_mpi_swap with @n ranks at once (a host with partners
 * on several rails in one round): @out[i] (@out_len[i] bytes) to
 * @peers[i], at most @cap[i] bytes from it into @in[i] (@got[i]: how
 * many), every request posted before any is waited for, all within
 * @timeout_ms. Returns as rp_mpi_swap (-ENOMEM possible); the timeout's
 * line names every rank that did not answer.
 */
int rp_mpi_swapv(struct rp_mpi *m, int n, const int *peers, int tag,
		 const void *const *out, const int *out_len, void *const *in,
		 const int *cap, int *got, unsigned int timeout_ms,
		 const char *what);

/*
 * rp_mpi_gather - every rank's @len bytes of @out to rank 0, into @in
 * (rank 0: size * len bytes, rank r's at r * len; others: unused), within
 * @timeout_ms. At rank 0 *@missing (size entries, may be NULL) marks the
 * ranks that did not send in time. Returns as rp_mpi_swap; rank 0's
 * -ETIMEDOUT line names every missing host.
 */
int rp_mpi_gather(struct rp_mpi *m, int tag, const void *out, int len, void *in,
		  bool *missing, unsigned int timeout_ms, const char *what);

/*
 * rp_mpi_spread - rank 0's @len bytes of @buf to every other rank's @buf
 * within @timeout_ms. Returns as rp_mpi_swap.
 */
int rp_mpi_spread(struct rp_mpi *m, int tag, void *buf, int len,
		  unsigned int timeout_ms, const char *what);

#endif /* RP_MPI_H */
