/* Description: rp_latapp_run, the latency app, both sides at once on two
 * threads over loopback TCP and the fake device, rail and engine (fake.h,
 * linked in place of the library's), with each binary's real options and
 * plan: rail_read_lat's client alone runs the engine and prints rows, its
 * server is passive (no row, no JSON document: perftest's), the READ
 * lands at the client, which checks --validate and tells the server (a
 * byte flipped on the way fails both); rail_write_lat and rail_send_lat
 * run the ping-pong on both sides, both print the table and write JSON,
 * and halve the round trip (perftest's rtt_factor); -a's 23 rows; the
 * title of each verb; --output's one number; on the fake's device, one
 * perftest does not know, inline data turned off even with -I (a warning
 * on each side, 6.06's extra separator first, no inline size on any QP)
 * and relaxed ordering asked for by rail_send_lat, not by
 * rail_write_lat. rail_atomic_lat (-A): READ's roles, 8-byte rows, its
 * title, 6.06's extra separator, --validate reading the word back (a
 * doubled add fails both sides). Every fake sample is 2 us. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "apprun.h"
#include "app/rp_latapp.h"

#define PAIR(pr, t, ...) \
	app_pair((pr), (t), rp_latapp_run, \
		 (const char *const[]){ __VA_ARGS__, NULL })

/* Side @s's row @k is @size bytes, @iters samples, every statistic
 * @usec (t_min, t_max, t_typical, t_avg; stdev 0; both percentiles). */
static void row_is(const struct side *s, int k, double size, double iters,
		   double usec)
{
	double v[10];

	if (app_row(s->text, k, v, 10) != 9)
		fail_msg("no row %d in:\n%s", k, s->text);
	assert_true(v[0] == size);
	assert_true(v[1] == iters);
	assert_true(v[2] == usec && v[3] == usec && v[4] == usec);
	assert_true(v[5] == usec && v[6] == 0);
	assert_true(v[7] == usec && v[8] == usec);
}

static void both_ok(const struct pair *pr)
{
	if (pr->srv.ret || pr->cli.ret)
		fail_msg("server %d, client %d:\n%s", pr->srv.ret, pr->cli.ret,
			 pr->err);
}

/* READ: the client READs, checks, writes JSON; the server only waits. */
static void test_read(void **state)
{
	cJSON *j;
	struct pair pr;
	double v[10];

	(void)state;
	fake_reset();
	PAIR(&pr, RP_TEST_READ_LAT, "-d", "fake0", "-s", "64", "-n", "100",
	     "--validate");
	both_ok(&pr);
	assert_int_equal(fake.runs, 1);
	row_is(&pr.cli, 0, 64, 100, 2.0); /* the full round trip */
	assert_int_equal(app_row(pr.srv.text, 0, v, 10), 0);
	assert_non_null(strstr(pr.cli.text, " RDMA_Read Latency Test\n"));
	assert_non_null(strstr(pr.srv.text, " RDMA_Read Latency Test\n"));
	j = app_json(pr.cli.json);
	assert_non_null(j);
	assert_true(app_num(j, "results", "t_avg") == 2.0);
	cJSON_Delete(j);
	assert_null(app_json(pr.srv.json));
	app_done(&pr);
	fake.corrupt = true;
	PAIR(&pr, RP_TEST_READ_LAT, "-d", "fake0", "-s", "64", "-n", "100",
	     "--validate");
	assert_int_equal(pr.cli.ret, -EILSEQ); /* it checked */
	assert_int_equal(pr.srv.ret, -EILSEQ); /* its VERDICT */
	app_done(&pr);
}

