/* SPDX-License-Identifier: MIT */
/*
 * fuzz_schedcheck.h - the properties of an accepted schedule of flows
 * (rp_flows.h), shared by the --pairs fuzzer (fuzz_pairs.c) and the
 * schedule decoder's (fuzz_sched.c). Each abort()s when the property does
 * not hold, so that libFuzzer stops with the input.
 */
#ifndef FUZZ_SCHEDCHECK_H
#define FUZZ_SCHEDCHECK_H

#include <stdint.h>

#include "cluster/rp_flows.h"

/* Every round: a rail shift below the rails; every flow's hosts and rails
 * in range, not a host to itself, a known kind; no rail in two pairs
 * flows or sending twice; each host's ends (rp_flows_ends) agree with the
 * flows both ways, at most RP_FLOWS_MAX_ENDS. */
void rp_fz_rounds(const struct rp_flows *f);

/* @f encodes to exactly the @len words at @w. */
void rp_fz_same_words(const struct rp_flows *f, const uint32_t *w,
		      uint32_t len);

#endif /* FUZZ_SCHEDCHECK_H */
