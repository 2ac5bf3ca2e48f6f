/* Description: grey-failure signatures (rp_signature): a rail under 25 %
 * of its like rails' median with flat loss counters, no CNP or pause and
 * a healthy link is a "throttled NIC signature" and the fast rail is
 * not; alone (no like rail: another port speed or ceiling), under 25 %
 * of its ceiling (the public 12.74 of 98.01 Gb/s), nothing without a
 * known ceiling; a CNP, a pause frame, a link event or an unhealthy PCIe
 * path withholds it; growing retransmission or retry counters near the
 * fair share (the public 81.92/81.90 split) are "congested" on both
 * rails, at low throughput "lossy path"; the growth threshold (1 in
 * 10000 of the packets needed); a failed rail is neither judged nor a
 * baseline; the median over four rails (two throttled, two not). The
 * lines (text, exact, with no '-' in them) and the JSON object. */
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
#include "output/rp_signature.h"

/* A healthy rail moving @got Gb/s, unknown speed and ceiling (Soft-RoCE). */
static struct rp_sig_in rail(double got)
{
	return (struct rp_sig_in){
		.got = got, .needed = 5000, .quiet = true, .link_ok = true
	};
}

static void test_throttled(void **state)
{
	struct rp_sig_in in[2] = { rail(4.0), rail(0.4) };
	struct rp_sig_out o[2];

	(void)state;
	rp_signature(in, 2, o);
	assert_int_equal(o[0].sig, RP_SIG_NONE);
	assert_int_equal(o[1].sig, RP_SIG_THROTTLED);
	assert_false(o[1].alone);
	assert_true(o[1].baseline == 4.0);
	assert_true(o[1].ratio > 0.0999 && o[1].ratio < 0.1001);
	assert_true(o[0].ratio > 9.99);
	/* at 25 % it is not */
	in[1].got = 1.0;
	rp_signature(in, 2, o);
	assert_int_equal(o[1].sig, RP_SIG_NONE);
	in[1].got = 0.99;
	rp_signature(in, 2, o);
	assert_int_equal(o[1].sig, RP_SIG_THROTTLED);
	/* anything that explains it withholds it */
	in[1].quiet = false; /* CNPs or pause frames */
	rp_signature(in, 2, o);
	assert_int_equal(o[1].sig, RP_SIG_NONE);
	in[1].quiet = true;
	in[1].link_ok = false; /* a link event, PCIe trained low, AER */
	rp_signature(in, 2, o);
	assert_int_equal(o[1].sig, RP_SIG_NONE);
}

/* One DGX Spark function alone: 12.74 of 98.01 Gb/s; no ceiling, none. */
static void test_alone(void **state)
{
	struct rp_sig_in in[2] = { rail(12.74), rail(190.0) };
	struct rp_sig_out o[2];

	(void)state;
	in[0].ceiling = 98.01;
	in[0].speed = 100;
	in[1].ceiling = 196.03; /* another port speed: not alike */
	in[1].speed = 200;
	rp_signature(in, 2, o);
	assert_int_equal(o[0].sig, RP_SIG_THROTTLED);
	assert_true(o[0].alone);
	assert_true(o[0].baseline == 98.01);
	assert_int_equal(o[1].sig, RP_SIG_NONE);
	assert_true(o[1].alone);
	rp_signature(in, 1, o);
	assert_int_equal(o[0].sig, RP_SIG_THROTTLED);
	in[0].ceiling = 0;
	in[0].speed = 0;
	rp_signature(in, 1, o);
	assert_int_equal(o[0].sig, RP_SIG_NONE);
	assert_false(o[0].judged);
}

static void test_congested_lossy(void **state)
{
	struct rp_sig_in in[2] = { rail(81.92), rail(81.90) };
	struct rp_sig_out o[2];

	(void)state;
	/* two flows on one link, packet_seq_err +5500 over the run */
	in[0].needed = in[1].needed = 25000000;
	in[0].retry = in[1].retry = 2750;
	rp_signature(in, 2, o);
	assert_int_equal(o[0].sig, RP_SIG_CONGESTED);
	assert_int_equal(o[1].sig, RP_SIG_CONGESTED);
	/* low throughput and growing counters */
	in[1].got = 20.0;
	rp_signature(in, 2, o);
	assert_int_equal(o[0].sig, RP_SIG_CONGESTED);
	assert_int_equal(o[1].sig, RP_SIG_LOSSY);
	/* at 75 % of the baseline, the fair share still */
	in[1].got = 0.75 * 81.92;
	rp_signature(in, 2, o);
	assert_int_equal(o[1].sig, RP_SIG_CONGESTED);
	/* more than 1 % sent again (its "lossy:" line): a lossy path even
	 * at its fair share */
	in[1].lossy = true;
	rp_signature(in, 2, o);
	assert_int_equal(o[1].sig, RP_SIG_LOSSY);
	in[1].lossy = false;
	/* 2500 events in 25 M packets: not above 1 in 10000 */
	in[0].retry = in[1].retry = 0;
	in[1].resent = 2500;
	rp_signature(in, 2, o);
	assert_false(o[1].grew);
	assert_int_equal(o[1].sig, RP_SIG_NONE);
	in[1].resent = 2501;
	rp_signature(in, 2, o);
	assert_true(o[1].grew);
	/* growing counters keep a slow rail from looking throttled */
	in[1].got = 5.0;
	rp_signature(in, 2, o);
	assert_int_equal(o[1].sig, RP_SIG_LOSSY);
	/* few packets: one event is growth */
	in[0] = rail(4.0);
	in[1] = rail(0.5);
	in[1].needed = 656;
	in[1].retry = 1;
	rp_signature(in, 2, o);
	assert_int_equal(o[1].sig, RP_SIG_LOSSY);
}

