// SPDX-License-Identifier: MIT
/*
 * test_gpuloc.c - the GPU nearest to a rail (topo/rp_gpuloc.c): on the
 * DGX H100 fixture each ConnectX-7 gets the H100 behind its own PCIe
 * switch; a host without GPUs gets none; a Soft-RoCE device (no PCI
 * function) counts the GPUs but gets none; in a tree made here, the
 * relations past the switch: host bridge, NUMA node, other node; a
 * symlinked GPU directory is not followed.
 */
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "hosts.h"
#include "topo/rp_gpuloc.h"

static char hosts[PATH_MAX];
static char tmp[] = "/tmp/test_gpuloc.XXXXXX";

static void near(const char *host, const char *dev, struct rp_gpunear *g)
{
	char root[PATH_MAX + 8];

	snprintf(root, sizeof(root), "%s/%s", hosts, host);
	assert_int_equal(rp_gpuloc_near(root, dev, g), 0);
}

static void test_dgxh100(void **state)
{
	static const char *const want[8] = {
		"0000:1a:00.0", "0000:2a:00.0", "0000:3a:00.0", "0000:4a:00.0",
		"0000:5a:00.0", "0000:6a:00.0", "0000:7a:00.0", "0000:8a:00.0",
	};
	struct rp_gpunear g;
	char dev[24]; /* "mlx5_" and any int */
	int i;

	(void)state;
	for (i = 0; i < 8; i++) {
		snprintf(dev, sizeof(dev), "mlx5_%d", i);
		near("dgxh100", dev, &g);
		assert_string_equal(g.pci, want[i]);
		assert_int_equal(g.rel, RP_GPUREL_SWITCH);
		assert_int_equal(g.ngpus, 8);
	}
	assert_string_equal(rp_gpurel_name(RP_GPUREL_SWITCH),
			    "same PCIe switch");
}

static void test_none(void **state)
{
	struct rp_gpunear g;

	(void)state;
	near("spark", "rocep1s0f0", &g);
	assert_string_equal(g.pci, "");
	assert_int_equal(g.rel, RP_GPUREL_NONE);
	assert_int_equal(g.ngpus, 0);
	near("softroce", "rxe0", &g);
	assert_int_equal(g.ngpus, 0);
	assert_string_equal(g.pci, "");
}

static void put(const char *rel, const char *text)
{
	char p[PATH_MAX];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", tmp, rel);
	f = fopen(p, "w");
	assert_non_null(f);
	fprintf(f, "%s\n", text);
	fclose(f);
}

static void mkdirs(const char *rel)
{
	char p[PATH_MAX], cmd[PATH_MAX + 16];

	snprintf(p, sizeof(p), "%s/%s", tmp, rel);
	snprintf(cmd, sizeof(cmd), "mkdir -p '%s'", p);
	assert_int_equal(system(cmd), 0);
}

/* A GPU directory with @numa at @rel. */
static void gpu_at(const char *rel, const char *numa)
{
	char f[PATH_MAX];

	mkdirs(rel);
	snprintf(f, sizeof(f), "%s/vendor", rel);
	put(f, "0x10de");
	snprintf(f, sizeof(f), "%s/class", rel);
	put(f, "0x030200");
	snprintf(f, sizeof(f), "%s/numa_node", rel);
	put(f, numa);
}

static void test_relations(void **state)
{
	const char *nic = "devices/pci0000:00/0000:00:01.0/0000:01:00.0";
	char p[PATH_MAX], t[PATH_MAX];
	struct rp_gpunear g;

	(void)state;
	assert_non_null(mkdtemp(tmp));
	mkdirs(nic);
	put("devices/pci0000:00/0000:00:01.0/0000:01:00.0/numa_node", "0");
	mkdirs("class/infiniband/mlx5_0");
	snprintf(p, sizeof(p), "%s/class/infiniband/mlx5_0/device", tmp);
	snprintf(t, sizeof(t), "%s/%s", tmp, nic);
	assert_int_equal(symlink(t, p), 0);
	/* another node's host bridge, then the same node's, then one host
	 * bridge: each nearer than the one before */
	gpu_at("devices/pci0000:80/0000:80:01.0/0000:81:00.0", "1");
	assert_int_equal(rp_gpuloc_near(tmp, "mlx5_0", &g), 0);
	assert_int_equal(g.rel, RP_GPUREL_OTHER);
	assert_string_equal(g.pci, "0000:81:00.0");
	gpu_at("devices/pci0000:40/0000:40:01.0/0000:41:00.0", "0");
	assert_int_equal(rp_gpuloc_near(tmp, "mlx5_0", &g), 0);
	assert_int_equal(g.rel, RP_GPUREL_NUMA);
	assert_string_equal(g.pci, "0000:41:00.0");
	gpu_at("devices/pci0000:00/0000:00:02.0/0000:02:00.0", "0");
	assert_int_equal(rp_gpuloc_near(tmp, "mlx5_0", &g), 0);
	assert_int_equal(g.rel, RP_GPUREL_HOST_BRIDGE);
	assert_string_equal(g.pci, "0000:02:00.0");
	assert_int_equal(g.ngpus, 3);
	/* a symlink to a GPU directory is not a GPU of the tree */
	snprintf(p, sizeof(p),
		 "%s/devices/pci0000:00/0000:00:01.0/0000:09:00.0", tmp);
	snprintf(t, sizeof(t),
		 "%s/devices/pci0000:00/0000:00:02.0/0000:02:00.0", tmp);
	assert_int_equal(symlink(t, p), 0);
	assert_int_equal(rp_gpuloc_near(tmp, "mlx5_0", &g), 0);
	assert_int_equal(g.ngpus, 3);
	assert_string_equal(g.pci, "0000:02:00.0");
	snprintf(p, sizeof(p), "rm -rf '%s'", tmp);
	assert_int_equal(system(p), 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dgxh100),
		cmocka_unit_test(test_none),
		cmocka_unit_test(test_relations),
	};

	(void)argc;
	hosts_find(argv[0], hosts);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
