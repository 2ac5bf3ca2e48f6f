/* Description: the rail_info binary (build/rail_info, next to this
 * program's directory) against the host fixtures with --sysfs: text
 * (summary header, the chosen "GID index N: ..." line per rail, warnings,
 * "no RDMA devices" with exit 0) and --json parsed back with cJSON (one
 * rail per port, gid_index and the one "chosen" entry agree, DGX Spark's
 * PCIe Gen5 x4 ceiling, no devices); --peer and --ipv6; usage errors exit
 * 1 with one line naming the bad value (unknown options with a hint to
 * --help), an unknown -d exits 1 (also on a host with no devices), so does
 * a --sysfs path that is not a sysfs tree; every host's summary fits 100
 * columns, Ethernet rates in Gb/s only, RoCE MTU / netdev MTU; --help,
 * -V; the live system (this machine may have no RDMA devices: exit 0
 * either way). Skips when rail_info has not been built or cannot run
 * here (an aarch64 build tested under qemu-user). */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <cjson/cJSON.h>

#include "hosts.h"

struct env {
	char hosts[PATH_MAX];
	char bin[PATH_MAX];
};

static struct env env;

/* Run rail_info with @args (shell words) and, if @host, --sysfs HOST; its
 * stdout (and stderr when @err) into @out. Returns the exit status. */
static int run(const char *host, const char *args, bool err, char *out,
	       size_t len)
{
	char cmd[3 * PATH_MAX];
	size_t n;
	FILE *p;
	int st;

	if (host)
		snprintf(cmd, sizeof(cmd), "'%s' --sysfs '%s/%s' %s%s", env.bin,
			 env.hosts, host, args, err ? " 2>&1" : "");
	else
		snprintf(cmd, sizeof(cmd), "'%s' %s%s", env.bin, args,
			 err ? " 2>&1" : "");
	p = popen(cmd, "r");
	assert_non_null(p);
	n = fread(out, 1, len - 1, p);
	out[n] = '\0';
	st = pclose(p);
	assert_true(WIFEXITED(st));
	return WEXITSTATUS(st);
}

/* The text for @host: exit 0 and @want found in it. */
static void text_has(const char *host, const char *args, const char *want)
{
	static char out[65536];

	assert_int_equal(run(host, args, false, out, sizeof(out)), 0);
	if (!strstr(out, want))
		fail_msg("rail_info --sysfs %s %s: '%s' not in:\n%s", host,
			 args, want, out);
}

static void test_text(void **state)
{
	(void)state;
	text_has("connectx", "", "DEVICE  PORT  STATE   LINK      RATE");
	text_has("connectx", "",
		 "  GID index 3: RoCE v2 ::ffff:192.168.100.11"
		 " on enp23s0f0np0\n");
	text_has("spark", "",
		 "  GID index 3: RoCE v2 ::ffff:192.168.101.11 "
		 "on enP2p1s0f0np0\n");
	/* two ceilings per rail, the sending one below (rp_pcie.h) */
	text_has("spark", "", "CEILING SEND/RECV\n");
	text_has("spark", "", "  115.92/116.59 (PCIe)\n");
	/* the bound, then the figure with completions cut at the RCB */
	text_has("spark", "-d rocep1s0f0",
		 "  WRITE ceiling  sending 115.92 Gb/s, receiving 116.59 Gb/s: "
		 "the PCIe path's payload is below the wire's 196.03 Gb/s (64 "
		 "KiB WRITEs, MTU 4096, 200 Gb/s line); sending 108.11 Gb/s if "
		 "the root complex cuts read completions at its RCB of 128 "
		 "B\n");
	text_has("softroce", "",
		 "  GID index 1: RoCE v2 ::ffff:10.0.2.1 on "
		 "eth1\n");
	text_has("ipv6only", "",
		 "  GID index 3: RoCE v2 2001:db8:100::11 on "
		 "ens1f0np0 (no IPv4 GID: IPv6 used)\n");
	text_has("bond", "",
		 "  warning: GID netdev bond0 is a bond (members "
		 "enp59s0f0np0 enp59s0f1np1): RDMA traffic bypasses the bond");
	text_has("linklocal", "",
		 "(only link-local GIDs: give the netdev an "
		 "IP address for a routable GID)\n");
	text_has("infiniband", "", "  InfiniBand: LID routing, no GRH\n");
	text_has("none", "", "no RDMA devices (");
	text_has("connectx", "--peer 192.168.200.7 -d mlx5_1",
		 "  GID index 5: RoCE v2 ::ffff:192.168.200.5 on enp23s0f1np1 "
		 "(subnet of peer 192.168.200.7)\n");
	text_has("ipv6only", "--ipv6",
		 "  GID index 3: RoCE v2 "
		 "2001:db8:100::11 on ens1f0np0\n");
}

