// SPDX-License-Identifier: MIT
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_log.h"
#include "app/rp_opts.h"
#include "app/rp_opts_nic.h"
#include "app/rp_optable.h"
#include "app/rp_roles.h"
#include "engine/rp_lat.h"
#include "engine/rp_probestats.h"
#include "output/rp_report.h"

/*
 * The tests: program, default -s (bytes), -n (perftest's
 * DEF_ITERS_WB 5000 for BW, DEF_ITERS 1000 for latency), -t, the
 * features, -n's bound and the binary's bit in the option table.
 */
static const struct rp_test_desc rp_tests[] = {
	{ RP_TEST_WRITE_BW, "rail_write_bw", 65536, 5000, 128, RP_FEAT_BW, 0,
	  RP_BIN_WRITE_BW, RP_VERB_WRITE },
	{ RP_TEST_READ_BW, "rail_read_bw", 65536, RP_DEF_ITERS, 128, RP_FEAT_BW,
	  0, RP_BIN_READ_BW, RP_VERB_READ },
	{ RP_TEST_SEND_BW, "rail_send_bw", 65536, RP_DEF_ITERS, 128, RP_FEAT_BW,
	  0, RP_BIN_SEND_BW, RP_VERB_SEND },
	{ RP_TEST_READ_LAT, "rail_read_lat", 2, 1000, 1, RP_FEAT_LAT,
	  RP_LAT_MAX_SAMPLES, /* every sample is kept */
	  RP_BIN_READ_LAT, RP_VERB_READ },
	{ RP_TEST_MULTI_BW, "rail_multi_bw", 65536, 5000, 128,
	  RP_FEAT_BW | RP_FEAT_MULTI, 0, RP_BIN_MULTI_BW, RP_VERB_WRITE },
	{ RP_TEST_WRITE_LAT, "rail_write_lat", 2, 1000, 1,
	  RP_FEAT_LAT | RP_FEAT_INLINE, RP_LAT_MAX_SAMPLES, RP_BIN_WRITE_LAT,
	  RP_VERB_WRITE },
	{ RP_TEST_SEND_LAT, "rail_send_lat", 2, 1000, 1,
	  RP_FEAT_LAT | RP_FEAT_INLINE, RP_LAT_MAX_SAMPLES, RP_BIN_SEND_LAT,
	  RP_VERB_SEND },
	{ RP_TEST_ATOMIC_BW, "rail_atomic_bw", RP_ATOMIC_SIZE, RP_DEF_ITERS,
	  128, RP_FEAT_BW, 0, RP_BIN_ATOMIC_BW, RP_VERB_FETCH_ADD },
	{ RP_TEST_ATOMIC_LAT, "rail_atomic_lat", RP_ATOMIC_SIZE, 1000, 1,
	  RP_FEAT_LAT, RP_LAT_MAX_SAMPLES, RP_BIN_ATOMIC_LAT,
	  RP_VERB_FETCH_ADD },
};

const struct rp_test_desc *rp_test_desc_of(enum rp_test t)
{
	size_t i;

	for (i = 0; i < sizeof(rp_tests) / sizeof(rp_tests[0]); i++)
		if (rp_tests[i].test == t)
			return &rp_tests[i];
	return NULL;
}

#define RP_DEF_CQ_MOD 100
#define RP_CQ_MOD_SIZE_LIMIT 8192 /* above: default CQ moderation 1 */

void rp_opts_init(struct rp_opts *o, const struct rp_test_desc *desc)
{
	memset(o, 0, sizeof(*o));
	o->desc = desc;
	o->ib_port = 1;
	o->gid_index = -1;
	o->size = desc->def_size;
	o->iters = desc->def_iters;
	o->verb = desc->verb;
	o->tx_depth = desc->def_tx_depth;
	o->cq_mod = RP_DEF_CQ_MOD;
	o->rx_depth = RP_DEF_RX_SEND;
	o->num_qps = 1;
	o->tcp_port = RP_DEF_TCP_PORT;
	o->hugepages = true;
	o->timeout = RP_DEF_TIMEOUT_S;
	o->out_json_file = RP_DEF_JSON_FILE;
	o->post_list = 1;
	o->inline_size = -1;
	o->qp_timeout = RP_DEF_QP_TIMEOUT;
	o->cuda.index = -1;
	o->lat_probe_verb = RP_VERB_READ;
	o->lat_probe_rate = RP_PROBE_RATE;
	rp_nic_opts_init(&o->nic);
}

