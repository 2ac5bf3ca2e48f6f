/* Description: rail discovery over the host fixtures, without verbs:
 * rp_rate_parse, rp_pcie_gbps (8b/10b, 128b/130b, FLIT), rp_pcie_read,
 * rp_locality_sysfs and rp_locality_hwloc; rp_railinfo_gather for every
 * host (ConnectX: MTU from the netdev, 98.01/92.56 Gb/s wire ceilings,
 * the peer subnet rule; DGX Spark: four devices in name order, each
 * capped by its PCIe Gen5 x4 link: 126.03 Gb/s raw, bounds of 115.92
 * Gb/s of payload sending (read completions up to MPS; 108.11 cut at RCB
 * 128, assumed) and 116.59 receiving (writes of MPS 256); Soft-RoCE: no PCI
 * function, no ceiling, index 1; IPv6-only; bond and member warnings;
 * link-local only; InfiniBand without GRH; no devices), -d, the
 * suggested rails as -d, NCCL_IB_HCA and UCX_NET_DEVICES, and netdev
 * addresses taken from the GIDs when the tree has no ifaddrs file;
 * rp_table alignment; rp_railinfo_print and rp_railinfo_json (parsed back
 * with cJSON). */
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
#include <unistd.h>

#include <cmocka.h>

#include "capture.h"
#include "hosts.h"
#include "topo/rp_locality.h"
#include "info/rp_railinfo.h"
#include "info/rp_railinfo_host.h"
#include "info/rp_railinfo_json.h"
#include "info/rp_railinfo_text.h"
#include "topo/rp_ceiling.h"
#include "base/rp_table.h"
#include "net/rp_gid_rules.h"

#define near(a, b) assert_true(fabs((a) - (b)) < 0.005)

static void host_root(void **state, const char *host, char *out)
{
	snprintf(out, PATH_MAX, "%s/%s", (char *)*state, host);
	if (!is_dir(out))
		fail_msg("host fixture %s not found: run from the repo root "
			 "or set RP_FIXTURES",
			 out);
}

/* Gather host @host (only @dev if not NULL) into @ri; returns the code. */
static int gather(void **state, const char *host, const char *dev,
		  const struct rp_gid_prefs *prefs, struct rp_railinfo *ri)
{
	static char root[PATH_MAX];
	struct rp_railinfo_opts o = { .sysfs = root, .dev = dev };

	host_root(state, host, root);
	if (prefs)
		o.prefs = *prefs;
	return rp_railinfo_gather(ri, &o);
}

static void test_rate_parse(void **state)
{
	unsigned int w = 0;
	double g = 0;
	char sp[8];

	(void)state;
	assert_int_equal(rp_rate_parse("200 Gb/sec (4X HDR)", &g, &w, sp,
				       sizeof(sp)),
			 0);
	assert_true(g == 200 && w == 4);
	assert_string_equal(sp, "HDR");
	assert_int_equal(rp_rate_parse("2.5 Gb/sec (1X SDR)", &g, &w, sp,
				       sizeof(sp)),
			 0);
	assert_true(g == 2.5 && w == 1);
	assert_string_equal(sp, "SDR");
	assert_int_equal(rp_rate_parse("40 Gb/sec (4X FDR10)", &g, &w, sp,
				       sizeof(sp)),
			 0);
	assert_string_equal(sp, "FDR10");
	assert_int_equal(rp_rate_parse("fast", &g, &w, sp, sizeof(sp)),
			 -EINVAL);
	assert_int_equal(rp_rate_parse("0 Gb/sec (4X HDR)", &g, &w, sp,
				       sizeof(sp)),
			 -EINVAL);
	assert_int_equal(rp_rate_parse("100 Gb/sec", &g, &w, sp, sizeof(sp)),
			 -EINVAL);
}

static void test_pcie_gbps(void **state)
{
	(void)state;
	near(rp_pcie_gbps(32.0, 4), 126.03);  /* Gen5 x4: DGX Spark */
	near(rp_pcie_gbps(16.0, 16), 252.06); /* Gen4 x16 */
	near(rp_pcie_gbps(8.0, 8), 63.02);    /* Gen3 x8 */
	near(rp_pcie_gbps(5.0, 4), 16.0);     /* Gen2: 8b/10b */
	near(rp_pcie_gbps(2.5, 1), 2.0);
	near(rp_pcie_gbps(64.0, 4), 242.0); /* Gen6: FLIT 242/256 */
	assert_true(rp_pcie_gbps(0, 4) == 0);
	assert_true(rp_pcie_gbps(32.0, 0) == 0);
}

