/* SPDX-License-Identifier: MIT */
/*
 * rp_optrows_fleet.h - the option table's rows of the fleet checks
 * (rp_opts_fleet.h: --save-baseline, --baseline, --tolerance,
 * --baseline-force, --openmetrics, --junit), kept apart from the other
 * rows (rp_optrows.c); the table gathers them in --help order
 * (rp_optable.c).
 */
#ifndef RP_OPTROWS_FLEET_H
#define RP_OPTROWS_FLEET_H

#include <stddef.h>

#include "app/rp_optrows.h"

/*
 * rp_optrows_fleet - the fleet checks' rows, *@n of them, in --help
 * order. Static storage; no errors.
 */
const struct rp_optrow *rp_optrows_fleet(size_t *n);

#endif /* RP_OPTROWS_FLEET_H */
