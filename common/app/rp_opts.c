// SPDX-License-Identifier: MIT
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_log.h"
#include "app/rp_opts.h"
#include "app/rp_opts_nic.h"
#include "app/rp_opts_perftest.h"
#include "base/rp_parse.h"
#include "engine/rp_lat.h"
#include "output/rp_report.h"

/*
 * The tests: program, perftest title, default -s (bytes), -n (perftest's
 * DEF_ITERS_WB 5000 for BW, DEF_ITERS 1000 for latency), -t, and the
 * flags each accepts beyond the common set.
 */
static const struct rp_test_desc rp_tests[] = {
	{ RP_TEST_WRITE_BW, "rail_write_bw", "RDMA_Write BW Test", 65536, 5000,
	  128, RP_FEAT_BW, 0 },
	{ RP_TEST_READ_LAT, "rail_read_lat", "RDMA_Read Latency Test", 2, 1000,
	  1, RP_FEAT_LAT, RP_LAT_MAX_SAMPLES }, /* every sample is kept */
	{ RP_TEST_MULTI_BW, "rail_multi_bw", "RDMA_Write BW Test", 65536, 5000,
	  128, RP_FEAT_BW | RP_FEAT_MULTI, 0 },
	{ RP_TEST_WRITE_LAT, "rail_write_lat", "RDMA_Write Latency Test", 2,
	  1000, 1, RP_FEAT_LAT | RP_FEAT_INLINE, RP_LAT_MAX_SAMPLES },
};

const struct rp_test_desc *rp_test_desc_of(enum rp_test t)
{
	size_t i;

	for (i = 0; i < sizeof(rp_tests) / sizeof(rp_tests[0]); i++)
		if (rp_tests[i].test == t)
			return &rp_tests[i];
	return NULL;
}

/* Ranges; perftest's where it has one (perftest_parameters.c). */
#define RP_MIN_ITERS 5
#define RP_MAX_ITERS (1ULL << 32)
#define RP_MAX_SIZE (1ULL << 31) /* perftest: UINT_MAX / 2 */
#define RP_MAX_TX_DEPTH 15000
#define RP_MAX_CQ_MOD 1024
#define RP_MAX_DURATION 86400
#define RP_DEF_CQ_MOD 100
#define RP_CQ_MOD_SIZE_LIMIT 8192 /* above: default CQ moderation 1 */

enum {
	OPT_REPORT_GBITS = 256,
	OPT_VALIDATE,
	OPT_HUGEPAGES,
	OPT_NO_HUGEPAGES,
	OPT_TIMEOUT,
	OPT_OUT_JSON,
	OPT_OUT_JSON_FILE,
	OPT_INTERVAL,
	OPT_EXPECT,
	OPT_IPV6,
	OPT_OUTPUT,
	OPT_RUN_INFINITELY,
	OPT_BIND_SOURCE_IP,
	OPT_REPORT_BOTH,
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
	{ "expect", required_argument, NULL, OPT_EXPECT },
	{ "ipv6", no_argument, NULL, OPT_IPV6 },
	{ "post_list", required_argument, NULL, 'l' },
	{ "inline_size", required_argument, NULL, 'I' },
	{ "qp-timeout", required_argument, NULL, 'u' },
	{ "limit_bw", required_argument, NULL, 'w' },
	{ "limit_msgrate", required_argument, NULL, 'y' },
	{ "rdma_cm", no_argument, NULL, 'R' },
	{ "noPeak", no_argument, NULL, 'N' },
	{ "bidirectional", no_argument, NULL, 'b' },
	{ "report-both", no_argument, NULL, OPT_REPORT_BOTH },
	{ "output", required_argument, NULL, OPT_OUTPUT },
	{ "run_infinitely", no_argument, NULL, OPT_RUN_INFINITELY },
	{ "bind_source_ip", required_argument, NULL, OPT_BIND_SOURCE_IP },
	{ "source_ip", required_argument, NULL, OPT_BIND_SOURCE_IP }, /* 6.06 */
	{ "cqe_poll", required_argument, NULL, OPT_CQE_POLL },
	{ "disable_dynamic_polling", no_argument, NULL, OPT_DISABLE_DYN_POLL },
	{ "tclass", required_argument, NULL, OPT_TCLASS },
	{ "tos", required_argument, NULL, 'T' },
	{ "disable_pcie_relaxed", no_argument, NULL, OPT_DISABLE_PCIR },
	{ "numa_node", required_argument, NULL, OPT_NUMA_NODE },
	{ "pin_cores", required_argument, NULL, OPT_PIN_CORES },
	{ "disable_numa", no_argument, NULL, OPT_DISABLE_NUMA },
	{ "use_old_post_send", no_argument, NULL, OPT_OLD_POST_SEND },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
};

