/* Description: the wire ceilings. rp_roce_write_ceiling against the RDMA
 * WRITE goodput worked out in docs/rails.md ("rail_multi_bw", ceilings)
 * from the RoCE v2 packet overheads (100, 200 and
 * 400 Gb/s at MTU 1024/2048/4096, 4 KiB and 64 KiB messages), each
 * verb's own headers per message (WRITE, WRITE with immediate, SEND,
 * READ) and its label, the large
 * message limit P/(P+82), partial last packets, zeros; rp_ib_rate_gbps
 * for every IBTA speed and width code and unknown codes; and
 * rp_netdev_speed_gbps over tests/fixtures/counters/net (found through
 * $RP_FIXTURES, ./tests/fixtures, or the path of this program): 100000
 * Mb/s -> 100, -1 (virtio) -> 0, empty or missing file -> 0. */
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "topo/rp_ceiling.h"
#include "fixtures.h"

#define KIB 1024ull

#define assert_near(got, want, tol) \
	do { \
		double g_ = (got), w_ = (want); \
		if (!(fabs(g_ - w_) <= (tol))) \
			fail_msg("%s = %.9f, want %.9f +- %g", #got, g_, w_, \
				 (double)(tol)); \
	} while (0)

/* --- rp_roce_write_ceiling ---------------------------------------------- */

/*
 * anchors.md 2.1, 100G column, within 0.005 Gb/s. Per message of M bytes
 * at MTU P: n = ceil(M/P) packets, 82 n + 16 bytes of overhead.
 */
static void test_anchor_table_100g(void **state)
{
	(void)state;
	/* MTU 1024, 64 KiB: n = 64, 82*64 + 16 = 5264; 100 * 65536 / 70800
	 * = 92.56497. anchors.md prints 92.57, a double rounding of 92.565
	 * (92.56497 is 0.00503 from 92.57): check the formula's value. */
	assert_near(rp_roce_write_ceiling(100, 64 * KIB, 1024), 92.565, 0.005);
	assert_near(rp_roce_write_ceiling(100, 64 * KIB, 1024), 92.564972,
		    1e-6);
	/* MTU 2048, 64 KiB: n = 32, 2624 + 16 = 2640; 6553600 / 68176 =
	 * 96.12767 */
	assert_near(rp_roce_write_ceiling(100, 64 * KIB, 2048), 96.13, 0.005);
	/* MTU 4096, 4 KiB: n = 1, 82 + 16 = 98; 409600 / 4194 = 97.66333 */
	assert_near(rp_roce_write_ceiling(100, 4 * KIB, 4096), 97.66, 0.005);
	/* MTU 4096, 64 KiB: n = 16, 1312 + 16 = 1328; 6553600 / 66864 =
	 * 98.01388 */
	assert_near(rp_roce_write_ceiling(100, 64 * KIB, 4096), 98.01, 0.005);
}

static void test_anchor_table_200g_400g(void **state)
{
	(void)state;
	/* The table gives one decimal for 200G and 400G: within 0.05.
	 * The ceiling scales with the rate: 2x and 4x the 100G values. */
	assert_near(rp_roce_write_ceiling(200, 64 * KIB, 1024), 185.1, 0.05);
	assert_near(rp_roce_write_ceiling(400, 64 * KIB, 1024), 370.3, 0.05);
	assert_near(rp_roce_write_ceiling(200, 64 * KIB, 2048), 192.3, 0.05);
	assert_near(rp_roce_write_ceiling(400, 64 * KIB, 2048), 384.5, 0.05);
	assert_near(rp_roce_write_ceiling(200, 4 * KIB, 4096), 195.3, 0.05);
	assert_near(rp_roce_write_ceiling(400, 4 * KIB, 4096), 390.7, 0.05);
	assert_near(rp_roce_write_ceiling(200, 64 * KIB, 4096), 196.0, 0.05);
	assert_near(rp_roce_write_ceiling(400, 64 * KIB, 4096), 392.1, 0.05);
	/* 400 * 65536 / 66864 = 392.05552 exactly 4x the 100G value */
	assert_near(rp_roce_write_ceiling(400, 64 * KIB, 4096),
		    4 * rp_roce_write_ceiling(100, 64 * KIB, 4096), 1e-9);
	/* 25G, MTU 4096, 64 KiB: 25 * 65536 / 66864 = 24.50347 */
	assert_near(rp_roce_write_ceiling(25, 64 * KIB, 4096), 24.503470, 1e-6);
}

