/* Description: rail_multi_bw's ceilings for the rails it runs on
 * (rp_railceil), read from host fixtures: three DGX Spark rails, two on
 * one Gen5 x4 link and two on one physical port, give each rail its PCIe
 * payload ceiling for the side it is on (receiving: posted writes of MPS
 * 256, 113.61 Gb/s; sending: read completions of RCB 128, 106.13; both
 * at once: the sending one, the read requests leave the upstream
 * direction above it), the set the maximum flow through both links
 * (2 x that, worked out from the formulas here) and one warning
 * per shared link or port naming the rails and the limit; two Soft-RoCE
 * rails give an unknown set ceiling, the reason, and no warning. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "capture.h"
#include "hosts.h"
#include "output/rp_railceil.h"

static struct rp_rail *rails_new(const char *const *dev,
				 const char *const *ndev, unsigned int n)
{
	struct rp_rail *r = calloc(n, sizeof(*r));
	unsigned int i;

	assert_non_null(r);
	for (i = 0; i < n; i++) {
		snprintf(r[i].dev.name, sizeof(r[i].dev.name), "%s", dev[i]);
		r[i].dev.port = 1;
		r[i].dev.port_attr.link_layer = IBV_LINK_LAYER_ETHERNET;
		snprintf(r[i].gid.ndev, sizeof(r[i].gid.ndev), "%s", ndev[i]);
		r[i].mtu = IBV_MTU_4096;
	}
	return r;
}

/* Three Spark rails on side @dir: each rail's cap is @link, the set's
 * two links' worth, and the warnings name @dir. */
static void spark_side(void **state, enum rp_pcie_dir dir, double link)
{
	static const char *const dev[3] = { "rocep1s0f0", "rocep1s0f1",
					    "roceP2p1s0f1" };
	static const char *const ndev[3] = { "enp1s0f0np0", "enp1s0f1np1",
					     "enP2p1s0f1np1" };
	const double port = 200.0 * 65536 / (65536 + 82 * 16 + 16);
	struct rp_railceil *c = calloc(1, sizeof(*c));
	struct rp_rail *r = rails_new(dev, ndev, 3);
	char root[PATH_MAX], err[2048], want[256];
	struct capture cap;
	unsigned int lines;

	assert_non_null(c);
	snprintf(root, sizeof(root), "%s/spark", (char *)*state);
	rp_railceil_read(c, root, r, 3, dir);
	assert_true(c->speed[0] == 200);
	rp_railceil_size(c, r, 65536);
	assert_true(fabs(c->wire[1] - port) < 1e-6);
	assert_true(fabs(c->r[1].cap - link) < 1e-6); /* the PCIe path */
	/* f0 and f1 share link 0000:01:00 (one link's worth); P2f1 has
	 * 0002:01:00 to itself; f1 and P2f1 share port p1 (196 > 113.6) */
	assert_true(fabs(c->set - 2 * link) < 1e-6);
	assert_string_equal(c->why, "");
	capture_begin(&cap);
	lines = rp_railceil_warn(c);
	capture_end(&cap, err, sizeof(err));
	assert_int_equal(lines, 2);
	snprintf(want, sizeof(want),
		 "rails 0 (rocep1s0f0), 1 (rocep1s0f1) share PCIe link "
		 "0000:01:00: together at most %.2f Gb/s per direction (%s)\n",
		 link, rp_pcie_dir_name(dir));
	assert_non_null(strstr(err, want));
	snprintf(want, sizeof(want),
		 "rails 1 (rocep1s0f1), 2 (roceP2p1s0f1) share physical port "
		 "30c5:9903:003e:6a13/p1: together at most %.2f Gb/s per "
		 "direction (%s)\n",
		 port, rp_pcie_dir_name(dir));
	assert_non_null(strstr(err, want));
	free(r);
	free(c);
}

/* The server of a WRITE: posted writes of MPS 256, 4DW headers. */
static void test_spark_recv(void **state)
{
	spark_side(state, RP_PCIE_RECV,
		   32.0 * 4 * 128 / 130 * 256 / (256 + 24 + 4));
}

/* The client: read completions of RCB 128 (assumed), 3DW headers. */
static void test_spark_send(void **state)
{
	spark_side(state, RP_PCIE_SEND,
		   32.0 * 4 * 128 / 130 * 128 / (128 + 20 + 4));
}

/* -b: upstream carries writes and read requests (MRRS 512 assumed):
 * 126.03 / (284 / 256 + 28 / 512) = 108.27, above the sending 106.13. */
static void test_spark_both(void **state)
{
	spark_side(state, RP_PCIE_BOTH,
		   32.0 * 4 * 128 / 130 * 128 / (128 + 20 + 4));
}

static void test_softroce(void **state)
{
	static const char *const dev[2] = { "rxe0", "rxe1" };
	static const char *const ndev[2] = { "eth0", "eth1" };
	struct rp_railceil *c = calloc(1, sizeof(*c));
	struct rp_rail *r = rails_new(dev, ndev, 2);
	char root[PATH_MAX], err[512];
	struct capture cap;

	assert_non_null(c);
	snprintf(root, sizeof(root), "%s/softroce", (char *)*state);
	rp_railceil_read(c, root, r, 2, RP_PCIE_SEND);
	rp_railceil_size(c, r, 65536);
	assert_true(c->set == 0);
	assert_string_equal(c->why, "rail 0 (rxe0): port speed unknown (the "
				    "netdev reports none, as on rdma_rxe)");
	capture_begin(&cap);
	assert_int_equal(rp_railceil_warn(c), 0);
	capture_end(&cap, err, sizeof(err));
	assert_string_equal(err, "");
	free(r);
	free(c);
}

int main(int argc, char **argv)
{
	char hosts[PATH_MAX];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_prestate(test_spark_recv, hosts),
		cmocka_unit_test_prestate(test_spark_send, hosts),
		cmocka_unit_test_prestate(test_spark_both, hosts),
		cmocka_unit_test_prestate(test_softroce, hosts),
	};

	hosts_find(argc > 0 ? argv[0] : NULL, hosts);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
