/* Description: rp_opts for the perftest-compatibility flags: -l -I -u -w -y
 * -R -N --output --run_infinitely --bind_source_ip (and 6.06's
 * --source_ip), short and long, their values and ranges, perftest's rules
 * in rp_opts_finish (post list and CQ moderation, --run_infinitely's -D,
 * conflicts), the notices perftest prints before the header, the -w / -y
 * gate, the flags a latency test refuses, and perftest's flags railperf
 * refuses by name. */
#define _GNU_SOURCE
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "capture.h"
#include "opts_run.h"
#include "app/rp_opts.h"
#include "app/rp_usage.h"

/* The perftest-compatibility flags, short and long. */
static void test_perftest_flags(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, parse(&r, &bw_desc, "-l", "4", "-I", "64", "-u", "20",
			       "-w", "12.5", "-y", "0.25", "-R", "-N",
			       "--output=bandwidth", "--run_infinitely",
			       "--bind_source_ip=10.0.2.1", NULL));
	assert_int_equal(r.o.post_list, 4);
	assert_int_equal(r.o.inline_size, 64);
	assert_int_equal(r.o.qp_timeout, 20);
	assert_true(r.o.limit_bw_given);
	assert_true(r.o.limit_bw == 12.5);
	assert_true(r.o.limit_msgrate_given);
	assert_true(r.o.limit_msgrate == 0.25);
	assert_true(r.o.rdma_cm);
	assert_true(r.o.no_peak);
	assert_int_equal(r.o.output, RP_OUTPUT_BANDWIDTH);
	assert_true(r.o.run_infinitely);
	assert_string_equal(r.o.bind_source_ip, "10.0.2.1");
	ok_no_output(&r, parse(&r, &bw_desc, "--post_list=8", "--inline_size=0",
			       "--qp-timeout=0", "--limit_bw=0",
			       "--limit_msgrate", "3", "--rdma_cm", "--noPeak",
			       "--output=message_rate", "--source_ip",
			       "192.168.1.2", NULL));
	assert_int_equal(r.o.post_list, 8);
	assert_int_equal(r.o.inline_size, 0);
	assert_int_equal(r.o.qp_timeout, 0);
	assert_true(r.o.limit_bw == 0);
	assert_true(r.o.limit_msgrate == 3);
	assert_int_equal(r.o.output, RP_OUTPUT_MSG_RATE);
	assert_string_equal(r.o.bind_source_ip, "192.168.1.2");
	/* a latency test takes -u, -R, --output=latency, --bind_source_ip */
	ok_no_output(&r,
		     parse(&r, &lat_desc, "-u", "7", "-R", "--output=latency",
			   "--bind_source_ip=::1", NULL));
	assert_int_equal(r.o.qp_timeout, 7);
	assert_true(r.o.rdma_cm);
	assert_int_equal(r.o.output, RP_OUTPUT_LATENCY);
}

static void test_output_values(void **state)
{
	struct run r;

	(void)state;
	assert_int_equal(parse(&r, &bw_desc, "--output=latency", NULL),
			 -EINVAL);
	err_has(&r, "invalid --output value 'latency': rail_write_bw "
		    "reports bandwidth or message_rate");
	assert_int_equal(parse(&r, &bw_desc, "--output=BW", NULL), -EINVAL);
	err_has(&r, "invalid --output value 'BW'");
	assert_int_equal(parse(&r, &lat_desc, "--output=bandwidth", NULL),
			 -EINVAL);
	err_has(&r, "rail_read_lat reports latency");
	assert_int_equal(parse(&r, &bw_desc, "--output", NULL), -EINVAL);
	err_has(&r, "option '--output' needs a value");
}

static void test_limit_values(void **state)
{
	static const char *const bad[] = { "-1", "abc", "1x", "", "nan", "inf" };
	struct run r;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(parse(&r, &bw_desc, "-w", bad[i], NULL),
				 -EINVAL);
		err_has(&r, "give a bandwidth >= 0");
		assert_int_equal(parse(&r, &bw_desc, "-y", bad[i], NULL),
				 -EINVAL);
		err_has(&r, "give a message rate >= 0 in Mpps");
	}
	ok_no_output(&r, parse(&r, &bw_desc, "-w", "1e3", NULL));
	assert_true(r.o.limit_bw == 1000);
}

