/* Description: a record's verdict (output/rp_fleet.c) and the fleet
 * options. rp_fleet_judge: the worst check wins (failed, then the
 * baseline's tolerance, --expect, --expect-min, outlier, lossy, ok), a
 * drop of exactly the tolerance passes, --expect with an unknown ceiling
 * and --expect-min without interval rows fail; each verdict's message
 * (exact) and the % it names; rp_fleet_gbps's digits; rp_fleet_json's keys
 * and nulls (counters only on the record that carries them). The options:
 * --tolerance 0 .. 99 (100 refused by name), --tolerance and
 * --baseline-force without --baseline refused, two options naming one
 * file refused, a file in a missing directory refused before any device;
 * rp_bwfleet_check refuses a baseline of other flags by name ("-s 65536
 * there, -s 4096 here") before any device is opened, and lets
 * --baseline-force through. */
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

#include "app/rp_bwfleet.h"
#include "app/rp_opts_fleet.h"
#include "fleetrecs.h"
#include "opts_run.h"

/* A record of @gbps Gb/s against ceiling @ceil. */
static struct rp_fleet_rec rec(double gbps, double ceil)
{
	struct rp_fleet_rec r;

	memset(&r, 0, sizeof(r));
	snprintf(r.name, sizeof(r.name), "rail 0 (mlx5_0)");
	r.direction = "send";
	r.gbps = gbps;
	r.ceiling = ceil;
	return r;
}

/* Judge @r: verdict @v, % @pct (to 0.05), message @msg. */
static void judged(struct rp_fleet_rec r, unsigned int v, double pct,
		   const char *msg)
{
	rp_fleet_judge(&r);
	assert_string_equal(rp_fleet_verdict_name(r.verdict),
			    rp_fleet_verdict_name(v));
	assert_true(r.pct > pct - 0.05 && r.pct < pct + 0.05);
	assert_string_equal(r.message, msg);
	assert_int_equal(rp_fleet_verdict_fails(r.verdict), v >= RP_FV_OUTLIER);
}

static void test_verdicts(void **state)
{
	struct rp_fleet_rec r;

	(void)state;
	r = rec(97.9, 98.01);
	r.base_gbps = 98.5;
	r.tolerance = 10;
	judged(r, RP_FV_OK, 99.89,
	       "97.90 Gb/s, 99.9% of its ceiling of 98.01 Gb/s, 99.4% of its "
	       "baseline of 98.50 Gb/s");
	r = rec(90, 100);
	r.lossy = true;
	r.retrans = (struct rp_fleet_count){ true, 40 };
	judged(r, RP_FV_LOSSY, 90,
	       "90.00 Gb/s, 90.0% of its ceiling of 100.00 Gb/s; lossy: 40 "
	       "packets sent again");
	r = rec(50, 100);
	r.expect = 90;
	judged(r, RP_FV_BELOW_EXPECT, 50,
	       "50.0% of its ceiling of 100.00 Gb/s (50.00 Gb/s), below "
	       "--expect 90%");
	r = rec(12, 0);
	r.expect = 90;
	judged(r, RP_FV_BELOW_EXPECT, 0,
	       "12.00 Gb/s, its ceiling unknown: --expect 90% cannot pass");
	r = rec(95, 100);
	r.expect_min = 70;
	r.have_min = true;
	r.min_gbps = 40;
	judged(r, RP_FV_BELOW_EXPECT_MIN, 40,
	       "slowest interval 40.0% of its ceiling of 100.00 Gb/s (40.00 "
	       "Gb/s), below --expect-min 70%");
	r.have_min = false; /* no interval rows: it cannot pass */
	rp_fleet_judge(&r);
	assert_int_equal(r.verdict, RP_FV_BELOW_EXPECT_MIN);
}

