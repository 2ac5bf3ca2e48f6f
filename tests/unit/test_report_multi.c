/* Description: rail_multi_bw's own report lines, written to a memory
 * stream and compared byte for byte with strings worked out by hand from
 * the format strings of rp_report_multi.c. rp_report_rail: identity,
 * placement (CPU or "unpinned", NUMA node), BW in MB/sec or Gb/sec,
 * MsgRate, share, port counters (absent, Soft-RoCE packets, mlx5 data and
 * packets, present but empty), then the ceiling line: efficiency against
 * the RoCE v2 WRITE ceiling (MTU 1024/4096, 4 KiB and 64 KiB), unknown
 * port speed, InfiniBand port. rp_report_interval: per-rail and summed
 * rates over one interval in both units, a zero-length interval, the
 * column widths of the interval bounds. rp_report_ro_warn: the line for
 * relaxed ordering asked for below a root port perftest lists, none when
 * not asked for or no such port. Every line of every output starts
 * with " railperf:". rp_report_interval_stats and rp_json_intervals: the
 * --interval statistics line in both units, none without rows, the JSON
 * object and its samples. rp_report_cpu and rp_json_cpu: a rail thread's
 * CPU as percent of a core and seconds per GB. rp_report_event and
 * rp_json_event: a device event with its time. rp_report_failed,
 * rp_report_fail_verdict and rp_json_fail: a rail that failed mid-run
 * (its time with 2 decimals, its reason; JSON null when it did not). */
#define _GNU_SOURCE
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cases.h"
#include "memout.h"
#include "output/rp_report_extra.h"
#include "output/rp_json_rail.h"
#include "output/rp_report_multi.h"

/* --- helpers ------------------------------------------------------------ */

/* Every line starts with " railperf:", ends with '\n'; none is empty. */
static void assert_railperf_lines(const char *out)
{
	const char *p = out;

	assert_true(*out != '\0');
	while (*p) {
		const char *nl = strchr(p, '\n');

		if (strncmp(p, " railperf:", 10))
			fail_msg("line does not start with \" railperf:\": "
				 "\"%s\"",
				 p);
		if (!nl)
			fail_msg("last line has no newline: \"%s\"", p);
		p = nl + 1;
	}
}

/* Check the output against @want and free it; the lines checked are
 * @want's, which the output is, byte for byte. */
static void mem_check(struct mem *m, const char *want)
{
	assert_railperf_lines(want);
	mem_expect(m, want);
}

/* mem_check for the lines of a healthy run: also the output rule (no
 * '-', no "error"/"fail", not the message size; assert_rule_lines). */
static void mem_check_healthy(struct mem *m, const char *want)
{
	assert_rule_lines(want, "65536");
	mem_check(m, want);
}

/* A rail: device, port, link layer, GID index, netdev, path MTU. */
struct rail_in {
	const char *dev;
	unsigned int port;
	uint8_t link_layer;
	int gid_index;
	const char *ndev;
	enum ibv_mtu mtu;
};

static struct rp_rail *rail_new(const struct rail_in *in)
{
	struct rp_rail *r = calloc(1, sizeof(*r));

	assert_non_null(r);
	snprintf(r->dev.name, sizeof(r->dev.name), "%s", in->dev);
	r->dev.port = in->port;
	r->dev.port_attr.link_layer = in->link_layer;
	r->gid_index = in->gid_index;
	snprintf(r->gid.ndev, sizeof(r->gid.ndev), "%s", in->ndev);
	r->mtu = in->mtu;
	return r;
}

/* clang-format off */
#define RXE0 { "rxe0", 1, IBV_LINK_LAYER_ETHERNET, 1, "eth0", IBV_MTU_1024 }
/* clang-format on */

/* --- rp_report_rail ----------------------------------------------------- */

/* rp_report_rail(@rr of @rail, @size, @gbits) prints @want. */
struct rail_case {
	const char *name;
	struct rail_in rail;
	struct rp_rail_report rr; /* .rail: @rail */
	uint64_t size;
	bool gbits;
	const char *want;
};

/* InfiniBand: a known speed changes nothing, no RoCE ceiling. */
/* clang-format off */
#define IB_CASE(case_name, speed) {					\
	case_name,							\
	{ "mlx5_2", 1, IBV_LINK_LAYER_INFINIBAND, -1, "", IBV_MTU_4096 },\
	/* 0.18 Mpps of 64 KiB: 180000 / 16 = 11250 MiB/s */		\
	{ .index = 3, .cpu = 7, .numa_node = 0,				\
	  .res = { .size = 65536, .iters = 180000, .bw_avg = 11250.0,	\
		   .msg_rate = 0.18 },					\
	  .share = 25.0, .have_counters = true,				\
	  .delta = { .have_data = true, .xmit_bytes = 4, .rcv_bytes = 8,\
		     .have_pkts = true, .xmit_pkts = 1, .rcv_pkts = 2,	\
		     .pkts_source = "port_xmit_packets" },		\
	  .speed_gbps = (speed) },					\
	65536, false,							\
	" railperf: rail 3: mlx5_2 port 1, GID index none, netdev none, "	\
	"NUMA node 0, CPU 7, 180000 messages, BW average 11250.00 "	\
	"MB/sec, MsgRate "						\
	"0.180000 Mpps, 25.0% of the total, port_xmit_data 4 B, "	\
	"port_rcv_data 8 B, port_xmit_packets 1 sent, 2 received\n"	\
	" railperf: rail 3: InfiniBand port: no RoCE v2 wire ceiling\n" }

