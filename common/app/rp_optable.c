// SPDX-License-Identifier: MIT
/*
 * railperf's one option table (rp_optable.h): its rows gathered
 * (rp_optrows.c, rp_optrows_fleet.c, rp_optrows_probe.c, rp_optrows_own.c,
 * rp_optrows_pt.c),
 * getopt's tables, the gating, the dispatch and the lookups over them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_log.h"
#include "base/rp_parse.h"
#include "app/rp_opts_types.h"
#include "app/rp_optable.h"
#include "app/rp_optrows_fleet.h"
#include "app/rp_optrows_own.h"
#include "app/rp_optrows_probe.h"
#include "app/rp_optrows_pt.h"

/* getopt's '?' (unknown) or ':' (value missing) for argv[optind - 1]:
 * one line naming it, --help as the way out. */
static int rp_bad_flag(int c, char **argv)
{
	const char *word = argv[optind - 1];

	if (c == ':')
		rp_err("option '%s' needs a value; see --help", word);
	else if (optopt && optopt < 256)
		rp_err("unknown option '-%c'; see --help", optopt);
	else
		rp_err("unknown option '%s'; see --help", word);
	return -EINVAL;
}

/* The table; a row takes at least one of getopt's RP_OPT_LONG_MAX. */
static struct rp_optrow rp_table[RP_OPT_LONG_MAX];
static size_t rp_ntable;
static pthread_once_t rp_table_once = PTHREAD_ONCE_INIT;

/* rp_table in --help order: the rows before the fleet checks', theirs,
 * the rows after up to --lat_probe's, its, the rest, the rows of one
 * program alone, perftest's refused flags. More rows than fit is the build's defect: abort. */
static void rp_table_gather(void)
{
	const struct rp_optrow *part[7];
	size_t n[7], i;

	part[0] = rp_optrows_head(&n[0]);
	part[1] = rp_optrows_fleet(&n[1]);
	part[2] = rp_optrows_tail(&n[2]);
	part[3] = rp_optrows_probe(&n[3]);
	part[4] = rp_optrows_end(&n[4]);
	part[5] = rp_optrows_own(&n[5]);
	part[6] = rp_optrows_pt(&n[6]);
	for (i = 0; i < 7; i++) {
		if (n[i] > RP_OPT_LONG_MAX - rp_ntable)
			abort();
		memcpy(&rp_table[rp_ntable], part[i], n[i] * sizeof(*part[i]));
		rp_ntable += n[i];
	}
}

const struct rp_optrow *rp_optable_rows(size_t *n)
{
	pthread_once(&rp_table_once, rp_table_gather);
	*n = rp_ntable;
	return rp_table;
}

const struct rp_optrow *rp_optable_row_of(int c)
{
	size_t i, n;
	const struct rp_optrow *rows = rp_optable_rows(&n);

	if (c >= 256)
		return (size_t)(c - 256) < n ? &rows[c - 256] : NULL;
	for (i = 0; i < n; i++)
		if (rows[i].short_opt && rows[i].short_opt == c)
			return &rows[i];
	return NULL;
}

unsigned int rp_optable_bin(const struct rp_test_desc *d)
{
	switch (d->bin ? 0 : d->test) {
	case RP_TEST_WRITE_BW: return RP_BIN_WRITE_BW;
	case RP_TEST_READ_LAT: return RP_BIN_READ_LAT;
	case RP_TEST_MULTI_BW: return RP_BIN_MULTI_BW;
	case RP_TEST_WRITE_LAT: return RP_BIN_WRITE_LAT;
	case RP_TEST_SEND_LAT: return RP_BIN_SEND_LAT;
	case RP_TEST_READ_BW: return RP_BIN_READ_BW;
	case RP_TEST_SEND_BW: return RP_BIN_SEND_BW;
	}
	return d->bin;
}

unsigned int rp_optable_family(unsigned int bin)
{
	return (bin & RP_BIN_PERFTEST) ? RP_BIN_PERFTEST : bin;
}

void rp_optable_getopt(unsigned int bin, struct option *lo, char *so)
{
	unsigned int fam = rp_optable_family(bin);
	size_t i, n = 0, k = 1, nrows;
	const struct rp_optrow *rows = rp_optable_rows(&nrows);

	so[0] = ':';
	for (i = 0; i < nrows && n + 3 < RP_OPT_LONG_MAX; i++) {
		const struct rp_optrow *r = &rows[i];
		int val = r->short_opt ? r->short_opt : 256 + (int)i;

		if (!(r->bins & fam))
			continue;
		lo[n++] = (struct option){ r->name, r->has_arg, NULL, val };
		if (r->alias)
			lo[n++] = (struct option){ r->alias, r->has_arg, NULL,
						   val };
		if (r->short_opt && k + 3 < RP_OPT_SHORT_MAX) {
			so[k++] = r->short_opt;
			if (r->has_arg == required_argument)
				so[k++] = ':';
		}
	}
	lo[n] = (struct option){ NULL, 0, NULL, 0 };
	so[k] = '\0';
}

