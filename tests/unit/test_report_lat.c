/* Description: rp_report_lat's ib_read_lat 6.06 text, byte for byte: the
 * latency table header (trailing space), rows in REPORT_FMT_LAT (spaces,
 * tabs, %-7.2f padding and the trailing space of a short last field; one
 * row is the golden tests/data/perftest-6.06/read_lat-default.client.txt
 * row), the -H sample list and re-printed header, which devices get 6.06's
 * extra leading separator, and railperf's own lines. Expected strings are
 * literals worked out by hand from perftest's formats. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "memout.h"
#include "output/rp_report.h"
#include "output/rp_report_lat.h"

/* clang-format off */
#define DASHES \
	"----------" "----------" "----------" "----------" \
	"----------" "----------" "----------" "----------" \
	"-------\n"
/* clang-format on */

/* RESULT_FMT_LAT (perftest_parameters.h) and RESULT_EXT, by hand. */
#define TITLE \
	" #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]" \
	"    t_avg[usec]    t_stdev[usec]   99% percentile[usec]   99.9%" \
	" percentile[usec] \n"

static void test_title(void **state)
{
	struct mem m;

	(void)state;
	rp_report_lat_title(mem_open(&m));
	mem_expect(&m, TITLE);
}

#define GOLDEN "tests/data/perftest-6.06/read_lat-default.client.txt"

/* The title and row lines of the golden 6.06 client output (read from the
 * repository root, where tests/run starts) equal our text. */
static void test_golden_file(void **state)
{
	const struct rp_latstats st = {
		.t_min = 30.15,
		.t_max = 740.37,
		.t_typical = 62.05,
		.t_avg = 72.43,
		.t_stdev = 54.97,
		.p99 = 349.17,
		.p99_9 = 740.37,
	};
	char line[512], want[512];
	FILE *f = fopen(GOLDEN, "r"), *w;
	int found = 0;

	(void)state;
	if (!f)
		skip();
	while (fgets(line, sizeof(line), f)) {
		if (strcmp(line, TITLE) == 0)
			found = 1;
		else if (found == 1 && line[0] == ' ')
			break;
	}
	fclose(f);
	assert_int_equal(found, 1);
	w = fmemopen(want, sizeof(want), "w");
	assert_non_null(w);
	rp_report_lat_row(w, 2, 1000, &st);
	fclose(w);
	assert_string_equal(line, want);
}

/* The golden row: " %-7lu" = "2" + 6 spaces; each %-7.2f pads to 7. */
static void test_row_golden(void **state)
{
	const struct rp_latstats st = {
		.n = 1000,
		.t_min = 30.15,
		.t_max = 740.37,
		.t_typical = 62.05,
		.t_avg = 72.43,
		.t_stdev = 54.97,
		.p99 = 349.17,
		.p99_9 = 740.37,
	};
	struct mem m;

	(void)state;
	rp_report_lat_row(mem_open(&m), 2, 1000, &st);
	mem_expect(&m, " 2       1000          30.15          740.37       "
		       "62.05    \t       72.43       \t54.97  \t\t349.17  \t\t"
		       "740.37 \n");
}

/* Short fields pad to 7; rounding to 2 decimals. */
static void test_row_short(void **state)
{
	const struct rp_latstats st = {
		.t_min = 1.0,
		.t_max = 9.999,
		.t_typical = 1.234,
		.t_avg = 1.5,
		.t_stdev = 0.004,
		.p99 = 2.0,
		.p99_9 = 10.0,
	};
	struct mem m;

	(void)state;
	rp_report_lat_row(mem_open(&m), 4096, 5, &st);
	mem_expect(&m, " 4096    5          1.00           10.00        "
		       "1.23     \t       1.50        \t0.00   \t\t2.00    \t\t"
		       "10.00  \n");
}

/* Fields wider than 7 push the rest right; no padding, no trailing space. */
static void test_row_wide(void **state)
{
	const struct rp_latstats st = {
		.t_min = 177788.21,
		.t_max = 600260.53,
		.t_typical = 257174.78,
		.t_avg = 289371.59,
		.t_stdev = 111404.53,
		.p99 = 600260.53,
		.p99_9 = 600260.53,
	};
	struct mem m;

	(void)state;
	rp_report_lat_row(mem_open(&m), 8388608, 10, &st);
	mem_expect(&m, " 8388608 10          177788.21        600260.53      "
		       "257174.78  \t       289371.59     \t111404.53\t\t"
		       "600260.53 \t\t600260.53\n");
}

/* -D: perftest's duration table and row (6.06 golden text). */
static void test_duration_table(void **state)
{
	struct mem m;

	(void)state;
	rp_report_lat_title_dur(mem_open(&m));
	mem_expect(&m, " #bytes        #iterations       t_avg[usec]    tps "
		       "average\n");
	rp_report_lat_row_dur(mem_open(&m), 2, 16330, 61.23, 16330.13);
	mem_expect(&m, " 2             16330            61.23          "
		       "16330.13\n");
}

