/* Description: rp_wiremap, rail_cluster_bw's wiring map, over made-up
 * clusters (wirefix.h) and its text (rp_wiretext): a switched cluster of 4
 * hosts on 2 rail segments links every pair on each rail and nothing
 * across the rails (not cross, no ring, map the default); a 3-host ring
 * is a ring of exactly its 3 cables (order 0 > 1 > 2, cross); a 4-host
 * ring has no path between opposite hosts (every rail pair "no cable",
 * listed on one line each); one end of a ring cable re-addressed into
 * another subnet is a miswire naming both ends, and the cable is no path;
 * a host of a 3-ring whose two cables are swapped is named by the port
 * rule, both of its links, with the rails the ring expects; an MTU that
 * differs between a cable's ends is named with both MTUs; a port down
 * takes every combination with it ("down" line); no IPv6 link-local
 * address: a shared subnet still links, none is "no link local"; two
 * ranks on one netdev (one MAC) are one segment; every host's rails in
 * one subnet (a flat /16) makes index the default; a job past
 * RP_WMAP_MAX_ENDS is refused with -E2BIG; the wiring table names both
 * ends of every link, host, device, port, netdev, address and MTU. */
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

#include "cluster/rp_wiremap.h"
#include "cluster/rp_wiretext.h"
#include "wirefix.h"

static struct wf w;
static char names[WF_MAXH][64];

static int build(struct rp_wmap *m)
{
	return rp_wmap_build(m, w.hosts, w.rails, w.e, w.heard);
}

/* The map's text (rp_wiretext_print) into @buf. */
static unsigned int text(const struct rp_wmap *m, char *buf, size_t len)
{
	FILE *f = fmemopen(buf, len, "w");
	unsigned int n;

	assert_non_null(f);
	wf_names(names, w.hosts);
	n = rp_wiretext_print(f, m, (const char(*)[64])names);
	fclose(f);
	return n;
}

static void test_switch(void **state)
{
	struct rp_wmap m;
	unsigned int k;

	(void)state;
	wf_switch(&w, 4, 2);
	assert_int_equal(build(&m), 0);
	assert_int_equal(m.nlinks, 12);
	for (k = 0; k < m.nlinks; k++)
		assert_int_equal(m.links[k].ra, m.links[k].rb);
	assert_false(m.cross);
	assert_false(m.ring);
	assert_int_equal(m.nmis, 0);
	assert_true(m.many_subnets);
	assert_true(m.map_default);
	assert_true(rp_wmap_path(&m, 0, 1, 3, 1));
	assert_int_equal(rp_wmap_why(&m, 0, 0, 3, 1), RP_WWHY_NOCABLE);
	rp_wmap_fini(&m);
}

static void test_ring3(void **state)
{
	struct rp_wmap m;
	char buf[8192];

	(void)state;
	wf_ring(&w, 3);
	assert_int_equal(build(&m), 0);
	assert_int_equal(m.nlinks, 3);
	assert_true(m.ring);
	assert_true(m.cross);
	assert_int_equal(m.nmis, 0);
	assert_int_equal(m.order[0], 0);
	assert_int_equal(m.order[1], 1);
	assert_int_equal(m.order[2], 2);
	assert_true(rp_wmap_path(&m, 0, 1, 1, 0));
	assert_true(rp_wmap_path(&m, 2, 1, 0, 0));
	assert_false(rp_wmap_path(&m, 0, 0, 1, 0));
	assert_true(m.map_default);
	assert_int_equal(text(&m, buf, sizeof(buf)), 0);
	assert_non_null(strstr(buf, " railperf: wiring map: 3 hosts, 2 rails "
				    "each, 3 links"));
	assert_non_null(strstr(buf, "h0    rxe1    1     eth1    10.1.1.1/24  "
				    "1500  h1    rxe0    1     eth0    "
				    "10.1.1.2/24  1500  neighbours"));
	assert_non_null(
		strstr(buf, " railperf: wiring map: a ring of 3 hosts: h0 > h1 "
			    "> h2 > h0\n"));
	assert_null(strstr(buf, "no path"));
	assert_null(strstr(buf, "miswire"));
	rp_wmap_fini(&m);
}