/* Flags perftest has and railperf does not: refused by name. */
static void test_unsupported_named(void **state)
{
	static const char *const cases[][3] = {
		{ "-U", NULL,
		  "option -U (unsorted samples) is not supported "
		  "by railperf" },
		{ "-e", NULL, "option -e (completion events)" },
		{ "-O", NULL, "option -O (dual-port)" },
		{ "-z", NULL, "option -z (data exchange over rdma_cm)" },
		{ "-S", "3", "option -S (service level)" },
		{ "-f", "1", "option -f (-D margin" },
		{ "-C", NULL, "option -C (latency in CPU cycles)" },
		{ "--reversed", NULL,
		  "option --reversed (server sends to "
		  "client) is not supported by railperf" },
		{ "--report-per-port", NULL, "option --report-per-port" },
		{ "--rate_limit", "5", "option --rate_limit (rate limiter)" },
		{ "-c", "UC",
		  "option -c UC (connection type UC) is not "
		  "supported by railperf: RC only" },
		{ "--connection=XRC", NULL, "option -c XRC" },
	};
	struct run r;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(parse(&r, &bw_desc, cases[i][0], cases[i][1],
				       NULL),
				 -EINVAL);
		err_has(&r, cases[i][2]);
		assert_int_equal(parse(&r, &lat_desc, cases[i][0], cases[i][1],
				       NULL),
				 -EINVAL);
		err_has(&r, cases[i][2]);
	}
	/* -c RC is perftest's default: accepted */
	ok_no_output(&r, parse(&r, &bw_desc, "-c", "RC", "host", NULL));
	assert_string_equal(r.o.server, "host");
}

/* Flags of the BW tests that a latency test refuses (as perftest). */
static void test_lat_rejects_bw_compat_flags(void **state)
{
	static const char *const flags[][2] = {
		{ "-l", "2" },	{ "-I", "8" },
		{ "-w", "1" },	{ "-y", "1" },
		{ "-N", NULL }, { "--run_infinitely", NULL },
		{ "-b", NULL }, { "--report-both", NULL },
	};
	struct run r;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++) {
		assert_int_equal(parse(&r, &lat_desc, flags[i][0], flags[i][1],
				       NULL),
				 -EINVAL);
		err_has(&r, "is not supported by rail_read_lat");
	}
}

/* -b and --report-both: BW tests take them (perftest's spelling, short
 * and long); --report-both alone is accepted and changes nothing, as in
 * perftest; -b with --run_infinitely is refused. */
static void test_bidir_flags(void **state)
{
	const struct rp_test_desc *multi = rp_test_desc_of(RP_TEST_MULTI_BW);
	struct run r;

	(void)state;
	ok_no_output(&r, parse(&r, &bw_desc, "-b", "--report-both", NULL));
	assert_true(r.o.bidir);
	assert_true(r.o.report_both);
	ok_no_output(&r, parse(&r, &bw_desc, "--bidirectional", NULL));
	assert_true(r.o.bidir);
	assert_false(r.o.report_both);
	ok_no_output(&r, parse(&r, multi, "-b", "-D", "2", NULL));
	assert_true(r.o.bidir);
	ok_no_output(&r, finish(&r, &bw_desc, "--report-both", NULL));
	assert_false(r.o.bidir);
	assert_int_equal(finish(&r, &bw_desc, "-b", "--run_infinitely", NULL),
			 -EINVAL);
	err_has(&r, "-b and --run_infinitely cannot be combined");
}

/* rail_write_lat: ib_write_lat's defaults and flags; -I is its own (the
 * default is resolved per device), BW flags are refused. */
