/* Description: GID helpers and the choice of GID index: rp_gid_is_zero,
 * rp_gid_is_ipv4, rp_gid_to_ipv4, rp_gid_is_link_local, rp_gid_to_str,
 * rp_gid_find, rp_gid_list, rp_gid_describe and rp_gid_choose_ex over
 * hand-built tables (ConnectX, Soft-RoCE, IPv6-only, link-local-only,
 * empty), then with a peer address (the subnet rule and its notes, the
 * family fallback notes); then rp_gid_read_sysfs and the choice over the
 * fixture trees in tests/fixtures/sysfs and the host trees in
 * tests/fixtures/sysfs/hosts (ConnectX -> 3, DGX Spark's four devices -> 3,
 * Soft-RoCE -> 1, IPv6-only -> the global entry, bond0 -> 3, link-local
 * only -> 1 with the reason, InfiniBand -> IB type entries), found through
 * $RP_FIXTURES, ./tests/fixtures, or the path of this program. */
#include <arpa/inet.h>
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "net/rp_gid.h"
#include "net/rp_ifaddr.h"
#include "cases.h"
#include "fixtures.h"
#include "net/rp_gid_rules.h"
#include "net/rp_gid_sysfs.h"

#define V1 RP_GID_TYPE_ROCE_V1
#define V2 RP_GID_TYPE_ROCE_V2

/* Raw GIDs, network order, written out by hand. */
static const uint8_t gid_zero[16];
/* ::ffff:10.0.1.1 = ::ffff:0a00:0101 */
/* clang-format off */
static const uint8_t gid_v4_10_0_1_1[16] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 0, 1, 1 };
/* ::ffff:192.168.1.10 = ::ffff:c0a8:010a */
static const uint8_t gid_v4_192_168_1_10[16] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 192, 168, 1, 10 };
/* ::ffff:169.254.3.4 (IPv4 link-local) */
static const uint8_t gid_v4_169_254[16] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 169, 254, 3, 4 };
/* ::ffff:169.253.3.4: next to 169.254/16, not link-local */
static const uint8_t gid_v4_169_253[16] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 169, 253, 3, 4 };
/* fe80::5054:ff:fe12:3401 (Soft-RoCE on a QEMU NIC) */
static const uint8_t gid_ll_rxe[16] = {
	0xfe, 0x80, 0, 0, 0, 0, 0, 0,
	0x50, 0x54, 0x00, 0xff, 0xfe, 0x12, 0x34, 0x01 };
/* fe80::268:9aff:fe12:3401 (ConnectX) */
static const uint8_t gid_ll_cx[16] = {
	0xfe, 0x80, 0, 0, 0, 0, 0, 0,
	0x02, 0x68, 0x9a, 0xff, 0xfe, 0x12, 0x34, 0x01 };
/* febf::1: last /16 inside fe80::/10 */
static const uint8_t gid_febf[16] = {
	0xfe, 0xbf, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 };
/* fec0::1: first /16 past fe80::/10 (old site-local) */
static const uint8_t gid_fec0[16] = {
	0xfe, 0xc0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 };
/* 2001:db8::1 (global IPv6) */
static const uint8_t gid_v6_global[16] = {
	0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 };
/* 2001:db8::ffff:a00:101: ffff in bytes 10-11 but not IPv4-mapped */
static const uint8_t gid_v6_fake_v4[16] = {
	0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 0, 1, 1 };
/* clang-format on */

static void add(struct rp_gid_table *t, unsigned int index,
		const uint8_t raw[16], enum rp_gid_type type, const char *ndev)
{
	struct rp_gid_entry *e = &t->e[t->n++];

	memcpy(e->raw, raw, 16);
	e->index = index;
	e->type = type;
	snprintf(e->ndev, sizeof(e->ndev), "%s", ndev);
	if (index >= t->tbl_len)
		t->tbl_len = index + 1;
}

