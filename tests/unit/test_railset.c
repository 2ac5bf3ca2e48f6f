/* Description: the set ceiling of rails (rp_railset) on hand-built
 * topologies, each expected value worked out here from the constraints:
 * two rails behind one PCIe link get that link's payload; rails on two
 * links but one physical port get the port's wire; a bridge above two
 * links caps both; an unknown limit does not constrain, an unknown rail
 * makes the set unknown; the smallest set reaching the host's ceiling
 * (first in rail order, every subset up to 12 rails, greedy above);
 * shared groups with a bridge that duplicates a narrower link left out.
 * Also rp_pcie's arithmetic, each term written out here: raw rates, SKP,
 * the Ack latency limits, the bound receiving (writes of MPS), sending
 * (read completions up to MPS, with the Acks of the read requests; and
 * cut at the RCB) and both at once (the read requests of MRRS and each
 * direction's Acks), MPS, MRRS and RCB from config space, PCIe
 * generations; a sending set on Spark; and rp_pcie_read /
 * rp_nicport_read over the DGX Spark, DGX H100, dual-port ConnectX, Gen4
 * x16 (root port with RCB 64), bond and Soft-RoCE fixtures; the root
 * ports perftest lists as not relaxed-ordering compliant, by id and on the
 * Broadwell fixture's path. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "hosts.h"
#include "topo/rp_nicport.h"
#include "topo/rp_pcie.h"
#include "topo/rp_railset.h"

#define near(a, b) assert_true(fabs((double)(a) - (double)(b)) < 1e-6)

#define G5X4 (32.0 * 4 * 128 / 130) /* 126.03 Gb/s raw */
#define SKP (375.0 / 376)	    /* SKP OS: 1 block in 376 */

/* DGX Spark's link (Gen5 x4, MPS 256, MRRS 512, Ack limit 214 symbol
 * times): receiving, writes of 256 B with 20 B each */
static double spark_recv(void)
{
	return G5X4 * SKP * 256 / 276; /* 116.59 */
}

/* sending, completions of @c B: one read request up per 512 B, so the
 * Acks coming down are at least one per 214 + (512 / c) x (c + 20) / 4
 * symbol times, 8 B each over 4 lanes */
static double spark_send(unsigned int c)
{
	double gap = 512.0 / c * (c + 20) / 4;

	return G5X4 * SKP * (1 - 8 / ((214 + gap) * 4)) * c / (c + 20);
}

/* A path of one link @addr (payload @g), under bridge @up (payload @ug,
 * "" for none). */
static void path(struct rp_pcie *pc, const char *addr, double g, const char *up,
		 double ug)
{
	memset(pc, 0, sizeof(*pc));
	snprintf(pc->addr, sizeof(pc->addr), "%s.0", addr);
	snprintf(pc->hop[0].addr, sizeof(pc->hop[0].addr), "%s", addr);
	pc->hop[0].payload_gbps = g;
	pc->nhops = 1;
	if (up[0]) {
		snprintf(pc->hop[1].addr, sizeof(pc->hop[1].addr), "%s", up);
		pc->hop[1].payload_gbps = ug;
		pc->nhops = 2;
	}
}

static struct rp_railset_rail rail(const char *name, double cap,
				   double port_cap, const char *port,
				   const struct rp_pcie *pc)
{
	return (struct rp_railset_rail){ .name = name,
					 .cap = cap,
					 .port_cap = port_cap,
					 .port_key = port,
					 .nic = "nic",
					 .pcie = pc };
}

static void test_shared_link_and_port(void **state)
{
	struct rp_pcie a, b;
	struct rp_railset_rail r[2];
	bool use[2] = { true, false };

	(void)state;
	/* two functions of one device: one link of 100 Gb/s payload */
	path(&a, "0000:01:00", 100, "", 0);
	path(&b, "0000:01:00", 100, "", 0);
	r[0] = rail("f0", 100, 196, "nic/p0", &a);
	r[1] = rail("f1", 100, 196, "nic/p1", &b);
	near(rp_railset_ceiling(r, 2, NULL), 100);
	near(rp_railset_ceiling(r, 2, use), 100);
	/* two links, one physical port of 150 */
	path(&b, "0002:01:00", 100, "", 0);
	r[0].port_cap = r[1].port_cap = 150;
	r[1].port_key = "nic/p0";
	near(rp_railset_ceiling(r, 2, NULL), 150);
	/* two links, two ports: nothing shared */
	r[1].port_key = "nic/p1";
	near(rp_railset_ceiling(r, 2, NULL), 100 + 100);
	/* a bridge of 120 above both links */
	path(&a, "0000:01:00", 100, "0000:00:01.0", 120);
	path(&b, "0000:02:00", 100, "0000:00:01.0", 120);
	near(rp_railset_ceiling(r, 2, NULL), 120);
}