static void test_write_lat_flags(void **state)
{
	const struct rp_test_desc *d = rp_test_desc_of(RP_TEST_WRITE_LAT);
	struct run r;

	(void)state;
	assert_non_null(d);
	assert_string_equal(d->name, "rail_write_lat");
	assert_int_equal(d->verb, RP_VERB_WRITE);
	ok_no_output(&r, parse(&r, d, NULL));
	assert_int_equal(r.o.size, 2);
	assert_int_equal(r.o.iters, 1000);
	assert_int_equal(r.o.tx_depth, 1);
	assert_int_equal(r.o.inline_size, -1);
	ok_no_output(&r, parse(&r, d, "-a", "-n", "100", "-H", "-R", "-I", "64",
			       "--output=latency", NULL));
	assert_true(r.o.all_sizes);
	assert_true(r.o.histogram);
	assert_true(r.o.rdma_cm);
	assert_int_equal(r.o.inline_size, 64);
	assert_int_equal(r.o.output, RP_OUTPUT_LATENCY);
	ok_no_output(&r, parse(&r, d, "-D", "2", NULL));
	assert_int_equal(r.o.duration, 2);
	assert_int_equal(parse(&r, d, "-b", NULL), -EINVAL);
	err_has(&r, "is not supported by rail_write_lat");
	assert_int_equal(parse(&r, d, "-q", "2", NULL), -EINVAL);
	err_has(&r, "is not supported by rail_write_lat");
	assert_int_equal(parse(&r, d, "--output=bandwidth", NULL), -EINVAL);
	err_has(&r, "rail_write_lat reports latency");
}

static void test_post_list_rules(void **state)
{
	struct run r;

	(void)state;
	/* CQ moderation follows -l, also above 8 KiB */
	ok_no_output(&r, finish(&r, &bw_desc, "-l", "4", NULL));
	assert_int_equal(r.o.cq_mod, 4);
	ok_no_output(&r, finish(&r, &bw_desc, "-l", "8", "-Q", "4", NULL));
	assert_int_equal(r.o.cq_mod, 4);
	assert_int_equal(finish(&r, &bw_desc, "-l", "6", "-Q", "4", "-n",
				"4800", NULL),
			 -EINVAL);
	err_has(&r, "invalid -l value '6': the post list size must be a "
		    "multiple of the CQ moderation (-Q 4");
	assert_int_equal(finish(&r, &bw_desc, "-l", "3", NULL), -EINVAL);
	err_has(&r, "invalid -l value '3': the iterations (-n 5000) must be "
		    "a multiple of the post list size");
	/* -D: no iteration count to divide */
	ok_no_output(&r, finish(&r, &bw_desc, "-l", "3", "-D", "2", NULL));
	assert_int_equal(r.o.cq_mod, 3);
	assert_int_equal(finish(&r, &bw_desc, "-l", "256", "-n", "512", NULL),
			 -EINVAL);
	err_has(&r, "a post list must fit in the TX depth, 128 here");
}

static void test_run_infinitely_rules(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, finish(&r, &bw_desc, "--run_infinitely", NULL));
	assert_int_equal(r.o.duration, 5);
	assert_int_equal(r.o.tx_depth, 128);
	ok_no_output(&r,
		     finish(&r, &bw_desc, "--run_infinitely", "-D", "2", NULL));
	assert_int_equal(r.o.duration, 2);
	assert_int_equal(finish(&r, &bw_desc, "--run_infinitely", "-a", NULL),
			 -EINVAL);
	err_has(&r, "-a and --run_infinitely cannot be combined");
	assert_int_equal(finish(&r, &lat_desc, "--output=latency", "-H", NULL),
			 -EINVAL);
	err_has(&r, "-H and --output cannot be combined");
}

static void test_limit_gate(void **state)
{
	struct capture cap;
	bool bw = false, rate = false, ok;
	char err[256];
	struct run r;

	(void)state;
	/* no limits: any row passes */
	ok_no_output(&r, finish(&r, &bw_desc, NULL));
	rp_opts_limit_pass(&r.o, 0, 0, &bw, &rate);
	assert_true(rp_opts_limits_ok(&r.o, bw, rate));
	/* -w alone; one row that reaches it is enough (perftest's |=) */
	ok_no_output(&r, finish(&r, &bw_desc, "-w", "100", NULL));
	bw = rate = false;
	rp_opts_limit_pass(&r.o, 50, 1, &bw, &rate);
	assert_false(bw);
	rp_opts_limit_pass(&r.o, 100, 1, &bw, &rate);
	assert_true(bw);
	assert_true(rp_opts_limits_ok(&r.o, bw, rate));
	/* -y alone gates (perftest 6.06 .. 6.29 ignore it without -w) */
	ok_no_output(&r, finish(&r, &bw_desc, "-y", "2", NULL));
	bw = rate = false;
	rp_opts_limit_pass(&r.o, 1e9, 1.5, &bw, &rate);
	capture_begin(&cap);
	ok = rp_opts_limits_ok(&r.o, bw, rate);
	capture_end(&cap, err, sizeof(err));
	assert_false(ok);
	assert_string_equal(err, "Error: Msg rate  is below msg_rate limit\n");
	ok_no_output(&r, finish(&r, &bw_desc, "-w", "5", NULL));
	bw = rate = false;
	rp_opts_limit_pass(&r.o, 4.99, 1, &bw, &rate);
	capture_begin(&cap);
	ok = rp_opts_limits_ok(&r.o, bw, rate);
	capture_end(&cap, err, sizeof(err));
	assert_false(ok);
	assert_string_equal(err, "Error: BW result is below bw limit\n");
}

