/* Description: the --validate pattern: rp_pattern_fill writes the bytes
 * rp_pattern.h defines (checked against values worked out by hand),
 * rp_pattern_check accepts a filled slice and reports the first bad byte
 * (offset, expected, got) for a flipped byte, a non-zero byte past the
 * written part and an all-zero slice; each QP has its own pattern. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "app/rp_opts.h"
#include "proto/rp_pattern.h"

#define SLICE 8192

static uint8_t *slice_new(void)
{
	uint8_t *p = calloc(1, SLICE);

	assert_non_null(p);
	return p;
}

/* rp_pattern_check on @buf; asserts it fails at @off with @want/@got. */
static void check_fails_at(const uint8_t *buf, uint64_t written,
			   unsigned int qp, uint64_t off, uint8_t want,
			   uint8_t got)
{
	struct rp_verdict v;

	memset(&v, 0xa5, sizeof(v));
	assert_int_equal(rp_pattern_check(buf, written, SLICE, qp, &v),
			 -EILSEQ);
	assert_int_equal(v.ok, 0);
	assert_int_equal(v.qp, qp);
	assert_int_equal(v.rail, 0);
	assert_true(v.offset == off);
	assert_int_equal(v.expected, want);
	assert_int_equal(v.got, got);
}

/*
 * byte(qp, off) = top byte of splitmix64(z), z = off + (qp << 44) +
 * 0x9e3779b97f4a7c15, where splitmix64 mixes z as
 *   z = (z ^ z >> 30) * 0xbf58476d1ce4e5b9; z = (z ^ z >> 27) *
 *   0x94d049bb133111eb; z ^= z >> 31   (all mod 2^64).
 * Worked out by hand-checked arbitrary-precision arithmetic:
 *   qp 0: off 0 -> 0xe2, off 1 -> 0x91, off 2 -> 0x97, off 3 -> 0x1d,
 *         off 4096 -> 0xd7
 *   qp 1: off 0 -> 0x37, off 1 -> 0x77
 */
static void test_fill_bytes(void **state)
{
	static const uint8_t qp0[4] = { 0xe2, 0x91, 0x97, 0x1d };
	static const uint8_t qp1[2] = { 0x37, 0x77 };
	uint8_t *p = slice_new();

	(void)state;
	rp_pattern_fill(p, SLICE, 0);
	assert_memory_equal(p, qp0, sizeof(qp0));
	assert_int_equal(p[4096], 0xd7);
	memset(p, 0, SLICE);
	rp_pattern_fill(p, 2, 1);
	assert_memory_equal(p, qp1, sizeof(qp1));
	assert_int_equal(p[2], 0); /* nothing written past len */
	free(p);
}

static void test_fill_then_check(void **state)
{
	uint8_t *p = slice_new();
	struct rp_verdict v;

	(void)state;
	rp_pattern_fill(p, SLICE, 3);
	memset(&v, 0xa5, sizeof(v));
	assert_int_equal(rp_pattern_check(p, SLICE, SLICE, 3, &v), 0);
	assert_int_equal(v.ok, 1);
	assert_int_equal(v.qp, 3);
	/* only 1000 bytes written, zeros after: also good */
	memset(p, 0, SLICE);
	rp_pattern_fill(p, 1000, 0);
	assert_int_equal(rp_pattern_check(p, 1000, SLICE, 0, &v), 0);
	assert_int_equal(v.ok, 1);
	free(p);
}

static void test_nothing_written(void **state)
{
	uint8_t *p = slice_new();
	struct rp_verdict v;

	(void)state;
	assert_int_equal(rp_pattern_check(p, 0, SLICE, 0, &v), 0);
	assert_int_equal(v.ok, 1);
	assert_int_equal(rp_pattern_check(p, 0, 0, 0, &v), 0);
	free(p);
}