static void test_unknown(void **state)
{
	struct rp_pcie a, b;
	struct rp_railset_rail r[2];

	(void)state;
	path(&a, "0000:01:00", 0, "", 0); /* link speed unknown */
	path(&b, "0000:01:00", 0, "", 0);
	r[0] = rail("a", 40, 0, "x/p0", &a); /* port speed unknown */
	r[1] = rail("b", 60, 0, "x/p1", &b);
	near(rp_railset_ceiling(r, 2, NULL), 40 + 60);
	r[1].pcie = NULL; /* no PCI function: the rail alone */
	near(rp_railset_ceiling(r, 2, NULL), 40 + 60);
	r[1].cap = 0; /* Soft-RoCE: no ceiling at all */
	near(rp_railset_ceiling(r, 2, NULL), 0);
	assert_int_equal(rp_railset_smallest(r, 2, (bool[2]){ 0 }), 0);
	near(rp_railset_ceiling(r, 0, NULL), 0);
}

/* DGX Spark's shape: links L0 {f0 p0, f1 p1}, L2 {f0 p0, f1 p1} in name
 * order P2f0, P2f1, p1f0, p1f1. Per link 113.6, per port 196. The first
 * pair in rail order that reaches 2 x 113.6: P2f0 with p1f1 (P2f0 with
 * P2f1 share a link: 113.6; with p1f0 a port: 196). */
static void test_smallest_spark(void **state)
{
	const double link = 32.0 * 4 * 128 / 130 * 256 / 284, port = 196.03;
	struct rp_pcie pc[4];
	struct rp_railset_rail r[4];
	bool pick[4];

	(void)state;
	path(&pc[0], "0002:01:00", link, "", 0);
	path(&pc[1], "0002:01:00", link, "", 0);
	path(&pc[2], "0000:01:00", link, "", 0);
	path(&pc[3], "0000:01:00", link, "", 0);
	r[0] = rail("roceP2p1s0f0", link, port, "g/p0", &pc[0]);
	r[1] = rail("roceP2p1s0f1", link, port, "g/p1", &pc[1]);
	r[2] = rail("rocep1s0f0", link, port, "g/p0", &pc[2]);
	r[3] = rail("rocep1s0f1", link, port, "g/p1", &pc[3]);
	near(rp_railset_ceiling(r, 4, NULL), 2 * link);
	assert_int_equal(rp_railset_smallest(r, 4, pick), 2);
	assert_true(pick[0] && !pick[1] && !pick[2] && pick[3]);
	/* only port p0 cabled (p1 rails left out): the port decides */
	near(rp_railset_ceiling(r, 4, (bool[4]){ 1, 0, 1, 0 }),
	     port < 2 * link ? port : 2 * link);
}

/* The same rails sending: each link's sending bound (completions up to
 * MPS, 115.92) caps the links, not the receiving 116.59; the
 * shared-link group says so too. */
static void test_spark_sending(void **state)
{
	const double link = spark_recv(), port = 196.03, send = spark_send(256);
	struct rp_railset_group g[8];
	struct rp_pcie pc[4];
	struct rp_railset_rail r[4];
	unsigned int i;

	(void)state;
	for (i = 0; i < 4; i++) {
		path(&pc[i], i < 2 ? "0002:01:00" : "0000:01:00", link, "", 0);
		pc[i].hop[0].send_gbps = send;
		/* a rail's own cap may be the wire's; the links still bind */
		r[i] = rail("f", port, port, i % 2 ? "g/p1" : "g/p0", &pc[i]);
		r[i].dir = RP_PCIE_SEND;
	}
	near(rp_railset_ceiling(r, 4, NULL), 2 * send);
	assert_true(rp_railset_groups(r, 4, NULL, g, 8) >= 1);
	assert_int_equal(g[0].kind, RP_GROUP_PCIE);
	near(g[0].cap, send);
	r[0].dir = r[1].dir = r[2].dir = r[3].dir = RP_PCIE_RECV;
	near(rp_railset_ceiling(r, 4, NULL), 2 * link);
}

