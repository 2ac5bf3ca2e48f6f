/* Description: rp_posting, how a bandwidth client posted: the railperf line
 * (one WR per post without -l, -l's count with it, the API, the cycle
 * buffer or "every WR at the start of its QP's slice" for --validate, the
 * CQE poll batch, dynamic or fixed) and the JSON object with the same
 * facts. rp_dev_wr_api: which devices post with ibv_wr_* by default (those
 * perftest uses it on). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "memout.h"
#include "engine/rp_cycle.h"
#include "output/rp_posting.h"
#include "verbs/rp_dev.h"

static void test_line_default(void **state)
{
	struct rp_bw_cfg c = { .cycle_buffer = 4096 };
	char want[256];
	struct mem m;

	(void)state;
	rp_posting_line(mem_open(&m), &c, true);
	snprintf(want, sizeof(want),
		 " railperf: posting: 1 WR per ibv_wr_start .. "
		 "ibv_wr_complete; addresses walk a 4096-byte cycle buffer "
		 "in steps of the size rounded up to %u bytes (sizes up to "
		 "2048 B); CQE poll batch dynamic (1024 down to 16)\n",
		 rp_cycle_line());
	mem_expect(&m, want);
}

static void test_line_list(void **state)
{
	struct rp_bw_cfg c = { .post_list = 32, .cqe_poll = 64 };
	struct mem m;

	(void)state;
	rp_posting_line(mem_open(&m), &c, false);
	mem_expect(&m,
		   " railperf: posting: 32 WRs per ibv_post_send; every "
		   "WR at the start of its QP's slice; CQE poll batch 64\n");
}

static void test_json(void **state)
{
	struct rp_bw_cfg c = { .post_list = 1, .cycle_buffer = 4096 };
	cJSON *o = rp_posting_json(&c, true), *it;

	(void)state;
	assert_non_null(o);
	it = cJSON_GetObjectItemCaseSensitive(o, "wrs_per_post");
	assert_true(cJSON_IsNumber(it) && it->valuedouble == 1);
	it = cJSON_GetObjectItemCaseSensitive(o, "api");
	assert_string_equal(cJSON_GetStringValue(it), "ibv_wr");
	it = cJSON_GetObjectItemCaseSensitive(o, "cycle_buffer_bytes");
	assert_true(it->valuedouble == 4096);
	it = cJSON_GetObjectItemCaseSensitive(o, "cqe_poll");
	assert_string_equal(cJSON_GetStringValue(it), "dynamic");
	cJSON_Delete(o);
	c.post_list = 8;
	c.cqe_poll = 100;
	o = rp_posting_json(&c, false);
	assert_true(cJSON_GetObjectItemCaseSensitive(o, "wrs_per_post")
			    ->valuedouble == 8);
	assert_true(
		cJSON_GetObjectItemCaseSensitive(o, "cqe_poll")->valuedouble ==
		100);
	cJSON_Delete(o);
}

/* ibv_wr_* where perftest uses it (ConnectX-4 .. 8, VFs, BlueField 1-3,
 * EFA, HNS), ibv_post_send elsewhere: ConnectX-3 (mlx4), Connect-IB,
 * Soft-RoCE (rxe reports vendor_part_id 0), iWARP. */
static void test_wr_api_devices(void **state)
{
	const uint32_t yes[] = { 4115,	4119,  4123,  4125,  4126,  4129, 4131,
				 41682, 41686, 41692, 61344, 61346, 41506 };
	const uint32_t no[] = { 0,    4099,  4103, 4113,  4114, 4128,
				4130, 25408, 5652, 41511, 61347 };
	struct rp_dev d = { 0 };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		d.attr.vendor_part_id = yes[i];
		assert_true(rp_dev_wr_api(&d));
	}
	for (i = 0; i < sizeof(no) / sizeof(no[0]); i++) {
		d.attr.vendor_part_id = no[i];
		assert_false(rp_dev_wr_api(&d));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_line_default),
		cmocka_unit_test(test_line_list),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_wr_api_devices),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
