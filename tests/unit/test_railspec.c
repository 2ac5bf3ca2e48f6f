/* Description: rp_railspec_parse, the -d / -x rail lists: devices with
 * and without ":port" (default port applied), -x absent (every rail -1),
 * one index for all rails or one per rail; every error returns -EINVAL
 * and prints exactly one line naming the problem (checked byte for byte on
 * stderr): no -d, empty elements, ports outside 1..254 or not numbers, a
 * missing device name, a rail given twice, a -x list of the wrong length,
 * a bad GID index, more rails than allowed, names too long for the
 * 64-byte device field; a valid list prints nothing. */
#define _GNU_SOURCE
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "capture.h"
#include "cases.h"
#include "proto/rp_proto.h"
#include "app/rp_railspec.h"

#define MAXR 4

struct parsed {
	int ret;
	struct rp_railspec r[RP_MAX_RAILS + 2];
	char err[1024];
};

/* Parse with stderr captured; no assertion runs while it is captured. */
static void parse(struct parsed *p, const char *devs, const char *gids,
		  unsigned int def_port, size_t max)
{
	struct capture c;

	memset(p, 0x5a, sizeof(p->r));
	capture_begin(&c);
	p->ret = rp_railspec_parse(devs, gids, def_port, p->r, max);
	capture_end(&c, p->err, sizeof(p->err));
}

/* The one line rp_err prints: "<program>: <text>\n". */
static void assert_err(const struct parsed *p, const char *text)
{
	char want[1024];

	snprintf(want, sizeof(want), "%s: %s\n", program_invocation_short_name,
		 text);
	assert_int_equal(p->ret, -EINVAL);
	assert_string_equal(p->err, want);
}

/*
 * -EINVAL and exactly one line "<program>: ...\n" that contains @a and @b
 * (for errors whose wording the contract leaves open).
 */
static void assert_err_naming(const struct parsed *p, const char *a,
			      const char *b)
{
	size_t plen = strlen(program_invocation_short_name);
	size_t len = strlen(p->err);

	assert_int_equal(p->ret, -EINVAL);
	if (!len)
		fail_msg("nothing printed: want one line naming %s", a);
	assert_memory_equal(p->err, program_invocation_short_name, plen);
	assert_memory_equal(p->err + plen, ": ", 2);
	assert_true(p->err[len - 1] == '\n');
	assert_ptr_equal(strchr(p->err, '\n'), p->err + len - 1);
	assert_non_null(strstr(p->err, a));
	assert_non_null(strstr(p->err, b));
}

static void assert_rail(const struct rp_railspec *r, const char *dev,
			unsigned int port, int gid_index)
{
	assert_string_equal(r->dev, dev);
	assert_int_equal(r->port, port);
	assert_int_equal(r->gid_index, gid_index);
}

/* --- valid lists ------------------------------------------------------- */

/* -d @devs -x @gids, default port @def_port, at most @max rails: @n rails,
 * @r, and nothing printed. */
struct valid_case {
	const char *name;
	const char *devs, *gids;
	unsigned int def_port;
	size_t max;
	int n;
	struct {
		const char *dev;
		unsigned int port;
		int gid_index;
	} r[3]; /* the first @n */
};

