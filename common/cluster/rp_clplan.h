/* SPDX-License-Identifier: MIT */
/*
 * rp_clplan.h - rank 0's decisions for rail_cluster_bw once the wiring
 * map is drawn: the pairing (--pairing, or by the map: map when a host's
 * rails are in more than one subnet and the map has links, else rail i to
 * rail i; --cross is index's), the pattern's rounds of flows (rp_flows.h:
 * the host pairs' rounds, the map's links, the ring, the incast), whether
 * the matrices are per pair of rails, and which cells have no path. No
 * MPI: rank 0 sends the flows on.
 */
#ifndef RP_CLPLAN_H
#define RP_CLPLAN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cluster/rp_clopts.h"
#include "cluster/rp_flows.h"
#include "cluster/rp_matrix.h"
#include "cluster/rp_wiremap.h"

struct rp_clplan {
	enum rp_pairing pairing; /* resolved: RP_PAIRING_MAP or _INDEX */
	bool cross;		 /* a matrix per pair of rails */
	struct rp_flows flows;
	uint32_t *ring;	  /* --pattern=ring: [hosts] in ring order */
	unsigned int dst; /* --pattern=incast: the receiving host */
};

/* What rank 0 knows when it decides. */
struct rp_clplan_in {
	const struct rp_clopts *c;
	unsigned int hosts, rails;
	const struct rp_wmap *map; /* NULL: no map drawn */
	const char *why_nomap;	   /* ... and why not */
	const char *const *names;  /* [hosts]: host names as MPI gave them */
	const char *pairs_text;	   /* --pairs FILE's text, NULL without */
};

/*
 * rp_clplan_make - @p (caller-owned, free with rp_clplan_fini) from @in,
 * with one line on @f saying the pairing and why ("railperf: pairing:
 * ..."). On a decision that cannot be carried out (--pairing=map without
 * a map, a map that links none of the pairs, --pattern=incast:HOST with
 * an unknown HOST or more flows into it than a host runs at once, a ring
 * hop with no link) one line naming it on stderr and -EINVAL; -ENOMEM.
 * Returns 0.
 */
int rp_clplan_make(struct rp_clplan *p, const struct rp_clplan_in *in, FILE *f);

/*
 * rp_clplan_nopath - the cells of @mx whose rails the map @map does not
 * join (pairing by the map only), marked RP_CELL_NOPATH with why.
 */
void rp_clplan_nopath(const struct rp_clplan *p, const struct rp_wmap *map,
		      struct rp_matrix *mx);

/* rp_clplan_fini - free; safe on a zeroed or failed plan. */
void rp_clplan_fini(struct rp_clplan *p);

#endif /* RP_CLPLAN_H */