static struct rp_gid_table *table_new(void)
{
	struct rp_gid_table *t = calloc(1, sizeof(*t));

	assert_non_null(t);
	return t;
}

/* rp_gid_choose_ex with only @prefer_ipv6 (no peer, no addresses), as
 * rp_dev chooses when the peer is not known; returns the index, @why
 * filled. */
static int choose(const struct rp_gid_table *t, bool prefer_ipv6, char *why,
		  size_t len)
{
	const struct rp_gid_prefs p = { .prefer_ipv6 = prefer_ipv6 };

	memset(why, 'X', len);
	return rp_gid_choose_ex(t, &p, why, len);
}

static void test_is_zero(void **state)
{
	uint8_t g[16] = { 0 };

	(void)state;
	assert_true(rp_gid_is_zero(gid_zero));
	g[15] = 1;
	assert_false(rp_gid_is_zero(g));
	g[15] = 0;
	g[0] = 0x80;
	assert_false(rp_gid_is_zero(g));
	assert_false(rp_gid_is_zero(gid_v4_10_0_1_1));
}

static void test_is_ipv4(void **state)
{
	(void)state;
	assert_true(rp_gid_is_ipv4(gid_v4_10_0_1_1));
	assert_true(rp_gid_is_ipv4(gid_v4_169_254));
	assert_false(rp_gid_is_ipv4(gid_ll_rxe));
	assert_false(rp_gid_is_ipv4(gid_v6_global));
	assert_false(rp_gid_is_ipv4(gid_v6_fake_v4));
	assert_false(rp_gid_is_ipv4(gid_zero));
	/* the address, host byte order */
	assert_int_equal(rp_gid_to_ipv4(gid_v4_10_0_1_1), 0x0a000101u);
}

static void test_is_link_local(void **state)
{
	(void)state;
	assert_true(rp_gid_is_link_local(gid_ll_rxe));
	assert_true(rp_gid_is_link_local(gid_ll_cx));
	assert_true(rp_gid_is_link_local(gid_febf));
	assert_true(rp_gid_is_link_local(gid_v4_169_254));
	assert_false(rp_gid_is_link_local(gid_fec0));
	assert_false(rp_gid_is_link_local(gid_v4_169_253));
	assert_false(rp_gid_is_link_local(gid_v4_10_0_1_1));
	assert_false(rp_gid_is_link_local(gid_v6_global));
}

static void test_type_str(void **state)
{
	(void)state;
	assert_string_equal(rp_gid_type_str(RP_GID_TYPE_ROCE_V2), "RoCE v2");
	assert_string_equal(rp_gid_type_str(RP_GID_TYPE_ROCE_V1), "RoCE v1");
	assert_string_equal(rp_gid_type_str(RP_GID_TYPE_IB), "IB");
}

static void test_to_str(void **state)
{
	char buf[RP_GID_STR_LEN];

	(void)state;
	assert_string_equal(rp_gid_to_str(gid_v4_10_0_1_1, buf),
			    "::ffff:10.0.1.1");
	assert_string_equal(rp_gid_to_str(gid_ll_rxe, buf),
			    "fe80::5054:ff:fe12:3401");
	assert_string_equal(rp_gid_to_str(gid_v6_global, buf), "2001:db8::1");
	assert_string_equal(rp_gid_to_str(gid_zero, buf), "::");
}

static void test_find(void **state)
{
	struct rp_gid_table *t = table_new();

	(void)state;
	add(t, 3, gid_v4_10_0_1_1, V2, "eth0");
	add(t, 1, gid_ll_rxe, V2, "eth0");
	assert_ptr_equal(rp_gid_find(t, 3), &t->e[0]);
	assert_ptr_equal(rp_gid_find(t, 1), &t->e[1]);
	assert_null(rp_gid_find(t, 0));
	assert_null(rp_gid_find(t, 2));
	assert_null(rp_gid_find(t, 255));
	free(t);
}

