/* SPDX-License-Identifier: MIT */
/*
 * rp_opts.h - command-line options shared by every railperf binary.
 *
 * Flags and defaults follow perftest (ib_write_bw, ib_read_lat). Each binary
 * describes itself with a struct rp_test_desc (name, defaults, which flags it
 * takes); rp_opts_parse() fills a caller-owned struct rp_opts from argv and
 * rp_opts_finish() applies perftest's derived defaults and cross-checks.
 */
#ifndef RP_OPTS_H
#define RP_OPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "app/rp_opts_nic.h"
#include "output/rp_report.h"
#include "proto/rp_proto.h"

/* Flags a binary may accept beyond the common set (-d -i -x -s -n -p -m -F). */
enum rp_opt_feature {
	RP_FEAT_BW = 1 << 0,	 /* -a -D -t -Q -q -l -I -N -w -y -b
				 * --report_gbits --run_infinitely
				 * --report-both */
	RP_FEAT_LAT = 1 << 1,	 /* -a -D -H */
	RP_FEAT_MULTI = 1 << 2,	 /* --interval (several rails) */
	RP_FEAT_INLINE = 1 << 3, /* -I in a latency test (WRITE) */
};

#define RP_ALL_SIZES_MAX (8u << 20) /* -a sweeps 2 B .. 8 MiB (perftest) */
#define RP_DEF_TCP_PORT 18515	    /* perftest's DEF_PORT */
#define RP_DEF_TIMEOUT_S 60
#define RP_DEF_JSON_FILE "perftest_out.json"
#define RP_DEF_QP_TIMEOUT 14	    /* -u: 4.096 us * 2^14 (perftest) */
#define RP_DEF_INF_PERIOD 5	    /* --run_infinitely: -D default, s */
#define RP_MAX_INLINE 912	    /* -I: perftest's MAX_INLINE */
#define RP_DEF_INLINE_WRITE_LAT 220 /* perftest's DEF_INLINE_WRITE */

struct rp_test_desc {
	enum rp_test test;
	const char *name;  /* program name, e.g. "rail_write_bw" */
	const char *title; /* perftest title, e.g. "RDMA_Write BW Test" */
	uint64_t def_size; /* bytes */
	uint64_t def_iters;
	unsigned int def_tx_depth;
	unsigned int features; /* enum rp_opt_feature bits */
	uint64_t max_iters;    /* -n's upper bound; 0 = 2^32 (perftest's) */
};

/*
 * rp_test_desc_of - the description of test @t (name, title, defaults,
 * flags) from railperf's one table of tests; NULL for an unknown test.
 */
const struct rp_test_desc *rp_test_desc_of(enum rp_test t);

struct rp_opts {
	const struct rp_test_desc *desc;
	const char *server;    /* host to connect to; NULL = run as server */
	const char *dev;       /* -d, NULL = first device */
	unsigned int ib_port;  /* -i */
	int gid_index;	       /* -x, -1 = choose automatically */
	const char *gid_list;  /* -x as given, multi-rail: "3" or "1,3" */
	uint64_t size;	       /* -s, bytes */
	uint64_t iters;	       /* -n, per QP */
	unsigned int duration; /* -D, seconds; 0 = iteration mode */
	bool all_sizes;	       /* -a */
	unsigned int tx_depth; /* -t, outstanding WRs per QP */
	unsigned int cq_mod;   /* -Q, WRs per signaled completion */
	bool cq_mod_given;
	unsigned int num_qps;  /* -q */
	unsigned int tcp_port; /* -p */
	unsigned int mtu;      /* -m, bytes; 0 = port's active MTU */
	bool report_gbits;     /* --report_gbits: Gb/s = 10^9 b/s, else MiB/s */
	bool validate;	       /* --validate: check the bytes that arrived */
	bool hugepages;	       /* hugepage buffers (default), --no_hugepages */
	bool histogram;	       /* -H (latency tests) */
	bool out_json;	       /* --out_json or --out_json_file given */
	const char *out_json_file; /* default "perftest_out.json" (perftest) */
	unsigned int interval;	   /* --interval, s; 0 = no interval rows */
	bool ipv6;	       /* --ipv6: prefer IPv6 GIDs (perftest's flag) */
	unsigned int timeout;  /* --timeout, seconds, control connection */
	enum rp_output output; /* --output */
	bool run_infinitely;   /* --run_infinitely: a row every -D s */
	bool limit_bw_given;   /* -w */
	double limit_bw;       /* BW average floor, units of the report */
	bool limit_msgrate_given; /* -y */
	unsigned int expect;	 /* --expect: % of each rail's ceiling, 0 off */
	double limit_msgrate;	 /* MsgRate floor, Mpps */
	unsigned int post_list;	 /* -l: WRs per post; 1 = one (perftest) */
	int inline_size;	 /* -I, bytes; -1 = not given (0 in BW tests) */
	unsigned int qp_timeout; /* -u: ACK timeout, 4.096 us * 2^u */
	const char *bind_source_ip; /* --bind_source_ip, NULL = any */
	bool rdma_cm;		    /* -R: QPs connected through librdmacm */
	bool no_peak;		    /* -N: BW peak not measured (0.00) */
	bool bidir;		    /* -b: both sides write at once */
	bool report_both;	    /* --report-both: -b's two directions */
	struct rp_nic_opts nic;	    /* --cqe_poll, --tclass, -T, NUMA ... */
	bool help;
	bool version;
};