/* Parse rail_info --json for @host; every rail's gid_index must match
 * the one gids[] entry marked chosen. */
static cJSON *json_of(const char *host, const char *args)
{
	static char out[262144];
	char a[256];
	cJSON *root, *r, *g;

	snprintf(a, sizeof(a), "--json %s", args);
	assert_int_equal(run(host, a, false, out, sizeof(out)), 0);
	root = cJSON_Parse(out);
	if (!root)
		fail_msg("rail_info --sysfs %s --json: not JSON:\n%s", host,
			 out);
	cJSON_ArrayForEach(r, cJSON_GetObjectItem(root, "rails"))
	{
		cJSON *idx = cJSON_GetObjectItem(r, "gid_index");
		int chosen = -1, nchosen = 0;

		cJSON_ArrayForEach(g, cJSON_GetObjectItem(r, "gids"))
		{
			if (!cJSON_IsTrue(cJSON_GetObjectItem(g, "chosen")))
				continue;
			chosen = cJSON_GetObjectItem(g, "index")->valueint;
			nchosen++;
		}
		assert_int_equal(cJSON_IsNull(idx) ? -1 : idx->valueint,
				 chosen);
		assert_true(nchosen <= 1);
	}
	return root;
}

static cJSON *rail(cJSON *root, int i)
{
	cJSON *r = cJSON_GetArrayItem(cJSON_GetObjectItem(root, "rails"), i);

	assert_non_null(r);
	return r;
}

static int num(cJSON *o, const char *key)
{
	cJSON *v = cJSON_GetObjectItem(o, key);

	assert_true(cJSON_IsNumber(v));
	return v->valueint;
}

static const char *str(cJSON *o, const char *key)
{
	cJSON *v = cJSON_GetObjectItem(o, key);

	assert_true(cJSON_IsString(v));
	return v->valuestring;
}

static void test_json_hosts(void **state)
{
	static const struct {
		const char *host;
		int n, gid;
	} want[] = {
		{ "connectx", 2, 3 },	 { "spark", 4, 3 },
		{ "softroce", 2, 1 },	 { "ipv6only", 1, 3 },
		{ "bond", 2, 3 },	 { "linklocal", 1, 1 },
		{ "infiniband", 1, -1 },
	};
	unsigned int i;
	int j;

	(void)state;
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		cJSON *root = json_of(want[i].host, "");
		cJSON *rails = cJSON_GetObjectItem(root, "rails");

		assert_int_equal(cJSON_GetArraySize(rails), want[i].n);
		for (j = 0; j < want[i].n; j++) {
			cJSON *g =
				cJSON_GetObjectItem(rail(root, j), "gid_index");

			assert_int_equal(cJSON_IsNull(g) ? -1 : g->valueint,
					 want[i].gid);
		}
		assert_null(cJSON_GetObjectItem(root, "none"));
		cJSON_Delete(root);
	}
}

static void test_json_spark(void **state)
{
	cJSON *root = json_of("spark", "-d rocep1s0f0"), *r, *pcie, *nd;

	(void)state;
	r = rail(root, 0);
	assert_string_equal(str(r, "device"), "rocep1s0f0");
	assert_int_equal(num(r, "port"), 1);
	assert_string_equal(str(r, "state"), "ACTIVE");
	assert_string_equal(str(r, "link_layer"), "Ethernet");
	assert_int_equal(num(r, "rate_gbps"), 200);
	assert_int_equal(num(r, "width"), 4);
	assert_int_equal(num(r, "active_mtu"), 4096);
	assert_int_equal(num(r, "max_mtu"), 4096);
	assert_int_equal(num(r, "numa_node"), 0);
	assert_string_equal(str(r, "local_cpus"), "0-19");
	pcie = cJSON_GetObjectItem(r, "pcie");
	assert_string_equal(str(pcie, "address"), "0000:01:00.0");
	assert_string_equal(str(pcie, "link_speed"), "32.0 GT/s PCIe");
	assert_int_equal(num(pcie, "link_width"), 4);
	/* ceiling_gbps stays the receiving one (scripts read it) */
	assert_true(cJSON_GetObjectItem(r, "ceiling_gbps")->valuedouble ==
		    116.59);
	assert_true(cJSON_GetObjectItem(r, "ceiling_recv_gbps")->valuedouble ==
		    116.59);
	assert_true(cJSON_GetObjectItem(r, "ceiling_send_gbps")->valuedouble ==
		    115.92);
	assert_string_equal(str(r, "ceiling_limit"), "pcie");
	assert_string_equal(str(r, "ceiling_send_limit"), "pcie");
	assert_true(
		cJSON_GetObjectItem(pcie, "send_payload_gbps")->valuedouble ==
		115.92);
	assert_int_equal(num(pcie, "read_completion_boundary_bytes"), 128);
	assert_true(cJSON_IsFalse(cJSON_GetObjectItem(
		pcie, "read_completion_boundary_from_config")));
	assert_int_equal(num(pcie, "max_read_request_bytes"), 512);
	assert_true(cJSON_IsTrue(
		cJSON_GetObjectItem(pcie, "max_read_request_from_config")));
	assert_string_equal(str(pcie, "root_port"), "0000:00:00.0");
	assert_string_equal(str(r, "nic_guid"), "30c5:9903:003e:6a13");
	assert_string_equal(str(r, "phys_port"), "p0");
	assert_int_equal(num(pcie, "link_gts"), 32);
	assert_int_equal(num(pcie, "max_link_gts"), 32);
	assert_int_equal(num(pcie, "max_link_width"), 4);
	assert_true(cJSON_GetObjectItem(r, "wire_ceiling_gbps")->valuedouble ==
		    196.03);
	assert_string_equal(str(r, "bottleneck"), "pcie");
	nd = cJSON_GetObjectItem(r, "netdev");
	assert_string_equal(str(nd, "name"), "enp1s0f0np0");
	assert_string_equal(
		cJSON_GetArrayItem(cJSON_GetObjectItem(nd, "addresses"), 0)
			->valuestring,
		"192.168.100.11/24");
	assert_true(cJSON_IsNull(cJSON_GetObjectItem(nd, "bond")));
	assert_string_equal(str(r, "gid_reason"),
			    "RoCE v2 ::ffff:192.168.100.11 on enp1s0f0np0");
	cJSON_Delete(root);
}