static void test_large_message_limit(void **state)
{
	(void)state;
	/* M -> infinity: rate * P / (P + 82) (RETH vanishes).
	 * MTU 4096: 409600 / 4178 = 98.03734 (anchors.md: 98.04) */
	assert_near(rp_roce_write_ceiling(100, 1ull << 30, 4096),
		    100.0 * 4096 / 4178, 0.005);
	assert_near(rp_roce_write_ceiling(100, 1ull << 30, 4096), 98.04, 0.005);
	/* MTU 1024: 102400 / 1106 = 92.58590 (anchors.md: 92.59) */
	assert_near(rp_roce_write_ceiling(100, 1ull << 30, 1024),
		    100.0 * 1024 / 1106, 0.005);
	assert_near(rp_roce_write_ceiling(100, 1ull << 30, 1024), 92.59, 0.005);
	/* MTU 2048: 204800 / 2130 = 96.15023 */
	assert_near(rp_roce_write_ceiling(100, 1ull << 30, 2048),
		    100.0 * 2048 / 2130, 0.005);
	/* 1 GiB at 4096: n = 262144, 82 n + 16 = 21495824;
	 * 100 * 1073741824 / 1095237648 = 98.037337 */
	assert_near(rp_roce_write_ceiling(100, 1ull << 30, 4096), 98.037337,
		    1e-6);
	/* always below the limit: RETH costs something */
	assert_true(rp_roce_write_ceiling(100, 1ull << 30, 4096) <
		    100.0 * 4096 / 4178);
}

static void test_partial_packets(void **state)
{
	(void)state;
	/* 4097 B at MTU 4096 is 2 packets: 82*2 + 16 = 180;
	 * 409700 / 4277 = 95.79144 */
	assert_near(rp_roce_write_ceiling(100, 4097, 4096), 95.791443, 1e-6);
	/* 4096 B is 1 packet: 97.66333 */
	assert_near(rp_roce_write_ceiling(100, 4096, 4096), 97.663329, 1e-6);
	/* 1 B at MTU 1024: 1 packet, 1 / 99 of the line = 1.0101 Gb/s */
	assert_near(rp_roce_write_ceiling(100, 1, 1024), 100.0 / 99, 1e-9);
	/* 1 MiB at MTU 1024: n = 1024, 83968 + 16 = 83984;
	 * 104857600 / 1132560 = 92.584587 */
	assert_near(rp_roce_write_ceiling(100, 1ull << 20, 1024), 92.584587,
		    1e-6);
	/* fractional rate: 2.5 Gb/s (SDR 1x), 64 KiB at 4096:
	 * 2.5 * 65536 / 66864 = 2.450347 */
	assert_near(rp_roce_write_ceiling(2.5, 64 * KIB, 4096), 2.450347, 1e-6);
}

static void test_zeros(void **state)
{
	(void)state;
	assert_true(rp_roce_write_ceiling(0, 64 * KIB, 4096) == 0);
	assert_true(rp_roce_write_ceiling(100, 0, 4096) == 0);
	assert_true(rp_roce_write_ceiling(100, 64 * KIB, 0) == 0);
	assert_true(rp_roce_write_ceiling(0, 0, 0) == 0);
	assert_true(rp_roce_write_ceiling(-100, 64 * KIB, 4096) == 0);
}

/* --- rp_ib_rate_gbps ---------------------------------------------------- */

/* ibv_port_attr codes: active_speed 1 SDR, 2 DDR, 4 QDR, 8 FDR10, 16 FDR,
 * 32 EDR, 64 HDR, 128 NDR, 256 XDR (active_speed_ex); active_width 1 = 1x,
 * 2 = 4x, 4 = 8x, 8 = 12x, 16 = 2x. */
enum {
	SDR = 1,
	DDR = 2,
	QDR = 4,
	FDR10 = 8,
	FDR = 16,
	EDR = 32,
	HDR = 64,
	NDR = 128,
	XDR = 256
};
enum { W1X = 1, W4X = 2, W8X = 4, W12X = 8, W2X = 16 };

static void test_ib_rate_common(void **state)
{
	(void)state;
	assert_true(rp_ib_rate_gbps(EDR, W4X) == 100.0); /* 25 * 4 */
	assert_true(rp_ib_rate_gbps(HDR, W4X) == 200.0); /* 50 * 4 */
	assert_true(rp_ib_rate_gbps(NDR, W4X) == 400.0); /* 100 * 4 */
	assert_true(rp_ib_rate_gbps(FDR, W4X) == 56.0);	 /* 14 * 4 */
	assert_true(rp_ib_rate_gbps(SDR, W1X) == 2.5);	 /* 2.5 * 1 */
	assert_true(rp_ib_rate_gbps(XDR, W4X) == 800.0); /* 200 * 4 */
}

