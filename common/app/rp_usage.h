/* SPDX-License-Identifier: MIT */
/*
 * rp_usage.h - the --help text of a perftest-style binary, from its test
 * description and the option table.
 */
#ifndef RP_USAGE_H
#define RP_USAGE_H

#include <stdio.h>

#include "app/rp_opts.h"

/*
 * rp_opts_usage - write --help text (every option the binary of @o takes,
 * with its default and unit; @o initialized) to @f.
 */
void rp_opts_usage(const struct rp_opts *o, FILE *f);

/*
 * rp_usage_options - the option lines of binary @bin's --help (enum rp_bin)
 * to @f: each row of the option table it takes, with its text for @bin,
 * the name column @col wide, the defaults of @o (initialized: every
 * binary passes its own) in place of the text's @ fields. @order: the
 * long names in the order to print, NULL-terminated; NULL: the table's
 * order with its "railperf options:" break (the perftest-style binaries).
 */
void rp_usage_options(FILE *f, const struct rp_opts *o, unsigned int bin,
		      unsigned int col, const char *const *order);

#endif /* RP_USAGE_H */