/* The figure with completions cut at the RCB beside the sending bound. */
static void test_json_spark_rcb(void **state)
{
	cJSON *root = json_of("spark", "-d rocep1s0f0"), *r;

	(void)state;
	r = rail(root, 0);
	assert_true(
		cJSON_GetObjectItem(r, "ceiling_send_rcb_gbps")->valuedouble ==
		108.11);
	assert_true(cJSON_GetObjectItem(cJSON_GetObjectItem(r, "pcie"),
					"send_rcb_payload_gbps")
			    ->valuedouble == 108.11);
	cJSON_Delete(root);
}

static void test_json_special(void **state)
{
	cJSON *root, *pcie;

	(void)state;
	root = json_of("none", "");
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(root, "rails")),
			 0);
	assert_non_null(strstr(str(root, "none"), "no RDMA devices"));
	cJSON_Delete(root);
	root = json_of("softroce", "-d rxe0");
	assert_true(cJSON_IsNull(cJSON_GetObjectItem(rail(root, 0), "pcie")));
	assert_true(cJSON_IsNull(
		cJSON_GetObjectItem(rail(root, 0), "nearest_gpu")));
	assert_true(cJSON_IsNull(
		cJSON_GetObjectItem(rail(root, 0), "ceiling_gbps")));
	cJSON_Delete(root);
	/* the root port's Link Control says RCB 64 B: read, not assumed */
	root = json_of("gen4x16", "");
	pcie = cJSON_GetObjectItem(rail(root, 0), "pcie");
	assert_int_equal(num(pcie, "read_completion_boundary_bytes"), 64);
	assert_true(cJSON_IsTrue(cJSON_GetObjectItem(
		pcie, "read_completion_boundary_from_config")));
	assert_string_equal(str(pcie, "root_port"), "0000:a0:01.1");
	/* the bound is the wire's; completions cut at 64 B would not be */
	assert_true(cJSON_GetObjectItem(rail(root, 0), "ceiling_send_gbps")
			    ->valuedouble == 196.03);
	assert_true(cJSON_GetObjectItem(rail(root, 0), "ceiling_send_rcb_gbps")
			    ->valuedouble == 191.08);
	assert_string_equal(str(rail(root, 0), "ceiling_send_limit"), "wire");
	assert_string_equal(str(rail(root, 0), "ceiling_limit"), "wire");
	cJSON_Delete(root);
	/* the H100 behind mlx5_5's own switch, of eight */
	root = json_of("dgxh100", "-d mlx5_5");
	pcie = cJSON_GetObjectItem(rail(root, 0), "nearest_gpu");
	assert_string_equal(str(pcie, "pci"), "0000:6a:00.0");
	assert_string_equal(str(pcie, "relation"), "same PCIe switch");
	assert_int_equal(num(pcie, "gpus"), 8);
	cJSON_Delete(root);
	text_has("dgxh100", "-d mlx5_0",
		 "  nearest GPU    0000:1a:00.0 (same PCIe switch; 8 NVIDIA "
		 "GPUs here)\n");
	root = json_of("connectx", "--peer 192.168.200.7");
	assert_int_equal(num(rail(root, 0), "gid_index"), 3);
	assert_int_equal(num(rail(root, 1), "gid_index"), 5);
	cJSON_Delete(root);
	root = json_of("infiniband", "");
	assert_true(
		cJSON_IsNull(cJSON_GetObjectItem(rail(root, 0), "active_mtu")));
	cJSON_Delete(root);
}

