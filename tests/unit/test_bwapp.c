/* Description: rp_bwapp_run, the bandwidth app, both sides at once on two
 * threads over loopback TCP and the fake device, rail and engine (fake.h,
 * linked in place of the library's), with each binary's real options and
 * plan: WRITE, READ, SEND and WRITE with immediate, one way and -b, on
 * one rail and on two (rail_multi_bw). Each case holds the roles of the
 * verb table (rp_roles.c) from outside: which sides ran the engine (who
 * measures), the row each side prints (a one-way server prints the
 * client's RESULT, SEND's server its own receives, -b both directions
 * summed after the swap, each side's messages counted once), where the data landed (--validate passes, and
 * a byte flipped on its way fails both sides: the side it lands on
 * checked it and told the other), the --out_json document of each side,
 * and --output's one number; -I on the fake's device, one perftest does
 * not know: turned off by rail_write_bw as ib_write_bw does (a warning
 * on each side, 6.06's extra separator first, no inline size on any QP,
 * under --output too), kept by rail_multi_bw. The atomics (rail_atomic_bw,
 * -A, rail_multi_bw --verb=atomic) take READ's roles: the client alone
 * runs, 8-byte rows, perftest's title and SEND-style address lines;
 * --validate reads each QP's word back against the atomics completed, a
 * doubled add fails both sides with the client's count and word named.
 * Numbers are the fake's: each message takes
 * 1 us of its rail's window, so 4 KiB messages make 3906.25 MiB/s and
 * 1 Mpps per rail. */
#define _GNU_SOURCE
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "apprun.h"
#include "app/rp_bwapp.h"

#define MIB_4K 3906.25 /* 4096 B per us, in MiB/s */
#define MIB_8 7.63     /* 8 B per us, in MiB/s, as the row prints it */
#define WORD_OK \
	" railperf: validation passed: the word of every QP holds the " \
	"count of its completed %s atomics\n"

/* Both sides of binary @t with args (NULL-terminated), run. */
#define PAIR(pr, t, ...) \
	app_pair((pr), (t), rp_bwapp_run, \
		 (const char *const[]){ __VA_ARGS__, NULL })

/* Side @s's row is @size, @iters, @peak (a side that posted measured
 * it: its rate, the fake's; 0 for a receiving side and across rails),
 * @bw (average), @rate. */
static void row_is(const struct side *s, double size, double iters, double peak,
		   double bw, double rate)
{
	double v[8];

	if (app_row(s->text, 0, v, 8) != 5)
		fail_msg("no row in:\n%s", s->text);
	assert_true(v[0] == size);
	assert_true(v[1] == iters);
	assert_true(v[2] == peak);
	assert_true(v[3] == bw);
	assert_true(v[4] == rate);
}

/* Side @s's JSON results: @iters iterations at @bw MiB/s. */
static void json_is(const struct side *s, double iters, double bw)
{
	cJSON *j = app_json(s->json);

	if (!j)
		fail_msg("no JSON document in %s", s->json);
	assert_true(app_num(j, "results", "n_iterations") == iters);
	assert_true(app_num(j, "results", "BW_average") == bw);
	cJSON_Delete(j);
}

static void both_ok(const struct pair *pr)
{
	if (pr->srv.ret || pr->cli.ret)
		fail_msg("server %d, client %d:\n%s", pr->srv.ret, pr->cli.ret,
			 pr->err);
}

/* WRITE one way: the client alone runs the engine; the server prints the
 * client's row (its RESULT) and checks the bytes that landed in it. */
static void test_write(void **state)
{
	struct pair pr;

	(void)state;
	fake_reset();
	PAIR(&pr, RP_TEST_WRITE_BW, "-d", "fake0", "-s", "4096", "-n", "100",
	     "--validate");
	both_ok(&pr);
	assert_int_equal(fake.runs, 1);
	row_is(&pr.cli, 4096, 100, MIB_4K, MIB_4K, 1.0);
	row_is(&pr.srv, 4096, 100, MIB_4K, MIB_4K, 1.0);
	assert_non_null(strstr(pr.cli.text, " RDMA_Write BW Test\n"));
	assert_non_null(strstr(pr.srv.text, " RDMA_Write BW Test\n"));
	json_is(&pr.cli, 100, MIB_4K);
	json_is(&pr.srv, 100, MIB_4K);
	app_done(&pr);
	fake.corrupt = true;
	PAIR(&pr, RP_TEST_WRITE_BW, "-d", "fake0", "-s", "4096", "-n", "100",
	     "--validate");
	assert_int_equal(pr.srv.ret, -EILSEQ); /* it checked */
	assert_int_equal(pr.cli.ret, -EILSEQ); /* its VERDICT */
	app_done(&pr);
}

