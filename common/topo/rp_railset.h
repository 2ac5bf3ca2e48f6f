/* SPDX-License-Identifier: MIT */
/*
 * rp_railset.h - what a set of rails can move at once, through the PCIe
 * links and physical ports they share, per direction.
 *
 * Each rail r alone carries at most cap_r = min(wire ceiling of its port
 * at its MTU, payload ceiling of the narrowest PCIe link on its path). A
 * set S of rails carries at most
 *
 *   max sum_{r in S} x_r  subject to  0 <= x_r <= cap_r,
 *       sum_{r in S below link L} x_r <= payload(L)  for every PCIe link L
 *                                   (a device's own link, every bridge's),
 *       sum_{r in S on port P} x_r <= wire(P)  for every physical port P,
 *
 * solved exactly as a maximum flow (Edmonds-Karp): source -> the root
 * port's link -> ... -> the device's link -> rail (cap_r) -> its port ->
 * sink (wire(P)); each link edge has that link's payload ceiling for the
 * rail's side (rp_pcie.h: receiving, sending or both; the caller sets
 * each rail's dir and its cap alike). On DGX Spark, receiving,
 * rocep1s0f0 + rocep1s0f1 share one Gen5 x4 link: 113.6 Gb/s together;
 * rocep1s0f0 + roceP2p1s0f1 share nothing: 2 x 113.6 = 227.2 (sending:
 * 106.1 and 212.3).
 * A limit that is unknown (0) does not constrain; a rail whose own cap is
 * unknown makes the set's ceiling unknown.
 */
#ifndef RP_RAILSET_H
#define RP_RAILSET_H

#include <stdbool.h>

#include "topo/rp_pcie.h"

#define RP_RAILSET_MAX 64 /* rails in one set */
#define RP_RAILSET_EXHAUSTIVE \
	12 /* rp_railset_smallest tries every subset up to */

/* One rail as the set ceiling sees it. Pointers are not owned. */
struct rp_railset_rail {
	const char *name;     /* device, for messages */
	double cap;	      /* the rail alone, Gb/s, 0 unknown */
	double port_cap;      /* its physical port's wire ceiling, 0 unknown */
	const char *port_key; /* rp_nicport key: NIC and port */
	const char *nic;      /* NIC identity (sys_image_guid), "" unknown */
	const struct rp_pcie *pcie; /* its PCIe path; NULL: none known */
	enum rp_pcie_dir dir;	    /* which of its links' ceilings count */
};

enum rp_railset_kind {
	RP_GROUP_PCIE, /* rails behind one PCIe link */
	RP_GROUP_PORT, /* rails on one physical port */
	RP_GROUP_NIC,  /* rails of one NIC (not a limit of its own) */
};

/* Rails of a set that share one link, port or NIC. */
struct rp_railset_group {
	enum rp_railset_kind kind;
	char id[72]; /* link address, port key or NIC GUID */
	double cap;  /* what the link or port carries, 0 unknown */
	const struct rp_pcie_hop *hop; /* RP_GROUP_PCIE: the link */
	unsigned int count;
	bool member[RP_RAILSET_MAX];
};

/*
 * rp_railset_ceiling - the most rails @r[i] with @use[i] (@use NULL: all
 * @n) move at once, Gb/s per direction, by the formula above. Returns 0
 * when no rail is used, a used rail's cap is unknown, or memory runs out.
 */
double rp_railset_ceiling(const struct rp_railset_rail *r, unsigned int n,
			  const bool *use);

/*
 * rp_railset_smallest - the fewest rails of the @n that reach
 * rp_railset_ceiling(r, n, NULL) (within 0.01 %), set in @pick. Every
 * subset by size, the first in rail order, for n <= RP_RAILSET_EXHAUSTIVE;
 * above that greedily, the rail that adds most first. Returns how many
 * were picked, 0 when the ceiling is unknown.
 */
unsigned int rp_railset_smallest(const struct rp_railset_rail *r,
				 unsigned int n, bool *pick);

/*
 * rp_railset_groups - the PCIe links, physical ports and NICs that two or
 * more of the rails with @use[i] (NULL: all) share, at most @max into @g,
 * in rail order (a bridge whose rails are those of a narrower-or-equal
 * link already listed is left out). Returns the number of groups.
 */
unsigned int rp_railset_groups(const struct rp_railset_rail *r, unsigned int n,
			       const bool *use, struct rp_railset_group *g,
			       unsigned int max);

#endif /* RP_RAILSET_H */