#define RP_N_LONG (sizeof(rp_long_opts) / sizeof(rp_long_opts[0]))

/* railperf's flags; perftest's refused ones are appended at parse time. */
static const char rp_short_opts[] =
	":d:i:x:s:n:D:at:Q:q:p:m:l:I:u:w:y:T:RNbFHhV";

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
	o->post_list = 1;
	o->inline_size = -1;
	o->qp_timeout = RP_DEF_QP_TIMEOUT;
	rp_nic_opts_init(&o->nic);
}

/* Which feature bit an option needs; 0 = every binary takes it. */
static unsigned int rp_opt_feature(int c)
{
	switch (c) {
	case 't':
	case 'Q':
	case 'q':
	case OPT_REPORT_GBITS:
	case 'l':
	case 'N':
	case 'b':
	case OPT_REPORT_BOTH:
	case 'w':
	case 'y':
	case OPT_RUN_INFINITELY:
	case OPT_EXPECT:
	case OPT_CQE_POLL:
	case OPT_DISABLE_DYN_POLL: return RP_FEAT_BW;
	case 'I': return RP_FEAT_BW | RP_FEAT_INLINE;
	case 'H': return RP_FEAT_LAT;
	case OPT_INTERVAL: return RP_FEAT_MULTI;
	case 'a':
	case 'D': return RP_FEAT_BW | RP_FEAT_LAT;
	}
	return 0;
}

static const char *rp_opt_name(int c, char *buf, size_t len)
{
	const struct option *lo;

	for (lo = rp_long_opts; lo < rp_long_opts + RP_N_LONG; lo++) {
		if (lo->val == c && c >= 256) {
			snprintf(buf, len, "--%s", lo->name);
			return buf;
		}
	}
	snprintf(buf, len, "-%c", c);
	return buf;
}

int rp_opts_bad_value(const char *name, const char *arg, const char *valid)
{
	rp_err("invalid %s value '%s': %s", name, arg, valid);
	return -EINVAL;
}

static int rp_bad_value(int c, const char *arg, const char *valid)
{
	char name[32];

	return rp_opts_bad_value(rp_opt_name(c, name, sizeof(name)), arg,
				 valid);
}

int rp_opts_value_uint(const char *name, const char *arg, uint64_t min,
		       uint64_t max, unsigned int *out)
{
	char valid[96];
	uint64_t v;

	if (rp_parse_u64(arg, min, max, &v)) {
		snprintf(valid, sizeof(valid), "valid values are %llu .. %llu",
			 (unsigned long long)min, (unsigned long long)max);
		return rp_opts_bad_value(name, arg, valid);
	}
	*out = (unsigned int)v;
	return 0;
}

static int rp_get_uint(int c, const char *arg, uint64_t min, uint64_t max,
		       unsigned int *out)
{
	char name[32];

	return rp_opts_value_uint(rp_opt_name(c, name, sizeof(name)), arg, min,
				  max, out);
}

int rp_opts_value_mtu(const char *arg, unsigned int *out)
{
	uint64_t v;

	if (rp_parse_u64(arg, 256, 4096, &v) || (v & (v - 1)))
		return rp_opts_bad_value(
			"-m", arg, "valid MTUs are 256, 512, 1024, 2048, 4096");
	*out = (unsigned int)v;
	return 0;
}

