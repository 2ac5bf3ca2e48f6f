/* Description: rp_multi_aggregate over hand-made per-rail results:
 * messages summed, window = latest end - earliest start whatever the rail
 * order, BW in MiB/s and Gb/s and MsgRate of all bytes over that window
 * (not a sum of per-rail rates), peak kept for one rail and 0 for several,
 * one rail equal to rp_bw_result, empty or inverted windows give 0 without
 * dividing by zero, a rail that failed left out (its messages and its
 * window; a failed single rail gives 0 and no peak). Also rp_ipv4_same_subnet (/0, /8, /24, /31, /32, 33)
 * and rp_gid_subnet_check: -1 when it cannot tell (IPv6 GIDs, no netdev,
 * a netdev or address this machine does not have), and 1 / 0 with the
 * message on the loopback's 127.0.0.1/8 when this machine has it. And
 * rp_sockaddr_same_host, -R's check of a connection request against the
 * control connection's peer: ports ignored, IPv4-mapped IPv6 equal to
 * its IPv4, scope ids, other families and NULL never equal. */
#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cases.h"
#include "engine/rp_bw.h"
#include "engine/rp_multi.h"
#include "net/rp_subnet.h"

#define SIZE_64K 65536ull
#define EPS 1e-9

/* Relative comparison for doubles computed by hand. */
#define assert_close(got, want) \
	do { \
		double g_ = (got), w_ = (want); \
		double d_ = g_ > w_ ? g_ - w_ : w_ - g_; \
		double s_ = w_ > 0 ? w_ : -w_; \
		if (d_ > EPS * (s_ > 1 ? s_ : 1)) \
			fail_msg("%s = %.12g, want %.12g", #got, g_, w_); \
	} while (0)

static void aggregate(const struct rp_bw_out *outs, unsigned int n,
		      uint64_t size, bool gbits, struct rp_result *agg)
{
	/* poison, so that a field left unset shows */
	memset(agg, 0xa5, sizeof(*agg));
	rp_multi_aggregate(outs, n, size, gbits, agg);
}

/* --- rp_multi_aggregate ------------------------------------------------- */

/* Exact for 0 (no division by zero may leak a tiny value), else close. */
static void assert_rate(double got, double want)
{
	if (want == 0.0)
		assert_true(got == 0.0);
	else
		assert_close(got, want);
}

/* clang-format off */
#define OUT(m, start, end, pk) \
	{ .msgs = (m), .start_ns = (start), .end_ns = (end), .peak = (pk) }
/* clang-format on */

/* rp_multi_aggregate of the first @n of @o: @iters messages, @bw_avg,
 * @msg_rate, @bw_peak; @size is expected back. */
struct agg_case {
	const char *name;
	struct rp_bw_out o[4];
	unsigned int n; /* 0: outs is NULL */
	uint64_t size;
	bool gbits;
	uint64_t iters;
	double bw_avg, msg_rate, bw_peak;
	double bw_below; /* when not 0: bw_avg is below it */
};

/* 100000 + 150000 WRITEs of 64 KiB, both in [5 s, 6 s]. */
/* clang-format off */
#define SAME_WINDOW {							\
	OUT(100000, 5000000000ull, 6000000000ull, 7000.0),		\
	OUT(150000, 5000000000ull, 6000000000ull, 9000.0) }
/* Rail 0: 1000 msgs in [1.00 s, 2.00 s]; rail 1: 3000 msgs in
 * [1.25 s, 2.25 s]. Window = 2.25 - 1.00 = 1.25 s. */
#define STAGGERED_0 OUT(1000, 1000000000ull, 2000000000ull, 0)
#define STAGGERED_1 OUT(3000, 1250000000ull, 2250000000ull, 0)
/* Rail 1 starts later AND ends earlier than rail 0: the window is
 * rail 0's [1 s, 3 s] = 2 s. 160000 + 32000 = 192000 msgs. */