/* RoCE v2 WRITE goodput of 64 KiB at @mtu on a @gbps port (rp_ceiling.h:
 * 82 B per packet, 16 B RETH per message). */
static double wire(double gbps, unsigned int mtu)
{
	unsigned int pkts = (65536 + mtu - 1) / mtu;

	return gbps * 65536 / (65536 + 82.0 * pkts + 16);
}

/* PCIe bound receiving: GT/s x lanes x 128/130 x SKP (375/376) x MPS /
 * (MPS + 20). */
static double pcie(double gts, unsigned int lanes, unsigned int mps)
{
	return gts * lanes * 128 / 130 * 375 / 376 * mps / (mps + 20);
}

/* ... sending: read completions of @c B (20 B each), the Acks of the read
 * requests (one per 512 B) coming down, 8 B at least every @ack (the Ack
 * latency limit) + 512 / c x (c + 20) / lanes symbol times. */
static double pcie_send(double gts, unsigned int lanes, unsigned int c,
			unsigned int ack)
{
	double gap = 512.0 / c * (c + 20) / lanes;

	return gts * lanes * 128 / 130 * 375 / 376 *
	       (1 - 8 / ((ack + gap) * lanes)) * c / (c + 20);
}

/* text_has with a printf-built expectation (numbers from the formulas). */
static void text_hasf(const char *host, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void text_hasf(const char *host, const char *fmt, ...)
{
	char want[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(want, sizeof(want), fmt, ap);
	va_end(ap);
	text_has(host, "", want);
}

/* The host section of the four real shapes: shared links and ports, the
 * aggregate and the suggested -d, in text. */
static void test_host_text(void **state)
{
	const double spark_link = pcie(32, 4, 256);
	const double cx_sum = wire(100, 4096) + wire(100, 1024);

	(void)state;
	text_hasf("spark",
		  "  PCIe link 0000:01:00 (Gen5 x4, payload %.2f Gb/s sending, "
		  "%.2f receiving): rocep1s0f0, rocep1s0f1\n",
		  pcie_send(32, 4, 256, 214), spark_link);
	text_hasf("spark",
		  "  port 30c5:9903:003e:6a13/p0 (wire %.2f Gb/s): "
		  "roceP2p1s0f0, rocep1s0f0\n",
		  wire(200, 4096));
	text_hasf("spark",
		  "Host aggregate ceiling: %.2f Gb/s sending, %.2f receiving "
		  "(per direction)\n"
		  "Suggested rails: -d roceP2p1s0f0,rocep1s0f1 (2 of 4 rails "
		  "reach it)\n  NCCL_IB_HCA==roceP2p1s0f0:1,rocep1s0f1:1\n"
		  "  UCX_NET_DEVICES=roceP2p1s0f0:1,rocep1s0f1:1\n",
		  2 * pcie_send(32, 4, 256, 214), 2 * spark_link);
	/* every NIC on its own Gen5 x16: the wire decides, 8 x 400G, both
	 * ways (sending, even with completions cut at RCB 128: 433.85 >
	 * 392.06) */
	assert_true(pcie(32, 16, 512) > wire(400, 4096));
	assert_true(pcie_send(32, 16, 128, 182) > wire(400, 4096));
	text_hasf("dgxh100",
		  "(per direction, 64 KiB RDMA WRITE): nothing\n"
		  "Host aggregate ceiling: %.2f Gb/s sending, %.2f receiving "
		  "(per direction)\nSuggested rails: -d mlx5_0,mlx5_1,mlx5_2,"
		  "mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_7 (8 of 8",
		  8 * wire(400, 4096), 8 * wire(400, 4096));
	text_hasf("dgxh100", "  %.2f/%.2f\n", wire(400, 4096), wire(400, 4096));
	/* two ports on one Gen4 x16 link that carries both */
	assert_true(pcie(16, 16, 256) > cx_sum);
	assert_true(pcie_send(16, 16, 256, 168) > cx_sum);
	text_hasf(
		"connectx",
		"  PCIe link 0000:17:00 (Gen4 x16, payload %.2f Gb/s sending, "
		"%.2f receiving): mlx5_0, mlx5_1\n  NIC 0c42:a103:0012:3400: "
		"mlx5_0, mlx5_1\nHost aggregate ceiling: %.2f Gb/s sending, "
		"%.2f receiving (per direction)\n"
		"Suggested rails: -d mlx5_0,mlx5_1 (2 of 2",
		pcie_send(16, 16, 256, 168), pcie(16, 16, 256), cx_sum, cx_sum);
	/* the bond (2 x 25G) is one port of its own, MTU 1024 */
	text_hasf("bond",
		  "): nothing\nHost aggregate ceiling: %.2f Gb/s sending, "
		  "%.2f receiving (per direction)\nSuggested rails: -d "
		  "mlx5_2,mlx5_bond_0 (2 of 2",
		  wire(25, 1024) + wire(50, 1024),
		  wire(25, 1024) + wire(50, 1024));
	text_has("softroce", "",
		 "Host aggregate ceiling: unknown (rxe0 port 1 has no known "
		 "ceiling)\n");
}

/* A 200G port on Gen4 x16 behind a root port with RCB 64: the wire
 * bounds both sides; completions cut at 64 B would not carry it (191.08),
 * and the rail's line says so. */
static void test_host_text_gen4(void **state)
{
	(void)state;
	assert_true(pcie_send(16, 16, 256, 168) > wire(200, 4096));
	assert_true(pcie_send(16, 16, 64, 168) < wire(200, 4096));
	assert_true(pcie(16, 16, 256) > wire(200, 4096));
	text_hasf("gen4x16", "  %.2f/%.2f\n", wire(200, 4096), wire(200, 4096));
	text_hasf("gen4x16",
		  "Host aggregate ceiling: %.2f Gb/s sending, %.2f receiving",
		  wire(200, 4096), wire(200, 4096));
	text_hasf("gen4x16",
		  "; sending %.2f Gb/s if the root complex cuts read "
		  "completions at its RCB of 64 B\n",
		  pcie_send(16, 16, 64, 168));
}

/* The same in --json: the "host" object and each rail's NIC and port. */
static void test_host_json(void **state)
{
	cJSON *root, *h, *g;

	(void)state;
	root = json_of("spark", "");
	h = cJSON_GetObjectItem(root, "host");
	assert_true(
		cJSON_GetObjectItem(h, "aggregate_ceiling_gbps")->valuedouble ==
		round(2 * pcie(32, 4, 256) * 100) / 100);
	assert_true(cJSON_GetObjectItem(h, "aggregate_ceiling_send_gbps")
			    ->valuedouble ==
		    round(2 * pcie_send(32, 4, 256, 214) * 100) / 100);
	assert_string_equal(str(h, "suggested_devices"),
			    "roceP2p1s0f0,rocep1s0f1");
	assert_string_equal(str(h, "nccl_ib_hca"),
			    "=roceP2p1s0f0:1,rocep1s0f1:1");
	assert_string_equal(str(h, "ucx_net_devices"),
			    "roceP2p1s0f0:1,rocep1s0f1:1");
	g = cJSON_GetObjectItem(h, "groups");
	assert_int_equal(cJSON_GetArraySize(g), 5); /* 2 links, 2 ports, NIC */
	assert_string_equal(str(cJSON_GetArrayItem(g, 2), "kind"),
			    "physical_port");
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(
				 cJSON_GetArrayItem(g, 4), "devices")),
			 4);
	assert_string_equal(
		cJSON_GetArrayItem(
			cJSON_GetObjectItem(cJSON_GetObjectItem(rail(root, 0),
								"pcie"),
					    "shared_with"),
			0)
			->valuestring,
		"roceP2p1s0f1");
	cJSON_Delete(root);
	root = json_of("bond", "-d mlx5_bond_0");
	assert_string_equal(str(rail(root, 0), "phys_port"), "bond:bond0");
	cJSON_Delete(root);
	root = json_of("softroce", "");
	h = cJSON_GetObjectItem(root, "host");
	assert_true(
		cJSON_IsNull(cJSON_GetObjectItem(h, "aggregate_ceiling_gbps")));
	assert_true(cJSON_IsNull(cJSON_GetObjectItem(h, "suggested_devices")));
	cJSON_Delete(root);
}