const char *rp_optable_name(const struct rp_optrow *r, char *buf, size_t len)
{
	if (r->short_opt)
		snprintf(buf, len, "-%c", r->short_opt);
	else
		snprintf(buf, len, "--%s", r->name);
	return buf;
}

/* A flag of the family this binary does not take (-t in a latency test). */
static int rp_opt_gate(const struct rp_opts *o, const struct rp_optrow *r,
		       unsigned int bin)
{
	char name[48];

	if (rp_optable_takes(r, bin))
		return 0;
	rp_err("option %s is not supported by %s%s",
	       rp_optable_name(r, name, sizeof(name)), o->desc->name,
	       r->one_rail ? " (one-rail runs only; with several rails use "
			     "-D, --interval for rows)" :
			     "");
	return -EINVAL;
}

/* RP_OK_UINT / RP_OK_INT: a whole number in the row's range. */
static int rp_opt_uint(const struct rp_optrow *r, const char *arg,
		       unsigned int *out)
{
	char name[48];
	uint64_t v;

	rp_optable_name(r, name, sizeof(name));
	if (!r->valid)
		return rp_optrows_value_uint(name, arg, r->min, r->max, out);
	if (rp_parse_u64(arg, r->min, r->max, &v))
		return rp_optrows_bad_value(name, arg, r->valid);
	*out = (unsigned int)v;
	return 0;
}

static int rp_opt_refuse(const struct rp_optrow *r)
{
	if (r->short_opt)
		rp_err("option -%c (%s) is not supported by railperf",
		       r->short_opt, r->why);
	else
		rp_err("option --%s (%s) is not supported by railperf", r->name,
		       r->why);
	return -EINVAL;
}

/* One option's value into @o (or to @own). */
static int
rp_opt_set(struct rp_opts *o, const struct rp_optrow *r, const char *arg,
	   int (*own)(void *, const struct rp_optrow *, const char *),
	   void *ctx)
{
	char *p = (char *)o + r->off, name[48];
	unsigned int v;
	int ret;

	switch (r->kind) {
	case RP_OK_NONE: return 0;
	case RP_OK_TRUE: *(bool *)p = true; return 0;
	case RP_OK_FALSE: *(bool *)p = false; return 0;
	case RP_OK_UINT: return rp_opt_uint(r, arg, (unsigned int *)p);
	case RP_OK_INT:
		ret = rp_opt_uint(r, arg, &v);
		if (!ret)
			*(int *)p = (int)v;
		return ret;
	case RP_OK_STR:
		if (r->valid && !*arg)
			return rp_optrows_bad_value(
				rp_optable_name(r, name, sizeof(name)), arg,
				r->valid);
		*(const char **)p = arg;
		return 0;
	case RP_OK_SET: return r->set(o, r, arg);
	case RP_OK_OWN: return own ? own(ctx, r, arg) : -EINVAL;
	case RP_OK_REFUSE: return rp_opt_refuse(r);
	}
	return -EINVAL;
}

int rp_optable_parse(struct rp_opts *o, int argc, char **argv,
		     int (*own)(void *ctx, const struct rp_optrow *r,
				const char *arg),
		     void *ctx)
{
	unsigned int bin = rp_optable_bin(o->desc);
	struct option lo[RP_OPT_LONG_MAX];
	char so[RP_OPT_SHORT_MAX];
	const struct rp_optrow *r;
	int c, ret;

	rp_optable_getopt(bin, lo, so);
	optind = 0; /* full reset of GNU getopt, so tests may parse twice */
	opterr = 0;
	while ((c = getopt_long(argc, argv, so, lo, NULL)) != -1) {
		if (c == '?' || c == ':')
			return rp_bad_flag(c, argv);
		r = rp_optable_row_of(c);
		if (!r)
			return -EINVAL; /* getopt returns only our vals */
		ret = rp_opt_gate(o, r, bin);
		if (!ret)
			ret = rp_opt_set(o, r, optarg, own, ctx);
		if (ret)
			return ret;
	}
	return 0;
}

const struct rp_opthelp *rp_optable_help_of(const struct rp_optrow *r,
					    unsigned int bin)
{
	size_t i;

	if (!rp_optable_takes(r, bin))
		return NULL;
	for (i = 0; i < RP_OPT_HELPS && r->help[i].bins; i++)
		if (r->help[i].bins & bin)
			return &r->help[i];
	return NULL;
}

const struct rp_optrow *rp_optable_find(const char *name)
{
	size_t i, n;
	const struct rp_optrow *rows = rp_optable_rows(&n);

	for (i = 0; i < n; i++)
		if (!strcmp(rows[i].name, name))
			return &rows[i];
	return NULL;
}