static void test_pcie_read(void **state)
{
	char root[PATH_MAX];
	struct rp_pcie pc;

	host_root(state, "spark", root);
	assert_int_equal(rp_pcie_read(root, "roceP2p1s0f1", &pc), 0);
	assert_string_equal(pc.addr, "0002:01:00.1");
	assert_string_equal(pc.speed, "32.0 GT/s PCIe");
	assert_int_equal(pc.width, 4);
	assert_true(pc.gts == 32.0);
	near(pc.gbps, 126.03);
	host_root(state, "softroce", root);
	assert_int_equal(rp_pcie_read(root, "rxe0", &pc), -ENOENT);
	assert_string_equal(pc.addr, "");
	assert_int_equal(pc.width, 0);
}

static void test_locality(void **state)
{
	struct rp_locality l;
	struct rp_topo t = { 0 };
	char root[PATH_MAX];

	host_root(state, "ipv6only", root);
	assert_int_equal(rp_locality_sysfs(root, "bnxt_re0", &l), 0);
	assert_int_equal(l.numa_node, 1);
	assert_string_equal(l.cpus, "32-63");
	assert_true(l.local);
	host_root(state, "softroce", root);
	assert_int_equal(rp_locality_sysfs(root, "rxe0", &l), 0);
	assert_int_equal(l.numa_node, -1);
	assert_string_equal(l.cpus, "");
	assert_false(l.local);
	/* live hwloc: a device it does not know gets the whole machine */
	assert_int_equal(rp_topo_init(&t), 0);
	assert_int_equal(rp_locality_hwloc(&t, "no_such_ibdev", &l), 0);
	assert_false(l.local);
	assert_true(l.cpus[0] != '\0');
	rp_topo_fini(&t);
}

static void test_gather_connectx(void **state)
{
	struct rp_gid_prefs peer = { .peer_known = true };
	struct rp_railinfo ri;
	struct rp_port_info *p;

	assert_int_equal(gather(state, "connectx", NULL, NULL, &ri), 0);
	assert_int_equal(ri.n, 2);
	p = &ri.p[0];
	assert_string_equal(p->dev, "mlx5_0");
	assert_int_equal(p->port, 1);
	assert_string_equal(p->state, "ACTIVE");
	assert_string_equal(p->phys_state, "LinkUp");
	assert_string_equal(p->link_layer, "Ethernet");
	assert_true(p->roce && p->rate_gbps == 100 && p->width == 4);
	assert_string_equal(p->speed, "EDR");
	assert_true(p->active_mtu == 4096 && p->max_mtu == 4096);
	assert_true(p->mtu_from_netdev);
	assert_string_equal(p->ndev, "enp23s0f0np0");
	assert_int_equal(p->naddrs, 2);
	assert_true(p->numa_node == 0 && p->cpus_local);
	assert_string_equal(p->cpus, "0-15");
	assert_string_equal(p->pcie.addr, "0000:17:00.0");
	assert_true(p->line_gbps == 100);
	near(p->wire_ceiling, 98.01); /* anchors: 100G, MTU 4096 */
	assert_true(p->ceiling == p->wire_ceiling && !p->pcie_bound);
	assert_int_equal(p->gid_index, 3);
	assert_string_equal(p->warning, "");
	p = &ri.p[1];
	assert_int_equal(p->active_mtu, 1024); /* netdev MTU 1500 */
	near(p->wire_ceiling, 92.56);
	assert_int_equal(p->gid_index, 3);
	rp_railinfo_free(&ri);
	assert_int_equal(rp_ipv4_parse("192.168.200.7", peer.peer), 0);
	assert_int_equal(gather(state, "connectx", "mlx5_1", &peer, &ri), 0);
	assert_int_equal(ri.n, 1);
	assert_int_equal(ri.p[0].gid_index, 5);
	assert_non_null(strstr(ri.p[0].gid_why, "subnet of peer"));
	rp_railinfo_free(&ri);
}

static void test_gather_spark(void **state)
{
	static const char *const order[4] = { "roceP2p1s0f0", "roceP2p1s0f1",
					      "rocep1s0f0", "rocep1s0f1" };
	struct rp_railinfo ri;
	unsigned int i;

	assert_int_equal(gather(state, "spark", NULL, NULL, &ri), 0);
	assert_int_equal(ri.n, 4);
	for (i = 0; i < 4; i++) {
		const struct rp_port_info *p = &ri.p[i];

		assert_string_equal(p->dev, order[i]);
		assert_true(p->rate_gbps == 200 && p->width == 4);
		assert_int_equal(p->pcie.width, 4);
		assert_string_equal(p->pcie.speed, "32.0 GT/s PCIe");
		assert_int_equal(p->active_mtu, 4096);
		near(p->wire_ceiling, 196.03);
		assert_true(p->pcie_bound);
		/* Gen5 x4, 128b/130b, SKP 1 block in 376, MPS 256 from
		 * config space: 20 B of TLP per 256 B (rp_pcie.h) */
		near(p->ceiling, 32.0 * 4 * 128 / 130 * 375 / 376 * 256 / 276);
		near(p->pcie.gbps, 126.03);
		assert_true(p->pcie.mps == 256 && p->pcie.mps_known);
		assert_int_equal(p->gid_index, 3);
		assert_true(p->numa_node == 0);
		assert_string_equal(p->cpus, "0-19");
	}
	rp_railinfo_free(&ri);
}

