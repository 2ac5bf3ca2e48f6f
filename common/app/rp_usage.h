/* SPDX-License-Identifier: MIT */
/*
 * rp_usage.h - the --help text of a binary, from its test description.
 */
#ifndef RP_USAGE_H
#define RP_USAGE_H

#include <stdio.h>

#include "app/rp_opts.h"

/*
 * rp_opts_usage - write --help text (every option, default and unit) to @f.
 */
void rp_opts_usage(const struct rp_opts *o, FILE *f);

#endif /* RP_USAGE_H */
