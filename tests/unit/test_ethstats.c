/* Description: rp_pause_parse over a recorded mlx5 `ethtool -S` table
 * (tests/fixtures/ethtool/mlx5_pfc3.txt, PFC on priority 3): the PFC
 * frames per priority (rx/tx_prio<N>_pause, not their _duration or
 * _transition neighbours), the PHY's pause control frames, totals rx 20411
 * tx 51820; a table without pause counters (Soft-RoCE's virtio netdev)
 * has none; global pause counts when PFC is off; the ctrl_phy count
 * stands alone only without the other kinds; rp_pause_delta subtracts
 * and a counter that went backwards makes all absent (reset);
 * rp_pause_read on a netdev that does not exist fails without output.
 * rp_pause_read against the kernel's ethtool ioctl as it behaves (this
 * file's ioctl: ETHTOOL_GSTRINGS and ETHTOOL_GSTATS write as many entries
 * as the stat count is now, whatever the caller's buffer holds): when the
 * count grows from 4 to 8 between GSSET_INFO and GSTRINGS, or between
 * GSTRINGS and GSTATS, no ioctl writes past its buffer (checked with
 * malloc_usable_size before each write) and the names and values read
 * belong together (the pause counters' values, 11 and 12, wherever the
 * new entries put them); a table whose names and values never agree in
 * length gives -EAGAIN after a few reads, nothing written past a buffer. */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <malloc.h>
#include <net/if.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "fixtures.h"
#include "net/rp_ethstats.h"

#define MAX_STATS 128

static char fixtures[PATH_MAX - 64];

struct table {
	char name[MAX_STATS][32];
	const char *names[MAX_STATS];
	uint64_t values[MAX_STATS];
	size_t n;
};

