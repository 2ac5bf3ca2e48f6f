/* Description: placement. rp_numa_check_cpus on CPU lists (2,4-5 names
 * three; empty, reversed, trailing-comma and non-numeric lists refused);
 * rp_numa_bind_self to one CPU and this host's node 0 reads back that CPU,
 * its node and MPOL_BIND to node 0, and the pages of a buffer touched
 * after it are on node 0 (move_pages); rp_place_bind with perftest's
 * rules: --disable_numa binds nothing, --pin_cores the list (rail_multi_bw:
 * the rail's item, memory on its node), --numa_node the node or the
 * rail's item (missing item refused), and by default an affinity narrowed
 * from outside (as taskset does) is kept, a device of unknown node binds
 * nothing; rp_place_check refuses bad lists before any device. */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <numa.h>
#include <numaif.h>
#include <unistd.h>

#include "opts_run.h"
#include "app/rp_place.h"
#include "topo/rp_numa.h"

static const struct rp_test_desc multi_desc = {
	.test = RP_TEST_MULTI_BW,
	.name = "rail_multi_bw",
	.def_size = 65536,
	.def_iters = 5000,
	.def_tx_depth = 128,
	.features = RP_FEAT_BW | RP_FEAT_MULTI,
};

/* rp_place_check with stderr captured into r->err. */
static int run_check(struct run *r)
{
	struct capture cap;
	int ret;

	capture_begin(&cap);
	ret = rp_place_check(&r->o);
	capture_end(&cap, r->err, sizeof(r->err));
	return ret;
}

static void test_cpu_lists(void **state)
{
	(void)state;
	assert_int_equal(rp_numa_check_cpus("2,4-5"), 3);
	assert_int_equal(rp_numa_check_cpus("0"), 1);
	assert_int_equal(rp_numa_check_cpus("0-1023"), 1024);
	assert_int_equal(rp_numa_check_cpus(""), -EINVAL);
	assert_int_equal(rp_numa_check_cpus("3-1"), -EINVAL);
	assert_int_equal(rp_numa_check_cpus("1,"), -EINVAL);
	assert_int_equal(rp_numa_check_cpus(",1"), -EINVAL);
	assert_int_equal(rp_numa_check_cpus("a"), -EINVAL);
	assert_int_equal(rp_numa_check_cpus("1024"), -EINVAL);
}

/* Bind to the first CPU we may use and node 0, read it all back. */
static void test_bind_self(void **state)
{
	struct rp_bind b = { .why = RP_BIND_CORE, .node = 0 };
	struct rp_bound got;
	unsigned long mask[16] = { 0 };
	cpu_set_t saved;
	int mode = -1;
	char want[16];
	size_t len = 8 << 20;
	char *buf;
	int c;

	(void)state;
	if (numa_available() < 0)
		skip();
	assert_int_equal(sched_getaffinity(0, sizeof(saved), &saved), 0);
	for (c = 0; !CPU_ISSET(c, &saved); c++)
		;
	b.cpu = c;
	assert_int_equal(rp_numa_bind_self(&b, &got), 0);
	snprintf(want, sizeof(want), "%d", c);
	assert_string_equal(got.cpus, want);
	assert_int_equal(got.cpu_node, numa_node_of_cpu(c));
	assert_int_equal(got.mem_node, 0);
	assert_string_equal(got.why_not, "");
	assert_int_equal(get_mempolicy(&mode, mask, 8 * sizeof(mask), NULL, 0),
			 0);
	assert_int_equal(mode, MPOL_BIND); /* set, not only said */
	assert_int_equal(mask[0] & 1, 1);
	buf = malloc(len);
	assert_non_null(buf);
	memset(buf, 1, len);
	assert_int_equal(rp_numa_pages_node(buf, len, 4096, len / 16), 0);
	free(buf);
	set_mempolicy(MPOL_DEFAULT, NULL, 0);
	sched_setaffinity(0, sizeof(saved), &saved);
	assert_int_equal(rp_numa_pages_node(NULL, 0, 4096, 0), -1);
}

