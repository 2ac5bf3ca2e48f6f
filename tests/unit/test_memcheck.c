/* Description: rp_memcheck_judge over injected numbers: buffers that fit
 * pass; past RLIMIT_MEMLOCK (not with CAP_IPC_LOCK, not RLIM_INFINITY) and
 * past MemAvailable each give -ENOMEM and the exact line (bytes needed,
 * bytes available, the limit, the flag); with hugepages whole rail buffers
 * (rounded up to the hugepage) come from the free pool and only the rest
 * from MemAvailable; products that overflow are refused. The readers on
 * tests/fixtures/mem: MemAvailable, free minus reserved hugepages of a
 * size, CapEff's CAP_IPC_LOCK bit; rp_memcheck_host reads getrlimit;
 * rp_buf_alloc asks libhugetlbfs only for what the free pool holds, so a
 * host without hugepages gets base pages and nothing on stderr. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include <cmocka.h>

#include "capture.h"
#include "fixtures.h"
#include "base/rp_memcheck.h"
#include "verbs/rp_mem.h"

#define MIB (1024ULL * 1024)
#define GIB (1024 * MIB)

static char fx[PATH_MAX];

/* One rail of 4 QPs x 1 MiB on a host with 8 GiB free and no limits. */
static struct rp_memcheck host(void)
{
	return (struct rp_memcheck){
		.rails = 1,
		.qps = 4,
		.slice = MIB,
		.mem_available = 8 * GIB,
		.huge_free = RP_MEM_UNKNOWN,
		.memlock = RP_MEM_NO_LIMIT,
	};
}

static void fits(void **state)
{
	struct rp_memcheck m = host();
	char why[512];

	(void)state;
	assert_int_equal(rp_memcheck_judge(&m, why, sizeof(why)), 0);
	assert_string_equal(why, "");
	m.slice = 2 * GIB; /* exactly MemAvailable */
	assert_int_equal(rp_memcheck_judge(&m, why, sizeof(why)), 0);
	m.mem_available = RP_MEM_UNKNOWN; /* not known: not checked */
	m.slice = 64 * GIB;
	assert_int_equal(rp_memcheck_judge(&m, why, sizeof(why)), 0);
}

static void memlock_refused(void **state)
{
	struct rp_memcheck m = host();
	char why[512];

	(void)state;
	m.memlock = 16 * 1024; /* ulimit -l 16 */
	m.qps = 1;
	m.slice = 131072;
	m.halves = true;
	assert_int_equal(rp_memcheck_judge(&m, why, sizeof(why)), -ENOMEM);
	assert_string_equal(why,
			    "the buffers need 131072 bytes of locked memory "
			    "(1 rail x 1 QP x 131072 bytes (2 x -s)), "
			    "RLIMIT_MEMLOCK allows 16384 bytes: raise it "
			    "(ulimit -l) or lower -s or -q");
	m.memlock = 131072; /* exactly the limit */
	assert_int_equal(rp_memcheck_judge(&m, why, sizeof(why)), 0);
	m.memlock = 16 * 1024;
	m.ipc_lock = true; /* root: ib_umem_get ignores the limit */
	assert_int_equal(rp_memcheck_judge(&m, why, sizeof(why)), 0);
}

static void mem_available_refused(void **state)
{
	struct rp_memcheck m = host();
	char why[512];

	(void)state;
	m.rails = 16;
	m.qps = 1024;
	m.slice = 2 * GIB;
	assert_int_equal(rp_memcheck_judge(&m, why, sizeof(why)), -ENOMEM);
	assert_string_equal(why, "the buffers need 35184372088832 bytes "
				 "(16 rails x 1024 QPs x 2147483648 bytes), "
				 "MemAvailable is 8589934592 bytes: lower -s "
				 "or -q");
}

/* Two rails of 3 MiB: 4 MiB each in 2 MiB hugepages. */
static void hugepages_part(void **state)
{
	struct rp_memcheck m = host();
	char why[1024];

	(void)state;
	m.rails = 2;
	m.qps = 3;
	m.want_huge = true;
	m.huge_size = 2 * MIB;
	m.mem_available = 3 * MIB; /* one rail's buffer in base pages */
	m.huge_free = 4 * MIB;	   /* one rounded rail buffer */
	assert_int_equal(rp_memcheck_judge(&m, why, sizeof(why)), 0);
	m.huge_free = 4 * MIB - 1; /* none: both need base pages */
	assert_int_equal(rp_memcheck_judge(&m, why, sizeof(why)), -ENOMEM);
	assert_string_equal(why,
			    "the buffers need 6291456 bytes (2 rails x 3 QPs "
			    "x 1048576 bytes); the free hugepages (4194303 "
			    "bytes) hold 0 of 2 rail buffers, the other "
			    "6291456 bytes need base pages and MemAvailable "
			    "is 3145728 bytes: lower -s or -q, or reserve "
			    "hugepages (vm.nr_hugepages)");
	m.huge_free = 8 * MIB; /* both */
	m.mem_available = 0;
	assert_int_equal(rp_memcheck_judge(&m, why, sizeof(why)), 0);
	m.want_huge = false; /* --no_hugepages: the pool is not used */
	assert_int_equal(rp_memcheck_judge(&m, why, sizeof(why)), -ENOMEM);
}

static void overflow_refused(void **state)
{
	struct rp_memcheck m = host();
	char why[512];

	(void)state;
	m.rails = 16;
	m.qps = 1024;
	m.slice = UINT64_MAX / 1024;
	m.memlock = 1ULL << 62;
	assert_int_equal(rp_memcheck_judge(&m, why, sizeof(why)), -ENOMEM);
	assert_non_null(strstr(why, "need 18446744073709551615 bytes of "
				    "locked memory"));
	m.memlock = RP_MEM_NO_LIMIT;
	assert_int_equal(rp_memcheck_judge(&m, why, sizeof(why)), -ENOMEM);
}

