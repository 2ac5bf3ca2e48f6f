/* Description: rp_parse_u64 and rp_parse_size accept whole
 * numbers (with K/M/G suffixes for sizes) inside [min, max] and return
 * -EINVAL for text that is not a number, -ERANGE for a number outside the
 * bounds or too large for 64 bits, as rp_parse.h documents. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "base/rp_parse.h"

/* Sentinel: an output a failed parse must leave alone. */
#define UNTOUCHED 0xdeadbeefULL

static int u64(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
	*out = UNTOUCHED;
	return rp_parse_u64(s, min, max, out);
}

static int size(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
	*out = UNTOUCHED;
	return rp_parse_size(s, min, max, out);
}

/* Asserts that @s is rejected with @err and the output is unchanged. */
static void u64_fails(const char *s, int err)
{
	uint64_t v;

	assert_int_equal(u64(s, 0, UINT64_MAX, &v), err);
	assert_true(v == UNTOUCHED);
}

static void size_fails(const char *s, int err)
{
	uint64_t v;

	assert_int_equal(size(s, 0, UINT64_MAX, &v), err);
	assert_true(v == UNTOUCHED);
}

static void size_is(const char *s, uint64_t want)
{
	uint64_t v;

	assert_int_equal(size(s, 0, UINT64_MAX, &v), 0);
	assert_true(v == want);
}

static void test_u64_plain(void **state)
{
	uint64_t v;

	(void)state;
	assert_int_equal(u64("0", 0, 10, &v), 0);
	assert_true(v == 0);
	assert_int_equal(u64("5000", 0, UINT64_MAX, &v), 0);
	assert_true(v == 5000);
	assert_int_equal(u64("007", 0, 10, &v), 0); /* decimal, not octal */
	assert_true(v == 7);
	/* 2^64 - 1, the largest value that fits */
	assert_int_equal(u64("18446744073709551615", 0, UINT64_MAX, &v), 0);
	assert_true(v == UINT64_MAX);
}

static void test_u64_not_a_number(void **state)
{
	(void)state;
	u64_fails("", -EINVAL);
	u64_fails("-1", -EINVAL);
	u64_fails("+5", -EINVAL);
	u64_fails(" 5", -EINVAL);
	u64_fails("5 ", -EINVAL);
	u64_fails("12x", -EINVAL);
	u64_fails("0x10", -EINVAL);
	u64_fails("1.5", -EINVAL);
	u64_fails("64K", -EINVAL); /* suffixes are for sizes only */
	u64_fails("abc", -EINVAL);
}

static void test_u64_overflow(void **state)
{
	(void)state;
	u64_fails("18446744073709551616", -ERANGE); /* 2^64 */
	u64_fails("99999999999999999999999", -ERANGE);
}

static void test_u64_bounds(void **state)
{
	uint64_t v;

	(void)state;
	assert_int_equal(u64("5", 5, 10, &v), 0); /* min exactly */
	assert_true(v == 5);
	assert_int_equal(u64("10", 5, 10, &v), 0); /* max exactly */
	assert_true(v == 10);
	assert_int_equal(u64("4", 5, 10, &v), -ERANGE); /* min - 1 */
	assert_true(v == UNTOUCHED);
	assert_int_equal(u64("11", 5, 10, &v), -ERANGE); /* max + 1 */
	assert_true(v == UNTOUCHED);
	assert_int_equal(u64("0", 1, 1, &v), -ERANGE);
	assert_int_equal(u64("1", 1, 1, &v), 0);
}

static void test_size_suffixes(void **state)
{
	(void)state;
	size_is("64K", 65536); /* 64 * 1024 */
	size_is("64k", 65536);
	size_is("1M", 1048576); /* 1024 * 1024 */
	size_is("1m", 1048576);
	size_is("2G", 2147483648ULL); /* 2 * 1024^3 */
	size_is("2g", 2147483648ULL);
	size_is("0K", 0);
	size_is("4096", 4096);
	size_is("3K", 3072);		      /* 3 * 1024 */
	size_is("16383G", 17591112302592ULL); /* 16383 * 2^30 */
}

static void test_size_not_a_number(void **state)
{
	(void)state;
	size_fails("", -EINVAL);
	size_fails("K", -EINVAL);
	size_fails("-1", -EINVAL);
	size_fails("-1K", -EINVAL);
	size_fails("+5", -EINVAL);
	size_fails(" 5", -EINVAL);
	size_fails("5 ", -EINVAL);
	size_fails("5K ", -EINVAL);
	size_fails("12x", -EINVAL);
	size_fails("1KK", -EINVAL);
	size_fails("1KB", -EINVAL);
	size_fails("1T", -EINVAL);
	size_fails("1.5K", -EINVAL);
}

static void test_size_overflow(void **state)
{
	(void)state;
	size_fails("18446744073709551616", -ERANGE); /* 2^64 */
	/* 17179869184 = 2^34; 2^34 * 2^30 = 2^64: one past UINT64_MAX */
	size_fails("17179869184G", -ERANGE);
	/* 2^54 * 2^10 = 2^64 */
	size_fails("18014398509481984K", -ERANGE);
}

static void test_size_largest(void **state)
{
	(void)state;
	/* 2^34 - 1 = 17179869183; times 2^30 = 2^64 - 2^30, still fits */
	size_is("17179869183G", 18446744072635809792ULL);
}

static void test_size_bounds_after_suffix(void **state)
{
	uint64_t v;

	(void)state;
	/* max 2^31 = 2147483648 bytes, as -s uses */
	assert_int_equal(size("2G", 1, 2147483648ULL, &v), 0);
	assert_true(v == 2147483648ULL);
	assert_int_equal(size("2147483648", 1, 2147483648ULL, &v), 0);
	assert_int_equal(size("2147483649", 1, 2147483648ULL, &v), -ERANGE);
	/* 2097153K = 2147484672 bytes: 1024 past the max */
	assert_int_equal(size("2097153K", 1, 2147483648ULL, &v), -ERANGE);
	assert_int_equal(size("3G", 1, 2147483648ULL, &v), -ERANGE);
	assert_int_equal(size("0", 1, 2147483648ULL, &v), -ERANGE);
	assert_int_equal(size("0K", 1, 2147483648ULL, &v), -ERANGE);
	assert_int_equal(size("1", 1, 2147483648ULL, &v), 0);
	assert_true(v == 1);
	/* min in bytes: 1K = 1024 is below 1025 */
	assert_int_equal(size("1K", 1025, 4096, &v), -ERANGE);
	assert_int_equal(size("4K", 1025, 4096, &v), 0);
	assert_true(v == 4096);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_u64_plain),
		cmocka_unit_test(test_u64_not_a_number),
		cmocka_unit_test(test_u64_overflow),
		cmocka_unit_test(test_u64_bounds),
		cmocka_unit_test(test_size_suffixes),
		cmocka_unit_test(test_size_not_a_number),
		cmocka_unit_test(test_size_overflow),
		cmocka_unit_test(test_size_largest),
		cmocka_unit_test(test_size_bounds_after_suffix),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
