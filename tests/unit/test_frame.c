/* Description: the framing of the control stream without sockets
 * (proto/rp_frame): a header fed one byte at a time is held until whole,
 * never takes a byte of the payload behind it, decodes as it was encoded,
 * and is forgotten once taken; a bad header is refused with its reason;
 * rp_frame_judge: the type waited for is taken, PROGRESS is a heartbeat
 * only once the run started (refused before), ERROR is the peer's. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "proto/rp_frame.h"

static void test_feed_byte_by_byte(void **state)
{
	uint8_t stream[RP_MSG_HDR_LEN + 3];
	struct rp_frame f;
	struct rp_msg_hdr h;
	char err[160];
	size_t i;

	(void)state;
	rp_msg_hdr_encode(stream, RP_MSG_RESULT, 40);
	memset(stream + RP_MSG_HDR_LEN, 0xee, 3);
	rp_frame_init(&f);
	for (i = 0; i < RP_MSG_HDR_LEN - 1; i++) {
		assert_int_equal(rp_frame_feed(&f, stream + i, 1), 1);
		assert_int_equal(rp_frame_header(&f, &h, err, sizeof(err)),
				 -EAGAIN);
		assert_int_equal(rp_frame_need(&f), RP_MSG_HDR_LEN - 1 - i);
	}
	/* the last header byte, with payload behind it: only 1 taken */
	assert_int_equal(rp_frame_feed(&f, stream + i, 4), 1);
	assert_int_equal(rp_frame_need(&f), 0);
	assert_int_equal(rp_frame_feed(&f, stream + i + 1, 3), 0);
	assert_int_equal(rp_frame_header(&f, &h, err, sizeof(err)), 0);
	assert_int_equal(h.type, RP_MSG_RESULT);
	assert_int_equal(h.len, 40);
	rp_frame_next(&f);
	assert_int_equal(rp_frame_need(&f), RP_MSG_HDR_LEN);
}

static void test_bad_header(void **state)
{
	static const uint8_t http[] = "GET / HTTP/1.1";
	struct rp_frame f;
	struct rp_msg_hdr h;
	char err[160];

	(void)state;
	rp_frame_init(&f);
	assert_int_equal(rp_frame_feed(&f, http, sizeof(http)), RP_MSG_HDR_LEN);
	assert_int_equal(rp_frame_header(&f, &h, err, sizeof(err)), -EBADMSG);
	assert_non_null(strstr(err, "not a railperf peer"));
}

static void test_judge(void **state)
{
	struct rp_msg_hdr h = { .type = RP_MSG_PROGRESS };

	(void)state;
	assert_int_equal(rp_frame_judge(&h, RP_MSG_HELLO, false),
			 RP_FRAME_EARLY);
	assert_int_equal(rp_frame_judge(&h, RP_MSG_RESULT, true),
			 RP_FRAME_BEAT);
	assert_int_equal(rp_frame_judge(&h, RP_MSG_PROGRESS, false),
			 RP_FRAME_TAKE);
	h.len = 4; /* a heartbeat has no payload */
	assert_int_equal(rp_frame_judge(&h, RP_MSG_RESULT, true),
			 RP_FRAME_OTHER);
	h = (struct rp_msg_hdr){ .type = RP_MSG_ERROR, .len = 9 };
	assert_int_equal(rp_frame_judge(&h, RP_MSG_RAIL, false),
			 RP_FRAME_PEER_ERROR);
	/* -b --interval's COUNTS: skipped (its payload read) during a run,
	 * refused before it, taken when waited for */
	h = (struct rp_msg_hdr){ .type = RP_MSG_COUNTS, .len = 16 };
	assert_int_equal(rp_frame_judge(&h, RP_MSG_RESULT, true),
			 RP_FRAME_BEAT);
	assert_int_equal(rp_frame_judge(&h, RP_MSG_HELLO, false),
			 RP_FRAME_EARLY);
	assert_int_equal(rp_frame_judge(&h, RP_MSG_COUNTS, false),
			 RP_FRAME_TAKE);
	h.len = RP_COUNTS_MAX_LEN + 1; /* longer than any: not skipped */
	assert_int_equal(rp_frame_judge(&h, RP_MSG_RESULT, true),
			 RP_FRAME_OTHER);
	h.type = RP_MSG_READY;
	assert_int_equal(rp_frame_judge(&h, RP_MSG_RAIL, true), RP_FRAME_OTHER);
	assert_int_equal(rp_frame_judge(&h, RP_MSG_READY, true), RP_FRAME_TAKE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_feed_byte_by_byte),
		cmocka_unit_test(test_bad_header),
		cmocka_unit_test(test_judge),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