/* 16 rails, two per link of 100, each on its own port: 800 in all; the
 * greedy search (above 12 rails) needs one rail per link. */
static void test_smallest_greedy(void **state)
{
	static char addr[16][16], key[16][8];
	struct rp_pcie pc[16];
	struct rp_railset_rail r[16];
	bool pick[16];
	unsigned int i, per_link[8] = { 0 };

	(void)state;
	for (i = 0; i < 16; i++) {
		snprintf(addr[i], sizeof(addr[i]), "0000:%02x:00", i / 2);
		snprintf(key[i], sizeof(key[i]), "n/p%u", i);
		path(&pc[i], addr[i], 100, "", 0);
		r[i] = rail(addr[i], 100, 200, key[i], &pc[i]);
	}
	near(rp_railset_ceiling(r, 16, NULL), 8 * 100);
	assert_int_equal(rp_railset_smallest(r, 16, pick), 8);
	for (i = 0; i < 16; i++)
		per_link[i / 2] += pick[i];
	for (i = 0; i < 8; i++)
		assert_int_equal(per_link[i], 1);
}

static void test_groups(void **state)
{
	struct rp_pcie pc[3];
	struct rp_railset_rail r[3];
	struct rp_railset_group g[8];
	unsigned int n;

	(void)state;
	/* f0, f1 on one link under a root port that carries just them (the
	 * same rails: left out); f2 alone elsewhere */
	path(&pc[0], "0000:01:00", 100, "0000:00:00.0", 100);
	path(&pc[1], "0000:01:00", 100, "0000:00:00.0", 100);
	path(&pc[2], "0002:01:00", 100, "0002:00:00.0", 100);
	r[0] = rail("f0", 100, 196, "g/p0", &pc[0]);
	r[1] = rail("f1", 100, 196, "g/p1", &pc[1]);
	r[2] = rail("P2f0", 100, 196, "g/p0", &pc[2]);
	n = rp_railset_groups(r, 3, NULL, g, 8);
	assert_int_equal(n, 3);
	assert_int_equal(g[0].kind, RP_GROUP_PCIE);
	assert_string_equal(g[0].id, "0000:01:00");
	assert_true(g[0].member[0] && g[0].member[1] && !g[0].member[2]);
	assert_int_equal(g[1].kind, RP_GROUP_PORT);
	assert_string_equal(g[1].id, "g/p0");
	assert_true(g[1].member[0] && g[1].member[2] && g[1].count == 2);
	assert_int_equal(g[2].kind, RP_GROUP_NIC);
	assert_int_equal(g[2].count, 3);
	/* only f0 and P2f0 used: the link is no longer shared */
	n = rp_railset_groups(r, 3, (bool[3]){ 1, 0, 1 }, g, 8);
	assert_int_equal(n, 2);
	assert_int_equal(g[0].kind, RP_GROUP_PORT);
}

