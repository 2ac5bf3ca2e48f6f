/* Description: a rail's health before the run, over the host fixtures
 * (tests/fixtures/sysfs/hosts, laid out like /sys: class entries are
 * symlinks into devices/pci...). rp_carrier: link drops since boot from
 * carrier_up_count (each up after the first), from carrier_changes alone
 * ((changes - 1) / 2), none on a netdev without counters; rp_aer_parse on
 * Linux's aer_dev_* text (the TOTAL_ line, the error bits with a count,
 * junk skipped) and rp_aer_read along a path (function, root port);
 * rp_portfuncs: the other PCI function of a DGX Spark port and whether it
 * has an address; the reasons of rp_railinfo_health (21 link drops, AER
 * fatal and correctable counts each named, a half-configured port on
 * both of its functions, none on the healthy Spark) and the one line
 * every binary warns with (rp_preflight: the same reasons joined, nothing
 * for a healthy rail or Soft-RoCE); rp_session_mtu_mismatch: the two ends'
 * netdev MTUs named with the RoCE path MTU the smaller allows, nothing
 * when they agree or one is unknown. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hosts.h"
#include "app/rp_session.h"
#include "info/rp_portfuncs.h"
#include "info/rp_preflight.h"
#include "info/rp_railinfo.h"
#include "info/rp_railinfo_health.h"
#include "net/rp_carrier.h"
#include "topo/rp_aer.h"

static char hosts[PATH_MAX];

/* The fixture root of @host into @out (PATH_MAX bytes). */
static const char *root_of(const char *host, char *out)
{
	snprintf(out, PATH_MAX, "%.3000s/%.64s", hosts, host);
	if (!is_dir(out))
		fail_msg("host fixture %s not found", out);
	return out;
}

static void test_carrier(void **state)
{
	char root[PATH_MAX];
	struct rp_carrier c;

	(void)state;
	/* healthy: virtio-net's and mlx5's boot, one down and one up */
	assert_int_equal(
		rp_carrier_read(root_of("spark", root), "enp1s0f0np0", &c), 0);
	assert_true(c.known && c.split);
	assert_int_equal(c.up, 1);
	assert_int_equal(c.down, 1);
	assert_int_equal(c.drops, 0);
	/* 21 drops since boot, the public report's count */
	assert_int_equal(rp_carrier_read(root_of("spark-drops", root),
					 "enP2p1s0f1np1", &c),
			 0);
	assert_int_equal(c.up, 22);
	assert_int_equal(c.drops, 21);
	/* no counters (an older fixture's netdev), no netdev */
	assert_int_equal(rp_carrier_read(root_of("softroce", root), "nosuch",
					 &c),
			 -ENOENT);
	assert_false(c.known);
	assert_int_equal(rp_carrier_read(root, "", &c), -ENOENT);
	/* carrier_changes alone (before Linux 4.16): a driver that counts
	 * its first down (2 + 2 per drop) or not (1 + 2 per drop) */
	c = (struct rp_carrier){ .known = true, .changes = 2 };
	assert_int_equal(rp_carrier_drops(&c), 0);
	c.changes = 1;
	assert_int_equal(rp_carrier_drops(&c), 0);
	c.changes = 10;
	assert_int_equal(rp_carrier_drops(&c), 4);
	c.changes = 9;
	assert_int_equal(rp_carrier_drops(&c), 4);
	c = (struct rp_carrier){ .known = true, .split = true, .up = 0 };
	assert_int_equal(rp_carrier_drops(&c), 0); /* never up */
}

static void test_aer_parse(void **state)
{
	struct rp_aer_dev d;

	(void)state;
	memset(&d, 0, sizeof(d));
	assert_int_equal(rp_aer_parse("RxErr 12\nBadTLP 0\nBadDLLP 2\n"
				      "Rollover 0\nTOTAL_ERR_COR 14\n",
				      RP_AER_CORRECTABLE, &d),
			 0);
	assert_true(d.known[RP_AER_CORRECTABLE]);
	assert_int_equal(d.total[RP_AER_CORRECTABLE], 14);
	assert_int_equal(d.nnamed[RP_AER_CORRECTABLE], 2);
	assert_string_equal(d.named[RP_AER_CORRECTABLE][0].name, "RxErr");
	assert_int_equal(d.named[RP_AER_CORRECTABLE][1].n, 2);
	/* no TOTAL_ line: the sum; junk lines skipped */
	assert_int_equal(rp_aer_parse("DLP 1\nnot a count\nMalfTLP 3 x\n"
				      "CmpltTO 4",
				      RP_AER_FATAL, &d),
			 0);
	assert_int_equal(d.total[RP_AER_FATAL], 5);
	assert_int_equal(d.nnamed[RP_AER_FATAL], 2);
	assert_int_equal(rp_aer_parse("", RP_AER_NONFATAL, &d), -EINVAL);
	assert_false(d.known[RP_AER_NONFATAL]);
	assert_string_equal(rp_aer_file(RP_AER_NONFATAL), "aer_dev_nonfatal");
}