static const struct rail_case rail_cases[] = {
	{ "test_rail_no_counters_ceiling_gbits", RXE0,
	  /* 176806 msgs * 65536 B * 8 / 1e9 ns = 92.697264128 Gb/s
	   * -> 92.70 */
	  { .index = 0, .cpu = 3, .numa_node = 0,
	    .res = { .size = 65536, .iters = 176806,
		     .bw_avg = 92.697264128, .msg_rate = 0.176806 },
	    .share = 50.0, .speed_gbps = 100 },
	  /* got = 0.176806e6 * 65536 * 8 / 1e9 = 92.697264128 Gb/s;
	   * ceiling at MTU 1024, 64 KiB: n = 64, 100 * 65536 / (65536 +
	   * 82*64 + 16) = 6553600 / 70800 = 92.564972 -> "92.56";
	   * 100 * 92.697264 / 92.564972 = 100.1429 % -> "100.1%": above
	   * the ceiling, which a bound never is: printed as it is, with the
	   * line that says the model is below the measurement */
	  65536, true,
	  " railperf: rail 0: rxe0 port 1, GID index 1, netdev eth0, "
	  "NUMA node 0, CPU 3, 176806 messages, BW average 92.70 Gb/sec, "
	  "MsgRate 0.176806 Mpps, 50.0% of the total, no port counters\n"
	  " railperf: rail 0: 100.1% of the RoCE v2 WRITE ceiling of "
	  "92.56 Gb/s (100 Gb/s port, MTU 1024, at this message size)\n"
	  " railperf: rail 0: measured 92.70 Gb/s, above its ceiling of "
	  "92.56 Gb/s: railperf's model is below this host's measurement; "
	  "please report it to the railperf maintainers with this output "
	  "and rail_info's JSON (docs/ceilings.md)\n" },
	{ "test_rail_rxe_unpinned_speed_unknown",
	  { "rxe1", 1, IBV_LINK_LAYER_ETHERNET, 1, "eth1", IBV_MTU_1024 },
	  /* 4800 msgs of 64 KiB in 1 s: 4800 / 16 = 300 MiB/s, 0.0048 Mpps;
	   * Soft-RoCE: hw_counters only; 4800 * 64 packets = 307200 */
	  { .index = 1, .cpu = -1, .numa_node = -1,
	    .res = { .size = 65536, .iters = 4800, .bw_avg = 300.0,
		     .msg_rate = 0.0048 },
	    .share = 100.0 / 3,		/* 33.333 -> "33.3" */
	    .have_counters = true,
	    .delta = { .have_pkts = true, .xmit_pkts = 307200,
		       .rcv_pkts = 4800, .pkts_source = "sent_pkts" },
	    .speed_gbps = 0 },
	  65536, false,
	  " railperf: rail 1: rxe1 port 1, GID index 1, netdev eth1, "
	  "NUMA node unknown, CPU unpinned, 4800 messages, BW average 300.00 "
	  "MB/sec, MsgRate "
	  "0.004800 Mpps, 33.3% of the total, sent_pkts 307200 sent, "
	  "4800 received\n"
	  " railperf: rail 1: port speed unknown (the netdev reports "
	  "none, as on rdma_rxe): no wire ceiling\n" },
	{ "test_rail_mlx5_data_and_packets",
	  { "mlx5_0", 1, IBV_LINK_LAYER_ETHERNET, 3, "enp1s0f0np0",
	    IBV_MTU_4096 },
	  /* 0.15 Mpps of 64 KiB = 150000 / 16 = 9375 MiB/s */
	  { .index = 2, .cpu = 12, .numa_node = 1,
	    .res = { .size = 65536, .iters = 150000, .bw_avg = 9375.0,
		     .msg_rate = 0.15 },
	    .share = 200.0 / 3,		/* 66.667 -> "66.7" */
	    .have_counters = true,
	    .delta = { .have_data = true, .xmit_bytes = 104857600,
		       .rcv_bytes = 2000, .have_pkts = true,
		       .xmit_pkts = 25600, .rcv_pkts = 1600,
		       .pkts_source = "port_xmit_packets" },
	    .speed_gbps = 100 },
	  /* got = 0.15e6 * 524288 / 1e9 = 78.6432 Gb/s; ceiling at MTU
	   * 4096, 64 KiB: n = 16, 6553600 / (65536 + 1312 + 16) = 6553600
	   * / 66864 = 98.013879 -> "98.01"; 100 * 78.6432 / 98.013879 =
	   * 80.2368 % -> "80.2%" */
	  65536, false,
	  " railperf: rail 2: mlx5_0 port 1, GID index 3, netdev "
	  "enp1s0f0np0, NUMA node 1, CPU 12, 150000 messages, BW average "
	  "9375.00 MB/sec, "
	  "MsgRate 0.150000 Mpps, 66.7% of the total, port_xmit_data "
	  "104857600 B, port_rcv_data 2000 B, port_xmit_packets 25600 "
	  "sent, 1600 received\n"
	  " railperf: rail 2: 80.2% of the RoCE v2 WRITE ceiling of "
	  "98.01 Gb/s (100 Gb/s port, MTU 4096, at this message size)\n" },
	{ "test_rail_data_only",
	  { "mlx5_1", 2, IBV_LINK_LAYER_ETHERNET, 3, "enp1s0f1np1",
	    IBV_MTU_4096 },
	  /* 0.5 Mpps of 4 KiB: 0.5e6 * 4096 * 8 / 1e9 = 16.384 Gb/s
	   * -> 16.38 (in MiB/s it would be 1953.125, a rounding tie:
	   * avoided) */
	  { .index = 1, .cpu = 0, .numa_node = 0,
	    .res = { .size = 4096, .iters = 500000, .bw_avg = 16.384,
		     .msg_rate = 0.5 },
	    .share = 12.26,		/* -> "12.3" */
	    .have_counters = true,
	    .delta = { .have_data = true,
		       .xmit_bytes = 2048000000,	/* 500000 * 4096 */
		       .rcv_bytes = 0 },
	    .speed_gbps = 25 },
	  /* got = 0.5e6 * 4096 * 8 / 1e9 = 16.384 Gb/s; ceiling at MTU
	   * 4096, 4 KiB: n = 1, 25 * 4096 / 4194 = 24.415832 -> "24.42";
	   * 100 * 16.384 / 24.415832 = 67.104 % -> "67.1%" */
	  4096, true,
	  " railperf: rail 1: mlx5_1 port 2, GID index 3, netdev "
	  "enp1s0f1np1, NUMA node 0, CPU 0, 500000 messages, BW average "
	  "16.38 Gb/sec, "
	  "MsgRate 0.500000 Mpps, 12.3% of the total, port_xmit_data "
	  "2048000000 B, port_rcv_data 0 B\n"
	  " railperf: rail 1: 67.1% of the RoCE v2 WRITE ceiling of "
	  "24.42 Gb/s (25 Gb/s port, MTU 4096, at this message size)\n" },
	{ "test_rail_counters_present_but_empty", RXE0,
	  /* counters read, but no field in both */
	  { .index = 0, .cpu = 1, .numa_node = 0, .have_counters = true,
	    .speed_gbps = 100 },
	  /* nothing moved: 0 of the ceiling */
	  65536, false,
	  " railperf: rail 0: rxe0 port 1, GID index 1, netdev eth0, "
	  "NUMA node 0, CPU 1, 0 messages, BW average 0.00 MB/sec, "
	  "MsgRate 0.000000 "
	  "Mpps, 0.0% of the total\n"
	  " railperf: rail 0: 0.0% of the RoCE v2 WRITE ceiling of "
	  "92.56 Gb/s (100 Gb/s port, MTU 1024, at this message size)\n" },
	{ "test_rail_no_netdev",
	  { "rxe0", 1, IBV_LINK_LAYER_ETHERNET, 0, "", IBV_MTU_1024 },
	  { .index = 0, .cpu = -1, .numa_node = -1 },
	  65536, false,
	  " railperf: rail 0: rxe0 port 1, GID index 0, netdev none, "
	  "NUMA node unknown, CPU unpinned, 0 messages, BW average 0.00 "
	  "MB/sec, MsgRate 0.000000 Mpps, 0.0% of the total, no port "
	  "counters\n"
	  " railperf: rail 0: port speed unknown (the netdev reports "
	  "none, as on rdma_rxe): no wire ceiling\n" },
	{ "test_rail_pcie_bound",
	  { "rocep1s0f0", 1, IBV_LINK_LAYER_ETHERNET, 3, "enp1s0f0np0",
	    IBV_MTU_4096 },
	  /* DGX Spark: a 200G port behind a Gen5 x4 link whose receiving
	   * bound is 32 * 4 * 128/130 * 375/376 * 256/276 = 116.5869 Gb/s;
	   * 0.2 Mpps of 64 KiB = 200000 / 16 = 12500 MiB/s */
	  { .index = 0, .cpu = 4, .numa_node = 0,
	    .res = { .size = 65536, .iters = 200000, .bw_avg = 12500.0,
		     .msg_rate = 0.2 },
	    .share = 100.0, .speed_gbps = 200,
	    .pcie_gbps = 32.0 * 4 * 128 / 130 * 375 / 376 * 256 / 276,
	    .pcie_rcb_gbps = 32.0 * 4 * 128 / 130 * 375 / 376 * 256 / 276 },
	  /* got = 0.2e6 * 524288 / 1e9 = 104.8576 Gb/s; 100 * 104.8576 /
	   * 116.5869 = 89.940 % -> "89.9%"; wire at MTU 4096: 200 *
	   * 65536 / 66864 = 196.0277 -> "196.03"; no completions on this
	   * side: no RCB line */
	  65536, false,
	  " railperf: rail 0: rocep1s0f0 port 1, GID index 3, netdev "
	  "enp1s0f0np0, NUMA node 0, CPU 4, 200000 messages, BW average "
	  "12500.00 MB/sec, MsgRate 0.200000 Mpps, 100.0% of the total, no "
	  "port counters\n"
	  " railperf: rail 0: 89.9% of its ceiling of 116.59 Gb/s, its PCIe "
	  "path's payload receiving, below the RoCE v2 WRITE ceiling of "
	  "196.03 Gb/s (200 Gb/s port, MTU 4096, at this message size)\n" },
	{ "test_rail_pcie_bound_send",
	  { "rocep1s0f0", 1, IBV_LINK_LAYER_ETHERNET, 3, "enp1s0f0np0",
	    IBV_MTU_4096 },
	  /* the sending side, the bound: read completions up to MPS 256,
	   * the Acks of the read requests coming down (x4, limit 214, one
	   * request per 512 B): 126.0308 * 375/376 * (1 - 8 / ((214 + 138)
	   * * 4)) * 256/276 = 115.9248 Gb/s; cut at RCB 128 (gap 148):
	   * 108.1091. 0.21 Mpps of 64 KiB = 110.10048 Gb/s: 94.98 % of the
	   * bound, 101.84 % of the RCB figure (as the public Spark runs) */
	  { .index = 0, .cpu = 4, .numa_node = 0,
	    .res = { .size = 65536, .iters = 210000, .bw_avg = 13125.0,
		     .msg_rate = 0.21 },
	    .share = 100.0, .speed_gbps = 200,
	    .pcie_gbps = 32.0 * 4 * 128 / 130 * 375 / 376 *
			 (1 - 8 / ((214 + 138.0) * 4)) * 256 / 276,
	    .pcie_rcb_gbps = 32.0 * 4 * 128 / 130 * 375 / 376 *
			     (1 - 8 / ((214 + 148.0) * 4)) * 128 / 148,
	    .pcie_dir = RP_PCIE_SEND },
	  65536, false,
	  " railperf: rail 0: rocep1s0f0 port 1, GID index 3, netdev "
	  "enp1s0f0np0, NUMA node 0, CPU 4, 210000 messages, BW average "
	  "13125.00 MB/sec, MsgRate 0.210000 Mpps, 100.0% of the total, no "
	  "port counters\n"
	  " railperf: rail 0: 95.0% of its ceiling of 115.92 Gb/s, its PCIe "
	  "path's payload sending, below the RoCE v2 WRITE ceiling of "
	  "196.03 Gb/s (200 Gb/s port, MTU 4096, at this message size)\n"
	  " railperf: rail 0: 101.8% of 108.11 Gb/s, what its PCIe path "
	  "carries if the root complex cuts read completions at its RCB\n" },
	{ "test_rail_read_label",
	  { "mlx5_0", 1, IBV_LINK_LAYER_ETHERNET, 3, "enp1s0f0np0",
	    IBV_MTU_4096 },
	  /* READ: its own wire ceiling and label, an AETH on the first and
	   * last response: 100 * 65536 / (65536 + 82 * 16 + 8) = 98.0256
	   * -> "98.03"; 78.6432 / 98.0256 = 80.227 % -> "80.2%" */
	  { .index = 0, .cpu = 2, .numa_node = 0,
	    .res = { .size = 65536, .iters = 150000, .bw_avg = 9375.0,
		     .msg_rate = 0.15 },
	    .share = 100.0, .speed_gbps = 100, .verb = RP_VERB_READ,
	    .pcie_dir = RP_PCIE_RECV },
	  65536, false,
	  " railperf: rail 0: mlx5_0 port 1, GID index 3, netdev "
	  "enp1s0f0np0, NUMA node 0, CPU 2, 150000 messages, BW average "
	  "9375.00 MB/sec, MsgRate 0.150000 Mpps, 100.0% of the total, no "
	  "port counters\n"
	  " railperf: rail 0: 80.2% of the RoCE v2 READ ceiling of "
	  "98.03 Gb/s (100 Gb/s port, MTU 4096, at this message size)\n" },
	{ "test_rail_send_label",
	  { "mlx5_0", 1, IBV_LINK_LAYER_ETHERNET, 3, "enp1s0f0np0",
	    IBV_MTU_4096 },
	  /* SEND: no RETH, 100 * 65536 / 66848 = 98.0373 -> "98.04" */
	  { .index = 0, .cpu = 2, .numa_node = 0,
	    .res = { .size = 65536, .iters = 150000, .bw_avg = 9375.0,
		     .msg_rate = 0.15 },
	    .share = 100.0, .speed_gbps = 100, .verb = RP_VERB_SEND },
	  65536, false,
	  " railperf: rail 0: mlx5_0 port 1, GID index 3, netdev "
	  "enp1s0f0np0, NUMA node 0, CPU 2, 150000 messages, BW average "
	  "9375.00 MB/sec, MsgRate 0.150000 Mpps, 100.0% of the total, no "
	  "port counters\n"
	  " railperf: rail 0: 80.2% of the RoCE v2 SEND ceiling of "
	  "98.04 Gb/s (100 Gb/s port, MTU 4096, at this message size)\n" },
	IB_CASE("test_rail_infiniband", 100),
	IB_CASE("test_rail_infiniband_speed_unknown", 0),
};
/* clang-format on */