/* clang-format off */
static const struct valid_case valid_cases[] = {
	{ "test_two_rails_default_port", "rxe0,rxe1", NULL, 1, MAXR, 2,
	  { { "rxe0", 1, -1 }, { "rxe1", 1, -1 } } },
	/* another default port (-i 2) applies to every rail without one */
	{ "test_two_rails_default_port_2", "rxe0,rxe1", NULL, 2, MAXR, 2,
	  { { "rxe0", 2, -1 }, { "rxe1", 2, -1 } } },
	{ "test_one_rail", "mlx5_0", NULL, 1, MAXR, 1,
	  { { "mlx5_0", 1, -1 } } },
	/* exactly max rails is fine */
	{ "test_one_rail_of_max_1", "mlx5_0", NULL, 1, 1, 1,
	  { { "mlx5_0", 1, -1 } } },
	{ "test_explicit_ports", "mlx5_0:1,mlx5_1:2", NULL, 1, MAXR, 2,
	  { { "mlx5_0", 1, -1 }, { "mlx5_1", 2, -1 } } },
	/* mixed, the bounds of the port range, two ports of one device */
	{ "test_explicit_ports_mixed", "mlx5_0:254,mlx5_0:1,mlx5_0", NULL, 3,
	  MAXR, 3,
	  { { "mlx5_0", 254, -1 }, { "mlx5_0", 1, -1 }, { "mlx5_0", 3, -1 } } },
	/* GB10 layout: two PCI functions of one port */
	{ "test_explicit_ports_gb10", "rocep1s0f0,roceP2p1s0f0", NULL, 1, MAXR,
	  2, { { "rocep1s0f0", 1, -1 }, { "roceP2p1s0f0", 1, -1 } } },
	{ "test_gid_one_for_all", "rxe0,rxe1,rxe2", "3", 1, MAXR, 3,
	  { { "rxe0", 1, 3 }, { "rxe1", 1, 3 }, { "rxe2", 1, 3 } } },
	/* 0 and 255 are the bounds */
	{ "test_gid_one_for_all_0", "rxe0", "0", 1, MAXR, 1,
	  { { "rxe0", 1, 0 } } },
	{ "test_gid_one_for_all_255", "rxe0", "255", 1, MAXR, 1,
	  { { "rxe0", 1, 255 } } },
	{ "test_gid_per_rail", "rxe0,rxe1", "1,3", 1, MAXR, 2,
	  { { "rxe0", 1, 1 }, { "rxe1", 1, 3 } } },
	{ "test_gid_per_rail_ports", "mlx5_0:1,mlx5_1:2", "3,0", 1, MAXR, 2,
	  { { "mlx5_0", 1, 3 }, { "mlx5_1", 2, 0 } } },
	/* an explicit port 1 and the default port 2 are two rails */
	{ "test_repeated_rail_other_default_port", "rxe0:1,rxe0", NULL, 2,
	  MAXR, 2, { { "rxe0", 1, -1 }, { "rxe0", 2, -1 } } },
};
/* clang-format on */

static void test_valid(void **state)
{
	const struct valid_case *c = *state;
	struct parsed p;
	int i;

	parse(&p, c->devs, c->gids, c->def_port, c->max);
	assert_int_equal(p.ret, c->n);
	assert_string_equal(p.err, "");
	for (i = 0; i < c->n; i++)
		assert_rail(&p.r[i], c->r[i].dev, c->r[i].port,
			    c->r[i].gid_index);
}

static void test_max_rails(void **state)
{
	/* RP_MAX_RAILS = 16 rails: r0 .. r15 */
	char devs[256] = "";
	struct parsed p;
	char name[8];
	unsigned int i;

	(void)state;
	for (i = 0; i < RP_MAX_RAILS; i++) {
		snprintf(name, sizeof(name), "%sr%u", i ? "," : "", i);
		strcat(devs, name);
	}
	parse(&p, devs, NULL, 1, RP_MAX_RAILS);
	assert_int_equal(p.ret, RP_MAX_RAILS);
	assert_string_equal(p.err, "");
	assert_rail(&p.r[0], "r0", 1, -1);
	assert_rail(&p.r[15], "r15", 1, -1);
	/* one more: 17 rails */
	strcat(devs, ",r16");
	parse(&p, devs, NULL, 1, RP_MAX_RAILS);
	assert_err(&p, "17 rails given with -d; at most 16");
}

static void test_name_63_chars(void **state)
{
	/* a device name fills at most 63 bytes + NUL of dev[64] */
	char name[64];
	struct parsed p;

	(void)state;
	memset(name, 'a', 63);
	name[63] = '\0';
	parse(&p, name, NULL, 1, MAXR);
	assert_int_equal(p.ret, 1);
	assert_string_equal(p.err, "");
	assert_rail(&p.r[0], name, 1, -1);
}