/* A failed rail is not judged and not a baseline; four rails, median. */
static void test_failed_and_median(void **state)
{
	struct rp_sig_in in[4] = { rail(4.0), rail(0.2), rail(3.8), rail(0.3) };
	struct rp_sig_out o[4];

	(void)state;
	in[0].failed = true;
	rp_signature(in, 4, o);
	assert_int_equal(o[0].sig, RP_SIG_NONE);
	assert_false(o[0].judged);
	/* rail 1 against rails 2 and 3: median (3.8 + 0.3) / 2 = 2.05 */
	assert_true(o[1].baseline > 2.049 && o[1].baseline < 2.051);
	assert_int_equal(o[1].sig, RP_SIG_THROTTLED);
	in[0].failed = false;
	rp_signature(in, 4, o);
	/* rail 1: median of 4.0, 3.8, 0.3 = 3.8; rail 3 likewise */
	assert_true(o[1].baseline == 3.8);
	assert_int_equal(o[1].sig, RP_SIG_THROTTLED);
	assert_int_equal(o[3].sig, RP_SIG_THROTTLED);
	/* rail 0: median of 0.2, 3.8, 0.3 = 0.3 */
	assert_int_equal(o[0].sig, RP_SIG_NONE);
	assert_int_equal(o[2].sig, RP_SIG_NONE);
}

static void test_lines(void **state)
{
	struct rp_sig_in in[2] = { rail(3.96), rail(0.38) };
	struct rp_sig_out o[2];
	struct mem m;
	cJSON *j;

	(void)state;
	rp_signature(in, 2, o);
	mem_open(&m);
	rp_sig_line(m.f, 0, &in[0], &o[0], true);
	rp_sig_line(m.f, 1, &in[1], &o[1], true);
	assert_int_equal(fclose(m.f), 0);
	assert_string_equal(
		m.buf,
		" railperf: rail 1: throttled NIC signature: 0.38 Gb/sec, 9.6% of "
		"what its like rails move (median 3.96 Gb/sec), with its link, "
		"PCIe path and loss counters healthy: the known remedy on DGX "
		"Spark is a power drain (shut the host down, unplug it, wait a "
		"minute), then the current NIC driver and firmware\n");
	assert_null(strchr(m.buf, '-'));
	free(m.buf);
	/* MB/sec (2^20 B/s) when the report is not in Gb/s */
	mem_open(&m);
	rp_sig_line(m.f, 1, &in[1], &o[1], false);
	assert_int_equal(fclose(m.f), 0);
	assert_non_null(strstr(m.buf, "signature: 45.30 MB/sec, 9.6% of what "
				      "its like rails move (median 472.07 "
				      "MB/sec)"));
	free(m.buf);
	j = rp_sig_json(&o[1]);
	assert_string_equal(cJSON_GetObjectItem(j, "name")->valuestring,
			    "throttled NIC signature");
	assert_string_equal(cJSON_GetObjectItem(j, "baseline")->valuestring,
			    "like_rails");
	assert_true(cJSON_GetObjectItem(j, "baseline_gbps")->valuedouble ==
		    3.96);
	assert_non_null(strstr(cJSON_GetObjectItem(j, "remedy")->valuestring,
			       "power drain"));
	cJSON_Delete(j);
	j = rp_sig_json(&o[0]);
	assert_true(cJSON_IsNull(j));
	cJSON_Delete(j);
	in[1].retry = 11;
	in[1].resent = 79;
	rp_signature(in, 2, o);
	mem_open(&m);
	rp_sig_line(m.f, 1, &in[1], &o[1], true);
	assert_int_equal(fclose(m.f), 0);
	assert_string_equal(
		m.buf,
		" railperf: rail 1: lossy path: 0.38 Gb/sec, 9.6% of what its "
		"like rails move (median 3.96 Gb/sec), with 79 packets sent again and "
		"11 retry events by port counters: the path loses packets: "
		"check the cable, its transceivers and the switch port's FEC and "
		"CRC counters\n");
	free(m.buf);
	in[0] = rail(12.74);
	in[0].ceiling = 98.01;
	rp_signature(in, 1, o);
	mem_open(&m);
	rp_sig_line(m.f, 0, &in[0], &o[0], true);
	assert_int_equal(fclose(m.f), 0);
	assert_non_null(strstr(m.buf, "throttled NIC signature: 12.74 Gb/sec, "
				      "13.0% of its ceiling of 98.01 Gb/s, "));
	free(m.buf);
	j = rp_sig_json(&o[0]);
	assert_string_equal(cJSON_GetObjectItem(j, "baseline")->valuestring,
			    "ceiling");
	cJSON_Delete(j);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_throttled),
		cmocka_unit_test(test_alone),
		cmocka_unit_test(test_congested_lossy),
		cmocka_unit_test(test_failed_and_median),
		cmocka_unit_test(test_lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