/* --check: 0 on the healthy Spark, 1 with the reason on stderr when a
 * link trained down or an MTU caps RoCE; the same reasons in --json. */
static void test_check(void **state)
{
	static char out[65536];
	cJSON *root;

	(void)state;
	assert_int_equal(run("spark", "--check", true, out, sizeof(out)), 0);
	assert_non_null(strstr(out, "Degraded rails: none\n"));
	assert_int_equal(run("spark-x2", "--check", true, out, sizeof(out)), 1);
	assert_non_null(strstr(out, "rail_info: rail roceP2p1s0f0 port 1 is "
				    "degraded: PCIe link 0002:01:00 trained to "
				    "x2, below its maximum x4\n"));
	assert_null(strstr(out, "rail rocep1s0f0 port 1 is degraded"));
	/* the x2 link halves those rails: 116.59 + 58.30 receiving */
	text_hasf("spark-x2",
		  "Host aggregate ceiling: %.2f Gb/s sending, %.2f receiving",
		  pcie_send(32, 4, 256, 214) + pcie_send(32, 2, 256, 313),
		  pcie(32, 4, 256) + pcie(32, 2, 256));
	assert_int_equal(
		run("spark-mtu1500", "--check", true, out, sizeof(out)), 1);
	assert_non_null(strstr(out, "rail rocep1s0f1 port 1 is degraded: "
				    "netdev enp1s0f1np1 MTU 1500 caps RoCE's "
				    "active MTU at 1024: set MTU 9000"));
	/* without --check the same host exits 0 */
	assert_int_equal(run("spark-mtu1500", "", false, out, sizeof(out)), 0);
	root = json_of("spark-x2", "");
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(rail(root, 1),
								"degraded")),
			 1);
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(rail(root, 2),
								"degraded")),
			 0);
	cJSON_Delete(root);
}

