/* Description: the OpenMetrics writer (output/rp_openmetrics.c), the text
 * node_exporter's textfile collector reads. For fixed records (two rails;
 * rail 0 with a ceiling, a baseline and every counter, rail 1 below its
 * baseline with no counter known) the exact text at the end of a run
 * (gauges in bytes/s and ratios, the verdict family with one 1 per rail,
 * the counters with _total, pause frames per direction, the run's
 * families) and during one (--interval: no verdict, no counters,
 * railperf_run_complete 0); label values escaped (\\, \", \n) as the host
 * name needs; HELP text escaped; numbers as the shortest text that reads
 * back the same; the file replaced whole (a new file renamed over it, no
 * temporary file left), a
 * directory that does not exist one line and -ENOENT with nothing
 * written; promtool check metrics accepts the text (skipped, named, when
 * promtool is not installed). */
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
#include <sys/wait.h>

#include <cmocka.h>

#include "capture.h"
#include "fleetrecs.h"
#include "output/rp_openmetrics.h"

static const struct rp_om_run run_end = {
	.host = "dgx\"01\\a\nb",
	.test = "rail_multi_bw",
	.complete = true,
	.unix_time = 1795863527.5,
};

static const char want_end[] =
	"# HELP railperf_rail_goodput_bytes_per_second RDMA payload the r"
	"ail moved per second, in one direction: over the run at its end,"
	" over the last --interval row while it runs\n"
	"# TYPE railperf_rail_goodput_bytes_per_second gauge\n"
	"railperf_rail_goodput_bytes_per_second{host=\"dgx\\\"01\\\\a\\nb"
	"\",test=\"rail_multi_bw\",rail=\"0\",device=\"mlx5_0\",port=\"1"
	"\",direction=\"send\"} 12237500000\n"
	"railperf_rail_goodput_bytes_per_second{host=\"dgx\\\"01\\\\a\\nb"
	"\",test=\"rail_multi_bw\",rail=\"1\",device=\"mlx5_1\",port=\"1"
	"\",direction=\"send\"} 5000000000\n"
	"# HELP railperf_rail_ceiling_bytes_per_second The rail's ceiling"
	": the lower of the RoCE v2 wire's and its PCIe path's payload ra"
	"te\n"
	"# TYPE railperf_rail_ceiling_bytes_per_second gauge\n"
	"railperf_rail_ceiling_bytes_per_second{host=\"dgx\\\"01\\\\a\\nb"
	"\",test=\"rail_multi_bw\",rail=\"0\",device=\"mlx5_0\",port=\"1"
	"\",direction=\"send\"} 12251250000\n"
	"# HELP railperf_rail_ceiling_ratio Goodput over the rail's ceili"
	"ng\n"
	"# TYPE railperf_rail_ceiling_ratio gauge\n"
	"railperf_rail_ceiling_ratio{host=\"dgx\\\"01\\\\a\\nb\",test=\"r"
	"ail_multi_bw\",rail=\"0\",device=\"mlx5_0\",port=\"1\",direction"
	"=\"send\"} 0.99887766554433222\n"
	"# HELP railperf_rail_baseline_ratio Goodput over the rail's good"
	"put in the --baseline file\n"
	"# TYPE railperf_rail_baseline_ratio gauge\n"
	"railperf_rail_baseline_ratio{host=\"dgx\\\"01\\\\a\\nb\",test=\""
	"rail_multi_bw\",rail=\"0\",device=\"mlx5_0\",port=\"1\",directio"
	"n=\"send\"} 0.99390862944162439\n"
	"railperf_rail_baseline_ratio{host=\"dgx\\\"01\\\\a\\nb\",test=\""
	"rail_multi_bw\",rail=\"1\",device=\"mlx5_1\",port=\"1\",directio"
	"n=\"send\"} 0.40816326530612246\n"
	"# HELP railperf_rail_verdict 1 for the rail's verdict at the end"
	" of the run, 0 for the others (ok and lossy pass)\n"
	"# TYPE railperf_rail_verdict gauge\n"
	"railperf_rail_verdict{host=\"dgx\\\"01\\\\a\\nb\",test=\"rail_mu"
	"lti_bw\",rail=\"0\",device=\"mlx5_0\",port=\"1\",direction=\"sen"
	"d\",verdict=\"ok\"} 1\n"
	"railperf_rail_verdict{host=\"dgx\\\"01\\\\a\\nb\",test=\"rail_mu"
	"lti_bw\",rail=\"0\",device=\"mlx5_0\",port=\"1\",direction=\"sen"
	"d\",verdict=\"lossy\"} 0\n"
	"railperf_rail_verdict{host=\"dgx\\\"01\\\\a\\nb\",test=\"rail_mu"
	"lti_bw\",rail=\"0\",device=\"mlx5_0\",port=\"1\",direction=\"sen"
	"d\",verdict=\"outlier\"} 0\n"
	"railperf_rail_verdict{host=\"dgx\\\"01\\\\a\\nb\",test=\"rail_mu"
	"lti_bw\",rail=\"0\",device=\"mlx5_0\",port=\"1\",direction=\"sen"
	"d\",verdict=\"below_expect_min\"} 0\n"
	"railperf_rail_verdict{host=\"dgx\\\"01\\\\a\\nb\",test=\"rail_mu"
	"lti_bw\",rail=\"0\",device=\"mlx5_0\",port=\"1\",direction=\"sen"
	"d\",verdict=\"below_expect\"} 0\n"
	"railperf_rail_verdict{host=\"dgx\\\"01\\\\a\\nb\",test=\"rail_mu"
	"lti_bw\",rail=\"0\",device=\"mlx5_0\",port=\"1\",direction=\"sen"
	"d\",verdict=\"below_baseline\"} 0\n"
	"railperf_rail_verdict{host=\"dgx\\\"01\\\\a\\nb\",test=\"rail_mu"
	"lti_bw\",rail=\"0\",device=\"mlx5_0\",port=\"1\",direction=\"sen"
	"d\",verdict=\"failed\"} 0\n"
	"railperf_rail_verdict{host=\"dgx\\\"01\\\\a\\nb\",test=\"rail_mu"
	"lti_bw\",rail=\"1\",device=\"mlx5_1\",port=\"1\",direction=\"sen"
	"d\",verdict=\"ok\"} 0\n"
	"railperf_rail_verdict{host=\"dgx\\\"01\\\\a\\nb\",test=\"rail_mu"
	"lti_bw\",rail=\"1\",device=\"mlx5_1\",port=\"1\",direction=\"sen"
	"d\",verdict=\"lossy\"} 0\n"
	"railperf_rail_verdict{host=\"dgx\\\"01\\\\a\\nb\",test=\"rail_mu"
	"lti_bw\",rail=\"1\",device=\"mlx5_1\",port=\"1\",direction=\"sen"
	"d\",verdict=\"outlier\"} 0\n"
	"railperf_rail_verdict{host=\"dgx\\\"01\\\\a\\nb\",test=\"rail_mu"
	"lti_bw\",rail=\"1\",device=\"mlx5_1\",port=\"1\",direction=\"sen"
	"d\",verdict=\"below_expect_min\"} 0\n"
	"railperf_rail_verdict{host=\"dgx\\\"01\\\\a\\nb\",test=\"rail_mu"
	"lti_bw\",rail=\"1\",device=\"mlx5_1\",port=\"1\",direction=\"sen"
	"d\",verdict=\"below_expect\"} 0\n"
	"railperf_rail_verdict{host=\"dgx\\\"01\\\\a\\nb\",test=\"rail_mu"
	"lti_bw\",rail=\"1\",device=\"mlx5_1\",port=\"1\",direction=\"sen"
	"d\",verdict=\"below_baseline\"} 1\n"
	"railperf_rail_verdict{host=\"dgx\\\"01\\\\a\\nb\",test=\"rail_mu"
	"lti_bw\",rail=\"1\",device=\"mlx5_1\",port=\"1\",direction=\"sen"
	"d\",verdict=\"failed\"} 0\n"
	"# HELP railperf_rail_retransmitted_packets_total Packets the rai"
	"l's port sent beyond what the run's messages needed (RC retransm"
	"issions), over the run\n"
	"# TYPE railperf_rail_retransmitted_packets_total counter\n"
	"railperf_rail_retransmitted_packets_total{host=\"dgx\\\"01\\\\a"
	"\\nb\",test=\"rail_multi_bw\",rail=\"0\",device=\"mlx5_0\",port="
	"\"1\"} 12\n"
	"# HELP railperf_rail_out_of_sequence_packets_total Packets the r"
	"ail's port received out of sequence, over the run\n"
	"# TYPE railperf_rail_out_of_sequence_packets_total counter\n"
	"railperf_rail_out_of_sequence_packets_total{host=\"dgx\\\"01"
	"\\\\a\\nb\",test=\"rail_multi_bw\",rail=\"0\",device=\"mlx5_0\","
	"port=\"1\"} 3\n"
	"# HELP railperf_rail_cnp_total Congestion notification packets a"
	"nd ECN marks of the rail's port (DCQCN), over the run\n"
	"# TYPE railperf_rail_cnp_total counter\n"
	"railperf_rail_cnp_total{host=\"dgx\\\"01\\\\a\\nb\",test=\"rail_"
	"multi_bw\",rail=\"0\",device=\"mlx5_0\",port=\"1\"} 0\n"
	"# HELP railperf_rail_link_drops_total Times the link of the rail"
	"'s port went down, over the run\n"
	"# TYPE railperf_rail_link_drops_total counter\n"
	"railperf_rail_link_drops_total{host=\"dgx\\\"01\\\\a\\nb\",test="
	"\"rail_multi_bw\",rail=\"0\",device=\"mlx5_0\",port=\"1\"} 1\n"
	"# HELP railperf_rail_pause_frames_total PFC and 802.3x pause fra"
	"mes of the rail's netdev, over the run: receive (the port was pa"
	"used), send (it paused its peer)\n"
	"# TYPE railperf_rail_pause_frames_total counter\n"
	"railperf_rail_pause_frames_total{host=\"dgx\\\"01\\\\a\\nb\",tes"
	"t=\"rail_multi_bw\",rail=\"0\",device=\"mlx5_0\",port=\"1\",dire"
	"ction=\"receive\"} 5\n"
	"railperf_rail_pause_frames_total{host=\"dgx\\\"01\\\\a\\nb\",tes"
	"t=\"rail_multi_bw\",rail=\"0\",device=\"mlx5_0\",port=\"1\",dire"
	"ction=\"send\"} 0\n"
	"# HELP railperf_run_timestamp_seconds When railperf wrote this f"
	"ile, seconds since the epoch\n"
	"# TYPE railperf_run_timestamp_seconds gauge\n"
	"railperf_run_timestamp_seconds{host=\"dgx\\\"01\\\\a\\nb\",test="
	"\"rail_multi_bw\"} 1795863527.5\n"
	"# HELP railperf_run_complete 1: the run ended and these are its "
	"results; 0: it runs and these are its last --interval row\n"
	"# TYPE railperf_run_complete gauge\n"
	"railperf_run_complete{host=\"dgx\\\"01\\\\a\\nb\",test=\"rail_mu"
	"lti_bw\"} 1\n";