#define INSIDE_0 OUT(160000, 1000000000ull, 3000000000ull, 0)
#define INSIDE_1 OUT(32000, 1500000000ull, 2500000000ull, 0)
/* 4 rails of 4 KiB messages; earliest start 10.000 s (rail 2),
 * latest end 10.500 s (rail 3): window 0.5 s.
 * msgs 1e5 + 2e5 + 3e5 + 4e5 = 1e6. */
#define FOUR_RAILS {							\
	OUT(100000, 10100000000ull, 10400000000ull, 1.0),		\
	OUT(200000, 10050000000ull, 10450000000ull, 2.0),		\
	OUT(300000, 10000000000ull, 10300000000ull, 3.0),		\
	OUT(400000, 10200000000ull, 10500000000ull, 4.0) }
/* A rail that failed: its messages up to the failure, its window
 * [start, failure]; left out of the aggregate. */
#define FAILED(m, start, end, pk) \
	{ .msgs = (m), .start_ns = (start), .end_ns = (end), .peak = (pk), \
	  .fail = { .failed = 1, .at_ns = (end) - (start) } }
/* Rail 0 ran [5 s, 6 s]; rail 1 failed 0.3 s in after 30000 msgs, and
 * started earlier (4 s): neither its messages nor its start count. */
#define ONE_FAILED {							\
	OUT(100000, 5000000000ull, 6000000000ull, 0),			\
	FAILED(30000, 4000000000ull, 4300000000ull, 0) }
/* 176806 msgs of 64 KiB in [2 s, 3 s], peak 11200.5 */
#define ONE_RAIL OUT(176806, 2000000000ull, 3000000000ull, 11200.5)

