// SPDX-License-Identifier: MIT
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "rp_log.h"
#include "rp_opts.h"
#include "rp_parse.h"

/* Ranges; perftest's where it has one (perftest_parameters.c). */
#define RP_MIN_ITERS 5
#define RP_MAX_ITERS (1ULL << 32)
#define RP_MAX_SIZE (1ULL << 31)	/* perftest: UINT_MAX / 2 */
#define RP_MAX_TX_DEPTH 15000
#define RP_MAX_CQ_MOD 1024
#define RP_MAX_DURATION 86400
#define RP_DEF_CQ_MOD 100
#define RP_CQ_MOD_SIZE_LIMIT 8192	/* above: default CQ moderation 1 */

enum {
	OPT_REPORT_GBITS = 256,
	OPT_VALIDATE,
	OPT_HUGEPAGES,
	OPT_NO_HUGEPAGES,
	OPT_TIMEOUT,
	OPT_OUT_JSON,
	OPT_OUT_JSON_FILE,
	OPT_INTERVAL,
	OPT_IPV6,
};

static const struct option rp_long_opts[] = {
	{ "ib-dev", required_argument, NULL, 'd' },
	{ "ib-port", required_argument, NULL, 'i' },
	{ "gid-index", required_argument, NULL, 'x' },
	{ "size", required_argument, NULL, 's' },
	{ "iters", required_argument, NULL, 'n' },
	{ "duration", required_argument, NULL, 'D' },
	{ "all", no_argument, NULL, 'a' },
	{ "tx-depth", required_argument, NULL, 't' },
	{ "cq-mod", required_argument, NULL, 'Q' },
	{ "qp", required_argument, NULL, 'q' },
	{ "port", required_argument, NULL, 'p' },
	{ "mtu", required_argument, NULL, 'm' },
	{ "CPU-freq", no_argument, NULL, 'F' },
	{ "report-histogram", no_argument, NULL, 'H' },
	{ "report-histogrm", no_argument, NULL, 'H' }, /* perftest's spelling */
	{ "report_gbits", no_argument, NULL, OPT_REPORT_GBITS },
	{ "validate", no_argument, NULL, OPT_VALIDATE },
	{ "use_hugepages", no_argument, NULL, OPT_HUGEPAGES },
	{ "no_hugepages", no_argument, NULL, OPT_NO_HUGEPAGES },
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },
	{ "out_json", no_argument, NULL, OPT_OUT_JSON },
	{ "out_json_file", required_argument, NULL, OPT_OUT_JSON_FILE },
	{ "interval", required_argument, NULL, OPT_INTERVAL },
	{ "ipv6", no_argument, NULL, OPT_IPV6 },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

static const char rp_short_opts[] = ":d:i:x:s:n:D:at:Q:q:p:m:FHhV";

void rp_opts_init(struct rp_opts *o, const struct rp_test_desc *desc)
{
	memset(o, 0, sizeof(*o));
	o->desc = desc;
	o->ib_port = 1;
	o->gid_index = -1;
	o->size = desc->def_size;
	o->iters = desc->def_iters;
	o->tx_depth = desc->def_tx_depth;
	o->cq_mod = RP_DEF_CQ_MOD;
	o->num_qps = 1;
	o->tcp_port = RP_DEF_TCP_PORT;
	o->hugepages = true;
	o->timeout = RP_DEF_TIMEOUT_S;
	o->out_json_file = RP_DEF_JSON_FILE;
}

/* Which feature bit an option needs; 0 = every binary takes it. */
static unsigned int rp_opt_feature(int c)
{
	switch (c) {
	case 't': case 'Q': case 'q': case OPT_REPORT_GBITS:
		return RP_FEAT_BW;
	case 'H':
		return RP_FEAT_LAT;
	case OPT_INTERVAL:
		return RP_FEAT_MULTI;
	case 'a': case 'D':
		return RP_FEAT_BW | RP_FEAT_LAT;
	}
	return 0;
}

static const char *rp_opt_name(int c, char *buf, size_t len)
{
	const struct option *lo;

	for (lo = rp_long_opts; lo->name; lo++) {
		if (lo->val == c && c >= 256) {
			snprintf(buf, len, "--%s", lo->name);
			return buf;
		}
	}
	snprintf(buf, len, "-%c", c);
	return buf;
}

static int rp_bad_value(int c, const char *arg, const char *valid)
{
	char name[32];

	rp_err("invalid %s value '%s': %s", rp_opt_name(c, name, sizeof(name)),
	       arg, valid);
	return -EINVAL;
}

static int rp_get_uint(int c, const char *arg, uint64_t min, uint64_t max,
		       unsigned int *out)
{
	char valid[96];
	uint64_t v;

	if (rp_parse_u64(arg, min, max, &v)) {
		snprintf(valid, sizeof(valid), "valid values are %llu .. %llu",
			 (unsigned long long)min, (unsigned long long)max);
		return rp_bad_value(c, arg, valid);
	}
	*out = (unsigned int)v;
	return 0;
}

static int rp_get_mtu(const char *arg, unsigned int *out)
{
	uint64_t v;

	if (rp_parse_u64(arg, 256, 4096, &v) || (v & (v - 1)))
		return rp_bad_value('m', arg,
				    "valid MTUs are 256, 512, 1024, 2048, 4096");
	*out = (unsigned int)v;
	return 0;
}

static int rp_get_gid_index(const char *arg, int *out)
{
	unsigned int v;
	int ret;

	ret = rp_get_uint('x', arg, 0, 255, &v);
	if (!ret)
		*out = (int)v;
	return ret;
}