static void test_flipped_byte(void **state)
{
	uint8_t *p = slice_new();

	(void)state;
	rp_pattern_fill(p, SLICE, 0);
	p[4096] ^= 0x01; /* 0xd7 -> 0xd6 */
	check_fails_at(p, SLICE, 0, 4096, 0xd7, 0xd6);
	p[2] = 0; /* an earlier bad byte is the one reported */
	check_fails_at(p, SLICE, 0, 2, 0x97, 0x00);
	free(p);
}

static void test_byte_past_written(void **state)
{
	uint8_t *p = slice_new();

	(void)state;
	rp_pattern_fill(p, 1000, 0);
	p[3000] = 0x01;
	check_fails_at(p, 1000, 0, 3000, 0x00, 0x01);
	/* the first byte past the written part counts too */
	p[1000] = 0x5a;
	check_fails_at(p, 1000, 0, 1000, 0x00, 0x5a);
	p[1000] = 0;
	p[3000] = 0;
	p[SLICE - 1] = 0xff; /* and the last byte of the slice */
	check_fails_at(p, 1000, 0, SLICE - 1, 0x00, 0xff);
	free(p);
}

static void test_all_zero(void **state)
{
	uint8_t *p = slice_new();

	(void)state;
	check_fails_at(p, SLICE, 0, 0, 0xe2, 0x00);
	check_fails_at(p, 1, 1, 0, 0x37, 0x00);
	free(p);
}

static size_t same_bytes(const uint8_t *a, const uint8_t *b, size_t n)
{
	size_t i, same = 0;

	for (i = 0; i < n; i++)
		same += a[i] == b[i];
	return same;
}

/* Length of the common prefix of @a and @b. */
static size_t common_prefix(const uint8_t *a, const uint8_t *b, size_t n)
{
	size_t i = 0;

	while (i < n && a[i] == b[i])
		i++;
	return i;
}

static void test_qps_differ(void **state)
{
	uint8_t *a = slice_new(), *b = slice_new(), *c = slice_new();

	(void)state;
	rp_pattern_fill(a, 4096, 0);
	rp_pattern_fill(b, 4096, 1);
	rp_pattern_fill(c, 4096, 2);
	/* random bytes would agree in about 4096 / 256 = 16 places */
	assert_true(same_bytes(a, b, 4096) < 64);
	assert_true(same_bytes(a, c, 4096) < 64);
	assert_true(same_bytes(b, c, 4096) < 64);
	/* QP 0's bytes in QP 1's slice: caught at offset 0 */
	check_fails_at(a, 4096, 1, 0, 0x37, 0xe2);
	free(a);
	free(b);
	free(c);
}

/*
 * Every QP a rail may have (-q up to RP_MAX_QPS) needs its own pattern, also
 * for short messages (-a starts at 2 bytes): QP 0 and QP q must not agree
 * on most of the first 64 bytes (unrelated bytes agree in 64 / 256 = 0.25
 * places on average; 16 is a generous bound).
 */
static void test_all_qps_differ_early(void **state)
{
	uint8_t a[64], b[64];
	unsigned int q;
	size_t same;

	(void)state;
	rp_pattern_fill(a, sizeof(a), 0);
	for (q = 1; q < RP_MAX_QPS; q++) {
		rp_pattern_fill(b, sizeof(b), q);
		same = same_bytes(a, b, sizeof(a));
		if (same >= 16)
			fail_msg("QP 0 and QP %u agree on %zu of the first "
				 "64 bytes (first difference at byte %zu)",
				 q, same, common_prefix(a, b, sizeof(a)));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fill_bytes),
		cmocka_unit_test(test_fill_then_check),
		cmocka_unit_test(test_nothing_written),
		cmocka_unit_test(test_flipped_byte),
		cmocka_unit_test(test_byte_past_written),
		cmocka_unit_test(test_all_zero),
		cmocka_unit_test(test_qps_differ),
		cmocka_unit_test(test_all_qps_differ_early),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