/* The baseline's tolerance, a failure, an outlier: the worse wins. */
static void test_verdicts_worse(void **state)
{
	struct rp_fleet_rec r;

	(void)state;
	r = rec(50, 100);
	r.expect = 90;
	r.base_gbps = 100;
	r.tolerance = 10;
	judged(r, RP_FV_BELOW_BASELINE, 50,
	       "50.0% of its baseline of 100.00 Gb/s (50.00 Gb/s, down 50.0%), "
	       "below the tolerance of 10%");
	r.failed = true;
	snprintf(r.why, sizeof(r.why), "at 1.50 s: IBV_WC_RETRY_EXC_ERR");
	judged(r, RP_FV_FAILED, 50, "at 1.50 s: IBV_WC_RETRY_EXC_ERR");
	r = rec(5, 0);
	r.outlier = true;
	r.outlier_pct = 80;
	r.ref_gbps = 10;
	judged(r, RP_FV_OUTLIER, 50,
	       "5.00 Gb/s, 50.0% of the median 10.00 Gb/s, under 80%");
	r = rec(90, 0);
	r.base_gbps = 100;
	r.tolerance = 10; /* down exactly 10 %: within */
	judged(r, RP_FV_OK, 90,
	       "90.00 Gb/s, 90.0% of its baseline of 100.00 Gb/s");
	r.gbps = 89.96; /* "down 10.0%" as printed: within */
	rp_fleet_judge(&r);
	assert_int_equal(r.verdict, RP_FV_OK);
	r.gbps = 89.94; /* "down 10.1%": below */
	rp_fleet_judge(&r);
	assert_int_equal(r.verdict, RP_FV_BELOW_BASELINE);
}

static void test_gbps(void **state)
{
	char b[32];

	(void)state;
	assert_string_equal(rp_fleet_gbps(b, sizeof(b), 97.9), "97.90");
	assert_string_equal(rp_fleet_gbps(b, sizeof(b), 0.0281), "0.0281");
	assert_string_equal(rp_fleet_gbps(b, sizeof(b), 0.00551), "0.00551");
	assert_string_equal(rp_fleet_gbps(b, sizeof(b), 1e-7), "0.000000");
	assert_string_equal(rp_fleet_gbps(b, sizeof(b), 0), "0.00");
}

static void test_json(void **state)
{
	struct rp_fleet_rec r[FLEETRECS];
	cJSON *a;
	char *t;

	(void)state;
	fleetrecs(r);
	a = rp_fleet_json(r, 2);
	t = cJSON_PrintUnformatted(a);
	assert_string_equal(
		t,
		"[{\"name\":\"rail 0 (mlx5_0)\",\"rail\":0,\"device\":\"mlx5_0\","
		"\"port\":1,\"direction\":\"send\",\"gbps\":97.9,"
		"\"ceiling_gbps\":98.01,\"ceiling_ratio\":0.99887766554433222,"
		"\"baseline_gbps\":98.5,\"baseline_ratio\":0.99390862944162439,"
		"\"seconds\":10.25,\"verdict\":\"ok\",\"message\":\"97.90 Gb/s, "
		"99.9% of its ceiling of 98.01 Gb/s, 99.4% of its baseline of "
		"98.50 Gb/s\",\"retransmitted_packets\":12,"
		"\"out_of_sequence\":3,\"cnp\":0,\"pause_rx_frames\":5,"
		"\"pause_tx_frames\":0,\"link_drops\":1},"
		"{\"name\":\"rail 1 (mlx5_1)\",\"rail\":1,\"device\":\"mlx5_1\","
		"\"port\":1,\"direction\":\"send\",\"gbps\":40,"
		"\"ceiling_gbps\":null,\"ceiling_ratio\":null,"
		"\"baseline_gbps\":98,\"baseline_ratio\":0.40816326530612246,"
		"\"seconds\":10.5,\"verdict\":\"below_baseline\",\"message\":"
		"\"40.8% of its baseline of 98.00 Gb/s (40.00 Gb/s, down "
		"59.2%), below the tolerance of 10%\","
		"\"retransmitted_packets\":null,\"out_of_sequence\":null,"
		"\"cnp\":null,\"pause_rx_frames\":null,\"pause_tx_frames\":null,"
		"\"link_drops\":null}]");
	cJSON_free(t);
	cJSON_Delete(a);
}