static void test_ib_rate_all_codes(void **state)
{
	(void)state;
	/* every speed at 1x: the per-lane rate */
	assert_true(rp_ib_rate_gbps(SDR, W1X) == 2.5);
	assert_true(rp_ib_rate_gbps(DDR, W1X) == 5.0);
	assert_true(rp_ib_rate_gbps(QDR, W1X) == 10.0);
	assert_true(rp_ib_rate_gbps(FDR10, W1X) == 10.0);
	assert_true(rp_ib_rate_gbps(FDR, W1X) == 14.0);
	assert_true(rp_ib_rate_gbps(EDR, W1X) == 25.0);
	assert_true(rp_ib_rate_gbps(HDR, W1X) == 50.0);
	assert_true(rp_ib_rate_gbps(NDR, W1X) == 100.0);
	assert_true(rp_ib_rate_gbps(XDR, W1X) == 200.0);
	/* every width at EDR (25 per lane) */
	assert_true(rp_ib_rate_gbps(EDR, W2X) == 50.0);	  /* 25 * 2 */
	assert_true(rp_ib_rate_gbps(EDR, W8X) == 200.0);  /* 25 * 8 */
	assert_true(rp_ib_rate_gbps(EDR, W12X) == 300.0); /* 25 * 12 */
	/* more combinations */
	assert_true(rp_ib_rate_gbps(QDR, W4X) == 40.0);	  /* 10 * 4 */
	assert_true(rp_ib_rate_gbps(FDR10, W4X) == 40.0); /* 10 * 4 */
	assert_true(rp_ib_rate_gbps(DDR, W4X) == 20.0);	  /* 5 * 4 */
	assert_true(rp_ib_rate_gbps(SDR, W12X) == 30.0);  /* 2.5 * 12 */
	assert_true(rp_ib_rate_gbps(HDR, W2X) == 100.0);  /* 50 * 2 */
	assert_true(rp_ib_rate_gbps(NDR, W8X) == 800.0);  /* 100 * 8 */
	assert_true(rp_ib_rate_gbps(XDR, W2X) == 400.0);  /* 200 * 2 */
}

static void test_ib_rate_unknown(void **state)
{
	(void)state;
	/* unknown speed codes */
	assert_true(rp_ib_rate_gbps(0, W4X) == 0);
	assert_true(rp_ib_rate_gbps(3, W4X) == 0);
	assert_true(rp_ib_rate_gbps(512, W4X) == 0);
	assert_true(rp_ib_rate_gbps(EDR | HDR, W4X) == 0);
	/* unknown widths */
	assert_true(rp_ib_rate_gbps(EDR, 0) == 0);
	assert_true(rp_ib_rate_gbps(EDR, 3) == 0);
	assert_true(rp_ib_rate_gbps(EDR, 32) == 0);
	assert_true(rp_ib_rate_gbps(EDR, 255) == 0);
	/* the width number is not the code: 4 means 8x, 12 is no code */
	assert_true(rp_ib_rate_gbps(EDR, 4) == 200.0);
	assert_true(rp_ib_rate_gbps(EDR, 12) == 0);
}

/* --- rp_netdev_speed_gbps ----------------------------------------------- */

/* The net/ fixture root; fails the test when it is missing. */
static void net_root(void **state, char *out, size_t len)
{
	snprintf(out, len, "%s/counters/net", (const char *)*state);
	if (!is_dir(out))
		fail_msg("fixture directory %s not found: run from the repo "
			 "root or set RP_FIXTURES",
			 out);
}

static void test_netdev_speed(void **state)
{
	char root[PATH_MAX];

	net_root(state, root, sizeof(root));
	/* speed is in Mb/s: 100000 / 1000 = 100 Gb/s */
	assert_true(rp_netdev_speed_gbps(root, "eth100g") == 100.0);
	assert_true(rp_netdev_speed_gbps(root, "eth25g") == 25.0);
	assert_true(rp_netdev_speed_gbps(root, "enp1s0f0") == 400.0);
}

static void test_netdev_speed_unknown(void **state)
{
	char root[PATH_MAX];

	net_root(state, root, sizeof(root));
	/* virtio and Soft-RoCE's netdevs report -1 */
	assert_true(rp_netdev_speed_gbps(root, "virtio0") == 0);
	/* empty file */
	assert_true(rp_netdev_speed_gbps(root, "empty0") == 0);
	/* netdev without a speed file */
	assert_true(rp_netdev_speed_gbps(root, "nospeed0") == 0);
	/* no such netdev */
	assert_true(rp_netdev_speed_gbps(root, "nosuch0") == 0);
	/* no netdev at all */
	assert_true(rp_netdev_speed_gbps(root, "") == 0);
	assert_true(rp_netdev_speed_gbps(root, NULL) == 0);
	/* a root that does not exist */
	assert_true(rp_netdev_speed_gbps("/nonexistent/railperf", "eth100g") ==
		    0);
}

