// SPDX-License-Identifier: MIT
/*
 * The option table's rows of the latency probe (rp_optrows_probe.h) and
 * their setters.
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <strings.h>

#include "app/rp_optrows.h"
#include "app/rp_optrows_probe.h"
#include "app/rp_opts_types.h"
#include "engine/rp_probestats.h"

#define RP_PROBE_XSTR(x) #x
#define RP_PROBE_STR(x) RP_PROBE_XSTR(x)
/* One help text, rail_multi_bw's (the only binary with a probe). */
#define RP_PROBE_H1(t) \
	{ \
		{ \
			RP_BIN_MULTI_BW, NULL, (t) \
		} \
	}

/* --lat_probe[=VERB]: a latency probe per rail; no VERB or "read" (any
 * case): RDMA READ, "write": a WRITE ping-pong; else one line. */
static int rp_probe_set(struct rp_opts *o, const struct rp_optrow *r,
			const char *arg)
{
	(void)r;
	o->lat_probe = true;
	if (!arg || !strcasecmp(arg, "read"))
		o->lat_probe_verb = RP_VERB_READ;
	else if (!strcasecmp(arg, "write"))
		o->lat_probe_verb = RP_VERB_WRITE;
	else
		return rp_optrows_bad_value("--lat_probe", arg,
					    "valid verbs are read, write");
	return 0;
}

/* --lat_probe_rate: probes a second per rail, r->min .. r->max; marked
 * given (rp_opts.c refuses it without --lat_probe). */
static int rp_probe_set_rate(struct rp_opts *o, const struct rp_optrow *r,
			     const char *arg)
{
	o->lat_probe_rate_given = true;
	return rp_optrows_value_uint("--lat_probe_rate", arg, r->min, r->max,
				     &o->lat_probe_rate);
}

/* clang-format off */
static const struct rp_optrow rp_probe_rows[] = {
	{ .name = "lat_probe", .has_arg = optional_argument, .arg = "verb",
	  .bins = RP_BIN_MULTI_BW, .kind = RP_OK_SET, .set = rp_probe_set,
	  .pt = RP_PT_OWN,
	  .help = RP_PROBE_H1(
		     "per rail, one more QP probes latency (read: RDMA\n"
		     "READ, default; write: a WRITE ping-pong), idle\n"
		     "before the load and loaded while the rails run;\n"
		     "both sides give it") },
	{ .name = "lat_probe_rate", .has_arg = required_argument, .arg = "n",
	  .bins = RP_BIN_MULTI_BW, .kind = RP_OK_SET,
	  .set = rp_probe_set_rate, .min = 1, .max = RP_PROBE_RATE_MAX,
	  .pt = RP_PT_OWN,
	  .help = RP_PROBE_H1(
		     "with --lat_probe: at most <n> probes a second\n"
		     "per rail (default: " RP_PROBE_STR(RP_PROBE_RATE) ")") },
};
/* clang-format on */

const struct rp_optrow *rp_optrows_probe(size_t *n)
{
	*n = sizeof(rp_probe_rows) / sizeof(rp_probe_rows[0]);
	return rp_probe_rows;
}
