/* Description: rp_opts_init/rp_opts_parse/rp_opts_finish for a BW binary
 * (like rail_write_bw) and a latency binary: defaults, every short and long
 * flag, the server host, bad flags and values with the stderr line that
 * names them and the valid range, flags a binary does not take, range
 * edges, perftest's derived defaults (CQ moderation, TX depth capped to
 * iterations) and the --help text (the sizes a run covers: test_plan.c). The
 * perftest-compatibility flags are in test_opts_perftest.c. */
#define _GNU_SOURCE
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "capture.h"
#include "cases.h"
#include "opts_run.h"
#include "app/rp_opts.h"
#include "app/rp_usage.h"

static void check_defaults(const struct rp_opts *o,
			   const struct rp_test_desc *d)
{
	assert_ptr_equal(o->desc, d);
	assert_null(o->server);
	assert_null(o->dev);
	assert_int_equal(o->ib_port, 1);
	assert_int_equal(o->gid_index, -1);
	assert_true(o->size == d->def_size);
	assert_true(o->iters == d->def_iters);
	assert_int_equal(o->duration, 0);
	assert_false(o->all_sizes);
	assert_int_equal(o->tx_depth, d->def_tx_depth);
	assert_int_equal(o->cq_mod, 100);
	assert_false(o->cq_mod_given);
	assert_int_equal(o->num_qps, 1);
	assert_int_equal(o->tcp_port, 18515);
	assert_int_equal(o->mtu, 0);
	assert_false(o->report_gbits);
	assert_false(o->validate);
	assert_true(o->hugepages);
	assert_false(o->histogram);
	assert_int_equal(o->timeout, 60);
	assert_false(o->timeout_given);
	assert_int_equal(rp_opts_accept_s(o), 0); /* the server waits on */
	assert_int_equal(o->output, RP_OUTPUT_FULL);
	assert_false(o->run_infinitely);
	assert_false(o->limit_bw_given);
	assert_false(o->limit_msgrate_given);
	assert_int_equal(o->post_list, 1);
	assert_int_equal(o->inline_size, -1);
	assert_int_equal(o->qp_timeout, 14);
	assert_null(o->bind_source_ip);
	assert_false(o->rdma_cm);
	assert_false(o->no_peak);
	assert_false(o->help);
	assert_false(o->version);
}

static void test_init_defaults(void **state)
{
	struct rp_opts o;

	(void)state;
	memset(&o, 0xa5, sizeof(o));
	rp_opts_init(&o, &bw_desc);
	check_defaults(&o, &bw_desc);
	memset(&o, 0xa5, sizeof(o));
	rp_opts_init(&o, &lat_desc);
	check_defaults(&o, &lat_desc);
}

static void test_parse_no_args_keeps_defaults(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, parse(&r, &bw_desc, NULL));
	check_defaults(&r.o, &bw_desc);
	ok_no_output(&r, parse(&r, &lat_desc, NULL));
	check_defaults(&r.o, &lat_desc);
}

/* BW: 65536 > 8192 gives CQ moderation 1; TX depth 128 <= 5000 stays. */
static void test_finish_defaults_bw(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, finish(&r, &bw_desc, NULL));
	assert_int_equal(r.o.cq_mod, 1);
	assert_int_equal(r.o.tx_depth, 128);
	assert_true(r.o.size == 65536);
	assert_true(r.o.iters == 5000);
}

/* LAT: size 2 keeps 100, then capped to the TX depth of 1. */
static void test_finish_defaults_lat(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, finish(&r, &lat_desc, NULL));
	assert_int_equal(r.o.cq_mod, 1);
	assert_int_equal(r.o.tx_depth, 1);
}

