// SPDX-License-Identifier: MIT
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "base/rp_log.h"
#include "base/rp_parse.h"
#include "app/rp_optable.h"
#include "app/rp_railspec.h"
#include "app/rp_roles.h"
#include "app/rp_usage.h"
#include "cluster/rp_clopts.h"
#include "cluster/rp_matrix.h"

/* rail_cluster_bw's defaults; .test only names the engine it shares with
 * rail_multi_bw (nothing goes on railperf's wire). */
static const struct rp_test_desc rp_cl_desc = {
	.test = RP_TEST_MULTI_BW,
	.name = "rail_cluster_bw",
	.def_size = 65536,
	.def_iters = 5000,
	.def_tx_depth = 128,
	.features = RP_FEAT_BW | RP_FEAT_MULTI,
	.bin = RP_BIN_CLUSTER_BW,
};

/* --expect's help text (rp_optable.c) names the outlier threshold. */
_Static_assert(RP_MATRIX_DEF_PCT == 80,
	       "update --expect's cluster help in rp_optable.c");

/* --pairing=map|index. */
static int rp_cl_pairing(struct rp_clopts *c, const char *arg)
{
	if (!strcmp(arg, "map"))
		c->pairing = RP_PAIRING_MAP;
	else if (!strcmp(arg, "index"))
		c->pairing = RP_PAIRING_INDEX;
	else
		return rp_optrows_bad_value("--pairing", arg,
					    "valid values are map and index");
	return 0;
}

/* --pattern=pairs|ring|incast:HOST. */
static int rp_cl_pattern(struct rp_clopts *c, const char *arg)
{
	if (!strcmp(arg, "pairs"))
		c->pattern = RP_PATTERN_PAIRS;
	else if (!strcmp(arg, "ring"))
		c->pattern = RP_PATTERN_RING;
	else if (!strncmp(arg, "incast:", 7) && arg[7]) {
		c->pattern = RP_PATTERN_INCAST;
		c->incast = arg + 7;
	} else
		return rp_optrows_bad_value("--pattern", arg,
					    "valid values are pairs, ring and "
					    "incast:HOST (a host name or "
					    "rank)");
	return 0;
}

/* rail_cluster_bw's own options (RP_OK_OWN rows of the option table). */
static int rp_cl_own(void *ctx, const struct rp_optrow *r, const char *arg)
{
	struct rp_clopts *c = ctx;
	const char **file = NULL;
	char name[48];

	if (!strcmp(r->name, "cross")) {
		c->cross = true;
		return 0;
	}
	if (!strcmp(r->name, "pairing"))
		return rp_cl_pairing(c, arg);
	if (!strcmp(r->name, "pattern"))
		return rp_cl_pattern(c, arg);
	if (!strcmp(r->name, "pairs"))
		file = &c->pairs;
	else if (!strcmp(r->name, "csv"))
		file = &c->csv;
	if (!file)
		return -EINVAL;
	if (!*arg)
		return rp_optrows_bad_value(rp_optable_name(r, name,
							    sizeof(name)),
					    arg, "give a file name");
	*file = arg;
	return 0;
}

/* -x without -d: a list of one is every rail's; longer lists need -d. */
static int rp_cl_rails(const struct rp_clopts *c)
{
	struct rp_railspec spec[RP_MAX_RAILS];

	if (c->o.dev)
		return rp_railspec_parse(c->o.dev, c->o.gid_list, c->o.ib_port,
					 spec, RP_MAX_RAILS) < 0 ?
			       -EINVAL :
			       0;
	if (c->o.gid_list && strchr(c->o.gid_list, ',')) {
		rp_err("invalid -x value '%s': a list of GID indexes needs "
		       "the rails named with -d",
		       c->o.gid_list);
		return -EINVAL;
	}
	return 0;
}

/* Options that do not go together, named in one line. */
static int rp_cl_combos(const struct rp_clopts *c)
{
	const char *why = NULL;

	if (c->cross && c->pairing == RP_PAIRING_MAP)
		why = "--cross joins every rail to every rail; --pairing=map "
		      "joins the rails the wiring map links: give one";
	else if (c->cross && c->pattern != RP_PATTERN_PAIRS)
		why = "--cross is for --pattern=pairs";
	else if (c->pairs && c->pattern != RP_PATTERN_PAIRS)
		why = "--pairs is for --pattern=pairs";
	else if (c->pattern != RP_PATTERN_PAIRS &&
		 rp_roles_verb(c->o.verb)->pulls)
		why = "--pattern=ring and incast count what arrives at the "
		      "receiver: --verb=write (as RDMA WRITE with immediate) "
		      "or --verb=send";
	if (why)
		rp_err("%s", why);
	return why ? -EINVAL : 0;
}

static void rp_clopts_init(struct rp_clopts *c)
{
	memset(c, 0, sizeof(*c));
	rp_opts_init(&c->o, &rp_cl_desc);
	c->o.duration = RP_CL_DEF_DURATION;
	c->o.timeout = RP_CL_DEF_TIMEOUT;
	c->o.report_gbits = true;
	c->o.inline_size = 0;
	c->o.bidir = true; /* every pair both ways: -b's roles (rp_plan) */
}