/* --check on the health fixtures: link drops, AER counts, a
 * half-configured port, each named with its numbers and exit 1; the
 * healthy Spark exits 0 with nothing on stderr; the reasons in --json. */
static void test_check_health(void **state)
{
	static char out[65536];
	cJSON *root;

	(void)state;
	assert_int_equal(
		run("spark", "--check >/dev/null", true, out, sizeof(out)), 0);
	assert_string_equal(out, ""); /* no warning on a healthy host */
	assert_int_equal(run("spark-drops", "--check", true, out, sizeof(out)),
			 1);
	assert_non_null(strstr(out, "rail_info: rail roceP2p1s0f1 port 1 is "
				    "degraded: link of netdev enP2p1s0f1np1 "
				    "went down and came back 21 times since "
				    "boot (carrier_up_count 22, "
				    "carrier_down_count 22)"));
	assert_null(strstr(out, "rail rocep1s0f0 port 1 is degraded"));
	assert_int_equal(run("spark-aer", "--check", true, out, sizeof(out)),
			 1);
	assert_non_null(strstr(out, "  degraded: PCIe AER errors at "
				    "0002:01:00.0 (its function) since boot: "
				    "aer_dev_fatal 1 (MalfTLP 1), "
				    "aer_dev_correctable 3 (BadTLP 3)\n"));
	assert_non_null(strstr(out, "  degraded: PCIe AER errors at "
				    "0002:00:00.0 (its root port) since boot: "
				    "aer_dev_correctable 14 (RxErr 12, "
				    "BadDLLP 2)\n"));
	assert_non_null(strstr(out, "rail roceP2p1s0f1 port 1 is degraded"));
	assert_null(strstr(out, "rail rocep1s0f1 port 1 is degraded"));
	assert_int_equal(run("spark-half", "--check", true, out, sizeof(out)),
			 1);
	assert_non_null(strstr(out, "rail rocep1s0f0 port 1 is degraded: "
				    "roceP2p1s0f0 (netdev enP2p1s0f0np0) "
				    "reaches physical port p0 too and has no "
				    "IP address"));
	assert_non_null(strstr(out, "rail roceP2p1s0f0 port 1 is degraded: "
				    "no IP address, while rocep1s0f0"));
	assert_null(strstr(out, "rail rocep1s0f1 port 1 is degraded"));
	root = json_of("spark-drops", ""); /* rails 0, 1: roceP2p1s0f* */
	assert_non_null(strstr(
		cJSON_GetArrayItem(
			cJSON_GetObjectItem(rail(root, 1), "degraded"), 0)
			->valuestring,
		"21 times since boot"));
	cJSON_Delete(root);
}

/* --peer_json: the far end of each rail from the peer's own rail_info
 * --json; a netdev MTU that differs is named (exit 1 with --check), the
 * same MTUs pass; a bad file is refused with one line. */
static void test_check_peer(void **state)
{
	static char out[65536];
	char cmd[4 * PATH_MAX], peer[PATH_MAX], args[PATH_MAX + 64];
	cJSON *root;

	(void)state;
	snprintf(peer, sizeof(peer), "%s/rail_info_peer_%d.json",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (int)getpid());
	snprintf(cmd, sizeof(cmd), "'%s' --json --sysfs '%s/spark-peer' >'%s'",
		 env.bin, env.hosts, peer);
	assert_int_equal(system(cmd), 0);
	root = json_of("spark-peer", "");
	assert_int_equal(
		num(cJSON_GetObjectItem(rail(root, 3), "netdev"), "mtu"), 4200);
	cJSON_Delete(root);
	snprintf(args, sizeof(args), "--check --peer_json '%s'", peer);
	assert_int_equal(run("spark", args, true, out, sizeof(out)), 1);
	assert_non_null(strstr(out, "rail_info: rail rocep1s0f1 port 1 is "
				    "degraded: netdev enp1s0f1np1 MTU 9000, "
				    "the peer's rail rocep1s0f1 (enp1s0f1np1) "
				    "in its subnet MTU 4200"));
	assert_null(strstr(out, "rail rocep1s0f0 port 1 is degraded"));
	/* the peer compared with itself: every MTU alike */
	assert_int_equal(run("spark-peer", args, true, out, sizeof(out)), 0);
	unlink(peer);
	assert_int_equal(run("spark", args, true, out, sizeof(out)), 1);
	assert_non_null(strstr(out, "invalid --peer_json value '"));
	assert_non_null(strstr(out, "cannot read it (No such file"));
	assert_null(strstr(out, "DEVICE")); /* refused before any output */
	snprintf(cmd, sizeof(cmd), "echo '{\"rails\": 3}' >'%s'", peer);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(run("spark", args, true, out, sizeof(out)), 1);
	assert_non_null(strstr(out, "not rail_info's JSON (no \"rails\" "
				    "array)"));
	unlink(peer);
}