int rp_opts_parse(struct rp_opts *o, int argc, char **argv)
{
	int ret = rp_optable_parse(o, argc, argv, NULL, NULL);

	if (ret)
		return ret;
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
	const struct rp_verbrow *v = rp_roles_verb(o->verb);
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
	else if (o->expect_min && !o->interval)
		why = "--expect-min needs --interval (and -D): it judges each "
		      "rail's slowest interval row";
	else if (o->output != RP_OUTPUT_FULL && o->interval)
		why = "--interval and --output cannot be combined: --output "
		      "prints one number";
	else if (o->bidir && o->run_infinitely)
		why = "-b and --run_infinitely cannot be combined in railperf: "
		      "use -D";
	else if (o->output != RP_OUTPUT_FULL && o->histogram)
		why = "-H and --output cannot be combined: --output prints "
		      "one number";
	else if (o->outs && !v->pulls)
		why = "-o (outstanding reads) needs the READ verb (--verb=read) "
		      "or atomics (--verb=atomic; as perftest: READ and atomic "
		      "tests only)";
	else if (o->bidir && v->atomic)
		why = "-b cannot be combined with atomics in railperf: "
		      "ib_atomic_bw's bidirectional mode is not followed yet";
	else if (o->rx_depth_given && !v->consumes)
		why = "-r (rx depth) needs the SEND verb (--verb=send; as "
		      "perftest: on RDMA verbs rx depth can be only 1)";
	else if (o->run_infinitely && v->consumes)
		why = "--run_infinitely cannot be combined with the SEND verb "
		      "or --write_with_imm in railperf yet: its receiving "
		      "side has no endless mode (perftest's server reposts a "
		      "receive per message until killed); use -D";
	else if (o->inline_size > 0 && v->pulls)
		why = "-I cannot be combined with the READ verb or atomics: "
		      "they carry no data to inline (as perftest)";
	if (!why)
		return 0;
	rp_err("%s", why);
	return -EINVAL;
}

/* --lat_probe: one size, a finished run, and its rate with it; not
 * beside atomics (a load the probe was never measured under). */
static int rp_opts_lat_probe(const struct rp_opts *o)
{
	const char *why = NULL;

	if (o->lat_probe_rate_given && !o->lat_probe)
		why = "--lat_probe_rate needs --lat_probe";
	else if (o->lat_probe && o->all_sizes)
		why = "--lat_probe and -a cannot be combined: the probe's "
		      "idle and loaded phases belong to one size (give -s)";
	else if (o->lat_probe && rp_roles_verb(o->verb)->atomic)
		why = "--lat_probe cannot be combined with atomics in "
		      "railperf: the probe runs beside a WRITE, READ or SEND "
		      "load (--verb=write, read or send)";
	if (!why)
		return 0;
	rp_err("%s", why);
	return -EINVAL;
}

/* --use_cuda_*: a GPU named once; dma-buf only with one (perftest's
 * "CUDA DMA-BUF cannot be used without CUDA"). */
static int rp_opts_cuda(const struct rp_opts *o)
{
	const char *why = NULL;

	if (o->cuda.dmabuf && o->cuda.index < 0 && !o->cuda.bus_id &&
	    !o->cuda.near)
		why = "--use_cuda_dmabuf needs --use_cuda=<gpu> or "
		      "--use_cuda_bus_id=<pci address> (as perftest: no "
		      "dma-buf without CUDA)";
	else if (o->cuda.index >= 0 && o->cuda.bus_id)
		why = "--use_cuda and --use_cuda_bus_id cannot be combined: "
		      "each names the GPU";
	else if (o->cuda.near && (o->cuda.index >= 0 || o->cuda.bus_id))
		why = "--use_cuda_near cannot be combined with --use_cuda or "
		      "--use_cuda_bus_id: it picks each rail's GPU itself";
	if (!why)
		return 0;
	rp_err("%s", why);
	return -EINVAL;
}

bool rp_opts_cuda_given(const struct rp_opts *o)
{
	return o->cuda.index >= 0 || o->cuda.bus_id || o->cuda.near;
}

