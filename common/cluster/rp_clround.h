/* SPDX-License-Identifier: MIT */
/*
 * rp_clround.h - one host's flow ends in one round of rail_cluster_bw
 * (rp_flows.h), without MPI: open a rail for each end (a rail that does
 * not open is recorded with its reason, the others go on), pack what each
 * partner needs of the ends it shares with this host (state, reason,
 * ceiling, rp_msg's RAIL encoding of the addresses) and read theirs,
 * connect each end to its partner's, run every connected end at once (a
 * pairs flow both ways, rp_multi with rp_bidir's halves, as rail_multi_bw
 * -b; a one-way flow's sender writes with immediate data or sends, its
 * receiver counts what arrives) for -D, and turn each end's window into
 * its cell, then close. Rails are opened and closed each round: a QP in
 * RTS cannot be pointed at another peer without going back through RESET,
 * and opening costs milliseconds against the seconds of -D.
 */
#ifndef RP_CLROUND_H
#define RP_CLROUND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "app/rp_plan.h"
#include "app/rp_railspec.h"
#include "cluster/rp_clopts.h"
#include "cluster/rp_flows.h"
#include "cluster/rp_matrix.h"
#include "topo/rp_topo.h"
#include "verbs/rp_rail.h"

/* What a host tells its partner about one flow end. */
struct rp_clrail {
	bool up;			 /* opened (and, later, connected) */
	double ceiling;			 /* Gb/s, 0 unknown */
	char reason[RP_CELL_REASON_LEN]; /* !up: why */
	struct rp_rail_addr addr;	 /* up: its QPs and buffer */
};

struct rp_clround {
	const struct rp_clopts *c;
	struct rp_plan plan; /* a pairs flow's end: both ways */
	struct rp_opts oone[2];
	struct rp_plan one[2]; /* a one-way flow's sender [0], receiver [1] */
	const char *me;	       /* this host's name, for reasons */
	unsigned int n;	       /* rails */
	struct rp_railspec spec[RP_MAX_RAILS];
	struct rp_topo topo;
	int cpus[RP_MAX_RAILS]; /* -1 = unpinned */
	/* this round */
	unsigned int nends;
	struct rp_fend ends[RP_FLOWS_MAX_ENDS];
	struct rp_rail rails[RP_FLOWS_MAX_ENDS];
	bool open[RP_FLOWS_MAX_ENDS];
	struct rp_clrail local[RP_FLOWS_MAX_ENDS];
	struct rp_clrail peer[RP_FLOWS_MAX_ENDS]; /* each end's far end */
};

/*
 * rp_clround_init - the rails of -d (or every RDMA device of this host)
 * and, with hwloc, a CPU near each; nothing opened. @me is this host's
 * name and must outlive @s. Returns 0, or -errno after one line (no
 * device, a bad -x list for the rails found).
 */
int rp_clround_init(struct rp_clround *s, const struct rp_clopts *c,
		    const char *me);

/* rp_clround_fini - release what rp_clround_init took. */
void rp_clround_fini(struct rp_clround *s);

/*
 * rp_clround_open - this host's @n ends of a round (rp_flows_ends): a
 * rail for each on its rail's device (rp_rail_init with its role's
 * configuration: a pairs end slices for both directions, a receiving end
 * receives posted); an end that fails is marked down with "DEV on HOST:
 * why". Never fails as a whole.
 */
void rp_clround_open(struct rp_clround *s, const struct rp_fend *ends,
		     unsigned int n);

/* rp_clround_close - close the rails the round opened. */
void rp_clround_close(struct rp_clround *s);

/* rp_clround_pack_max - the largest rp_clround_pack output for @peer
 * this round, bytes: its ends with this host at the most QPs a RAIL
 * message holds. */
size_t rp_clround_pack_max(const struct rp_clround *s, unsigned int peer);

/*
 * rp_clround_pack - this host's ends with host @peer (in flow order) into
 * @out (@cap bytes): returns the length, 0 when @cap is too small.
 */
size_t rp_clround_pack(const struct rp_clround *s, unsigned int peer,
		       uint8_t *out, size_t cap);

/*
 * rp_clround_unpack - host @peer's ends with this host (its own count and
 * flows must be this host's with it) into s->peer. Returns 0 or -EBADMSG
 * after one line.
 */
int rp_clround_unpack(struct rp_clround *s, unsigned int peer,
		      const uint8_t *in, size_t len);

/*
 * rp_clround_connect - each end against its far end where both are up;
 * *@ready (bit k) the ends connected here (receives posted where the role
 * takes them). A failure marks the end down with its reason.
 */
void rp_clround_connect(struct rp_clround *s, uint32_t *ready);

/*
 * rp_clround_mask - of @bits (one per end of this host), those of the
 * ends with host @peer, renumbered in their order (bit k: the k-th end
 * with @peer); with @back, the reverse: @bits in that numbering spread to
 * the ends' own bits.
 */
uint32_t rp_clround_mask(const struct rp_clround *s, unsigned int peer,
			 uint32_t bits, bool back);

/*
 * rp_clround_run - every end set in @both (connected on both sides) at
 * once, -D seconds (the middle half counted); fills @cells[k] for end k:
 * a pairs end what it sent to the partner, a sender what it sent, a
 * receiver what arrived (ok with Gb/s, bytes and messages, the whole
 * run's counts), or failed with the reason (a rail down at either end, a
 * WR that failed). @names names the hosts in reasons. Returns 0, or
 * -EINTR when SIGINT / SIGTERM stopped the run.
 */
int rp_clround_run(struct rp_clround *s, uint32_t both,
		   const char (*names)[RP_CL_NAME_LEN], struct rp_cell *cells);

/*
 * rp_clround_reap - after every partner's run is over (rail_cluster_bw's
 * DONE exchange), each receiving end of a one-way flow whose cell is ok
 * adds to its whole-run count (rx_all) the receives its loop left in the
 * CQ: the messages that arrived after its own -D ended, which the sender
 * counted as completed. A CQ that cannot be polled fails the cell.
 */
void rp_clround_reap(struct rp_clround *s, struct rp_cell *cells);

#endif /* RP_CLROUND_H */