static void test_usage(void **state)
{
	char out[8192];

	(void)state;
	/* bad usage: exit 1 and one line, as the other binaries */
	assert_int_equal(run(NULL, "--peer 1.2.3", true, out, sizeof(out)), 1);
	assert_non_null(strstr(out, "invalid --peer value '1.2.3'"));
	assert_int_equal(run(NULL, "extra", true, out, sizeof(out)), 1);
	assert_non_null(strstr(out, "unexpected argument 'extra'"));
	assert_int_equal(run(NULL, "--no-such-option", true, out, sizeof(out)),
			 1);
	assert_string_equal(out, "rail_info: unknown option "
				 "'--no-such-option'; see --help\n");
	assert_int_equal(run(NULL, "-k", true, out, sizeof(out)), 1);
	assert_string_equal(out,
			    "rail_info: unknown option '-k'; see --help\n");
	assert_int_equal(run(NULL, "--sysfs", true, out, sizeof(out)), 1);
	assert_non_null(strstr(out, "'--sysfs' needs a value; see --help"));
	assert_int_equal(run("spark", "-d mlx5_7", true, out, sizeof(out)), 1);
	assert_non_null(strstr(out, "device 'mlx5_7' not found"));
	assert_int_equal(run(NULL, "--help", false, out, sizeof(out)), 0);
	assert_non_null(strstr(out, "--sysfs=<dir>"));
	assert_int_equal(run(NULL, "-V", false, out, sizeof(out)), 0);
	assert_true(strncmp(out, "rail_info (railperf) ", 21) == 0);
}

/* Exit 1 for a device not found, also where there are no devices, and
 * for a --sysfs path that is not a sysfs tree; 0 for a host without RDMA
 * devices. */
static void test_exit_codes(void **state)
{
	char out[8192], cmd[2 * PATH_MAX];

	(void)state;
	assert_int_equal(run("none", "", true, out, sizeof(out)), 0);
	assert_non_null(strstr(out, "no RDMA devices"));
	assert_int_equal(run("none", "-d mlx5_0", true, out, sizeof(out)), 1);
	assert_non_null(strstr(out, "device 'mlx5_0' not found: no RDMA"));
	assert_int_equal(run("no-such-host", "", true, out, sizeof(out)), 1);
	assert_non_null(strstr(out, "invalid --sysfs value '"));
	assert_non_null(strstr(out, "not a sysfs tree"));
	/* a directory, but not a sysfs tree: the hosts' parent */
	snprintf(cmd, sizeof(cmd), "--sysfs '%s/..'", env.hosts);
	assert_int_equal(run(NULL, cmd, true, out, sizeof(out)), 1);
	assert_non_null(strstr(out, "not a sysfs tree"));
	assert_int_equal(run("spark", "-d rocep1s0f0", true, out, sizeof(out)),
			 0);
}

/* Every host's summary: at most 100 columns; Ethernet rates without
 * InfiniBand lane names; MTU is the RoCE MTU / the netdev's MTU. */
static void test_summary_width(void **state)
{
	static const char *const hosts[] = { "bond",	   "connectx",
					     "infiniband", "ipv6only",
					     "linklocal",  "softroce",
					     "spark" };
	static char out[65536];
	size_t i;
	char *line, *save;

	(void)state;
	for (i = 0; i < sizeof(hosts) / sizeof(hosts[0]); i++) {
		assert_int_equal(run(hosts[i], "", false, out, sizeof(out)), 0);
		for (line = strtok_r(out, "\n", &save);
		     line && strncmp(line, "  ", 2) && strchr(line, ' ');
		     line = strtok_r(NULL, "\n", &save)) {
			if (strlen(line) > 100 ||
			    (strstr(line, "Ethernet") && strstr(line, "X ")))
				fail_msg("%s: %s", hosts[i], line);
		}
	}
	text_has("softroce", "",
		 "\nrxe0    1     ACTIVE  Ethernet  2.5 Gb/s  "
		 "1024/1500  eth0    1    -\n");
	text_has("infiniband", "", "  InfiniBand  200 Gb/s (4X HDR)  -/2044  ");
	text_has("connectx", "", "  100 Gb/s  1024/1500  enp23s0f1np1  ");
}