static void test_short_flags(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, parse(&r, &bw_desc, "-d", "rxe0", "-i", "2", "-x", "3",
			       "-s", "4K", "-n", "1000", "-t", "64", "-Q", "8",
			       "-q", "4", "-p", "20000", "-m", "1024", "-F",
			       "-a", "server1", NULL));
	assert_string_equal(r.o.dev, "rxe0");
	assert_int_equal(r.o.ib_port, 2);
	assert_int_equal(r.o.gid_index, 3);
	assert_true(r.o.size == 4096);
	assert_true(r.o.iters == 1000);
	assert_int_equal(r.o.tx_depth, 64);
	assert_int_equal(r.o.cq_mod, 8);
	assert_true(r.o.cq_mod_given);
	assert_int_equal(r.o.num_qps, 4);
	assert_int_equal(r.o.tcp_port, 20000);
	assert_int_equal(r.o.mtu, 1024);
	assert_true(r.o.all_sizes);
	assert_string_equal(r.o.server, "server1");
}

static void test_short_flags_attached_values(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, parse(&r, &bw_desc, "-dmlx5_1", "-s64", "-q2", "-D5",
			       NULL));
	assert_string_equal(r.o.dev, "mlx5_1");
	assert_true(r.o.size == 64);
	assert_int_equal(r.o.num_qps, 2);
	assert_int_equal(r.o.duration, 5);
}

static void test_long_flags(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, parse(&r, &bw_desc, "--ib-dev=mlx5_1", "--ib-port=3",
			       "--gid-index=0", "--size=1M", "--iters=10",
			       "--duration=7", "--tx-depth=5", "--cq-mod=5",
			       "--qp=2", "--port=1", "--mtu=4096", "--CPU-freq",
			       "--all", NULL));
	assert_string_equal(r.o.dev, "mlx5_1");
	assert_int_equal(r.o.ib_port, 3);
	assert_int_equal(r.o.gid_index, 0);
	assert_true(r.o.size == 1048576);
	assert_true(r.o.iters == 10);
	assert_int_equal(r.o.duration, 7);
	assert_int_equal(r.o.tx_depth, 5);
	assert_int_equal(r.o.cq_mod, 5);
	assert_int_equal(r.o.num_qps, 2);
	assert_int_equal(r.o.tcp_port, 1);
	assert_int_equal(r.o.mtu, 4096);
	assert_true(r.o.all_sizes);
	assert_null(r.o.server);
}

static void test_long_flags_separate_values(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, parse(&r, &bw_desc, "--ib-dev", "rxe1", "--size", "2K",
			       "--timeout", "30", NULL));
	assert_string_equal(r.o.dev, "rxe1");
	assert_true(r.o.size == 2048);
	assert_int_equal(r.o.timeout, 30);
	assert_true(r.o.timeout_given);
	assert_int_equal(rp_opts_accept_s(&r.o), 30);
}

static void test_railperf_flags(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, parse(&r, &bw_desc, "--report_gbits", "--validate",
			       "--no_hugepages", "--timeout=5", NULL));
	assert_true(r.o.report_gbits);
	assert_true(r.o.validate);
	assert_false(r.o.hugepages);
	assert_int_equal(r.o.timeout, 5);
	/* the last of --no_hugepages / --use_hugepages wins */
	ok_no_output(&r, parse(&r, &bw_desc, "--no_hugepages",
			       "--use_hugepages", NULL));
	assert_true(r.o.hugepages);
}

static void test_help_and_version(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, parse(&r, &bw_desc, "-h", NULL));
	assert_true(r.o.help);
	assert_false(r.o.version);
	ok_no_output(&r, parse(&r, &bw_desc, "--help", NULL));
	assert_true(r.o.help);
	ok_no_output(&r, parse(&r, &lat_desc, "-V", NULL));
	assert_true(r.o.version);
	assert_false(r.o.help);
	ok_no_output(&r, parse(&r, &lat_desc, "--version", NULL));
	assert_true(r.o.version);
}

static void test_lat_flags(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, parse(&r, &lat_desc, "-H", "-a", "-s", "64", NULL));
	assert_true(r.o.histogram);
	assert_true(r.o.all_sizes);
	ok_no_output(&r, parse(&r, &lat_desc, "--report-histogram", "-D", "3",
			       NULL));
	assert_true(r.o.histogram);
	assert_int_equal(r.o.duration, 3);
	ok_no_output(&r, parse(&r, &lat_desc, "--report-histogrm", NULL));
	assert_true(r.o.histogram);
}