static void test_aer_read(void **state)
{
	char root[PATH_MAX];
	struct rp_aer a;

	(void)state;
	assert_int_equal(
		rp_aer_read(root_of("spark-aer", root), "roceP2p1s0f0", &a), 0);
	assert_true(a.known);
	assert_int_equal(a.n, 2);
	assert_string_equal(a.dev[0].addr, "0002:01:00.0");
	assert_false(a.dev[0].root);
	assert_int_equal(a.dev[0].total[RP_AER_FATAL], 1);
	assert_string_equal(a.dev[0].named[RP_AER_FATAL][0].name, "MalfTLP");
	assert_int_equal(a.dev[0].total[RP_AER_CORRECTABLE], 3);
	assert_string_equal(a.dev[1].addr, "0002:00:00.0");
	assert_true(a.dev[1].root);
	assert_int_equal(a.dev[1].total[RP_AER_CORRECTABLE], 14);
	assert_int_equal(rp_aer_errors(&a), 18);
	/* the healthy Spark: counters present, all 0 */
	assert_int_equal(rp_aer_read(root_of("spark", root), "rocep1s0f0", &a),
			 0);
	assert_true(a.known);
	assert_int_equal(rp_aer_errors(&a), 0);
	/* Soft-RoCE: not a PCI function */
	assert_int_equal(rp_aer_read(root_of("softroce", root), "rxe0", &a),
			 -ENOENT);
	assert_int_equal(a.n, 0);
}

static void test_portfuncs(void **state)
{
	char root[PATH_MAX];
	struct rp_portfuncs pf;
	const char *key = "30c5:9903:003e:6a13/p0";

	(void)state;
	root_of("spark-half", root);
	assert_true(rp_port_configured(root, "rocep1s0f0", 1));
	assert_false(rp_port_configured(root, "roceP2p1s0f0", 1));
	assert_int_equal(rp_portfuncs_read(root, "rocep1s0f0", 1, key, &pf), 1);
	assert_string_equal(pf.f[0].dev, "roceP2p1s0f0");
	assert_string_equal(pf.f[0].ndev, "enP2p1s0f0np0");
	assert_false(pf.f[0].configured);
	assert_int_equal(rp_portfuncs_read(root, "roceP2p1s0f0", 1, key, &pf),
			 1);
	assert_string_equal(pf.f[0].dev, "rocep1s0f0");
	assert_true(pf.f[0].configured);
	/* no sys_image_guid in the key: nothing is the same NIC */
	assert_int_equal(
		rp_portfuncs_read(root, "rocep1s0f0", 1, "rxe0/port1", &pf), 0);
	assert_int_equal(rp_portfuncs_read(root_of("softroce", root), "rxe0", 1,
					   "rxe0/port1", &pf),
			 0);
}

/* Host @host gathered from its tree: rail @dev's reasons, joined. */
static unsigned int reasons(const char *host, const char *dev, char *out,
			    size_t len)
{
	struct rp_railinfo_opts o = { .dev = NULL };
	char root[PATH_MAX];
	struct rp_railinfo ri;
	unsigned int i, j, n = 0;
	size_t off = 0;

	o.sysfs = root_of(host, root);
	out[0] = '\0';
	assert_int_equal(rp_railinfo_gather(&ri, &o), 0);
	for (i = 0; i < ri.n; i++) {
		if (strcmp(ri.p[i].dev, dev))
			continue;
		n = ri.p[i].ndegraded;
		for (j = 0; j < n && off < len; j++)
			off += (size_t)snprintf(out + off, len - off, "%s|",
						ri.p[i].degraded[j]);
	}
	rp_railinfo_free(&ri);
	return n;
}

static void test_health_reasons(void **state)
{
	static const char *const spark[] = { "rocep1s0f0", "rocep1s0f1",
					     "roceP2p1s0f0", "roceP2p1s0f1" };
	char out[4096];
	unsigned int i;

	(void)state;
	for (i = 0; i < 4; i++)
		assert_int_equal(reasons("spark", spark[i], out, sizeof(out)),
				 0);
	assert_int_equal(
		reasons("spark-drops", "roceP2p1s0f1", out, sizeof(out)), 1);
	assert_string_equal(out,
			    "link of netdev enP2p1s0f1np1 went down and came "
			    "back 21 times since boot (carrier_up_count 22, "
			    "carrier_down_count 22): check the cable, its "
			    "transceivers and the peer's port|");
	assert_int_equal(reasons("spark-drops", "rocep1s0f1", out, sizeof(out)),
			 0);
	assert_int_equal(reasons("spark-aer", "roceP2p1s0f1", out, sizeof(out)),
			 2);
	assert_string_equal(out,
			    "PCIe AER errors at 0002:01:00.1 (its function) "
			    "since boot: aer_dev_fatal 1 (MalfTLP 1), "
			    "aer_dev_correctable 3 (BadTLP 3)|PCIe AER errors "
			    "at 0002:00:00.0 (its root port) since boot: "
			    "aer_dev_correctable 14 (RxErr 12, BadDLLP 2)|");
	assert_int_equal(reasons("spark-aer", "rocep1s0f0", out, sizeof(out)),
			 0);
	assert_int_equal(reasons("spark-half", "rocep1s0f0", out, sizeof(out)),
			 1);
	assert_non_null(strstr(out, "roceP2p1s0f0 (netdev enP2p1s0f0np0) "
				    "reaches physical port p0 too and has no "
				    "IP address"));
	assert_int_equal(
		reasons("spark-half", "roceP2p1s0f0", out, sizeof(out)), 1);
	assert_non_null(strstr(out, "no IP address, while rocep1s0f0 on the "
				    "same physical port p0 has one"));
	/* the other port's two functions both have addresses */
	assert_int_equal(reasons("spark-half", "rocep1s0f1", out, sizeof(out)),
			 0);
}