static void test_opts(void **state)
{
	struct rp_fleet_opts f = { 0 };
	struct capture cap;
	struct run r;
	char err[512];
	int ret;

	(void)state;
	assert_int_equal(parse(&r, &bw_desc, "--tolerance", "100", NULL),
			 -EINVAL);
	assert_string_equal(r.err, "test_fleet: invalid --tolerance value "
				   "'100': valid values are 0 .. 99\n");
	assert_int_equal(parse(&r, &bw_desc, "--tolerance", "0", "--baseline",
			       "b.json", "--baseline-force", "h", NULL),
			 0);
	assert_true(r.o.fleet.tolerance_given && r.o.fleet.tolerance == 0);
	assert_true(r.o.fleet.force);
	assert_string_equal(r.o.fleet.baseline, "b.json");
	assert_int_equal(rp_fleet_opts_tolerance(&r.o.fleet), 0);
	r.o.fleet.tolerance_given = false;
	assert_int_equal(rp_fleet_opts_tolerance(&r.o.fleet), 10);
	assert_int_equal(parse(&r, &bw_desc, "--junit", "j.xml", "h", NULL),
			 -EINVAL); /* rail_multi_bw's and rail_cluster_bw's */
	f.tolerance_given = true;
	capture_begin(&cap);
	ret = rp_fleet_opts_rules(&f, NULL);
	capture_end(&cap, err, sizeof(err));
	assert_int_equal(ret, -EINVAL);
	assert_string_equal(err,
			    "test_fleet: --tolerance needs --baseline FILE\n");
	f = (struct rp_fleet_opts){ .openmetrics = "x.prom",
				    .junit = "x.prom" };
	capture_begin(&cap);
	ret = rp_fleet_opts_rules(&f, NULL);
	capture_end(&cap, err, sizeof(err));
	assert_int_equal(ret, -EINVAL);
	assert_string_equal(err, "test_fleet: invalid --junit value 'x.prom': "
				 "--openmetrics writes it too; give each file "
				 "its own name\n");
	f = (struct rp_fleet_opts){ .openmetrics = "/nonexistent/x.prom" };
	capture_begin(&cap);
	ret = rp_fleet_opts_check(&f, NULL);
	capture_end(&cap, err, sizeof(err));
	assert_int_equal(ret, -EINVAL);
	assert_string_equal(err, "test_fleet: invalid --openmetrics value "
				 "'/nonexistent/x.prom': cannot write it (No "
				 "such file or directory)\n");
}

static void test_flags_refused(void **state)
{
	char dir[64], path[128], want[512];
	struct capture cap;
	struct run r;
	int ret;

	(void)state;
	scratch_make(dir);
	snprintf(path, sizeof(path), "%s/b.json", dir);
	spit(path, "{\"railperf_baseline\": 1, \"test\": \"rail_write_bw\", "
		   "\"railperf\": \"0.1.0\", \"saved_unix\": 0, \"hosts\": "
		   "[{\"host\": \"h\", \"kernel\": \"k\", \"rails\": "
		   "[{\"device\": \"mlx5_0\", \"port\": 1, \"pci\": \"\", "
		   "\"link_speed\": \"\", \"link_width\": 0, \"firmware\": "
		   "\"\"}]}], \"flags\": {\"-s\": \"65536\"}, \"results\": "
		   "[{\"name\": \"rail 0 (mlx5_0)\", \"gbps\": 90}]}");
	assert_int_equal(finish(&r, &bw_desc, "-s", "4096", "--baseline", path,
				"h", NULL),
			 0);
	capture_begin(&cap);
	ret = rp_bwfleet_check(&r.o);
	capture_end(&cap, r.err, sizeof(r.err));
	assert_int_equal(ret, -EINVAL);
	snprintf(want, sizeof(want),
		 "test_fleet: --baseline '%s' refused: -s 65536 there, -s "
		 "4096 here (other flags change the numbers; --baseline-force "
		 "compares anyway)\n",
		 path);
	assert_string_equal(r.err, want);
	r.o.fleet.force = true;
	assert_int_equal(rp_bwfleet_check(&r.o), 0);
	scratch_drop(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_verdicts),
		cmocka_unit_test(test_verdicts_worse),
		cmocka_unit_test(test_gbps),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_opts),
		cmocka_unit_test(test_flags_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