static const char want_ivl[] =
	"# HELP railperf_rail_goodput_bytes_per_second RDMA payload the r"
	"ail moved per second, in one direction: over the run at its end,"
	" over the last --interval row while it runs\n"
	"# TYPE railperf_rail_goodput_bytes_per_second gauge\n"
	"railperf_rail_goodput_bytes_per_second{host=\"dgx\\\"01\\\\a\\nb"
	"\",test=\"rail_multi_bw\",rail=\"0\",device=\"mlx5_0\",port=\"1"
	"\",direction=\"send\"} 12237500000\n"
	"# HELP railperf_rail_ceiling_bytes_per_second The rail's ceiling"
	": the lower of the RoCE v2 wire's and its PCIe path's payload ra"
	"te\n"
	"# TYPE railperf_rail_ceiling_bytes_per_second gauge\n"
	"railperf_rail_ceiling_bytes_per_second{host=\"dgx\\\"01\\\\a\\nb"
	"\",test=\"rail_multi_bw\",rail=\"0\",device=\"mlx5_0\",port=\"1"
	"\",direction=\"send\"} 12251250000\n"
	"# HELP railperf_rail_ceiling_ratio Goodput over the rail's ceili"
	"ng\n"
	"# TYPE railperf_rail_ceiling_ratio gauge\n"
	"railperf_rail_ceiling_ratio{host=\"dgx\\\"01\\\\a\\nb\",test=\"r"
	"ail_multi_bw\",rail=\"0\",device=\"mlx5_0\",port=\"1\",direction"
	"=\"send\"} 0.99887766554433222\n"
	"# HELP railperf_rail_baseline_ratio Goodput over the rail's good"
	"put in the --baseline file\n"
	"# TYPE railperf_rail_baseline_ratio gauge\n"
	"railperf_rail_baseline_ratio{host=\"dgx\\\"01\\\\a\\nb\",test=\""
	"rail_multi_bw\",rail=\"0\",device=\"mlx5_0\",port=\"1\",directio"
	"n=\"send\"} 0.99390862944162439\n"
	"# HELP railperf_run_timestamp_seconds When railperf wrote this f"
	"ile, seconds since the epoch\n"
	"# TYPE railperf_run_timestamp_seconds gauge\n"
	"railperf_run_timestamp_seconds{host=\"dgx\\\"01\\\\a\\nb\",test="
	"\"rail_multi_bw\"} 1795863527.5\n"
	"# HELP railperf_run_complete 1: the run ended and these are its "
	"results; 0: it runs and these are its last --interval row\n"
	"# TYPE railperf_run_complete gauge\n"
	"railperf_run_complete{host=\"dgx\\\"01\\\\a\\nb\",test=\"rail_mu"
	"lti_bw\"} 0\n";

