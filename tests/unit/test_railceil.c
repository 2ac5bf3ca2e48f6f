/* Description: rail_multi_bw's ceilings for the rails it runs on
 * (rp_railceil), read from host fixtures: three DGX Spark rails, two on
 * one Gen5 x4 link and two on one physical port, give each rail its PCIe
 * payload bound for the side it is on (receiving: posted writes of MPS
 * 256, 116.59 Gb/s; sending: read completions up to MPS with the Acks of
 * the read requests, 115.92; both at once: the upstream direction with
 * the writes, the read requests and the completions' Acks, 111.72), the
 * set the maximum flow through both links (2 x that, worked out from the
 * formulas here) and one warning per shared link or port naming the rails
 * and the limit; the public Spark runs against the bounds; DGX H100 and
 * Gen4 x16 bound by the wire; each verb judged on its own side, with its
 * own wire ceiling; two Soft-RoCE rails give an unknown set ceiling, the
 * reason, and no warning. */
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
#include "app/rp_roles.h"
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
	rp_railceil_read(c, root, r, 3, RP_VERB_WRITE, dir);
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

/* Spark's Gen5 x4 link, each term written out (docs/ceilings.md): raw
 * 126.03, SKP 375/376, 20 B per TLP (STP 4, 3DW header 12, LCRC 4), an
 * 8-byte Ack at least every 214 (Ack latency limit, x4, MPS 256) + G
 * symbol times in the data direction when the other carries TLPs G
 * apart. */
#define G5X4 (32.0 * 4 * 128 / 130)
#define SKP (375.0 / 376)

static double spark_send(unsigned int c)
{
	return G5X4 * SKP * (1 - 8 / ((214 + 512.0 / c * (c + 20) / 4) * 4)) *
	       c / (c + 20);
}

/* The server of a WRITE: posted writes of MPS 256, no Ack rides up. */
static void test_spark_recv(void **state)
{
	spark_side(state, RP_PCIE_RECV, G5X4 * SKP * 256 / 276);
}

/* The client: read completions up to MPS 256, the Acks of the read
 * requests (one per MRRS 512) coming down with them. */
static void test_spark_send(void **state)
{
	spark_side(state, RP_PCIE_SEND, spark_send(256));
}

/* -b: upstream carries writes and a request per 512 B and the Acks of
 * the completions; it binds (111.72), below the downstream figure. */
static void test_spark_both(void **state)
{
	spark_side(state, RP_PCIE_BOTH,
		   G5X4 * SKP * (1 - 8 / ((214 + 276 / 4.0) * 4)) /
			   (276.0 / 256 + 20.0 / 512));
}

/* The public runs on DGX Spark against the fixture's bounds (field notes;
 * docs/ceilings.md): ib_write_bw on one function, 8 QPs of 1 MiB, 111.86
 * Gb/s, is at least 95 % and at most 100 % of the sending bound, which is
 * at least 111.86 / 0.995 and never above the framing-only figure (raw x
 * SKP x 256 / 276); 111.61 (4 QPs, 64 KiB) and 109.31 (1 QP) fit under
 * it, the receiving side's too; the figure with completions cut at RCB
 * 128 is below all three (which is why it cannot be the bound), and the
 * rail line shows it, not the bound, above 100 %. Both halves of one
 * port (rocep1s0f0 + roceP2p1s0f0) share the 200G port: 196.03 Gb/s at
 * 64 KiB, 196.07 at 1 MiB, the public 98.04 + 98.04 within the rounding
 * of its two printed halves. */
