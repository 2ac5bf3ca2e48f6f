/* Description: hwloc placement on the machine the test runs on (no RDMA
 * device needed): rp_topo_init loads the topology; rp_topo_place for a
 * device that does not exist falls back to the whole machine
 * (device_local false), gives a valid online CPU and its NUMA node (the
 * node libnuma reports for that CPU, or -1); the first rail avoids PU 0's
 * core when there is another core; a second rail with the first CPU taken
 * gets another CPU (another core when there are enough); taken lists that
 * name no PU change nothing; with every PU taken the first PU is shared;
 * rp_topo_bind_thread pins only the calling thread (sched_getcpu then
 * returns that CPU) and fails with one line for a CPU that does not
 * exist; rp_topo_fini is safe twice. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <numa.h>

#include "capture.h"
#include "topo/rp_topo.h"

#define NODEV "nosuch0"

static int setup(void **state)
{
	struct rp_topo *t = calloc(1, sizeof(*t));

	if (!t)
		return -1;
	if (rp_topo_init(t)) {
		free(t);
		return -1;
	}
	*state = t;
	return 0;
}

static int teardown(void **state)
{
	struct rp_topo *t = *state;

	rp_topo_fini(t);
	free(t);
	return 0;
}

static int online_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	assert_true(n >= 1);
	return (int)n;
}

static int n_cores(struct rp_topo *t)
{
	return hwloc_get_nbobjs_by_type(t->t, HWLOC_OBJ_CORE);
}

static int n_pus(struct rp_topo *t)
{
	return hwloc_get_nbobjs_by_type(t->t, HWLOC_OBJ_PU);
}

/* The core object holding PU @cpu (OS index). */
static hwloc_obj_t core_of(struct rp_topo *t, int cpu)
{
	hwloc_obj_t pu = hwloc_get_pu_obj_by_os_index(t->t, (unsigned int)cpu);

	assert_non_null(pu);
	return hwloc_get_ancestor_obj_by_type(t->t, HWLOC_OBJ_CORE, pu);
}

static void place(struct rp_topo *t, const int *taken, unsigned int n,
		  struct rp_place *p)
{
	memset(p, 0x5a, sizeof(*p));
	assert_int_equal(rp_topo_place(t, NODEV, taken, n, p), 0);
}

/* The checks every placement must pass. */
static void assert_valid_place(const struct rp_place *p)
{
	assert_false(p->device_local);
	assert_true(p->cpu >= 0);
	assert_true(p->cpu < online_cpus());
	assert_true(p->numa_node >= -1);
	/* the node libnuma gives for that CPU, when it knows NUMA */
	if (numa_available() >= 0)
		assert_int_equal(p->numa_node, numa_node_of_cpu(p->cpu));
}

/* --- init / fini ---------------------------------------------------------- */

static void test_init_fini_twice(void **state)
{
	struct rp_topo t;

	(void)state;
	memset(&t, 0x5a, sizeof(t));
	assert_int_equal(rp_topo_init(&t), 0);
	assert_non_null(t.t);
	assert_true(n_pus(&t) >= 1);
	rp_topo_fini(&t);
	assert_null(t.t);
	rp_topo_fini(&t);
	assert_null(t.t);
	/* fini of a never-loaded (zeroed) topology */
	memset(&t, 0, sizeof(t));
	rp_topo_fini(&t);
	assert_null(t.t);
}

/* --- rp_topo_place ------------------------------------------------------- */

static void test_place_unknown_device(void **state)
{
	struct rp_topo *t = *state;
	struct rp_place p, again;

	place(t, NULL, 0, &p);
	print_message("# %d PUs online, %d cores, %d PUs in hwloc: first rail "
		      "on CPU %d, NUMA node %d\n",
		      online_cpus(), n_cores(t), n_pus(t), p.cpu, p.numa_node);
	assert_valid_place(&p);
	/* deterministic */
	place(t, NULL, 0, &again);
	assert_int_equal(again.cpu, p.cpu);
	assert_int_equal(again.numa_node, p.numa_node);
	assert_false(again.device_local);
}

static void test_first_avoids_pu0_core(void **state)
{
	struct rp_topo *t = *state;
	struct rp_place p;

	place(t, NULL, 0, &p);
	assert_valid_place(&p);
	if (n_cores(t) < 2) {
		print_message("# one core: PU 0's core is the only choice\n");
		skip();
	}
	/* not PU 0, nor an SMT sibling of it */
	assert_int_not_equal(p.cpu, 0);
	assert_true(core_of(t, p.cpu) != core_of(t, 0));
}

static void test_second_rail(void **state)
{
	struct rp_topo *t = *state;
	struct rp_place p1, p2;
	int taken[1];

	place(t, NULL, 0, &p1);
	taken[0] = p1.cpu;
	place(t, taken, 1, &p2);
	assert_valid_place(&p2);
	print_message("# second rail on CPU %d\n", p2.cpu);
	if (online_cpus() < 2) {
		print_message("# one PU: both rails share it\n");
		assert_int_equal(p2.cpu, p1.cpu);
		skip();
	}
	assert_int_not_equal(p2.cpu, p1.cpu);
	/* with two cores or more, a free core remains (PU 0's at worst):
	 * not an SMT sibling of the first */
	if (n_cores(t) >= 2)
		assert_true(core_of(t, p2.cpu) != core_of(t, p1.cpu));
}