int rp_opts_gpu_check(const struct rp_opts *o, const struct rp_gpu *g)
{
	const char *why = NULL;

	if (g->mem == RP_GPU_MEM_HOST)
		return 0; /* pinned host memory: the CPU reaches it */
	if (o->desc->test == RP_TEST_WRITE_LAT)
		why = "GPU device memory cannot be used here: the CPU "
		      "polls the buffer for the peer's WRITE (perftest "
		      "refuses it too); rail_read_lat can, and so can an "
		      "integrated GPU's pinned host memory";
	else if (o->desc->test == RP_TEST_SEND_LAT)
		why = "GPU device memory cannot be used here: the CPU reads "
		      "each received message's count byte from the buffer; "
		      "rail_read_lat can, and so can an integrated GPU's "
		      "pinned host memory";
	else if (o->inline_size > 0)
		why = "-I cannot be combined with GPU device memory: the CPU "
		      "reads inline data (as perftest)";
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

/* -r: SEND's (WRITE with immediate's) receive depth as perftest's
 * force_dependecies sets it: at
 * most -n in an iteration run, then an odd value one more (its
 * work-around, outside -a); 0 for the RDMA verbs (no receives). */
static void rp_opts_rx_depth(struct rp_opts *o)
{
	if (!rp_roles_verb(o->verb)->consumes) {
		o->rx_depth = 0;
		return;
	}
	if (!o->duration && !o->run_infinitely && o->rx_depth > o->iters)
		o->rx_depth = (unsigned int)o->iters;
	if (o->rx_depth % 2 && !o->all_sizes && !o->run_infinitely)
		o->rx_depth++;
}

/*
 * The atomics (perftest_parameters.c force_dependecies: "Message size
 * cannot be changed for Atomic tests"): 8 bytes, one size, so no -s
 * but 8 (rail_multi_bw's default 64 KiB becomes 8) and no -a; -A picks
 * the CMP_AND_SWAP row. -A without atomics: one line.
 */
static int rp_opts_atomic(struct rp_opts *o)
{
	const struct rp_verbrow *v = rp_roles_verb(o->verb);

	if (o->atomic_type_given && v->cas < 0) {
		rp_err("-A (atomic type) needs atomics (--verb=atomic; as "
		       "perftest: atomic tests only)");
		return -EINVAL;
	}
	if (!v->atomic)
		return 0;
	if (o->all_sizes) {
		rp_err("-a cannot be combined with atomics: an atomic moves "
		       "8 bytes, the one size (as perftest)");
		return -EINVAL;
	}
	if (o->size != RP_ATOMIC_SIZE && o->size != o->desc->def_size) {
		rp_err("invalid -s value '%llu': an atomic moves 8 bytes, the "
		       "only size (as perftest: the size of atomic tests "
		       "cannot be changed)",
		       (unsigned long long)o->size);
		return -EINVAL;
	}
	o->size = RP_ATOMIC_SIZE;
	if (o->cas)
		o->verb = (enum rp_verb)v->cas;
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
	    rp_opts_interval(o) || rp_opts_cuda(o) || rp_opts_lat_probe(o) ||
	    rp_opts_atomic(o))
		return -EINVAL;
	if (o->run_infinitely && !o->duration)
		o->duration = RP_DEF_INF_PERIOD;
	/* perftest's -n default of the verb --verb gave (5000 for WRITE BW,
	 * with immediate too, else 1000) */
	if (!o->iters_given && o->verb != o->desc->verb)
		o->iters = rp_roles_verb(o->verb)->bw_iters;
	rp_opts_rx_depth(o);
	if (!o->cq_mod_given && !o->all_sizes && o->size > RP_CQ_MOD_SIZE_LIMIT)
		o->cq_mod = 1;
	if (!o->duration && o->tx_depth > o->iters)
		o->tx_depth = (unsigned int)o->iters;
	if (o->cq_mod > o->tx_depth) {
		/* perftest_parameters.c force_dependecies caps it (silently) */
		if (o->cq_mod_given)
			rp_warn("-Q %u is above the TX depth, %u here (-t, at "
				"most -n): CQ moderation %u, as perftest caps "
				"it",
				o->cq_mod, o->tx_depth, o->tx_depth);
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