/* The live system: without RDMA devices it says so and exits 0. */
static void test_live(void **state)
{
	static char out[262144];

	(void)state;
	assert_int_equal(run(NULL, "", false, out, sizeof(out)), 0);
	assert_true(!strncmp(out, "no RDMA devices", 15) ||
		    !strncmp(out, "DEVICE ", 7));
	assert_int_equal(run(NULL, "--json", false, out, sizeof(out)), 0);
	cJSON_Delete(cJSON_Parse(out));
	assert_non_null(strstr(out, "\"rails\""));
}

/* Can this process run rail_info? Not if it is missing, or built for
 * another architecture while the tests run under qemu-user. NULL if it
 * can, else why not. */
static const char *bin_unusable(void)
{
	char cmd[PATH_MAX + 32];
	FILE *p;
	int st;

	if (access(env.bin, X_OK))
		return "not built (make builds it)";
	snprintf(cmd, sizeof(cmd), "'%s' -V >/dev/null 2>&1", env.bin);
	p = popen(cmd, "r");
	st = p ? pclose(p) : -1;
	if (st != -1 && WIFEXITED(st) && !WEXITSTATUS(st))
		return NULL;
	return "does not run here (another architecture?)";
}

/* --peers: each rail's half of the wiring map and the neighbours the
 * kernel resolved on its netdev (the ring fixture's neigh file), each
 * with the rail's subnet it lies in, multicast groups left out; the
 * distinct MACs seen; a host without a neigh file shows none. */
static void test_peers(void **state)
{
	static char out[65536];

	(void)state;
	assert_int_equal(run("ring", "--peers", false, out, sizeof(out)), 0);
	assert_string_equal(
		out,
		"rxe0 port 1: netdev eth0 52:54:00:5a:01:01, link up, MTU 1500, "
		"10.1.3.1/24, link local fe80::5054:ff:fe5a:101\n"
		"  NEIGHBOUR                  MAC               STATE      "
		"SUBNET\n"
		"  fe80::5054:ff:fe5a:203     52:54:00:5a:02:03 STALE      "
		"link local\n"
		"  10.1.3.3                   52:54:00:5a:02:03 REACHABLE  "
		"10.1.3.0/24\n"
		"  10.1.3.9                   none              FAILED     "
		"10.1.3.0/24\n"
		"  192.168.7.7                52:54:00:77:77:77 STALE      "
		"outside every subnet of eth0\n"
		"  seen: 2 neighbours by MAC\n"
		"rxe1 port 1: netdev eth1 52:54:00:5a:02:01, link up, MTU 1500, "
		"10.1.1.1/24, link local fe80::5054:ff:fe5a:201\n"
		"  NEIGHBOUR                  MAC               STATE      "
		"SUBNET\n"
		"  fe80::5054:ff:fe5a:102     52:54:00:5a:01:02 REACHABLE  "
		"link local\n"
		"  seen: 1 neighbour by MAC\n");
	text_has("softroce", "--peers",
		 "  seen: 0 neighbours by MAC (the kernel's table has no "
		 "entry here)\n");
}

int main(int argc, char **argv)
{
	const char *why;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_json_hosts),
		cmocka_unit_test(test_json_spark),
		cmocka_unit_test(test_json_spark_rcb),
		cmocka_unit_test(test_json_special),
		cmocka_unit_test(test_host_text),
		cmocka_unit_test(test_host_text_gen4),
		cmocka_unit_test(test_host_json),
		cmocka_unit_test(test_check),
		cmocka_unit_test(test_check_health),
		cmocka_unit_test(test_check_peer),
		cmocka_unit_test(test_usage),
		cmocka_unit_test(test_exit_codes),
		cmocka_unit_test(test_summary_width),
		cmocka_unit_test(test_live),
		cmocka_unit_test(test_peers),
	};

	hosts_find(argc > 0 ? argv[0] : NULL, env.hosts);
	hosts_build_dir(argc > 0 ? argv[0] : NULL, env.bin);
	strncat(env.bin, "/rail_info", sizeof(env.bin) - strlen(env.bin) - 1);
	why = bin_unusable();
	if (why) {
		/* A TAP plan of no tests: cmocka's skips read "not ok". */
		printf("1..0 # SKIP %s %s\n", env.bin, why);
		return 0;
	}
	return cmocka_run_group_tests(tests, NULL, NULL);
}