static void test_rails_fill_cores(void **state)
{
	/* as many rails as cores: each on its own core (first PUs) */
	struct rp_topo *t = *state;
	int cores = n_cores(t), taken[64];
	struct rp_place p;
	int i, j;

	if (cores > 64)
		cores = 64;
	for (i = 0; i < cores; i++) {
		place(t, taken, (unsigned int)i, &p);
		assert_valid_place(&p);
		for (j = 0; j < i; j++) {
			assert_int_not_equal(p.cpu, taken[j]);
			assert_true(core_of(t, p.cpu) != core_of(t, taken[j]));
		}
		taken[i] = p.cpu;
	}
	/* PU 0's core comes last */
	if (cores >= 2)
		assert_true(core_of(t, taken[cores - 1]) == core_of(t, 0));
}

static void test_taken_unrelated(void **state)
{
	/* taken entries that name no PU of this machine change nothing */
	struct rp_topo *t = *state;
	const int taken[3] = { -1, 1 << 20, -7 };
	struct rp_place p0, p;

	place(t, NULL, 0, &p0);
	place(t, taken, 3, &p);
	assert_int_equal(p.cpu, p0.cpu);
	assert_int_equal(p.numa_node, p0.numa_node);
}

static void test_everything_taken(void **state)
{
	/* every PU taken: the first PU of the machine, shared */
	struct rp_topo *t = *state;
	hwloc_const_cpuset_t all = hwloc_topology_get_topology_cpuset(t->t);
	int taken[1024], pu;
	unsigned int n = 0;
	struct rp_place p;

	hwloc_bitmap_foreach_begin(pu, all) if (n < 1024) taken[n++] = pu;
	hwloc_bitmap_foreach_end();
	assert_true(n >= 1);
	place(t, taken, n, &p);
	assert_valid_place(&p);
	assert_int_equal(p.cpu, hwloc_bitmap_first(all));
}

/* --- rp_topo_bind_thread ------------------------------------------------- */

struct bind_arg {
	struct rp_topo *t;
	int cpu;
	int ret;
	int now;   /* sched_getcpu() after binding */
	int nset;  /* CPUs in the thread's affinity after */
	bool only; /* ... and it is exactly {cpu} */
};

static void *bind_main(void *v)
{
	struct bind_arg *a = v;
	cpu_set_t set;

	a->ret = rp_topo_bind_thread(a->t, a->cpu);
	a->now = sched_getcpu();
	CPU_ZERO(&set);
	if (!sched_getaffinity(0, sizeof(set), &set)) {
		a->nset = CPU_COUNT(&set);
		a->only = a->nset == 1 && CPU_ISSET(a->cpu, &set);
	}
	return NULL;
}

/* Bind a fresh thread, so that the test's own affinity stays as it is. */
static void bind_in_thread(struct bind_arg *a)
{
	pthread_t th;

	a->ret = -999;
	a->now = -1;
	a->nset = -1;
	a->only = false;
	assert_int_equal(pthread_create(&th, NULL, bind_main, a), 0);
	assert_int_equal(pthread_join(th, NULL), 0);
}

static void test_bind_thread(void **state)
{
	struct rp_topo *t = *state;
	struct rp_place p1, p2;
	struct bind_arg a;
	cpu_set_t before, after;
	int taken[1];

	CPU_ZERO(&before);
	CPU_ZERO(&after);
	assert_int_equal(sched_getaffinity(0, sizeof(before), &before), 0);
	place(t, NULL, 0, &p1);
	a.t = t;
	a.cpu = p1.cpu;
	bind_in_thread(&a);
	assert_int_equal(a.ret, 0);
	assert_int_equal(a.now, p1.cpu);
	assert_true(a.only);

	/* the second rail's CPU too */
	taken[0] = p1.cpu;
	place(t, taken, 1, &p2);
	a.cpu = p2.cpu;
	bind_in_thread(&a);
	assert_int_equal(a.ret, 0);
	assert_int_equal(a.now, p2.cpu);
	assert_true(a.only);

	/* only the calling thread was pinned */
	assert_int_equal(sched_getaffinity(0, sizeof(after), &after), 0);
	assert_true(CPU_EQUAL(&before, &after));
}

static void test_bind_thread_no_such_cpu(void **state)
{
	struct rp_topo *t = *state;
	struct capture c;
	char err[512];
	int ret;

	capture_begin(&c);
	ret = rp_topo_bind_thread(t, 100000);
	capture_end(&c, err, sizeof(err));
	assert_true(ret < 0);
	assert_non_null(strstr(err, "pinning a rail thread to CPU 100000: "));
	/* one line */
	assert_non_null(strchr(err, '\n'));
	assert_ptr_equal(strchr(err, '\n'), err + strlen(err) - 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_init_fini_twice),
		cmocka_unit_test_setup_teardown(test_place_unknown_device,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_first_avoids_pu0_core,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_second_rail, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_rails_fill_cores, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_taken_unrelated, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_everything_taken, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_bind_thread, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_bind_thread_no_such_cpu,
						setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