static void test_bind_rules(void **state)
{
	struct rp_bind b;
	struct run r;

	(void)state;
	ok_no_output(&r, finish(&r, &bw_desc, "--disable_numa", NULL));
	assert_int_equal(rp_place_bind(&r.o, "rxe0", 0, -1, &b), 0);
	assert_int_equal(b.why, RP_BIND_NONE);
	ok_no_output(&r, finish(&r, &bw_desc, "--pin_cores=0-1", NULL));
	assert_int_equal(rp_place_bind(&r.o, "rxe0", 0, -1, &b), 0);
	assert_int_equal(b.why, RP_BIND_CORES);
	assert_string_equal(b.cpus, "0-1");
	ok_no_output(&r, finish(&r, &multi_desc, "--pin_cores=3,1", NULL));
	assert_int_equal(rp_place_bind(&r.o, "rxe1", 1, 5, &b), 0);
	assert_int_equal(b.why, RP_BIND_CORE);
	assert_int_equal(b.cpu, 1); /* the list wins over hwloc's 5 */
	assert_int_equal(rp_place_bind(&r.o, "rxe2", 2, -1, &b), -EINVAL);
	ok_no_output(&r, finish(&r, &bw_desc, "--numa_node=0", NULL));
	assert_int_equal(rp_place_bind(&r.o, "rxe0", 0, -1, &b), 0);
	assert_int_equal(b.why, RP_BIND_NODE);
	assert_int_equal(b.node, 0);
	ok_no_output(&r, finish(&r, &bw_desc, NULL));
	assert_int_equal(rp_place_bind(&r.o, "no_such_dev", 0, -1, &b), 0);
	assert_int_equal(b.node, -1);
	assert_true(b.why == RP_BIND_NONE || b.why == RP_BIND_EXTERNAL);
}

/* perftest keeps an affinity narrowed from outside; so does railperf. */
static void test_external_affinity(void **state)
{
	cpu_set_t saved, one;
	struct rp_bind b;
	struct run r;
	int c;

	(void)state;
	assert_int_equal(sched_getaffinity(0, sizeof(saved), &saved), 0);
	if (CPU_COUNT(&saved) < 2)
		skip(); /* cannot narrow one CPU */
	for (c = 0; !CPU_ISSET(c, &saved); c++)
		;
	CPU_ZERO(&one);
	CPU_SET(c, &one);
	assert_int_equal(sched_setaffinity(0, sizeof(one), &one), 0);
	ok_no_output(&r, finish(&r, &bw_desc, NULL));
	assert_int_equal(rp_place_bind(&r.o, "rxe0", 0, -1, &b), 0);
	sched_setaffinity(0, sizeof(saved), &saved);
	assert_int_equal(b.why, RP_BIND_EXTERNAL);
	assert_true(rp_numa_externally_bound() ==
		    (CPU_COUNT(&saved) < sysconf(_SC_NPROCESSORS_ONLN)));
}

static void test_check(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, finish(&r, &bw_desc, "--numa_node=0", NULL));
	assert_int_equal(rp_place_check(&r.o), 0);
	ok_no_output(&r, finish(&r, &bw_desc, "--numa_node=0,0", NULL));
	assert_int_equal(run_check(&r), -EINVAL);
	err_has(&r, "invalid --numa_node value '0,0'");
	ok_no_output(&r, finish(&r, &bw_desc, "--numa_node=999", NULL));
	assert_int_equal(run_check(&r), -EINVAL);
	ok_no_output(&r, finish(&r, &multi_desc, "--numa_node=0,0", NULL));
	assert_int_equal(rp_place_check(&r.o), 0);
	ok_no_output(&r, finish(&r, &multi_desc, "--pin_cores=1-2", NULL));
	assert_int_equal(run_check(&r), -EINVAL);
	err_has(&r, "one per rail");
	ok_no_output(&r, finish(&r, &bw_desc, "--pin_cores=1-x", NULL));
	assert_int_equal(run_check(&r), -EINVAL);
	err_has(&r, "CPU lists such as 2,4-5");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cpu_lists),
		cmocka_unit_test(test_bind_self),
		cmocka_unit_test(test_bind_rules),
		cmocka_unit_test(test_external_affinity),
		cmocka_unit_test(test_check),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