static void test_rail_case(void **state)
{
	const struct rail_case *c = *state;
	struct rp_rail *r = rail_new(&c->rail);
	struct rp_rail_report rr = c->rr;
	struct mem m;

	rr.rail = r;
	mem_open(&m);
	rp_report_rail(m.f, &rr, c->size, c->gbits);
	/* the lines of a healthy rail (the size only where it is 64 KiB:
	 * a 4 KiB one is the MTU's number too) */
	assert_rule_lines(c->want, c->size == 65536 ? "65536" : NULL);
	mem_check(&m, c->want);
	free(r);
}

static void test_rail_fractional_speed(void **state)
{
	/* Soft-RoCE on a 2.5GbE NIC: the netdev reports 2500 Mb/s, so the
	 * port is 2.5 Gb/s. The ceiling uses 2.5: 2.5 * 65536 / 70800 =
	 * 2.314124 -> "2.31"; got = 0.0042e6 * 524288 / 1e9 = 2.2020096 Gb/s,
	 * 100 * 2.2020096 / 2.314124 = 95.155 % -> "95.2%". The port speed
	 * printed must be 2.5 Gb/s, not "2" (%.0f rounds 2.5 to even). */
	static const struct rail_in rxe0 = RXE0;
	struct rp_rail *r = rail_new(&rxe0);
	struct rp_rail_report rr = {
		.index = 0,
		.rail = r,
		.cpu = 1,
		.numa_node = 0,
		.res = { .bw_avg = 2.2020096, .msg_rate = 0.0042 },
		.share = 100.0,
		.speed_gbps = 2.5,
	};
	struct mem m;

	(void)state;
	mem_open(&m);
	rp_report_rail(m.f, &rr, 65536, true);
	assert_int_equal(fclose(m.f), 0);
	assert_railperf_lines(m.buf);
	assert_non_null(strstr(m.buf, " railperf: rail 0: 95.2% of the RoCE "
				      "v2 WRITE ceiling of 2.31 Gb/s ("));
	if (!strstr(m.buf,
		    "(2.5 Gb/s port, MTU 1024, at this message size)\n")) {
		char copy[512];

		snprintf(copy, sizeof(copy), "%s", m.buf);
		free(m.buf);
		free(r);
		fail_msg("a 2.5 Gb/s port is not printed as 2.5 Gb/s:\n%s",
			 copy);
	}
	free(m.buf);
	free(r);
}