static void test_name_63_chars_with_port(void **state)
{
	/* the 63-byte name that fits dev[64] stays valid with ":2" after it:
	 * the port is not part of the name */
	char name[64], devs[80];
	struct parsed p;

	(void)state;
	memset(name, 'a', 63);
	name[63] = '\0';
	snprintf(devs, sizeof(devs), "%s:2", name);
	parse(&p, devs, NULL, 1, MAXR);
	assert_string_equal(p.err, "");
	assert_int_equal(p.ret, 1);
	assert_rail(&p.r[0], name, 2, -1);
}

/* --- errors ------------------------------------------------------------- */

/* -d @devs -x @gids, default port @def_port, at most @max rails: -EINVAL
 * and the one line "<program>: @err". */
struct error_case {
	const char *name;
	const char *devs, *gids;
	unsigned int def_port;
	size_t max;
	const char *err;
};

#define NO_DEVS "name the rails with -d, e.g. -d mlx5_0,mlx5_1"
#define GID_COUNT(x, d) \
	"-x lists " x " GID indexes for " d " rails: give " \
	"one for all rails or one per rail"
#define BAD_GID(x) "invalid GID index '" x "' in -x: valid values are 0 .. 255"

static const struct error_case error_cases[] = {
	{ "test_no_devs", NULL, NULL, 1, MAXR, NO_DEVS },
	{ "test_no_devs_empty", "", NULL, 1, MAXR, NO_DEVS },
	{ "test_no_devs_empty_with_x", "", "3", 1, MAXR, NO_DEVS },
	{ "test_repeated_rail", "rxe0,rxe0", NULL, 1, MAXR,
	  "rail rxe0:1 is given twice in -d" },
	/* an explicit port 1 and the default port 1 are the same rail */
	{ "test_repeated_rail_default_port", "rxe0:1,rxe0", NULL, 1, MAXR,
	  "rail rxe0:1 is given twice in -d" },
	{ "test_repeated_rail_default_port_2", "rxe0:2,rxe0", NULL, 2, MAXR,
	  "rail rxe0:2 is given twice in -d" },
	/* not next to each other */
	{ "test_repeated_rail_apart", "mlx5_0,mlx5_1,mlx5_0", NULL, 1, MAXR,
	  "rail mlx5_0:1 is given twice in -d" },
	{ "test_gid_count_mismatch_3_for_2", "rxe0,rxe1", "1,2,3", 1, MAXR,
	  GID_COUNT("3", "2") },
	{ "test_gid_count_mismatch_2_for_3", "rxe0,rxe1,rxe2", "1,2", 1, MAXR,
	  GID_COUNT("2", "3") },
	{ "test_gid_count_mismatch_2_for_1", "rxe0", "1,2", 1, MAXR,
	  GID_COUNT("2", "1") },
	{ "test_bad_gid_x", "rxe0,rxe1", "1,x", 1, MAXR, BAD_GID("x") },
	{ "test_bad_gid_256", "rxe0,rxe1", "256", 1, MAXR, BAD_GID("256") },
	{ "test_bad_gid_negative", "rxe0", "-1", 1, MAXR, BAD_GID("-1") },
	{ "test_bad_gid_empty", "rxe0", "", 1, MAXR, BAD_GID("") },
	{ "test_bad_gid_empty_second", "rxe0,rxe1", "1,", 1, MAXR,
	  BAD_GID("") },
	{ "test_bad_gid_3x", "rxe0,rxe1", "3x", 1, MAXR, BAD_GID("3x") },
	{ "test_too_many_rails", "a,b,c", NULL, 1, 2,
	  "3 rails given with -d; at most 2" },
	/* the count is checked before the elements */
	{ "test_too_many_rails_before_elements", "a,,c", NULL, 1, 2,
	  "3 rails given with -d; at most 2" },
	{ "test_too_many_rails_max_0", "a", NULL, 1, 0,
	  "1 rails given with -d; at most 0" },
};

static void test_error(void **state)
{
	const struct error_case *c = *state;
	struct parsed p;

	parse(&p, c->devs, c->gids, c->def_port, c->max);
	assert_err(&p, c->err);
}

