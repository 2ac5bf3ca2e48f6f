/* SPDX-License-Identifier: MIT */
/*
 * rp_railceil.h - the ceilings of the rails of one run: each rail's
 * min(RoCE v2 ceiling of the run's verb on its port at its path MTU and
 * the message size, rp_ceiling.h; payload bound of its PCIe path for this
 * side of the run: sending, receiving or both, rp_pcie.h) and what the set can
 * move at once through the links and ports the rails share (rp_railset.h),
 * read from the live sysfs for the rails' devices.
 */
#ifndef RP_RAILCEIL_H
#define RP_RAILCEIL_H

#include <stdint.h>

#include "proto/rp_proto.h"
#include "topo/rp_nicport.h"
#include "topo/rp_pcie.h"
#include "topo/rp_railset.h"
#include "verbs/rp_rail.h"

struct rp_railceil {
	unsigned int n;
	struct rp_pcie pcie[RP_MAX_RAILS];
	struct rp_nicport nic[RP_MAX_RAILS];
	double speed[RP_MAX_RAILS]; /* port speed, Gb/s, 0 unknown */
	double wire[RP_MAX_RAILS];  /* RoCE v2 ceiling of @verb, 0 unknown */
	struct rp_railset_rail r[RP_MAX_RAILS]; /* cap: min(wire, PCIe) */
	double rcb[RP_MAX_RAILS]; /* min(wire, PCIe with read completions cut
				   * at the RCB) where below the cap, else 0 */
	enum rp_pcie_dir dir;	  /* this side: whose PCIe ceilings count */
	enum rp_verb verb;	  /* the run's verb: its wire ceiling */
	double set;		  /* the set's ceiling, Gb/s, 0 unknown */
	char why[192];		  /* set 0: the first reason */
};

/*
 * rp_railceil_read - the PCIe path, NIC, physical port and port speed of
 * each of the @n rails (netdev speed on RoCE, the port's rate on
 * InfiniBand), from sysfs under @sysroot (RP_SYSFS_ROOT live), for a run
 * of @verb on a side whose data crosses PCIe as @dir (the side's role,
 * app/rp_roles.h: a WRITE's or SEND's client and a READ's server send,
 * the side the data lands on receives, -b both).
 */
void rp_railceil_read(struct rp_railceil *c, const char *sysroot,
		      const struct rp_rail *rails, unsigned int n,
		      enum rp_verb verb, enum rp_pcie_dir dir);

/*
 * rp_railceil_size - every rail's ceiling and the set's for messages of
 * @size bytes at each rail's negotiated path MTU (rp_ceiling.h); an
 * InfiniBand port or an unknown speed leaves that rail, and so the set,
 * unknown, with @c->why saying which and why.
 */
void rp_railceil_size(struct rp_railceil *c, const struct rp_rail *rails,
		      uint64_t size);

/*
 * rp_railceil_warn - one warning (stderr) per PCIe link or physical port
 * that two or more of the rails share, naming the rails and what they can
 * move through it together. Returns the number of such lines.
 */
unsigned int rp_railceil_warn(const struct rp_railceil *c);

#endif /* RP_RAILCEIL_H */