static void test_describe(void **state)
{
	struct rp_gid_entry e = { .index = 1, .type = V2, .ndev = "eth0" };
	char buf[128];

	(void)state;
	memcpy(e.raw, gid_v4_10_0_1_1, 16);
	assert_string_equal(rp_gid_describe(&e, buf, sizeof(buf)),
			    "RoCE v2 ::ffff:10.0.1.1 on eth0");
	e.ndev[0] = '\0';
	e.type = RP_GID_TYPE_IB;
	memcpy(e.raw, gid_ll_cx, 16);
	assert_string_equal(rp_gid_describe(&e, buf, sizeof(buf)),
			    "IB fe80::268:9aff:fe12:3401");
}

static void test_list(void **state)
{
	struct rp_gid_table *t = table_new();
	char buf[256], small[12];

	(void)state;
	assert_string_equal(rp_gid_list(t, buf, sizeof(buf)), "none");
	add(t, 1, gid_v4_10_0_1_1, V2, "");
	add(t, 3, gid_ll_cx, V1, "eth1");
	assert_string_equal(rp_gid_list(t, buf, sizeof(buf)),
			    "1 (RoCE v2 ::ffff:10.0.1.1), "
			    "3 (RoCE v1 fe80::268:9aff:fe12:3401 on eth1)");
	/* truncated to 11 characters plus NUL */
	assert_ptr_equal(rp_gid_list(t, small, sizeof(small)), small);
	assert_string_equal(small, "1 (RoCE v2 ");
	free(t);
}

/* --- rp_gid_choose_ex over hand-built tables, one row a choice ------------ */

/* One entry of a hand-built table. */
struct gid_in {
	unsigned int index;
	const uint8_t *raw;
	enum rp_gid_type type;
	const char *ndev;
};

/* choose(@e, @prefer_ipv6): @want, and the reason given. */
struct choose_case {
	const char *name;
	struct gid_in e[4]; /* up to the first with raw NULL */
	bool prefer_ipv6;
	int want;
	const char *why;    /* the whole reason, or NULL */
	const char *has[2]; /* in the reason, or NULL */
	const char *hasnt;  /* not in the reason, or NULL */
};