static const struct agg_case agg_cases[] = {
	/* 250000 * 65536 B / 1 s / 2^20 = 250000 / 16 = 15625 MiB/s;
	 * 250000 msgs / 1 s = 0.25 Mpps; several rails: no peak, although
	 * each rail had one */
	{ .name = "test_two_rails_same_window", .o = SAME_WINDOW, .n = 2,
	  .size = SIZE_64K, .gbits = false, .iters = 250000,
	  .bw_avg = 15625.0, .msg_rate = 0.25, .bw_peak = 0 },
	/* 250000 * 65536 * 8 b / 1e9 ns = 131072000000 / 1e9 = 131.072 Gb/s */
	{ .name = "test_two_rails_same_window_gbits", .o = SAME_WINDOW,
	  .n = 2, .size = SIZE_64K, .gbits = true, .iters = 250000,
	  .bw_avg = 131.072, .msg_rate = 0.25, .bw_peak = 0 },
	/* 4000 * 65536 / 2^20 = 250 MiB in 1.25 s = 200 MiB/s;
	 * 4000 msgs / 1.25 s = 3200 msg/s = 0.0032 Mpps */
	{ .name = "test_staggered_rails", .o = { STAGGERED_0, STAGGERED_1 },
	  .n = 2, .size = SIZE_64K, .gbits = false, .iters = 4000,
	  .bw_avg = 200.0, .msg_rate = 0.0032 },
	/* 4000 * 65536 * 8 = 2097152000 b / 1.25e9 ns = 1.6777216 Gb/s */
	{ .name = "test_staggered_rails_gbits",
	  .o = { STAGGERED_0, STAGGERED_1 }, .n = 2, .size = SIZE_64K,
	  .gbits = true, .iters = 4000, .bw_avg = 1.6777216,
	  .msg_rate = 0.0032 },
	/* the order of the rails does not matter */
	{ .name = "test_staggered_rails_reversed",
	  .o = { STAGGERED_1, STAGGERED_0 }, .n = 2, .size = SIZE_64K,
	  .gbits = true, .iters = 4000, .bw_avg = 1.6777216,
	  .msg_rate = 0.0032 },
	/* 192000 / 16 MiB = 12000 MiB in 2 s = 6000 MiB/s. The sum of the
	 * per-rail rates would be 160000/16/2 + 32000/16/1 = 5000 + 2000 =
	 * 7000 MiB/s: the aggregate is not that. 192000 / 2 s = 96000
	 * msg/s = 0.096 Mpps */
	{ .name = "test_rail_inside_other", .o = { INSIDE_0, INSIDE_1 },
	  .n = 2, .size = SIZE_64K, .gbits = false, .iters = 192000,
	  .bw_avg = 6000.0, .msg_rate = 0.096, .bw_below = 6999.0 },
	/* 192000 * 65536 * 8 = 100663296000 b / 2e9 ns = 50.331648 Gb/s */
	{ .name = "test_rail_inside_other_reversed",
	  .o = { INSIDE_1, INSIDE_0 }, .n = 2, .size = SIZE_64K,
	  .gbits = true, .iters = 192000, .bw_avg = 50.331648,
	  .msg_rate = 0.096 },
	/* 1e6 * 4096 B = 4096e6 B / 2^20 = 3906.25 MiB in 0.5 s = 7812.5;
	 * 1e6 / 0.5 s = 2 Mpps */
	{ .name = "test_four_rails", .o = FOUR_RAILS, .n = 4, .size = 4096,
	  .gbits = false, .iters = 1000000, .bw_avg = 7812.5,
	  .msg_rate = 2.0, .bw_peak = 0 },
	/* 4096e6 * 8 = 32768e6 b / 5e8 ns = 65.536 Gb/s */
	{ .name = "test_four_rails_gbits", .o = FOUR_RAILS, .n = 4,
	  .size = 4096, .gbits = true, .iters = 1000000, .bw_avg = 65.536,
	  .msg_rate = 2.0, .bw_peak = 0 },
	/* the healthy rail alone: 100000 / 16 = 6250 MiB in [5 s, 6 s],
	 * 0.1 Mpps (with the failed rail: 8125 MiB/s over 2 s) */
	{ .name = "test_failed_rail_left_out", .o = ONE_FAILED, .n = 2,
	  .size = SIZE_64K, .gbits = false, .iters = 100000,
	  .bw_avg = 6250.0, .msg_rate = 0.1, .bw_peak = 0 },
	{ .name = "test_failed_rail_left_out_first",
	  .o = { FAILED(30000, 4000000000ull, 4300000000ull, 0),
		 OUT(100000, 5000000000ull, 6000000000ull, 0) },
	  .n = 2, .size = SIZE_64K, .gbits = true, .iters = 100000,
	  .bw_avg = 52.4288, .msg_rate = 0.1, .bw_peak = 0 },
	/* one rail, failed: nothing, not its peak */
	{ .name = "test_failed_only_rail",
	  .o = { FAILED(500, 1000000000ull, 2000000000ull, 9.0) }, .n = 1,
	  .size = SIZE_64K, .gbits = false, .iters = 0, .bw_avg = 0,
	  .msg_rate = 0, .bw_peak = 0 },
	/* 176806 * 65536 / 2^20 = 176806 / 16 = 11050.375 MiB/s;
	 * 176806 / 1 s = 0.176806 Mpps */
	{ .name = "test_one_rail_peak", .o = { ONE_RAIL }, .n = 1,
	  .size = SIZE_64K, .gbits = false, .iters = 176806,
	  .bw_avg = 11050.375, .msg_rate = 0.176806, .bw_peak = 11200.5 },
	/* 176806 * 524288 b = 92697264128 b / 1e9 ns = 92.697264128 Gb/s */
	{ .name = "test_one_rail_peak_gbits", .o = { ONE_RAIL }, .n = 1,
	  .size = SIZE_64K, .gbits = true, .iters = 176806,
	  .bw_avg = 92.697264128, .msg_rate = 0.176806, .bw_peak = 11200.5 },
	/* peak not measured: 0 passes through; 10 msgs in 1000 ns = 1e7
	 * msg/s = 10 Mpps; 80 B in 1 us = 8e7 B/s / 2^20 = 76.2939453125
	 * MiB/s */
	{ .name = "test_one_rail_no_peak", .o = { OUT(10, 0, 1000, 0) },
	  .n = 1, .size = 8, .gbits = false, .iters = 10,
	  .bw_avg = 76.2939453125, .msg_rate = 10.0, .bw_peak = 0 },
	/* end == start: no window, 0, not a division by zero */
	{ .name = "test_degenerate_windows", .o = { OUT(500, 7000, 7000, 3.0) },
	  .n = 1, .size = SIZE_64K, .gbits = false, .iters = 500,
	  .bw_avg = 0, .msg_rate = 0, .bw_peak = 3.0 },
	{ .name = "test_degenerate_windows_gbits",
	  .o = { OUT(500, 7000, 7000, 3.0) }, .n = 1, .size = SIZE_64K,
	  .gbits = true, .iters = 500, .bw_avg = 0, .msg_rate = 0,
	  .bw_peak = 3.0 },
	/* end < start: 0, not a huge unsigned difference */
	{ .name = "test_degenerate_windows_inverted",
	  .o = { OUT(500, 9000, 8000, 3.0) }, .n = 1, .size = SIZE_64K,
	  .gbits = true, .iters = 500, .bw_avg = 0, .msg_rate = 0,
	  .bw_peak = 3.0 },
	/* two rails that never ran */
	{ .name = "test_degenerate_windows_never_ran", .o = { { 0 } }, .n = 2,
	  .size = SIZE_64K, .gbits = false, .iters = 0, .bw_avg = 0,
	  .msg_rate = 0, .bw_peak = 0 },
	/* n == 0 reads nothing from outs */
	{ .name = "test_no_rails", .n = 0, .size = SIZE_64K, .gbits = false,
	  .iters = 0, .bw_avg = 0, .msg_rate = 0, .bw_peak = 0 },
};
/* clang-format on */