static void test_server_host(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, parse(&r, &bw_desc, "10.0.0.1", NULL));
	assert_string_equal(r.o.server, "10.0.0.1");
	/* options after the host still count (GNU getopt permutes) */
	ok_no_output(&r, parse(&r, &bw_desc, "host-b", "-s", "8", NULL));
	assert_string_equal(r.o.server, "host-b");
	assert_true(r.o.size == 8);
}

/* --report-histogram is refused by a BW binary, and not set either. */
static void test_bw_rejects_lat_flags(void **state)
{
	struct run r;

	(void)state;
	assert_int_equal(parse(&r, &bw_desc, "--report-histogram", NULL),
			 -EINVAL);
	err_has(&r, "not supported by rail_write_bw");
	assert_false(r.o.histogram);
}

/* An argument list refused with -EINVAL, and what stderr says. */
struct reject_case {
	const char *name;
	const struct rp_test_desc *desc;
	int finish;	     /* rp_opts_finish too */
	const char *args[7]; /* up to the first NULL or all 7 */
	const char *err[2];  /* in stderr, or NULL */
};

/* clang-format off */
static const struct reject_case rejects[] = {
	{ "test_two_hosts_rejected", &bw_desc, 0, { "hostA", "hostB" },
	  { "unexpected argument 'hostB'", "at most one server host" } },
	{ "test_unknown_flags_k", &bw_desc, 0, { "-k" },
	  { "unknown option '-k'" } },
	{ "test_unknown_flags_bogus", &bw_desc, 0, { "--bogus" },
	  { "unknown option '--bogus'" } },
	{ "test_unknown_flags_value_of_flag", &bw_desc, 0, { "--validate=1" },
	  { "'--validate=1'" } },
	{ "test_missing_values_s", &bw_desc, 0, { "-s" },
	  { "option '-s' needs a value" } },
	{ "test_missing_values_timeout", &bw_desc, 0, { "--timeout" },
	  { "option '--timeout' needs a value" } },
	{ "test_missing_values_lat_n", &lat_desc, 0, { "-n" },
	  { "option '-n' needs a value" } },
	{ "test_bw_rejects_lat_flags_H", &bw_desc, 0, { "-H" },
	  { "option -H is not supported by rail_write_bw" } },
	{ "test_lat_rejects_bw_flags_Q", &lat_desc, 0, { "-Q", "2" },
	  { "option -Q is not supported by rail_read_lat" } },
	{ "test_lat_rejects_bw_flags_t", &lat_desc, 0, { "-t", "2" },
	  { "option -t is not supported by rail_read_lat" } },
	{ "test_lat_rejects_bw_flags_q", &lat_desc, 0, { "-q", "2" },
	  { "option -q is not supported by rail_read_lat" } },
	{ "test_lat_rejects_bw_flags_report_gbits", &lat_desc, 0,
	  { "--report_gbits" },
	  { "option --report_gbits is not supported by rail_read_lat" } },
	{ "test_lat_rejects_bw_flags_cq_mod", &lat_desc, 0, { "--cq-mod=4" },
	  { "option -Q is not supported" } },
	{ "test_size_error_text_0", &bw_desc, 0, { "-s", "0" },
	  { "invalid -s value '0'", "1 .. 2147483648" } },
	{ "test_size_error_text_3G", &bw_desc, 0, { "-s", "3G" },
	  { "invalid -s value '3G'" } },
	{ "test_size_error_text_1KK", &bw_desc, 0, { "-s", "1KK" },
	  { "invalid -s value '1KK'" } },
	{ "test_a_with_d_rejected", &bw_desc, 1, { "-a", "-D", "10" },
	  { "-a and -D cannot be combined" } },
	{ "test_a_with_d_rejected_lat", &lat_desc, 1, { "-D", "1", "--all" },
	  { "-a and -D cannot be combined" } },
};
/* clang-format on */