/* -b: both sides run the engine and print both directions summed. */
static void test_write_bidir(void **state)
{
	struct pair pr;

	(void)state;
	fake_reset();
	PAIR(&pr, RP_TEST_WRITE_BW, "-d", "fake0", "-s", "4096", "-n", "100",
	     "-b", "--validate");
	both_ok(&pr);
	assert_int_equal(fake.runs, 2);
	row_is(&pr.cli, 4096, 100, 2 * MIB_4K, 2 * MIB_4K, 2.0);
	row_is(&pr.srv, 4096, 100, 2 * MIB_4K, 2 * MIB_4K, 2.0);
	assert_non_null(strstr(pr.cli.text, " RDMA_Write Bidirectional BW "));
	app_done(&pr);
	fake.corrupt = true;
	PAIR(&pr, RP_TEST_WRITE_BW, "-d", "fake0", "-s", "4096", "-n", "100",
	     "-b", "--validate");
	assert_int_equal(pr.srv.ret, -EILSEQ);
	assert_int_equal(pr.cli.ret, -EILSEQ);
	app_done(&pr);
}

/* READ: the client reads the server's slices; the data lands at the
 * client, which checks it; the server prints the client's row. */
static void test_read(void **state)
{
	struct pair pr;

	(void)state;
	fake_reset();
	PAIR(&pr, RP_TEST_READ_BW, "-d", "fake0", "-s", "4096", "-n", "100",
	     "--validate");
	both_ok(&pr);
	assert_int_equal(fake.runs, 1);
	row_is(&pr.cli, 4096, 100, MIB_4K, MIB_4K, 1.0);
	row_is(&pr.srv, 4096, 100, MIB_4K, MIB_4K, 1.0);
	json_is(&pr.srv, 100, MIB_4K);
	app_done(&pr);
	fake.corrupt = true;
	PAIR(&pr, RP_TEST_READ_BW, "-d", "fake0", "-s", "4096", "-n", "100",
	     "--validate");
	assert_int_equal(pr.cli.ret, -EILSEQ);
	assert_int_equal(pr.srv.ret, -EILSEQ);
	app_done(&pr);
	fake_reset();
	PAIR(&pr, RP_TEST_READ_BW, "-d", "fake0", "-s", "4096", "-n", "100",
	     "-b", "--validate"); /* each reads the other's lower halves */
	both_ok(&pr);
	assert_int_equal(fake.runs, 2);
	row_is(&pr.srv, 4096, 100, 2 * MIB_4K, 2 * MIB_4K, 2.0);
	app_done(&pr);
}

/* SEND: the server runs its receives and prints its own row (no RESULT);
 * what it received is checked there. -b: both send and receive. */
static void test_send(void **state)
{
	struct pair pr;

	(void)state;
	fake_reset();
	PAIR(&pr, RP_TEST_SEND_BW, "-d", "fake0", "-s", "4096", "-n", "100",
	     "--validate");
	both_ok(&pr);
	assert_int_equal(fake.runs, 2);
	row_is(&pr.cli, 4096, 100, MIB_4K, MIB_4K, 1.0);
	row_is(&pr.srv, 4096, 100, 0, MIB_4K, 1.0);
	assert_non_null(strstr(pr.srv.text, " Send BW Test\n"));
	app_done(&pr);
	fake.corrupt = true;
	PAIR(&pr, RP_TEST_SEND_BW, "-d", "fake0", "-s", "4096", "-n", "100",
	     "--validate");
	assert_int_equal(pr.srv.ret, -EILSEQ);
	assert_int_equal(pr.cli.ret, -EILSEQ);
	app_done(&pr);
	fake_reset();
	PAIR(&pr, RP_TEST_SEND_BW, "-d", "fake0", "-s", "4096", "-n", "100",
	     "-b", "--validate");
	both_ok(&pr);
	assert_int_equal(fake.runs, 2);
	row_is(&pr.cli, 4096, 100, 2 * MIB_4K, 2 * MIB_4K, 2.0);
	row_is(&pr.srv, 4096, 100, 2 * MIB_4K, 2 * MIB_4K, 2.0);
	app_done(&pr);
}

