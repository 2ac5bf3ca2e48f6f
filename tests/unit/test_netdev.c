/* Description: rp_netdev over the host fixtures: rp_netdev_bond finds a
 * bond (bond0, members from bonding/slaves), a member (its master link)
 * and neither (a plain netdev, "", NULL, a missing root); rp_bond_warning
 * words both cases and is NULL for neither; rp_netdev_mtu reads
 * class/net/NDEV/mtu; rp_roce_active_mtu follows the kernel's
 * iboe_get_mtu at the edges (1500 -> 1024, 9000 -> 4096, 96 bytes of
 * headers); rp_ibdev_port_netdev finds a port's netdev through
 * device/net (ConnectX, DGX Spark, IPoIB) or Soft-RoCE's parent file. */
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "hosts.h"
#include "net/rp_netdev.h"

/* The sysfs root of host @host into @out. */
static void host_root(void **state, const char *host, char *out)
{
	snprintf(out, PATH_MAX, "%s/%s", (char *)*state, host);
	if (!is_dir(out))
		fail_msg("host fixture %s not found: run from the repo root "
			 "or set RP_FIXTURES",
			 out);
}

static void test_bond_master(void **state)
{
	char root[PATH_MAX];
	struct rp_bond b;

	host_root(state, "bond", root);
	assert_int_equal(rp_netdev_bond(root, "bond0", &b), 0);
	assert_int_equal(b.role, RP_BOND_MASTER);
	assert_string_equal(b.bond, "bond0");
	assert_string_equal(b.members, "enp59s0f0np0 enp59s0f1np1");
}

static void test_bond_member(void **state)
{
	char root[PATH_MAX];
	struct rp_bond b;

	host_root(state, "bond", root);
	assert_int_equal(rp_netdev_bond(root, "enp59s0f1np1", &b), 0);
	assert_int_equal(b.role, RP_BOND_MEMBER);
	assert_string_equal(b.bond, "bond0");
	assert_string_equal(b.members, "enp59s0f0np0 enp59s0f1np1");
	assert_int_equal(rp_netdev_bond(root, "enp94s0f0np0", &b), 0);
	assert_int_equal(b.role, RP_BOND_MEMBER);
	assert_string_equal(b.bond, "bond1");
}

static void test_bond_none(void **state)
{
	char root[PATH_MAX];
	struct rp_bond b;

	host_root(state, "connectx", root);
	assert_int_equal(rp_netdev_bond(root, "enp23s0f0np0", &b), 0);
	assert_int_equal(b.role, RP_BOND_NONE);
	assert_string_equal(b.bond, "");
	assert_int_equal(rp_netdev_bond(root, "", &b), 0);
	assert_int_equal(b.role, RP_BOND_NONE);
	assert_int_equal(rp_netdev_bond(root, NULL, &b), 0);
	assert_int_equal(b.role, RP_BOND_NONE);
	assert_int_equal(rp_netdev_bond("/nonexistent/railperf", "bond0", &b),
			 0);
	assert_int_equal(b.role, RP_BOND_NONE);
}

static void test_bond_warning(void **state)
{
	struct rp_bond b = { .role = RP_BOND_NONE };
	char buf[384];

	(void)state;
	assert_null(rp_bond_warning("eth0", &b, buf, sizeof(buf)));
	b.role = RP_BOND_MASTER;
	snprintf(b.bond, sizeof(b.bond), "bond0");
	snprintf(b.members, sizeof(b.members), "eth0 eth1");
	assert_ptr_equal(rp_bond_warning("bond0", &b, buf, sizeof(buf)), buf);
	assert_string_equal(buf,
			    "GID netdev bond0 is a bond (members eth0 "
			    "eth1): RDMA traffic bypasses the bond (its "
			    "hashing, failover and counters), so this rail is "
			    "one device's port, not the bond");
	b.role = RP_BOND_MEMBER;
	b.members[0] = '\0';
	rp_bond_warning("eth1", &b, buf, sizeof(buf));
	assert_string_equal(buf, "GID netdev eth1 is a member of bond bond0: "
				 "RDMA traffic bypasses the bond (its hashing, "
				 "failover and counters)");
}

static void test_mtu(void **state)
{
	char root[PATH_MAX];
	unsigned int mtu = 0;

	host_root(state, "connectx", root);
	assert_int_equal(rp_netdev_mtu(root, "enp23s0f0np0", &mtu), 0);
	assert_int_equal(mtu, 9000);
	assert_int_equal(rp_netdev_mtu(root, "enp23s0f1np1", &mtu), 0);
	assert_int_equal(mtu, 1500);
	assert_int_equal(rp_netdev_mtu(root, "nosuch0", &mtu), -ENOENT);
}

static void test_roce_active_mtu(void **state)
{
	(void)state;
	assert_int_equal(rp_roce_active_mtu(1500), 1024);
	assert_int_equal(rp_roce_active_mtu(9000), 4096);
	assert_int_equal(rp_roce_active_mtu(4192), 4096); /* 4096 + 96 */
	assert_int_equal(rp_roce_active_mtu(4191), 2048);
	assert_int_equal(rp_roce_active_mtu(2144), 2048);
	assert_int_equal(rp_roce_active_mtu(2143), 1024);
	assert_int_equal(rp_roce_active_mtu(1120), 1024);
	assert_int_equal(rp_roce_active_mtu(1119), 512);
	assert_int_equal(rp_roce_active_mtu(352), 256);
	assert_int_equal(rp_roce_active_mtu(351), 0);
	assert_int_equal(rp_roce_active_mtu(96), 0);
	assert_int_equal(rp_roce_active_mtu(0), 0);
}

static void port_netdev(void **state, const char *host, const char *dev,
			unsigned int port, const char *want)
{
	char root[PATH_MAX], nd[16];

	host_root(state, host, root);
	memset(nd, 'X', sizeof(nd));
	if (want) {
		assert_int_equal(rp_ibdev_port_netdev(root, dev, port, nd,
						      sizeof(nd)),
				 0);
		assert_string_equal(nd, want);
	} else {
		assert_int_equal(rp_ibdev_port_netdev(root, dev, port, nd,
						      sizeof(nd)),
				 -ENOENT);
		assert_string_equal(nd, "");
	}
}

static void test_port_netdev(void **state)
{
	port_netdev(state, "connectx", "mlx5_0", 1, "enp23s0f0np0");
	port_netdev(state, "connectx", "mlx5_1", 1, "enp23s0f1np1");
	/* one netdev under device/net: it, whatever its dev_port */
	port_netdev(state, "connectx", "mlx5_0", 2, "enp23s0f0np0");
	port_netdev(state, "spark", "roceP2p1s0f1", 1, "enP2p1s0f1np1");
	port_netdev(state, "softroce", "rxe1", 1, "eth1");
	port_netdev(state, "infiniband", "mlx5_0", 1, "ibp225s0");
	port_netdev(state, "connectx", "mlx5_9", 1, NULL);
}

int main(int argc, char **argv)
{
	char hosts[PATH_MAX];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_prestate(test_bond_master, hosts),
		cmocka_unit_test_prestate(test_bond_member, hosts),
		cmocka_unit_test_prestate(test_bond_none, hosts),
		cmocka_unit_test(test_bond_warning),
		cmocka_unit_test_prestate(test_mtu, hosts),
		cmocka_unit_test(test_roce_active_mtu),
		cmocka_unit_test_prestate(test_port_netdev, hosts),
	};

	hosts_find(argc > 0 ? argv[0] : NULL, hosts);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