static void test_end_of_run(void **state)
{
	struct rp_fleet_rec r[FLEETRECS];
	char *t;

	(void)state;
	fleetrecs(r);
	t = rp_openmetrics_rails(&run_end, r, 2);
	assert_non_null(t);
	assert_string_equal(t, want_end);
	free(t);
}

static void test_interval(void **state)
{
	struct rp_om_run run = run_end;
	struct rp_fleet_rec r[FLEETRECS];
	char *t;

	(void)state;
	fleetrecs(r);
	run.complete = false;
	t = rp_openmetrics_rails(&run, r, 1);
	assert_non_null(t);
	assert_string_equal(t, want_ivl);
	free(t);
}

/* rp_om_* into a string. */
static char *om_text(void (*fn)(FILE *f))
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	fn(f);
	assert_int_equal(fclose(f), 0);
	return text;
}

static void om_escapes(FILE *f)
{
	struct rp_om_labels l = { 0 };

	rp_om_escape(f, "a\\b\"c\nd=e,f{g}");
	fputc('\n', f);
	rp_om_head(f, "x_total", "counter", "back\\slash\nnew \"line\"");
	rp_om_add(&l, "k", "v\"");
	rp_om_count(f, "x_total", &l, UINT64_MAX);
}

static void test_escape(void **state)
{
	char *t = om_text(om_escapes);

	(void)state;
	assert_string_equal(t, "a\\\\b\\\"c\\nd=e,f{g}\n"
			       "# HELP x_total back\\\\slash\\nnew \"line\"\n"
			       "# TYPE x_total counter\n"
			       "x_total{k=\"v\\\"\"} 18446744073709551615\n");
	free(t);
}