static void test_histogram(void **state)
{
	const uint64_t ns[] = { 1500, 2000, 123456 };
	struct mem m;

	(void)state;
	rp_report_lat_samples_div(mem_open(&m), ns, 3, 1);
	rp_report_lat_title(m.f);
	mem_expect(&m, "#, usec\n1, 1.5\n2, 2\n3, 123.456\n" DASHES TITLE);
}

static void test_histogram_empty(void **state)
{
	struct mem m;

	(void)state;
	rp_report_lat_samples_div(mem_open(&m), NULL, 0, 0);
	rp_report_lat_title(m.f);
	mem_expect(&m, "#, usec\n" DASHES TITLE);
}

static void test_extra_line(void **state)
{
	(void)state;
	assert_true(rp_report_lat_extra_line(0xffffff, 0));    /* rxe */
	assert_false(rp_report_lat_extra_line(0x02c9, 4129));  /* CX-7 */
	assert_false(rp_report_lat_extra_line(0x02c9, 4119));  /* CX-5 */
	assert_false(rp_report_lat_extra_line(0x15b3, 41692)); /* BF-3 */
	assert_true(rp_report_lat_extra_line(0x02c9, 4131));   /* CX-8: newer */
	assert_false(rp_report_lat_extra_line(5157, 0x5401));  /* T5 */
	assert_true(rp_report_lat_extra_line(5157, 0x7001));   /* T7 */
	assert_false(rp_report_lat_extra_line(0x8086, 0x1234)); /* Intel */
	assert_false(rp_report_lat_extra_line(0x1d0f, 61345));	/* EFA */
}

static void test_method(void **state)
{
	struct mem m;

	(void)state;
	rp_report_lat_method(mem_open(&m), "READ", 8);
	mem_expect(&m, " railperf: latency is the full READ round trip; every "
		       "sample counted (no trimming), after eight untimed "
		       "iterations per size\n");
	rp_report_lat_method(mem_open(&m), "FETCH_AND_ADD", 13);
	mem_expect(&m, " railperf: latency is the full FETCH_AND_ADD round "
		       "trip; every sample counted (no trimming), after 13 "
		       "untimed iterations per size\n");
	rp_report_lat_method_write(mem_open(&m), 8);
	mem_expect(&m, " railperf: latency is half the round trip of the WRITE "
		       "ping pong; every sample counted (no trimming), after "
		       "eight untimed exchanges per size\n");
}

/* The statistics perftest's -D table leaves out, over every sample. */
static void test_dur_stats(void **state)
{
	struct rp_latstats st = { .n = 1234,
				  .t_min = 1.5,
				  .t_max = 9.25,
				  .t_typical = 2.5,
				  .t_stdev = 0.75,
				  .p99 = 7.5,
				  .p99_9 = 9.0 };
	struct mem m;

	(void)state;
	rp_report_lat_dur_stats(mem_open(&m), &st);
	mem_expect(&m, " railperf: the timed run's 1234 samples: t_min 1.50, "
		       "t_max 9.25, t_typical 2.50, t_stdev 0.75, 99% 7.50, "
		       "99.9% 9.00 usec\n");
}

static void test_capped(void **state)
{
	struct rp_latstats st = { .n = 5 };
	struct mem m;

	(void)state;
	/* every latency line of a healthy run obeys the output rule */
	mem_open(&m);
	rp_report_lat_method(m.f, "READ", 8);
	rp_report_lat_method_write(m.f, 8);
	rp_report_lat_method_pingpong(m.f, "SEND", 8);
	rp_report_lat_dur_stats(m.f, &st);
	rp_report_lat_capped(m.f, 33554432, 41.256, 600);
	assert_int_equal(fclose(m.f), 0);
	assert_rule_lines(m.buf, "4096");
	free(m.buf);
	/* the method lines of 8-byte runs (an atomic's only size): the size
	 * nowhere, though 8 iterations are untimed */
	mem_open(&m);
	rp_report_lat_method(m.f, "READ", 8);
	rp_report_lat_method(m.f, "CMP_AND_SWAP", 8);
	rp_report_lat_method_write(m.f, 8);
	rp_report_lat_method_pingpong(m.f, "SEND", 8);
	assert_int_equal(fclose(m.f), 0);
	assert_rule_lines(m.buf, "8");
	free(m.buf);
	rp_report_lat_capped(mem_open(&m), 33554432, 41.256, 600);
	mem_expect(&m, " railperf: the timed run of 600 s stopped after 41.26 "
		       "s at the cap of 33554432 samples; the table covers "
		       "them\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_title),
		cmocka_unit_test(test_golden_file),
		cmocka_unit_test(test_row_golden),
		cmocka_unit_test(test_row_short),
		cmocka_unit_test(test_row_wide),
		cmocka_unit_test(test_duration_table),
		cmocka_unit_test(test_histogram),
		cmocka_unit_test(test_histogram_empty),
		cmocka_unit_test(test_extra_line),
		cmocka_unit_test(test_method),
		cmocka_unit_test(test_capped),
		cmocka_unit_test(test_dur_stats),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