/* Atomics: as READ, 8 bytes; the word holds one more per atomic. */
static void test_atomic(void **state)
{
	struct pair pr;

	(void)state;
	fake_reset();
	PAIR(&pr, RP_TEST_ATOMIC_LAT, "-d", "fake0", "-n", "100", "-A",
	     "CMP_AND_SWAP", "--validate");
	both_ok(&pr);
	app_rule(&pr.cli, true, "8");
	app_rule(&pr.srv, true, "8");
	assert_int_equal(fake.runs, 1);
	row_is(&pr.cli, 0, 8, 100, 2.0); /* the full round trip */
	assert_non_null(
		strstr(pr.cli.text, " Atomic CMP_AND_SWAP Latency Test\n"));
	assert_non_null(
		strstr(pr.srv.text, " Atomic CMP_AND_SWAP Latency Test\n"));
	assert_int_equal(
		app_lines_before(pr.cli.text, APP_SEP, " Latency Test\n"), 2);
	assert_non_null(strstr(pr.cli.text, " Outstand reads  : "));
	assert_int_equal(app_count2(&pr, " railperf: validation passed: the "
					 "word of every QP holds the count "
					 "of its completed CMP_AND_SWAP "
					 "atomics\n"),
			 2);
	app_done(&pr);
	fake.corrupt = true;
	PAIR(&pr, RP_TEST_ATOMIC_LAT, "-d", "fake0", "-n", "100", "--validate");
	assert_int_equal(pr.cli.ret, -EILSEQ);
	assert_int_equal(pr.srv.ret, -EILSEQ);
	assert_non_null(strstr2(&pr, "QP 0: its word holds 101 after 100 "
				     "completed FETCH_AND_ADD atomics\n"));
	app_done(&pr);
}

/* WRITE and SEND: the ping-pong on both sides, half the round trip. */
static void test_pingpong(void **state)
{
	const enum rp_test t[] = { RP_TEST_WRITE_LAT, RP_TEST_SEND_LAT };
	const char *const title[] = { " RDMA_Write Latency Test\n",
				      " Send Latency Test\n" };
	struct pair pr;
	cJSON *j;
	int i;

	(void)state;
	for (i = 0; i < 2; i++) {
		fake_reset();
		PAIR(&pr, t[i], "-d", "fake0", "-s", "64", "-n", "100");
		both_ok(&pr);
		assert_int_equal(fake.runs, 2);
		row_is(&pr.cli, 0, 64, 100, 1.0);
		row_is(&pr.srv, 0, 64, 100, 1.0);
		assert_non_null(strstr(pr.srv.text, title[i]));
		j = app_json(pr.srv.json);
		assert_non_null(j);
		assert_true(app_num(j, "results", "t_avg") == 1.0);
		cJSON_Delete(j);
		app_done(&pr);
	}
}

/* -a: a row per size, 2 B .. 8 MiB; one engine run per size. */
static void test_all_sizes(void **state)
{
	struct pair pr;
	double v[10];

	(void)state;
	fake_reset();
	PAIR(&pr, RP_TEST_SEND_LAT, "-d", "fake0", "-a", "-n", "5");
	both_ok(&pr);
	assert_int_equal(fake.runs, 2 * 23);
	row_is(&pr.srv, 0, 2, 5, 1.0);
	row_is(&pr.srv, 22, 8388608, 5, 1.0);
	assert_int_equal(app_row(pr.srv.text, 23, v, 10), 0);
	app_done(&pr);
}

/* --output=latency: t_avg alone, on the side that measures. */
static void test_output(void **state)
{
	struct pair pr;

	(void)state;
	fake_reset();
	PAIR(&pr, RP_TEST_READ_LAT, "-d", "fake0", "-n", "100",
	     "--output=latency");
	both_ok(&pr);
	assert_string_equal(pr.cli.text, "2.000000\n");
	assert_string_equal(pr.srv.text, "");
	app_done(&pr);
	PAIR(&pr, RP_TEST_WRITE_LAT, "-d", "fake0", "-n", "100",
	     "--output=latency");
	both_ok(&pr);
	assert_string_equal(pr.cli.text, "1.000000\n");
	assert_string_equal(pr.srv.text, "1.000000\n");
	app_done(&pr);
}