/* WRITE with immediate: SEND's roles (each message takes a receive). */
static void test_write_imm(void **state)
{
	struct pair pr;

	(void)state;
	fake_reset();
	PAIR(&pr, RP_TEST_WRITE_BW, "-d", "fake0", "-s", "4096", "-n", "100",
	     "--write_with_imm");
	both_ok(&pr);
	assert_int_equal(fake.runs, 2);
	row_is(&pr.srv, 4096, 100, 0, MIB_4K, 1.0); /* its receives */
	assert_non_null(strstr(pr.cli.text, " RDMA_Write_imm BW Test\n"));
	app_done(&pr);
}

/* Two rails: a thread per rail on the side that posts, one row for all
 * (both rails' messages over the common window), a document per side
 * with a line per rail. */
static void test_multi(void **state)
{
	static const char *const verbs[] = { "--verb=write", "--verb=read",
					     "--verb=send" };
	const unsigned int runs[] = { 2, 2, 4 };
	cJSON *j;
	struct pair pr;
	size_t i;

	(void)state;
	for (i = 0; i < 3; i++) {
		fake_reset();
		PAIR(&pr, RP_TEST_MULTI_BW, "-d", "fake0,fake1", "-s", "4096",
		     "-n", "100", "--validate", verbs[i]);
		both_ok(&pr);
		assert_int_equal(fake.runs, runs[i]);
		row_is(&pr.cli, 4096, 200, 0, 2 * MIB_4K, 2.0);
		row_is(&pr.srv, 4096, 200, 0, 2 * MIB_4K, 2.0);
		j = app_json(pr.cli.json);
		assert_non_null(j);
		assert_int_equal(
			cJSON_GetArraySize(cJSON_GetObjectItem(j, "rails")), 2);
		cJSON_Delete(j);
		app_done(&pr);
		fake_reset();
		PAIR(&pr, RP_TEST_MULTI_BW, "-d", "fake0,fake1", "-s", "4096",
		     "-n", "100", "--validate", "-b", verbs[i]);
		both_ok(&pr);
		assert_int_equal(fake.runs, 4);
		row_is(&pr.cli, 4096, 200, 0, 4 * MIB_4K, 4.0);
		row_is(&pr.srv, 4096, 200, 0, 4 * MIB_4K, 4.0);
		app_done(&pr);
	}
}

