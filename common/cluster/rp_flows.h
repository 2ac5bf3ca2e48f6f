/* SPDX-License-Identifier: MIT */
/*
 * rp_flows.h - what each round of rail_cluster_bw runs: flows, each
 * joining one rail of one host to one rail of another, both ways at once
 * (--pattern=pairs) or one way (--pattern=ring and incast: a writes to
 * b). Made by rank 0 from the host pairs' rounds (rp_sched.h: rail i to
 * rail i + shift, --pairing=index and --cross), from the wiring map's
 * links (--pairing=map: first fit in the host pairs' order, no rail in
 * two flows of a round), or for a pattern; then sent to every rank as
 * 32-bit words and checked there before any use. In a round a rail is
 * in at most one flow, except that a rail may receive several one-way
 * flows (incast) and, in a ring over shared segments, send one and
 * receive one; a host takes part in at most RP_FLOWS_MAX_ENDS flow ends
 * (a thread each). No MPI here.
 */
#ifndef RP_FLOWS_H
#define RP_FLOWS_H

#include <stddef.h>
#include <stdint.h>

#include <stdbool.h>

#include "proto/rp_proto.h"
#include "cluster/rp_sched.h"

#define RP_FLOWS_MAX_ENDS RP_MAX_RAILS /* a host's flow ends in a round */

enum rp_flow_kind {
	RP_FLOW_BOTH = 0,   /* both directions at once */
	RP_FLOW_ONEWAY = 1, /* a writes to b; b counts what arrives */
	RP_FLOW_KINDS,
};

struct rp_flow {
	uint32_t a, ra; /* host a's rail ra ... */
	uint32_t b, rb; /* ... joined to host b's rail rb */
	uint32_t kind;	/* enum rp_flow_kind */
};

struct rp_fround {
	unsigned int shift;  /* --pairing=index: rail i -> i + shift */
	unsigned int nflows; /* flows in this round */
	struct rp_flow *flows;
};

struct rp_flows {
	unsigned int hosts;
	unsigned int rails;
	unsigned int nrounds;
	struct rp_fround *rounds; /* [nrounds], heap */
	struct rp_flow *all;	  /* every round's flows, heap */
};

/* Whether host @h's rail @i and host @g's rail @j have a path (the
 * wiring map's rp_wmap_path, for one; @ctx the map). */
typedef bool (*rp_flows_path_fn)(const void *ctx, unsigned int h,
				 unsigned int i, unsigned int g,
				 unsigned int j);

/* What one end of a flow does at its host. */
enum rp_end_role {
	RP_END_BOTH = 0, /* sends and receives (a pairs flow) */
	RP_END_SEND = 1, /* writes (a one-way flow's a) */
	RP_END_RECV = 2, /* counts what arrives (a one-way flow's b) */
};

/* One of a host's flow ends in a round. */
struct rp_fend {
	unsigned int flow;	/* its index in the round */
	unsigned int rail;	/* this host's rail */
	unsigned int peer;	/* the other host */
	unsigned int peer_rail; /* ... and its rail */
	enum rp_end_role role;
};

/*
 * rp_flows_from_sched - the flows of @s's rounds: each pair (a, b) of a
 * round of shift k joins a's rail i to b's rail (i + k) mod R, both ways,
 * for every rail i (today's pairing: index, --cross). @f is caller-owned;
 * free with rp_flows_fini(). Returns 0 or -ENOMEM.
 */
int rp_flows_from_sched(struct rp_flows *f, const struct rp_sched *s);

/*
 * rp_flows_from_links - --pairing=map: every rail pair with a path (@path
 * over @ctx, e.g. the wiring map's links) between the hosts of a pair of
 * @order (rp_sched_circle's rounds without --cross, or --pairs'), once,
 * both ways, in @order's order and rail order, packed into rounds first
 * fit so that no rail is in two flows of one round (on switched segments
 * the circle method's rounds come out unchanged). Returns 0, -ENOENT
 * (no link between any pair of @order) or -ENOMEM.
 */
int rp_flows_from_links(struct rp_flows *f, const struct rp_sched *order,
			rp_flows_path_fn path, const void *ctx);

/*
 * rp_flows_ring - --pattern=ring: one round in which each host of
 * @ring (@hosts hosts in ring order) writes to its successor, one way,
 * on every rail pair with a path (@path over @ctx), or with @path NULL on
 * every rail i to the successor's rail i. Returns 0, -ENOENT (a hop with no
 * link: *@bad its first host's index in @ring), -E2BIG (a host would
 * take more than RP_FLOWS_MAX_ENDS flow ends) or -ENOMEM.
 */
int rp_flows_ring(struct rp_flows *f, unsigned int hosts, unsigned int rails,
		  const uint32_t *ring, rp_flows_path_fn path, const void *ctx,
		  unsigned int *bad);

/*
 * rp_flows_incast - --pattern=incast:HOST: one round in which every other
 * host writes to host @dst, one way, on every rail pair with a path to
 * @dst (@path over @ctx), or with @path NULL on every rail i to @dst's
 * rail i. A host
 * without a link to @dst sends nothing. Returns 0, -ENOENT (no host has
 * a link to @dst), -E2BIG (@dst would take more than RP_FLOWS_MAX_ENDS
 * flows) or -ENOMEM.
 */
int rp_flows_incast(struct rp_flows *f, unsigned int hosts, unsigned int rails,
		    unsigned int dst, rp_flows_path_fn path, const void *ctx);

/*
 * rp_flows_ends - host @host's flow ends in round @r, at most
 * RP_FLOWS_MAX_ENDS, into @out, in the round's flow order. Returns their
 * number.
 */
unsigned int rp_flows_ends(const struct rp_fround *r, unsigned int host,
			   struct rp_fend *out);

/*
 * rp_flows_encode - @f as 32-bit words for rank 0 to send: rounds, flows,
 * then per round its shift and flow count, then every flow (a, ra, b, rb,
 * kind). *@w (heap, the caller frees it) holds *@len words. Returns 0 or
 * -ENOMEM.
 */
int rp_flows_encode(const struct rp_flows *f, uint32_t **w, uint32_t *len);

/*
 * rp_flows_words_max - the most words a valid schedule of @hosts hosts
 * (2 .. RP_SCHED_MAX_HOSTS) and @rails rails can have: what a rank may
 * allocate for rank 0's before it has read it.
 */
uint64_t rp_flows_words_max(unsigned int hosts, unsigned int rails);

/*
 * rp_flows_decode - the schedule in @len words of @w (rp_flows_encode's
 * layout) for a job of @hosts hosts and @rails rails, checked before any
 * use: at least one round, the length agreeing with the counts, every
 * host and rail in range, no host joined to itself, a known kind, each
 * shift below @rails, and in every round the rule of the header (a rail
 * in one pairs flow only, one-way flows: one sent and any received, no
 * host with more than RP_FLOWS_MAX_ENDS ends). On success @f (free with
 * rp_flows_fini) holds it; else -EBADMSG with the first fault in @why
 * (@why_len bytes, one line, nothing printed), or -ENOMEM. Never reads
 * past @len words.
 */
int rp_flows_decode(struct rp_flows *f, const uint32_t *w, size_t len,
		    unsigned int hosts, unsigned int rails, char *why,
		    size_t why_len);

/* rp_flows_fini - free the rounds; safe on a zeroed or failed one. */
void rp_flows_fini(struct rp_flows *f);

#endif /* RP_FLOWS_H */