static void test_pcie_math(void **state)
{
	/* Device Control at cap + 8: bits 7:5 = 1 -> 256 B, 2 -> 512 B */
	unsigned char cfg[256] = { 0 };

	(void)state;
	/* SKP: the longest interval, 375 blocks at 128b/130b, 1538 symbol
	 * times (4 symbols each) at 8b/10b */
	near(rp_pcie_skp_share(32), 375.0 / 376);
	near(rp_pcie_skp_share(8), 375.0 / 376);
	near(rp_pcie_skp_share(5), 1538.0 / 1542);
	near(rp_pcie_skp_share(0), 0);
	/* Ack latency limits (Table 3-9; 45 and 96 less at 5 and 2.5 GT/s);
	 * x12 is not listed: x8's */
	assert_int_equal(rp_pcie_ack_limit(32, 4, 256), 214);
	assert_int_equal(rp_pcie_ack_limit(16, 16, 512), 182);
	assert_int_equal(rp_pcie_ack_limit(8, 1, 128), 333);
	assert_int_equal(rp_pcie_ack_limit(32, 32, 4096), 372);
	assert_int_equal(rp_pcie_ack_limit(32, 12, 256), 203);
	assert_int_equal(rp_pcie_ack_limit(5, 4, 256), 169);
	assert_int_equal(rp_pcie_ack_limit(2.5, 4, 256), 118);
	assert_int_equal(rp_pcie_ack_limit(32, 0, 256), 0);
	assert_int_equal(rp_pcie_ack_limit(32, 4, 64), 0);
	/* receiving: writes of MPS, 20 B each (STP 4, 3DW header 12, LCRC
	 * 4), SKP; no Ack rides with them */
	near(rp_pcie_recv_gbps(32, 4, 256), spark_recv());
	near(rp_pcie_recv_gbps(16, 16, 512),
	     16.0 * 16 * 128 / 130 * SKP * 512 / 532);
	near(rp_pcie_recv_gbps(2.5, 1, 128),
	     2.5 * 0.8 * 1538 / 1542 * 128 / 148);
	near(rp_pcie_recv_gbps(0, 4, 256), 0);
	near(rp_pcie_recv_gbps(32, 4, 0), 0);
	assert_int_equal(rp_pcie_gen(2.5), 1);
	assert_int_equal(rp_pcie_gen(32), 5);
	assert_int_equal(rp_pcie_gen(7), 0);
	assert_int_equal(rp_pcie_mps_from_config(cfg, 256), 0);
	cfg[0x34] = 0x40;
	cfg[0x40] = 0x01; /* power management, next at 0x50 */
	cfg[0x41] = 0x50;
	cfg[0x50] = 0x10; /* PCI Express */
	cfg[0x58] = 2 << 5 | 0x0f;
	assert_int_equal(rp_pcie_mps_from_config(cfg, 256), 512);
	assert_int_equal(rp_pcie_mps_from_config(cfg, 64), 0); /* unreadable */
	cfg[0x41] = 0x40;				       /* a loop */
	assert_int_equal(rp_pcie_mps_from_config(cfg, 256), 0);
}

/* Both at once on Spark's link, per direction at equal rates: up the
 * writes (276 per 256 B) and a 20 B request per 512 B, with the Acks of
 * the completions coming down at most (c + 20) / 4 apart; down the
 * completions of c B with the Acks of the writes, at most 276 / 4
 * apart. */
static double spark_both(unsigned int c)
{
	double up = G5X4 * SKP * (1 - 8 / ((214 + (c + 20) / 4.0) * 4)) /
		    (276.0 / 256 + 20.0 / 512);
	double down =
		G5X4 * SKP * (1 - 8 / ((214 + 276 / 4.0) * 4)) * c / (c + 20);

	return up < down ? up : down;
}

/* The sides of a run over one link: sending, completions up to MPS (the
 * bound) or of the RCB; both at once; the hop and path accessors. */