static void test_reject(void **state)
{
	const struct reject_case *c = *state;
	const char *args[ARRAY_SIZE(c->args) + 1] = { NULL };
	struct run r;
	size_t i;

	memcpy(args, c->args, sizeof(c->args)); /* NULL-terminated */
	assert_int_equal(run_list(&r, c->desc, c->finish, args), -EINVAL);
	for (i = 0; i < ARRAY_SIZE(c->err) && c->err[i]; i++)
		err_has(&r, c->err[i]);
}

/* One numeric flag: its valid edges, one past each, and the error text. */
struct range_case {
	const char *flag;
	const char *min, *max;
	uint64_t min_val, max_val;
	const char *below, *above;
	const char *valid; /* expected in the error line */
};

static const struct range_case ranges[] = {
	{ "-i", "1", "254", 1, 254, "0", "255", "valid values are 1 .. 254" },
	{ "-x", "0", "255", 0, 255, "-1", "256", "valid values are 0 .. 255" },
	/* 2G = 2 * 2^30 = 2147483648 */
	{ "-s", "1", "2G", 1, 2147483648ULL, "0", "2147483649",
	  "valid sizes are 1 .. 2147483648 bytes" },
	/* 2^32 = 4294967296 */
	{ "-n", "5", "4294967296", 5, 4294967296ULL, "4", "4294967297",
	  "valid iterations are 5 .. 4294967296" },
	{ "-D", "1", "86400", 1, 86400, "0", "86401",
	  "valid values are 1 .. 86400" },
	{ "-t", "1", "15000", 1, 15000, "0", "15001",
	  "valid values are 1 .. 15000" },
	{ "-Q", "1", "1024", 1, 1024, "0", "1025",
	  "valid values are 1 .. 1024" },
	{ "-q", "1", "1024", 1, 1024, "0", "1025",
	  "valid values are 1 .. 1024" },
	{ "-p", "1", "65535", 1, 65535, "0", "65536",
	  "valid values are 1 .. 65535" },
	{ "-m", "256", "4096", 256, 4096, "128", "8192",
	  "valid MTUs are 256, 512, 1024, 2048, 4096" },
	{ "--timeout", "1", "3600", 1, 3600, "0", "3601",
	  "valid values are 1 .. 3600" },
	{ "-l", "1", "15000", 1, 15000, "0", "15001",
	  "valid values are 1 .. 15000" },
	{ "-I", "0", "912", 0, 912, "-1", "913", "valid values are 0 .. 912" },
	{ "-u", "0", "31", 0, 31, "-1", "32", "valid values are 0 .. 31" },
};

static uint64_t opt_field(const struct rp_opts *o, const char *flag)
{
	switch (flag[1]) {
	case 'i': return o->ib_port;
	case 'x': return (uint64_t)o->gid_index;
	case 's': return o->size;
	case 'n': return o->iters;
	case 'D': return o->duration;
	case 't': return o->tx_depth;
	case 'Q': return o->cq_mod;
	case 'q': return o->num_qps;
	case 'p': return o->tcp_port;
	case 'm': return o->mtu;
	case 'l': return o->post_list;
	case 'I': return (uint64_t)o->inline_size;
	case 'u': return o->qp_timeout;
	case '-': return o->timeout;
	}
	fail_msg("no field for %s", flag);
	return 0;
}

static void range_ok(const char *flag, const char *arg, uint64_t want)
{
	struct run r;

	ok_no_output(&r, parse(&r, &bw_desc, flag, arg, NULL));
	if (opt_field(&r.o, flag) != want)
		fail_msg("%s %s gave %llu", flag, arg,
			 (unsigned long long)opt_field(&r.o, flag));
}

static void range_bad(const struct range_case *c, const char *arg)
{
	struct run r;
	char want[64];

	assert_int_equal(parse(&r, &bw_desc, c->flag, arg, NULL), -EINVAL);
	snprintf(want, sizeof(want), "invalid %s value '%s': ", c->flag, arg);
	err_has(&r, want);
	err_has(&r, c->valid);
}

