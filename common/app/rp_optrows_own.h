/* SPDX-License-Identifier: MIT */
/*
 * rp_optrows_own.h - the option table's rows that belong to one program
 * alone and that its own parser reads (rail_cluster_bw's --cross,
 * --pairing, --pattern, --pairs, --csv; rail_info's --json, --check,
 * --peers, --peer_json, --peer, --sysfs): kept apart from the shared rows
 * (rp_optrows.c); the table gathers them in --help order (rp_optable.c).
 */
#ifndef RP_OPTROWS_OWN_H
#define RP_OPTROWS_OWN_H

#include <stddef.h>

#include "app/rp_optrows.h"

/*
 * rp_optrows_own - rail_cluster_bw's and rail_info's own rows, *@n of
 * them, in --help order. Static storage; no errors.
 */
const struct rp_optrow *rp_optrows_own(size_t *n);

#endif /* RP_OPTROWS_OWN_H */