static void test_empty_element(void **state)
{
	static const char *const bad[] = {
		"rxe0,,rxe1", ",rxe0", "rxe0,", ",", ",,,",
	};
	struct parsed p;
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		print_message("# -d \"%s\"\n", bad[i]);
		parse(&p, bad[i], NULL, 1, MAXR);
		assert_err(&p, "empty rail in -d: give dev or dev:port, "
			       "comma-separated");
	}
}

static void test_bad_port(void **state)
{
	static const char *const bad[] = {
		"rxe0:0",
		"rxe0:255",
		"rxe0:x",
		":1",
		"rxe0:",
		"rxe0:-1",
		"rxe0:+1",
		"rxe0:1x",
		"rxe0:1:2",
		"rxe0: 1",
		"rxe0:99999999999999999999999",
	};
	char want[256];
	struct parsed p;
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		print_message("# -d \"%s\"\n", bad[i]);
		parse(&p, bad[i], NULL, 1, MAXR);
		snprintf(want, sizeof(want),
			 "invalid rail '%s' in -d: want "
			 "dev or dev:port with port 1..254",
			 bad[i]);
		assert_err(&p, want);
	}
	/* the element named is the bad one, not the whole list */
	parse(&p, "rxe0,rxe1:0,rxe2", NULL, 1, MAXR);
	assert_err(&p, "invalid rail 'rxe1:0' in -d: want dev or dev:port "
		       "with port 1..254");
}

static void test_name_64_chars(void **state)
{
	/* 64 characters do not fit dev[64] with its NUL */
	char name[65], devs[80], want[256];
	struct parsed p;

	(void)state;
	memset(name, 'b', 64);
	name[64] = '\0';
	parse(&p, name, NULL, 1, MAXR);
	snprintf(want, sizeof(want),
		 "rail name '%s' in -d is too long "
		 "(at most 63 characters)",
		 name);
	assert_err(&p, want);
	/* as the second rail */
	snprintf(devs, sizeof(devs), "rxe0,%s", name);
	parse(&p, devs, NULL, 1, MAXR);
	assert_err(&p, want);
}

static void test_name_far_too_long(void **state)
{
	/* 100 characters: still one line naming the element (its wording is
	 * free: "too long" or "invalid") */
	char name[101], want[256];
	struct parsed p;

	(void)state;
	memset(name, 'c', 100);
	name[100] = '\0';
	parse(&p, name, NULL, 1, MAXR);
	snprintf(want, sizeof(want), "'%s'", name);
	assert_err_naming(&p, want, " -d");
	/* 72 characters: the first length past the 72-byte element buffer */
	name[72] = '\0';
	parse(&p, name, NULL, 1, MAXR);
	snprintf(want, sizeof(want), "'%s'", name);
	assert_err_naming(&p, want, " -d");
}

static void test_gid_far_too_long(void **state)
{
	/* an -x element of 80 characters: one line naming it */
	char gids[81], want[256];
	struct parsed p;

	(void)state;
	memset(gids, '9', 80);
	gids[80] = '\0';
	parse(&p, "rxe0", gids, 1, MAXR);
	snprintf(want, sizeof(want), "'%s'", gids);
	assert_err_naming(&p, want, " -x");
}

int main(void)
{
	static const struct CMUnitTest valid[] = {
		cmocka_unit_test(test_max_rails),
		cmocka_unit_test(test_name_63_chars),
		cmocka_unit_test(test_name_63_chars_with_port),
	}, errors[] = {
		cmocka_unit_test(test_empty_element),
		cmocka_unit_test(test_bad_port),
		cmocka_unit_test(test_name_64_chars),
		cmocka_unit_test(test_name_far_too_long),
		cmocka_unit_test(test_gid_far_too_long),
	};
	struct CMUnitTest tests[ARRAY_SIZE(valid_cases) + ARRAY_SIZE(valid) +
				ARRAY_SIZE(error_cases) + ARRAY_SIZE(errors)];
	size_t n = 0;

	CASES_ADD(tests, n, test_valid, valid_cases);
	TESTS_ADD(tests, n, valid);
	CASES_ADD(tests, n, test_error, error_cases);
	TESTS_ADD(tests, n, errors);
	return RUN_TESTS(tests, n);
}
