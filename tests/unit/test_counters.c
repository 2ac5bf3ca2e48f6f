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

#include "topo/rp_counters.h"
#include "cases.h"
#include "fixtures.h"

/* --- fixtures ----------------------------------------------------------- */

/* The fixture root, found by main. */
static char fixtures[PATH_MAX - 64];

/* counters/<sub> under the fixtures; fails the test when it is missing. */
static void root_of(const char *sub, char *out, size_t len)
{
	snprintf(out, len, "%s/counters/%s", fixtures, sub);
	if (!is_dir(out))
		fail_msg("fixture directory %s not found: run from the repo "
			 "root or set RP_FIXTURES",
			 out);
}

/* Read with @c poisoned first, so that fields left unset show. */
static int read_port(const char *root, const char *dev, unsigned int port,
		     struct rp_port_counters *c)
{
	memset(c, 0xa5, sizeof(*c));
	return rp_counters_read(root, dev, port, c);
}

/* have_data, the byte counts, have_pkts, the packet counts, the source. */
/* clang-format off */
#define PC(d, xb, rb, p, xp, rp, src) {					\
	.have_data = (d), .xmit_bytes = (xb), .rcv_bytes = (rb),	\
	.have_pkts = (p), .xmit_pkts = (xp), .rcv_pkts = (rp),		\
	.pkts_source = (src) }
/* clang-format on */

/* Which fields check() compares. */
#define DATA 1u /* have_data, xmit_bytes, rcv_bytes */
#define PKTS 2u /* have_pkts, xmit_pkts, rcv_pkts, pkts_source */

static void check(const struct rp_port_counters *c,
		  const struct rp_port_counters *want, unsigned int fields)
{
	if (fields & DATA) {
		assert_int_equal(c->have_data, want->have_data);
		assert_int_equal(c->xmit_bytes, want->xmit_bytes);
		assert_int_equal(c->rcv_bytes, want->rcv_bytes);
	}
	if (fields & PKTS) {
		assert_int_equal(c->have_pkts, want->have_pkts);
		assert_int_equal(c->xmit_pkts, want->xmit_pkts);
		assert_int_equal(c->rcv_pkts, want->rcv_pkts);
		if (!want->pkts_source) {
			assert_null(c->pkts_source);
		} else {
			assert_non_null(c->pkts_source);
			assert_string_equal(c->pkts_source, want->pkts_source);
		}
	}
}

/* --- rp_counters_read --------------------------------------------------- */

/* Port @port of @dev under @root (NULL: the fixture tree counters/ib). */
struct read_case {
	const char *name;
	const char *root, *dev;
	unsigned int port;
	int rc;
	struct rp_port_counters want;
};

static const struct read_case read_cases[] = {
	/* port_xmit_data 1000 words * 4 = 4000 B, port_rcv_data 2000 * 4 */
	{ "test_read_mlx5", NULL, "mlx5_0", 1, 0,
	  PC(true, 4000, 8000, true, 30, 40, "port_xmit_packets") },
	/* port 2 of mlx5_0 has packet counters and no data counters */
	{ "test_read_packets_only", NULL, "mlx5_0", 2, 0,
	  PC(false, 0, 0, true, 7, 9, "port_xmit_packets") },
	{ "test_read_rxe", NULL, "rxe0", 1, 0,
	  PC(false, 0, 0, true, 123456, 654321, "sent_pkts") },
	/* half0: port_xmit_data without port_rcv_data -> no data;
	 * port_xmit_packets without port_rcv_packets -> falls back to
	 * hw_counters: sent_pkts 11, rcvd_pkts 12 (not the lone 6) */
	{ "test_read_half_pairs", NULL, "half0", 1, 0,
	  PC(false, 0, 0, true, 11, 12, "sent_pkts") },
	/* junk0: port_xmit_data "abc" does not read; nothing else there */
	{ "test_read_junk", NULL, "junk0", 1, -ENOENT,
	  PC(false, 0, 0, false, 0, 0, NULL) },
	/* bare0 port 1 exists, with no counter files */
	{ "test_read_neither", NULL, "bare0", 1, -ENOENT,
	  PC(false, 0, 0, false, 0, 0, NULL) },
	/* a device that does not exist, a port that does not exist */
	{ "test_read_no_device", NULL, "nosuch0", 1, -ENOENT,
	  PC(false, 0, 0, false, 0, 0, NULL) },
	{ "test_read_no_port_mlx5", NULL, "mlx5_0", 3, -ENOENT,
	  PC(false, 0, 0, false, 0, 0, NULL) },
	{ "test_read_no_port_rxe", NULL, "rxe0", 2, -ENOENT,
	  PC(false, 0, 0, false, 0, 0, NULL) },
	/* a root that does not exist */
	{ "test_read_no_root", "/nonexistent/railperf", "mlx5_0", 1, -ENOENT,
	  PC(false, 0, 0, false, 0, 0, NULL) },
};

