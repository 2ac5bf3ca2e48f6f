/* Description: GID helpers and the choice of GID index: rp_gid_is_zero,
 * rp_gid_is_ipv4, rp_gid_is_link_local, rp_gid_to_str, rp_gid_find,
 * rp_gid_list, rp_gid_describe and rp_gid_choose over hand-built tables
 * (ConnectX, Soft-RoCE, IPv6-only, link-local-only, empty), then
 * rp_gid_read_sysfs over the fixture trees in tests/fixtures/sysfs (found
 * through $RP_FIXTURES, ./tests/fixtures, or the path of this program). */
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

#include "rp_gid.h"

#define V1 RP_GID_TYPE_ROCE_V1
#define V2 RP_GID_TYPE_ROCE_V2

/* Raw GIDs, network order, written out by hand. */
static const uint8_t gid_zero[16];
/* ::ffff:10.0.1.1 = ::ffff:0a00:0101 */
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

/* rp_gid_choose with @prefer_ipv6; returns the index, @why filled. */
static int choose(const struct rp_gid_table *t, bool prefer_ipv6,
		  char *why, size_t len)
{
	memset(why, 'X', len);
	return rp_gid_choose(t, prefer_ipv6, why, len);
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

/* ConnectX RoCE: [0 fe80 v1, 1 fe80 v2, 2 IPv4 v1, 3 IPv4 v2] -> 3. */
static void test_choose_connectx(void **state)
{
	struct rp_gid_table *t = table_new();
	char why[128];

	(void)state;
	add(t, 0, gid_ll_cx, V1, "eth0");
	add(t, 1, gid_ll_cx, V2, "eth0");
	add(t, 2, gid_v4_192_168_1_10, V1, "eth0");
	add(t, 3, gid_v4_192_168_1_10, V2, "eth0");
	assert_int_equal(choose(t, false, why, sizeof(why)), 3);
	assert_string_equal(why, "RoCE v2 ::ffff:192.168.1.10 on eth0");
	free(t);
}

/* Soft-RoCE: [0 fe80 v2, 1 IPv4 v2] -> 1. */
static void test_choose_softroce(void **state)
{
	struct rp_gid_table *t = table_new();
	char why[128];

	(void)state;
	add(t, 0, gid_ll_rxe, V2, "eth0");
	add(t, 1, gid_v4_10_0_1_1, V2, "eth0");
	assert_int_equal(choose(t, false, why, sizeof(why)), 1);
	assert_string_equal(why, "RoCE v2 ::ffff:10.0.1.1 on eth0");
	free(t);
}

/* RoCE version ranks before the address family. */
static void test_choose_version_before_family(void **state)
{
	struct rp_gid_table *t = table_new();
	char why[128];

	(void)state;
	add(t, 0, gid_v4_10_0_1_1, V1, "eth0");
	add(t, 1, gid_v6_global, V2, "eth0");
	assert_int_equal(choose(t, false, why, sizeof(why)), 1);
	assert_string_equal(why, "RoCE v2 2001:db8::1 on eth0");
	free(t);
}

static void test_choose_ipv6_global_over_link_local(void **state)
{
	struct rp_gid_table *t = table_new();
	char why[128];

	(void)state;
	add(t, 0, gid_ll_rxe, V2, "eth0");
	add(t, 1, gid_v6_global, V2, "eth0");
	assert_int_equal(choose(t, false, why, sizeof(why)), 1);
	/* a link-local v2 still loses to a global v1 */
	t->e[1].type = V1;
	assert_int_equal(choose(t, false, why, sizeof(why)), 1);
	free(t);
}

static void test_choose_only_link_local(void **state)
{
	struct rp_gid_table *t = table_new();
	char why[256];

	(void)state;
	add(t, 0, gid_ll_rxe, V1, "eth0");
	add(t, 1, gid_ll_rxe, V2, "eth0");
	assert_int_equal(choose(t, false, why, sizeof(why)), 1);
	assert_non_null(strstr(why, "RoCE v2 fe80::5054:ff:fe12:3401 on eth0"));
	assert_non_null(strstr(why, "link-local"));
	free(t);
}

static void test_choose_empty(void **state)
{
	struct rp_gid_table *t = table_new();
	char why[256];

	(void)state;
	assert_int_equal(choose(t, false, why, sizeof(why)), -ENOENT);
	assert_non_null(memchr(why, '\0', sizeof(why)));
	assert_true(strlen(why) > 0);
	/* entries that are all zero count as empty */
	add(t, 0, gid_zero, V2, "eth0");
	add(t, 1, gid_zero, V1, "eth0");
	assert_int_equal(choose(t, true, why, sizeof(why)), -ENOENT);
	free(t);
}

static void test_choose_ipv4_link_local(void **state)
{
	struct rp_gid_table *t = table_new();
	char why[256];

	(void)state;
	add(t, 0, gid_v4_169_254, V2, "eth0");
	assert_int_equal(choose(t, false, why, sizeof(why)), 0);
	assert_non_null(strstr(why, "link-local"));
	/* a routable v1 beats a 169.254 v2 */
	add(t, 1, gid_v4_10_0_1_1, V1, "eth0");
	assert_int_equal(choose(t, false, why, sizeof(why)), 1);
	assert_null(strstr(why, "link-local"));
	free(t);
}

/* Equal rank: the lowest index wins, whatever the order in e[]. */
static void test_choose_tie_lowest_index(void **state)
{
	struct rp_gid_table *t = table_new();
	char why[128];

	(void)state;
	add(t, 5, gid_v4_192_168_1_10, V2, "eth1");
	add(t, 2, gid_v4_10_0_1_1, V2, "eth0");
	add(t, 7, gid_v4_10_0_1_1, V2, "eth2");
	assert_int_equal(choose(t, false, why, sizeof(why)), 2);
	assert_string_equal(why, "RoCE v2 ::ffff:10.0.1.1 on eth0");
	free(t);
}

static void test_choose_prefer_ipv6(void **state)
{
	struct rp_gid_table *t = table_new();
	char why[128];

	(void)state;
	add(t, 0, gid_v4_10_0_1_1, V2, "eth0");
	add(t, 1, gid_v6_global, V2, "eth0");
	assert_int_equal(choose(t, false, why, sizeof(why)), 0);
	assert_int_equal(choose(t, true, why, sizeof(why)), 1);
	assert_string_equal(why, "RoCE v2 2001:db8::1 on eth0");
	/* the version still comes first: an IPv6 v1 loses to IPv4 v2 */
	t->e[1].type = V1;
	assert_int_equal(choose(t, true, why, sizeof(why)), 0);
	free(t);
}

/* --- sysfs fixtures ---------------------------------------------------- */

static bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* "build/tests/test_gid" -> "build/tests" -> "build" -> "." */
static void strip_dirs(char *path, int n)
{
	while (n-- > 0) {
		char *slash = strrchr(path, '/');

		if (!slash) {
			strcpy(path, ".");
			return;
		}
		*slash = '\0';
		if (!path[0])
			strcpy(path, "/");
	}
}

/* $RP_FIXTURES, else ./tests/fixtures, else <argv0>/../../../tests/fixtures. */
static void find_fixtures(const char *argv0, char *out, size_t len)
{
	const char *env = getenv("RP_FIXTURES");
	char root[PATH_MAX];

	if (env && *env) {
		snprintf(out, len, "%s", env);
		return;
	}
	snprintf(out, len, "tests/fixtures");
	if (is_dir("tests/fixtures/sysfs") || !argv0)
		return;
	snprintf(root, sizeof(root), "%s", argv0);
	strip_dirs(root, 3);
	snprintf(out, len, "%s/tests/fixtures", root);
}

/* The sysfs root of the fixtures; fails the test when it is missing. */
static void sysfs_root(void **state, char *out, size_t len)
{
	snprintf(out, len, "%s/sysfs", (const char *)*state);
	if (!is_dir(out))
		fail_msg("fixture directory %s not found: run from the repo "
			 "root or set RP_FIXTURES", out);
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

	sysfs_root(state, root, sizeof(root));
	memset(t, 0xff, sizeof(*t));
	assert_int_equal(rp_gid_read_sysfs(root, "mlx5_0", 1, t), 0);
	assert_int_equal(t->tbl_len, 8);	/* gids/0 .. gids/7 */
	assert_int_equal(t->n, 4);		/* 4 .. 7 are zero */
	check_entry(&t->e[0], 0, gid_ll_cx, V1);	/* "IB/RoCE v1" */
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

	sysfs_root(state, root, sizeof(root));
	assert_int_equal(rp_gid_read_sysfs(root, "rxe0", 1, t), 0);
	assert_int_equal(t->tbl_len, 6);	/* gids/0 .. gids/5 */
	assert_int_equal(t->n, 2);		/* 2 .. 5 are zero */
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

	sysfs_root(state, root, sizeof(root));
	assert_int_equal(rp_gid_read_sysfs(root, "mlx5_9", 1, t), -ENOENT);
	assert_int_equal(rp_gid_read_sysfs(root, "rxe0", 2, t), -ENOENT);
	free(t);
}

int main(int argc, char **argv)
{
	char fixtures[PATH_MAX];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_is_zero),
		cmocka_unit_test(test_is_ipv4),
		cmocka_unit_test(test_is_link_local),
		cmocka_unit_test(test_type_str),
		cmocka_unit_test(test_to_str),
		cmocka_unit_test(test_find),
		cmocka_unit_test(test_describe),
		cmocka_unit_test(test_list),
		cmocka_unit_test(test_choose_connectx),
		cmocka_unit_test(test_choose_softroce),
		cmocka_unit_test(test_choose_version_before_family),
		cmocka_unit_test(test_choose_ipv6_global_over_link_local),
		cmocka_unit_test(test_choose_only_link_local),
		cmocka_unit_test(test_choose_empty),
		cmocka_unit_test(test_choose_ipv4_link_local),
		cmocka_unit_test(test_choose_tie_lowest_index),
		cmocka_unit_test(test_choose_prefer_ipv6),
		cmocka_unit_test_prestate(test_sysfs_mlx5, fixtures),
		cmocka_unit_test_prestate(test_sysfs_rxe, fixtures),
		cmocka_unit_test_prestate(test_sysfs_missing, fixtures),
	};

	find_fixtures(argc > 0 ? argv[0] : NULL, fixtures, sizeof(fixtures));
	return cmocka_run_group_tests(tests, NULL, NULL);
}
