/* Description: rp_posting, how a bandwidth client posted: the railperf line
 * (one WR per post without -l, -l's count with it, the API, the cycle
 * buffer or "every WR at the start of its QP's slice" for --validate, the
 * CQE poll batch, dynamic or fixed) and the JSON object with the same
 * facts. rp_dev_wr_api: which devices post with ibv_wr_* by default (those
 * current perftest uses it on: ConnectX-4 .. 10, Connect-IB, BlueField 1 ..
 * 4, EFA 0 .. 4, HNS, Yunsilicon). rp_devkind_of: current perftest's device
 * table, vendor and part ID -> known, ibv_wr_*, ib_write_lat's inline
 * default (220 on ConnectX-3 .. 10 and BlueField 1 .. 4, the per-family
 * values, 0 on Soft-RoCE and parts it does not know). */
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
#include "verbs/rp_devkind.h"

static void test_line_default(void **state)
{
	struct rp_bw_cfg c = { .cycle_buffer = 4096 };
	char want[256];
	struct mem m;

	(void)state;
	rp_posting_line(mem_open(&m), &c, true);
	snprintf(want, sizeof(want),
		 " railperf: posting: 1 WR per ibv_wr_start .. "
		 "ibv_wr_complete; addresses walk a cycle buffer of 4 KiB in "
		 "steps of the size rounded up to a %u byte cache line (sizes "
		 "up to 2 KiB); CQE poll batch dynamic (1024 down to 16)\n",
		 rp_cycle_line());
	mem_expect(&m, want);
}

/* The line of a healthy run names no flag, no byte count that is the
 * size and no '-': a 64 KiB cycle buffer (a 64 KiB page) at 64 KiB
 * messages. */
static void test_line_rule(void **state)
{
	struct rp_bw_cfg c = { .cycle_buffer = 65536, .size = 65536 };
	struct mem m;

	(void)state;
	rp_posting_line(mem_open(&m), &c, false);
	assert_int_equal(fclose(m.f), 0);
	assert_rule_lines(m.buf, "65536");
	free(m.buf);
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

#define MLX 0x02c9 /* ibv_device_attr.vendor_id of mlx4/mlx5 devices */
#define EFA_V 0x1d0f
#define RXE_V 0xffffff /* Soft-RoCE: vendor 0xffffff, part 0 */

struct dev_id {
	uint32_t vendor, part;
};

/* ibv_wr_* where current perftest uses it (verify_params_with_device_context),
 * ibv_post_send elsewhere: ConnectX-3 (mlx4), Soft-RoCE, iWARP, Intel,
 * parts perftest does not know. */
static void test_wr_api_devices(void **state)
{
	const struct dev_id yes[] = {
		{ MLX, 4113 },	   { MLX, 4115 },      { MLX, 4119 },
		{ MLX, 4123 },	   { MLX, 4125 },      { MLX, 4126 },
		{ MLX, 4127 },	   { MLX, 4129 },      { MLX, 4131 },
		{ MLX, 4133 },	   { MLX, 4135 },      { MLX, 41682 },
		{ MLX, 41686 },	   { MLX, 41692 },     { MLX, 41695 },
		{ EFA_V, 61344 },  { EFA_V, 61347 },   { EFA_V, 61348 },
		{ 0x19e5, 41506 }, { 0x1f67, 0x1021 }, { 0x1f67, 0x1011 },
	};
	const struct dev_id no[] = {
		{ RXE_V, 0 },	   { MLX, 4099 },      { MLX, 4103 },
		{ MLX, 4114 },	   { MLX, 4128 },      { MLX, 4130 },
		{ MLX, 4136 },	   { MLX, 25408 },     { 0x14e4, 5652 },
		{ 0x19e5, 41511 }, { EFA_V, 61349 },   { 0x8086, 5522 },
		{ 5157, 0x5410 },  { 0x1f0f, 0x3500 },
	};
	struct rp_dev d = { 0 };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		d.attr.vendor_id = yes[i].vendor;
		d.attr.vendor_part_id = yes[i].part;
		if (!rp_dev_wr_api(&d))
			fail_msg("vendor %#x part %u: want ibv_wr_*",
				 yes[i].vendor, yes[i].part);
	}
	for (i = 0; i < sizeof(no) / sizeof(no[0]); i++) {
		d.attr.vendor_id = no[i].vendor;
		d.attr.vendor_part_id = no[i].part;
		if (rp_dev_wr_api(&d))
			fail_msg("vendor %#x part %u: want ibv_post_send",
				 no[i].vendor, no[i].part);
	}
}

