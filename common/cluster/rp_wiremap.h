/* SPDX-License-Identifier: MIT */
/*
 * rp_wiremap.h - rail_cluster_bw's wiring map: from every host's rail
 * ends (rp_wirefacts.h, gathered over MPI) and what each rail's netdev
 * resolved by IPv6 neighbour discovery (the link-local address of another
 * host's rail answered from that rail's MAC: one L2 segment, a cable or a
 * switch), which ends are linked, why every other combination has no
 * path, and the miswires: two ends on one segment whose addresses share
 * no subnet, a ring link that joins other port numbers than the rest of
 * the ring, an MTU that differs between the two ends of a link. Then
 * whether pairing by the map is the default (the rails of a host do not
 * all share one subnet, and the map has links). Pure: no MPI, no device.
 */
#ifndef RP_WIREMAP_H
#define RP_WIREMAP_H

#include <stdbool.h>
#include <stdint.h>

#include "info/rp_wirefacts.h"

/* Rails in all (hosts x rails) the map is drawn for: it holds two bytes
 * per pair of them (8 MiB at this bound). */
#define RP_WMAP_MAX_ENDS 2048

/* What neighbour discovery said of end y at end x (rp_wmap.seen). */
enum rp_wseen {
	RP_WSEEN_NO = 0,      /* y's link-local address did not resolve */
	RP_WSEEN_YES = 1,     /* it resolved to y's MAC on x's netdev */
	RP_WSEEN_UNKNOWN = 2, /* not asked: one of them has no link-local
			       * address (or no netdev) */
};

/* Why a combination of two ends of two hosts is, or is not, a path. */
enum rp_wwhy {
	RP_WWHY_LINK = 0, /* one segment (or unknown) and a subnet shared */
	RP_WWHY_NOCABLE,  /* not one segment, no subnet shared */
	RP_WWHY_NOSUBNET, /* one segment, no subnet shared: a miswire */
	RP_WWHY_DOWN,	  /* a port or its netdev's link is down */
	RP_WWHY_NOLL,	  /* no subnet shared, and one end has no IPv6
			   * link-local address to look for a cable with */
	RP_WWHY_KINDS,
};

enum rp_wmis_kind {
	RP_WMIS_SUBNET = 0, /* cabled, no subnet shared */
	RP_WMIS_PORT,	    /* a ring link on other port numbers */
	RP_WMIS_MTU,	    /* the two ends' netdev MTUs differ */
};

/* Two ends with a path (direct: a cable or a switch), a < b. */
struct rp_wlink {
	uint32_t a, ra, b, rb;
	uint32_t ia, ib; /* the shared subnet's address at each end */
	uint32_t seen;	 /* enum rp_wseen of the pair (either way) */
};

struct rp_wmis {
	uint32_t kind; /* enum rp_wmis_kind */
	uint32_t a, ra, b, rb;
	uint32_t want_ra, want_rb; /* RP_WMIS_PORT: the rails the ring
				    * expects at a and at b */
};

struct rp_wmap {
	unsigned int hosts, rails;
	const struct rp_wend *ends; /* [hosts * rails], the caller's */
	uint8_t *why;		    /* [E * E] enum rp_wwhy, E = ends */
	uint8_t *seen;		    /* [E * E] enum rp_wseen, both ways */
	struct rp_wlink *links;
	unsigned int nlinks;
	struct rp_wmis *mis;
	unsigned int nmis;
	bool ring;	   /* the links are one ring through every host */
	uint32_t *order;   /* [hosts]: ring order (ring) */
	bool cross;	   /* a link joins rails of different indexes */
	bool map_default;  /* --pairing=map is the default (above) */
	bool many_subnets; /* some host's rails share no one subnet */
};

/*
 * rp_wmap_build - the map of @hosts (2 .. 4096) hosts of @rails (1 ..
 * RP_MAX_RAILS) rails each: @ends[h * rails + i] host h's rail i, @heard
 * [x * E + y] (E = hosts * rails, x and y ends; at most
 * RP_WMAP_MAX_ENDS) non-zero when end x's
 * netdev resolved end y's link-local address to y's MAC (ends without a
 * link-local address are "unknown" whatever @heard says). Two ends of one
 * host are never linked; two ends with one MAC (ranks on one host sharing
 * a netdev) are one segment. @m is caller-owned; free with
 * rp_wmap_fini(). Returns 0, -EINVAL (a count out of range), -E2BIG
 * (more ends than RP_WMAP_MAX_ENDS) or -ENOMEM.
 */
int rp_wmap_build(struct rp_wmap *m, unsigned int hosts, unsigned int rails,
		  const struct rp_wend *ends, const uint8_t *heard);

/* rp_wmap_fini - free; safe on a zeroed or failed map. */
void rp_wmap_fini(struct rp_wmap *m);

/* rp_wmap_why - why end (h, i) and end (g, j) are (not) a path. */
enum rp_wwhy rp_wmap_why(const struct rp_wmap *m, unsigned int h,
			 unsigned int i, unsigned int g, unsigned int j);

/* rp_wmap_path - true when (h, i) and (g, j) are linked. */
bool rp_wmap_path(const struct rp_wmap *m, unsigned int h, unsigned int i,
		  unsigned int g, unsigned int j);

/* rp_wmap_linked - true when hosts @h and @g share at least one link. */
bool rp_wmap_linked(const struct rp_wmap *m, unsigned int h, unsigned int g);

/* rp_wmap_why_text - one phrase for @w ("no cable: not on one segment
 * and no subnet in common", ...). */
const char *rp_wmap_why_text(enum rp_wwhy w);

#endif /* RP_WIREMAP_H */