/* clang-format off */
static const struct choose_case choose_cases[] = {
	/* ConnectX RoCE: [0 fe80 v1, 1 fe80 v2, 2 IPv4 v1, 3 IPv4 v2] -> 3 */
	{ "test_choose_connectx",
	  { { 0, gid_ll_cx, V1, "eth0" }, { 1, gid_ll_cx, V2, "eth0" },
	    { 2, gid_v4_192_168_1_10, V1, "eth0" },
	    { 3, gid_v4_192_168_1_10, V2, "eth0" } },
	  false, 3, "RoCE v2 ::ffff:192.168.1.10 on eth0", { NULL }, NULL },
	/* Soft-RoCE: [0 fe80 v2, 1 IPv4 v2] -> 1 */
	{ "test_choose_softroce",
	  { { 0, gid_ll_rxe, V2, "eth0" }, { 1, gid_v4_10_0_1_1, V2, "eth0" } },
	  false, 1, "RoCE v2 ::ffff:10.0.1.1 on eth0", { NULL }, NULL },
	/* RoCE version ranks before the address family */
	{ "test_choose_version_before_family",
	  { { 0, gid_v4_10_0_1_1, V1, "eth0" },
	    { 1, gid_v6_global, V2, "eth0" } },
	  false, 1, "RoCE v2 2001:db8::1 on eth0 (RoCE v2 only on IPv6: the "
	  "RoCE version ranks before the family)", { NULL }, NULL },
	{ "test_choose_ipv6_global_over_link_local",
	  { { 0, gid_ll_rxe, V2, "eth0" }, { 1, gid_v6_global, V2, "eth0" } },
	  false, 1, NULL, { NULL }, NULL },
	/* a link-local v2 still loses to a global v1 */
	{ "test_choose_ipv6_global_v1_over_link_local_v2",
	  { { 0, gid_ll_rxe, V2, "eth0" }, { 1, gid_v6_global, V1, "eth0" } },
	  false, 1, NULL, { NULL }, NULL },
	{ "test_choose_only_link_local",
	  { { 0, gid_ll_rxe, V1, "eth0" }, { 1, gid_ll_rxe, V2, "eth0" } },
	  false, 1, NULL,
	  { "RoCE v2 fe80::5054:ff:fe12:3401 on eth0", "link-local" }, NULL },
	{ "test_choose_empty",
	  { { 0 } }, false, -ENOENT, NULL, { NULL }, NULL },
	/* entries that are all zero count as empty */
	{ "test_choose_empty_all_zero",
	  { { 0, gid_zero, V2, "eth0" }, { 1, gid_zero, V1, "eth0" } },
	  true, -ENOENT, NULL, { NULL }, NULL },
	{ "test_choose_ipv4_link_local",
	  { { 0, gid_v4_169_254, V2, "eth0" } },
	  false, 0, NULL, { "link-local" }, NULL },
	/* a routable v1 beats a 169.254 v2 */
	{ "test_choose_ipv4_link_local_routable_v1",
	  { { 0, gid_v4_169_254, V2, "eth0" },
	    { 1, gid_v4_10_0_1_1, V1, "eth0" } },
	  false, 1, NULL, { NULL }, "link-local" },
	/* equal rank: the lowest index wins, whatever the order in e[] */
	{ "test_choose_tie_lowest_index",
	  { { 5, gid_v4_192_168_1_10, V2, "eth1" },
	    { 2, gid_v4_10_0_1_1, V2, "eth0" },
	    { 7, gid_v4_10_0_1_1, V2, "eth2" } },
	  false, 2, "RoCE v2 ::ffff:10.0.1.1 on eth0", { NULL }, NULL },
	{ "test_choose_prefer_ipv6_off",
	  { { 0, gid_v4_10_0_1_1, V2, "eth0" },
	    { 1, gid_v6_global, V2, "eth0" } },
	  false, 0, NULL, { NULL }, NULL },
	{ "test_choose_prefer_ipv6",
	  { { 0, gid_v4_10_0_1_1, V2, "eth0" },
	    { 1, gid_v6_global, V2, "eth0" } },
	  true, 1, "RoCE v2 2001:db8::1 on eth0", { NULL }, NULL },
	/* the version still comes first: an IPv6 v1 loses to IPv4 v2 */
	{ "test_choose_prefer_ipv6_version_first",
	  { { 0, gid_v4_10_0_1_1, V2, "eth0" },
	    { 1, gid_v6_global, V1, "eth0" } },
	  true, 0, NULL, { NULL }, NULL },
	/* no entry of the preferred family: the other is used, and said so */
	{ "test_choose_family_fallback_note",
	  { { 0, gid_ll_rxe, V2, "eth0" }, { 1, gid_v6_global, V2, "eth0" } },
	  false, 1, "RoCE v2 2001:db8::1 on eth0 (no IPv4 GID: IPv6 used)",
	  { NULL }, NULL },
	{ "test_choose_family_fallback_none_needed",
	  { { 0, gid_ll_rxe, V2, "eth0" }, { 1, gid_v6_global, V2, "eth0" } },
	  true, 1, "RoCE v2 2001:db8::1 on eth0", { NULL }, NULL },
	{ "test_choose_family_fallback_note_ipv4",
	  { { 0, gid_ll_rxe, V2, "eth0" }, { 1, gid_v4_10_0_1_1, V2, "eth0" } },
	  true, 1, "RoCE v2 ::ffff:10.0.1.1 on eth0 (no IPv6 GID: IPv4 used)",
	  { NULL }, NULL },
};
/* clang-format on */