static void test_ring4_diagonals(void **state)
{
	struct rp_wmap m;
	unsigned int i, j;
	char buf[8192];

	(void)state;
	wf_ring(&w, 4);
	assert_int_equal(build(&m), 0);
	assert_int_equal(m.nlinks, 4);
	assert_true(m.ring);
	assert_false(rp_wmap_linked(&m, 0, 2));
	assert_false(rp_wmap_linked(&m, 1, 3));
	assert_true(rp_wmap_linked(&m, 3, 0));
	for (i = 0; i < 2; i++)
		for (j = 0; j < 2; j++)
			assert_int_equal(rp_wmap_why(&m, 0, i, 2, j),
					 RP_WWHY_NOCABLE);
	text(&m, buf, sizeof(buf));
	assert_non_null(strstr(buf, " railperf: no path: h0 - h2, every rail "
				    "pair: no cable: not on one segment and "
				    "no subnet in common\n"));
	assert_non_null(strstr(buf, " railperf: no path: h1 - h3, every rail "
				    "pair: "));
	assert_null(strstr(buf, "no path: h0 - h1"));
	rp_wmap_fini(&m);
}

static void test_miswire_subnet(void **state)
{
	struct rp_wmap m;
	char buf[8192];

	(void)state;
	wf_ring(&w, 4);
	wf_addr(&w, 1, 0, "10.9.1.2/24"); /* h1's end of cable h0 - h1 */
	assert_int_equal(build(&m), 0);
	assert_int_equal(m.nlinks, 3);
	assert_false(m.ring);
	assert_int_equal(m.nmis, 1);
	assert_int_equal(m.mis[0].kind, RP_WMIS_SUBNET);
	assert_int_equal(rp_wmap_why(&m, 0, 1, 1, 0), RP_WWHY_NOSUBNET);
	assert_int_equal(text(&m, buf, sizeof(buf)), 1);
	assert_non_null(strstr(
		buf, " railperf: miswire: h0 rxe1 (eth1, 10.1.1.1/24) and h1 "
		     "rxe0 (eth0, 10.9.1.2/24) are cabled (one segment) but "
		     "share no subnet: give both ends addresses in one "
		     "subnet\n"));
	assert_non_null(strstr(buf, " railperf: no path: h0 - h1, rails 1-0: "
				    "cabled (one segment) but no subnet in "
				    "common\n"));
	rp_wmap_fini(&m);
}

static void test_miswire_port(void **state)
{
	struct rp_wmap m;
	char buf[8192];

	(void)state;
	/* h2's cables swapped: h1 rail 1 - h2 rail 1, h2 rail 0 - h0 rail 0 */
	wf_init(&w, 3, 2);
	wf_addr(&w, 0, 1, "10.1.1.1/24");
	wf_addr(&w, 1, 0, "10.1.1.2/24");
	wf_cable(&w, 0, 1, 1, 0);
	wf_addr(&w, 1, 1, "10.1.2.2/24");
	wf_addr(&w, 2, 1, "10.1.2.3/24");
	wf_cable(&w, 1, 1, 2, 1);
	wf_addr(&w, 2, 0, "10.1.3.3/24");
	wf_addr(&w, 0, 0, "10.1.3.1/24");
	wf_cable(&w, 2, 0, 0, 0);
	assert_int_equal(build(&m), 0);
	assert_true(m.ring);
	assert_int_equal(m.nmis, 2);
	assert_int_equal(m.mis[0].kind, RP_WMIS_PORT);
	assert_int_equal(m.mis[1].kind, RP_WMIS_PORT);
	assert_int_equal(text(&m, buf, sizeof(buf)), 2);
	assert_non_null(strstr(
		buf,
		" railperf: miswire: h1 rxe1 (eth1, 10.1.2.2/24) is cabled "
		"to h2 rxe1 (eth1, 10.1.2.3/24): the rest of the ring joins "
		"rail 1 of a host to rail 0 of the next: cable h1 rail 1 "
		"to h2 rail 0\n"));
	assert_non_null(strstr(
		buf,
		" railperf: miswire: h2 rxe0 (eth0, 10.1.3.3/24) is cabled "
		"to h0 rxe0 (eth0, 10.1.3.1/24): the rest of the ring joins "
		"rail 1 of a host to rail 0 of the next: cable h2 rail 1 "
		"to h0 rail 0\n"));
	rp_wmap_fini(&m);
}

static void test_miswire_mtu(void **state)
{
	struct rp_wmap m;
	char buf[8192];

	(void)state;
	wf_ring(&w, 3);
	wf_end(&w, 1, 0)->mtu = 1400;
	assert_int_equal(build(&m), 0);
	assert_int_equal(m.nlinks, 3);
	assert_int_equal(m.nmis, 1);
	assert_int_equal(m.mis[0].kind, RP_WMIS_MTU);
	text(&m, buf, sizeof(buf));
	assert_non_null(strstr(buf, " railperf: miswire: MTU 1500 at h0 rxe1 "
				    "(eth1, 10.1.1.1/24), 1400 at h1 rxe0 "
				    "(eth0, 10.1.1.2/24): "));
	rp_wmap_fini(&m);
}

