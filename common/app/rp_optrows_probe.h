/* SPDX-License-Identifier: MIT */
/*
 * rp_optrows_probe.h - the option table's rows of rail_multi_bw's
 * latency probe (--lat_probe[=verb], --lat_probe_rate), kept apart from
 * the other rows (rp_optrows.c) with their setters; the table gathers
 * them in --help order (rp_optable.c), their cross-checks are in
 * rp_opts.c.
 */
#ifndef RP_OPTROWS_PROBE_H
#define RP_OPTROWS_PROBE_H

#include <stddef.h>

#include "app/rp_optrows.h"

/*
 * rp_optrows_probe - the latency probe's rows, *@n of them, in --help
 * order. Static storage; no errors.
 */
const struct rp_optrow *rp_optrows_probe(size_t *n);

#endif /* RP_OPTROWS_PROBE_H */