static void test_aggregate(void **state)
{
	const struct agg_case *c = *state;
	struct rp_result r;

	aggregate(c->n ? c->o : NULL, c->n, c->size, c->gbits, &r);
	assert_int_equal(r.size, c->size);
	assert_int_equal(r.iters, c->iters);
	assert_rate(r.bw_avg, c->bw_avg);
	assert_rate(r.msg_rate, c->msg_rate);
	assert_true(r.bw_peak == c->bw_peak);
	if (c->bw_below)
		assert_true(r.bw_avg < c->bw_below);
}

/* One rail gives exactly what rp_bw_result gives for the same run. */
static void test_one_rail_is_rp_bw_result(void **state)
{
	const struct rp_bw_out o = ONE_RAIL;
	struct rp_bw_cfg cfg;
	struct rp_result r, want;

	(void)state;
	aggregate(&o, 1, SIZE_64K, true, &r);
	memset(&cfg, 0, sizeof(cfg));
	cfg.size = SIZE_64K;
	cfg.gbits = true;
	memset(&want, 0, sizeof(want));
	rp_bw_result(&cfg, &o, &want);
	assert_int_equal(r.size, want.size);
	assert_int_equal(r.iters, want.iters);
	assert_true(r.bw_peak == want.bw_peak);
	assert_true(r.bw_avg == want.bw_avg);
	assert_true(r.msg_rate == want.msg_rate);
	cfg.gbits = false;
	rp_bw_result(&cfg, &o, &want);
	aggregate(&o, 1, SIZE_64K, false, &r);
	assert_true(r.bw_avg == want.bw_avg);
	assert_true(r.msg_rate == want.msg_rate);
}

/* --- rp_ipv4_same_subnet ------------------------------------------------ */

#define IP(a, b, c, d) \
	((uint32_t)(a) << 24 | (uint32_t)(b) << 16 | (uint32_t)(c) << 8 | (d))