static void test_choose_case(void **state)
{
	const struct choose_case *c = *state;
	struct rp_gid_table *t = table_new();
	const struct gid_in *in;
	char why[256];
	size_t i;

	for (in = c->e; in < c->e + ARRAY_SIZE(c->e) && in->raw; in++)
		add(t, in->index, in->raw, in->type, in->ndev);
	assert_int_equal(choose(t, c->prefer_ipv6, why, sizeof(why)), c->want);
	/* whatever the outcome, a reason, NUL-terminated */
	assert_non_null(memchr(why, '\0', sizeof(why)));
	assert_true(strlen(why) > 0);
	if (c->why)
		assert_string_equal(why, c->why);
	for (i = 0; i < ARRAY_SIZE(c->has) && c->has[i]; i++)
		assert_non_null(strstr(why, c->has[i]));
	if (c->hasnt)
		assert_null(strstr(why, c->hasnt));
	free(t);
}

static void test_family_str(void **state)
{
	(void)state;
	assert_string_equal(rp_gid_family_str(gid_v4_10_0_1_1), "IPv4");
	assert_string_equal(rp_gid_family_str(gid_v6_global), "IPv6");
	assert_string_equal(rp_gid_family_str(gid_ll_rxe), "IPv6");
}

/* NULL prefs: IPv4 preferred, no peer, as prefs with prefer_ipv6 false. */
static void test_choose_ex_null_prefs(void **state)
{
	struct rp_gid_table *t = table_new();
	char why[128], why2[128];

	(void)state;
	add(t, 0, gid_ll_cx, V1, "eth0");
	add(t, 1, gid_v6_global, V2, "eth0");
	add(t, 2, gid_v4_10_0_1_1, V2, "eth0");
	assert_int_equal(rp_gid_choose_ex(t, NULL, why, sizeof(why)), 2);
	assert_int_equal(choose(t, false, why2, sizeof(why2)), 2);
	assert_string_equal(why, why2);
	assert_string_equal(why, "RoCE v2 ::ffff:10.0.1.1 on eth0");
	free(t);
}

static void addr(struct rp_ifaddrs *l, const char *ndev, const char *a,
		 unsigned int prefix)
{
	uint8_t raw[16];

	assert_int_equal(rp_ipv4_parse(a, raw), 0);
	assert_int_equal(rp_ifaddrs_add(l, ndev, raw, prefix), 0);
}

/* choose_ex with peer @peer (dotted IPv4) and address list @l. */
static int choose_peer(const struct rp_gid_table *t, const struct rp_ifaddrs *l,
		       const char *peer, char *why, size_t len)
{
	struct rp_gid_prefs p = { .peer_known = true, .addrs = l };

	assert_int_equal(rp_ipv4_parse(peer, p.peer), 0);
	memset(why, 'X', len);
	return rp_gid_choose_ex(t, &p, why, len);
}

/* Two IPv4 addresses on one netdev: the peer's subnet decides. */
static void test_choose_peer_subnet(void **state)
{
	static const uint8_t g200[16] = { 0, 0, 0,    0,    0,	 0,   0,   0,
					  0, 0, 0xff, 0xff, 192, 168, 200, 5 };
	struct rp_gid_table *t = table_new();
	struct rp_ifaddrs *l = calloc(1, sizeof(*l));
	char why[256];

	(void)state;
	assert_non_null(l);
	add(t, 0, gid_ll_cx, V2, "eth0");
	add(t, 1, gid_v4_10_0_1_1, V2, "eth0");
	add(t, 2, g200, V2, "eth0");
	addr(l, "eth0", "10.0.1.1", 16);
	addr(l, "eth0", "192.168.200.5", 24);
	assert_int_equal(choose_peer(t, l, "192.168.200.7", why, sizeof(why)),
			 2);
	assert_string_equal(why, "RoCE v2 ::ffff:192.168.200.5 on eth0 "
				 "(subnet of peer 192.168.200.7)");
	/* /16: 10.0.200.3 is in 10.0.0.0/16 */
	assert_int_equal(choose_peer(t, l, "10.0.200.3", why, sizeof(why)), 1);
	assert_non_null(strstr(why, "(subnet of peer 10.0.200.3)"));
	/* no subnet holds it: lowest index of the best rank, and said so */
	assert_int_equal(choose_peer(t, l, "10.9.9.9", why, sizeof(why)), 1);
	assert_string_equal(why, "RoCE v2 ::ffff:10.0.1.1 on eth0 "
				 "(no GID in the subnet of peer 10.9.9.9)");
	/* no address list: no subnet rule, and said so */
	assert_int_equal(
		choose_peer(t, NULL, "192.168.200.7", why, sizeof(why)), 1);
	assert_non_null(strstr(why, "prefixes are unknown"));
	/* the address on another netdev gives no prefix for this GID */
	l->n = 0;
	addr(l, "eth9", "192.168.200.5", 24);
	assert_int_equal(choose_peer(t, l, "192.168.200.7", why, sizeof(why)),
			 1);
	free(l);
	free(t);
}

