/* Description: rp_log, railperf's two output paths: rp_fprintf prints
 * result text whole and flushed, and neither it nor rp_err / rp_warn
 * changes errno, even when the write itself fails (stdout or stderr on
 * /dev/full), so that a caller may print strerror(errno) and then return
 * -errno. rp_err's line is "PROG: message", rp_warn's "PROG: warning:
 * message". A NULL stream (the text of --output's mode) prints nothing,
 * returns 0 and keeps errno, without touching stdout. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/rp_log.h"
#include "capture.h"

static void test_fprintf_text(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	assert_non_null(f);
	assert_int_equal(rp_fprintf(f, " %s: %d\n", "railperf", 42), 14);
	/* flushed: the text is there before the stream is closed */
	assert_int_equal(len, 14);
	assert_string_equal(buf, " railperf: 42\n");
	fclose(f);
	free(buf);
}

static void test_fprintf_keeps_errno(void **state)
{
	FILE *full = fopen("/dev/full", "w");

	(void)state;
	assert_non_null(full);
	errno = EACCES;
	rp_fprintf(full, "%s\n", "no room for this line");
	assert_int_equal(errno, EACCES);
	fclose(full);
}

/* rp_err and rp_warn with stderr on /dev/full: the write fails (ENOSPC)
 * and errno still holds what the caller is reporting. */
static void test_fprintf_null(void **state)
{
	struct capture cap;
	char out[64];

	(void)state;
	capture_fd_begin(&cap, STDOUT_FILENO);
	errno = EAGAIN;
	assert_int_equal(rp_fprintf(NULL, "dropped %d\n", 42), 0);
	assert_int_equal(errno, EAGAIN);
	rp_fprintf(stdout, "kept\n");
	capture_end(&cap, out, sizeof(out));
	assert_string_equal(out, "kept\n");
}

static void test_diag_keeps_errno(void **state)
{
	int saved = dup(STDERR_FILENO), full = open("/dev/full", O_WRONLY);
	int after_err, after_warn;

	(void)state;
	assert_true(saved >= 0 && full >= 0);
	dup2(full, STDERR_FILENO);
	errno = EACCES;
	rp_err("opening %s: %s", "x", strerror(errno));
	after_err = errno;
	errno = ENOENT;
	rp_warn("%s", "no counters");
	after_warn = errno;
	dup2(saved, STDERR_FILENO);
	close(saved);
	close(full);
	assert_int_equal(after_err, EACCES);
	assert_int_equal(after_warn, ENOENT);
}

static void test_diag_lines(void **state)
{
	struct capture c;
	char err[256];

	(void)state;
	capture_begin(&c);
	rp_err("invalid -m value '%s'", "1000");
	rp_warn("no topology (%s)", "hwloc");
	capture_end(&c, err, sizeof(err));
	assert_string_equal(err, "test_log: invalid -m value '1000'\n"
				 "test_log: warning: no topology (hwloc)\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fprintf_text),
		cmocka_unit_test(test_fprintf_keeps_errno),
		cmocka_unit_test(test_fprintf_null),
		cmocka_unit_test(test_diag_keeps_errno),
		cmocka_unit_test(test_diag_lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
