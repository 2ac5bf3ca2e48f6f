/* Description: rail_info --openmetrics (app/rp_infometrics.c) over the
 * DGX Spark fixture whose 0002 link trained to x2 (spark-x2): every port
 * a rail labelled host (uname's), test rail_info, rail (its index in
 * rail_info's list), device and port; rocep1s0f0's ceilings in bytes/s
 * sending (115.92 Gb/s) and receiving (116.59 Gb/s), rail_info's PCIe
 * ceilings of Gen5 x4 (test_rail_info.c); the lanes (2 on the x2 link, 4 on the other); the
 * verdict of --check (the x2 rails degraded, the others healthy); the
 * counters since boot where the tree has them (retries 10 = the 7
 * out-of-sequence and 3 packet_seq_err, out-of-sequence 7, CNPs 11 on
 * rocep1s0f0 alone; link drops on every rail's netdev, 0 after a clean
 * boot's carrier counters of 1 and 1; on spark-drops enP2p1s0f1np1's 21,
 * rp_carrier.h's drops); no pause frames from a sysfs tree (they
 * come from the live netdev); railperf_run_complete 1; promtool accepts
 * the text (skipped when promtool is not installed). */
#define _GNU_SOURCE
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <sys/wait.h>

#include <cmocka.h>

#include "app/rp_infometrics.h"
#include "hosts.h"
#include "info/rp_railinfo.h"

static char hosts[PATH_MAX];

/* @text holds line @tmpl, its "HOST" replaced by @host. */
static void has_line(const char *text, const char *host, const char *tmpl)
{
	const char *at = strstr(tmpl, "HOST");
	char want[640];

	if (at)
		snprintf(want, sizeof(want), "\n%.*s%s%s\n", (int)(at - tmpl),
			 tmpl, host, at + 4);
	else
		snprintf(want, sizeof(want), "\n%s\n", tmpl);
	if (!strstr(text, want))
		fail_msg("no line \"%s\" in:\n%s", want + 1, text);
}

/* Counter samples ("_total{" lines) of @text that hold @what. */
static int counter_lines(const char *text, const char *what)
{
	const char *p = text, *nl;
	char line[640];
	int n = 0;

	for (; *p; p = *nl ? nl + 1 : nl) {
		nl = strchrnul(p, '\n');
		snprintf(line, sizeof(line), "%.*s", (int)(nl - p), p);
		n += line[0] != '#' && strstr(line, "_total{") &&
		     strstr(line, what);
	}
	return n;
}

/* The counters of rocep1s0f0 (rail 2), the other rails' link drops
 * only, no pause frames. */
static void counters(const char *t, const char *h)
{
	has_line(t, h, "# TYPE railperf_port_retries_total counter");
	has_line(
		t, h,
		"railperf_port_retries_total{host=\"HOST\",test=\"rail_info\",rail=\"2\",device=\"rocep1s0f0\",port=\"1\"} 10");
	has_line(
		t, h,
		"railperf_port_out_of_sequence_packets_total{host=\"HOST\",test=\"rail_info\",rail=\"2\",device=\"rocep1s0f0\",port=\"1\"} 7");
	has_line(
		t, h,
		"railperf_port_cnp_total{host=\"HOST\",test=\"rail_info\",rail=\"2\",device=\"rocep1s0f0\",port=\"1\"} 11");
	has_line(
		t, h,
		"railperf_port_link_drops_total{host=\"HOST\",test=\"rail_info\",rail=\"2\",device=\"rocep1s0f0\",port=\"1\"} 0");
	assert_int_equal(counter_lines(t, "rail=\"2\""), 4);
	/* the other three rails: their link drops alone */
	assert_int_equal(counter_lines(t, "rail=\""), 7);
	assert_int_equal(counter_lines(t, "link_drops"), 4);
	assert_null(strstr(t, "pause_frames"));
}

