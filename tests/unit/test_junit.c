/* Description: the JUnit writer (output/rp_junit.c). For fixed records
 * (rail 0 ok, rail 1 below its baseline, rail 2 failed with < > & " ' and
 * a control character in its name and reason) the exact XML: the
 * testsuites and testsuite counts (3 tests, 2 failures), the timestamp
 * (UTC), a testcase per record with its time in seconds (3 decimals), a
 * failure typed by the verdict whose message names the record and the %
 * of its baseline, the numbers in system-out, everything XML-escaped;
 * rp_junit_escape on its own; the file replaced whole (a new file renamed
 * over it), a missing
 * directory one line and -ENOENT; xmllint -schema tests/junit/junit.xsd
 * accepts the file and refuses one whose testsuite lacks the test count a
 * CI server needs (skipped when xmllint is not installed). */
#define _GNU_SOURCE
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "capture.h"
#include "fleetrecs.h"
#include "output/rp_junit.h"

static const struct rp_junit_suite suite = {
	.name = "rail_multi_bw",
	.host = "dgx<01>",
	.start = 0,
	.seconds = 12.5,
};

static const char want[] =
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	"<testsuites name=\"railperf\" tests=\"3\" failures=\"2\" errors="
	"\"0\" time=\"12.500\">\n"
	"  <testsuite name=\"rail_multi_bw\" tests=\"3\" failures=\"2\" e"
	"rrors=\"0\" skipped=\"0\" time=\"12.500\" timestamp=\"1970-01-01"
	"T00:00:00\" hostname=\"dgx&lt;01&gt;\">\n"
	"    <testcase classname=\"rail_multi_bw.dgx&lt;01&gt;\" name=\"r"
	"ail 0 (mlx5_0)\" time=\"10.250\">\n"
	"      <system-out>send, ok: 97.90 Gb/s, 99.9% of its ceiling of "
	"98.01 Gb/s, 99.4% of its baseline of 98.50 Gb/s</system-out>\n"
	"    </testcase>\n"
	"    <testcase classname=\"rail_multi_bw.dgx&lt;01&gt;\" name=\"r"
	"ail 1 (mlx5_1)\" time=\"10.500\">\n"
	"      <failure type=\"below_baseline\" message=\"rail 1 (mlx5_1)"
	": 40.8% of its baseline of 98.00 Gb/s (40.00 Gb/s, down 59.2%), "
	"below the tolerance of 10%\">below_baseline: 40.8% of its baseli"
	"ne of 98.00 Gb/s (40.00 Gb/s, down 59.2%), below the tolerance o"
	"f 10%</failure>\n"
	"      <system-out>send, below_baseline: 40.8% of its baseline of"
	" 98.00 Gb/s (40.00 Gb/s, down 59.2%), below the tolerance of 10%"
	"</system-out>\n"
	"    </testcase>\n"
	"    <testcase classname=\"rail_multi_bw.dgx&lt;01&gt;\" name=\"r"
	"ail 2 (mlx5_2) &lt;&quot;&amp;&apos;&gt;\" time=\"0.001\">\n"
	"      <failure type=\"failed\" message=\"rail 2 (mlx5_2) &lt;&qu"
	"ot;&amp;&apos;&gt;: at 2.04 s: IBV_WC_RETRY_EXC_ERR &lt;x&gt; &a"
	"mp; &quot;y&quot;?\">failed: at 2.04 s: IBV_WC_RETRY_EXC_ERR &lt"
	";x&gt; &amp; &quot;y&quot;?</failure>\n"
	"      <system-out>receive, failed: at 2.04 s: IBV_WC_RETRY_EXC_E"
	"RR &lt;x&gt; &amp; &quot;y&quot;?</system-out>\n"
	"    </testcase>\n"
	"  </testsuite>\n"
	"</testsuites>\n";

static void test_text(void **state)
{
	struct rp_fleet_rec r[FLEETRECS];
	char *t;

	(void)state;
	fleetrecs(r);
	t = rp_junit_text(&suite, r, FLEETRECS);
	assert_non_null(t);
	assert_string_equal(t, want);
	free(t);
}

static void test_escape(void **state)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	(void)state;
	assert_non_null(f);
	rp_junit_escape(f, "<a & b>\"c\" 'd'\t\n\x01\x1f\x7f\xc3\xa9");
	assert_int_equal(fclose(f), 0);
	assert_string_equal(text, "&lt;a &amp; b&gt;&quot;c&quot; &apos;d&apos;"
				  "\t\n???\xc3\xa9");
	free(text);
}

static void test_write(void **state)
{
	struct rp_fleet_rec r[FLEETRECS];
	char dir[64], path[128], err[512], exp[512], *got;
	struct stat before, after;
	struct capture c;
	int ret;

	(void)state;
	fleetrecs(r);
	scratch_make(dir);
	snprintf(path, sizeof(path), "%s/junit.xml", dir);
	spit(path, "<old/>\n");
	assert_int_equal(stat(path, &before), 0);
	assert_int_equal(rp_junit_write(path, &suite, r, FLEETRECS), 0);
	assert_int_equal(stat(path, &after), 0);
	assert_int_not_equal(after.st_ino, before.st_ino); /* renamed over */
	got = slurp(path);
	assert_string_equal(got, want);
	free(got);
	assert_int_equal(scratch_entries(dir), 1);
	snprintf(path, sizeof(path), "%s/no/junit.xml", dir);
	capture_begin(&c);
	ret = rp_junit_write(path, &suite, r, FLEETRECS);
	capture_end(&c, err, sizeof(err));
	assert_int_equal(ret, -ENOENT);
	snprintf(exp, sizeof(exp), "test_junit: cannot write '%s': %s\n", path,
		 strerror(ENOENT));
	assert_string_equal(err, exp);
	assert_int_equal(scratch_entries(dir), 1);
	scratch_drop(dir);
}

/* xmllint -schema XSD on @text: its exit status. */
static int xmllint(const char *xsd, const char *dir, const char *text)
{
	char path[128], cmd[1024];

	snprintf(path, sizeof(path), "%s/t.xml", dir);
	spit(path, text);
	snprintf(cmd, sizeof(cmd),
		 "xmllint --noout --schema '%s' '%s' >/dev/null 2>&1", xsd,
		 path);
	return system(cmd);
}

static void test_schema(void **state)
{
	char xsd[1024], dir[64], *bad;

	(void)state;
	if (system("command -v xmllint >/dev/null 2>&1") ||
	    !tree_path("tests/junit/junit.xsd", xsd, sizeof(xsd)))
		skip(); /* no xmllint (libxml2-utils) or no schema */
	scratch_make(dir);
	assert_int_equal(xmllint(xsd, dir, want), 0);
	/* a testsuite without "tests" (renamed): refused, the schema checks */
	bad = strdup(want);
	memcpy(strstr(bad, " tests=\"3\" failures=\"2\" errors=\"0\" skip"),
	       " hosts=\"3\" ", 11);
	assert_int_not_equal(xmllint(xsd, dir, bad), 0);
	free(bad);
	scratch_drop(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_write),
		cmocka_unit_test(test_schema),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