int rp_clopts_parse(struct rp_clopts *c, int argc, char **argv)
{
	rp_clopts_init(c);
	if (rp_optable_parse(&c->o, argc, argv, rp_cl_own, c))
		return -EINVAL;
	if (optind < argc) {
		rp_err("unexpected argument '%s': rail_cluster_bw takes no "
		       "host (the MPI launcher starts one rank per host)",
		       argv[optind]);
		return -EINVAL;
	}
	c->help = c->o.help;
	c->version = c->o.version;
	c->expect = c->o.expect != 0;
	c->json = rp_opts_json_path(&c->o);
	if (c->help || c->version)
		return 0;
	if (rp_opts_finish(&c->o) || rp_fleet_opts_rules(&c->o.fleet, c->json))
		return -EINVAL;
	if (rp_cl_combos(c))
		return -EINVAL;
	return rp_cl_rails(c);
}

/* --verb's name of @v, as the signature carries it. */
static const char *rp_clopts_verb(enum rp_verb v)
{
	return rp_roles_verb(v)->name;
}

const char *rp_clopts_sig(const struct rp_clopts *c, char *buf, size_t len)
{
	snprintf(
		buf, len,
		"-s %llu -D %u -q %u -t %u -m %u -u %u --timeout %u --cross %d "
		"--verb %s --pairing %s --pattern %s%.40s",
		(unsigned long long)c->o.size, c->o.duration, c->o.num_qps,
		c->o.tx_depth, c->o.mtu, c->o.qp_timeout, c->o.timeout,
		c->cross ? 1 : 0, rp_clopts_verb(c->o.verb),
		c->pairing == RP_PAIRING_MAP   ? "map" :
		c->pairing == RP_PAIRING_INDEX ? "index" :
						 "default",
		c->pattern == RP_PATTERN_RING	? "ring" :
		c->pattern == RP_PATTERN_INCAST ? "incast:" :
						  "pairs",
		c->pattern == RP_PATTERN_INCAST ? c->incast : "");
	return buf;
}

/* The next "name value" of a signature from *@p: its length, 0 at the
 * end; *@p moves past it and the blank after. */
static size_t rp_clopts_sig_next(const char **p, const char **tok)
{
	const char *s = *p, *e;

	while (*s == ' ')
		s++;
	*tok = s;
	if (!*s)
		return 0;
	e = strchr(s, ' ');
	e = e ? strchr(e + 1, ' ') : NULL; /* after the value */
	if (!e)
		e = s + strlen(s);
	*p = e;
	return (size_t)(e - s);
}

bool rp_clopts_sig_diff(const char *a, const char *b, char *va, char *vb,
			size_t len)
{
	const char *ta, *tb;
	size_t na, nb;

	for (;;) {
		na = rp_clopts_sig_next(&a, &ta);
		nb = rp_clopts_sig_next(&b, &tb);
		if (!na && !nb)
			return false;
		if (na != nb || memcmp(ta, tb, na))
			break;
	}
	snprintf(va, len, "%.*s", (int)na, ta);
	snprintf(vb, len, "%.*s", (int)nb, tb);
	if (!na || !nb || strcspn(ta, " ") != strcspn(tb, " ") ||
	    memcmp(ta, tb, strcspn(ta, " "))) { /* not the same option */
		snprintf(va, len, "%s", ta);
		snprintf(vb, len, "%s", tb);
	}
	return true;
}

/* clang-format off */
void rp_clopts_usage(FILE *f)
{
	static const char *const order[] = {
		"ib-dev",   "ib-port",	 "gid-index",	  "size",
		"duration", "qp",	 "tx-depth",	  "mtu",
		"qp-timeout", "verb",	 "pairing",	  "pattern",
		"cross",    "pairs",
		"expect",
		"save-baseline", "baseline", "tolerance", "baseline-force",
		"junit",
		"timeout",  "csv",	 "out_json",	  "out_json_file",
		"use_hugepages", "no_hugepages", "help",  "version",
		NULL,
	};
	struct rp_clopts c;

	rp_clopts_init(&c);
	rp_fprintf(f,
"Usage:\n"
"  mpirun -np N --map-by ppr:1:node rail_cluster_bw [options]\n"
"  srun -N N --ntasks-per-node=1 rail_cluster_bw [options]\n"
"\n"
"Every pair of the job's hosts, a round at a time (no rail in two pairs of\n"
"a round), both directions of every rail at once; rank 0 prints the wiring\n"
"map it found first (which rail of each host shares a segment and a subnet\n"
"with which of another), then an N x N matrix of Gb/s (10^9 bit/s) per\n"
"rail (per pair of rails where the map links rails of other indexes).\n"
"\n"
"Options:\n");
	rp_usage_options(f, &c.o, RP_BIN_CLUSTER_BW, 28, order);
}
/* clang-format on */