static void test_same_subnet(void **state)
{
	(void)state;
	/* /24: 10.0.1.1 and 10.0.1.200 share 10.0.1; 10.0.2.1 does not */
	assert_int_equal(
		rp_ipv4_same_subnet(IP(10, 0, 1, 1), IP(10, 0, 1, 200), 24), 1);
	assert_int_equal(
		rp_ipv4_same_subnet(IP(10, 0, 1, 1), IP(10, 0, 2, 1), 24), 0);
	/* /23: 10.0.0.0 - 10.0.1.255, so 10.0.2.1 is out, 10.0.0.9 in */
	assert_int_equal(
		rp_ipv4_same_subnet(IP(10, 0, 1, 1), IP(10, 0, 0, 9), 23), 1);
	assert_int_equal(
		rp_ipv4_same_subnet(IP(10, 0, 1, 1), IP(10, 0, 2, 1), 23), 0);
	/* /8 */
	assert_int_equal(rp_ipv4_same_subnet(IP(127, 0, 0, 1),
					     IP(127, 255, 3, 4), 8),
			 1);
	assert_int_equal(
		rp_ipv4_same_subnet(IP(127, 0, 0, 1), IP(128, 0, 0, 1), 8), 0);
	/* /1: top bit only */
	assert_int_equal(
		rp_ipv4_same_subnet(IP(1, 2, 3, 4), IP(127, 9, 9, 9), 1), 1);
	assert_int_equal(
		rp_ipv4_same_subnet(IP(127, 0, 0, 1), IP(128, 0, 0, 1), 1), 0);
	/* /0: everything is one subnet */
	assert_int_equal(
		rp_ipv4_same_subnet(IP(10, 0, 1, 1), IP(192, 168, 7, 7), 0), 1);
	assert_int_equal(rp_ipv4_same_subnet(0, 0xffffffffu, 0), 1);
	/* /31: a point-to-point pair .4 and .5; .6 is the next pair */
	assert_int_equal(
		rp_ipv4_same_subnet(IP(10, 9, 9, 4), IP(10, 9, 9, 5), 31), 1);
	assert_int_equal(
		rp_ipv4_same_subnet(IP(10, 9, 9, 5), IP(10, 9, 9, 6), 31), 0);
	/* /32: only the same address */
	assert_int_equal(
		rp_ipv4_same_subnet(IP(10, 0, 1, 1), IP(10, 0, 1, 1), 32), 1);
	assert_int_equal(
		rp_ipv4_same_subnet(IP(10, 0, 1, 1), IP(10, 0, 1, 0), 32), 0);
	assert_int_equal(rp_ipv4_same_subnet(0xffffffffu, 0xfffffffeu, 32), 0);
	/* prefix 33 and beyond: invalid, never "same" */
	assert_int_equal(
		rp_ipv4_same_subnet(IP(10, 0, 1, 1), IP(10, 0, 1, 1), 33), 0);
	assert_int_equal(rp_ipv4_same_subnet(0, 0, 64), 0);
}

/* --- rp_gid_subnet_check ------------------------------------------------ */

static void gid_v4(uint8_t g[16], uint8_t a, uint8_t b, uint8_t c, uint8_t d)
{
	memset(g, 0, 16);
	g[10] = 0xff;
	g[11] = 0xff;
	g[12] = a;
	g[13] = b;
	g[14] = c;
	g[15] = d;
}

static void entry(struct rp_gid_entry *e, const uint8_t raw[16],
		  const char *ndev)
{
	memset(e, 0, sizeof(*e));
	memcpy(e->raw, raw, 16);
	e->index = 1;
	e->type = RP_GID_TYPE_ROCE_V2;
	snprintf(e->ndev, sizeof(e->ndev), "%s", ndev);
}

static int check(const struct rp_gid_entry *e, const uint8_t remote[16],
		 char *msg, size_t len)
{
	memset(msg, 0, len);
	strcpy(msg, "untouched");
	return rp_gid_subnet_check(e, remote, msg, len);
}