static void test_numeric_ranges(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++) {
		const struct range_case *c = &ranges[i];

		range_ok(c->flag, c->min, c->min_val);
		range_ok(c->flag, c->max, c->max_val);
		range_bad(c, c->below);
		range_bad(c, c->above);
		range_bad(c, "abc");
	}
}

static void test_mtu_powers_of_two(void **state)
{
	static const char *const bad[] = { "1000", "3000", "768", "257" };
	struct run r;
	size_t i;

	(void)state;
	range_ok("-m", "512", 512);
	range_ok("-m", "2048", 2048);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(parse(&r, &bw_desc, "-m", bad[i], NULL),
				 -EINVAL);
		err_has(&r, "valid MTUs are 256, 512, 1024, 2048, 4096");
	}
}

/* Exactly 8192 is not "above 8 KiB": the default 100 stays. */
static void test_cq_mod_size_limit(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, finish(&r, &bw_desc, "-s", "8192", NULL));
	assert_int_equal(r.o.cq_mod, 100);
	ok_no_output(&r, finish(&r, &bw_desc, "-s", "8193", NULL));
	assert_int_equal(r.o.cq_mod, 1);
	ok_no_output(&r, finish(&r, &bw_desc, "-s", "8K", NULL));
	assert_int_equal(r.o.cq_mod, 100);
}

static void test_cq_mod_kept_with_a_or_q(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, finish(&r, &bw_desc, "-a", NULL));
	assert_int_equal(r.o.cq_mod, 100);
	ok_no_output(&r, finish(&r, &bw_desc, "-s", "1M", "-Q", "10", NULL));
	assert_int_equal(r.o.cq_mod, 10);
	assert_true(r.o.cq_mod_given);
}

static void test_tx_depth_capped_to_iters(void **state)
{
	struct run r;

	(void)state;
	/* -n 5: TX depth 128 -> 5; size 65536 > 8192 gives CQ mod 1 */
	ok_no_output(&r, finish(&r, &bw_desc, "-n", "5", NULL));
	assert_int_equal(r.o.tx_depth, 5);
	assert_int_equal(r.o.cq_mod, 1);
	/* small size: the default 100 follows the TX depth down to 5 */
	ok_no_output(&r, finish(&r, &bw_desc, "-n", "5", "-s", "64", NULL));
	assert_int_equal(r.o.tx_depth, 5);
	assert_int_equal(r.o.cq_mod, 5);
	/* -D: iterations do not bound the run, TX depth stays */
	ok_no_output(&r, finish(&r, &bw_desc, "-n", "5", "-D", "2", NULL));
	assert_int_equal(r.o.tx_depth, 128);
}

static void test_cq_mod_vs_tx_depth(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, finish(&r, &bw_desc, "-t", "16", "-s", "64", NULL));
	assert_int_equal(r.o.cq_mod, 16); /* default 100 capped */
	ok_no_output(&r, finish(&r, &bw_desc, "-t", "16", "-Q", "16", NULL));
	assert_int_equal(r.o.cq_mod, 16);
	/* an explicit -Q above it is capped, as perftest's force_dependecies
	 * does (silently there; one line here) */
	assert_int_equal(finish(&r, &bw_desc, "-t", "16", "-Q", "32", NULL), 0);
	assert_int_equal(r.o.cq_mod, 16);
	err_has(&r, "warning: -Q 32 is above the TX depth, 16 here (-t, at "
		    "most -n): CQ moderation 16, as perftest caps it\n");
	assert_int_equal(finish(&r, &bw_desc, "-n", "50", "-Q", "100", NULL),
			 0);
	assert_int_equal(r.o.cq_mod, 50);
	err_has(&r, "-Q 100 is above the TX depth, 50 here");
}