/* The rail's ceiling: the smaller of wire and PCIe payload, PCIe only
 * when known, nothing without a wire figure (a 200G port behind a PCIe
 * link of less payload, as on DGX Spark; the numbers are illustrative). */
static void test_rail_ceiling(void **state)
{
	bool b = true;

	(void)state;
	assert_true(rp_rail_ceiling(196.5, 111.4, &b) == 111.4 && b);
	assert_true(rp_rail_ceiling(98.2, 111.4, &b) == 98.2 && !b);
	assert_true(rp_rail_ceiling(98.2, 0, &b) == 98.2 && !b);
	b = true;
	assert_true(rp_rail_ceiling(0, 111.4, &b) == 0 && !b);
	assert_true(rp_rail_ceiling(50, 40, NULL) == 40);
}

/* Each verb's own wire ceiling: its headers per message (IBTA 9.2): WRITE
 * a RETH (16), WRITE with immediate a RETH and an ImmDt (20), SEND none,
 * a READ's responses an AETH on the first and last packet (8), one AETH
 * for a single-packet response; and the label naming the verb. */
static void test_verb_ceilings(void **state)
{
	(void)state;
	assert_near(rp_roce_ceiling(RP_VERB_WRITE, 100, 64 * KIB, 1024),
		    rp_roce_write_ceiling(100, 64 * KIB, 1024), 1e-12);
	assert_near(rp_roce_ceiling(RP_VERB_WRITE, 200, 64 * KIB, 4096),
		    200.0 * 65536 / (65536 + 82 * 16 + 16), 1e-9);
	assert_near(rp_roce_ceiling(RP_VERB_WRITE_IMM, 200, 64 * KIB, 4096),
		    200.0 * 65536 / (65536 + 82 * 16 + 20), 1e-9);
	assert_near(rp_roce_ceiling(RP_VERB_SEND, 200, 64 * KIB, 4096),
		    200.0 * 65536 / (65536 + 82 * 16), 1e-9);
	assert_near(rp_roce_ceiling(RP_VERB_READ, 200, 64 * KIB, 4096),
		    200.0 * 65536 / (65536 + 82 * 16 + 8), 1e-9);
	/* READ Response Only: one AETH */
	assert_near(rp_roce_ceiling(RP_VERB_READ, 100, 4096, 4096),
		    100.0 * 4096 / (4096 + 82 + 4), 1e-9);
	/* the guest's rxe1 at 1 Gb/s, MTU 1024 (t_expect) */
	assert_near(rp_roce_ceiling(RP_VERB_READ, 1, 64 * KIB, 1024),
		    65536.0 / (65536 + 82 * 64 + 8), 1e-12);
	assert_true(rp_roce_ceiling(RP_VERB_READ, 0, 64 * KIB, 4096) == 0);
	assert_true(rp_roce_ceiling(RP_VERB_SEND, 100, 64 * KIB, 0) == 0);
	assert_string_equal(rp_roce_verb_name(RP_VERB_WRITE), "WRITE");
	assert_string_equal(rp_roce_verb_name(RP_VERB_READ), "READ");
	assert_string_equal(rp_roce_verb_name(RP_VERB_SEND), "SEND");
	assert_string_equal(rp_roce_verb_name(RP_VERB_WRITE_IMM),
			    "WRITE with immediate");
}

int main(int argc, char **argv)
{
	char fixtures[PATH_MAX];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rail_ceiling),
		cmocka_unit_test(test_verb_ceilings),
		cmocka_unit_test(test_anchor_table_100g),
		cmocka_unit_test(test_anchor_table_200g_400g),
		cmocka_unit_test(test_large_message_limit),
		cmocka_unit_test(test_partial_packets),
		cmocka_unit_test(test_zeros),
		cmocka_unit_test(test_ib_rate_common),
		cmocka_unit_test(test_ib_rate_all_codes),
		cmocka_unit_test(test_ib_rate_unknown),
		cmocka_unit_test_prestate(test_netdev_speed, fixtures),
		cmocka_unit_test_prestate(test_netdev_speed_unknown, fixtures),
	};

	find_fixtures(argc > 0 ? argv[0] : NULL, "counters", fixtures,
		      sizeof(fixtures));
	return cmocka_run_group_tests(tests, NULL, NULL);
}
