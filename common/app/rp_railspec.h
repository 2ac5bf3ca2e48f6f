/* SPDX-License-Identifier: MIT */
/*
 * rp_railspec.h - the rails of a multi-rail run from the command line:
 * -d "dev[:port],dev[:port],..." and -x "N" (every rail) or "N,M,..." (one
 * per rail). Without -x each rail chooses its own GID.
 */
#ifndef RP_RAILSPEC_H
#define RP_RAILSPEC_H

#include <stdbool.h>
#include <stddef.h>

#include "verbs/rp_rail.h"

#define RP_RAIL_NAME_LEN 64
#define RP_MAX_DEVICES 256 /* RDMA devices rp_railspec_active looks at */

struct rp_railspec {
	char dev[RP_RAIL_NAME_LEN]; /* device name */
	unsigned int port;	    /* device port */
	int gid_index;		    /* -1 = choose */
};

/*
 * rp_railspec_parse - split @devs (NULL or "" = error: rails must be named)
 * and @gids (NULL = choose on every rail) into at most @max specs; a rail
 * without ":port" uses @def_port. Prints one line naming the bad element
 * and returns -EINVAL on a malformed list, an empty element, a bad port or
 * index, a repeated rail, or a -x list whose length is neither 1 nor the
 * number of rails. Returns the number of rails.
 */
int rp_railspec_parse(const char *devs, const char *gids, unsigned int def_port,
		      struct rp_railspec *out, size_t max);

/*
 * rp_railspec_list - rp_railspec_parse of -d's rail list @devs or, when
 * @devs is NULL, of every RDMA device of the host (rp_dev_all_names).
 * Returns the number of rails, or -errno (the cause printed once).
 */
int rp_railspec_list(const char *devs, const char *gids, unsigned int def_port,
		     struct rp_railspec *out, size_t max);

/*
 * rp_railspec_active - rail_multi_bw's rails without -d: of the RDMA
 * devices in comma list @all, those whose port @port is ACTIVE and of one
 * link layer (the one most ACTIVE ports have; a tie: the first's), read
 * from @sysroot/class/infiniband/<dev>/ports/<port>/{state,link_layer}
 * (RP_SYSFS_ROOT, or a fixture tree), in @all's order, comma separated
 * into @out (@len: at least strlen(@all) + 1). Unless @quiet, one warning
 * line per port left out, naming why (not ACTIVE, its state; another link
 * layer; no such port). Returns the rails kept; -ENETDOWN with one line
 * when no port is ACTIVE.
 */
int rp_railspec_active(const char *sysroot, const char *all, unsigned int port,
		       bool quiet, char *out, size_t len);

#endif /* RP_RAILSPEC_H */