/* The atomics: READ's roles, 8 bytes, their words checked. */
static void test_atomic(void **state)
{
	char want[160];
	struct pair pr;

	(void)state;
	fake_reset();
	PAIR(&pr, RP_TEST_ATOMIC_BW, "-d", "fake0", "-n", "100", "--validate");
	both_ok(&pr);
	app_rule(&pr.cli, true, "8");
	app_rule(&pr.srv, true, "8");
	assert_int_equal(fake.runs, 1);
	row_is(&pr.cli, 8, 100, MIB_8, MIB_8, 1.0);
	row_is(&pr.srv, 8, 100, MIB_8, MIB_8, 1.0);
	assert_non_null(strstr(pr.cli.text, " Atomic FETCH_AND_ADD BW Test\n"));
	assert_non_null(strstr(pr.srv.text, " Atomic FETCH_AND_ADD BW Test\n"));
	assert_non_null(strstr(pr.cli.text, " Outstand reads  : "));
	assert_null(strstr(pr.cli.text, "RKey"));
	snprintf(want, sizeof(want), WORD_OK, "FETCH_AND_ADD");
	assert_int_equal(app_count2(&pr, want), 2);
	app_done(&pr);
	fake.corrupt = true; /* one add doubled */
	PAIR(&pr, RP_TEST_ATOMIC_BW, "-d", "fake0", "-n", "100", "--validate");
	assert_int_equal(pr.cli.ret, -EILSEQ); /* it read the word */
	assert_int_equal(pr.srv.ret, -EILSEQ); /* its VERDICT */
	assert_non_null(strstr2(&pr, " railperf: validation FAILED: rail 0 "
				     "QP 0: its word holds 101 after 100 "
				     "completed FETCH_AND_ADD atomics\n"));
	assert_non_null(strstr2(&pr, " railperf: validation FAILED: rail 0 "
				     "QP 0: the peer read this side's word "
				     "off after its FETCH_AND_ADD atomics "
				     "(low byte 0x65, expected 0x64)\n"));
	app_done(&pr);
	fake_reset();
	PAIR(&pr, RP_TEST_ATOMIC_BW, "-d", "fake0", "-n", "100", "-q", "2",
	     "-A", "CMP_AND_SWAP", "--validate");
	both_ok(&pr);
	app_rule(&pr.cli, true, "8");
	app_rule(&pr.srv, true, "8");
	row_is(&pr.srv, 8, 200, MIB_8, MIB_8, 1.0); /* the fake's: 1 Mpps */
	assert_non_null(strstr(pr.srv.text, " Atomic CMP_AND_SWAP BW Test\n"));
	snprintf(want, sizeof(want), WORD_OK, "CMP_AND_SWAP");
	assert_int_equal(app_count2(&pr, want), 2);
	app_done(&pr);
	fake_reset();
	PAIR(&pr, RP_TEST_MULTI_BW, "-d", "fake0,fake1", "-n", "100",
	     "--verb=atomic", "-A", "CMP_AND_SWAP", "--validate");
	both_ok(&pr);
	app_rule(&pr.cli, true, "8");
	app_rule(&pr.srv, true, "8");
	assert_int_equal(fake.runs, 2);
	row_is(&pr.cli, 8, 200, 0, 15.26, 2.0);
	assert_int_equal(app_count2(&pr, want), 2);
	app_done(&pr);
}

/* --output: the number alone, on both sides (the server the client's). */
static void test_output(void **state)
{
	struct pair pr;

	(void)state;
	fake_reset();
	PAIR(&pr, RP_TEST_WRITE_BW, "-d", "fake0", "-s", "4096", "-n", "100",
	     "--output=bandwidth");
	both_ok(&pr);
	assert_string_equal(pr.cli.text, "3906.250000\n");
	assert_string_equal(pr.srv.text, "3906.250000\n");
	app_done(&pr);
	PAIR(&pr, RP_TEST_MULTI_BW, "-d", "fake0,fake1", "-s", "4096", "-n",
	     "100", "--output=message_rate");
	both_ok(&pr);
	assert_string_equal(pr.cli.text, "2.000000\n");
	app_done(&pr);
}

/* The output rule, decided once in the plan (p->text, p->extra): each
 * side's stdout holds perftest's lines only and railperf's lines go to
 * its extra stream, none with a '-', "error"/"fail" or the message size
 * on a healthy run (one rail with --validate; two rails -b --validate,
 * with the per-rail, set and bidirectional lines); under --output none
 * at all. */
static void test_output_rule(void **state)
{
	struct pair pr;

	(void)state;
	fake_reset();
	PAIR(&pr, RP_TEST_WRITE_BW, "-d", "fake0", "-s", "65536", "-n", "100",
	     "--validate");
	both_ok(&pr);
	app_rule(&pr.cli, true, "65536");
	app_rule(&pr.srv, true, "65536");
	assert_non_null(strstr(pr.cli.extra, " railperf: validation passed: "
					     "every byte of the message"));
	assert_non_null(strstr(pr.cli.extra, " railperf: posting: "));
	app_done(&pr);
	fake_reset();
	PAIR(&pr, RP_TEST_MULTI_BW, "-d", "fake0,fake1", "-s", "65536", "-n",
	     "100", "--validate", "-b");
	both_ok(&pr);
	app_rule(&pr.cli, true, "65536");
	app_rule(&pr.srv, true, "65536");
	assert_non_null(strstr(pr.cli.extra, " railperf: rail 1: fake1 port"));
	assert_non_null(strstr(pr.cli.extra, " railperf: all rails: "));
	assert_non_null(strstr(pr.srv.extra,
			       " railperf: bidirectional validation of the "
			       "bytes received here passed"));
	app_done(&pr);
	fake_reset();
	PAIR(&pr, RP_TEST_MULTI_BW, "-d", "fake0,fake1", "-s", "65536", "-n",
	     "100", "--validate", "--output=bandwidth");
	both_ok(&pr);
	app_rule(&pr.cli, false, NULL);
	app_rule(&pr.srv, false, NULL);
	app_done(&pr);
}