/* ethtool/@file's "     name: value" lines into @t. */
static void table_load(const char *file, struct table *t)
{
	char path[PATH_MAX], line[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/ethtool/%s", fixtures, file);
	f = fopen(path, "r");
	if (!f)
		fail_msg("fixture %s not found: run from the repo root or set "
			 "RP_FIXTURES",
			 path);
	t->n = 0;
	while (fgets(line, sizeof(line), f) && t->n < MAX_STATS)
		if (sscanf(line, " %31[^:]: %" SCNu64, t->name[t->n],
			   &t->values[t->n]) == 2) {
			t->names[t->n] = t->name[t->n];
			t->n++;
		}
	fclose(f);
}

static void test_mlx5_pfc(void **state)
{
	struct table t;
	struct rp_pause p;
	unsigned int i;

	(void)state;
	table_load("mlx5_pfc3.txt", &t);
	assert_int_equal(t.n, 45);
	rp_pause_parse(t.names, t.values, t.n, &p);
	assert_true(rp_pause_any(&p));
	assert_int_equal(p.prios, (1u << 0) | (1u << 3));
	assert_true(p.rx_prio[3] == 20411 && p.tx_prio[3] == 51820);
	assert_true(p.rx_prio[0] == 0 && p.tx_prio[0] == 0);
	for (i = 0; i < RP_PAUSE_PRIOS; i++)
		if (i != 3)
			assert_true(p.rx_prio[i] == 0 && p.tx_prio[i] == 0);
	assert_false(p.have_global);
	assert_true(p.have_ctrl && p.rx_ctrl == 20411 && p.tx_ctrl == 51820);
	/* the ctrl_phy frames are the same frames: not added twice */
	assert_true(rp_pause_rx(&p) == 20411 && rp_pause_tx(&p) == 51820);
}

static void test_no_pause(void **state)
{
	const char *names[] = {
		"rx_queue_0_packets",	   "tx_queue_0_packets",
		"rx_prio3_pause_duration", "rx_prio3_pause_transition",
		"rx_prio9_pause",	   "rx_priox_pause"
	};
	const uint64_t values[] = { 10, 20, 30, 40, 50, 60 };
	struct rp_pause p;

	(void)state;
	rp_pause_parse(names, values, 6, &p);
	assert_false(rp_pause_any(&p));
	assert_true(rp_pause_rx(&p) == 0 && rp_pause_tx(&p) == 0);
}

static void test_global_and_ctrl_alone(void **state)
{
	const char *g[] = { "rx_global_pause", "tx_global_pause",
			    "rx_global_pause_duration", "rx_pause_ctrl_phy",
			    "tx_pause_ctrl_phy" };
	const uint64_t gv[] = { 7, 9, 1000, 7, 9 };
	const char *c[] = { "rx_pause_ctrl_phy", "tx_pause_ctrl_phy" };
	const uint64_t cv[] = { 4, 5 };
	struct rp_pause p;

	(void)state;
	rp_pause_parse(g, gv, 5, &p);
	assert_true(p.have_global && !p.prios && p.have_ctrl);
	assert_true(rp_pause_rx(&p) == 7 && rp_pause_tx(&p) == 9);
	rp_pause_parse(c, cv, 2, &p);
	assert_true(!p.have_global && !p.prios && p.have_ctrl);
	assert_true(rp_pause_rx(&p) == 4 && rp_pause_tx(&p) == 5);
}

static void test_delta(void **state)
{
	struct table t;
	struct rp_pause b, a, d;

	(void)state;
	table_load("mlx5_pfc3.txt", &t);
	rp_pause_parse(t.names, t.values, t.n, &b);
	a = b;
	a.rx_prio[3] += 100;
	a.tx_prio[3] += 5;
	a.rx_ctrl += 100;
	a.tx_ctrl += 5;
	rp_pause_delta(&b, &a, &d);
	assert_false(d.reset);
	assert_int_equal(d.prios, b.prios);
	assert_true(rp_pause_rx(&d) == 100 && rp_pause_tx(&d) == 5);
	a.tx_prio[0] = 0;
	b.tx_prio[0] = 3; /* went backwards: a reset */
	rp_pause_delta(&b, &a, &d);
	assert_true(d.reset && !rp_pause_any(&d));
	memset(&a, 0, sizeof(a)); /* counters gone after: none in the delta */
	rp_pause_delta(&b, &a, &d);
	assert_true(!d.reset && !rp_pause_any(&d));
}

static void test_read_missing(void **state)
{
	struct rp_pause p;

	(void)state;
	memset(&p, 0xa5, sizeof(p));
	assert_int_equal(rp_pause_read("rp-no-such0", &p), -ENODEV);
	assert_false(rp_pause_any(&p));
	assert_int_equal(rp_pause_read("", &p), -EINVAL);
}

/* --- the kernel's ethtool ioctl, as it behaves -------------------------- */

static const char *const fake_names[8] = { "ch0_packets",    "ch1_packets",
					   "ch2_packets",    "ch3_packets",
					   "rx_bytes",	     "tx_bytes",
					   "rx_prio3_pause", "tx_prio3_pause" };
static unsigned int fake_calls;	   /* SIOCETHTOOL calls so far */
static unsigned int fake_grow_at;  /* the call from which there are 8 */
static bool fake_flip;		   /* GSTATS sees 4, the rest 8 */
static unsigned int fake_overflow; /* writes that would pass a buffer */

/* The stat count at this call of @cmd: 4 (the last four names), or 8. */
static unsigned int fake_count(uint32_t cmd)
{
	if (fake_flip)
		return cmd == ETHTOOL_GSTATS ? 4 : 8;
	return fake_calls >= fake_grow_at ? 8 : 4;
}

/* @need bytes at @p, a calloc'ed buffer: there, or counted as overflow. */
static bool fake_room(void *p, size_t need)
{
	if (malloc_usable_size(p) >= need)
		return true;
	fake_overflow++;
	return false;
}

static int fake_ethtool(void *data)
{
	uint32_t cmd = *(uint32_t *)data;
	unsigned int n = (fake_calls++, fake_count(cmd)), i, first = 8 - n;

	if (cmd == ETHTOOL_GSSET_INFO) {
		struct ethtool_sset_info *si = data;

		si->data[0] = n;
	} else if (cmd == ETHTOOL_GSTRINGS) {
		struct ethtool_gstrings *g = data;

		g->len = n; /* the kernel's count, not the caller's */
		if (!fake_room(g, sizeof(*g) + n * ETH_GSTRING_LEN))
			return 0;
		for (i = 0; i < n; i++)
			snprintf((char *)g->data + i * ETH_GSTRING_LEN,
				 ETH_GSTRING_LEN, "%s", fake_names[first + i]);
	} else if (cmd == ETHTOOL_GSTATS) {
		struct ethtool_stats *st = data;

		st->n_stats = n;
		if (!fake_room(st, sizeof(*st) + n * sizeof(uint64_t)))
			return 0;
		for (i = 0; i < n; i++) /* rx_prio3_pause 11, tx_... 12 */
			st->data[i] = first + i >= 6 ? first + i + 5 : 0;
	}
	return 0;
}

int ioctl(int fd, unsigned long req, ...);

/* The C library's ioctl for this program (rp_ethstats.c calls it):
 * SIOCETHTOOL answered by fake_ethtool, anything else by the kernel. */
int ioctl(int fd, unsigned long req, ...)
{
	va_list ap;
	void *arg;

	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (req == SIOCETHTOOL)
		return fake_ethtool(((struct ifreq *)arg)->ifr_data);
	return (int)syscall(SYS_ioctl, fd, req, arg);
}

static void fake_reset(unsigned int grow_at, bool flip)
{
	fake_calls = 0;
	fake_grow_at = grow_at;
	fake_flip = flip;
	fake_overflow = 0;
}

/* The count grows from 4 to 8 right after GSSET_INFO (call 1 of 3), then
 * right after GSTRINGS (call 2): nothing written past a buffer, the pause
 * counters read with their own values. */
static void test_read_count_grows(void **state)
{
	unsigned int at;
	struct rp_pause p;

	(void)state;
	for (at = 1; at <= 2; at++) {
		fake_reset(at, false);
		assert_int_equal(rp_pause_read("lo", &p), 0);
		assert_int_equal(fake_overflow, 0);
		assert_int_equal(p.prios, 1u << 3);
		assert_true(p.rx_prio[3] == 11 && p.tx_prio[3] == 12);
	}
	fake_reset(100, false); /* steady: one pass of 4 */
	assert_int_equal(rp_pause_read("lo", &p), 0);
	assert_true(p.rx_prio[3] == 11 && p.tx_prio[3] == 12);
}

/* A table that changes between every GSTRINGS and GSTATS (8 names, 4
 * values): -EAGAIN after a few reads, no overflow, no counter. */
static void test_read_count_flips(void **state)
{
	struct rp_pause p;

	(void)state;
	fake_reset(0, true);
	assert_int_equal(rp_pause_read("lo", &p), -EAGAIN);
	assert_int_equal(fake_overflow, 0);
	assert_false(rp_pause_any(&p));
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mlx5_pfc),
		cmocka_unit_test(test_no_pause),
		cmocka_unit_test(test_global_and_ctrl_alone),
		cmocka_unit_test(test_delta),
		cmocka_unit_test(test_read_missing),
		cmocka_unit_test(test_read_count_grows),
		cmocka_unit_test(test_read_count_flips),
	};

	(void)argc;
	find_fixtures(argv[0], "ethtool", fixtures, sizeof(fixtures));
	return cmocka_run_group_tests(tests, NULL, NULL);
}