static int rp_opt_numeric(struct rp_opts *o, int c, const char *arg)
{
	switch (c) {
	case 'i':
		return rp_get_uint(c, arg, 1, 254, &o->ib_port);
	case 'x':
		if (o->desc->features & RP_FEAT_MULTI) {
			o->gid_list = arg;	/* checked per rail later */
			return 0;
		}
		return rp_get_gid_index(arg, &o->gid_index);
	case 's':
		if (rp_parse_size(arg, 1, RP_MAX_SIZE, &o->size))
			return rp_bad_value(c, arg,
				"valid sizes are 1 .. 2147483648 bytes, K/M/G suffixes allowed");
		return 0;
	case 'n':
		if (rp_parse_u64(arg, RP_MIN_ITERS, RP_MAX_ITERS, &o->iters))
			return rp_bad_value(c, arg,
				"valid iterations are 5 .. 4294967296");
		return 0;
	case 'D':
		return rp_get_uint(c, arg, 1, RP_MAX_DURATION, &o->duration);
	case 't':
		return rp_get_uint(c, arg, 1, RP_MAX_TX_DEPTH, &o->tx_depth);
	case 'Q':
		o->cq_mod_given = true;
		return rp_get_uint(c, arg, 1, RP_MAX_CQ_MOD, &o->cq_mod);
	case 'q':
		return rp_get_uint(c, arg, 1, RP_MAX_QPS, &o->num_qps);
	case 'p':
		return rp_get_uint(c, arg, 1, 65535, &o->tcp_port);
	case 'm':
		return rp_get_mtu(arg, &o->mtu);
	case OPT_TIMEOUT:
		return rp_get_uint(c, arg, 1, 3600, &o->timeout);
	case OPT_INTERVAL:
		return rp_get_uint(c, arg, 1, RP_MAX_DURATION, &o->interval);
	}
	return -EINVAL;
}

static int rp_opt_one(struct rp_opts *o, int c, const char *arg)
{
	switch (c) {
	case 'd':
		o->dev = arg;
		return 0;
	case 'a':
		o->all_sizes = true;
		return 0;
	case 'F':		/* accepted for compatibility: no clock to tune */
		return 0;
	case 'H':
		o->histogram = true;
		return 0;
	case OPT_REPORT_GBITS:
		o->report_gbits = true;
		return 0;
	case OPT_VALIDATE:
		o->validate = true;
		return 0;
	case OPT_HUGEPAGES:
		o->hugepages = true;
		return 0;
	case OPT_NO_HUGEPAGES:
		o->hugepages = false;
		return 0;
	case OPT_OUT_JSON:
		o->out_json = true;
		return 0;
	case OPT_IPV6:
		o->ipv6 = true;
		return 0;
	case OPT_OUT_JSON_FILE:
		if (!*arg)
			return rp_bad_value(c, arg, "give a file name");
		o->out_json = true;
		o->out_json_file = arg;
		return 0;
	case 'h':
		o->help = true;
		return 0;
	case 'V':
		o->version = true;
		return 0;
	}
	return rp_opt_numeric(o, c, arg);
}

static int rp_opt_bad_flag(int c, char **argv)
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

int rp_opts_parse(struct rp_opts *o, int argc, char **argv)
{
	unsigned int need;
	char name[32];
	int c, ret;

	optind = 0;	/* full reset of GNU getopt, so tests may parse twice */
	opterr = 0;
	while ((c = getopt_long(argc, argv, rp_short_opts, rp_long_opts,
				NULL)) != -1) {
		if (c == '?' || c == ':')
			return rp_opt_bad_flag(c, argv);
		need = rp_opt_feature(c);
		if (need && !(need & o->desc->features)) {
			rp_err("option %s is not supported by %s",
			       rp_opt_name(c, name, sizeof(name)),
			       o->desc->name);
			return -EINVAL;
		}
		ret = rp_opt_one(o, c, optarg);
		if (ret)
			return ret;
	}
	if (optind < argc)
		o->server = argv[optind++];
	if (optind < argc) {
		rp_err("unexpected argument '%s': give at most one server host",
		       argv[optind]);
		return -EINVAL;
	}
	return 0;
}

int rp_opts_finish(struct rp_opts *o)
{
	if (o->all_sizes && o->duration) {
		rp_err("-a and -D cannot be combined (as in perftest): "
		       "-a runs a fixed iteration count per size");
		return -EINVAL;
	}
	if (o->interval && !o->duration) {
		rp_err("--interval needs -D: interval rows are printed "
		       "during a timed run");
		return -EINVAL;
	}
	if (!o->cq_mod_given && !o->all_sizes &&
	    o->size > RP_CQ_MOD_SIZE_LIMIT)
		o->cq_mod = 1;
	if (!o->duration && o->tx_depth > o->iters)
		o->tx_depth = (unsigned int)o->iters;
	if (o->cq_mod > o->tx_depth) {
		if (o->cq_mod_given) {
			rp_err("invalid -Q value '%u': CQ moderation must not "
			       "exceed the TX depth, %u here (-t, at most -n)",
			       o->cq_mod, o->tx_depth);
			return -EINVAL;
		}
		o->cq_mod = o->tx_depth;
	}
	return 0;
}

size_t rp_opts_sizes(const struct rp_opts *o, uint64_t *out, size_t max)
{
	size_t n = 0;
	uint64_t s;

	if (!o->all_sizes) {
		if (max)
			out[n++] = o->size;
		return n;
	}
	for (s = 2; s <= RP_ALL_SIZES_MAX && n < max; s <<= 1)
		out[n++] = s;
	return n;
}

uint64_t rp_opts_max_size(const struct rp_opts *o)
{
	return o->all_sizes ? RP_ALL_SIZES_MAX : o->size;
}