/* The aggregate against the set's ceiling, known and unknown. */
/* Relaxed ordering asked for below a listed root port: one line naming
 * it and the way out; not asked for, or no such port: nothing. */
static void test_ro_warn(void **state)
{
	const struct rail_in in = {
		"mlx5_0",      1,	    IBV_LINK_LAYER_ETHERNET, 3,
		"enp3s0f0np0", IBV_MTU_4096
	};
	struct rp_rail *r = rail_new(&in);
	struct mem m;

	(void)state;
	r->relaxed_ordering = true;
	snprintf(r->ro_suspect, sizeof(r->ro_suspect), "%s",
		 "0000:00:03.0 (8086:6f08)");
	mem_open(&m);
	assert_int_equal(rp_report_ro_warn(m.f, r), 1);
	mem_check(&m, " railperf: rail mlx5_0 port 1: PCIe relax order: ON "
		      "(asked for), but root port 0000:00:03.0 (8086:6f08) is "
		      "one perftest lists as not relaxed-ordering compliant: "
		      "run both sides with --disable_pcie_relaxed\n");
	r->relaxed_ordering = false; /* --disable_pcie_relaxed, write_lat */
	mem_open(&m);
	assert_int_equal(rp_report_ro_warn(m.f, r), 0);
	mem_expect(&m, "");
	r->relaxed_ordering = true;
	r->ro_suspect[0] = '\0';
	mem_open(&m);
	assert_int_equal(rp_report_ro_warn(m.f, r), 0);
	mem_expect(&m, "");
	free(r);
}

/* A rail's own lines as a healthy one-rail run prints them (Soft-RoCE
 * loopback: both ends one NIC; a 64 KiB slice in 2 MiB hugepages; the
 * thread on CPUs 0 and 1), and --validate's passed and failed verdicts:
 * byte for byte, and the output rule (no '-', no size, no error words)
 * on every line but the failed verdict. */