static void om_numbers(FILE *f)
{
	struct rp_om_labels l = { 0 };

	rp_om_sample(f, "a", &l, 0.1);
	rp_om_sample(f, "b", &l, 1.0 / 3);
	rp_om_sample(f, "c", &l, 12);
	rp_om_sample(f, "d", &l, 1e21);
	rp_om_sample(f, "e", &l, 12237500000.0);
}

static void test_numbers(void **state)
{
	char *t = om_text(om_numbers);

	(void)state;
	assert_string_equal(t, "a 0.1\nb 0.33333333333333331\nc 12\n"
			       "d 1e+21\ne 12237500000\n");
	free(t);
}

static void test_write(void **state)
{
	char dir[64], path[128], err[512], want[512], *got;
	struct stat before, after;
	struct capture c;
	int ret;

	(void)state;
	scratch_make(dir);
	snprintf(path, sizeof(path), "%s/railperf.prom", dir);
	spit(path, "old text, longer than the new one, and not metrics\n");
	assert_int_equal(stat(path, &before), 0);
	assert_int_equal(rp_openmetrics_write(path, "a 1\n"), 0);
	assert_int_equal(stat(path, &after), 0);
	assert_int_not_equal(after.st_ino, before.st_ino); /* renamed over */
	got = slurp(path);
	assert_string_equal(got, "a 1\n");
	free(got);
	assert_int_equal(scratch_entries(dir), 1);
	snprintf(path, sizeof(path), "%s/no/railperf.prom", dir);
	capture_begin(&c);
	ret = rp_openmetrics_write(path, "a 1\n");
	capture_end(&c, err, sizeof(err));
	assert_int_equal(ret, -ENOENT);
	snprintf(want, sizeof(want),
		 "test_openmetrics: cannot write '%s': %s\n", path,
		 strerror(ENOENT));
	assert_string_equal(err, want);
	capture_begin(&c);
	ret = rp_openmetrics_write(path, NULL);
	capture_end(&c, err, sizeof(err));
	assert_int_equal(ret, -ENOMEM);
	assert_int_equal(scratch_entries(dir), 1);
	scratch_drop(dir);
}

/* promtool check metrics < @text: its exit status. */
static int promtool(const char *text)
{
	FILE *p = popen("promtool check metrics >/dev/null 2>&1", "w");
	int st;

	assert_non_null(p);
	fputs(text, p);
	st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void test_promtool(void **state)
{
	struct rp_om_run run = run_end;
	struct rp_fleet_rec r[FLEETRECS];
	char *t;

	(void)state;
	if (system("command -v promtool >/dev/null 2>&1"))
		skip(); /* "promtool: not installed (prometheus)" */
	fleetrecs(r);
	t = rp_openmetrics_rails(&run, r, FLEETRECS); /* every record */
	assert_int_equal(promtool(t), 0);
	free(t);
	run.complete = false;
	t = rp_openmetrics_rails(&run, r, FLEETRECS);
	assert_int_equal(promtool(t), 0);
	free(t);
	/* and it does check: a counter without _total fails its lint */
	assert_int_not_equal(promtool("# HELP a_frames x\n"
				      "# TYPE a_frames counter\n"
				      "a_frames 1\n"),
			     0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_end_of_run),
		cmocka_unit_test(test_interval),
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_write),
		cmocka_unit_test(test_promtool),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