static void test_read_case(void **state)
{
	const struct read_case *rc = *state;
	char root[PATH_MAX];
	struct rp_port_counters c;

	if (rc->root)
		snprintf(root, sizeof(root), "%s", rc->root);
	else
		root_of("ib", root, sizeof(root));
	assert_int_equal(read_port(root, rc->dev, rc->port, &c), rc->rc);
	check(&c, &rc->want, DATA | PKTS);
}

/* --- rp_counters_delta -------------------------------------------------- */

static void delta(const struct rp_port_counters *b,
		  const struct rp_port_counters *a, struct rp_port_counters *d)
{
	memset(d, 0xa5, sizeof(*d));
	rp_counters_delta(b, a, d);
}

/* rp_counters_delta(@b, @a): @want, in the @fields given. */
struct delta_case {
	const char *name;
	struct rp_port_counters b, a, want;
	unsigned int fields;
};

static const struct delta_case delta_cases[] = {
	{ "test_delta_both",
	  PC(true, 4000, 8000, true, 30, 40, "port_xmit_packets"),
	  PC(true, 104861600, 10000, true, 102430, 1640, "port_xmit_packets"),
	  /* 104861600 - 4000 = 104857600 = 1600 * 65536; 10000 - 8000;
	   * 102430 - 30 = 102400 = 1600 messages * 64 packets; 1640 - 40 */
	  PC(true, 104857600, 2000, true, 102400, 1600, "port_xmit_packets"),
	  DATA | PKTS },
	/* data only before: dropped; packets in both: kept */
	{ "test_delta_data_one_side",
	  PC(true, 4000, 8000, true, 100, 200, "sent_pkts"),
	  PC(false, 0, 0, true, 350, 201, "sent_pkts"),
	  /* 350 - 100, 201 - 200 */
	  PC(false, 0, 0, true, 250, 1, "sent_pkts"), DATA | PKTS },
	/* data only after: dropped too */
	{ "test_delta_data_one_side_after",
	  PC(false, 0, 0, true, 350, 201, "sent_pkts"),
	  PC(true, 4000, 8000, true, 100, 200, "sent_pkts"),
	  PC(false, 0, 0, false, 0, 0, NULL), DATA },
	/* packets only after: dropped, with no source; data kept */
	{ "test_delta_pkts_one_side", PC(true, 400, 800, false, 0, 0, NULL),
	  PC(true, 1000, 900, true, 5, 6, "port_xmit_packets"),
	  /* 1000 - 400, 900 - 800 */
	  PC(true, 600, 100, false, 0, 0, NULL), DATA | PKTS },
	/* packets only before */
	{ "test_delta_pkts_one_side_before",
	  PC(true, 1000, 900, true, 5, 6, "port_xmit_packets"),
	  PC(true, 400, 800, false, 0, 0, NULL),
	  PC(false, 0, 0, false, 0, 0, NULL), PKTS },
	{ "test_delta_nothing", PC(true, 1, 2, false, 0, 0, NULL),
	  PC(false, 0, 0, true, 3, 4, "sent_pkts"),
	  PC(false, 0, 0, false, 0, 0, NULL), DATA | PKTS },
	/* the same snapshot twice: everything present, all 0 */
	{ "test_delta_zero_run",
	  PC(true, 4000, 8000, true, 30, 40, "port_xmit_packets"),
	  PC(true, 4000, 8000, true, 30, 40, "port_xmit_packets"),
	  PC(true, 0, 0, true, 0, 0, "port_xmit_packets"), DATA | PKTS },
};