/* The RoCE version ranks before the peer's subnet; said so. */
static void test_choose_peer_subnet_lower_rank(void **state)
{
	static const uint8_t g200[16] = { 0, 0, 0,    0,    0,	 0,   0,   0,
					  0, 0, 0xff, 0xff, 192, 168, 200, 5 };
	struct rp_gid_table *t = table_new();
	struct rp_ifaddrs *l = calloc(1, sizeof(*l));
	char why[256];

	(void)state;
	assert_non_null(l);
	add(t, 1, gid_v4_10_0_1_1, V2, "eth0");
	add(t, 2, g200, V1, "eth0");
	addr(l, "eth0", "10.0.1.1", 24);
	addr(l, "eth0", "192.168.200.5", 24);
	assert_int_equal(choose_peer(t, l, "192.168.200.7", why, sizeof(why)),
			 1);
	assert_non_null(strstr(why, "peer 192.168.200.7's subnet is only on "
				    "a GID of lower rank"));
	/* two entries in the subnet: the lowest index */
	add(t, 0, g200, V2, "eth0");
	add(t, 5, g200, V2, "eth0");
	assert_int_equal(choose_peer(t, l, "192.168.200.7", why, sizeof(why)),
			 0);
	free(l);
	free(t);
}

/* --- sysfs fixtures ---------------------------------------------------- */

/* The fixture root, found by main. */
static char fixtures[PATH_MAX - 16];

/* The sysfs root of the fixtures; fails the test when it is missing. */
static void sysfs_root(char *out, size_t len)
{
	snprintf(out, len, "%s/sysfs", fixtures);
	if (!is_dir(out))
		fail_msg("fixture directory %s not found: run from the repo "
			 "root or set RP_FIXTURES",
			 out);
}

static void check_entry(const struct rp_gid_entry *e, unsigned int index,
			const uint8_t raw[16], enum rp_gid_type type)
{
	assert_int_equal(e->index, index);
	assert_memory_equal(e->raw, raw, 16);
	assert_int_equal(e->type, type);
	assert_string_equal(e->ndev, "eth0");
}

static void test_sysfs_mlx5(void **state)
{
	struct rp_gid_table *t = table_new();
	char root[PATH_MAX], why[128];

	(void)state;
	sysfs_root(root, sizeof(root));
	memset(t, 0xff, sizeof(*t));
	assert_int_equal(rp_gid_read_sysfs(root, "mlx5_0", 1, t), 0);
	assert_int_equal(t->tbl_len, 8);	 /* gids/0 .. gids/7 */
	assert_int_equal(t->n, 4);		 /* 4 .. 7 are zero */
	check_entry(&t->e[0], 0, gid_ll_cx, V1); /* "IB/RoCE v1" */
	check_entry(&t->e[1], 1, gid_ll_cx, V2);
	check_entry(&t->e[2], 2, gid_v4_192_168_1_10, V1);
	check_entry(&t->e[3], 3, gid_v4_192_168_1_10, V2);
	assert_int_equal(choose(t, false, why, sizeof(why)), 3);
	assert_string_equal(why, "RoCE v2 ::ffff:192.168.1.10 on eth0");
	free(t);
}

