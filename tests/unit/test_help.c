/* Description: each binary's --help against the parser's table. For
 * rail_write_bw, rail_read_lat and rail_multi_bw, every option line of
 * the --help text ("  -s, --size=<bytes>", "      --ipv6") is parsed:
 * the option must be in the parser's long-option table with the same
 * short letter and argument, and taken by that binary (rp_optable.h);
 * every option the binary takes must be in its --help (an alias counts
 * when its first spelling is listed); every range "A .. B" in an option's
 * text must be the parser's (A and B accepted, B + 1 and A - 1 refused);
 * every "(default: N)" must be what rp_opts_init sets. */
#define _GNU_SOURCE
#include <getopt.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "capture.h"
#include "app/rp_optable.h"
#include "app/rp_opts.h"
#include "app/rp_usage.h"

#define MAX_HELP_OPTS 64

/* One option as --help shows it, with the text of its line(s). */
struct help_opt {
	char name[48]; /* long name, without "--" */
	int short_opt; /* 0 = none */
	bool has_arg;  /* "=<...>" */
	char text[512];
};

/* The --help text of the binary of @d. */
static char *help_of(const struct rp_test_desc *d)
{
	struct rp_opts o;
	size_t len;
	char *t;
	FILE *f = open_memstream(&t, &len);

	assert_non_null(f);
	rp_opts_init(&o, d);
	rp_opts_usage(&o, f);
	fclose(f);
	return t;
}

/* Parse "  -s, --size=<bytes>  text" or "      --ipv6  text" lines, and
 * the continuation lines under them, into @out. Returns the count. */
