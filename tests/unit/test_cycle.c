/* Description: rp_cycle, the address of each WR of a bandwidth run, against
 * a step-by-step model of perftest's cycle buffer (increase_loc_addr in
 * perftest_resources.h: add the size rounded up to a cache line after each
 * post, back to the start after cycle / step posts; messages above half
 * the cycle buffer stay at the start; with -l the list's WRs take the first
 * steps once, at setup). Sizes 2 .. 4097, cache lines 64 and 128, pages of
 * 4 KiB and 64 KiB, -l 1, 4 and 32. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "engine/rp_cycle.h"

/* perftest's INC(): the size rounded up to a cache line, at least one. */
static uint64_t model_inc(uint64_t size, uint64_t line)
{
	return size > line ? (size + line - 1) / line * line : line;
}

/* The offset perftest gives WR @k of one QP, walked step by step. */
static uint64_t model_offset(uint64_t size, uint64_t cycle, uint64_t line,
			     unsigned int post_list, uint64_t k)
{
	uint64_t addr = 0, i, n;

	if (size > cycle / 2)
		return 0;
	n = post_list > 1 ? k % post_list : k;
	for (i = 0; i < n; i++) {
		addr += model_inc(size, line);
		if ((i + 1) % (cycle / model_inc(size, line)) == 0)
			addr = 0;
	}
	return addr;
}

static void check(uint64_t size, uint64_t cycle, unsigned int line,
		  unsigned int post_list)
{
	struct rp_cycle c;
	uint64_t k;

	rp_cycle_init(&c, size, cycle, line, post_list);
	for (k = 0; k < 3000; k++) {
		uint64_t want = model_offset(size, cycle, line, post_list, k);
		uint64_t got = rp_cycle_offset(&c, k);

		if (got != want)
			fail_msg("size %llu cycle %llu line %u -l %u WR %llu: "
				 "offset %llu, perftest %llu",
				 (unsigned long long)size,
				 (unsigned long long)cycle, line, post_list,
				 (unsigned long long)k, (unsigned long long)got,
				 (unsigned long long)want);
		assert_true(got + size <= cycle || got == 0);
	}
}

/* rp_cycle_next, the hot loop's walk for one WR per post, against the
 * same model call by call (its state carried across 3000 WRs). */
static void check_next(uint64_t size, uint64_t cycle, unsigned int line)
{
	struct rp_cycle c;
	uint64_t k, cur = 0;

	rp_cycle_init(&c, size, cycle, line, 1);
	for (k = 0; k < 3000; k++) {
		uint64_t want = model_offset(size, cycle, line, 1, k);
		uint64_t got = rp_cycle_next(&c, &cur);

		if (got != want)
			fail_msg("rp_cycle_next: size %llu cycle %llu line %u "
				 "WR %llu: offset %llu, perftest %llu",
				 (unsigned long long)size,
				 (unsigned long long)cycle, line,
				 (unsigned long long)k, (unsigned long long)got,
				 (unsigned long long)want);
	}
}

static void test_against_perftest(void **state)
{
	static const uint64_t sizes[] = { 1,   2,    63,   64,	 65,   100,
					  512, 1000, 2048, 2049, 4096, 4097 };
	static const unsigned int lists[] = { 1, 4, 32 };
	size_t i, j;

	(void)state;
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		for (j = 0; j < 3; j++) {
			check(sizes[i], 4096, 64, lists[j]);
			check(sizes[i], 4096, 128, lists[j]);
			check(sizes[i], 65536, 64, lists[j]);
		}
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		check_next(sizes[i], 4096, 64);
		check_next(sizes[i], 4096, 128);
		check_next(sizes[i], 65536, 64);
		check_next(sizes[i], 0, 64);
	}
}

/* The walk by hand: 64 B messages in a 4 KiB page, 64 steps. */
static void test_by_hand(void **state)
{
	struct rp_cycle c;

	(void)state;
	rp_cycle_init(&c, 64, 4096, 64, 1);
	assert_int_equal(rp_cycle_offset(&c, 0), 0);
	assert_int_equal(rp_cycle_offset(&c, 1), 64);
	assert_int_equal(rp_cycle_offset(&c, 63), 4032);
	assert_int_equal(rp_cycle_offset(&c, 64), 0);
	/* 2 B messages still step a whole cache line */
	rp_cycle_init(&c, 2, 4096, 64, 1);
	assert_int_equal(rp_cycle_offset(&c, 5), 320);
	/* 3000 B: one step of 3008 would leave the page: always 0 */
	rp_cycle_init(&c, 3000, 4096, 64, 1);
	assert_int_equal(rp_cycle_offset(&c, 1), 0);
	/* no cycle buffer (--validate): always 0 */
	rp_cycle_init(&c, 64, 0, 64, 1);
	assert_int_equal(rp_cycle_offset(&c, 7), 0);
	/* -l 4: every list repeats its four steps */
	rp_cycle_init(&c, 64, 4096, 64, 4);
	assert_int_equal(rp_cycle_offset(&c, 5), 64);
	assert_int_equal(rp_cycle_offset(&c, 7), 192);
}

static void test_defaults(void **state)
{
	(void)state;
	assert_true(rp_cycle_page() >= 4096);
	assert_true(rp_cycle_line() >= 16);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_against_perftest),
		cmocka_unit_test(test_by_hand),
		cmocka_unit_test(test_defaults),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