/* -I on a device perftest does not know (ctx_set_max_inline): one rail
 * loses it, a rail list keeps it. */
static void test_inline_unknown(void **state)
{
	struct pair pr;

	(void)state;
	fake_reset();
	PAIR(&pr, RP_TEST_WRITE_BW, "-d", "fake0", "-s", "4096", "-n", "100",
	     "-I", "64");
	both_ok(&pr);
	assert_int_equal(fake.max_inline, 0);
	/* the server's and the client's */
	assert_int_equal(app_count(pr.err, APP_INLINE_OFF), 2);
	/* 6.06's extra separator, then the header's own */
	assert_int_equal(app_lines_before(pr.cli.text, APP_SEP, " BW Test\n"),
			 2);
	assert_int_equal(app_lines_before(pr.srv.text, APP_SEP, " BW Test\n"),
			 2);
	assert_non_null(strstr(pr.cli.text, " Max inline data : 0[B]\n"));
	row_is(&pr.srv, 4096, 100, MIB_4K, MIB_4K, 1.0);
	app_done(&pr);
	fake_reset();
	PAIR(&pr, RP_TEST_WRITE_BW, "-d", "fake0", "-s", "4096", "-n", "100",
	     "-I", "64", "--output=bandwidth");
	both_ok(&pr);
	assert_int_equal(fake.max_inline, 0);
	assert_non_null(strstr(pr.err, APP_INLINE_OFF));
	assert_string_equal(pr.cli.text, "3906.250000\n");
	app_done(&pr);
	fake_reset();
	PAIR(&pr, RP_TEST_MULTI_BW, "-d", "fake0,fake1", "-s", "4096", "-n",
	     "100", "-I", "64");
	both_ok(&pr);
	assert_int_equal(fake.max_inline, 64);
	assert_null(strstr(pr.err, APP_INLINE_OFF));
	assert_int_equal(app_lines_before(pr.cli.text, APP_SEP, " BW Test\n"),
			 1);
	app_done(&pr);
}

/* Rail @i's "lat_probe" @phase number @key in @j (NAN-free: -1 when
 * missing). */
static double probe_num(const cJSON *j, int i, const char *phase,
			const char *key)
{
	const cJSON *r = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "rails"), i);
	const cJSON *p = cJSON_GetObjectItem(r, "lat_probe");

	return app_num(phase ? cJSON_GetObjectItem(p, phase) : p, key, NULL);
}

/* Every line of @text that names the latency probe follows the output
 * rule: " railperf:" first, no '-', no word of failure, not the size. */
static int probe_lines(const char *text, const char *size)
{
	const char *p = text, *e;
	char line[512];
	int n = 0;

	for (; (e = strchr(p, '\n')); p = e + 1) {
		snprintf(line, sizeof(line), "%.*s", (int)(e - p), p);
		if (!strstr(line, "latency probe"))
			continue;
		n++;
		assert_true(!strncmp(line, " railperf: rail ", 16));
		assert_null(strchr(line, '-'));
		assert_null(strcasestr(line, "fail"));
		assert_null(strcasestr(line, "error"));
		assert_null(strstr(line, size));
	}
	return n;
}

/* --lat_probe (READ): the client probes each rail idle, then loaded,
 * on the probe's own QP and page (the fake moves its bytes there, and
 * --validate of the slices still passes); the report counts only the
 * loaded samples posted within each rail's window (the fake's 1 s
 * samples outside it stay out of every statistic), gives loaded over
 * idle and the probe's share of the rail's bytes; the server, whose CPU
 * takes no part in a READ, answers nothing. */