static size_t help_parse(char *t, struct help_opt *out)
{
	size_t n = 0;
	char *line, *save, *p;

	for (line = strtok_r(t, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		p = line + strspn(line, " ");
		if (p - line >= 20 && n) { /* continuation of the last one */
			strncat(out[n - 1].text, p,
				sizeof(out[n - 1].text) -
					strlen(out[n - 1].text) - 2);
			strcat(out[n - 1].text, " ");
			continue;
		}
		if (strncmp(line, "  -", 3) && strncmp(line, "      --", 8))
			continue;
		assert_true(n < MAX_HELP_OPTS);
		memset(&out[n], 0, sizeof(out[n]));
		if (p[1] != '-') {
			out[n].short_opt = p[1];
			p += 4; /* "-s, " */
		}
		assert_memory_equal(p, "--", 2);
		p += 2;
		sscanf(p, "%47[A-Za-z0-9_-]", out[n].name);
		out[n].has_arg = p[strlen(out[n].name)] == '=';
		snprintf(out[n].text, sizeof(out[n].text), "%s ", p);
		n++;
	}
	return n;
}

/* getopt's table of the perftest-style binaries, from the option table. */
static struct option long_opts[RP_OPT_LONG_MAX];

static const struct option *long_table(void)
{
	char so[RP_OPT_SHORT_MAX];

	rp_optable_getopt(RP_BIN_WRITE_BW, long_opts, so);
	return long_opts;
}

static const struct option *table_find(const char *name)
{
	const struct option *lo;

	for (lo = long_table(); lo->name; lo++)
		if (!strcmp(lo->name, name))
			return lo;
	return NULL;
}

/* The binary of @d takes getopt's value @c, and it is railperf's (not one
 * of perftest's flags refused by name). */
static bool takes(const struct rp_test_desc *d, int c)
{
	const struct rp_optrow *r = rp_optable_row_of(c);

	return r && r->pt != RP_PT_REFUSED &&
	       rp_optable_takes(r, rp_optable_bin(d));
}

/* Parse "--@name=@val" for @d; 0 when accepted. */
static int parse_one(const struct rp_test_desc *d, const char *name,
		     unsigned long long val)
{
	char arg[96], err[512];
	char *argv[] = { (char *)d->name, arg, NULL };
	struct capture cap;
	struct rp_opts o;
	int ret;

	snprintf(arg, sizeof(arg), "--%s=%llu", name, val);
	rp_opts_init(&o, d);
	capture_begin(&cap);
	ret = rp_opts_parse(&o, 2, argv);
	capture_end(&cap, err, sizeof(err));
	return ret;
}

/* Every "A .. B" in @h's text is the parser's range. */
static void check_ranges(const struct rp_test_desc *d, const struct help_opt *h)
{
	unsigned long long a, b;
	const char *p = h->text;

	while ((p = strstr(p, " .. "))) {
		const char *s = p;

		while (s > h->text && s[-1] >= '0' && s[-1] <= '9')
			s--;
		p += 4;
		if (sscanf(s, "%llu .. %llu", &a, &b) != 2 || !h->has_arg ||
		    (!strcmp(h->name, "gid-index") &&
		     (d->features & RP_FEAT_MULTI)))
			continue; /* sizes "2 B .. 8 MiB", or a -x list */
		if (parse_one(d, h->name, a) || parse_one(d, h->name, b) ||
		    !parse_one(d, h->name, b + 1) ||
		    (a && !parse_one(d, h->name, a - 1)))
			fail_msg("%s --%s: help says %llu .. %llu, the parser "
				 "differs",
				 d->name, h->name, a, b);
	}
}

/* The value rp_opts_init gives the option @c, or -1 when not numeric. */
static long long default_of(const struct rp_test_desc *d, int c,
			    const char *name)
{
	struct rp_opts o;

	rp_opts_init(&o, d);
	switch (c) {
	case 's': return (long long)o.size;
	case 'n': return (long long)o.iters;
	case 'i': return o.ib_port;
	case 'p': return o.tcp_port;
	case 't': return o.tx_depth;
	case 'q': return o.num_qps;
	case 'u': return o.qp_timeout;
	case 'Q': return o.cq_mod;
	}
	if (!strcmp(name, "timeout"))
		return o.timeout;
	return -1;
}

static void check_default(const struct rp_test_desc *d,
			  const struct help_opt *h)
{
	const char *p = strstr(h->text, "(default: ");
	long long want = default_of(d, h->short_opt, h->name), got;

	if (!p || want < 0 || sscanf(p + 10, "%lld", &got) != 1)
		return;
	if (got != want)
		fail_msg("%s --%s: help says default %lld, the parser sets "
			 "%lld",
			 d->name, h->name, got, want);
}

/* Each help option is the parser's and taken by the binary. */
static void check_listed(const struct rp_test_desc *d, const struct help_opt *h)
{
	const struct option *lo = table_find(h->name);

	if (!lo)
		fail_msg("%s --help lists --%s: not in the parser's table",
			 d->name, h->name);
	if (!takes(d, lo->val))
		fail_msg("%s --help lists --%s: the binary refuses it", d->name,
			 h->name);
	if ((lo->has_arg == required_argument) != h->has_arg)
		fail_msg("%s --%s: argument differs from the parser's", d->name,
			 h->name);
	if (h->short_opt && h->short_opt != lo->val)
		fail_msg("%s --%s: -%c in --help, not the parser's", d->name,
			 h->name, h->short_opt);
	check_ranges(d, h);
	check_default(d, h);
}

/* Each option the binary takes is in its --help (aliases: one spelling). */
static void check_complete(const struct rp_test_desc *d,
			   const struct help_opt *h, size_t nh)
{
	const struct option *lo = long_table();
	size_t i, j;

	for (i = 0; lo[i].name; i++) {
		bool found = false;

		if (!takes(d, lo[i].val))
			continue;
		for (j = 0; j < nh && !found; j++) {
			const struct option *hl = table_find(h[j].name);

			found = hl && hl->val == lo[i].val;
		}
		if (!found)
			fail_msg("%s takes --%s, its --help does not list it",
				 d->name, lo[i].name);
	}
}

static void test_help_matches_parser(void **state)
{
	static const enum rp_test tests[] = { RP_TEST_WRITE_BW,
					      RP_TEST_READ_LAT,
					      RP_TEST_MULTI_BW,
					      RP_TEST_WRITE_LAT };
	struct help_opt h[MAX_HELP_OPTS];
	size_t i, j, n;

	(void)state;
	for (i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		const struct rp_test_desc *d = rp_test_desc_of(tests[i]);
		char *t = help_of(d);

		n = help_parse(t, h);
		assert_true(n >= 20);
		for (j = 0; j < n; j++)
			check_listed(d, &h[j]);
		check_complete(d, h, n);
		free(t);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_help_matches_parser),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