/* A failed parse must not leave getopt state behind for the next one. */
static void test_parse_repeatable(void **state)
{
	struct run r;

	(void)state;
	assert_int_equal(parse(&r, &bw_desc, "-s", "64", "-z", NULL), -EINVAL);
	ok_no_output(&r, parse(&r, &bw_desc, "-q", "3", NULL));
	assert_int_equal(r.o.num_qps, 3);
	assert_true(r.o.size == 65536);
	ok_no_output(&r, parse(&r, &bw_desc, "-q", "3", NULL));
	assert_int_equal(r.o.num_qps, 3);
}

static void usage_text(const struct rp_test_desc *d, char **text)
{
	struct rp_opts o;
	size_t len;
	FILE *f;

	rp_opts_init(&o, d);
	f = open_memstream(text, &len);
	assert_non_null(f);
	rp_opts_usage(&o, f);
	fclose(f);
}

/* The --help text of @desc: what it has and what it has not. */
struct usage_case {
	const char *name;
	const struct rp_test_desc *desc;
	const char *has[11];  /* up to the first NULL */
	const char *hasnt[4]; /* likewise */
};

static const struct usage_case usage_cases[] = {
	{ "test_usage",
	  &bw_desc,
	  { "rail_write_bw [options] <host>", "(default: 65536)",
	    "(default: 5000)", "(default: 128, at most -n)", "--report_gbits",
	    "-l, --post_list=<n>", "-w, --limit_bw=<bw>", "--run_infinitely",
	    "bandwidth or message_rate" },
	  { "--report-histogram" } },
	{ "test_usage_lat",
	  &lat_desc,
	  { "-H, --report-histogram", "-u, --qp-timeout=<t>", "-R, --rdma_cm",
	    "--bind_source_ip=<ip>" },
	  { "--report_gbits", "--cq-mod", "--post_list" } },
};

static void test_usage(void **state)
{
	const struct usage_case *c = *state;
	size_t i;
	char *t;

	usage_text(c->desc, &t);
	for (i = 0; i < ARRAY_SIZE(c->has) && c->has[i]; i++)
		assert_non_null(strstr(t, c->has[i]));
	for (i = 0; i < ARRAY_SIZE(c->hasnt) && c->hasnt[i]; i++)
		assert_null(strstr(t, c->hasnt[i]));
	free(t);
}

int main(void)
{
	static const struct CMUnitTest first[] = {
		cmocka_unit_test(test_init_defaults),
		cmocka_unit_test(test_parse_no_args_keeps_defaults),
		cmocka_unit_test(test_finish_defaults_bw),
		cmocka_unit_test(test_finish_defaults_lat),
		cmocka_unit_test(test_short_flags),
		cmocka_unit_test(test_short_flags_attached_values),
		cmocka_unit_test(test_long_flags),
		cmocka_unit_test(test_long_flags_separate_values),
		cmocka_unit_test(test_railperf_flags),
		cmocka_unit_test(test_help_and_version),
		cmocka_unit_test(test_lat_flags),
		cmocka_unit_test(test_server_host),
		cmocka_unit_test(test_bw_rejects_lat_flags),
	}, then[] = {
		cmocka_unit_test(test_numeric_ranges),
		cmocka_unit_test(test_mtu_powers_of_two),
		cmocka_unit_test(test_cq_mod_size_limit),
		cmocka_unit_test(test_cq_mod_kept_with_a_or_q),
		cmocka_unit_test(test_tx_depth_capped_to_iters),
		cmocka_unit_test(test_cq_mod_vs_tx_depth),
		cmocka_unit_test(test_parse_repeatable),
	};
	struct CMUnitTest tests[ARRAY_SIZE(first) + ARRAY_SIZE(rejects) +
				ARRAY_SIZE(then) + ARRAY_SIZE(usage_cases)];
	size_t n = 0;

	TESTS_ADD(tests, n, first);
	CASES_ADD(tests, n, test_reject, rejects);
	TESTS_ADD(tests, n, then);
	CASES_ADD(tests, n, test_usage, usage_cases);
	return RUN_TESTS(tests, n);
}
