/* SPDX-License-Identifier: MIT */
/*
 * rp_optrows_pt.h - the option table's rows of perftest's flags that
 * railperf knows but does not implement (ib_write_bw and ib_read_lat
 * 6.06 .. 6.29), refused by name with what they do, and -c (RC only);
 * the table gathers them last, in --help order (rp_optable.c).
 */
#ifndef RP_OPTROWS_PT_H
#define RP_OPTROWS_PT_H

#include <stddef.h>

#include "app/rp_optrows.h"

/*
 * rp_optrows_pt - perftest's refused flags' rows, *@n of them, in --help
 * order. Static storage; no errors.
 */
const struct rp_optrow *rp_optrows_pt(size_t *n);

#endif /* RP_OPTROWS_PT_H */
