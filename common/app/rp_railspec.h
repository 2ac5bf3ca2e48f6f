/* SPDX-License-Identifier: MIT */
/*
 * rp_railspec.h - the rails of a multi-rail run from the command line:
 * -d "dev[:port],dev[:port],..." and -x "N" (every rail) or "N,M,..." (one
 * per rail). Without -x each rail chooses its own GID.
 */
#ifndef RP_RAILSPEC_H
#define RP_RAILSPEC_H

#include <stddef.h>

#include "verbs/rp_rail.h"

#define RP_RAIL_NAME_LEN 64

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

#endif /* RP_RAILSPEC_H */
