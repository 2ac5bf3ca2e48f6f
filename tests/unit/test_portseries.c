/* Description: a port's counters per --interval row (rp_portseries) over
 * a sysfs tree whose counter files change between readings, as a live
 * port's do: an mlx5-style port (packets, retry and CNP counters) and a
 * Soft-RoCE port (hw_counters: sent/rcvd_pkts, retries, no CNP) read at
 * four ticks; each row holds that row's deltas (not the run's so far),
 * the CNP kind absent on rxe (not 0), a counter that went backwards is a
 * reset (its kind absent in that row only, the next row counts from the
 * new value), pause frames from the caller's reading; the row's line
 * (rp_report_interval_counters) only when pause, CNP or retries moved,
 * and the JSON array (rp_json_ivl_counters) with null for absent kinds. */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <cjson/cJSON.h>

#include "output/rp_json_rail.h"
#include "output/rp_report_multi.h"
#include "topo/rp_portseries.h"
#include "memout.h"

static char root[64];

/* @dev port 1's @file (e.g. "hw_counters/np_cnp_sent") := @v, made. */
static void put(const char *dev, const char *file, uint64_t v)
{
	char path[256], cmd[300];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s/ports/1/%s", root, dev, file);
	snprintf(cmd, sizeof(cmd), "mkdir -p \"$(dirname '%s')\"", path);
	assert_int_equal(system(cmd), 0);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "%llu\n", (unsigned long long)v);
	assert_int_equal(fclose(f), 0);
}

/* One tick of the mlx5-style port: packets, two retry and two CNP
 * counters. */
static void mlx5_tick(uint64_t xp, uint64_t rp, uint64_t ooo, uint64_t lat,
		      uint64_t np, uint64_t rpc)
{
	put("mlx5_0", "counters/port_xmit_packets", xp);
	put("mlx5_0", "counters/port_rcv_packets", rp);
	put("mlx5_0", "hw_counters/out_of_sequence", ooo);
	put("mlx5_0", "hw_counters/local_ack_timeout_err", lat);
	put("mlx5_0", "hw_counters/np_cnp_sent", np);
	put("mlx5_0", "hw_counters/rp_cnp_handled", rpc);
}

/* Read mlx5_0 port 1 with the netdev's PFC frames @rx, @tx (priority 3)
 * as the caller's ethtool reading, and push it. */
static void mlx5_push(struct rp_portseries *s, uint64_t rx, uint64_t tx,
		      bool first)
{
	struct rp_port_counters c;

	rp_portseries_read(root, "mlx5_0", 1, NULL, &c);
	c.pause.prios = 1u << 3;
	c.pause.rx_prio[3] = rx;
	c.pause.tx_prio[3] = tx;
	if (first)
		rp_portseries_start(s, &c);
	else
		assert_int_equal(rp_portseries_push(s, &c), 0);
}

static void rxe_push(struct rp_portseries *s, bool first)
{
	struct rp_port_counters c;

	/* no such netdev: pause absent, not an error */
	rp_portseries_read(root, "rxe0", 1, "rp-no-such-netdev0", &c);
	if (first)
		rp_portseries_start(s, &c);
	else
		assert_int_equal(rp_portseries_push(s, &c), 0);
}

static void rxe_tick(uint64_t sent, uint64_t rcvd, uint64_t retry, uint64_t seq)
{
	put("rxe0", "hw_counters/sent_pkts", sent);
	put("rxe0", "hw_counters/rcvd_pkts", rcvd);
	put("rxe0", "hw_counters/completer_retry_err", retry);
	put("rxe0", "hw_counters/rcvd_seq_err", seq);
}

/* The mlx5-style port over three rows: 0..1 s quiet but for packets,
 * 1..2 s pause frames, CNPs and retries, 2..3 s the CNP counter reset
 * (np_cnp_sent back to 5) while the retry counters go on. */
static void test_mlx5_rows(void **state)
{
	struct rp_portseries s = { 0 };
	const struct rp_ctr_ivl *v;

	(void)state;
	mlx5_tick(100, 200, 0, 1, 10, 20);
	mlx5_push(&s, 1000, 50, true);
	mlx5_tick(1100, 1200, 0, 1, 10, 20);
	mlx5_push(&s, 1000, 50, false);
	mlx5_tick(1600, 1300, 3, 5, 40, 25);
	mlx5_push(&s, 1700, 52, false);
	mlx5_tick(2600, 2300, 4, 5, 5, 30);
	mlx5_push(&s, 1700, 52, false);
	assert_int_equal(s.n, 3);
	v = s.v;
	assert_true(v[0].have_pkts && v[0].xmit_pkts == 1000 &&
		    v[0].rcv_pkts == 1000);
	assert_true(v[0].have_retry && v[0].retry == 0);
	assert_true(v[0].have_cnp && v[0].cnp == 0);
	assert_true(v[0].have_pause && v[0].pause_rx == 0 &&
		    v[0].pause_tx == 0);
	assert_false(v[0].reset);
	assert_false(rp_ctr_ivl_busy(&v[0]));
	/* the row's own deltas, not the run's so far */
	assert_true(v[1].xmit_pkts == 500 && v[1].rcv_pkts == 100);
	assert_int_equal(v[1].retry, 3 + 4);
	assert_int_equal(v[1].cnp, 30 + 5);
	assert_true(v[1].pause_rx == 700 && v[1].pause_tx == 2);
	assert_true(rp_ctr_ivl_busy(&v[1]));
	/* 45 -> 35: a reset; CNP absent in this row, the others counted */
	assert_false(v[2].have_cnp);
	assert_true(v[2].reset);
	assert_true(v[2].have_retry && v[2].retry == 1);
	assert_true(v[2].have_pkts && v[2].xmit_pkts == 1000);
	/* the next row counts from the new value */
	mlx5_tick(2700, 2400, 4, 5, 8, 30);
	mlx5_push(&s, 1700, 52, false);
	assert_true(s.n == 4 && s.v[3].have_cnp && s.v[3].cnp == 3);
	assert_false(s.v[3].reset);
	rp_portseries_clear(&s);
	assert_true(s.n == 0 && s.v == NULL);
}