static void test_spark_x2(void **state)
{
	char root[PATH_MAX + 16], *t;
	struct rp_railinfo ri;
	struct rp_railinfo_opts o = { .sysfs = root };
	struct utsname u;
	const char *h;
	FILE *p;
	int st;

	(void)state;
	snprintf(root, sizeof(root), "%s/spark-x2", hosts);
	assert_int_equal(rp_railinfo_gather(&ri, &o), 0);
	assert_int_equal(ri.n, 4);
	t = rp_infometrics_text(&ri, root);
	assert_non_null(t);
	assert_int_equal(uname(&u), 0);
	h = u.nodename;
	has_line(
		t, h,
		"railperf_port_ceiling_bytes_per_second{host=\"HOST\",test=\"rail_info\",rail=\"2\",device=\"rocep1s0f0\",port=\"1\",direction=\"send\"} 14490597284.306814");
	has_line(
		t, h,
		"railperf_port_ceiling_bytes_per_second{host=\"HOST\",test=\"rail_info\",rail=\"2\",device=\"rocep1s0f0\",port=\"1\",direction=\"receive\"} 14573400697.359997");
	has_line(
		t, h,
		"railperf_port_pcie_lanes{host=\"HOST\",test=\"rail_info\",rail=\"0\",device=\"roceP2p1s0f0\",port=\"1\"} 2");
	has_line(
		t, h,
		"railperf_port_pcie_lanes{host=\"HOST\",test=\"rail_info\",rail=\"2\",device=\"rocep1s0f0\",port=\"1\"} 4");
	has_line(
		t, h,
		"railperf_port_pcie_max_lanes{host=\"HOST\",test=\"rail_info\",rail=\"0\",device=\"roceP2p1s0f0\",port=\"1\"} 4");
	has_line(
		t, h,
		"railperf_port_verdict{host=\"HOST\",test=\"rail_info\",rail=\"0\",device=\"roceP2p1s0f0\",port=\"1\",verdict=\"degraded\"} 1");
	has_line(
		t, h,
		"railperf_port_verdict{host=\"HOST\",test=\"rail_info\",rail=\"2\",device=\"rocep1s0f0\",port=\"1\",verdict=\"healthy\"} 1");
	has_line(
		t, h,
		"railperf_port_verdict{host=\"HOST\",test=\"rail_info\",rail=\"2\",device=\"rocep1s0f0\",port=\"1\",verdict=\"degraded\"} 0");
	has_line(t, h,
		 "railperf_run_complete{host=\"HOST\",test=\"rail_info\"} 1");
	counters(t, h);
	if (!system("command -v promtool >/dev/null 2>&1")) {
		p = popen("promtool check metrics >/dev/null 2>&1", "w");
		assert_non_null(p);
		fputs(t, p);
		st = pclose(p);
		assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	}
	free(t);
	rp_railinfo_free(&ri);
}

/* spark-drops: enP2p1s0f1np1's 21 link drops since boot (carrier counters
 * 22 and 22) on its rail, roceP2p1s0f1 (rail 1); the others 0. */
static void test_spark_drops(void **state)
{
	char root[PATH_MAX + 16], *t;
	struct rp_railinfo ri;
	struct rp_railinfo_opts o = { .sysfs = root };
	struct utsname u;

	(void)state;
	snprintf(root, sizeof(root), "%s/spark-drops", hosts);
	assert_int_equal(rp_railinfo_gather(&ri, &o), 0);
	t = rp_infometrics_text(&ri, root);
	assert_non_null(t);
	assert_int_equal(uname(&u), 0);
	has_line(
		t, u.nodename,
		"railperf_port_link_drops_total{host=\"HOST\",test=\"rail_info\",rail=\"1\",device=\"roceP2p1s0f1\",port=\"1\"} 21");
	has_line(
		t, u.nodename,
		"railperf_port_link_drops_total{host=\"HOST\",test=\"rail_info\",rail=\"0\",device=\"roceP2p1s0f0\",port=\"1\"} 0");
	assert_int_equal(counter_lines(t, "link_drops"), 4);
	free(t);
	rp_railinfo_free(&ri);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_spark_x2),
		cmocka_unit_test(test_spark_drops),
	};

	hosts_find(argc > 0 ? argv[0] : NULL, hosts);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