static void test_pcie_sides(void **state)
{
	unsigned char cfg[256] = { 0 };
	struct rp_pcie_hop h = { .payload_gbps = 3,
				 .send_gbps = 2,
				 .both_gbps = 1 };
	struct rp_pcie pc = { .payload_gbps = 3,
			      .send_gbps = 2,
			      .send_rcb_gbps = 1.5,
			      .both_gbps = 1,
			      .both_rcb_gbps = 0.5 };

	(void)state;
	near(rp_pcie_send_gbps(32, 4, 256, 512, 256), spark_send(256));
	near(rp_pcie_send_gbps(32, 4, 256, 512, 128), spark_send(128));
	near(rp_pcie_send_gbps(32, 4, 256, 512, 64), spark_send(64));
	/* a completion is never longer than its request: MRRS 128 */
	near(rp_pcie_send_gbps(32, 4, 256, 128, 256),
	     G5X4 * SKP * (1 - 8 / ((214 + 148 / 4.0) * 4)) * 128 / 148);
	assert_true(rp_pcie_send_gbps(32, 4, 256, 512, 256) <
		    rp_pcie_recv_gbps(32, 4, 256));
	near(rp_pcie_send_gbps(0, 4, 256, 512, 128), 0);
	near(rp_pcie_send_gbps(32, 4, 256, 512, 0), 0);
	near(rp_pcie_both_gbps(32, 4, 256, 512, 256), spark_both(256));
	near(rp_pcie_both_gbps(32, 4, 256, 512, 128), spark_both(128));
	/* MRRS 128: the read requests load the upstream direction more */
	assert_true(rp_pcie_both_gbps(32, 4, 256, 128, 128) <
		    rp_pcie_both_gbps(32, 4, 256, 512, 128));
	near(rp_pcie_both_gbps(32, 4, 256, 0, 128), 0);
	assert_true(rp_pcie_hop_gbps(&h, RP_PCIE_RECV) == 3);
	assert_true(rp_pcie_hop_gbps(&h, RP_PCIE_SEND) == 2);
	assert_true(rp_pcie_hop_gbps(&h, RP_PCIE_BOTH) == 1);
	assert_true(rp_pcie_path_gbps(NULL, RP_PCIE_SEND) == 0);
	assert_true(rp_pcie_path_rcb_gbps(&pc, RP_PCIE_SEND) == 1.5);
	assert_true(rp_pcie_path_rcb_gbps(&pc, RP_PCIE_BOTH) == 0.5);
	assert_true(rp_pcie_path_rcb_gbps(&pc, RP_PCIE_RECV) == 3);
	assert_true(rp_pcie_path_rcb_gbps(NULL, RP_PCIE_RECV) == 0);
	assert_string_equal(rp_pcie_dir_name(RP_PCIE_SEND), "sending");
	assert_string_equal(rp_pcie_dir_key(RP_PCIE_SEND), "send");
	assert_string_equal(rp_pcie_dir_key(RP_PCIE_RECV), "recv");
	assert_string_equal(rp_pcie_dir_key(RP_PCIE_BOTH), "both");
	/* PCI Express capability at 0x60: DevCtl 14:12 = 2 -> MRRS 512,
	 * Link Control (+0x10) bit 3: RCB 128, clear: 64 */
	cfg[0x34] = 0x60;
	cfg[0x60] = 0x10;
	cfg[0x69] = 2 << 4;
	cfg[0x70] = 0x08;
	assert_int_equal(rp_pcie_mrrs_from_config(cfg, 256), 512);
	assert_int_equal(rp_pcie_rcb_from_config(cfg, 256), 128);
	cfg[0x70] = 0x00;
	assert_int_equal(rp_pcie_rcb_from_config(cfg, 256), 64);
	assert_int_equal(rp_pcie_rcb_from_config(cfg, 64), 0); /* unreadable */
	cfg[0x69] = 6 << 4;				       /* reserved */
	assert_int_equal(rp_pcie_mrrs_from_config(cfg, 256), 0);
}

static void host(void **state, const char *name, char *root)
{
	snprintf(root, PATH_MAX, "%s/%s", (char *)*state, name);
}

/* perftest's list (check_pcie_relaxed_ordering_compliant): Intel
 * 0x6f01 .. 0x6f0e and 0x2f01 only; found on the rail's path or not. */
static void test_ro_suspect(void **state)
{
	char root[PATH_MAX], out[40];

	assert_true(rp_pcie_ro_noncompliant(0x8086, 0x6f01));
	assert_true(rp_pcie_ro_noncompliant(0x8086, 0x6f0e));
	assert_true(rp_pcie_ro_noncompliant(0x8086, 0x2f01));
	assert_false(rp_pcie_ro_noncompliant(0x8086, 0x6f00));
	assert_false(rp_pcie_ro_noncompliant(0x8086, 0x6f0f));
	assert_false(rp_pcie_ro_noncompliant(0x8086, 0x2f02));
	assert_false(rp_pcie_ro_noncompliant(0x10de, 0x6f01));
	host(state, "broadwell", root);
	assert_true(rp_pcie_ro_suspect(root, "mlx5_0", out, sizeof(out)));
	assert_string_equal(out, "0000:00:03.0 (8086:6f08)");
	host(state, "spark", root); /* no vendor/device files there */
	assert_false(rp_pcie_ro_suspect(root, "rocep1s0f0", out, sizeof(out)));
	assert_string_equal(out, "");
	host(state, "softroce", root); /* no PCI function */
	assert_false(rp_pcie_ro_suspect(root, "rxe0", out, sizeof(out)));
}

