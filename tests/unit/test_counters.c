/* Description: port traffic counters. rp_counters_read over the fixture
 * trees in tests/fixtures/counters (found through $RP_FIXTURES,
 * ./tests/fixtures, or the path of this program): mlx5-style counters/
 * (data in 4-byte words -> bytes, packets), a port with packets only,
 * Soft-RoCE's hw_counters/sent_pkts and rcvd_pkts, half-present pairs
 * (a pair counts only when both files read), unreadable numbers, and
 * -ENOENT for a port with neither kind or a device that does not exist;
 * rp_counters_delta field by field, fields present in only one snapshot
 * dropped, and a before/after pair of fixture snapshots of one run. */
#include <errno.h>
#include <limits.h>
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

#include "rp_counters.h"
#include "fixtures.h"

/* --- fixtures ----------------------------------------------------------- */

/* counters/<sub> under the fixtures; fails the test when it is missing. */
static void root_of(void **state, const char *sub, char *out, size_t len)
{
	snprintf(out, len, "%s/counters/%s", (const char *)*state, sub);
	if (!is_dir(out))
		fail_msg("fixture directory %s not found: run from the repo "
			 "root or set RP_FIXTURES", out);
}

/* Read with @c poisoned first, so that fields left unset show. */
static int read_port(const char *root, const char *dev, unsigned int port,
		     struct rp_port_counters *c)
{
	memset(c, 0xa5, sizeof(*c));
	return rp_counters_read(root, dev, port, c);
}

/* --- rp_counters_read --------------------------------------------------- */

static void test_read_mlx5(void **state)
{
	char root[PATH_MAX];
	struct rp_port_counters c;

	root_of(state, "ib", root, sizeof(root));
	assert_int_equal(read_port(root, "mlx5_0", 1, &c), 0);
	assert_true(c.have_data);
	/* port_xmit_data 1000 words * 4 = 4000 B, port_rcv_data 2000 * 4 */
	assert_int_equal(c.xmit_bytes, 4000);
	assert_int_equal(c.rcv_bytes, 8000);
	assert_true(c.have_pkts);
	assert_int_equal(c.xmit_pkts, 30);
	assert_int_equal(c.rcv_pkts, 40);
	assert_non_null(c.pkts_source);
	assert_string_equal(c.pkts_source, "port_xmit_packets");
}

static void test_read_packets_only(void **state)
{
	char root[PATH_MAX];
	struct rp_port_counters c;

	root_of(state, "ib", root, sizeof(root));
	/* port 2 of mlx5_0 has packet counters and no data counters */
	assert_int_equal(read_port(root, "mlx5_0", 2, &c), 0);
	assert_false(c.have_data);
	assert_int_equal(c.xmit_bytes, 0);
	assert_int_equal(c.rcv_bytes, 0);
	assert_true(c.have_pkts);
	assert_int_equal(c.xmit_pkts, 7);
	assert_int_equal(c.rcv_pkts, 9);
	assert_string_equal(c.pkts_source, "port_xmit_packets");
}

static void test_read_rxe(void **state)
{
	char root[PATH_MAX];
	struct rp_port_counters c;

	root_of(state, "ib", root, sizeof(root));
	assert_int_equal(read_port(root, "rxe0", 1, &c), 0);
	assert_false(c.have_data);
	assert_int_equal(c.xmit_bytes, 0);
	assert_int_equal(c.rcv_bytes, 0);
	assert_true(c.have_pkts);
	assert_int_equal(c.xmit_pkts, 123456);
	assert_int_equal(c.rcv_pkts, 654321);
	assert_non_null(c.pkts_source);
	assert_string_equal(c.pkts_source, "sent_pkts");
}

static void test_read_half_pairs(void **state)
{
	char root[PATH_MAX];
	struct rp_port_counters c;

	root_of(state, "ib", root, sizeof(root));
	/* half0: port_xmit_data without port_rcv_data -> no data;
	 * port_xmit_packets without port_rcv_packets -> falls back to
	 * hw_counters: sent_pkts 11, rcvd_pkts 12 (not the lone 6) */
	assert_int_equal(read_port(root, "half0", 1, &c), 0);
	assert_false(c.have_data);
	assert_int_equal(c.xmit_bytes, 0);
	assert_int_equal(c.rcv_bytes, 0);
	assert_true(c.have_pkts);
	assert_int_equal(c.xmit_pkts, 11);
	assert_int_equal(c.rcv_pkts, 12);
	assert_string_equal(c.pkts_source, "sent_pkts");
}