/* The output rule (the plan's p->text and p->extra): stdout holds
 * perftest's lines only; the notes (how the verb was timed, -D's samples),
 * --validate's verdict and the rail lines go to the extra stream, none
 * with a '-', "error"/"fail" or the message size; under --output none. */
static void test_output_rule(void **state)
{
	struct pair pr;

	(void)state;
	fake_reset();
	PAIR(&pr, RP_TEST_READ_LAT, "-d", "fake0", "-s", "65536", "-n", "100",
	     "--validate");
	both_ok(&pr);
	app_rule(&pr.cli, true, "65536");
	app_rule(&pr.srv, true, "65536");
	assert_non_null(strstr(pr.cli.extra, " railperf: latency is the full "
					     "READ round trip"));
	assert_non_null(strstr(pr.srv.extra, " railperf: validation passed: "
					     "every byte of the message"));
	app_done(&pr);
	fake_reset();
	PAIR(&pr, RP_TEST_SEND_LAT, "-d", "fake0", "-s", "65536", "-D", "1");
	both_ok(&pr);
	app_rule(&pr.cli, true, "65536");
	app_rule(&pr.srv, true, "65536");
	assert_non_null(strstr(pr.cli.extra, " railperf: the timed run's "));
	app_done(&pr);
	fake_reset();
	PAIR(&pr, RP_TEST_WRITE_LAT, "-d", "fake0", "-n", "100",
	     "--output=latency");
	both_ok(&pr);
	app_rule(&pr.cli, false, NULL);
	app_rule(&pr.srv, false, NULL);
	app_done(&pr);
}

/* Side @s printed perftest 6.06's extra separator (@want): two before
 * the title (the server's "Waiting" banner between them), else one. */
static void extra_line_is(const struct side *s, bool want)
{
	int n = app_lines_before(s->text, APP_SEP, " Latency Test\n");

	if (n != (want ? 2 : 1))
		fail_msg("%d separators before the title in:\n%s", n, s->text);
}

/* A device perftest does not know: -I turned off on both sides of a
 * ping-pong (ctx_set_max_inline), no inline default either. */
static void test_unknown_device(void **state)
{
	struct pair pr;

	(void)state;
	fake_reset();
	PAIR(&pr, RP_TEST_WRITE_LAT, "-d", "fake0", "-I", "64", "-n", "100");
	both_ok(&pr);
	assert_int_equal(fake.max_inline, 0);
	assert_int_equal(app_count(pr.err, APP_INLINE_OFF), 2);
	assert_non_null(strstr(pr.cli.text, " Max inline data : 0[B]\n"));
	assert_non_null(strstr(pr.srv.text, " Max inline data : 0[B]\n"));
	extra_line_is(&pr.cli, true);
	extra_line_is(&pr.srv, true);
	/* ib_write_lat's disable_pcir: the peer polls the last byte */
	assert_non_null(strstr(pr.cli.text, " PCIe relax order: OFF\n"));
	app_done(&pr);
	fake_reset();
	PAIR(&pr, RP_TEST_SEND_LAT, "-d", "fake0", "-n", "100");
	both_ok(&pr);
	assert_int_equal(fake.max_inline, 0);
	assert_null(strstr(pr.err, APP_INLINE_OFF));
	extra_line_is(&pr.cli, false);
	extra_line_is(&pr.srv, false);
	/* ib_send_lat keeps relaxed ordering: the receive CQE orders */
	assert_non_null(strstr(pr.cli.text, " PCIe relax order: ON\n"));
	assert_non_null(strstr(pr.srv.text, " PCIe relax order: ON\n"));
	app_done(&pr);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read),
		cmocka_unit_test(test_atomic),
		cmocka_unit_test(test_pingpong),
		cmocka_unit_test(test_all_sizes),
		cmocka_unit_test(test_output),
		cmocka_unit_test(test_output_rule),
		cmocka_unit_test(test_unknown_device),
	};

	srand((unsigned int)getpid());
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