static void test_extra_lines(void **state)
{
	const struct rail_in in = RXE0;
	struct rp_rail *r = rail_new(&in);
	struct rp_rail_addr a = { .nic_guid = 0x505400fffe5a0201ull };
	struct rp_verdict ok = { .ok = 1 }, bad = {
		.qp = 1, .offset = 7, .expected = 0x5a, .got = 0x00
	};
	struct mem m;
	const char *want =
		" railperf: rail rxe0 port 1: GID index 1: RoCE v2 "
		"::ffff:10.0.1.1 on eth0 (subnet of peer 10.0.1.1)\n"
		" railperf: buffer: 1 x 64 KiB in 2048 KiB hugepages\n"
		" railperf: rail rxe0 port 1: both ends are one NIC "
		"(sys_image_guid 5054:00ff:fe5a:0201, port port1): the traffic "
		"looped inside it and never reached the wire\n"
		" railperf: rail rxe0 placement: no binding, thread on CPUs 0,1 "
		"(NUMA node 0), buffer pages on node 0 (read back)\n"
		" railperf: validation passed: every byte of the message on "
		"each of 1 QP(s) matches the pattern\n";

	(void)state;
	snprintf(r->gid_why, sizeof(r->gid_why), "%s",
		 "RoCE v2 ::ffff:10.0.1.1 on eth0 (subnet of peer 10.0.1.1)");
	snprintf(a.phys_port, sizeof(a.phys_port), "%s", "port1");
	r->num_qps = 1;
	r->slice = 65536;
	r->buf = (struct rp_buf){ .page_size = 2 << 20,
				  .kind = RP_BUF_HUGE,
				  .numa_node = -1,
				  .pages_node = 0 };
	r->bind.node = -1;
	r->bound = (struct rp_bound){ .why = RP_BIND_NONE,
				      .mem_node = -1,
				      .cpus = "0,1",
				      .cpu_node = 0 };
	mem_open(&m);
	rp_report_extra_rail(m.f, r, true, &a, &a);
	rp_report_extra_verdict_out(m.f, &ok, 1);
	assert_rule_lines(want, "65536");
	mem_check(&m, want);
	mem_open(&m);
	rp_report_extra_verdict_out(NULL, &ok, 1); /* --output: none */
	rp_report_extra_verdict_out(m.f, &bad, 1);
	mem_check(&m, " railperf: validation FAILED: rail 0 QP 1 offset 7: "
		      "expected 0x5a, found 0000\n");
	free(r);
}

static void test_set_line(void **state)
{
	/* 0.4 Mpps of 64 KiB = 209.7152 Gb/s; set 227.2105 (two Gen5 x4
	 * links): 100 * 209.7152 / 227.2105 = 92.300 % -> "92.3%" */
	const struct rp_result agg = { .size = 65536, .msg_rate = 0.4 };
	struct mem m;

	(void)state;
	mem_open(&m);
	rp_report_set(m.f, &agg, 65536, 2 * (32.0 * 4 * 128 / 130 * 256 / 284),
		      "");
	mem_check_healthy(
		&m, " railperf: all rails: 209.72 Gb/s, 92.3% of the set's "
		    "ceiling of 227.21 Gb/s (per direction, through the "
		    "PCIe links and ports the rails share)\n");
	/* above the set's ceiling: the line that says the model is low */
	mem_open(&m);
	rp_report_set(m.f, &agg, 65536, 200.0, "");
	mem_check_healthy(
		&m, " railperf: all rails: 209.72 Gb/s, 104.9% of the set's "
		    "ceiling of 200.00 Gb/s (per direction, through the "
		    "PCIe links and ports the rails share)\n"
		    " railperf: all rails: measured 209.72 Gb/s, above its "
		    "ceiling of 200.00 Gb/s: railperf's model is below this "
		    "host's measurement; please report it to the railperf "
		    "maintainers with this output and rail_info's JSON "
		    "(docs/ceilings.md)\n");
	mem_open(&m);
	rp_report_set(m.f, &agg, 65536, 0, "rail 0 (rxe0): port speed unknown");
	mem_check_healthy(
		&m, " railperf: all rails: 209.72 Gb/s; the set's ceiling "
		    "is unknown: rail 0 (rxe0): port speed unknown\n");
}

/* Lossy: 100 messages of 64 KiB at MTU 1024 need 100 x 64 = 6400 data
 * packets; the sending port sent 10000: 3600 again (56 %). The same counts
 * with both ends on one NIC (the port also sent the ACKs) or on the
 * receiving side are no evidence; retry counters are, above 1 % of 6400. */
static void test_lossy(void **state)
{
	static const struct rail_in rxe0 = RXE0;
	struct rp_rail *r = rail_new(&rxe0);
	struct rp_rail_report rr = {
		.index = 1,
		.rail = r,
		.cpu = -1,
		.numa_node = -1,
		.res = { .size = 65536, .iters = 100, .msg_rate = 0.0001 },
		.have_counters = true,
		.delta = { .have_pkts = true,
			   .xmit_pkts = 10000,
			   .pkts_source = "sent_pkts",
			   .have_retry = true,
			   .retry = 12,
			   .have_cnp = true,
			   .cnp = 7 },
		.sender = true,
	};
	struct rp_lossy l;
	struct mem m;

	(void)state;
	rp_rail_report_lossy(&rr, 65536, &l);
	assert_true(l.needed == 6400 && l.retrans_known && l.retrans == 3600);
	assert_true(l.lossy && l.retry == 12 && l.cnp == 7);
	mem_open(&m);
	rp_report_rail(m.f, &rr, 65536, false);
	assert_int_equal(fclose(m.f), 0);
	assert_non_null(strstr(m.buf, " railperf: rail 1: lossy: 3600 packets "
				      "sent beyond the 6400 its messages "
				      "needed, 12 retry events (out of "
				      "sequence, timeouts) by port wide "
				      "counters (every QP on the port, not "
				      "only this run's): RC retransmitted"));
	/* a lossy rail is a warning, not a failure: the output rule holds
	 * (a CI suite failing on "error" would stop on a retransmission) */
	assert_rule_lines(m.buf, "65536");
	assert_non_null(strstr(m.buf, " railperf: rail 1: congestion: 7 CNP "
				      "and ECN marked packets during the run "
				      "(port wide counters)\n"));
	assert_null(strstr(m.buf, "pause"));
	free(m.buf);
	rr.same_nic = true; /* one NIC: 12 retries < 64 (1 %): healthy */
	rp_rail_report_lossy(&rr, 65536, &l);
	assert_false(l.retrans_known || l.lossy);
	rr.same_nic = false;
	rr.sender = false; /* the receiver: only the retry counters count */
	rr.delta.retry = 65;
	rp_rail_report_lossy(&rr, 65536, &l);
	assert_true(!l.retrans_known && l.lossy);
	rr.needed = 100000; /* the whole run counted by the caller */
	rp_rail_report_lossy(&rr, 65536, &l);
	assert_true(l.needed == 100000 && !l.lossy);
	free(r);
}

