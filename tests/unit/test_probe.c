/* Description: rail_multi_bw --lat_probe's numbers and words without a
 * device: rp_probe_window keeps exactly the samples posted within the
 * rail's window (both ends included); rp_probe_report_make over samples
 * worked out by hand (1000 idle samples of 1 .. 1000 us: median 500.5,
 * nearest-rank p99 990 and p99.9 999; 2000 loaded ones of 2 .. 4000 us
 * inside the window and 1 s ones outside it, which no statistic may
 * see), WRITE's round trips halved and its bytes counted both ways, the
 * share of the rail's bytes a second over the window, a phase without samples (no ratio), the
 * cap flag; rp_probe_ratio and rp_probe_share at 0; rp_probe_reserve's
 * growth and its cap; the two lines of the probing side (exact text, no
 * '-', no word of failure), the lost and answered lines; the JSON object
 * of each side (keys, numbers, null ratios, the reason it was lost). */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "engine/rp_probestats.h"
#include "output/rp_report_probe.h"

#define T0 1000000000ULL /* the window's start, ns */

static void near(double got, double want)
{
	double tol = fabs(want) * 1e-9 + 1e-12;

	if (!(fabs(got - want) <= tol))
		fail_msg("got %.12g, want %.12g", got, want);
}

static const struct rp_probe_cfg read_cfg = {
	.verb = RP_VERB_READ,
	.size = 64,
	.rate = 1000,
	.spin_ns = 50000,
	.warmup = 8,
	.rtt = 1,
};

static void add(struct rp_probe_samples *s, uint64_t t, uint64_t ns)
{
	assert_int_equal(rp_probe_reserve(s, s->n + 1), 0);
	s->s[s->n++] = (struct rp_probe_sample){ .t_ns = t, .ns = ns };
}

/* idle: 1 .. 1000 us, posted anywhere; loaded: 2 .. 4000 us (every
 * second) posted one a us from T0, and @out more of 1 s posted just
 * before T0 and just after T0 + 2 ms (the window's end). */
static void fill(struct rp_probe_samples *idle, struct rp_probe_samples *ld,
		 unsigned int out)
{
	unsigned int k;

	memset(idle, 0, sizeof(*idle));
	memset(ld, 0, sizeof(*ld));
	for (k = 1000; k >= 1; k--) /* unsorted: descending */
		add(idle, 7 * k, (uint64_t)k * 1000);
	for (k = 0; k < 2000; k++)
		add(ld, T0 + (uint64_t)k * 1000, (uint64_t)(k + 1) * 2000);
	for (k = 0; k < out; k++)
		add(ld, k % 2 ? T0 - 1 : T0 + 2000000 + 1, 1000000000);
}

static void test_window(void **state)
{
	struct rp_probe_samples s = { 0 };
	uint64_t ns[8];
	unsigned int k;

	(void)state;
	for (k = 1; k <= 5; k++)
		add(&s, 10 * k, k);
	assert_int_equal(rp_probe_window(&s, 20, 40, ns), 3);
	assert_true(ns[0] == 2 && ns[1] == 3 && ns[2] == 4);
	assert_int_equal(rp_probe_window(&s, 0, UINT64_MAX, ns), 5);
	assert_int_equal(rp_probe_window(&s, 41, 49, ns), 0);
	assert_int_equal(rp_probe_window(&s, 50, 50, ns), 1);
	rp_probe_samples_free(&s);
	assert_null(s.s);
	assert_int_equal(s.cap, 0);
}

static void test_report_read(void **state)
{
	struct rp_probe_samples idle, ld;
	struct rp_probe_report r;

	(void)state;
	fill(&idle, &ld, 10);
	assert_int_equal(rp_probe_report_make(&idle, &ld, T0, T0 + 2000000, 1e9,
					      &read_cfg, &r),
			 0);
	assert_int_equal(r.idle.n, 1000);
	near(r.idle.t_min, 1);
	near(r.idle.t_typical, 500.5);
	near(r.idle.p99, 990);
	near(r.idle.p99_9, 999);
	near(r.idle.t_max, 1000);
	assert_int_equal(r.loaded.n, 2000); /* the 1 s ones left out */
	near(r.loaded.t_min, 2);
	near(r.loaded.t_typical, 2001); /* (2000 + 2002) / 2 */
	near(r.loaded.p99, 3960);
	near(r.loaded.p99_9, 3996);
	near(r.loaded.t_max, 4000);
	near(r.window_s, 0.002);
	near(r.probe_bps, 2000 * 64 / 0.002); /* 64 MB/s over the window */
	near(r.rail_bps, 1e9);
	near(r.share, 100.0 * 64e6 / (64e6 + 1e9));
	assert_false(r.capped);
	/* the samples themselves stay as they were (copies are sorted) */
	assert_true(idle.s[0].ns == 1000000 && idle.s[0].t_ns == 7000);
	rp_probe_samples_free(&idle);
	rp_probe_samples_free(&ld);
}

