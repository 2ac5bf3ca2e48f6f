/* Description: the bandwidth engine's wr_id (engine/rp_wrid.h) carries a
 * 64-bit-safe sequence (F14 of the fidelity review): the wr_id holds the
 * QP index and the low 40 bits of the WR's sequence number; the count of
 * complete WRs it gives back is unwrapped against the QP's count so far,
 * so a QP that posts past 2^40 WRs (--run_infinitely, -D 86400 at 20-30
 * Mpps: 10-15 hours) or even past 2^64 keeps exact counts, where the
 * masked number alone came back as a small count and the run ended with
 * "unexpected completion". Stale and duplicate completions stay
 * recognisable: they give no count above the QP's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "engine/rp_wrid.h"

#define TX_DEPTH 128

/* WRs completed so far @done on QP @q, @TX_DEPTH outstanding: each of
 * them decodes to its own sequence number + 1, and the QP. */
static void window_at(uint64_t done, unsigned int q)
{
	uint64_t seq;

	for (seq = done; seq < done + TX_DEPTH; seq++) {
		uint64_t id = rp_wr_id(q, seq);

		assert_int_equal(rp_wr_id_qp(id), q);
		assert_true(rp_wr_id_upto(id, done) == seq + 1);
	}
}

static void test_below_wrap(void **state)
{
	(void)state;
	window_at(0, 0);
	window_at(12345, 1023);
}

static void test_across_2_40(void **state)
{
	(void)state;
	window_at((1ULL << 40) - 3, 7);		/* the window straddles 2^40 */
	window_at(1ULL << 40, 7);		/* the first past it */
	window_at(5 * (1ULL << 40) - 64, 1023); /* many wraps later */
}

static void test_across_2_64(void **state)
{
	(void)state;
	window_at(UINT64_MAX - 200, 3);
	window_at(UINT64_MAX - 64, 3);
}

/* A completion of a WR already counted gives a count not above the
 * QP's (the engine then reports an unexpected completion). */
static void test_stale(void **state)
{
	uint64_t done = (1ULL << 40) + 10;

	(void)state;
	assert_true(rp_wr_id_upto(rp_wr_id(0, done - 1), done) == done);
	assert_true(rp_wr_id_upto(rp_wr_id(0, done - 5), done) >
		    done + (1ULL << 39));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_below_wrap),
		cmocka_unit_test(test_across_2_40),
		cmocka_unit_test(test_across_2_64),
		cmocka_unit_test(test_stale),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