/* PFC pause frames (the netdev's ethtool counters, port-wide): in the lossy
 * line when lossy, else a line of their own naming the counters that
 * moved; in JSON "pause" with per-priority counts and "counters_scope". */
static void test_pause(void **state)
{
	static const struct rail_in rxe0 = RXE0;
	struct rp_rail *r = rail_new(&rxe0);
	struct rp_rail_report rr = {
		.index = 0,
		.rail = r,
		.cpu = -1,
		.numa_node = -1,
		.res = { .size = 65536, .iters = 100, .msg_rate = 0.0001 },
		.have_counters = true,
		.delta = { .have_pkts = true,
			   .xmit_pkts = 6400,
			   .pkts_source = "port_xmit_packets",
			   .pause = { .prios = 1u << 3,
				      .rx_prio = { [3] = 120 },
				      .tx_prio = { [3] = 4 },
				      .have_ctrl = true,
				      .rx_ctrl = 120,
				      .tx_ctrl = 4 } },
		.sender = true,
	};
	cJSON *o, *p;
	struct rp_lossy l;
	struct mem m;
	char *txt;

	(void)state;
	snprintf(r->gid.ndev, sizeof(r->gid.ndev), "ens1f0np0");
	rp_rail_report_lossy(&rr, 65536, &l);
	assert_true(l.pause_known && l.pause_rx == 120 && l.pause_tx == 4);
	assert_false(l.lossy);
	mem_open(&m);
	rp_report_rail(m.f, &rr, 65536, false);
	assert_int_equal(fclose(m.f), 0);
	assert_non_null(strstr(
		m.buf, " railperf: rail 0: pause: 120 pause frames received, 4 "
		       "sent during the run (port wide, ethtool statistics of "
		       "ens1f0np0, rx_prio3_pause 120, tx_prio3_pause 4, "
		       "rx_pause_ctrl_phy 120, tx_pause_ctrl_phy 4): the link "
		       "or the switch held the port back (PFC)\n"));
	free(m.buf);
	o = rp_json_rail(&rr, 65536, false);
	assert_non_null(o);
	assert_string_equal(
		cJSON_GetObjectItem(o, "counters_scope")->valuestring, "port");
	p = cJSON_GetObjectItem(o, "pause");
	txt = cJSON_PrintUnformatted(p);
	assert_string_equal(txt, "{\"per_prio\":{\"prio3\":{\"rx_pause\":120,"
				 "\"tx_pause\":4}},\"rx_frames\":120,"
				 "\"tx_frames\":4,\"rx_global_pause\":null,"
				 "\"tx_global_pause\":null,"
				 "\"rx_pause_ctrl_phy\":120,"
				 "\"tx_pause_ctrl_phy\":4}");
	free(txt);
	cJSON_Delete(o);
	rr.delta.xmit_pkts = 10000; /* lossy: the pause counts join its line */
	mem_open(&m);
	rp_report_rail(m.f, &rr, 65536, false);
	assert_int_equal(fclose(m.f), 0);
	assert_non_null(strstr(m.buf, " 0 retry events (out of sequence, "
				      "timeouts), 120 pause frames received, "
				      "4 sent by port wide counters"));
	assert_null(strstr(m.buf, "rail 0: pause:"));
	free(m.buf);
	memset(&rr.delta.pause, 0, sizeof(rr.delta.pause)); /* none: null */
	o = rp_json_rail(&rr, 65536, false);
	assert_true(cJSON_IsNull(cJSON_GetObjectItem(o, "pause")));
	cJSON_Delete(o);
	free(r);
}

/* JSON of a Spark rail on the sending side: the bound, its side, the
 * figure with completions cut at the RCB, and whether the rail passed
 * its ceiling; on the receiving side no RCB figure (null). */
static void test_json_ceiling(void **state)
{
	const struct rail_in in = {
		"rocep1s0f0",  1,	    IBV_LINK_LAYER_ETHERNET, 3,
		"enp1s0f0np0", IBV_MTU_4096
	};
	struct rp_rail *r = rail_new(&in);
	struct rp_rail_report rr = {
		.index = 0,
		.rail = r,
		.cpu = 1,
		.numa_node = 0,
		.res = { .size = 65536, .msg_rate = 0.21 }, /* 110.10 Gb/s */
		.speed_gbps = 200,
		.pcie_gbps = 115.92,
		.pcie_rcb_gbps = 108.11,
		.pcie_dir = RP_PCIE_SEND,
	};
	cJSON *o;

	(void)state;
	o = rp_json_rail(&rr, 65536, false);
	assert_string_equal(cJSON_GetObjectItem(o, "pcie_side")->valuestring,
			    "send");
	assert_true(cJSON_GetObjectItem(o, "ceiling_gbps")->valuedouble ==
		    115.92);
	assert_true(cJSON_GetObjectItem(o, "ceiling_rcb_gbps")->valuedouble ==
		    108.11);
	assert_true(cJSON_IsFalse(cJSON_GetObjectItem(o, "above_ceiling")));
	cJSON_Delete(o);
	rr.pcie_dir = RP_PCIE_RECV;
	rr.pcie_gbps = rr.pcie_rcb_gbps = 105.0; /* below the goodput */
	o = rp_json_rail(&rr, 65536, false);
	assert_string_equal(cJSON_GetObjectItem(o, "pcie_side")->valuestring,
			    "recv");
	assert_true(cJSON_IsNull(cJSON_GetObjectItem(o, "ceiling_rcb_gbps")));
	assert_true(cJSON_IsTrue(cJSON_GetObjectItem(o, "above_ceiling")));
	cJSON_Delete(o);
	free(r);
}

