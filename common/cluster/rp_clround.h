/* SPDX-License-Identifier: MIT */
/*
 * rp_clround.h - one host's rails in one round of rail_cluster_bw, without
 * MPI: open the rails (a rail that does not open is recorded with its
 * reason, the others go on), pack what the partner needs (state, reason,
 * ceiling, rp_msg's RAIL encoding of the addresses) and read the
 * partner's, connect rail i to the partner's rail of the round's shift,
 * run every connected rail at once in both directions (rp_multi with
 * rp_bidir's halves, as rail_multi_bw -b) for -D and turn each rail's
 * window into this host's cell (this host -> partner), then close. The
 * rails are opened and closed each round: a QP in RTS cannot be pointed
 * at another peer without going back through RESET, and opening costs
 * milliseconds against the seconds of -D.
 */
#ifndef RP_CLROUND_H
#define RP_CLROUND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "app/rp_plan.h"
#include "app/rp_railspec.h"
#include "cluster/rp_clopts.h"
#include "cluster/rp_matrix.h"
#include "topo/rp_topo.h"
#include "verbs/rp_rail.h"

/* What a host tells its partner about one rail. */
struct rp_clrail {
	bool up;			 /* opened (and, later, connected) */
	double ceiling;			 /* Gb/s, 0 unknown */
	char reason[RP_CELL_REASON_LEN]; /* !up: why */
	struct rp_rail_addr addr;	 /* up: its QPs and buffer */
};

struct rp_clround {
	const struct rp_clopts *c;
	struct rp_plan plan; /* the rails' and the engine's settings */
	const char *me;	     /* this host's name, for reasons */
	unsigned int n;	     /* rails */
	struct rp_railspec spec[RP_MAX_RAILS];
	struct rp_topo topo;
	int cpus[RP_MAX_RAILS]; /* -1 = unpinned */
	struct rp_rail rails[RP_MAX_RAILS];
	bool open[RP_MAX_RAILS];
	struct rp_clrail local[RP_MAX_RAILS];
	struct rp_clrail peer[RP_MAX_RAILS]; /* the partner's, this round */
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
 * rp_clround_open - open every rail for a round (rp_rail_init with
 * rail_multi_bw's configuration, slices for both directions); a rail that
 * fails is marked down with "DEV on HOST: why". Never fails as a whole.
 */
void rp_clround_open(struct rp_clround *s);

/* rp_clround_close - close the rails the round opened. */
void rp_clround_close(struct rp_clround *s);

/* rp_clround_pack_max - the largest rp_clround_pack output, bytes. */
size_t rp_clround_pack_max(const struct rp_clround *s);

/*
 * rp_clround_pack - this host's rails for the partner into @out (@cap
 * bytes): returns the length, 0 when @cap is too small.
 */
size_t rp_clround_pack(const struct rp_clround *s, uint8_t *out, size_t cap);

/*
 * rp_clround_unpack - the partner's rails (its own count must equal this
 * host's) into s->peer. Returns 0 or -EBADMSG after one line.
 */
int rp_clround_unpack(struct rp_clround *s, const uint8_t *in, size_t len);

/*
 * rp_clround_connect - rail i against the partner's rail
 * rp_sched_peer_rail(@shift, n, i, @first) where both are up; *@ready
 * (bit i) the rails connected here. A failure marks the rail down with
 * its reason.
 */
void rp_clround_connect(struct rp_clround *s, unsigned int shift, bool first,
			uint32_t *ready);

/*
 * rp_clround_run - every rail set in @both (connected on both sides) at
 * once, both directions, -D seconds (the middle half counted); fills
 * @cells[i] for rail i (this host sending to the partner): ok with Gb/s,
 * bytes and messages, or failed with the reason (a rail down at either
 * end, a WRITE that failed). @partner names the partner in reasons.
 * Returns 0, or -EINTR when SIGINT / SIGTERM stopped the run.
 */
int rp_clround_run(struct rp_clround *s, unsigned int shift, bool first,
		   uint32_t both, const char *partner, struct rp_cell *cells);

#endif /* RP_CLROUND_H */