/* ib_write_lat's and ib_send_lat's inline defaults by device
 * (ctx_set_max_inline, RC WRITE and SEND). */
static void test_devkind_write_lat_inline(void **state)
{
	static const struct {
		uint32_t vendor, part;
		bool known;
		unsigned int inl;
	} c[] = {
		{ MLX, 4099, true, 220 },      /* ConnectX-3 */
		{ MLX, 4113, true, 220 },      /* Connect-IB */
		{ MLX, 4129, true, 220 },      /* ConnectX-7 */
		{ MLX, 4131, true, 220 },      /* ConnectX-8 (6.06: 0) */
		{ MLX, 4133, true, 220 },      /* ConnectX-9 */
		{ MLX, 4135, true, 220 },      /* ConnectX-10 */
		{ MLX, 41692, true, 220 },     /* BlueField-3 */
		{ MLX, 41695, true, 220 },     /* BlueField-4 */
		{ MLX, 26428, true, 220 },     /* ConnectX-2 */
		{ EFA_V, 61344, true, 32 },    /* EFA */
		{ EFA_V, 61348, true, 32 },    /* efa4 */
		{ 0x19e5, 41519, true, 32 },   /* HNS */
		{ 0x14e4, 5652, true, 96 },    /* NetXtreme */
		{ 0x14e4, 6169, true, 96 },    /* NetXtreme */
		{ 0x1077, 5684, true, 128 },   /* QLogic E4 */
		{ 0x1077, 32912, true, 220 },  /* QLogic AH */
		{ 0x1ded, 4223, true, 96 },    /* ERDMA */
		{ 0x8086, 14289, true, 48 },   /* Intel gen 1 */
		{ 0x8086, 5522, true, 101 },   /* Intel gen 2 */
		{ 0x8086, 1, true, 101 },      /* any other Intel part */
		{ 0x1f67, 0x1021, true, 64 },  /* Yunsilicon Diamond */
		{ 0x1f67, 0x1023, true, 64 },  /* Diamond Next */
		{ 0x1f67, 0x1011, true, 32 },  /* Andes */
		{ 0x1f0f, 0x3403, true, 32 },  /* NBL Leonis */
		{ 0x1f0f, 0x3505, true, 465 }, /* NBL Draco */
		{ 0x1f0f, 0x1610, true, 465 }, /* NBL RNIC400 */
		{ 5157, 0x5410, true, 220 },   /* Chelsio T5 */
		{ 5157, 0x7001, false, 0 },    /* Chelsio, not T4 .. T6 */
		{ 0x209b, 0x1000, true, 220 }, /* TCU1 */
		{ 0x209b, 0x1001, false, 0 },
		{ 0x1dd8, 0x1002, true, 220 }, /* Pensando */
		{ RXE_V, 0, false, 0 },	       /* Soft-RoCE */
		{ MLX, 4114, false, 0 },       /* not in perftest's switch */
		{ MLX, 4136, false, 0 },
	};
	struct rp_devkind k;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		rp_devkind_of(c[i].vendor, c[i].part, &k);
		if (k.known != c[i].known || k.write_lat_inline != c[i].inl)
			fail_msg(
				"vendor %#x part %#x: known %d inline %u, want "
				"%d %u",
				c[i].vendor, c[i].part, k.known,
				k.write_lat_inline, c[i].known, c[i].inl);
		/* ib_send_lat: DEF_INLINE_SEND_RC_UC_XRC where WRITE has
		 * DEF_INLINE_WRITE, a family's override for both verbs */
		if (k.send_lat_inline != (c[i].inl == 220 ? 236 : c[i].inl))
			fail_msg("vendor %#x part %#x: send inline %u",
				 c[i].vendor, c[i].part, k.send_lat_inline);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_line_default),
		cmocka_unit_test(test_line_list),
		cmocka_unit_test(test_line_rule),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_wr_api_devices),
		cmocka_unit_test(test_devkind_write_lat_inline),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