static void test_read_fixtures(void **state)
{
	char root[PATH_MAX];
	struct rp_nicport n;
	struct rp_pcie pc;

	host(state, "spark", root);
	assert_int_equal(rp_pcie_read(root, "roceP2p1s0f1", &pc), 0);
	assert_string_equal(pc.addr, "0002:01:00.1");
	assert_string_equal(pc.link, "0002:01:00");
	/* the device's link; the root port is its other end, not a hop */
	assert_int_equal(pc.nhops, 1);
	assert_true(pc.mps == 256 && pc.mps_known);
	near(pc.payload_gbps, spark_recv());
	/* the root port has no config file: RCB 128 assumed */
	assert_string_equal(pc.root, "0002:00:00.0");
	assert_true(pc.rcb == 128 && !pc.rcb_known);
	assert_true(pc.mrrs == 512 && pc.mrrs_known);
	near(pc.send_gbps, spark_send(256));
	near(pc.send_rcb_gbps, spark_send(128));
	near(rp_pcie_path_gbps(&pc, RP_PCIE_SEND), pc.send_gbps);
	near(pc.both_gbps, spark_both(256));
	near(pc.both_rcb_gbps, spark_both(128));
	rp_nicport_read(root, "roceP2p1s0f1", 1, "enP2p1s0f1np1", pc.addr, &n);
	assert_string_equal(n.key, "30c5:9903:003e:6a13/p1");
	host(state, "dgxh100", root);
	assert_int_equal(rp_pcie_read(root, "mlx5_7", &pc), 0);
	/* the NIC's link (the switch's downstream port its other end), the
	 * switch's upstream link (the root port its other end) */
	assert_int_equal(pc.nhops, 2);
	assert_string_equal(pc.hop[0].addr, "0000:88:00");
	assert_string_equal(pc.hop[1].addr, "0000:86:00.0");
	assert_true(pc.mps == 512 && pc.max_gts == 32 && pc.max_width == 16);
	/* one end of a link trained down: the lower end counts */
	host(state, "spark-x2", root);
	assert_int_equal(rp_pcie_read(root, "roceP2p1s0f0", &pc), 0);
	assert_true(pc.hop[0].width == 2 && pc.hop[0].max_width == 4);
	near(pc.payload_gbps, 32.0 * 2 * 128 / 130 * SKP * 256 / 276);
	host(state, "connectx", root);
	assert_int_equal(rp_pcie_read(root, "mlx5_1", &pc), 0);
	assert_true(pc.mps == 256 && !pc.mps_known); /* assumed */
	assert_true(pc.mrrs == 512 && !pc.mrrs_known);
	host(state, "bond", root);
	assert_int_equal(rp_pcie_read(root, "mlx5_bond_0", &pc), 0);
	rp_nicport_read(root, "mlx5_bond_0", 1, "bond0", pc.addr, &n);
	assert_string_equal(n.port, "bond:bond0");
	assert_true(n.bond);
	host(state, "softroce", root);
	assert_int_equal(rp_pcie_read(root, "rxe0", &pc), -ENOENT);
	rp_nicport_read(root, "rxe0", 1, "eth0", "", &n);
	assert_string_equal(n.key, "rxe0/port1"); /* no GUID, no PCI */
}

/* Gen4 x16 below a root port whose Link Control says RCB 64: the figure
 * with completions cut there, below the bound. */
static void test_read_rcb64(void **state)
{
	char root[PATH_MAX];
	struct rp_pcie pc;

	/* the root port says RCB 64 in its Link Control */
	host(state, "gen4x16", root);
	assert_int_equal(rp_pcie_read(root, "mlx5_0", &pc), 0);
	assert_string_equal(pc.root, "0000:a0:01.1");
	assert_true(pc.rcb == 64 && pc.rcb_known);
	/* completions of 64 B: 8 per request, Ack limit 168 (x16, 256) */
	near(pc.send_rcb_gbps, 16.0 * 16 * 128 / 130 * SKP *
				       (1 - 8 / ((168 + 8 * 84 / 16.0) * 16)) *
				       64 / 84); /* 191.08 */
	near(pc.hop[0].send_rcb_gbps, pc.send_rcb_gbps);
	assert_true(pc.send_gbps > pc.send_rcb_gbps);
}

int main(int argc, char **argv)
{
	char hosts[PATH_MAX];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shared_link_and_port),
		cmocka_unit_test(test_unknown),
		cmocka_unit_test(test_smallest_spark),
		cmocka_unit_test(test_spark_sending),
		cmocka_unit_test(test_smallest_greedy),
		cmocka_unit_test(test_groups),
		cmocka_unit_test(test_pcie_math),
		cmocka_unit_test(test_pcie_sides),
		cmocka_unit_test_prestate(test_read_fixtures, hosts),
		cmocka_unit_test_prestate(test_read_rcb64, hosts),
		cmocka_unit_test_prestate(test_ro_suspect, hosts),
	};

	hosts_find(argc > 0 ? argv[0] : NULL, hosts);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