/* fe80::5054:ff:fe12:3401 */
static const uint8_t gid_ll[16] = { 0xfe, 0x80, 0,    0,    0,	  0,
				    0,	  0,	0x50, 0x54, 0x00, 0xff,
				    0xfe, 0x12, 0x34, 0x01 };

static void test_subnet_check_cannot_tell(void **state)
{
	struct rp_gid_entry e;
	uint8_t v4a[16], v4b[16];
	char msg[256];

	(void)state;
	gid_v4(v4a, 127, 0, 0, 1);
	gid_v4(v4b, 127, 0, 0, 2);
	/* local GID not IPv4-mapped */
	entry(&e, gid_ll, "lo");
	assert_int_equal(check(&e, v4b, msg, sizeof(msg)), -1);
	/* remote GID not IPv4-mapped */
	entry(&e, v4a, "lo");
	assert_int_equal(check(&e, gid_ll, msg, sizeof(msg)), -1);
	/* both IPv6 */
	entry(&e, gid_ll, "lo");
	assert_int_equal(check(&e, gid_ll, msg, sizeof(msg)), -1);
	/* no netdev on the entry */
	entry(&e, v4a, "");
	assert_int_equal(check(&e, v4b, msg, sizeof(msg)), -1);
	/* a netdev this machine does not have */
	entry(&e, v4a, "nosuch0");
	assert_int_equal(check(&e, v4b, msg, sizeof(msg)), -1);
	/* the message is only written for a "different subnets" answer */
	assert_string_equal(msg, "untouched");
}

/* True when this machine's lo has 127.0.0.1/8 (nearly always). */
static bool lo_has_127_8(void)
{
	struct ifaddrs *ifs, *i;
	bool found = false;

	if (getifaddrs(&ifs))
		return false;
	for (i = ifs; i; i = i->ifa_next) {
		const struct sockaddr_in *a = (const void *)i->ifa_addr;
		const struct sockaddr_in *m = (const void *)i->ifa_netmask;

		if (a && m && a->sin_family == AF_INET &&
		    !strcmp(i->ifa_name, "lo") &&
		    ntohl(a->sin_addr.s_addr) == IP(127, 0, 0, 1) &&
		    ntohl(m->sin_addr.s_addr) == 0xff000000u)
			found = true;
	}
	freeifaddrs(ifs);
	return found;
}

static void test_subnet_check_loopback(void **state)
{
	struct rp_gid_entry e;
	uint8_t local[16], near[16], far[16], other[16];
	char msg[256];

	(void)state;
	if (!lo_has_127_8()) {
		print_message("# lo has no 127.0.0.1/8 here: loopback cases "
			      "not run\n");
		skip();
	}
	gid_v4(local, 127, 0, 0, 1);
	gid_v4(near, 127, 200, 3, 4);
	gid_v4(far, 128, 0, 0, 1);
	gid_v4(other, 127, 0, 0, 2);
	entry(&e, local, "lo");
	/* 127.200.3.4 is inside 127.0.0.0/8 */
	assert_int_equal(check(&e, near, msg, sizeof(msg)), 1);
	assert_string_equal(msg, "untouched");
	/* 128.0.0.1 is not */
	assert_int_equal(check(&e, far, msg, sizeof(msg)), 0);
	assert_string_equal(msg,
			    "local 127.0.0.1/8 on lo and remote "
			    "128.0.0.1 are not in one subnet: traffic may be "
			    "routed or leave by another port");
	/* 127.0.0.2 is not an address of lo: cannot tell */
	entry(&e, other, "lo");
	assert_int_equal(check(&e, local, msg, sizeof(msg)), -1);
	/* a short buffer is truncated, still NUL-terminated */
	entry(&e, local, "lo");
	memset(msg, 'x', sizeof(msg));
	assert_int_equal(rp_gid_subnet_check(&e, far, msg, 10), 0);
	assert_string_equal(msg, "local 127");
}

