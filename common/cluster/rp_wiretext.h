/* SPDX-License-Identifier: MIT */
/*
 * rp_wiretext.h - the wiring map (rp_wiremap.h) as rank 0 prints it
 * before the first byte is measured: one table of every link with both
 * ends' host, device, port, netdev, address (its subnet) and MTU; the
 * ring the links make, if any; a line per pair of hosts that no rail
 * joins ("no path", with why), per port that is down, and per miswire
 * (naming both ends); and the same in the --out_json document. No MPI.
 */
#ifndef RP_WIRETEXT_H
#define RP_WIRETEXT_H

#include <stdio.h>
#include <cjson/cJSON.h>

#include "cluster/rp_matrix.h"
#include "cluster/rp_wiremap.h"

/*
 * rp_wiretext_print - the map @m of hosts named @names to @f (each line
 * " railperf: ..."; the table indented). Returns the number of miswire
 * lines.
 */
unsigned int rp_wiretext_print(FILE *f, const struct rp_wmap *m,
			       const char (*names)[RP_CL_NAME_LEN]);

/*
 * rp_wiretext_miswire - miswire @k of @m as one phrase into @buf (@len
 * bytes), both ends named: "softroce-h1 rxe1 (eth1, 10.1.1.1/24) and
 * softroce-h2 rxe0 (eth0, 10.9.1.2/24) are cabled (one segment) but share
 * no subnet: ...". Returns @buf.
 */
const char *rp_wiretext_miswire(const struct rp_wmap *m,
				const char (*names)[RP_CL_NAME_LEN],
				unsigned int k, char *buf, size_t len);

/*
 * rp_wiretext_json - the map as the --out_json document's "wiring":
 * "links" (each end's host, rail, device, port, netdev, address, MTU;
 * "found_by"), "ring" (host names in ring order, or null), "no_path"
 * (the pairs of hosts no rail joins, with why), "down" and "miswires"
 * (kind, both ends, text). NULL on -ENOMEM.
 */
cJSON *rp_wiretext_json(const struct rp_wmap *m,
			const char (*names)[RP_CL_NAME_LEN]);

#endif /* RP_WIRETEXT_H */
