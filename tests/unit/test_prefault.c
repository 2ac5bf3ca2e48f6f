/* Description: no page first touched in a timed loop (F1, F7 of the
 * fidelity review): the latency sample array (rp_lat_reserve, first
 * reserve and -D growth) and the BW-peak timeline (rp_malloc_prefaulted)
 * come back with every page mapped, so that writing every entry, as the
 * timed loops do, costs this thread no minor fault (getrusage
 * RUSAGE_THREAD ru_minflt, read around the writes). Arrays of 8 MiB:
 * above glibc's mmap threshold, always fresh pages. Two checks: before
 * the writes every page is resident (mincore: exact, also under an
 * emulator), and the writes take fewer than one fault per 64 pages
 * (without the prefault: one per page; under qemu-user the emulator's own
 * code cache has been seen to add one). */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/rp_prefault.h"
#include "engine/rp_lat.h"

#define BIG (1u << 20) /* entries: 8 MiB */

static long minflt(void)
{
	struct rusage ru;

	assert_int_equal(getrusage(RUSAGE_THREAD, &ru), 0);
	return ru.ru_minflt;
}

/* Pages of @a[from .. to) not resident (mincore), before any write. */
static size_t not_resident(uint64_t *a, size_t from, size_t to)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE), n = 0, i;
	uintptr_t lo = (uintptr_t)(a + from) / pg * pg;
	size_t len = (uintptr_t)(a + to) - lo, np = (len + pg - 1) / pg;
	unsigned char *vec = malloc(np);

	assert_non_null(vec);
	assert_int_equal(mincore((void *)lo, len, vec), 0);
	for (i = 0; i < np; i++)
		n += !(vec[i] & 1);
	free(vec);
	return n;
}

/* Minor faults taken while writing @a[from .. to), as a timed loop does,
 * in pages of 64: 0 unless one page in 64 faulted. Every page must be
 * resident first. */
static long faults_writing(uint64_t *a, size_t from, size_t to)
{
	size_t pages = (to - from) * sizeof(*a) / (size_t)sysconf(_SC_PAGESIZE);
	volatile uint64_t *v = a;
	long before;
	size_t i;

	assert_int_equal(not_resident(a, from, to), 0);
	before = minflt();

	for (i = from; i < to; i++)
		v[i] = i;
	return (minflt() - before) * 64 / (long)(pages ? pages : 1);
}

static void test_reserve_first(void **state)
{
	struct rp_lat_samples s = { 0 };

	(void)state;
	assert_int_equal(rp_lat_reserve(&s, BIG), 0);
	assert_int_equal(s.cap, BIG);
	assert_int_equal(faults_writing(s.ns, 0, BIG), 0);
	rp_lat_samples_free(&s);
}

/* -D: the array doubles between bursts; the new part is mapped before
 * the next burst writes into it, and the kept samples survive. */
static void test_reserve_growth(void **state)
{
	struct rp_lat_samples s = { 0 };
	size_t i;

	(void)state;
	assert_int_equal(rp_lat_reserve(&s, BIG / 4), 0);
	faults_writing(s.ns, 0, BIG / 4);
	assert_int_equal(rp_lat_reserve(&s, BIG), 0);
	assert_int_equal(faults_writing(s.ns, BIG / 4, BIG), 0);
	for (i = 0; i < BIG; i++)
		assert_true(s.ns[i] == i);
	assert_int_equal(rp_lat_reserve(&s, BIG / 2), 0); /* never shrinks */
	assert_int_equal(s.cap, BIG);
	rp_lat_samples_free(&s);
}

static void test_timeline_array(void **state)
{
	uint64_t *a = rp_malloc_prefaulted(BIG * sizeof(uint64_t));

	(void)state;
	assert_non_null(a);
	assert_int_equal(faults_writing(a, 0, BIG), 0);
	free(a);
}

/* A range that starts inside a page and ends inside another: both ends'
 * pages are touched, nothing outside written. */
static void test_unaligned_range(void **state)
{
	unsigned char *a = rp_malloc_prefaulted(3 * 65536 + 100);

	(void)state;
	assert_non_null(a);
	a[0] = 0xa5;
	a[3 * 65536 + 99] = 0x5a;
	rp_prefault(a + 1, 3 * 65536 + 98);
	assert_int_equal(a[0], 0xa5);
	assert_int_equal(a[3 * 65536 + 99], 0x5a);
	rp_prefault(a, 0);
	assert_int_equal(a[0], 0xa5);
	free(a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reserve_first),
		cmocka_unit_test(test_reserve_growth),
		cmocka_unit_test(test_timeline_array),
		cmocka_unit_test(test_unaligned_range),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
