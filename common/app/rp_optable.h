/* SPDX-License-Identifier: MIT */
/*
 * rp_optable.h - railperf's one table of command-line options, its rows
 * in rp_optrows.h (each option's long and short names, its argument and
 * range, where it lands in struct rp_opts or that its binary's own code
 * takes it, which binaries take it, its --help text and its perftest
 * status). From it come getopt_long's tables, the per-binary gating,
 * dispatch and --help of every binary (rail_cluster_bw and rail_info
 * included).
 */
#ifndef RP_OPTABLE_H
#define RP_OPTABLE_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "app/rp_optrows.h"

struct rp_opts;
struct rp_test_desc;

/* rp_optable_rows - the table: *@n rows, in --help order, gathered on
 * the first call (rp_optrows.h, rp_optrows_fleet.h). Static storage. */
const struct rp_optrow *rp_optable_rows(size_t *n);

/*
 * rp_optable_bin - the rp_bin bit of the binary @d describes: its .bin,
 * else the one of its test (the test descriptors in unit tests).
 */
unsigned int rp_optable_bin(const struct rp_test_desc *d);

/* rp_optable_family - the rows a binary's getopt sees: every row of the
 * perftest-style binaries for any of them, else the binary's own. */
unsigned int rp_optable_family(unsigned int bin);

/* rp_optable_takes - true when binary @bin takes row @r. */
static inline bool rp_optable_takes(const struct rp_optrow *r, unsigned int bin)
{
	return (r->bins & bin) != 0;
}

#define RP_OPT_LONG_MAX 128 /* getopt entries: every row and alias + 1 */
#define RP_OPT_SHORT_MAX 96

/*
 * rp_optable_getopt - getopt_long's tables for binary @bin, into the
 * caller's @lo (RP_OPT_LONG_MAX entries, NULL-terminated) and @so
 * (RP_OPT_SHORT_MAX bytes, ':' first): every row of its family, val the
 * short letter or 256 + the row's index.
 */
void rp_optable_getopt(unsigned int bin, struct option *lo, char *so);

/* rp_optable_row_of - the row of getopt's value @c, NULL if none. */
const struct rp_optrow *rp_optable_row_of(int c);

/* rp_optable_name - "-s" for a row with a short letter, else "--timeout";
 * into @buf (@len bytes), returned. */
const char *rp_optable_name(const struct rp_optrow *r, char *buf, size_t len);

/*
 * rp_optable_parse - getopt_long over argv for the binary of @o->desc:
 * each option it takes set in @o, or handed to @own (RP_OK_OWN rows, with
 * @ctx; returns 0 or -EINVAL after its one line); an option of the family
 * it does not take, an unknown one, a bad value refused as one line on
 * stderr and -EINVAL. Stops at the first operand (optind left there).
 * Pointers in @o point into argv.
 */
int rp_optable_parse(struct rp_opts *o, int argc, char **argv,
		     int (*own)(void *ctx, const struct rp_optrow *r,
				const char *arg),
		     void *ctx);

/* rp_optable_find - the row of long name @name, NULL if none. */
const struct rp_optrow *rp_optable_find(const char *name);

/* rp_optable_help_of - row @r's --help text for @bin, NULL when none. */
const struct rp_opthelp *rp_optable_help_of(const struct rp_optrow *r,
					    unsigned int bin);

#endif /* RP_OPTABLE_H */
