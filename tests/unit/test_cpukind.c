/* Description: rp_topo_place prefers the most performant core kind (hwloc
 * cpukinds) and rp_topo_cpukind names it: a synthetic machine of four
 * one-PU cores, PUs 0-1 registered as kind "Little" (efficiency 0) and
 * 2-3 as "Big" (efficiency 1), exported to XML and loaded back through
 * HWLOC_XMLFILE; a device hwloc does not know is local to the machine,
 * so the rail gets PU 2, then 3, and only then a little core; with one
 * kind the text is "one core kind". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <hwloc.h>

#include "topo/rp_topo.h"

static char xml[64];

static void add_kind(hwloc_topology_t t, const char *set, int eff,
		     const char *type)
{
	hwloc_bitmap_t b = hwloc_bitmap_alloc();
	struct hwloc_info_s info = { .name = (char *)"CoreType",
				     .value = (char *)type };

	assert_non_null(b);
	assert_int_equal(hwloc_bitmap_list_sscanf(b, set), 0);
	assert_int_equal(hwloc_cpukinds_register(t, b, eff, 1, &info, 0), 0);
	hwloc_bitmap_free(b);
}

static int setup(void **state)
{
	hwloc_topology_t t;
	int fd;

	(void)state;
	snprintf(xml, sizeof(xml), "/tmp/rp_cpukind_XXXXXX");
	fd = mkstemp(xml);
	if (fd < 0)
		return -1;
	close(fd);
	if (hwloc_topology_init(&t) ||
	    hwloc_topology_set_synthetic(t, "core:4 pu:1") ||
	    hwloc_topology_load(t))
		return -1;
	add_kind(t, "0-1", 0, "Little");
	add_kind(t, "2-3", 1, "Big");
	if (hwloc_topology_export_xml(t, xml, 0))
		return -1;
	hwloc_topology_destroy(t);
	return setenv("HWLOC_XMLFILE", xml, 1);
}

static int teardown(void **state)
{
	(void)state;
	unsetenv("HWLOC_XMLFILE");
	unlink(xml);
	return 0;
}

static void test_prefers_big(void **state)
{
	struct rp_topo t;
	struct rp_place p;
	int taken[4];
	char kind[64];

	(void)state;
	assert_int_equal(rp_topo_init(&t), 0);
	assert_int_equal(rp_topo_place(&t, "no_such_dev", taken, 0, &p), 0);
	assert_int_equal(p.cpu, 2);
	taken[0] = 2;
	assert_int_equal(rp_topo_place(&t, "no_such_dev", taken, 1, &p), 0);
	assert_int_equal(p.cpu, 3);
	assert_int_equal(rp_topo_cpukind(&t, 3, kind, sizeof(kind)), 0);
	assert_string_equal(kind, "Big, kind 2 of 2");
	assert_int_equal(rp_topo_cpukind(&t, 1, kind, sizeof(kind)), 0);
	assert_string_equal(kind, "Little, kind 1 of 2");
	taken[1] = 3; /* every big core taken: a little one, not PU 0's */
	assert_int_equal(rp_topo_place(&t, "no_such_dev", taken, 2, &p), 0);
	assert_int_equal(p.cpu, 1);
	rp_topo_fini(&t);
}

static void test_one_kind(void **state)
{
	struct rp_topo t;
	char kind[64];

	(void)state;
	unsetenv("HWLOC_XMLFILE");
	setenv("HWLOC_SYNTHETIC", "core:2 pu:1", 1);
	assert_int_equal(rp_topo_init(&t), 0);
	assert_int_equal(rp_topo_cpukind(&t, 0, kind, sizeof(kind)), 0);
	assert_string_equal(kind, "one core kind");
	rp_topo_fini(&t);
	unsetenv("HWLOC_SYNTHETIC");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_prefers_big),
		cmocka_unit_test(test_one_kind),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
