/* SPDX-License-Identifier: MIT */
/*
 * rp_clfleet.h - rail_cluster_bw's fleet checks at rank 0: --baseline
 * (refused, before the first round, when it is of other options, other
 * hosts or other rails; compared cell by cell at the end),
 * --save-baseline and --junit, from a record per cell
 * (output/rp_fleet.h: "h1 -> h2 on rail 0 (rxe0)", its sender's
 * direction). Every rank sends rank 0 its identity (host, kernel, each
 * rail's device, port, PCI function, link and firmware) with its rails.
 * No MPI here.
 */
#ifndef RP_CLFLEET_H
#define RP_CLFLEET_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "cluster/rp_clopts.h"
#include "cluster/rp_clround.h"
#include "cluster/rp_matrix.h"
#include "output/rp_baseline.h"
#include "topo/rp_identity.h"

struct rp_clfleet {
	bool on;	/* a fleet option was given */
	uint64_t t0_ns; /* the job's start at rank 0 */
	time_t start;
	struct rp_baseline now;	  /* the hosts and options of this job */
	struct rp_baseline *was;  /* --baseline, heap */
	unsigned int n;		  /* records */
	struct rp_fleet_rec *rec; /* [n], heap */
};

/*
 * rp_clfleet_me - this rank's identity into @id: host @host (the MPI
 * launcher's name for it), kernel, and each rail of @side (sysfs).
 */
void rp_clfleet_me(struct rp_ident_host *id, const struct rp_clround *side,
		   const char *host);

/* rp_clfleet_init - rank 0, for the options @c (nothing else yet). */
void rp_clfleet_init(struct rp_clfleet *f, const struct rp_clopts *c);

/* rp_clfleet_host - rank 0: rank @h's identity @id (in rank order). */
void rp_clfleet_host(struct rp_clfleet *f, const struct rp_ident_host *id);

/*
 * rp_clfleet_open - rank 0, before the first round, once every rank's
 * identity is in: the files can be written; --baseline loaded and
 * refused (unless --baseline-force) when of other options, hosts or
 * rails (one line naming what differs). Returns 0 or -EINVAL.
 */
int rp_clfleet_open(struct rp_clfleet *f, const struct rp_clopts *c);

/*
 * rp_clfleet_records - @m's cells as records into @f (replacing any):
 * goodput, ceiling, a failed cell's reason, an outlier's threshold and
 * reference (its ceiling, else its matrix's median), -D as its time.
 * Returns 0 or -ENOMEM.
 */
int rp_clfleet_records(struct rp_clfleet *f, const struct rp_matrix *m);

/*
 * rp_clfleet_report - rank 0 at the end of a complete run: the records
 * judged (with --baseline: a line per cell and per host that changed, to
 * @out), --save-baseline (not when a cell failed), --junit. Returns 0,
 * -ERANGE when a cell is below its baseline's tolerance, or the -errno of
 * a file not written (said so).
 */
int rp_clfleet_report(struct rp_clfleet *f, const struct rp_clopts *c,
		      const struct rp_matrix *m, FILE *out);

/* rp_clfleet_fini - release; safe on a zeroed one. */
void rp_clfleet_fini(struct rp_clfleet *f);

#endif /* RP_CLFLEET_H */