/* --- rp_report_interval ------------------------------------------------- */

/* rp_report_interval over rails rxe0, rxe1 (the first @n) prints @want. */
struct interval_case {
	const char *name;
	double from, to;
	uint64_t bytes[2];
	unsigned int n;
	uint64_t ns;
	bool gbits;
	const char *want;
};

/* clang-format off */
static const struct interval_case interval_cases[] = {
	/* 1 MiB and 2 MiB in 1 s: 1.00 and 2.00 MiB/s, sum 3 MiB -> 3.00;
	 * %5.1f: "  0.0", "  1.0" */
	{ "test_interval_mib", 0, 1, { 1048576, 2097152 }, 2, 1000000000ull,
	  false, " railperf: interval   0.0 to   1.0 s: rxe0 1.00, rxe1 2.00, "
	  "sum 3.00 MB/sec\n" },
	/* 12.5e9 B * 8 / 1e9 ns = 100 Gb/s; 6.25e9 B -> 50; sum 150 */
	{ "test_interval_gbits", 10, 11, { 12500000000ull, 6250000000ull }, 2,
	  1000000000ull, true,
	  " railperf: interval  10.0 to  11.0 s: rxe0 100.00, rxe1 50.00, "
	  "sum 150.00 Gb/sec\n" },
	/* 500 MiB in 0.5 s = 1000 MiB/s; 0 B -> 0; sum 1000 */
	{ "test_interval_half_second", 2.5, 3, { 524288000ull, 0 }, 2,
	  500000000ull, false,
	  " railperf: interval   2.5 to   3.0 s: rxe0 1000.00, rxe1 0.00, "
	  "sum 1000.00 MB/sec\n" },
	/* 3 digits before the point fill the width: "123.5" */
	{ "test_interval_wide_bounds", 123.5, 124, { 524288000ull, 0 }, 1,
	  500000000ull, false,
	  " railperf: interval 123.5 to 124.0 s: rxe0 1000.00, "
	  "sum 1000.00 MB/sec\n" },
	/* no time: every rate 0 (no division by zero) */
	{ "test_interval_zero_ns", 1, 1, { 1048576, 2097152 }, 2, 0, false,
	  " railperf: interval   1.0 to   1.0 s: rxe0 0.00, rxe1 0.00, "
	  "sum 0.00 MB/sec\n" },
	/* no rails: only the sum */
	{ "test_interval_no_rails", 0, 1, { 1048576, 2097152 }, 0,
	  1000000000ull, true,
	  " railperf: interval   0.0 to   1.0 s: sum 0.00 Gb/sec\n" },
};
/* clang-format on */

static void test_interval_case(void **state)
{
	const struct interval_case *c = *state;
	struct rp_rail *r = calloc(2, sizeof(*r));
	struct mem m;

	assert_non_null(r);
	strcpy(r[0].dev.name, "rxe0");
	strcpy(r[1].dev.name, "rxe1");
	mem_open(&m);
	rp_report_interval(m.f, c->from, c->to, r, c->bytes, c->n, c->ns,
			   c->gbits);
	mem_check_healthy(&m, c->want);
	free(r);
}

/* --interval's statistics: the line (MiB/s and Gb/s), nothing without
 * rows, and the JSON "intervals" object with every sample. */
static void test_interval_stats(void **state)
{
	struct rp_series s = { 0 };
	struct rp_series_stats st;
	struct mem m;
	cJSON *o, *v;

	(void)state;
	rp_series_add(&s, 10);
	rp_series_add(&s, 6);
	rp_series_add(&s, 8); /* mean 8, SD sqrt(8/3) = 1.633, CV 20.4 % */
	rp_series_stats(&s, &st);
	mem_open(&m);
	rp_report_interval_stats(m.f, "rail 1 (rxe1)", &st, 1, 1.0, false);
	mem_check_healthy(&m,
			  " railperf: rail 1 (rxe1): 3 intervals of 1 s: min "
			  "6.00 (from 1.0 s), mean 8.00, max 10.00 MB/sec, CV "
			  "20.4%\n");
	mem_open(&m);
	rp_report_interval_stats(m.f, "all rails", &st, 2, 2.0, true);
	mem_check_healthy(
		&m, " railperf: all rails: 3 intervals of 2 s: min 6.00 "
		    "(from 2.0 s), mean 8.00, max 10.00 Gb/sec, CV 20.4%\n");
	o = rp_json_intervals(&s, 1.0, false);
	assert_int_equal(cJSON_GetObjectItem(o, "count")->valueint, 3);
	assert_string_equal(cJSON_GetObjectItem(o, "unit")->valuestring,
			    "MB/sec");
	assert_true(cJSON_GetObjectItem(o, "min")->valuedouble == 6);
	assert_true(cJSON_GetObjectItem(o, "min_from_s")->valuedouble == 1);
	assert_true(cJSON_GetObjectItem(o, "mean")->valuedouble == 8);
	assert_true(cJSON_GetObjectItem(o, "max")->valuedouble == 10);
	assert_true(fabs(cJSON_GetObjectItem(o, "cv_percent")->valuedouble -
			 100 * sqrt(8.0 / 3) / 8) < 1e-9);
	v = cJSON_GetObjectItem(o, "samples");
	assert_int_equal(cJSON_GetArraySize(v), 3);
	assert_true(cJSON_GetArrayItem(v, 1)->valuedouble == 6);
	cJSON_Delete(o);
	rp_series_clear(&s);
	rp_series_stats(&s, &st);
	mem_open(&m);
	rp_report_interval_stats(m.f, "x", &st, 1, 0, false);
	mem_expect(&m, "");
}

/* A rail thread's CPU: 1.5 s user + 0.5 s system over 4 s = 50 % of a
 * core, 2 s / 8 GB = 0.25 s per GB; no bytes; not measured: no line. */