/* --- rp_sockaddr_same_host (-R's request check) ------------------------ */

static struct sockaddr_storage sa_of(const char *text, unsigned short port,
				     uint32_t scope)
{
	struct sockaddr_storage ss;
	struct sockaddr_in *v4 = (struct sockaddr_in *)&ss;
	struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&ss;

	memset(&ss, 0, sizeof(ss));
	if (inet_pton(AF_INET, text, &v4->sin_addr) == 1) {
		v4->sin_family = AF_INET;
		v4->sin_port = htons(port);
	} else {
		assert_int_equal(inet_pton(AF_INET6, text, &v6->sin6_addr), 1);
		v6->sin6_family = AF_INET6;
		v6->sin6_port = htons(port);
		v6->sin6_scope_id = scope;
	}
	return ss;
}

static bool same(const char *a, unsigned short pa, uint32_t sa_, const char *b,
		 unsigned short pb, uint32_t sb)
{
	struct sockaddr_storage x = sa_of(a, pa, sa_), y = sa_of(b, pb, sb);

	return rp_sockaddr_same_host((struct sockaddr *)&x,
				     (struct sockaddr *)&y);
}

static void test_sockaddr_same_host(void **state)
{
	struct sockaddr_storage x = sa_of("10.0.0.2", 1, 0), unix_sa;

	(void)state;
	/* the control connection's port is not rdma_cm's: ignored */
	assert_true(same("10.0.0.2", 40001, 0, "10.0.0.2", 18515, 0));
	assert_false(same("10.0.0.2", 1, 0, "10.0.0.3", 1, 0));
	assert_false(same("10.0.0.2", 1, 0, "2.0.0.10", 1, 0));
	/* a dual-stack socket sees the client as ::ffff:10.0.0.2 */
	assert_true(same("::ffff:10.0.0.2", 1, 0, "10.0.0.2", 2, 0));
	assert_true(same("10.0.0.2", 1, 0, "::ffff:10.0.0.2", 2, 0));
	assert_false(same("::ffff:10.0.0.3", 1, 0, "10.0.0.2", 2, 0));
	/* ::10.0.0.2 (IPv4-compatible, deprecated) is not the IPv4 host */
	assert_false(same("::10.0.0.2", 1, 0, "10.0.0.2", 2, 0));
	assert_true(same("fd00::2", 1, 0, "fd00::2", 9, 0));
	assert_false(same("fd00::2", 1, 0, "fd00::3", 1, 0));
	/* link-local: the scope counts when both have one */
	assert_true(same("fe80::2", 1, 3, "fe80::2", 1, 3));
	assert_false(same("fe80::2", 1, 3, "fe80::2", 1, 4));
	assert_true(same("fe80::2", 1, 0, "fe80::2", 1, 4));
	/* no address, or another family: never the same host */
	memset(&unix_sa, 0, sizeof(unix_sa));
	unix_sa.ss_family = AF_UNIX;
	assert_false(rp_sockaddr_same_host((struct sockaddr *)&x, NULL));
	assert_false(rp_sockaddr_same_host(NULL, (struct sockaddr *)&x));
	assert_false(rp_sockaddr_same_host((struct sockaddr *)&unix_sa,
					   (struct sockaddr *)&unix_sa));
}

int main(void)
{
	static const struct CMUnitTest more[] = {
		cmocka_unit_test(test_one_rail_is_rp_bw_result),
		cmocka_unit_test(test_same_subnet),
		cmocka_unit_test(test_sockaddr_same_host),
		cmocka_unit_test(test_subnet_check_cannot_tell),
		cmocka_unit_test(test_subnet_check_loopback),
	};
	struct CMUnitTest tests[ARRAY_SIZE(agg_cases) + ARRAY_SIZE(more)];
	size_t n = 0;

	CASES_ADD(tests, n, test_aggregate, agg_cases);
	TESTS_ADD(tests, n, more);
	return RUN_TESTS(tests, n);
}