static void readers(void **state)
{
	char p[PATH_MAX + 32];
	uint64_t v = 0;

	(void)state;
	snprintf(p, sizeof(p), "%s/mem/proc/meminfo", fx);
	assert_int_equal(rp_memcheck_meminfo(p, &v), 0);
	assert_int_equal(v, 8123456ULL * 1024);
	snprintf(p, sizeof(p), "%s/mem/old/meminfo", fx);
	assert_int_equal(rp_memcheck_meminfo(p, &v), -ENODATA);
	snprintf(p, sizeof(p), "%s/mem/none/meminfo", fx);
	assert_int_equal(rp_memcheck_meminfo(p, &v), -ENOENT);
	snprintf(p, sizeof(p), "%s/mem/sys", fx);
	assert_int_equal(rp_memcheck_huge_free(p, 2 * MIB, &v), 0);
	assert_int_equal(v, 32 * 2 * MIB); /* 40 free - 8 reserved */
	assert_int_equal(rp_memcheck_huge_free(p, GIB, &v), 0);
	assert_int_equal(v, 2 * GIB);
	assert_int_equal(rp_memcheck_huge_free(p, 64 * 1024, &v), -ENOENT);
	snprintf(p, sizeof(p), "%s/mem/proc/self/status", fx);
	assert_int_equal(rp_memcheck_ipc_lock(p), 0);
	snprintf(p, sizeof(p), "%s/mem/old/self/status", fx);
	assert_int_equal(rp_memcheck_ipc_lock(p), 1);
	snprintf(p, sizeof(p), "%s/mem/proc/meminfo", fx);
	assert_int_equal(rp_memcheck_ipc_lock(p), -ENODATA);
}

/* The whole host view from the fixture, the limit from getrlimit. */
static void host_view(void **state)
{
	struct rp_memcheck m = { .huge_size = 2 * MIB };
	struct rlimit rl, old;
	char proc[PATH_MAX + 16], sys[PATH_MAX + 16];

	(void)state;
	snprintf(proc, sizeof(proc), "%s/mem/proc", fx);
	snprintf(sys, sizeof(sys), "%s/mem/sys", fx);
	assert_int_equal(getrlimit(RLIMIT_MEMLOCK, &old), 0);
	rl = old;
	rl.rlim_cur = old.rlim_max < 65536 ? old.rlim_max : 65536;
	assert_int_equal(setrlimit(RLIMIT_MEMLOCK, &rl), 0);
	rp_memcheck_host(&m, proc, sys);
	assert_int_equal(setrlimit(RLIMIT_MEMLOCK, &old), 0);
	assert_int_equal(m.mem_available, 8123456ULL * 1024);
	assert_int_equal(m.huge_free, 64 * MIB);
	assert_int_equal(m.memlock, rl.rlim_cur);
	assert_false(m.ipc_lock);
	snprintf(proc, sizeof(proc), "%s/mem/old", fx);
	rp_memcheck_host(&m, proc, "/nonexistent");
	assert_true(m.mem_available == RP_MEM_UNKNOWN);
	assert_true(m.huge_free == RP_MEM_UNKNOWN);
	assert_true(m.ipc_lock);
}

/* libhugetlbfs is asked only for what the free pool holds: the decision
 * on the fixture (32 free unreserved 2 MiB pages, 2 free 1 GiB pages); and
 * on this host, when it has no free hugepages (the default: DGX OS, DGX
 * Spark), rp_buf_alloc with hugepages asked for falls back to base pages
 * with nothing on stderr (libhugetlbfs printed "WARNING: get_huge_pages:
 * New region mapping failed" there, review N3). */
static void huge_not_asked(void **state)
{
	char sys[PATH_MAX + 16], err[1024];
	struct capture cap;
	struct rp_buf b;
	int ret;

	(void)state;
	snprintf(sys, sizeof(sys), "%s/mem/sys", fx);
	assert_true(rp_buf_huge_fits(sys, 64 * MIB, 2 * MIB));
	assert_true(rp_buf_huge_fits(sys, 63 * MIB + 1, 2 * MIB));
	assert_false(rp_buf_huge_fits(sys, 64 * MIB + 1, 2 * MIB));
	assert_true(rp_buf_huge_fits(sys, 2 * GIB, GIB));
	assert_false(rp_buf_huge_fits(sys, 64 * 1024, 64 * 1024)); /* none */
	assert_false(rp_buf_huge_fits("/nonexistent", 4096, 2 * MIB));
	assert_false(rp_buf_huge_fits(sys, 4096, 0));
	if (rp_buf_huge_size() &&
	    rp_buf_huge_fits("/sys", 1, rp_buf_huge_size())) {
		print_message("skipped: this host has free hugepages; the "
			      "stderr check needs none\n");
		skip();
	}
	capture_begin(&cap);
	ret = rp_buf_alloc(&b, 65536, true, -1);
	capture_end(&cap, err, sizeof(err));
	assert_int_equal(ret, 0);
	assert_int_equal(b.kind, RP_BUF_NORMAL);
	rp_buf_free(&b);
	assert_string_equal(err, "");
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fits),
		cmocka_unit_test(memlock_refused),
		cmocka_unit_test(mem_available_refused),
		cmocka_unit_test(hugepages_part),
		cmocka_unit_test(overflow_refused),
		cmocka_unit_test(readers),
		cmocka_unit_test(host_view),
		cmocka_unit_test(huge_not_asked),
	};

	find_fixtures(argc > 0 ? argv[0] : NULL, "mem", fx, sizeof(fx));
	return cmocka_run_group_tests(tests, NULL, NULL);
}
