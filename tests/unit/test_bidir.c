/* Description: -b (bidirectional) and rail_write_lat's reporting pieces:
 * perftest's summed row (print_full_bw_report with a remote report: size
 * and #iterations of this side, peak, average and MsgRate added), the
 * --report-both blocks byte for byte as ib_write_bw 6.06 prints them, the
 * railperf line with each direction and their sum (no '-'), the
 * "bidirectional" JSON object under railperf's keys, the peer's upper halves and the check of the bytes that
 * arrived in this side's upper halves (rp_bidir), WRITE latency halved
 * (rp_latstats_div, the -H samples). */
#define _GNU_SOURCE
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "memout.h"
#include "engine/rp_bidir.h"
#include "engine/rp_latstats.h"
#include "output/rp_report_bidir.h"
#include "output/rp_report_lat.h"
#include "proto/rp_pattern.h"

static const struct rp_result loc = { 65536,	5000,  40.5, 40.25,
				      0.000644, { 0 }, { 0 } };
static const struct rp_result rem = { 65536,	4990,  30.25, 30.5,
				      0.000488, { 0 }, { 0 } };

static void test_sum(void **state)
{
	struct rp_result s;

	(void)state;
	rp_bidir_sum(&loc, &rem, &s);
	assert_int_equal(s.size, 65536);
	assert_int_equal(s.iters, 5000); /* this side's, as perftest */
	assert_true(s.bw_peak == 70.75);
	assert_true(s.bw_avg == 70.75);
	assert_true(s.msg_rate == 0.000644 + 0.000488);
}

#define LINE \
	"---------------------------------------------------------------------------------------\n"
#define TITLE \
	" #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   " \
	"MsgRate[Mpps]\n"

/* ib_write_bw -b --report-both (write_bw.c 6.06): after the summed row. */
static void test_report_both_bytes(void **state)
{
	struct mem m;

	(void)state;
	rp_report_bidir_both(mem_open(&m), &loc, &rem, false);
	mem_expect(&m, LINE "\n Local results: \n" LINE TITLE
			    " 65536      5000             40.50              "
			    "40.25  \t\t   0.000644\n" LINE
			    "\n Remote results: \n" LINE TITLE
			    " 65536      4990             30.25              "
			    "30.50  \t\t   0.000488\n");
}

static void test_rail_line(void **state)
{
	const struct rp_verdict ok = { .ok = 1 };
	struct mem m;

	(void)state;
	/* the output rule: no '-' (not "-b"), no size, no error words */
	mem_open(&m);
	rp_report_bidir_rail(m.f, 1, "rxe1", &loc, &rem, false);
	rp_report_bidir_rail(m.f, -1, NULL, &loc, &rem, true);
	rp_report_bidir_verdict(m.f, "received here", &ok, 2);
	rp_report_bidir_verdict(m.f, "received by the peer", &ok, 2);
	assert_int_equal(fclose(m.f), 0);
	assert_rule_lines(m.buf, "65536");
	assert_non_null(strstr(m.buf, " railperf: bidirectional validation of "
				      "the bytes received by the peer passed: "
				      "every byte of the message on each of 2 "
				      "QP(s)\n"));
	free(m.buf);
	rp_report_bidir_rail(mem_open(&m), 1, "rxe1", &loc, &rem, false);
	mem_expect(&m, " railperf: rail 1 (rxe1): bidirectional: sent 40.25 "
		       "MB/sec (0.000644 Mpps), received 30.50 MB/sec "
		       "(0.000488 Mpps), both directions 70.75 MB/sec\n");
	rp_report_bidir_rail(mem_open(&m), -1, NULL, &loc, &rem, true);
	mem_expect(&m, " railperf: all rails: bidirectional: sent 40.25 "
		       "Gb/sec (0.000644 Mpps), received 30.50 Gb/sec "
		       "(0.000488 Mpps), both directions 70.75 Gb/sec\n");
}

/* -b --interval: tx from this side's bytes over its own span, rx from the
 * peer's over the peer's span (two ticks here), sums of both; "rx unknown"
 * when no count came (no '-' in a railperf line). 2^20 B in 1 s = 1.00
 * MB/sec. */
static void test_interval_row(void **state)
{
	const char *devs[2] = { "rxe0", "rxe1" };
	const uint64_t tx[2] = { 1048576, 3 * 1048576 };
	const uint64_t rx[2] = { 4 * 1048576, 2 * 1048576 };
	struct mem m;

	(void)state;
	rp_report_interval_bidir(mem_open(&m), 1.0, 2.0, devs, tx, 1000000000,
				 rx, 2000000000, 2, false);
	mem_expect(&m, " railperf: interval   1.0 to   2.0 s: rxe0 tx 1.00 "
		       "rx 2.00, rxe1 tx 3.00 rx 1.00, sum tx 4.00 rx 3.00 "
		       "MB/sec\n");
	rp_report_interval_bidir(mem_open(&m), 2.0, 3.0, devs, tx, 1000000000,
				 NULL, 0, 2, true);
	mem_expect(&m, " railperf: interval   2.0 to   3.0 s: rxe0 tx 0.01 "
		       "rx unknown, rxe1 tx 0.03 rx unknown, sum tx 0.03 rx "
		       "unknown Gb/sec\n");
}

/* The "bidirectional" object: each direction under railperf's keys (in
 * the run's unit), none of perftest's result keys, which the document
 * holds once, in "results" (a script greps BW_average). */