struct option;

/*
 * rp_opts_long_table - the parser's table of railperf's own long options
 * (getopt_long's, each with its short letter or code as val); *@n entries.
 * perftest's refused flags are not in it. For --help's test.
 */
const struct option *rp_opts_long_table(size_t *n);

/*
 * rp_opts_takes - true when the binary of @d accepts the option whose
 * getopt val is @c (a short letter or a long option's code): the common
 * set, its feature's flags, no one-rail flag (-R, --run_infinitely) for
 * rail_multi_bw. The parser refuses every other one by name.
 */
bool rp_opts_takes(const struct rp_test_desc *d, int c);

/*
 * rp_opts_init - fill @o with @desc's defaults. @desc must outlive @o.
 */
void rp_opts_init(struct rp_opts *o, const struct rp_test_desc *desc);

/*
 * rp_opts_parse - parse argv into @o (initialized by rp_opts_init). On a bad
 * flag or value prints one line naming it and the valid values, returns
 * -EINVAL. Does not exit. Pointers in @o point into argv.
 */
int rp_opts_parse(struct rp_opts *o, int argc, char **argv);

/*
 * rp_opts_finish - apply perftest's derived defaults and cross-flag checks:
 * CQ moderation 100, but 1 above 8 KiB unless -Q or -a (perftest 4aaedcc);
 * TX depth capped to iterations; CQ moderation capped to TX depth unless
 * given; -l: iterations a multiple of it, CQ moderation = -l unless -Q
 * (then -l a multiple of -Q); --run_infinitely: -D 5 unless given; -a
 * excludes -D and --run_infinitely; --interval needs -D and at most -D.
 * Prints one line and returns -EINVAL on
 * conflict.
 */
int rp_opts_finish(struct rp_opts *o);

/*
 * rp_opts_notices - the lines perftest prints before everything else for
 * these options (stdout, full output only): the CQ moderation warning for
 * -Q > 1 above 8 KiB, "Post List requested - ..." for -l without -Q.
 */
void rp_opts_notices(const struct rp_opts *o, FILE *f);

/*
 * rp_opts_bad_flag - getopt's '?' (an unknown option) or ':' (a value
 * missing) for argv[optind - 1] as one line naming it, with --help as the
 * way out (every binary, rail_info too). Returns -EINVAL.
 */
int rp_opts_bad_flag(int c, char **argv);

/*
 * rp_opts_bad_value - the one line "invalid NAME value 'ARG': VALID" for
 * option @name as given ("-s", "--timeout"); returns -EINVAL. For the
 * binaries with options of their own (rail_cluster_bw).
 */
int rp_opts_bad_value(const char *name, const char *arg, const char *valid);

/*
 * rp_opts_value_uint - @arg as a whole number in [@min, @max] into *@out;
 * else rp_opts_bad_value's line with "valid values are MIN .. MAX" and
 * -EINVAL.
 */
int rp_opts_value_uint(const char *name, const char *arg, uint64_t min,
		       uint64_t max, unsigned int *out);

/*
 * rp_opts_value_common - the numeric flags every binary has, with one
 * range each: -i (port 1 .. 254), -s (rp_opts_value_size), -D (1 .. 86400
 * s), -t (TX depth 1 .. 15000, perftest's bound), -q (QPs 1 ..
 * RP_MAX_QPS), -m (rp_opts_value_mtu), -u (ACK timeout exponent 0 .. 31,
 * IBTA's 5-bit field). 0 on success; -EINVAL after one line naming the
 * flag and its range; 1 when @c is none of them.
 */
int rp_opts_value_common(struct rp_opts *o, int c, const char *arg);

/* rp_opts_value_mtu - -m: 256 .. 4096 bytes, a power of two; else one
 * line and -EINVAL. */
int rp_opts_value_mtu(const char *arg, unsigned int *out);

/* rp_opts_value_size - -s: 1 .. 2 GiB with K/M/G suffixes (bytes); else
 * one line and -EINVAL. */
int rp_opts_value_size(const char *arg, uint64_t *out);

/*
 * rp_opts_full - true for the perftest block (no --output): header,
 * address lines, table, railperf's lines. With --output only the number.
 */
static inline bool rp_opts_full(const struct rp_opts *o)
{
	return o->output == RP_OUTPUT_FULL;
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

/*
 * rp_opts_sizes - the message sizes this run covers: -a gives 2, 4, ...,
 * 8 MiB (23 sizes, as perftest); otherwise the single -s size. Writes up to
 * @max sizes to @out and returns how many.
 */
size_t rp_opts_sizes(const struct rp_opts *o, uint64_t *out, size_t max);

/* rp_opts_max_iters - -n's upper bound for the binary of @d. */
uint64_t rp_opts_max_iters(const struct rp_test_desc *d);

/* rp_opts_max_size - the largest size of the run, bytes (buffer sizing). */
uint64_t rp_opts_max_size(const struct rp_opts *o);

#endif /* RP_OPTS_H */
