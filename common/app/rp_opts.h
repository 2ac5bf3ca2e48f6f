/* SPDX-License-Identifier: MIT */
/*
 * rp_opts.h - command-line options shared by every railperf binary.
 *
 * Flags and defaults follow perftest (ib_write_bw, ib_read_lat). Each binary
 * describes itself with a struct rp_test_desc (name, defaults, its bit in
 * the option table, rp_optable.h, which says the flags it takes);
 * rp_opts_parse() fills a caller-owned struct rp_opts from argv and
 * rp_opts_finish() applies perftest's derived defaults and cross-checks.
 */
#ifndef RP_OPTS_H
#define RP_OPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "app/rp_opts_types.h"

/*
 * rp_test_desc_of - the description of test @t (name, title, defaults,
 * flags) from railperf's one table of tests; NULL for an unknown test.
 */
const struct rp_test_desc *rp_test_desc_of(enum rp_test t);

/*
 * rp_opts_init - fill @o with @desc's defaults. @desc must outlive @o.
 */
void rp_opts_init(struct rp_opts *o, const struct rp_test_desc *desc);

/*
 * rp_opts_parse - parse argv into @o (initialized by rp_opts_init) through
 * the option table (rp_optable.h), then the server host. On a bad flag or
 * value prints one line naming it and the valid values, returns -EINVAL.
 * Does not exit. Pointers in @o point into argv.
 */
int rp_opts_parse(struct rp_opts *o, int argc, char **argv);

/*
 * rp_opts_finish - apply perftest's derived defaults and cross-flag checks:
 * CQ moderation 100, but 1 above 8 KiB unless -Q or -a (perftest 4aaedcc);
 * TX depth capped to iterations; CQ moderation capped to TX depth unless
 * given; -l: iterations a multiple of it, CQ moderation = -l unless -Q
 * (then -l a multiple of -Q); --run_infinitely: -D 5 unless given; -a
 * excludes -D and --run_infinitely; --interval needs -D and at most -D;
 * --use_cuda_dmabuf needs a GPU, named by --use_cuda or _bus_id, not both.
 * Prints one line and returns -EINVAL on
 * conflict.
 */
int rp_opts_finish(struct rp_opts *o);

/* rp_opts_cuda_given - --use_cuda or --use_cuda_bus_id was given. */
bool rp_opts_cuda_given(const struct rp_opts *o);

/*
 * rp_opts_gpu_check - once the GPU @g is chosen (its memory known), the
 * flags that cannot use it: GPU device memory with rail_write_lat (the
 * CPU polls the buffer) or with -I (the CPU reads inline data), as
 * perftest refuses them. Pinned host memory takes every flag. One line,
 * -EINVAL.
 */
int rp_opts_gpu_check(const struct rp_opts *o, const struct rp_gpu *g);

/*
 * rp_opts_notices - the lines perftest prints before everything else for
 * these options (stdout, full output only): the CQ moderation warning for
 * -Q > 1 above 8 KiB, "Post List requested - ..." for -l without -Q.
 */
void rp_opts_notices(const struct rp_opts *o, FILE *f);

/*
 * rp_opts_full - true for the perftest block (no --output): header,
 * address lines, table, railperf's lines. With --output only the number.
 */
static inline bool rp_opts_full(const struct rp_opts *o)
{
	return o->output == RP_OUTPUT_FULL;
}

/*
 * rp_opts_accept_s - seconds the server waits for its client: --timeout when
 * it was given, else 0 (no bound, until a client or SIGINT/SIGTERM), as
 * perftest's server blocks in accept() (perftest_communication.c
 * ethernet_server_connect).
 */
static inline unsigned int rp_opts_accept_s(const struct rp_opts *o)
{
	return o->timeout_given ? o->timeout : 0;
}

/* rp_opts_json_path - the --out_json file, or NULL without --out_json. */
static inline const char *rp_opts_json_path(const struct rp_opts *o)
{
	return o->out_json ? o->out_json_file : NULL;
}

/*
 * rp_opts_limit_pass - fold one row into the -w / -y gate: *@bw_passed
 * becomes true when no -w is given or @bw_avg reaches it, *@rate_passed
 * likewise for -y and @msg_rate. Start both false; perftest's rule: with
 * -a (or --run_infinitely) one row that passes is enough.
 */
void rp_opts_limit_pass(const struct rp_opts *o, double bw_avg, double msg_rate,
			bool *bw_passed, bool *rate_passed);

/*
 * rp_opts_limits_ok - the gate's verdict after the rows: true when both
 * passed; else perftest's line on stderr ("Error: BW result is below bw
 * limit", "Error: Msg rate  is below msg_rate limit") and false. Unlike
 * perftest, -y is checked on its own (perftest checks it only with -w).
 */
bool rp_opts_limits_ok(const struct rp_opts *o, bool bw_passed,
		       bool rate_passed);

#endif /* RP_OPTS_H */