static void test_cpu(void **state)
{
	struct rp_cpu c = { .user_ns = 1500000000ull,
			    .sys_ns = 500000000ull,
			    .wall_ns = 4000000000ull,
			    .bytes = 8000000000ull };
	struct mem m;
	cJSON *o;

	(void)state;
	mem_open(&m);
	rp_report_cpu(m.f, "rail 0 (rxe0)", "client", &c);
	mem_check_healthy(
		&m, " railperf: rail 0 (rxe0): CPU of its client thread: "
		    "2.00 s in 4.00 s, 50.0% of a core (user 1.50 s, system "
		    "0.50 s), 0.250 s per GB\n");
	o = rp_json_cpu(&c, "server");
	assert_string_equal(cJSON_GetObjectItem(o, "thread")->valuestring,
			    "server");
	assert_true(cJSON_GetObjectItem(o, "user_s")->valuedouble == 1.5);
	assert_true(cJSON_GetObjectItem(o, "system_s")->valuedouble == 0.5);
	assert_true(cJSON_GetObjectItem(o, "wall_s")->valuedouble == 4);
	assert_true(cJSON_GetObjectItem(o, "percent_of_core")->valuedouble ==
		    50);
	assert_true(cJSON_GetObjectItem(o, "s_per_gb")->valuedouble == 0.25);
	cJSON_Delete(o);
	c.bytes = 0;
	mem_open(&m);
	rp_report_cpu(m.f, "rail 1 (rxe1)", "server", &c);
	mem_check_healthy(
		&m, " railperf: rail 1 (rxe1): CPU of its server thread: "
		    "2.00 s in 4.00 s, 50.0% of a core (user 1.50 s, system "
		    "0.50 s), no bytes moved\n");
	o = rp_json_cpu(&c, "client");
	assert_true(cJSON_IsNull(cJSON_GetObjectItem(o, "s_per_gb")));
	cJSON_Delete(o);
	c.wall_ns = 0;
	mem_open(&m);
	rp_report_cpu(m.f, "x", "client", &c);
	mem_expect(&m, "");
	assert_null(rp_json_cpu(&c, "client"));
}

/* A device event: its line (with a QP number for a QP's) and JSON. */
static void test_event(void **state)
{
	struct rp_event ev = { .type = IBV_EVENT_PORT_ERR, .port = 1 };
	struct mem m;
	cJSON *o;

	(void)state;
	strcpy(ev.what, "port DOWN");
	mem_open(&m);
	rp_report_event(m.f, "rail 1 (rxe1)", &ev, 5.0234);
	mem_check(&m, " railperf: rail 1 (rxe1): port DOWN at 5.02 s\n");
	o = rp_json_event(1, "rxe1", &ev, 5.0234);
	assert_int_equal(cJSON_GetObjectItem(o, "rail")->valueint, 1);
	assert_string_equal(cJSON_GetObjectItem(o, "device")->valuestring,
			    "rxe1");
	assert_true(cJSON_GetObjectItem(o, "time_s")->valuedouble == 5.0234);
	assert_string_equal(cJSON_GetObjectItem(o, "event")->valuestring,
			    "port DOWN");
	assert_string_equal(cJSON_GetObjectItem(o, "type")->valuestring,
			    ibv_event_type_str(IBV_EVENT_PORT_ERR));
	assert_int_equal(cJSON_GetObjectItem(o, "port")->valueint, 1);
	assert_null(cJSON_GetObjectItem(o, "qp_num"));
	cJSON_Delete(o);
	ev = (struct rp_event){ .type = IBV_EVENT_QP_FATAL, .qp_num = 0x11 };
	strcpy(ev.what, "QP fatal");
	mem_open(&m);
	rp_report_event(m.f, "rail 0 (rxe0)", &ev, 0.5);
	mem_check(&m, " railperf: rail 0 (rxe0): QP fatal (QP 0x11) at 0.50 "
		      "s\n");
}

static void test_failed(void **state)
{
	struct rp_fail f = { .failed = 1, .at_ns = 5023400000ull };
	struct mem m;
	cJSON *o;

	(void)state;
	strcpy(f.why, "work completion error on rxe1 QP 0x11: "
		      "IBV_WC_RETRY_EXC_ERR");
	mem_open(&m);
	rp_report_failed(m.f, "rail 1 (rxe1)", &f);
	rp_report_fail_verdict(m.f, "rail 1 (rxe1)", &f);
	mem_check(&m, " railperf: rail 1 (rxe1): FAILED at 5.02 s: work "
		      "completion error on rxe1 QP 0x11: IBV_WC_RETRY_EXC_ERR\n"
		      " railperf: verdict: FAILED: rail 1 (rxe1) failed at "
		      "5.02 s (work completion error on rxe1 QP 0x11: "
		      "IBV_WC_RETRY_EXC_ERR)\n");
	o = rp_json_fail(&f);
	assert_true(cJSON_GetObjectItem(o, "at_s")->valuedouble == 5.0234);
	assert_string_equal(cJSON_GetObjectItem(o, "reason")->valuestring,
			    f.why);
	cJSON_Delete(o);
	f = (struct rp_fail){ 0 };
	o = rp_json_fail(&f);
	assert_true(cJSON_IsNull(o));
	cJSON_Delete(o);
}

int main(void)
{
	static const struct CMUnitTest fractional[] = {
		cmocka_unit_test(test_rail_fractional_speed),
		cmocka_unit_test(test_set_line),
		cmocka_unit_test(test_ro_warn),
		cmocka_unit_test(test_extra_lines),
		cmocka_unit_test(test_lossy),
		cmocka_unit_test(test_pause),
		cmocka_unit_test(test_json_ceiling),
		cmocka_unit_test(test_interval_stats),
		cmocka_unit_test(test_cpu),
		cmocka_unit_test(test_event),
		cmocka_unit_test(test_failed),
	};
	struct CMUnitTest tests[ARRAY_SIZE(rail_cases) + ARRAY_SIZE(fractional) +
				ARRAY_SIZE(interval_cases)];
	size_t n = 0;

	CASES_ADD(tests, n, test_rail_case, rail_cases);
	TESTS_ADD(tests, n, fractional);
	CASES_ADD(tests, n, test_interval_case, interval_cases);
	return RUN_TESTS(tests, n);
}