/* Soft-RoCE: packets and retries from hw_counters, no CNP, no pause
 * (virtio netdev): absent, not 0. */
static void test_rxe_rows(void **state)
{
	struct rp_portseries s = { 0 };

	(void)state;
	rxe_tick(123456, 654321, 5, 2);
	rxe_push(&s, true);
	rxe_tick(130000, 660000, 905, 2);
	rxe_push(&s, false);
	assert_int_equal(s.n, 1);
	assert_true(s.v[0].have_pkts && s.v[0].xmit_pkts == 130000 - 123456 &&
		    s.v[0].rcv_pkts == 660000 - 654321);
	assert_true(s.v[0].have_retry && s.v[0].retry == 900);
	assert_false(s.v[0].have_cnp);
	assert_false(s.v[0].have_pause);
	rp_portseries_clear(&s);
}

/* A device with no counters at all: every kind absent in every row. */
static void test_absent_device(void **state)
{
	struct rp_portseries s = { 0 };
	struct rp_port_counters c;

	(void)state;
	rp_portseries_read(root, "nodev9", 1, NULL, &c);
	rp_portseries_start(&s, &c);
	assert_int_equal(rp_portseries_push(&s, &c), 0);
	assert_false(s.v[0].have_pkts || s.v[0].have_retry || s.v[0].have_cnp ||
		     s.v[0].have_pause || s.v[0].reset);
	assert_false(rp_ctr_ivl_busy(&s.v[0]));
	rp_portseries_clear(&s);
}

/* The text line: only the kinds that moved; nothing for a quiet row. */
static void test_line(void **state)
{
	struct rp_ctr_ivl quiet = { .have_pkts = true,
				    .xmit_pkts = 9,
				    .have_retry = true,
				    .have_cnp = true,
				    .have_pause = true };
	struct rp_ctr_ivl busy = { .have_pause = true,
				   .pause_rx = 700,
				   .pause_tx = 2,
				   .have_cnp = true,
				   .cnp = 35,
				   .have_retry = true,
				   .retry = 7 };
	struct rp_ctr_ivl retry = { .have_retry = true,
				    .retry = 4,
				    .reset = true };
	struct rp_ctr_ivl reset = { .reset = true };
	struct mem m;

	(void)state;
	rp_report_interval_counters(mem_open(&m), "rail 1 (rxe1)", 1, 2,
				    &quiet);
	rp_report_interval_counters(m.f, "rail 1 (rxe1)", 1, 2, &busy);
	rp_report_interval_counters(m.f, "rail 0 (rxe0)", 2, 3, &retry);
	rp_report_interval_counters(m.f, "rail 0 (rxe0)", 3, 4, &reset);
	mem_expect(&m, " railperf: rail 1 (rxe1): 1.0 to 2.0 s: pause frames "
		       "rx 700 tx 2, 35 CNPs, 7 retries\n"
		       " railperf: rail 0 (rxe0): 2.0 to 3.0 s: 4 retries, "
		       "counter reset\n"
		       " railperf: rail 0 (rxe0): 3.0 to 4.0 s: counter "
		       "reset\n");
}

/* JSON: one object per row, null for an absent kind, counter_reset. */
static void test_json(void **state)
{
	struct rp_ctr_ivl v[2] = {
		{ .have_pkts = true,
		  .xmit_pkts = 10,
		  .rcv_pkts = 20,
		  .have_retry = true,
		  .retry = 3 },
		{ .have_cnp = true, .cnp = 0, .reset = true },
	};
	struct rp_portseries s = { .v = v, .n = 2, .cap = 2 };
	cJSON *a = rp_json_ivl_counters(&s);
	char *txt;

	(void)state;
	assert_non_null(a);
	txt = cJSON_PrintUnformatted(a);
	assert_string_equal(
		txt, "[{\"xmit_pkts\":10,\"rcv_pkts\":20,\"retry_events\":3,"
		     "\"cnp\":null,\"pause_rx_frames\":null,"
		     "\"pause_tx_frames\":null},"
		     "{\"xmit_pkts\":null,\"rcv_pkts\":null,"
		     "\"retry_events\":null,\"cnp\":0,\"pause_rx_frames\":null,"
		     "\"pause_tx_frames\":null,\"counter_reset\":true}]");
	free(txt);
	cJSON_Delete(a);
}

int main(void)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mlx5_rows),
		cmocka_unit_test(test_rxe_rows),
		cmocka_unit_test(test_absent_device),
		cmocka_unit_test(test_line),
		cmocka_unit_test(test_json),
	};
	char cmd[96];
	int ret;

	snprintf(root, sizeof(root), "/tmp/rp_portseries.XXXXXX");
	if (!mkdtemp(root))
		return 1;
	ret = cmocka_run_group_tests(tests, NULL, NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd))
		ret = ret ? ret : 1;
	return ret;
}
