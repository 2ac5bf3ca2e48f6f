/* SPDX-License-Identifier: MIT */
/*
 * fuzz_schedcheck.h - the properties of an accepted schedule, shared by
 * the --pairs fuzzer (fuzz_pairs.c) and the schedule decoder's
 * (fuzz_sched.c). Each abort()s when the property does not hold, so that
 * libFuzzer stops with the input.
 */
#ifndef FUZZ_SCHEDCHECK_H
#define FUZZ_SCHEDCHECK_H

#include <stdint.h>

#include "cluster/rp_sched.h"

/* Every round: a rail shift below the rails, each host at most once,
 * partners in range that agree both ways (one of them first), and every
 * rail's peer rail in range. */
void rp_fz_rounds(const struct rp_sched *s);

/* @s encodes to exactly the @len words at @w. */
void rp_fz_same_words(const struct rp_sched *s, const uint32_t *w,
		      uint32_t len);

#endif /* FUZZ_SCHEDCHECK_H */
