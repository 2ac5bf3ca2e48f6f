// SPDX-License-Identifier: MIT
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "base/rp_log.h"
#include "base/rp_parse.h"
#include "app/rp_railspec.h"
#include "cluster/rp_clopts.h"
#include "cluster/rp_matrix.h"

/* rail_cluster_bw's defaults; .test only names the engine it shares with
 * rail_multi_bw (nothing goes on railperf's wire). */
static const struct rp_test_desc rp_cl_desc = {
	.test = RP_TEST_MULTI_BW,
	.name = "rail_cluster_bw",
	.title = "RDMA_Write BW Test",
	.def_size = 65536,
	.def_iters = 5000,
	.def_tx_depth = 128,
	.features = RP_FEAT_BW | RP_FEAT_MULTI,
};

enum {
	CL_TIMEOUT = 256,
	CL_EXPECT,
	CL_CROSS,
	CL_PAIRS,
	CL_CSV,
	CL_JSON,
	CL_HUGE,
	CL_NO_HUGE,
};

static const struct option rp_cl_long[] = {
	{ "ib-dev", required_argument, NULL, 'd' },
	{ "ib-port", required_argument, NULL, 'i' },
	{ "gid-index", required_argument, NULL, 'x' },
	{ "size", required_argument, NULL, 's' },
	{ "duration", required_argument, NULL, 'D' },
	{ "qp", required_argument, NULL, 'q' },
	{ "tx-depth", required_argument, NULL, 't' },
	{ "mtu", required_argument, NULL, 'm' },
	{ "qp-timeout", required_argument, NULL, 'u' },
	{ "timeout", required_argument, NULL, CL_TIMEOUT },
	{ "expect", required_argument, NULL, CL_EXPECT },
	{ "cross", no_argument, NULL, CL_CROSS },
	{ "pairs", required_argument, NULL, CL_PAIRS },
	{ "csv", required_argument, NULL, CL_CSV },
	{ "out_json", required_argument, NULL, CL_JSON },
	{ "out_json_file", required_argument, NULL, CL_JSON },
	{ "use_hugepages", no_argument, NULL, CL_HUGE },
	{ "no_hugepages", no_argument, NULL, CL_NO_HUGE },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

/* The option's name as given: "-s", "--timeout". */
static void rp_cl_name(int c, char *buf, size_t len)
{
	const struct option *lo;

	for (lo = rp_cl_long; lo->name; lo++)
		if (c >= 256 && lo->val == c) {
			snprintf(buf, len, "--%s", lo->name);
			return;
		}
	snprintf(buf, len, "-%c", c);
}

static int rp_cl_bad(int c, const char *arg, const char *valid)
{
	char name[32];

	rp_cl_name(c, name, sizeof(name));
	return rp_opts_bad_value(name, arg, valid);
}

static int rp_cl_uint(int c, const char *arg, uint64_t min, uint64_t max,
		      unsigned int *out)
{
	char name[32];

	rp_cl_name(c, name, sizeof(name));
	return rp_opts_value_uint(name, arg, min, max, out);
}

static int rp_cl_file(int c, const char *arg, const char **out)
{
	if (!*arg)
		return rp_cl_bad(c, arg, "give a file name");
	*out = arg;
	return 0;
}

static int rp_cl_numeric(struct rp_clopts *c, int k, const char *arg)
{
	struct rp_opts *o = &c->o;
	int ret = rp_opts_value_common(o, k, arg);

	if (ret <= 0)
		return ret; /* -i -s -D -t -q -m -u, as every binary has them */
	switch (k) {
	case CL_TIMEOUT: return rp_cl_uint(k, arg, 1, 3600, &o->timeout);
	case CL_EXPECT:
		c->expect = true;
		return rp_cl_uint(k, arg, 1, 100, &o->expect);
	}
	return 1;
}

static int rp_cl_one(struct rp_clopts *c, int k, const char *arg)
{
	switch (k) {
	case 'd': c->o.dev = arg; return 0;
	case 'x': c->o.gid_list = arg; return 0; /* rp_railspec checks it */
	case CL_CROSS: c->cross = true; return 0;
	case CL_PAIRS: return rp_cl_file(k, arg, &c->pairs);
	case CL_CSV: return rp_cl_file(k, arg, &c->csv);
	case CL_JSON: return rp_cl_file(k, arg, &c->json);
	case CL_HUGE: c->o.hugepages = true; return 0;
	case CL_NO_HUGE: c->o.hugepages = false; return 0;
	case 'h': c->help = true; return 0;
	case 'V': c->version = true; return 0;
	}
	return rp_cl_numeric(c, k, arg) ? -EINVAL : 0;
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

static void rp_clopts_init(struct rp_clopts *c)
{
	memset(c, 0, sizeof(*c));
	rp_opts_init(&c->o, &rp_cl_desc);
	c->o.duration = RP_CL_DEF_DURATION;
	c->o.timeout = RP_CL_DEF_TIMEOUT;
	c->o.report_gbits = true;
	c->o.inline_size = 0;
}

int rp_clopts_parse(struct rp_clopts *c, int argc, char **argv)
{
	const char *so = ":d:i:x:s:D:q:t:m:u:hV";
	int k, ret;

	rp_clopts_init(c);
	optind = 0;
	opterr = 0;
	while ((k = getopt_long(argc, argv, so, rp_cl_long, NULL)) != -1) {
		if (k == '?' || k == ':')
			return rp_opts_bad_flag(k, argv);
		ret = rp_cl_one(c, k, optarg);
		if (ret)
			return ret;
	}
	if (optind < argc) {
		rp_err("unexpected argument '%s': rail_cluster_bw takes no "
		       "host (the MPI launcher starts one rank per host)",
		       argv[optind]);
		return -EINVAL;
	}
	if (c->help || c->version)
		return 0;
	if (rp_opts_finish(&c->o))
		return -EINVAL;
	return rp_cl_rails(c);
}

/* clang-format off */
void rp_clopts_usage(FILE *f)
{
	rp_fprintf(f,
"Usage:\n"
"  mpirun -np N --map-by ppr:1:node rail_cluster_bw [options]\n"
"  srun -N N --ntasks-per-node=1 rail_cluster_bw [options]\n"
"\n"
"Every pair of the job's hosts, a round at a time (each host in at most one\n"
"pair per round), both directions of every rail at once; rank 0 prints an\n"
"N x N matrix of Gb/s (10^9 bit/s) per rail.\n"
"\n"
"Options:\n"
"  -d, --ib-dev=<rails>      the rails, dev or dev:port, comma-separated, the\n"
"                            same on every host (default: every RDMA device)\n"
"  -i, --ib-port=<port>      port of the rails given without one, 1 .. 254\n"
"                            (default: 1)\n"
"  -x, --gid-index=<list>    one GID index 0 .. 255 for every rail, or one per\n"
"                            rail (default: each rail chooses: RoCE v2,\n"
"                            IPv4-mapped, not link-local)\n"
"  -s, --size=<bytes>        message size 1 .. 2147483648, K/M/G suffixes\n"
"                            (default: 65536)\n"
"  -D, --duration=<s>        seconds per round, 1 .. 86400; the middle half\n"
"                            is counted (default: %u)\n"
"  -q, --qp=<n>              QPs per rail, 1 .. %u (default: 1)\n"
"  -t, --tx-depth=<n>        outstanding WRs per QP, 1 .. 15000 (default: 128)\n"
"  -m, --mtu=<bytes>         path MTU 256 .. 4096 (default: the port's)\n"
"  -u, --qp-timeout=<t>      QP ACK timeout 4.096 us * 2^<t>, 0 .. 31\n"
"                            (default: %u)\n",
		RP_CL_DEF_DURATION, RP_MAX_QPS, RP_DEF_QP_TIMEOUT);
	rp_fprintf(f,
"      --cross               every rail to every rail (R sub-rounds per\n"
"                            round: rail i to the partner's rail i + k)\n"
"      --pairs=<file>        only these pairs: two hosts (names or ranks) a\n"
"                            line, '#' comments\n"
"      --expect=<pct>        exit 1 when a cell moves below <pct> %% of its\n"
"                            ceiling (of its rail's median where no ceiling\n"
"                            is known), 1 .. 100 (default: such cells are\n"
"                            listed under %u %%, exit 0)\n"
"      --timeout=<s>         bound on each exchange with the partner and\n"
"                            rank 0, 1 .. 3600 (default: %u)\n"
"      --csv=<file>          every cell as CSV, rewritten after each round\n"
"      --out_json=<file>     every cell as JSON, rewritten after each round\n"
"                            (\"partial\": true until the last); also\n"
"                            --out_json_file=<file>\n"
"      --use_hugepages       hugepage buffers (default), normal pages when\n"
"                            none are free\n"
"      --no_hugepages        normal pages only\n"
"  -h, --help                this text\n"
"  -V, --version             railperf version\n",
		RP_MATRIX_DEF_PCT, RP_CL_DEF_TIMEOUT);
}
/* clang-format on */