static void test_json(void **state)
{
	cJSON *o = rp_json_bidir(&loc, &rem, false);
	cJSON *sum;
	char *text;

	(void)state;
	assert_non_null(o);
	assert_true(cJSON_GetObjectItem(cJSON_GetObjectItem(o, "sent"),
					"bw_average_mib_per_s")
			    ->valuedouble == 40.25);
	assert_true(cJSON_GetObjectItem(cJSON_GetObjectItem(o, "received"),
					"bw_average_mib_per_s")
			    ->valuedouble == 30.5);
	sum = cJSON_GetObjectItem(o, "sum");
	assert_true(
		cJSON_GetObjectItem(sum, "bw_average_mib_per_s")->valuedouble ==
		70.75);
	assert_true(
		cJSON_GetObjectItem(sum, "bw_peak_mib_per_s")->valuedouble ==
		70.75);
	assert_int_equal(cJSON_GetObjectItem(sum, "messages")->valueint, 5000);
	assert_true(cJSON_GetObjectItem(sum, "msg_rate_mpps")->valuedouble ==
		    0.000644 + 0.000488);
	text = cJSON_PrintUnformatted(o);
	assert_non_null(text);
	assert_null(strstr(text, "BW_average"));
	assert_null(strstr(text, "BW_peak"));
	assert_null(strstr(text, "MsgRate"));
	assert_null(strstr(text, "MsgSize"));
	assert_null(strstr(text, "n_iterations"));
	cJSON_free(text);
	cJSON_Delete(o);
	o = rp_json_bidir(&loc, &rem, true);
	assert_true(cJSON_GetObjectItem(cJSON_GetObjectItem(o, "sent"),
					"bw_average_gbit_per_s")
			    ->valuedouble == 40.25);
	cJSON_Delete(o);
}

static void test_peer_halves(void **state)
{
	static struct rp_rail_addr in, out;

	(void)state;
	in.num_qps = 2;
	in.qp[0] = (struct rp_qp_addr){ .addr = 0x10000, .len = 8192 };
	in.qp[1] = (struct rp_qp_addr){ .addr = 0x12000, .len = 8193 };
	rp_bidir_peer(&in, &out);
	assert_int_equal(out.qp[0].addr, 0x10000 + 4096);
	assert_int_equal(out.qp[0].len, 4096);
	assert_int_equal(out.qp[1].addr, 0x12000 + 4096);
	assert_int_equal(out.qp[1].len, 4097);
	assert_int_equal(in.qp[0].addr, 0x10000); /* input untouched */
}

/* Two QPs of 2 x 4096 bytes: the peer's pattern of 100 bytes arrived in
 * each upper half; a changed byte in QP 1's upper half is found, with its
 * offset within the half; the lower halves (what is sent) never count. */
static void test_check_upper(void **state)
{
	static uint8_t buf[2 * 8192];
	struct rp_rail r = { .slice = 8192, .num_qps = 2 };
	struct rp_verdict v;

	(void)state;
	r.buf.addr = buf;
	memset(buf, 0, sizeof(buf));
	rp_bidir_fill(&r); /* lower halves: this side's pattern */
	assert_int_equal(buf[4096], 0);
	rp_pattern_fill(buf + 4096, 100, 0);
	rp_pattern_fill(buf + 8192 + 4096, 100, 1);
	assert_int_equal(rp_bidir_check(&r, 100, 3, &v), 0);
	assert_int_equal(v.ok, 1);
	assert_int_equal(v.rail, 3);
	buf[8192 + 4096 + 7] ^= 0xff;
	assert_int_not_equal(rp_bidir_check(&r, 100, 2, &v), 0);
	assert_int_equal(v.ok, 0);
	assert_int_equal(v.rail, 2);
	assert_int_equal(v.qp, 1);
	assert_int_equal(v.offset, 7);
	buf[8192 + 4096 + 7] ^= 0xff;
	buf[8192 + 4096 + 100] = 1; /* past the size: must be zero */
	assert_int_not_equal(rp_bidir_check(&r, 100, 0, &v), 0);
	assert_int_equal(v.offset, 100);
}

/* WRITE latency: round trips of 3, 5, 10 us are reported halved. */
static void test_lat_halved(void **state)
{
	uint64_t ns[] = { 10000, 3000, 5000 };
	struct rp_latstats st;
	struct mem m;

	(void)state;
	assert_int_equal(rp_latstats_compute(ns, 3, &st), 0);
	rp_latstats_div(&st, 2);
	assert_int_equal(st.n, 3);
	assert_true(st.t_min == 1.5);
	assert_true(st.t_max == 5.0);
	assert_true(st.t_typical == 2.5);
	assert_true(st.p99 == 5.0);
	rp_report_lat_samples_div(mem_open(&m), ns, 3, 2);
	mem_expect(&m, "#, usec\n1, 1.5\n2, 2.5\n3, 5\n" LINE);
	rp_report_lat_samples_div(mem_open(&m), ns, 1, 0);
	mem_expect(&m, "#, usec\n1, 3\n" LINE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sum),
		cmocka_unit_test(test_report_both_bytes),
		cmocka_unit_test(test_rail_line),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_peer_halves),
		cmocka_unit_test(test_check_upper),
		cmocka_unit_test(test_lat_halved),
		cmocka_unit_test(test_interval_row),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