static void test_lat_probe(void **state)
{
	/* 50 probes of 64 B in the fake's 100 us window: 32 MB/s beside
	 * the rail's 4096 B/us */
	const double share = 100.0 * 32e6 / (32e6 + 4096e6);
	struct pair pr;
	cJSON *j;
	int i;

	(void)state;
	fake_reset();
	PAIR(&pr, RP_TEST_MULTI_BW, "-d", "fake0,fake1", "-s", "4096", "-n",
	     "100", "--validate", "--lat_probe");
	both_ok(&pr);
	assert_int_equal(fake.probe_runs, 4); /* 2 rails, idle and loaded */
	row_is(&pr.cli, 4096, 200, 0, 2 * MIB_4K, 2.0);
	assert_non_null(strstr(pr.cli.extra, " railperf: validation passed"));
	app_rule(&pr.cli, true, "4096");
	app_rule(&pr.srv, true, "4096");
	assert_int_equal(probe_lines(pr.cli.extra, "4096"), 4);
	assert_int_equal(probe_lines(pr.srv.extra, "4096"), 0);
	assert_non_null(strstr(pr.cli.extra,
			       " railperf: rail 1 (fake1): latency probe, "
			       "RDMA READ, idle: 100 samples, t_min 5.00 "
			       "median 5.00 p99 5.00 p99.9 5.00 t_max 5.00 "
			       "usec\n"));
	assert_non_null(strstr(pr.cli.extra,
			       "loaded: 50 samples, t_min 20.00 median 20.00 "
			       "p99 20.00 p99.9 20.00 t_max 20.00 usec; "
			       "loaded over idle: median 4.00x, p99 4.00x, "
			       "p99.9 4.00x, t_max 4.00x; probe share 0.775 % "
			       "of the rail's bytes\n"));
	j = app_json(pr.cli.json);
	assert_non_null(j);
	for (i = 0; i < 2; i++) {
		assert_true(probe_num(j, i, "idle", "samples") ==
			    FAKE_PROBE_IDLE_N);
		assert_true(probe_num(j, i, "idle", "t_median_us") == 5.0);
		assert_true(probe_num(j, i, "loaded", "samples") ==
			    FAKE_PROBE_IN);
		assert_true(probe_num(j, i, "loaded", "t_max_us") == 20.0);
		assert_true(probe_num(j, i, "loaded_over_idle", "t_median") ==
			    4.0);
		assert_true(fabs(probe_num(j, i, NULL, "probe_bytes_per_s") -
				 32e6) < 1e-3);
		assert_true(probe_num(j, i, NULL, "rail_bytes_per_s") ==
			    4096e6);
		assert_true(fabs(probe_num(j, i, NULL, "share_percent") -
				 share) < 1e-9);
		assert_true(probe_num(j, i, NULL, "rate_bound_per_s") == 200);
	}
	cJSON_Delete(j);
	j = app_json(pr.srv.json);
	assert_non_null(j);
	assert_true(cJSON_IsNull(cJSON_GetObjectItem(
		cJSON_GetObjectItem(
			cJSON_GetArrayItem(cJSON_GetObjectItem(j, "rails"), 0),
			"lat_probe"),
		"answered")));
	cJSON_Delete(j);
	app_done(&pr);
}

/* --lat_probe=write: the ping-pong's samples are round trips, reported
 * halved; its bytes go both ways; the server answered every probe that
 * landed in its page (idle and loaded, the fake's count) and says so. */