static void test_report_write(void **state)
{
	struct rp_probe_cfg c = read_cfg;
	struct rp_probe_samples idle, ld;
	struct rp_probe_report r;

	(void)state;
	c.verb = RP_VERB_WRITE;
	c.rtt = 2;
	fill(&idle, &ld, 0);
	ld.capped = true;
	assert_int_equal(rp_probe_report_make(&idle, &ld, T0, T0 + 2000000, 0,
					      &c, &r),
			 0);
	near(r.idle.t_typical, 250.25);
	near(r.loaded.t_max, 2000);
	near(r.probe_bps, 2 * 64e6); /* there and back */
	near(r.share, 100.0);	     /* no bandwidth bytes at all */
	assert_true(r.capped);
	rp_probe_samples_free(&idle);
	rp_probe_samples_free(&ld);
}

/* The loaded phase never ran within the window: n 0, no ratio. */
static void test_report_empty(void **state)
{
	struct rp_probe_samples idle, ld;
	struct rp_probe_report r;

	(void)state;
	fill(&idle, &ld, 4);
	assert_int_equal(
		rp_probe_report_make(&idle, &ld, 5, 6, 4096, &read_cfg, &r), 0);
	assert_int_equal(r.loaded.n, 0);
	assert_true(r.loaded.t_typical == 0);
	assert_true(rp_probe_ratio(r.loaded.t_typical, r.idle.t_typical) == 0);
	near(r.share, 0);
	rp_probe_samples_free(&idle);
	rp_probe_samples_free(&ld);
}

static void test_ratio_share(void **state)
{
	(void)state;
	near(rp_probe_ratio(3, 1.5), 2);
	assert_true(rp_probe_ratio(0, 1) == 0);
	assert_true(rp_probe_ratio(1, 0) == 0);
	near(rp_probe_share(1, 99), 1);
	assert_true(rp_probe_share(0, 0) == 0);
	near(rp_probe_share(5, 0), 100);
	near(rp_probe_share(0.5, 1e9 - 0.5), 5e-8);
}

static void test_reserve(void **state)
{
	struct rp_probe_samples s = { 0 };

	(void)state;
	assert_int_equal(rp_probe_reserve(&s, 1000), 0);
	assert_int_equal(s.cap, 1000);
	assert_int_equal(rp_probe_reserve(&s, 10), 0); /* never shrinks */
	assert_int_equal(s.cap, 1000);
	assert_int_equal(rp_probe_reserve(&s, (size_t)RP_PROBE_MAX_SAMPLES * 2),
			 0);
	assert_int_equal(s.cap, RP_PROBE_MAX_SAMPLES); /* the cap */
	rp_probe_samples_free(&s);
}

/* @f's text: the lines a report printed. */
static char *text_of(void (*print)(FILE *f, const void *arg), const void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	print(f, arg);
	fclose(f);
	return buf;
}

static void print_report(FILE *f, const void *arg)
{
	rp_report_probe(f, "rail 1 (rxe1)", arg);
}

static void test_lines(void **state)
{
	struct rp_probe_samples idle, ld;
	struct rp_probe_report r;
	char *t;

	(void)state;
	fill(&idle, &ld, 0);
	assert_int_equal(rp_probe_report_make(&idle, &ld, T0, T0 + 2000000, 1e9,
					      &read_cfg, &r),
			 0);
	t = text_of(print_report, &r);
	assert_string_equal(
		t,
		" railperf: rail 1 (rxe1): latency probe, RDMA READ, idle: "
		"1000 samples, t_min 1.00 median 500.50 p99 990.00 p99.9 "
		"999.00 t_max 1000.00 usec\n"
		" railperf: rail 1 (rxe1): latency probe, RDMA READ, loaded: "
		"2000 samples, t_min 2.00 median 2001.00 p99 3960.00 p99.9 "
		"3996.00 t_max 4000.00 usec; loaded over idle: median 4.00x, "
		"p99 4.00x, p99.9 4.00x, t_max 4.00x; probe share 6.015 % of "
		"the rail's bytes\n");
	assert_null(strchr(t, '-'));
	assert_null(strcasestr(t, "fail"));
	assert_null(strcasestr(t, "error"));
	free(t);
	r.loaded.n = 0; /* no loaded sample: said, no ratio */
	r.cfg.verb = RP_VERB_WRITE;
	t = text_of(print_report, &r);
	assert_non_null(strstr(t, "RDMA WRITE, half round trip, loaded: no "
				  "samples; probe share"));
	assert_null(strstr(t, "loaded over idle"));
	free(t);
	rp_probe_samples_free(&idle);
	rp_probe_samples_free(&ld);
}

