/* SPDX-License-Identifier: MIT */
/*
 * rp_sched.h - the rounds of rail_cluster_bw: which hosts pair up in each
 * round, every host in at most one pair per round. By default the circle
 * method over all hosts (N - 1 rounds for an even N, N for an odd N, every
 * pair once); --pairs FILE gives the pairs instead, packed into as few
 * rounds as a first fit finds. --cross repeats each round once per rail
 * shift k = 0 .. R - 1: the first host of a pair connects its rail i to
 * the second host's rail (i + k) mod R, so every rail stays busy and, both
 * directions measured at once, every (rail i, rail j) of every host pair
 * is measured exactly once in each direction. The flows each round runs
 * follow from these rounds (rp_flows.h). No MPI here.
 */
#ifndef RP_SCHED_H
#define RP_SCHED_H

#include <stdbool.h>
#include <stdint.h>

#define RP_SCHED_MAX_HOSTS 4096

/* Two hosts (indices = MPI ranks); a connects rail i to b's peer rail. */
struct rp_pair {
	uint32_t a;
	uint32_t b;
};

struct rp_round {
	unsigned int shift;  /* --cross: b's rail = (a's rail + shift) mod R */
	unsigned int npairs; /* pairs in this round */
	struct rp_pair *pairs; /* into rp_sched.all */
};

struct rp_sched {
	unsigned int hosts;
	unsigned int rails;
	unsigned int nrounds;
	struct rp_round *rounds; /* [nrounds], heap */
	struct rp_pair *all;	 /* every round's pairs, heap */
};

/*
 * rp_sched_circle - the circle method over @hosts (2 .. RP_SCHED_MAX_HOSTS)
 * hosts with @rails (1 .. RP_MAX_RAILS) rails; with @cross each round R
 * times, shifts 0 .. R - 1. @s is caller-owned; free with rp_sched_fini().
 * Returns 0, -EINVAL (a count out of range; nothing printed) or -ENOMEM.
 */
int rp_sched_circle(struct rp_sched *s, unsigned int hosts, unsigned int rails,
		    bool cross);

/*
 * rp_sched_pack - the @n pairs of @list (hosts < @hosts, a != b) into
 * rounds, in list order, each pair in the first round where neither host
 * is busy; with @cross each round R times as rp_sched_circle. Returns 0,
 * -EINVAL or -ENOMEM.
 */
int rp_sched_pack(struct rp_sched *s, const struct rp_pair *list,
		  unsigned int n, unsigned int hosts, unsigned int rails,
		  bool cross);

/*
 * rp_sched_parse - the pairs of a --pairs file's @text (named @fname in
 * messages): one pair a line, two hosts by name (one of @names[@hosts]) or
 * by rank number, separated by blanks; '#' starts a comment, blank lines
 * are skipped. On an unknown host, a line without exactly two hosts, a
 * host paired with itself, a pair given twice (either order) or no pair at
 * all prints one line ("FILE:LINE: ...") and returns -EINVAL. On success
 * *@out (heap, the caller frees it) holds *@n pairs. -ENOMEM possible.
 */
int rp_sched_parse(const char *text, const char *fname,
		   const char *const *names, unsigned int hosts,
		   struct rp_pair **out, unsigned int *n);

/*
 * rp_sched_peer_rail - the partner's rail that rail @i of this host meets
 * in a round of @shift among @rails rails: (i + shift) mod R for the
 * pair's first host, (i - shift) mod R for the second.
 */
unsigned int rp_sched_peer_rail(unsigned int shift, unsigned int rails,
				unsigned int i, bool first);

/* rp_sched_fini - free the rounds; safe on a zeroed or failed schedule. */
void rp_sched_fini(struct rp_sched *s);

#endif /* RP_SCHED_H */