static void test_lat_probe_write(void **state)
{
	const double share = 100.0 * 64e6 / (64e6 + 4096e6);
	struct pair pr;
	cJSON *j;

	(void)state;
	fake_reset();
	PAIR(&pr, RP_TEST_MULTI_BW, "-d", "fake0,fake1", "-s", "4096", "-n",
	     "100", "--validate", "--lat_probe=write", "--lat_probe_rate=200");
	both_ok(&pr);
	app_rule(&pr.cli, true, "4096");
	app_rule(&pr.srv, true, "4096");
	assert_int_equal(probe_lines(pr.cli.extra, "4096"), 4);
	assert_int_equal(probe_lines(pr.srv.extra, "4096"), 2);
	assert_non_null(strstr(pr.cli.extra,
			       " railperf: rail 0 (fake0): latency probe, "
			       "RDMA WRITE, half round trip, loaded: 50 "
			       "samples, t_min 10.00 median 10.00"));
	assert_non_null(strstr(pr.srv.extra,
			       " railperf: rail 1 (fake1): latency probe, "
			       "RDMA WRITE: 160 probes answered\n"));
	j = app_json(pr.cli.json);
	assert_true(probe_num(j, 0, "idle", "t_median_us") == 2.5);
	assert_true(fabs(probe_num(j, 1, NULL, "share_percent") - share) <
		    1e-9);
	assert_true(probe_num(j, 1, NULL, "rate_bound_per_s") == 200);
	cJSON_Delete(j);
	j = app_json(pr.srv.json);
	assert_true(probe_num(j, 1, NULL, "answered") == 160);
	cJSON_Delete(j);
	app_done(&pr);
}

/* Both sides agree on the probe (HELLO): a client without it, or with
 * the other verb, fails both sides with the mismatch named. */
static void test_lat_probe_mismatch(void **state)
{
	const char *const srv[] = { "-d",  "fake0,fake1", "-n",
				    "100", "--lat_probe", NULL };
	const char *const cli[2][6] = {
		{ "-d", "fake0,fake1", "-n", "100", "--lat_probe=write", NULL },
		{ "-d", "fake0,fake1", "-n", "100", NULL },
	};
	struct pair pr;
	size_t k;

	(void)state;
	for (k = 0; k < 2; k++) {
		fake_reset();
		app_pair2(&pr, RP_TEST_MULTI_BW, rp_bwapp_run, srv, cli[k]);
		assert_int_equal(pr.srv.ret, -EPROTO);
		assert_int_equal(pr.cli.ret, -EPROTO);
		assert_non_null(strstr(pr.err, "parameter mismatch"));
		assert_non_null(strstr(pr.err, "--lat_probe=read: local on, "
					       "remote off"));
		assert_int_equal(fake.runs + fake.probe_runs, 0);
		app_done(&pr);
	}
}

/* A probe that stops (an error completion, a stall) leaves the
 * bandwidth run and its row as they are, says so on its rail's line and
 * in its JSON, and the client exits 1 (-EIO). */
static void test_lat_probe_lost(void **state)
{
	struct pair pr;
	cJSON *j;

	(void)state;
	fake_reset();
	fake.probe_fail = -EIO;
	PAIR(&pr, RP_TEST_MULTI_BW, "-d", "fake0,fake1", "-s", "4096", "-n",
	     "100", "--lat_probe");
	assert_int_equal(pr.srv.ret, 0);
	assert_int_equal(pr.cli.ret, -EIO);
	row_is(&pr.cli, 4096, 200, 0, 2 * MIB_4K, 2.0);
	assert_non_null(strstr(pr.cli.extra,
			       " railperf: rail 0 (fake0): latency probe "
			       "lost: Input/output error\n"));
	j = app_json(pr.cli.json);
	assert_non_null(j);
	assert_string_equal(
		cJSON_GetObjectItem(
			cJSON_GetObjectItem(
				cJSON_GetArrayItem(
					cJSON_GetObjectItem(j, "rails"), 1),
				"lat_probe"),
			"lost")
			->valuestring,
		"Input/output error");
	cJSON_Delete(j);
	app_done(&pr);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_write),
		cmocka_unit_test(test_write_bidir),
		cmocka_unit_test(test_read),
		cmocka_unit_test(test_send),
		cmocka_unit_test(test_write_imm),
		cmocka_unit_test(test_multi),
		cmocka_unit_test(test_atomic),
		cmocka_unit_test(test_output),
		cmocka_unit_test(test_output_rule),
		cmocka_unit_test(test_inline_unknown),
		cmocka_unit_test(test_lat_probe),
		cmocka_unit_test(test_lat_probe_write),
		cmocka_unit_test(test_lat_probe_mismatch),
		cmocka_unit_test(test_lat_probe_lost),
	};

	srand((unsigned int)getpid());
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
