/* Description: rp_main_start, the start the test binaries share: -h and
 * --version answered on stdout (exit 0, nothing else printed), a bad flag
 * and a failing binary check refused (exit 1, the error on stderr, no
 * usage), a good command line ready to run with perftest's derived
 * defaults applied and its notices printed; rp_main, the binaries' whole
 * main: the run called only for a good command line, with its plan (its
 * size), exit 0 or 1. */
#define _GNU_SOURCE
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
#include "opts_run.h"
#include "app/rp_main.h"
#include "app/rp_opts.h"
#include "base/rp_version.h"

struct started {
	struct rp_opts o;
	struct rp_plan p;
	enum rp_main_next next;
	char out[8192];
	char err[1024];
};

static int check_calls;

static int check_ok(const struct rp_opts *o)
{
	(void)o;
	check_calls++;
	return 0;
}

static int check_refuses(const struct rp_opts *o)
{
	check_calls++;
	fprintf(stderr, "refused size %llu\n", (unsigned long long)o->size);
	return -1;
}

/* start(s, desc, check, args..., NULL): rp_main_start with stdout and
 * stderr captured into s->out and s->err. */
static void start(struct started *s, const struct rp_test_desc *d,
		  int (*check)(const struct rp_opts *), ...)
{
	char *argv[16];
	int argc = 0;
	struct capture out, err;
	va_list ap;

	argv[argc++] = (char *)d->name;
	va_start(ap, check);
	while (argc < 15 && (argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	argv[argc] = NULL;
	optind = 0; /* getopt state from an earlier start */
	check_calls = 0;
	capture_fd_begin(&out, STDOUT_FILENO);
	capture_fd_begin(&err, STDERR_FILENO);
	s->next = rp_main_start(&s->o, &s->p, d, argc, argv, check);
	rp_plan_fini(&s->p);
	capture_end(&err, s->err, sizeof(s->err));
	capture_end(&out, s->out, sizeof(s->out));
}

static void test_version(void **state)
{
	struct started s;
	char want[128];

	(void)state;
	start(&s, &bw_desc, check_ok, "--version", NULL);
	assert_int_equal(s.next, RP_MAIN_DONE);
	snprintf(want, sizeof(want),
		 "rail_write_bw (railperf) %s, output format of perftest %s\n",
		 RP_VERSION, RP_PERFTEST_FORMAT);
	assert_string_equal(s.out, want);
	assert_string_equal(s.err, "");
	assert_int_equal(check_calls, 0);
	start(&s, &lat_desc, NULL, "-V", NULL);
	assert_int_equal(s.next, RP_MAIN_DONE);
	assert_non_null(strstr(s.out, "rail_read_lat (railperf) "));
}

static void test_help(void **state)
{
	struct started s;

	(void)state;
	start(&s, &bw_desc, check_refuses, "-h", NULL);
	assert_int_equal(s.next, RP_MAIN_DONE);
	assert_non_null(strstr(s.out, "Usage:"));
	assert_non_null(strstr(s.out, "rail_write_bw"));
	assert_string_equal(s.err, "");
	assert_int_equal(check_calls, 0); /* -h never fails the check */
}

static void test_bad_flag(void **state)
{
	struct started s;

	(void)state;
	start(&s, &bw_desc, check_ok, "-s", "zero", NULL);
	assert_int_equal(s.next, RP_MAIN_FAIL);
	assert_non_null(strstr(s.err, "zero"));
	assert_null(strstr(s.out, "Usage:"));
	assert_int_equal(check_calls, 0);
}

static void test_check_refuses(void **state)
{
	struct started s;

	(void)state;
	start(&s, &lat_desc, check_refuses, "-s", "64", NULL);
	assert_int_equal(s.next, RP_MAIN_FAIL);
	assert_int_equal(check_calls, 1);
	assert_string_equal(s.err, "refused size 64\n");
	assert_string_equal(s.out, "");
}

static void test_run(void **state)
{
	struct started s;

	(void)state;
	/* perftest's derived defaults applied: TX depth capped to -n; no
	 * notice without -l or -Q */
	start(&s, &bw_desc, check_ok, "-s", "65536", "-n", "10", "127.0.0.1",
	      NULL);
	assert_int_equal(s.next, RP_MAIN_RUN);
	assert_int_equal(check_calls, 1);
	assert_string_equal(s.o.server, "127.0.0.1");
	assert_int_equal(s.o.size, 65536);
	assert_int_equal(s.o.iters, 10);
	assert_int_equal(s.o.tx_depth, 10);
	assert_string_equal(s.err, "");
	assert_string_equal(s.out, "");
	/* -l 4: perftest's Post List notice, first thing on stdout; CQ
	 * moderation becomes the list size */
	start(&s, &bw_desc, check_ok, "-l", "4", "-n", "100", "127.0.0.1",
	      NULL);
	assert_int_equal(s.next, RP_MAIN_RUN);
	assert_non_null(strstr(s.out, "Post List requested - CQ moderation "
				      "will be the size of the post list\n"));
	assert_int_equal(s.o.cq_mod, 4);
	/* --output: the number only, no notice */
	start(&s, &bw_desc, check_ok, "-l", "4", "-n", "100",
	      "--output=bandwidth", "127.0.0.1", NULL);
	assert_int_equal(s.next, RP_MAIN_RUN);
	assert_string_equal(s.out, "");
}

static int run_calls, run_ret;
static unsigned long long run_size;

static int run_stub(struct rp_plan *p)
{
	run_calls++;
	run_size = p->max_size;
	return run_ret;
}

/* rp_main's exit status for args... (NULL-terminated), stdout and stderr
 * captured and dropped; the run returns @ret. */
static int main_status(int ret, ...)
{
	char *argv[16], sink[8192];
	struct capture out, err;
	int argc = 0, st;
	va_list ap;

	argv[argc++] = (char *)bw_desc.name;
	va_start(ap, ret);
	while (argc < 15 && (argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	argv[argc] = NULL;
	optind = 0;
	run_calls = 0;
	run_size = 0;
	run_ret = ret;
	capture_fd_begin(&out, STDOUT_FILENO);
	capture_fd_begin(&err, STDERR_FILENO);
	st = rp_main(&bw_desc, argc, argv, check_ok, run_stub);
	capture_end(&err, sink, sizeof(sink));
	capture_end(&out, sink, sizeof(sink));
	return st;
}

static void test_rp_main(void **state)
{
	(void)state;
	assert_int_equal(main_status(0, "--version", NULL), 0);
	assert_int_equal(run_calls, 0);
	assert_int_equal(main_status(0, "-h", NULL), 0);
	assert_int_equal(run_calls, 0);
	assert_int_equal(main_status(0, "-s", "zero", NULL), 1);
	assert_int_equal(run_calls, 0);
	assert_int_equal(main_status(0, "-s", "4096", "127.0.0.1", NULL), 0);
	assert_int_equal(run_calls, 1);
	assert_int_equal(run_size, 4096);
	assert_int_equal(main_status(-5, "127.0.0.1", NULL), 1);
	assert_int_equal(run_calls, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_version),
		cmocka_unit_test(test_help),
		cmocka_unit_test(test_bad_flag),
		cmocka_unit_test(test_check_refuses),
		cmocka_unit_test(test_run),
		cmocka_unit_test(test_rp_main),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