/* What perftest prints before the header for -Q and -l. */
static void notices_text(struct run *r, char *buf, size_t len)
{
	FILE *f;

	memset(buf, 0, len);
	f = fmemopen(buf, len, "w");
	assert_non_null(f);
	rp_opts_notices(&r->o, f);
	fclose(f);
}

static void test_notices(void **state)
{
	static const char line[] =
		"-----------------------------------------"
		"----------------------------------------------\n";
	char buf[512], want[512];
	struct run r;

	(void)state;
	ok_no_output(&r, finish(&r, &bw_desc, "-Q", "10", NULL));
	notices_text(&r, buf, sizeof(buf));
	snprintf(want, sizeof(want),
		 "%sWarning: Large message requested and "
		 "CQ moderation enabled\nWarning: It can lead to inaccurate "
		 "results\n",
		 line);
	assert_string_equal(buf, want);
	ok_no_output(&r, finish(&r, &bw_desc, "-l", "4", NULL));
	notices_text(&r, buf, sizeof(buf));
	snprintf(want, sizeof(want),
		 "%sPost List requested - CQ moderation "
		 "will be the size of the post list\n",
		 line);
	assert_string_equal(buf, want);
	/* none: -Q 1, -Q with -a, small sizes, one-number output */
	ok_no_output(&r, finish(&r, &bw_desc, "-Q", "1", NULL));
	notices_text(&r, buf, sizeof(buf));
	assert_string_equal(buf, "");
	ok_no_output(&r, finish(&r, &bw_desc, "-Q", "10", "-a", NULL));
	notices_text(&r, buf, sizeof(buf));
	assert_string_equal(buf, "");
	ok_no_output(&r, finish(&r, &bw_desc, "-Q", "10", "-l", "10",
				"--output=bandwidth", NULL));
	notices_text(&r, buf, sizeof(buf));
	assert_string_equal(buf, "");
}

/* rail_multi_bw's --help leaves out what it refuses (-R,
 * --run_infinitely); the one-rail BW binary lists both. */
static void test_usage_multi(void **state)
{
	static const struct rp_test_desc multi = {
		.test = RP_TEST_MULTI_BW,
		.name = "rail_multi_bw",
		.def_size = 65536,
		.def_iters = 5000,
		.def_tx_depth = 128,
		.features = RP_FEAT_BW | RP_FEAT_MULTI,
	};
	const struct rp_test_desc *d[] = { &multi, &bw_desc };
	struct rp_opts o;
	char *t;
	size_t len, i;
	FILE *f;

	(void)state;
	for (i = 0; i < 2; i++) {
		rp_opts_init(&o, d[i]);
		f = open_memstream(&t, &len);
		assert_non_null(f);
		rp_opts_usage(&o, f);
		fclose(f);
		assert_non_null(strstr(t, "-l, --post_list=<n>"));
		assert_true(!strstr(t, "--run_infinitely") == !i);
		assert_true(!strstr(t, "-R, --rdma_cm") == !i);
		free(t);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_perftest_flags),
		cmocka_unit_test(test_output_values),
		cmocka_unit_test(test_limit_values),
		cmocka_unit_test(test_unsupported_named),
		cmocka_unit_test(test_lat_rejects_bw_compat_flags),
		cmocka_unit_test(test_bidir_flags),
		cmocka_unit_test(test_write_lat_flags),
		cmocka_unit_test(test_post_list_rules),
		cmocka_unit_test(test_run_infinitely_rules),
		cmocka_unit_test(test_limit_gate),
		cmocka_unit_test(test_notices),
		cmocka_unit_test(test_usage_multi),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