static void test_gather_softroce(void **state)
{
	struct rp_railinfo ri;
	const struct rp_port_info *p;

	assert_int_equal(gather(state, "softroce", NULL, NULL, &ri), 0);
	assert_int_equal(ri.n, 2);
	p = &ri.p[1];
	assert_string_equal(p->dev, "rxe1");
	assert_string_equal(p->ndev, "eth1");
	assert_true(p->rate_gbps == 2.5 && p->active_mtu == 1024);
	assert_string_equal(p->pcie.addr, "");
	assert_true(p->numa_node == -1 && !p->cpus_local);
	assert_true(p->line_gbps == 0 && p->ceiling == 0);
	assert_int_equal(p->gid_index, 1);
	assert_string_equal(p->gid_why, "RoCE v2 ::ffff:10.0.2.1 on eth1");
	rp_railinfo_free(&ri);
}

static void test_gather_special(void **state)
{
	struct rp_railinfo ri;

	assert_int_equal(gather(state, "ipv6only", NULL, NULL, &ri), 0);
	assert_int_equal(ri.p[0].gid_index, 3);
	assert_non_null(strstr(ri.p[0].gid_why, "no IPv4 GID: IPv6 used"));
	rp_railinfo_free(&ri);
	assert_int_equal(gather(state, "bond", NULL, NULL, &ri), 0);
	assert_int_equal(ri.n, 2);
	assert_string_equal(ri.p[1].dev, "mlx5_bond_0");
	assert_int_equal(ri.p[1].gid_index, 3);
	assert_int_equal(ri.p[1].bond.role, RP_BOND_MASTER);
	assert_non_null(strstr(ri.p[1].warning, "bond0 is a bond"));
	assert_int_equal(ri.p[0].bond.role, RP_BOND_MEMBER);
	assert_non_null(strstr(ri.p[0].warning, "member of bond bond1"));
	rp_railinfo_free(&ri);
	assert_int_equal(gather(state, "linklocal", NULL, NULL, &ri), 0);
	assert_int_equal(ri.p[0].gid_index, 1);
	assert_non_null(strstr(ri.p[0].gid_why, "only link-local GIDs"));
	rp_railinfo_free(&ri);
}

static void test_gather_infiniband(void **state)
{
	struct rp_railinfo ri;
	const struct rp_port_info *p;

	assert_int_equal(gather(state, "infiniband", NULL, NULL, &ri), 0);
	assert_int_equal(ri.n, 1);
	p = &ri.p[0];
	assert_false(p->roce);
	assert_string_equal(p->link_layer, "InfiniBand");
	assert_int_equal(p->gid_index, -1);
	assert_string_equal(p->gid_why, "InfiniBand: LID routing, no GRH");
	assert_true(p->active_mtu == 0 && p->ceiling == 0);
	assert_true(p->rate_gbps == 200 && p->line_gbps == 200);
	assert_string_equal(p->ndev, "ibp225s0");
	rp_railinfo_free(&ri);
}

static void test_gather_none_and_filter(void **state)
{
	struct rp_railinfo ri;
	struct capture c;
	char err[256];
	int ret;

	assert_int_equal(gather(state, "none", NULL, NULL, &ri), 0);
	assert_int_equal(ri.n, 0);
	assert_non_null(strstr(ri.none_why, "no RDMA devices"));
	rp_railinfo_free(&ri);
	assert_int_equal(gather(state, "spark", "rocep1s0f1", NULL, &ri), 0);
	assert_int_equal(ri.n, 1);
	assert_string_equal(ri.p[0].dev, "rocep1s0f1");
	rp_railinfo_free(&ri);
	capture_begin(&c);
	ret = gather(state, "spark", "mlx5_0", NULL, &ri);
	capture_end(&c, err, sizeof(err));
	assert_int_equal(ret, -ENODEV);
	assert_non_null(strstr(err, "device 'mlx5_0' not found"));
	rp_railinfo_free(&ri);
}