static void test_sysfs_rxe(void **state)
{
	struct rp_gid_table *t = table_new();
	char root[PATH_MAX], why[128];

	(void)state;
	sysfs_root(root, sizeof(root));
	assert_int_equal(rp_gid_read_sysfs(root, "rxe0", 1, t), 0);
	assert_int_equal(t->tbl_len, 6); /* gids/0 .. gids/5 */
	assert_int_equal(t->n, 2);	 /* 2 .. 5 are zero */
	check_entry(&t->e[0], 0, gid_ll_rxe, V2);
	check_entry(&t->e[1], 1, gid_v4_10_0_1_1, V2);
	assert_null(rp_gid_find(t, 2));
	assert_int_equal(choose(t, false, why, sizeof(why)), 1);
	assert_string_equal(why, "RoCE v2 ::ffff:10.0.1.1 on eth0");
	free(t);
}

static void test_sysfs_missing(void **state)
{
	struct rp_gid_table *t = table_new();
	char root[PATH_MAX];

	(void)state;
	sysfs_root(root, sizeof(root));
	assert_int_equal(rp_gid_read_sysfs(root, "mlx5_9", 1, t), -ENOENT);
	assert_int_equal(rp_gid_read_sysfs(root, "rxe0", 2, t), -ENOENT);
	free(t);
}

/* --- host trees: tests/fixtures/sysfs/hosts/<host>/class/infiniband --- */

/* Further checks of a host's table. */
static void connectx_more(const struct rp_gid_table *t)
{
	assert_int_equal(t->tbl_len, 16);
	assert_int_equal(t->n, 4);
	assert_int_equal(t->e[0].type, V1); /* "IB/RoCE v1" */
}

static void bond_more(const struct rp_gid_table *t)
{
	assert_string_equal(t->e[3].ndev, "bond0");
}

/* IB: the types and ndevs are not read; the entry is of type IB. */
static void infiniband_more(const struct rp_gid_table *t)
{
	assert_int_equal(t->tbl_len, 128);
	assert_int_equal(t->n, 1);
	assert_int_equal(t->e[0].type, RP_GID_TYPE_IB);
	assert_string_equal(t->e[0].ndev, "");
}

#define ANY_INDEX (-100)

/* Port 1 of @dev in host tree @host, chosen from: @want and its reason. */
struct host_case {
	const char *name;
	const char *host, *dev;
	bool prefer_ipv6;
	int want;	 /* ANY_INDEX: not checked */
	const char *why; /* the whole reason, or NULL */
	void (*more)(const struct rp_gid_table *t);
};