static void test_read_junk(void **state)
{
	char root[PATH_MAX];
	struct rp_port_counters c;

	root_of(state, "ib", root, sizeof(root));
	/* junk0: port_xmit_data "abc" does not read; nothing else there */
	assert_int_equal(read_port(root, "junk0", 1, &c), -ENOENT);
	assert_false(c.have_data);
	assert_false(c.have_pkts);
	assert_null(c.pkts_source);
}

static void test_read_neither(void **state)
{
	char root[PATH_MAX];
	struct rp_port_counters c;

	root_of(state, "ib", root, sizeof(root));
	/* bare0 port 1 exists, with no counter files */
	assert_int_equal(read_port(root, "bare0", 1, &c), -ENOENT);
	assert_false(c.have_data);
	assert_false(c.have_pkts);
	assert_int_equal(c.xmit_bytes, 0);
	assert_int_equal(c.rcv_bytes, 0);
	assert_int_equal(c.xmit_pkts, 0);
	assert_int_equal(c.rcv_pkts, 0);
	assert_null(c.pkts_source);
	/* a device that does not exist, a port that does not exist */
	assert_int_equal(read_port(root, "nosuch0", 1, &c), -ENOENT);
	assert_false(c.have_data);
	assert_false(c.have_pkts);
	assert_int_equal(read_port(root, "mlx5_0", 3, &c), -ENOENT);
	assert_int_equal(read_port(root, "rxe0", 2, &c), -ENOENT);
	/* a root that does not exist */
	assert_int_equal(read_port("/nonexistent/railperf", "mlx5_0", 1, &c),
			 -ENOENT);
}

/* --- rp_counters_delta -------------------------------------------------- */

static struct rp_port_counters pc(bool data, uint64_t xb, uint64_t rb,
				  bool pkts, uint64_t xp, uint64_t rp,
				  const char *src)
{
	struct rp_port_counters c;

	memset(&c, 0, sizeof(c));
	c.have_data = data;
	c.xmit_bytes = xb;
	c.rcv_bytes = rb;
	c.have_pkts = pkts;
	c.xmit_pkts = xp;
	c.rcv_pkts = rp;
	c.pkts_source = src;
	return c;
}

static void delta(const struct rp_port_counters *b,
		  const struct rp_port_counters *a, struct rp_port_counters *d)
{
	memset(d, 0xa5, sizeof(*d));
	rp_counters_delta(b, a, d);
}

static void test_delta_both(void **state)
{
	struct rp_port_counters b = pc(true, 4000, 8000, true, 30, 40,
				       "port_xmit_packets");
	struct rp_port_counters a = pc(true, 104861600, 10000, true, 102430,
				       1640, "port_xmit_packets");
	struct rp_port_counters d;

	(void)state;
	delta(&b, &a, &d);
	assert_true(d.have_data);
	/* 104861600 - 4000 = 104857600 = 1600 * 65536 */
	assert_int_equal(d.xmit_bytes, 104857600);
	/* 10000 - 8000 */
	assert_int_equal(d.rcv_bytes, 2000);
	assert_true(d.have_pkts);
	/* 102430 - 30 = 102400 = 1600 messages * 64 packets */
	assert_int_equal(d.xmit_pkts, 102400);
	/* 1640 - 40 */
	assert_int_equal(d.rcv_pkts, 1600);
	assert_string_equal(d.pkts_source, "port_xmit_packets");
}

static void test_delta_data_one_side(void **state)
{
	/* data only before: dropped; packets in both: kept */
	struct rp_port_counters b = pc(true, 4000, 8000, true, 100, 200,
				       "sent_pkts");
	struct rp_port_counters a = pc(false, 0, 0, true, 350, 201,
				       "sent_pkts");
	struct rp_port_counters d;

	(void)state;
	delta(&b, &a, &d);
	assert_false(d.have_data);
	assert_int_equal(d.xmit_bytes, 0);
	assert_int_equal(d.rcv_bytes, 0);
	assert_true(d.have_pkts);
	assert_int_equal(d.xmit_pkts, 250);	/* 350 - 100 */
	assert_int_equal(d.rcv_pkts, 1);	/* 201 - 200 */
	assert_string_equal(d.pkts_source, "sent_pkts");
	/* data only after: dropped too */
	delta(&a, &b, &d);
	assert_false(d.have_data);
	assert_int_equal(d.xmit_bytes, 0);
	assert_int_equal(d.rcv_bytes, 0);
}