/* A tree without ifaddrs: the netdev's addresses come from its GIDs. */
static void test_gather_addrs_from_gids(void **state)
{
	struct rp_railinfo_opts o = { 0 };
	char root[PATH_MAX], cls[PATH_MAX + 8], dir[] = "/tmp/rp_ri_XXXXXX";
	char lnk[sizeof(dir) + 8], s[RP_IFADDR_STR_LEN];
	struct rp_railinfo ri;

	host_root(state, "softroce", root);
	assert_non_null(realpath(root, cls));
	strcat(cls, "/class");
	assert_non_null(mkdtemp(dir));
	snprintf(lnk, sizeof(lnk), "%s/class", dir);
	assert_int_equal(symlink(cls, lnk), 0);
	o.sysfs = dir;
	assert_int_equal(rp_railinfo_gather(&ri, &o), 0);
	unlink(lnk);
	rmdir(dir);
	assert_int_equal(ri.n, 2);
	assert_int_equal(ri.p[0].naddrs, 2);
	assert_string_equal(rp_ifaddr_str(&ri.p[0].addrs[0], s),
			    "fe80::5054:ff:fe5a:101");
	assert_string_equal(rp_ifaddr_str(&ri.p[0].addrs[1], s), "10.0.1.1");
	assert_int_equal(ri.p[0].gid_index, 1);
	rp_railinfo_free(&ri);
}

/* Everything @fn prints to a FILE, as a string in @buf. */
static void print_to(char *buf, size_t len, const struct rp_railinfo *ri,
		     const struct rp_table *t)
{
	FILE *f = tmpfile();
	size_t n;

	assert_non_null(f);
	if (ri)
		assert_int_equal(rp_railinfo_print(f, ri), 0);
	else
		rp_table_print(t, f, "> ");
	rewind(f);
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
}

/* The rails rail_info suggests, as -d and as NCCL and UCX take them
 * (NCCL_IB_HCA: "=" for exact names, each dev:port; UCX_NET_DEVICES:
 * dev:port): on Spark the two that share neither link nor port; a port 2
 * is named dev:2 in all three. */
static void test_suggest_env(void **state)
{
	struct rp_railinfo_host *h = calloc(1, sizeof(*h));
	struct rp_railinfo ri;

	assert_non_null(h);
	assert_int_equal(gather(state, "spark", NULL, NULL, &ri), 0);
	assert_int_equal(rp_railinfo_host(&ri, h), 0);
	assert_string_equal(h->suggest, "roceP2p1s0f0,rocep1s0f1");
	assert_string_equal(h->nccl, "=roceP2p1s0f0:1,rocep1s0f1:1");
	assert_string_equal(h->ucx, "roceP2p1s0f0:1,rocep1s0f1:1");
	assert_string_equal(ri.p[3].dev, "rocep1s0f1");
	ri.p[3].port = 2;
	assert_int_equal(rp_railinfo_host(&ri, h), 0);
	assert_string_equal(h->suggest, "roceP2p1s0f0,rocep1s0f1:2");
	assert_string_equal(h->nccl, "=roceP2p1s0f0:1,rocep1s0f1:2");
	assert_string_equal(h->ucx, "roceP2p1s0f0:1,rocep1s0f1:2");
	rp_railinfo_free(&ri);
	free(h);
}

static void test_table(void **state)
{
	static const char *const r1[3] = { "A", "BBBB", "C" };
	static const char *const r2[3] = { "aaa", "b", "" };
	static const char *const r3[3] = { "x", NULL, "zz" };
	struct rp_table t;
	char out[256];

	(void)state;
	assert_int_equal(rp_table_init(&t, 0), -EINVAL);
	assert_int_equal(rp_table_init(&t, 3), 0);
	assert_int_equal(rp_table_add(&t, r1), 0);
	assert_int_equal(rp_table_add(&t, r2), 0);
	assert_int_equal(rp_table_add(&t, r3), 0);
	print_to(out, sizeof(out), NULL, &t);
	assert_string_equal(out, "> A    BBBB  C\n"
				 "> aaa  b\n"
				 "> x          zz\n");
	rp_table_fini(&t);
	rp_table_fini(&t);
}