int rp_opts_value_size(const char *arg, uint64_t *out)
{
	if (rp_parse_size(arg, 1, RP_MAX_SIZE, out))
		return rp_opts_bad_value(
			"-s", arg,
			"valid sizes are 1 .. 2147483648 bytes, K/M/G suffixes allowed");
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

/* -w / -y: a number >= 0 (perftest reads it with strtof). */
static int rp_get_limit(int c, const char *arg, double *out)
{
	char *e;
	double v;

	errno = 0;
	v = strtod(arg, &e);
	if (!*arg || *e || errno || !isfinite(v) || v < 0)
		return rp_bad_value(
			c, arg,
			c == 'w' ? "give a bandwidth >= 0 in the report's unit "
				   "(MB/sec, Gb/sec with --report_gbits)" :
				   "give a message rate >= 0 in Mpps");
	*out = v;
	return 0;
}

/* --output: what the test reports (perftest's verbosity levels). */
static int rp_get_output(const struct rp_opts *o, const char *arg,
			 enum rp_output *out)
{
	bool bw = o->desc->features & RP_FEAT_BW;
	char valid[96];

	if (bw && !strcmp(arg, "bandwidth"))
		*out = RP_OUTPUT_BANDWIDTH;
	else if (bw && !strcmp(arg, "message_rate"))
		*out = RP_OUTPUT_MSG_RATE;
	else if (!bw && !strcmp(arg, "latency"))
		*out = RP_OUTPUT_LATENCY;
	else {
		snprintf(valid, sizeof(valid), "%s reports %s", o->desc->name,
			 bw ? "bandwidth or message_rate" : "latency");
		return rp_bad_value(OPT_OUTPUT, arg, valid);
	}
	return 0;
}

uint64_t rp_opts_max_iters(const struct rp_test_desc *d)
{
	return d->max_iters ? d->max_iters : RP_MAX_ITERS;
}

/* -n: 5 .. the binary's bound (rail_read_lat keeps every sample). */
static int rp_get_iters(struct rp_opts *o, const char *arg)
{
	uint64_t max = rp_opts_max_iters(o->desc);
	char valid[96];

	if (!rp_parse_u64(arg, RP_MIN_ITERS, max, &o->iters))
		return 0;
	snprintf(valid, sizeof(valid), "valid iterations are %d .. %llu",
		 RP_MIN_ITERS, (unsigned long long)max);
	return rp_bad_value('n', arg, valid);
}

int rp_opts_value_common(struct rp_opts *o, int c, const char *arg)
{
	switch (c) {
	case 'i': return rp_get_uint(c, arg, 1, 254, &o->ib_port);
	case 's': return rp_opts_value_size(arg, &o->size);
	case 'D': return rp_get_uint(c, arg, 1, RP_MAX_DURATION, &o->duration);
	case 't': return rp_get_uint(c, arg, 1, RP_MAX_TX_DEPTH, &o->tx_depth);
	case 'q': return rp_get_uint(c, arg, 1, RP_MAX_QPS, &o->num_qps);
	case 'm': return rp_opts_value_mtu(arg, &o->mtu);
	case 'u': /* IBTA local ACK timeout: a 5-bit field */
		return rp_get_uint(c, arg, 0, 31, &o->qp_timeout);
	}
	return 1;
}

static int rp_opt_numeric(struct rp_opts *o, int c, const char *arg)
{
	int ret = rp_opts_value_common(o, c, arg);

	if (ret <= 0)
		return ret;
	switch (c) {
	case 'x':
		if (o->desc->features & RP_FEAT_MULTI) {
			o->gid_list = arg; /* checked per rail later */
			return 0;
		}
		return rp_get_gid_index(arg, &o->gid_index);
	case 'n': return rp_get_iters(o, arg);
	case 'Q':
		o->cq_mod_given = true;
		return rp_get_uint(c, arg, 1, RP_MAX_CQ_MOD, &o->cq_mod);
	case 'p': return rp_get_uint(c, arg, 1, 65535, &o->tcp_port);
	}
	return 1; /* not a numeric option */
}

/* Numeric flags railperf added for perftest compatibility. */
static int rp_opt_numeric2(struct rp_opts *o, int c, const char *arg)
{
	unsigned int v;
	int ret;

	switch (c) {
	case 'l': return rp_get_uint(c, arg, 1, RP_MAX_TX_DEPTH, &o->post_list);
	case 'I':
		ret = rp_get_uint(c, arg, 0, RP_MAX_INLINE, &v);
		if (!ret)
			o->inline_size = (int)v;
		return ret;
	case 'w':
		o->limit_bw_given = true;
		return rp_get_limit(c, arg, &o->limit_bw);
	case 'y':
		o->limit_msgrate_given = true;
		return rp_get_limit(c, arg, &o->limit_msgrate);
	case OPT_TIMEOUT: return rp_get_uint(c, arg, 1, 3600, &o->timeout);
	case OPT_INTERVAL:
		return rp_get_uint(c, arg, 1, RP_MAX_DURATION, &o->interval);
	case OPT_EXPECT: return rp_get_uint(c, arg, 1, 100, &o->expect);
	case OPT_OUTPUT: return rp_get_output(o, arg, &o->output);
	}
	return 1;
}

/* Flags without a value; 1 when @c is none of them. */
static int rp_opt_switch(struct rp_opts *o, int c)
{
	switch (c) {
	case 'a': o->all_sizes = true; break;
	case 'F': break; /* accepted for compatibility: no clock to tune */
	case 'H': o->histogram = true; break;
	case 'R': o->rdma_cm = true; break;
	case 'N': o->no_peak = true; break;
	case 'b': o->bidir = true; break;
	case OPT_REPORT_BOTH: o->report_both = true; break;
	case OPT_REPORT_GBITS: o->report_gbits = true; break;
	case OPT_VALIDATE: o->validate = true; break;
	case OPT_HUGEPAGES: o->hugepages = true; break;
	case OPT_NO_HUGEPAGES: o->hugepages = false; break;
	case OPT_OUT_JSON: o->out_json = true; break;
	case OPT_IPV6: o->ipv6 = true; break;
	case OPT_RUN_INFINITELY: o->run_infinitely = true; break;
	case 'h': o->help = true; break;
	case 'V': o->version = true; break;
	default: return 1;
	}
	return 0;
}

static int rp_opt_one(struct rp_opts *o, int c, const char *arg)
{
	int ret;

	switch (c) {
	case 'd': o->dev = arg; return 0;
	case OPT_OUT_JSON_FILE:
		if (!*arg)
			return rp_bad_value(c, arg, "give a file name");
		o->out_json = true;
		o->out_json_file = arg;
		return 0;
	case OPT_BIND_SOURCE_IP:
		if (!*arg)
			return rp_bad_value(c, arg, "give a local IP address");
		o->bind_source_ip = arg;
		return 0;
	}
	if (rp_unsup_is(c))
		return rp_unsup_refuse(c, arg);
	ret = rp_opt_switch(o, c);
	if (ret > 0)
		ret = rp_opt_numeric(o, c, arg);
	if (ret > 0)
		ret = rp_opt_numeric2(o, c, arg);
	if (ret > 0)
		ret = rp_opt_nic(&o->nic, c, arg);
	return ret > 0 ? -EINVAL : ret;
}

int rp_opts_bad_flag(int c, char **argv)
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

#define RP_LONG_MAX 128 /* railperf's long options + perftest's refused */

/* getopt's tables: railperf's options, then perftest's refused ones. */
static void rp_opts_tables(struct option *lo, char *so, size_t so_len)
{
	size_t n = rp_unsup_count();

	memcpy(lo, rp_long_opts, sizeof(rp_long_opts));
	if (RP_N_LONG + n < RP_LONG_MAX)
		rp_unsup_long(lo + RP_N_LONG);
	else
		n = 0; /* cannot happen: the tables are fixed */
	memset(&lo[RP_N_LONG + n], 0, sizeof(*lo));
	snprintf(so, so_len, "%s", rp_short_opts);
	rp_unsup_shorts(so, so_len);
}

/* Flags of a one-rail run only: rail_multi_bw refuses them. */
static bool rp_opt_one_rail(int c)
{
	return c == 'R' || c == 'T' || c == OPT_RUN_INFINITELY;
}

bool rp_opts_takes(const struct rp_test_desc *d, int c)
{
	unsigned int need = rp_opt_feature(c);

	if ((d->features & RP_FEAT_MULTI) && rp_opt_one_rail(c))
		return false;
	return !need || (need & d->features);
}

const struct option *rp_opts_long_table(size_t *n)
{
	*n = RP_N_LONG;
	return rp_long_opts;
}

/* A flag this binary does not take (e.g. -t for a latency test). */
static int rp_opt_check_feature(const struct rp_opts *o, int c)
{
	char name[32];

	if (rp_opts_takes(o->desc, c))
		return 0;
	rp_err("option %s is not supported by %s%s",
	       rp_opt_name(c, name, sizeof(name)), o->desc->name,
	       rp_opt_one_rail(c) ? " (one-rail runs only; with several "
				    "rails use -D, --interval for rows)" :
				    "");
	return -EINVAL;
}

int rp_opts_parse(struct rp_opts *o, int argc, char **argv)
{
	struct option lo[RP_LONG_MAX];
	char so[128];
	int c, ret;

	rp_opts_tables(lo, so, sizeof(so));
	optind = 0; /* full reset of GNU getopt, so tests may parse twice */
	opterr = 0;
	while ((c = getopt_long(argc, argv, so, lo, NULL)) != -1) {
		if (c == '?' || c == ':')
			return rp_opts_bad_flag(c, argv);
		ret = rp_opt_check_feature(o, c);
		if (!ret)
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

/* Flag combinations that cannot work together. */
static int rp_opts_conflicts(const struct rp_opts *o)
{
	const char *why = NULL;

	if (o->all_sizes && o->duration)
		why = "-a and -D cannot be combined (as in perftest): -a runs "
		      "a fixed iteration count per size";
	else if (o->expect && o->run_infinitely)
		why = "--expect and --run_infinitely cannot be combined: "
		      "--expect judges a finished run";
	else if (o->all_sizes && o->run_infinitely)
		why = "-a and --run_infinitely cannot be combined: "
		      "--run_infinitely runs one size until stopped";
	else if (o->interval && !o->duration)
		why = "--interval needs -D: interval rows are printed during "
		      "a timed run";
	else if (o->output != RP_OUTPUT_FULL && o->interval)
		why = "--interval and --output cannot be combined: --output "
		      "prints one number";
	else if (o->bidir && o->run_infinitely)
		why = "-b and --run_infinitely cannot be combined in railperf: "
		      "use -D";
	else if (o->output != RP_OUTPUT_FULL && o->histogram)
		why = "-H and --output cannot be combined: --output prints "
		      "one number";
	if (!why)
		return 0;
	rp_err("%s", why);
	return -EINVAL;
}

/* -l (perftest's rules, force_dependecies): CQ moderation follows it. */
static int rp_opts_post_list(struct rp_opts *o)
{
	unsigned int l = o->post_list;

	if (l <= 1)
		return 0;
	if (!o->duration && o->iters % l) {
		rp_err("invalid -l value '%u': the iterations (-n %llu) must "
		       "be a multiple of the post list size (as in perftest)",
		       l, (unsigned long long)o->iters);
		return -EINVAL;
	}
	if (l > o->tx_depth) {
		rp_err("invalid -l value '%u': a post list must fit in the TX "
		       "depth, %u here (-t, at most -n)",
		       l, o->tx_depth);
		return -EINVAL;
	}
	if (!o->cq_mod_given) {
		o->cq_mod = l;
	} else if (l % o->cq_mod) {
		rp_err("invalid -l value '%u': the post list size must be a "
		       "multiple of the CQ moderation (-Q %u, as in perftest)",
		       l, o->cq_mod);
		return -EINVAL;
	}
	return 0;
}

/* --interval: a row at least once within the run (-D). */
static int rp_opts_interval(const struct rp_opts *o)
{
	if (!o->interval || o->interval <= o->duration)
		return 0;
	rp_err("invalid --interval value '%u': at most the run's -D %u "
	       "seconds, so that the run prints a row",
	       o->interval, o->duration);
	return -EINVAL;
}

int rp_opts_finish(struct rp_opts *o)
{
	if (rp_opts_conflicts(o) || rp_opts_nic_check(&o->nic, o->rdma_cm) ||
	    rp_opts_interval(o))
		return -EINVAL;
	if (o->run_infinitely && !o->duration)
		o->duration = RP_DEF_INF_PERIOD;
	if (!o->cq_mod_given && !o->all_sizes && o->size > RP_CQ_MOD_SIZE_LIMIT)
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
	return rp_opts_post_list(o);
}

void rp_opts_notices(const struct rp_opts *o, FILE *f)
{
	if (!rp_opts_full(o))
		return;
	if (o->cq_mod_given && o->cq_mod > 1 && !o->all_sizes &&
	    o->size > RP_CQ_MOD_SIZE_LIMIT)
		rp_report_cq_mod_warning(f);
	if (o->post_list > 1 && !o->cq_mod_given)
		rp_report_post_list_notice(f);
}

void rp_opts_limit_pass(const struct rp_opts *o, double bw_avg, double msg_rate,
			bool *bw_passed, bool *rate_passed)
{
	if (!o->limit_bw_given || bw_avg >= o->limit_bw)
		*bw_passed = true;
	if (!o->limit_msgrate_given || msg_rate >= o->limit_msgrate)
		*rate_passed = true;
}

bool rp_opts_limits_ok(const struct rp_opts *o, bool bw_passed,
		       bool rate_passed)
{
	/* perftest's text, two spaces in "Msg rate  is" included */
	if (o->limit_bw_given && !bw_passed)
		fprintf(stderr, "Error: BW result is below bw limit\n");
	if (o->limit_msgrate_given && !rate_passed)
		fprintf(stderr, "Error: Msg rate  is below msg_rate limit\n");
	return (!o->limit_bw_given || bw_passed) &&
	       (!o->limit_msgrate_given || rate_passed);
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