/* Counters that went backwards (perfquery -R, a driver restart): the
 * kind is dropped and the delta says "reset", never a 2^64 wrap; the
 * kinds that went forward are kept. */
static void test_delta_reset(void **state)
{
	static const struct rp_port_counters b =
		PC(true, 104861600, 10000, true, 30, 40, "port_xmit_packets");
	static const struct rp_port_counters a =
		PC(true, 4000, 12000, true, 102430, 1640, "port_xmit_packets");
	static const struct rp_port_counters want =
		PC(false, 0, 0, true, 102400, 1600, "port_xmit_packets");
	struct rp_port_counters d, c = a, e = a;

	(void)state;
	delta(&b, &a, &d);
	check(&d, &want, DATA | PKTS);
	assert_true(d.reset);
	c.have_cnp = e.have_cnp = true;
	c.cnp = 5; /* after: 0 */
	delta(&c, &e, &d);
	assert_true(d.have_data && d.have_pkts);
	assert_false(d.have_cnp);
	assert_true(d.reset);
	delta(&a, &a, &d);
	assert_false(d.reset);
}

static void test_delta_case(void **state)
{
	const struct delta_case *dc = *state;
	struct rp_port_counters d;

	delta(&dc->b, &dc->a, &d);
	check(&d, &dc->want, dc->fields);
}

static void test_delta_fixture_run(void **state)
{
	/* mlx5_0: 1600 WRITEs of 65536 B at MTU 1024.
	 * (26215400 - 1000) words * 4 = 26214400 * 4 = 104857600 B;
	 * (2500 - 2000) * 4 = 2000 B; 102430 - 30 packets; 1640 - 40 */
	static const struct rp_port_counters mlx5 = PC(
		true, 104857600, 2000, true, 102400, 1600, "port_xmit_packets");
	/* rxe0: packets only: 224256 - 123456, 654421 - 654321 */
	static const struct rp_port_counters rxe =
		PC(false, 0, 0, true, 100800, 100, "sent_pkts");
	char before[PATH_MAX], after[PATH_MAX];
	struct rp_port_counters b, a, d;

	(void)state;
	root_of("ib", before, sizeof(before));
	root_of("ib-after", after, sizeof(after));

	assert_int_equal(read_port(before, "mlx5_0", 1, &b), 0);
	assert_int_equal(read_port(after, "mlx5_0", 1, &a), 0);
	delta(&b, &a, &d);
	check(&d, &mlx5, DATA | PKTS);

	/* mlx5 retry counters: none moved; CNP: (40 + 70) - (10 + 20) */
	assert_true(d.have_retry && d.retry == 0);
	assert_true(d.have_cnp && d.cnp == 80);

	assert_int_equal(read_port(before, "rxe0", 1, &b), 0);
	assert_int_equal(read_port(after, "rxe0", 1, &a), 0);
	delta(&b, &a, &d);
	check(&d, &rxe, DATA | PKTS);
	/* rxe: (905 + 102) - (5 + 2) = 1000 retry events; no CNP counters */
	assert_true(d.have_retry && d.retry == 1000);
	assert_false(d.have_cnp);
}

int main(int argc, char **argv)
{
	static const struct CMUnitTest fixture_run[] = {
		cmocka_unit_test(test_delta_fixture_run),
		cmocka_unit_test(test_delta_reset),
	};
	struct CMUnitTest tests[ARRAY_SIZE(read_cases) + ARRAY_SIZE(delta_cases) +
				ARRAY_SIZE(fixture_run)];
	size_t n = 0;

	CASES_ADD(tests, n, test_read_case, read_cases);
	CASES_ADD(tests, n, test_delta_case, delta_cases);
	TESTS_ADD(tests, n, fixture_run);
	find_fixtures(argc > 0 ? argv[0] : NULL, "counters", fixtures,
		      sizeof(fixtures));
	return RUN_TESTS(tests, n);
}