static void test_print_text(void **state)
{
	struct rp_railinfo ri;
	static char out[65536];

	assert_int_equal(gather(state, "spark", NULL, NULL, &ri), 0);
	print_to(out, sizeof(out), &ri, NULL);
	rp_railinfo_free(&ri);
	assert_true(strncmp(out, "DEVICE        PORT  STATE   LINK      RATE",
			    42) == 0);
	/* Ethernet: no InfiniBand lane names; RoCE MTU / netdev MTU */
	assert_non_null(strstr(out, "\nrocep1s0f0    1     ACTIVE  Ethernet  "
				    "200 Gb/s  4096/9000  enp1s0f0np0    3    "
				    "115.92/116.59 (PCIe)\n"));
	assert_non_null(strstr(out, "  MTU            active 4096, max 4096 "
				    "(derived from the netdev's MTU); netdev "
				    "MTU 9000\n"));
	assert_non_null(strstr(out, "  3    RoCE v2  ::ffff:192.168.100.11    "
				    "  enp1s0f0np0  <- chosen\n"));
	assert_non_null(strstr(out, "  GID index 3: RoCE v2 "
				    "::ffff:192.168.100.11 on enp1s0f0np0\n"));
	assert_non_null(strstr(out,
			       "0000:01:00.0, 32.0 GT/s PCIe x4 (max x4): "
			       "126.03 Gb/s raw; payload 115.92 sending "
			       "(read completions up to MPS; 108.11 if cut "
			       "at the RCB of 128 B, assumed: the root "
			       "port's config space is not readable), 116.59 "
			       "receiving (writes of MPS 256 B) through "
			       "0000:01:00, below the port's 200 Gb/s"));
	assert_non_null(strstr(out, "  WRITE ceiling  sending 115.92 Gb/s, "
				    "receiving 116.59 Gb/s: the PCIe path's "
				    "payload is below the wire's 196.03 Gb/s "
				    "(64 KiB WRITEs, MTU 4096, 200 Gb/s "
				    "line); sending 108.11 Gb/s if the root "
				    "complex cuts read completions at its RCB "
				    "of 128 B\n"));
	assert_null(strstr(out, " \n")); /* no trailing blanks */
	assert_int_equal(gather(state, "none", NULL, NULL, &ri), 0);
	print_to(out, sizeof(out), &ri, NULL);
	assert_true(strncmp(out, "no RDMA devices (", 17) == 0);
	rp_railinfo_free(&ri);
}

static void test_json(void **state)
{
	struct rp_railinfo ri;
	cJSON *root, *back, *r, *g;
	char *s;

	assert_int_equal(gather(state, "bond", NULL, NULL, &ri), 0);
	root = rp_railinfo_json(&ri);
	rp_railinfo_free(&ri);
	assert_non_null(root);
	s = cJSON_PrintUnformatted(root);
	cJSON_Delete(root);
	back = cJSON_Parse(s);
	free(s);
	assert_non_null(back);
	r = cJSON_GetArrayItem(cJSON_GetObjectItem(back, "rails"), 1);
	assert_string_equal(cJSON_GetObjectItem(r, "device")->valuestring,
			    "mlx5_bond_0");
	assert_int_equal(cJSON_GetObjectItem(r, "gid_index")->valueint, 3);
	g = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "gids"), 3);
	assert_true(cJSON_IsTrue(cJSON_GetObjectItem(g, "chosen")));
	assert_string_equal(cJSON_GetObjectItem(g, "netdev")->valuestring,
			    "bond0");
	g = cJSON_GetObjectItem(cJSON_GetObjectItem(r, "netdev"), "bond");
	assert_string_equal(cJSON_GetObjectItem(g, "role")->valuestring,
			    "bond");
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(g, "members")),
			 2);
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(r, "warnings")),
			 1);
	assert_true(cJSON_GetObjectItem(r, "ceiling_gbps")->valuedouble ==
		    46.28);
	cJSON_Delete(back);
}

int main(int argc, char **argv)
{
	char hosts[PATH_MAX];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rate_parse),
		cmocka_unit_test(test_pcie_gbps),
		cmocka_unit_test_prestate(test_pcie_read, hosts),
		cmocka_unit_test_prestate(test_locality, hosts),
		cmocka_unit_test_prestate(test_gather_connectx, hosts),
		cmocka_unit_test_prestate(test_gather_spark, hosts),
		cmocka_unit_test_prestate(test_gather_softroce, hosts),
		cmocka_unit_test_prestate(test_gather_special, hosts),
		cmocka_unit_test_prestate(test_gather_infiniband, hosts),
		cmocka_unit_test_prestate(test_gather_none_and_filter, hosts),
		cmocka_unit_test_prestate(test_gather_addrs_from_gids, hosts),
		cmocka_unit_test_prestate(test_suggest_env, hosts),
		cmocka_unit_test(test_table),
		cmocka_unit_test_prestate(test_print_text, hosts),
		cmocka_unit_test_prestate(test_json, hosts),
	};

	hosts_find(argc > 0 ? argv[0] : NULL, hosts);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
