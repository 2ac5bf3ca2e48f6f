/* Description: the latency tools' perftest defaults that railperf decides
 * before opening a device, each against perftest's source: rail_send_lat
 * registers its buffer with relaxed ordering (ib_send_lat keeps it, only
 * write_lat.c sets disable_pcir), rail_write_lat without it, rail_read_lat
 * with it; the inline size (perftest_parameters.c ctx_set_max_inline):
 * ConnectX-7's 220 / 236 bytes by default, -I as given, 0 with GPU
 * memory (--use_cuda, --use_cuda_bus_id; perftest HEAD: device memory
 * tests get no inline), 0 on a device perftest does not know even with
 * -I, READ untouched; and MLX5_SCATTER_TO_CQE=0 set for GPU memory with
 * SEND of at most 64 bytes or -a (force_dependecies), for the latency and
 * the bandwidth tools, and not otherwise. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "opts_run.h"
#include "app/rp_latapp.h"

/* The three latency binaries and rail_send_bw, from railperf's table. */
static const struct rp_test_desc *desc(enum rp_test t)
{
	const struct rp_test_desc *d = rp_test_desc_of(t);

	assert_non_null(d);
	return d;
}

static void test_relaxed_ordering(void **state)
{
	struct rp_rail_cfg c;
	struct run r;

	(void)state;
	assert_int_equal(parse(&r, desc(RP_TEST_SEND_LAT), NULL), 0);
	memset(&c, 0, sizeof(c));
	rp_latapp_rail_cfg(&r.o, &c);
	assert_false(c.strict_order); /* ib_send_lat: PCIe relax order ON */
	assert_int_equal(parse(&r, desc(RP_TEST_WRITE_LAT), NULL), 0);
	rp_latapp_rail_cfg(&r.o, &c);
	assert_true(c.strict_order); /* ib_write_lat: disable_pcir = 1 */
	assert_int_equal(parse(&r, desc(RP_TEST_READ_LAT), NULL), 0);
	memset(&c, 0, sizeof(c));
	rp_latapp_rail_cfg(&r.o, &c);
	assert_false(c.strict_order);
}

static void test_inline(void **state)
{
	const struct rp_devkind cx7 = { .known = true,
					.wr_api = true,
					.write_lat_inline = 220,
					.send_lat_inline = 236 };
	const struct rp_devkind rxe = { 0 };
	struct run r;

	(void)state;
	assert_int_equal(parse(&r, desc(RP_TEST_WRITE_LAT), NULL), 0);
	assert_int_equal(rp_latapp_inline(&r.o, false, &cx7), 220);
	assert_int_equal(rp_latapp_inline(&r.o, true, &rxe), 0);
	assert_int_equal(parse(&r, desc(RP_TEST_SEND_LAT), NULL), 0);
	assert_int_equal(rp_latapp_inline(&r.o, false, &cx7), 236);
	/* -I as given on a device perftest knows; turned off on one it
	 * does not */
	assert_int_equal(parse(&r, desc(RP_TEST_SEND_LAT), "-I", "64", NULL),
			 0);
	assert_int_equal(rp_latapp_inline(&r.o, false, &cx7), 64);
	assert_int_equal(rp_latapp_inline(&r.o, true, &rxe), 0);
	/* GPU memory: no inline by default */
	assert_int_equal(
		parse(&r, desc(RP_TEST_SEND_LAT), "--use_cuda=0", NULL), 0);
	assert_int_equal(rp_latapp_inline(&r.o, false, &cx7), 0);
	assert_int_equal(parse(&r, desc(RP_TEST_WRITE_LAT),
			       "--use_cuda_bus_id=0000:3b:00.0", NULL),
			 0);
	assert_int_equal(rp_latapp_inline(&r.o, false, &cx7), 0);
	/* READ: untouched (no inline data to send) */
	assert_int_equal(parse(&r, desc(RP_TEST_READ_LAT), NULL), 0);
	assert_int_equal(rp_latapp_inline(&r.o, true, &rxe), r.o.inline_size);
}

/* rp_opts_gpu_env on @args of @t: its result and the variable after. */
static void s2cqe(enum rp_test t, const char *const *args, bool want)
{
	const char *v;
	struct run r;

	assert_int_equal(unsetenv("MLX5_SCATTER_TO_CQE"), 0);
	assert_int_equal(run_list(&r, desc(t), 1, args), 0);
	assert_int_equal(rp_opts_gpu_env(&r.o), want);
	v = getenv("MLX5_SCATTER_TO_CQE");
	if (want)
		assert_true(v && !strcmp(v, "0"));
	else
		assert_null(v);
}

static void test_scatter_to_cqe(void **state)
{
	(void)state;
	s2cqe(RP_TEST_SEND_LAT, (const char *const[]){ "--use_cuda=0", NULL },
	      true); /* 2 B, the default */
	s2cqe(RP_TEST_SEND_LAT,
	      (const char *const[]){ "--use_cuda=0", "-s", "64", NULL }, true);
	s2cqe(RP_TEST_SEND_LAT,
	      (const char *const[]){ "--use_cuda=0", "-s", "65", NULL }, false);
	s2cqe(RP_TEST_SEND_BW,
	      (const char *const[]){ "--use_cuda=0", "-a", NULL }, true);
	s2cqe(RP_TEST_SEND_BW, (const char *const[]){ "--use_cuda=0", NULL },
	      false); /* 64 KiB */
	s2cqe(RP_TEST_WRITE_LAT, (const char *const[]){ "--use_cuda=0", NULL },
	      false);
	s2cqe(RP_TEST_SEND_LAT, (const char *const[]){ NULL }, false);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_relaxed_ordering),
		cmocka_unit_test(test_inline),
		cmocka_unit_test(test_scatter_to_cqe),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