static void test_spark_public_runs(void **state)
{
	static const char *const dev[2] = { "rocep1s0f0", "roceP2p1s0f0" };
	static const char *const ndev[2] = { "enp1s0f0np0", "enP2p1s0f0np0" };
	struct rp_railceil *c = calloc(1, sizeof(*c));
	struct rp_rail *r = rails_new(dev, ndev, 2);
	char root[PATH_MAX];
	double send, recv;

	assert_non_null(c);
	snprintf(root, sizeof(root), "%s/spark", (char *)*state);
	rp_railceil_read(c, root, r, 2, RP_VERB_WRITE, RP_PCIE_SEND);
	rp_railceil_size(c, r, 1048576);
	send = c->r[0].cap;
	assert_true(send >= 111.86 / 0.995);
	assert_true(send <= G5X4 * SKP * 256 / 276);
	assert_true(111.86 / send >= 0.95 && 111.86 / send <= 1.0);
	assert_true(111.61 <= send && 109.31 <= send);
	assert_true(c->rcb[0] > 0 && c->rcb[0] < 109.31);
	assert_true(fabs(c->rcb[0] - spark_send(128)) < 1e-6);
	/* both halves of port p0: the port's wire at 1 MiB */
	assert_true(fabs(c->set - 200.0 * 1048576 / (1048576 + 82 * 256 + 16)) <
		    1e-6);
	assert_true(98.04 + 98.04 - 2 * 0.005 <= c->set);
	rp_railceil_size(c, r, 65536);
	assert_true(fabs(c->set - 200.0 * 65536 / (65536 + 82 * 16 + 16)) <
		    1e-6); /* 196.03 */
	rp_railceil_read(c, root, r, 2, RP_VERB_WRITE, RP_PCIE_RECV);
	rp_railceil_size(c, r, 1048576);
	recv = c->r[0].cap;
	assert_true(111.86 / recv >= 0.95 && 111.86 / recv <= 1.0);
	assert_true(c->rcb[0] == 0); /* no completions on this side */
	free(r);
	free(c);
}

/* DGX H100 (8 x 400G, each NIC on Gen5 x16, MPS 512): the wire binds
 * both sides and with completions cut at RCB 128 too, so no RCB figure;
 * Gen4 x16 with a root port of RCB 64: the bound is the wire (196.03),
 * the RCB figure below it (PCIe, completions of 64 B) is given. */
static void test_wire_bound_hosts(void **state)
{
	static const char *const dgx[1] = { "mlx5_0" };
	static const char *const dgx_nd[1] = { "enp24s0np0" };
	static const char *const g4[1] = { "mlx5_0" };
	static const char *const g4_nd[1] = { "enp161s0f0np0" };
	struct rp_railceil *c = calloc(1, sizeof(*c));
	struct rp_rail *r = rails_new(dgx, dgx_nd, 1);
	const double w400 = 400.0 * 65536 / (65536 + 82 * 16 + 16);
	const double w200 = 200.0 * 65536 / (65536 + 82 * 16 + 16);
	char root[PATH_MAX];

	assert_non_null(c);
	snprintf(root, sizeof(root), "%s/dgxh100", (char *)*state);
	rp_railceil_read(c, root, r, 1, RP_VERB_WRITE, RP_PCIE_SEND);
	rp_railceil_size(c, r, 65536);
	assert_true(fabs(c->r[0].cap - w400) < 1e-6 && c->rcb[0] == 0);
	free(r);
	r = rails_new(g4, g4_nd, 1);
	snprintf(root, sizeof(root), "%s/gen4x16", (char *)*state);
	rp_railceil_read(c, root, r, 1, RP_VERB_WRITE, RP_PCIE_SEND);
	rp_railceil_size(c, r, 65536);
	assert_true(fabs(c->r[0].cap - w200) < 1e-6);
	assert_true(fabs(c->rcb[0] -
			 16.0 * 16 * 128 / 130 * SKP *
				 (1 - 8 / ((168 + 8 * 84 / 16.0) * 16)) * 64 /
				 84) < 1e-6); /* 191.08 */
	free(r);
	free(c);
}

/* Each verb judged on its own side (the verb table's, rp_roles.h): WRITE, WRITE with
 * immediate and SEND: the client sends (its NIC reads the data: read
 * completions), the server receives (posted writes); READ the other way
 * round (the client's NIC writes the responses into memory, the server's
 * NIC reads what it serves); -b and cluster cells both ways. On Spark's
 * rocep1s0f0, with each verb's own wire ceiling (on a 400G DGX port,
 * where the wire binds): WRITE 16 B per message (RETH), WRITE with
 * immediate 20, SEND 0, READ 8 (AETH on the first and last response). */