static void test_preflight(void **state)
{
	char root[PATH_MAX], line[2048];
	unsigned int kinds;

	(void)state;
	assert_int_equal(rp_preflight(root_of("spark-drops", root),
				      "roceP2p1s0f1", 1, NULL, line,
				      sizeof(line), NULL),
			 1);
	assert_non_null(strstr(line, "went down and came back 21 times"));
	assert_int_equal(rp_preflight(root, "roceP2p1s0f0", 1, "", line,
				      sizeof(line), NULL),
			 0);
	assert_string_equal(line, "");
	/* several reasons, one line */
	assert_int_equal(rp_preflight(root_of("spark-aer", root),
				      "roceP2p1s0f0", 1, NULL, line,
				      sizeof(line), &kinds),
			 2);
	assert_int_equal(kinds, RP_HEALTH_AER);
	assert_non_null(strstr(line, "(BadTLP 3); PCIe AER errors at "
				     "0002:00:00.0 (its root port)"));
	assert_null(strchr(line, '\n'));
	assert_int_equal(rp_preflight(root_of("spark-x2", root), "roceP2p1s0f1",
				      1, NULL, line, sizeof(line), &kinds),
			 1);
	assert_int_equal(kinds, RP_HEALTH_PCIE);
	assert_string_equal(line, "PCIe link 0002:01:00 trained to x2, below "
				  "its maximum x4");
	assert_int_equal(rp_preflight(root_of("spark-half", root), "rocep1s0f0",
				      1, NULL, line, sizeof(line), &kinds),
			 1);
	assert_int_equal(kinds, RP_HEALTH_HALF);
	/* MTU 1500 caps RoCE: rail_info's reason, not a binary's warning */
	assert_int_equal(rp_preflight(root_of("spark-mtu1500", root),
				      "rocep1s0f0", 1, NULL, line, sizeof(line),
				      NULL),
			 0);
	assert_int_equal(rp_preflight(root_of("softroce", root), "rxe1", 1,
				      "eth1", line, sizeof(line), NULL),
			 0);
	assert_int_equal(rp_preflight(root, "nosuch", 1, NULL, line,
				      sizeof(line), &kinds),
			 0);
	assert_int_equal(kinds, 0);
}

static void test_mtu_mismatch(void **state)
{
	struct rp_rail_addr a = { .ndev_mtu = 1400 }, b = { .ndev_mtu = 1500 };
	char msg[320] = "untouched";

	(void)state;
	assert_true(rp_session_mtu_mismatch(&a, &b, "eth1", msg, sizeof(msg)));
	assert_string_equal(msg, "netdev eth1 MTU 1400 here, 1500 at the "
				 "peer: RoCE runs at the path MTU the smaller "
				 "one allows (1024) and IP packets over 1400 "
				 "bytes are dropped on the way; set both ends "
				 "alike");
	assert_true(rp_session_mtu_mismatch(&b, &a, "", msg, sizeof(msg)));
	assert_non_null(strstr(msg, "netdev (unknown) MTU 1500 here, 1400"));
	b.ndev_mtu = 9000;
	a.ndev_mtu = 4200;
	assert_true(rp_session_mtu_mismatch(&a, &b, "x", msg, sizeof(msg)));
	assert_non_null(strstr(msg, "(4096)"));
	strcpy(msg, "untouched");
	a.ndev_mtu = 9000;
	assert_false(rp_session_mtu_mismatch(&a, &b, "x", msg, sizeof(msg)));
	a.ndev_mtu = 0; /* unknown at one end */
	assert_false(rp_session_mtu_mismatch(&a, &b, "x", msg, sizeof(msg)));
	assert_false(rp_session_mtu_mismatch(&b, &a, "x", msg, sizeof(msg)));
	assert_string_equal(msg, "untouched");
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_carrier),
		cmocka_unit_test(test_aer_parse),
		cmocka_unit_test(test_aer_read),
		cmocka_unit_test(test_portfuncs),
		cmocka_unit_test(test_health_reasons),
		cmocka_unit_test(test_preflight),
		cmocka_unit_test(test_mtu_mismatch),
	};

	hosts_find(argc > 0 ? argv[0] : NULL, hosts);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