static void print_lost(FILE *f, const void *arg)
{
	(void)arg;
	rp_report_probe_lost(f, "rail 0 (rxe0)", -ETIMEDOUT);
	rp_report_probe_echo(f, "rail 0 (rxe0)", 1234);
}

static void test_lost_and_answered(void **state)
{
	char *t;

	(void)state;
	t = text_of(print_lost, NULL);
	assert_string_equal(t, " railperf: rail 0 (rxe0): latency probe lost: "
			       "Connection timed out\n"
			       " railperf: rail 0 (rxe0): latency probe, "
			       "RDMA WRITE: 1234 probes answered\n");
	free(t);
}

static double num(const cJSON *o, const char *a, const char *b)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, a);

	if (b)
		x = cJSON_GetObjectItemCaseSensitive(x, b);
	if (!cJSON_IsNumber(x))
		fail_msg("%s.%s is not a number", a, b ? b : "");
	return x->valuedouble;
}

static void test_json(void **state)
{
	struct rp_probe_samples idle, ld;
	struct rp_probe_report r;
	cJSON *j;

	(void)state;
	fill(&idle, &ld, 0);
	assert_int_equal(rp_probe_report_make(&idle, &ld, T0, T0 + 2000000, 1e9,
					      &read_cfg, &r),
			 0);
	j = rp_json_probe(&r, 0);
	assert_non_null(j);
	assert_string_equal(cJSON_GetObjectItem(j, "verb")->valuestring,
			    "RDMA READ");
	assert_string_equal(cJSON_GetObjectItem(j, "method")->valuestring,
			    "round trip");
	near(num(j, "idle", "samples"), 1000);
	near(num(j, "idle", "t_median_us"), 500.5);
	near(num(j, "idle", "t_avg_us"), 500.5);
	near(num(j, "loaded", "p99_9_us"), 3996);
	near(num(j, "loaded", "window_s"), 0.002);
	near(num(j, "loaded_over_idle", "t_median"), 2001 / 500.5);
	near(num(j, "loaded_over_idle", "t_min"), 2);
	near(num(j, "share_percent", NULL), 100.0 * 64e6 / (64e6 + 1e9));
	near(num(j, "probe_bytes_per_s", NULL), 64e6);
	near(num(j, "rail_bytes_per_s", NULL), 1e9);
	near(num(j, "missed_slots", NULL), 0);
	assert_true(cJSON_IsFalse(cJSON_GetObjectItem(j, "realtime_priority")));
	near(num(j, "size_bytes", NULL), 64);
	near(num(j, "spin_us", NULL), 50);
	assert_true(cJSON_IsNull(cJSON_GetObjectItem(j, "lost")));
	assert_true(cJSON_IsFalse(cJSON_GetObjectItem(j, "capped")));
	cJSON_Delete(j);
	r.loaded = (struct rp_latstats){ 0 };
	j = rp_json_probe(&r, -EIO);
	assert_true(cJSON_IsNull(cJSON_GetObjectItem(
		cJSON_GetObjectItem(j, "loaded_over_idle"), "p99")));
	assert_string_equal(cJSON_GetObjectItem(j, "lost")->valuestring,
			    "Input/output error");
	cJSON_Delete(j);
	j = rp_json_probe_peer(RP_VERB_WRITE, 77, 0);
	near(num(j, "answered", NULL), 77);
	cJSON_Delete(j);
	j = rp_json_probe_peer(RP_VERB_READ, 77, 0);
	assert_true(cJSON_IsNull(cJSON_GetObjectItem(j, "answered")));
	cJSON_Delete(j);
	rp_probe_samples_free(&idle);
	rp_probe_samples_free(&ld);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_window),
		cmocka_unit_test(test_report_read),
		cmocka_unit_test(test_report_write),
		cmocka_unit_test(test_report_empty),
		cmocka_unit_test(test_ratio_share),
		cmocka_unit_test(test_reserve),
		cmocka_unit_test(test_lines),
		cmocka_unit_test(test_lost_and_answered),
		cmocka_unit_test(test_json),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
