/* Description: perftest's NIC switches in rp_opts: --cqe_poll (1 .. 65535,
 * rail_write_bw and rail_multi_bw only), --disable_dynamic_polling (16),
 * --tclass (0 .. 255, not with -R), -T/--tos (0 .. 255, only with -R, one
 * rail only), --disable_pcie_relaxed, --numa_node, --pin_cores (not both)
 * and --disable_numa, --use_old_post_send and railperf's
 * --use_new_post_send (not both): parsed into o.nic, each bad value
 * refused in one line naming it and what is valid. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "opts_run.h"

static const struct rp_test_desc multi_desc = {
	.test = RP_TEST_MULTI_BW,
	.name = "rail_multi_bw",
	.def_size = 65536,
	.def_iters = 5000,
	.def_tx_depth = 128,
	.features = RP_FEAT_BW | RP_FEAT_MULTI,
};

static void test_defaults(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, finish(&r, &bw_desc, NULL));
	assert_int_equal(r.o.nic.cqe_poll, 0);
	assert_int_equal(rp_nic_cqe_poll(&r.o.nic), 0); /* dynamic */
	assert_int_equal(r.o.nic.tclass, -1);
	assert_int_equal(r.o.nic.tos, -1);
	assert_false(r.o.nic.disable_pcie_relaxed);
	assert_null(r.o.nic.numa_node);
	assert_null(r.o.nic.pin_cores);
	assert_false(r.o.nic.disable_numa);
	assert_false(r.o.nic.old_post_send);
	assert_false(r.o.nic.new_post_send);
}

static void test_values(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r,
		     finish(&r, &bw_desc, "--cqe_poll=65535", "--tclass", "106",
			    "--disable_pcie_relaxed", "--numa_node=1", NULL));
	assert_int_equal(rp_nic_cqe_poll(&r.o.nic), 65535);
	assert_int_equal(r.o.nic.tclass, 106);
	assert_true(r.o.nic.disable_pcie_relaxed);
	assert_string_equal(r.o.nic.numa_node, "1");
	ok_no_output(&r, finish(&r, &bw_desc, "--disable_dynamic_polling", "-R",
				"-T", "96", "--pin_cores=2,4-5",
				"--disable_numa", NULL));
	assert_int_equal(rp_nic_cqe_poll(&r.o.nic), 16);
	assert_int_equal(r.o.nic.tos, 96);
	assert_string_equal(r.o.nic.pin_cores, "2,4-5");
	assert_true(r.o.nic.disable_numa);
	ok_no_output(&r, finish(&r, &lat_desc, "--tclass=0", NULL));
	assert_int_equal(r.o.nic.tclass, 0);
	ok_no_output(&r, finish(&r, &lat_desc, "--use_new_post_send", NULL));
	assert_true(r.o.nic.new_post_send);
	ok_no_output(&r, finish(&r, &multi_desc, "--use_new_post_send", NULL));
	assert_true(r.o.nic.new_post_send);
}

static void test_refused(void **state)
{
	struct run r;

	(void)state;
	assert_int_equal(finish(&r, &bw_desc, "--cqe_poll=0", NULL), -EINVAL);
	err_has(&r,
		"invalid --cqe_poll value '0': valid values are 1 .. 65535");
	assert_int_equal(finish(&r, &bw_desc, "--cqe_poll=65536", NULL),
			 -EINVAL);
	assert_int_equal(finish(&r, &bw_desc, "--tclass=256", NULL), -EINVAL);
	err_has(&r, "invalid --tclass value '256': valid values are 0 .. 255");
	assert_int_equal(finish(&r, &bw_desc, "-R", "-T", "x", NULL), -EINVAL);
	err_has(&r, "invalid -T value 'x'");
	assert_int_equal(finish(&r, &bw_desc, "-T", "3", NULL), -EINVAL);
	err_has(&r, "-T (type of service) works only with -R");
	assert_int_equal(finish(&r, &bw_desc, "-R", "--tclass=3", NULL),
			 -EINVAL);
	err_has(&r, "with -R use -T");
	assert_int_equal(finish(&r, &bw_desc, "--numa_node=0", "--pin_cores=1",
				NULL),
			 -EINVAL);
	err_has(&r, "--numa_node and --pin_cores cannot be used together");
	assert_int_equal(finish(&r, &bw_desc, "--use_old_post_send",
				"--use_new_post_send", NULL),
			 -EINVAL);
	err_has(&r, "--use_old_post_send (ibv_post_send) and "
		    "--use_new_post_send (ibv_wr_*) cannot be used together");
	assert_int_equal(finish(&r, &lat_desc, "--cqe_poll=4", NULL), -EINVAL);
	err_has(&r, "--cqe_poll is not supported by rail_read_lat");
	assert_int_equal(finish(&r, &multi_desc, "-T", "3", NULL), -EINVAL);
	err_has(&r, "-T is not supported by rail_multi_bw");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_values),
		cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
