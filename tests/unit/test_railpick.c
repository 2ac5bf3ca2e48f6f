/* Description: rail_multi_bw's rails without -d (rp_railspec_active, F11
 * of the fidelity review), on the sysfs fixture tests/fixtures/sysfs/
 * railpick: the devices whose port -i is ACTIVE, of the link layer most
 * ACTIVE ports have (a tie: the first's), in the device list's order;
 * one warning line per port left out, naming why (its state when not
 * ACTIVE; the other link layer; no such port); none with quiet; no
 * ACTIVE port at all: -ENETDOWN and one line that says to use -d. Before,
 * every device was a rail and the first DOWN port ended the run. */
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "capture.h"
#include "fixtures.h"
#include "app/rp_railspec.h"

static char root[PATH_MAX];

static int pick(const char *all, unsigned int port, bool quiet, char *out,
		char *err)
{
	struct capture c;
	int n;

	capture_begin(&c);
	n = rp_railspec_active(root, all, port, quiet, out, 1024);
	capture_end(&c, err, 4096);
	return n;
}

static void test_down_and_other_layer(void **state)
{
	char out[1024], err[4096];

	(void)state;
	assert_int_equal(pick("mlx5_0,mlx5_1,mlx5_2,mlx5_3,mlx5_4,mlx5_5", 1,
			      false, out, err),
			 2);
	assert_string_equal(out, "mlx5_0,mlx5_2");
	assert_non_null(strstr(err, "warning: mlx5_1 port 1 left out of the "
				    "rails: DOWN, not ACTIVE\n"));
	assert_non_null(strstr(err, "warning: mlx5_3 port 1 left out of the "
				    "rails: link layer InfiniBand, the rails' "
				    "is Ethernet\n"));
	assert_non_null(strstr(err, "warning: mlx5_4 port 1 left out of the "
				    "rails: INIT, not ACTIVE\n"));
	assert_non_null(strstr(err, "warning: mlx5_5 left out of the rails: "
				    "it has no port 1\n"));
	assert_null(strstr(err, "mlx5_0"));
	assert_null(strstr(err, "mlx5_2"));
}

/* Most ACTIVE ports decide the link layer; a tie goes to the first. */
static void test_layer_choice(void **state)
{
	char out[1024], err[4096];

	(void)state;
	assert_int_equal(pick("mlx5_3,mlx5_0,ib_0", 1, false, out, err), 2);
	assert_string_equal(out, "mlx5_3,ib_0");
	assert_non_null(strstr(err, "mlx5_0 port 1 left out of the rails: "
				    "link layer Ethernet, the rails' is "
				    "InfiniBand"));
	assert_int_equal(pick("mlx5_0,mlx5_3", 1, false, out, err), 1);
	assert_string_equal(out, "mlx5_0");
	assert_int_equal(pick("mlx5_5", 2, false, out, err), 1);
	assert_string_equal(out, "mlx5_5");
	assert_string_equal(err, "");
}

static void test_quiet(void **state)
{
	char out[1024], err[4096];

	(void)state;
	assert_int_equal(pick("mlx5_1,mlx5_2", 1, true, out, err), 1);
	assert_string_equal(out, "mlx5_2");
	assert_string_equal(err, "");
}

static void test_none_active(void **state)
{
	char out[1024], err[4096];

	(void)state;
	assert_int_equal(pick("mlx5_1,mlx5_4", 1, false, out, err), -ENETDOWN);
	assert_non_null(strstr(err, "no RDMA device has an ACTIVE port 1 "
				    "(devices: mlx5_1,mlx5_4); name the rails "
				    "with -d\n"));
}

int main(int argc, char **argv)
{
	char fx[PATH_MAX];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_down_and_other_layer),
		cmocka_unit_test(test_layer_choice),
		cmocka_unit_test(test_quiet),
		cmocka_unit_test(test_none_active),
	};

	find_fixtures(argc > 0 ? argv[0] : NULL, "sysfs", fx, sizeof(fx));
	if (snprintf(root, sizeof(root), "%s/sysfs/railpick", fx) >=
	    (int)sizeof(root))
		return 1; /* a fixtures path this long is not ours */
	return cmocka_run_group_tests(tests, NULL, NULL);
}