static void test_down(void **state)
{
	struct rp_wmap m;
	char buf[8192];

	(void)state;
	wf_switch(&w, 4, 2);
	wf_end(&w, 3, 1)->up = 0;
	assert_int_equal(build(&m), 0);
	assert_int_equal(m.nlinks, 9);
	assert_int_equal(rp_wmap_why(&m, 0, 1, 3, 1), RP_WWHY_DOWN);
	text(&m, buf, sizeof(buf));
	assert_non_null(
		strstr(buf, " railperf: down: h3 rxe1 port 1 (eth1): "));
	rp_wmap_fini(&m);
}

static void test_no_link_local(void **state)
{
	struct rp_wmap m;

	(void)state;
	wf_switch(&w, 2, 2);
	memset(w.heard, 0, sizeof(w.heard));
	wf_end(&w, 1, 0)->has_ll = 0;
	wf_end(&w, 1, 1)->has_ll = 0;
	wf_addr(&w, 1, 1, "10.7.7.7/24");
	assert_int_equal(build(&m), 0);
	assert_true(rp_wmap_path(&m, 0, 0, 1, 0)); /* the subnet */
	assert_int_equal(m.links[0].seen, RP_WSEEN_UNKNOWN);
	assert_int_equal(rp_wmap_why(&m, 0, 1, 1, 1), RP_WWHY_NOLL);
	assert_int_equal(m.nmis, 0);
	rp_wmap_fini(&m);
}

static void test_one_netdev(void **state)
{
	struct rp_wmap m;

	(void)state;
	wf_switch(&w, 2, 1);
	memset(w.heard, 0, sizeof(w.heard));
	*wf_end(&w, 1, 0) = *wf_end(&w, 0, 0); /* one guest, two ranks */
	assert_int_equal(build(&m), 0);
	assert_int_equal(m.nlinks, 1);
	assert_int_equal(m.links[0].seen, RP_WSEEN_YES);
	rp_wmap_fini(&m);
}

static void test_flat_subnet(void **state)
{
	struct rp_wmap m;
	unsigned int h;
	char a[32];

	(void)state;
	wf_switch(&w, 3, 2);
	for (h = 0; h < 3; h++) {
		snprintf(a, sizeof(a), "10.0.0.%u/16", h + 1);
		wf_addr(&w, h, 0, a);
		snprintf(a, sizeof(a), "10.0.1.%u/16", h + 1);
		wf_addr(&w, h, 1, a);
	}
	assert_int_equal(build(&m), 0);
	assert_false(m.many_subnets);
	assert_false(m.map_default);
	rp_wmap_fini(&m);
}

static void test_limits(void **state)
{
	struct rp_wmap m;

	(void)state;
	assert_int_equal(rp_wmap_build(&m, 129, 16, NULL, NULL), -E2BIG);
	assert_int_equal(rp_wmap_build(&m, 1, 2, w.e, w.heard), -EINVAL);
	assert_int_equal(rp_wmap_build(&m, 2, 17, w.e, w.heard), -EINVAL);
	rp_wmap_fini(&m);
}

static void test_json(void **state)
{
	struct rp_wmap m;
	cJSON *j, *l;

	(void)state;
	wf_ring(&w, 4);
	wf_addr(&w, 1, 0, "10.9.1.2/24");
	assert_int_equal(build(&m), 0);
	wf_names(names, w.hosts);
	j = rp_wiretext_json(&m, (const char(*)[64])names);
	assert_non_null(j);
	l = cJSON_GetObjectItem(j, "links");
	assert_int_equal(cJSON_GetArraySize(l), 3);
	assert_string_equal(
		cJSON_GetObjectItem(
			cJSON_GetObjectItem(cJSON_GetArrayItem(l, 0), "a"),
			"address")
			->valuestring,
		"10.1.4.1/24");
	l = cJSON_GetObjectItem(j, "miswires");
	assert_int_equal(cJSON_GetArraySize(l), 1);
	assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(l, 0),
						"kind")
				    ->valuestring,
			    "subnet");
	assert_true(cJSON_IsNull(cJSON_GetObjectItem(j, "ring")));
	/* the diagonals, and h0 - h1: its cable (no subnet) and the rest */
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(j, "no_path")),
			 4);
	cJSON_Delete(j);
	rp_wmap_fini(&m);
}

int main(void)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_switch),
		cmocka_unit_test(test_ring3),
		cmocka_unit_test(test_ring4_diagonals),
		cmocka_unit_test(test_miswire_subnet),
		cmocka_unit_test(test_miswire_port),
		cmocka_unit_test(test_miswire_mtu),
		cmocka_unit_test(test_down),
		cmocka_unit_test(test_no_link_local),
		cmocka_unit_test(test_one_netdev),
		cmocka_unit_test(test_flat_subnet),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_json),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
