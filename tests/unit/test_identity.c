/* Description: what a baseline records of a host (topo/rp_identity.c) and
 * the health counters beside rp_counters (topo/rp_healthctr.c), read from
 * the host fixtures: spark's rocep1s0f0 is PCI function 0000:01:00.0 on a
 * "32.0 GT/s PCIe" x4 link with fw_ver 28.41.1000; spark-x2's
 * roceP2p1s0f0 trained to x2 with 28.43.1000; Soft-RoCE's rxe0 has no
 * PCI function, link or firmware; a device that is not there keeps its
 * name only; past 16 rails -ENOSPC; this host's name and kernel are
 * uname's. rocep1s0f0's out_of_sequence (7) and its netdev's link drops
 * from its carrier counters (rp_carrier.h: 0 after a clean boot's 1 and
 * 1; spark-drops' enP2p1s0f1np1: 21); without a netdev the port's
 * link_downed (absent there); a port with neither (rocep1s0f1: no
 * hw_counters; its netdev's carrier counters are there); the delta of two readings, a
 * counter that went back (a driver reload) or changed source unknown. */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

#include <cmocka.h>

#include "hosts.h"
#include "topo/rp_healthctr.h"
#include "topo/rp_identity.h"

static char hosts[PATH_MAX];

static const char *root(const char *host)
{
	static char buf[PATH_MAX + 64];

	snprintf(buf, sizeof(buf), "%s/%s", hosts, host);
	return buf;
}

static void rail_is(const char *host, const char *dev, const char *pci,
		    const char *speed, unsigned int width, const char *fw)
{
	struct rp_ident_rail r;

	rp_identity_rail(&r, root(host), dev, 1);
	assert_string_equal(r.dev, dev);
	assert_int_equal(r.port, 1);
	assert_string_equal(r.pci, pci);
	assert_string_equal(r.speed, speed);
	assert_int_equal(r.width, width);
	assert_string_equal(r.fw, fw);
}

static void test_rails(void **state)
{
	(void)state;
	rail_is("spark", "rocep1s0f0", "0000:01:00.0", "32.0 GT/s", 4,
		"28.41.1000");
	rail_is("spark", "roceP2p1s0f0", "0002:01:00.0", "32.0 GT/s", 4,
		"28.41.1000");
	rail_is("spark-x2", "roceP2p1s0f0", "0002:01:00.0", "32.0 GT/s", 2,
		"28.43.1000");
	rail_is("softroce", "rxe0", "", "", 0, "");
	rail_is("spark", "nope", "", "", 0, "");
}

static void test_host(void **state)
{
	struct rp_ident_host h;
	struct utsname u;
	unsigned int i;

	(void)state;
	assert_int_equal(uname(&u), 0);
	rp_identity_self(&h);
	assert_string_equal(h.host, u.nodename);
	assert_string_equal(h.kernel, u.release);
	assert_int_equal(h.n, 0);
	for (i = 0; i < RP_MAX_RAILS; i++)
		assert_int_equal(
			rp_identity_add(&h, root("spark"), "rocep1s0f0", 1), 0);
	assert_int_equal(rp_identity_add(&h, root("spark"), "rocep1s0f0", 1),
			 -ENOSPC);
	assert_int_equal(h.n, RP_MAX_RAILS);
	assert_string_equal(h.rail[RP_MAX_RAILS - 1].fw, "28.41.1000");
}

static void test_healthctr(void **state)
{
	struct rp_healthctr h, a, d;

	(void)state;
	rp_healthctr_read(root("spark"), "rocep1s0f0", 1, "enp1s0f0np0", &h);
	assert_true(h.have_ooo);
	assert_int_equal(h.ooo, 7);
	assert_true(h.have_drops);
	assert_int_equal(h.drops, 0);
	assert_string_equal(h.drops_source, "carrier");
	rp_healthctr_read(root("spark-drops"), "roceP2p1s0f1", 1,
			  "enP2p1s0f1np1", &a);
	assert_true(a.have_drops);
	assert_int_equal(a.drops, 21);
	rp_healthctr_read(root("spark"), "rocep1s0f0", 1, "", &a);
	assert_true(a.have_ooo);
	assert_false(a.have_drops); /* no counters/link_downed there */
	assert_null(a.drops_source);
	rp_healthctr_read(root("spark"), "rocep1s0f1", 1, "enp1s0f1np1", &a);
	assert_false(a.have_ooo);
	assert_true(a.have_drops);
	rp_healthctr_read(root("spark"), "rocep1s0f1", 1, "nosuchnd0", &a);
	assert_false(a.have_drops);
	assert_null(a.drops_source);
	a = h;
	a.ooo = 10;
	a.drops = 2;
	rp_healthctr_delta(&h, &a, &d);
	assert_true(d.have_ooo && d.ooo == 3);
	assert_true(d.have_drops && d.drops == 2);
	a.ooo = 5; /* went back: a reload */
	a.drops_source = "link_downed";
	rp_healthctr_delta(&h, &a, &d);
	assert_false(d.have_ooo);
	assert_false(d.have_drops);
	assert_int_equal(d.ooo + d.drops, 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rails),
		cmocka_unit_test(test_host),
		cmocka_unit_test(test_healthctr),
	};

	hosts_find(argc > 0 ? argv[0] : NULL, hosts);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