static const struct host_case host_cases[] = {
	{ "test_host_connectx", "connectx", "mlx5_0", false, 3,
	  "RoCE v2 ::ffff:192.168.100.11 on enp23s0f0np0", connectx_more },
	/* mlx5_1 has two addresses: 3 without a peer */
	{ "test_host_connectx_mlx5_1", "connectx", "mlx5_1", false, 3, NULL,
	  NULL },
	{ "test_host_spark_rocep1s0f0", "spark", "rocep1s0f0", false, 3,
	  "RoCE v2 ::ffff:192.168.100.11 on enp1s0f0np0", NULL },
	{ "test_host_spark_rocep1s0f1", "spark", "rocep1s0f1", false, 3,
	  "RoCE v2 ::ffff:192.168.102.11 on enp1s0f1np1", NULL },
	{ "test_host_spark_roceP2p1s0f0", "spark", "roceP2p1s0f0", false, 3,
	  "RoCE v2 ::ffff:192.168.101.11 on enP2p1s0f0np0", NULL },
	{ "test_host_spark_roceP2p1s0f1", "spark", "roceP2p1s0f1", false, 3,
	  "RoCE v2 ::ffff:192.168.103.11 on enP2p1s0f1np1", NULL },
	{ "test_host_softroce", "softroce", "rxe0", false, 1,
	  "RoCE v2 ::ffff:10.0.1.1 on eth0", NULL },
	{ "test_host_softroce_rxe1", "softroce", "rxe1", false, 1,
	  "RoCE v2 ::ffff:10.0.2.1 on eth1", NULL },
	{ "test_host_ipv6only", "ipv6only", "bnxt_re0", false, 3,
	  "RoCE v2 2001:db8:100::11 on ens1f0np0 (no IPv4 GID: IPv6 used)",
	  NULL },
	{ "test_host_ipv6only_prefer_ipv6", "ipv6only", "bnxt_re0", true, 3,
	  "RoCE v2 2001:db8:100::11 on ens1f0np0", NULL },
	{ "test_host_bond", "bond", "mlx5_bond_0", false, 3,
	  "RoCE v2 ::ffff:10.10.0.5 on bond0", bond_more },
	{ "test_host_link_local_only", "linklocal", "mlx5_0", false, 1,
	  "RoCE v2 fe80::e42:a1ff:fe12:3400 on enp23s0f0np0 (only link-local "
	  "GIDs: give the netdev an IP address for a routable GID)",
	  NULL },
	{ "test_host_infiniband", "infiniband", "mlx5_0", false, ANY_INDEX,
	  NULL, infiniband_more },
};

static void test_host_case(void **state)
{
	const struct host_case *c = *state;
	const struct rp_gid_prefs p = { .prefer_ipv6 = c->prefer_ipv6 };
	struct rp_gid_table *t = table_new();
	char root[PATH_MAX], ib[PATH_MAX + 64], why[256];
	int got;

	sysfs_root(root, sizeof(root));
	snprintf(ib, sizeof(ib), "%s/hosts/%s/class/infiniband", root, c->host);
	if (!is_dir(ib))
		fail_msg("host fixture %s not found", ib);
	assert_int_equal(rp_gid_read_sysfs(ib, c->dev, 1, t), 0);
	got = rp_gid_choose_ex(t, c->prefer_ipv6 ? &p : NULL, why, sizeof(why));
	if (c->want != ANY_INDEX)
		assert_int_equal(got, c->want);
	if (c->why)
		assert_string_equal(why, c->why);
	if (c->more)
		c->more(t);
	free(t);
}

int main(int argc, char **argv)
{
	static const struct CMUnitTest helpers[] = {
		cmocka_unit_test(test_is_zero),
		cmocka_unit_test(test_is_ipv4),
		cmocka_unit_test(test_is_link_local),
		cmocka_unit_test(test_type_str),
		cmocka_unit_test(test_to_str),
		cmocka_unit_test(test_find),
		cmocka_unit_test(test_describe),
		cmocka_unit_test(test_list),
	}, more[] = {
		cmocka_unit_test(test_family_str),
		cmocka_unit_test(test_choose_ex_null_prefs),
		cmocka_unit_test(test_choose_peer_subnet),
		cmocka_unit_test(test_choose_peer_subnet_lower_rank),
		cmocka_unit_test(test_sysfs_mlx5),
		cmocka_unit_test(test_sysfs_rxe),
		cmocka_unit_test(test_sysfs_missing),
	};
	struct CMUnitTest tests[ARRAY_SIZE(helpers) + ARRAY_SIZE(choose_cases) +
				ARRAY_SIZE(more) + ARRAY_SIZE(host_cases)];
	size_t n = 0;

	TESTS_ADD(tests, n, helpers);
	CASES_ADD(tests, n, test_choose_case, choose_cases);
	TESTS_ADD(tests, n, more);
	CASES_ADD(tests, n, test_host_case, host_cases);
	find_fixtures(argc > 0 ? argv[0] : NULL, "sysfs", fixtures,
		      sizeof(fixtures));
	return RUN_TESTS(tests, n);
}