static const struct verb_side {
	enum rp_verb verb;
	bool server, bidir;
	enum rp_pcie_dir dir;
} verb_sides[] = {
	{ RP_VERB_WRITE, false, false, RP_PCIE_SEND },
	{ RP_VERB_WRITE, true, false, RP_PCIE_RECV },
	{ RP_VERB_WRITE, false, true, RP_PCIE_BOTH },
	{ RP_VERB_WRITE, true, true, RP_PCIE_BOTH },
	{ RP_VERB_WRITE_IMM, false, false, RP_PCIE_SEND },
	{ RP_VERB_WRITE_IMM, true, false, RP_PCIE_RECV },
	{ RP_VERB_SEND, false, false, RP_PCIE_SEND },
	{ RP_VERB_SEND, true, false, RP_PCIE_RECV },
	{ RP_VERB_SEND, true, true, RP_PCIE_BOTH },
	{ RP_VERB_READ, false, false, RP_PCIE_RECV },
	{ RP_VERB_READ, true, false, RP_PCIE_SEND },
	{ RP_VERB_READ, false, true, RP_PCIE_BOTH },
	{ RP_VERB_READ, true, true, RP_PCIE_BOTH },
};

static void test_verb_sides(void **state)
{
	static const char *const dev[1] = { "rocep1s0f0" };
	static const char *const ndev[1] = { "enp1s0f0np0" };
	static const char *const dgx[1] = { "mlx5_0" };
	static const char *const dgx_nd[1] = { "enp24s0np0" };
	const double e[4] = { [RP_VERB_WRITE] = 16,
			      [RP_VERB_READ] = 8,
			      [RP_VERB_SEND] = 0,
			      [RP_VERB_WRITE_IMM] = 20 };
	const double want[3] = {
		[RP_PCIE_RECV] = G5X4 * SKP * 256 / 276,
		[RP_PCIE_SEND] = spark_send(256),
		[RP_PCIE_BOTH] = G5X4 * SKP *
				 (1 - 8 / ((214 + 276 / 4.0) * 4)) /
				 (276.0 / 256 + 20.0 / 512),
	};
	struct rp_railceil *rc = calloc(1, sizeof(*rc));
	struct rp_rail *r = rails_new(dev, ndev, 1);
	struct rp_rail *d = rails_new(dgx, dgx_nd, 1);
	char spark[PATH_MAX], h100[PATH_MAX];
	enum rp_pcie_dir dir;
	unsigned int i;

	assert_non_null(rc);
	snprintf(spark, sizeof(spark), "%s/spark", (char *)*state);
	snprintf(h100, sizeof(h100), "%s/dgxh100", (char *)*state);
	for (i = 0; i < sizeof(verb_sides) / sizeof(verb_sides[0]); i++) {
		const struct verb_side *c = &verb_sides[i];

		dir = rp_roles_of(rp_roles_verb(c->verb), true, c->bidir,
				  c->server)
			      ->pcie;
		if (dir != c->dir)
			fail_msg("verb %d server %d bidir %d: side %d, want %d",
				 c->verb, c->server, c->bidir, dir, c->dir);
		rp_railceil_read(rc, spark, r, 1, c->verb, dir);
		rp_railceil_size(rc, r, 65536);
		assert_true(fabs(rc->r[0].cap - want[dir]) < 1e-6);
		rp_railceil_read(rc, h100, d, 1, c->verb, dir);
		rp_railceil_size(rc, d, 65536);
		assert_true(fabs(rc->r[0].cap - 400.0 * 65536 /
							(65536 + 82 * 16 +
							 e[c->verb])) < 1e-6);
	}
	free(d);
	free(r);
	free(rc);
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
	rp_railceil_read(c, root, r, 2, RP_VERB_WRITE, RP_PCIE_SEND);
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
		cmocka_unit_test_prestate(test_verb_sides, hosts),
		cmocka_unit_test_prestate(test_spark_public_runs, hosts),
		cmocka_unit_test_prestate(test_wire_bound_hosts, hosts),
		cmocka_unit_test_prestate(test_spark_send, hosts),
		cmocka_unit_test_prestate(test_spark_both, hosts),
		cmocka_unit_test_prestate(test_softroce, hosts),
	};

	hosts_find(argc > 0 ? argv[0] : NULL, hosts);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