static void test_delta_pkts_one_side(void **state)
{
	/* packets only after: dropped, with no source; data kept */
	struct rp_port_counters b = pc(true, 400, 800, false, 0, 0, NULL);
	struct rp_port_counters a = pc(true, 1000, 900, true, 5, 6,
				       "port_xmit_packets");
	struct rp_port_counters d;

	(void)state;
	delta(&b, &a, &d);
	assert_true(d.have_data);
	assert_int_equal(d.xmit_bytes, 600);	/* 1000 - 400 */
	assert_int_equal(d.rcv_bytes, 100);	/* 900 - 800 */
	assert_false(d.have_pkts);
	assert_int_equal(d.xmit_pkts, 0);
	assert_int_equal(d.rcv_pkts, 0);
	assert_null(d.pkts_source);
	/* packets only before */
	delta(&a, &b, &d);
	assert_false(d.have_pkts);
	assert_null(d.pkts_source);
}

static void test_delta_nothing(void **state)
{
	struct rp_port_counters b = pc(true, 1, 2, false, 0, 0, NULL);
	struct rp_port_counters a = pc(false, 0, 0, true, 3, 4, "sent_pkts");
	struct rp_port_counters d;

	(void)state;
	delta(&b, &a, &d);
	assert_false(d.have_data);
	assert_false(d.have_pkts);
	assert_int_equal(d.xmit_bytes, 0);
	assert_int_equal(d.rcv_bytes, 0);
	assert_int_equal(d.xmit_pkts, 0);
	assert_int_equal(d.rcv_pkts, 0);
	assert_null(d.pkts_source);
}

static void test_delta_zero_run(void **state)
{
	/* the same snapshot twice: everything present, all 0 */
	struct rp_port_counters s = pc(true, 4000, 8000, true, 30, 40,
				       "port_xmit_packets");
	struct rp_port_counters d;

	(void)state;
	delta(&s, &s, &d);
	assert_true(d.have_data);
	assert_true(d.have_pkts);
	assert_int_equal(d.xmit_bytes, 0);
	assert_int_equal(d.rcv_bytes, 0);
	assert_int_equal(d.xmit_pkts, 0);
	assert_int_equal(d.rcv_pkts, 0);
}

static void test_delta_fixture_run(void **state)
{
	char before[PATH_MAX], after[PATH_MAX];
	struct rp_port_counters b, a, d;

	root_of(state, "ib", before, sizeof(before));
	root_of(state, "ib-after", after, sizeof(after));

	/* mlx5_0: 1600 WRITEs of 65536 B at MTU 1024 */
	assert_int_equal(read_port(before, "mlx5_0", 1, &b), 0);
	assert_int_equal(read_port(after, "mlx5_0", 1, &a), 0);
	delta(&b, &a, &d);
	assert_true(d.have_data);
	/* (26215400 - 1000) words * 4 = 26214400 * 4 = 104857600 B */
	assert_int_equal(d.xmit_bytes, 104857600);
	/* (2500 - 2000) * 4 = 2000 B */
	assert_int_equal(d.rcv_bytes, 2000);
	assert_true(d.have_pkts);
	assert_int_equal(d.xmit_pkts, 102400);	/* 102430 - 30 */
	assert_int_equal(d.rcv_pkts, 1600);	/* 1640 - 40 */
	assert_string_equal(d.pkts_source, "port_xmit_packets");

	/* rxe0: packets only */
	assert_int_equal(read_port(before, "rxe0", 1, &b), 0);
	assert_int_equal(read_port(after, "rxe0", 1, &a), 0);
	delta(&b, &a, &d);
	assert_false(d.have_data);
	assert_true(d.have_pkts);
	assert_int_equal(d.xmit_pkts, 100800);	/* 224256 - 123456 */
	assert_int_equal(d.rcv_pkts, 100);	/* 654421 - 654321 */
	assert_string_equal(d.pkts_source, "sent_pkts");
}

int main(int argc, char **argv)
{
	char fixtures[PATH_MAX];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_prestate(test_read_mlx5, fixtures),
		cmocka_unit_test_prestate(test_read_packets_only, fixtures),
		cmocka_unit_test_prestate(test_read_rxe, fixtures),
		cmocka_unit_test_prestate(test_read_half_pairs, fixtures),
		cmocka_unit_test_prestate(test_read_junk, fixtures),
		cmocka_unit_test_prestate(test_read_neither, fixtures),
		cmocka_unit_test(test_delta_both),
		cmocka_unit_test(test_delta_data_one_side),
		cmocka_unit_test(test_delta_pkts_one_side),
		cmocka_unit_test(test_delta_nothing),
		cmocka_unit_test(test_delta_zero_run),
		cmocka_unit_test_prestate(test_delta_fixture_run, fixtures),
	};

	find_fixtures(argc > 0 ? argv[0] : NULL, "counters", fixtures,
		      sizeof(fixtures));
	return cmocka_run_group_tests(tests, NULL, NULL);
}
