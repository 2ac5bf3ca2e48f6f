/* Description: the option table (common/app/rp_optable.c) against the
 * documentation. For each binary, its man page's OPTIONS section (the tag
 * line after each .TP) names exactly the options the table gives that
 * binary: every long option it takes (perftest's flags refused by name
 * excepted) appears, with its short letter (a page "As rail_write_bw(1),
 * with these differences" counts that page's too), every option named
 * there is one it takes, and one named "Refused" is one it refuses. bash completion (tools/completion/railperf.bash) reads
 * the option names from --help, which the table writes; the options its
 * "case $prev" lists as taking a value are exactly the table's options
 * with a value. Also: getopt's tables of each binary hold each row of its
 * family once. */
#define _GNU_SOURCE
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "app/rp_optable.h"

static const struct {
	const char *name;
	unsigned int bin;
} bins[] = {
	{ "rail_write_bw", RP_BIN_WRITE_BW },
	{ "rail_read_bw", RP_BIN_READ_BW },
	{ "rail_send_bw", RP_BIN_SEND_BW },
	{ "rail_send_lat", RP_BIN_SEND_LAT },
	{ "rail_read_lat", RP_BIN_READ_LAT },
	{ "rail_multi_bw", RP_BIN_MULTI_BW },
	{ "rail_write_lat", RP_BIN_WRITE_LAT },
	{ "rail_atomic_bw", RP_BIN_ATOMIC_BW },
	{ "rail_atomic_lat", RP_BIN_ATOMIC_LAT },
	{ "rail_cluster_bw", RP_BIN_CLUSTER_BW },
	{ "rail_info", RP_BIN_INFO },
};

#define MAX_NAMES 128

/* Option names as documented: "--size", "-s". */
struct names {
	char name[MAX_NAMES][40];
	size_t n;
};

static void names_add(struct names *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->name[i], name))
			return;
	assert_true(s->n < MAX_NAMES);
	snprintf(s->name[s->n++], sizeof(s->name[0]), "%s", name);
}

static bool names_has(const struct names *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->name[i], name))
			return true;
	return false;
}

/* A file of the source tree: from the top (tests/run), or from the
 * program's build directory (B/tests/..). NULL when not found. */
static FILE *tree_open(const char *rel)
{
	char exe[PATH_MAX], path[PATH_MAX * 2];
	ssize_t n;
	FILE *f = fopen(rel, "r");

	if (f)
		return f;
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	*strrchr(exe, '/') = '\0';
	snprintf(path, sizeof(path), "%s/../../%s", exe, rel);
	return fopen(path, "r");
}

/* Every "\-\-name" and "\-X" of @line (roff) into @s. */
static void roff_names(const char *line, struct names *s)
{
	char name[40];
	const char *p = line;
	size_t k;

	while ((p = strstr(p, "\\-"))) {
		bool dbl = !strncmp(p, "\\-\\-", 4);

		p += dbl ? 4 : 2;
		strcpy(name, dbl ? "--" : "-");
		k = strlen(name);
		while (k < sizeof(name) - 1 &&
		       ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			(*p >= '0' && *p <= '9') || *p == '_' ||
			!strncmp(p, "\\-", 2))) {
			name[k++] = *p == '\\' ? '-' : *p;
			p += *p == '\\' ? 2 : 1;
		}
		name[k] = '\0';
		if (k > (dbl ? 2u : 1u) && (dbl || k == 2))
			names_add(s, name);
	}
}

/* A man page's OPTIONS section: the options its tag lines name, those
 * it names as refused (the tag's text starts "Refused"), and the page it
 * defers the rest to ("As rail_write_bw(1), with these differences"). */
struct man {
	struct names named, refused;
	char as[32];
};

static void man_read(const char *bin, struct man *m)
{
	char rel[64], line[1024], tagline[1024] = "";
	bool in = false, tag = false, first = false;
	FILE *f;

	snprintf(rel, sizeof(rel), "man/%s.1", bin);
	f = tree_open(rel);
	if (!f)
		fail_msg("cannot open %s", rel);
	memset(m, 0, sizeof(*m));
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, ".SH", 3)) {
			in = first = strstr(line, "OPTIONS") != NULL;
			continue;
		}
		if (first && !strncmp(line, ".BR rail_", 9))
			sscanf(line + 4, "%31[a-z_]", m->as);
		if (in && !strncmp(line, ".TP", 3))
			first = false;
		if (in && tag)
			snprintf(tagline, sizeof(tagline), "%s", line);
		else if (in && *tagline)
			roff_names(tagline, strncmp(line, "Refused", 7) ?
						    &m->named :
						    &m->refused);
		if (!tag)
			tagline[0] = '\0';
		tag = in && !strncmp(line, ".TP", 3);
	}
	fclose(f);
}

/* The options man/@bin.1 documents for @bin: its own, and those of the
 * page it defers to, less the ones it refuses. */
static void man_names(const char *bin, struct names *s, struct names *ref)
{
	struct man m, as;
	size_t i;

	man_read(bin, &m);
	*s = m.named;
	*ref = m.refused;
	if (!m.as[0])
		return;
	man_read(m.as, &as);
	for (i = 0; i < as.named.n; i++)
		if (!names_has(&m.refused, as.named.name[i]))
			names_add(s, as.named.name[i]);
}

/* The table's options for @bin: those a man page must name. */
static void table_names(unsigned int bin, struct names *s, bool alias)
{
	const struct rp_optrow *rows;
	char name[48];
	size_t n, i;

	rows = rp_optable_rows(&n);
	s->n = 0;
	for (i = 0; i < n; i++) {
		const struct rp_optrow *r = &rows[i];

		if (!rp_optable_takes(r, bin) || r->pt == RP_PT_REFUSED)
			continue;
		snprintf(name, sizeof(name), "--%s", r->name);
		names_add(s, name);
		if (alias && r->alias) {
			snprintf(name, sizeof(name), "--%s", r->alias);
			names_add(s, name);
		}
		if (r->short_opt) {
			snprintf(name, sizeof(name), "-%c", r->short_opt);
			names_add(s, name);
		}
	}
}

static void test_man_pages(void **state)
{
	struct names man, ref, tab, all, fam;
	size_t b, i;
	int bad = 0;

	(void)state;
	for (b = 0; b < sizeof(bins) / sizeof(bins[0]); b++) {
		const char *bn = bins[b].name;

		man_names(bn, &man, &ref);
		table_names(bins[b].bin, &tab, false);
		table_names(bins[b].bin, &all, true);
		table_names(rp_optable_family(bins[b].bin), &fam, true);
		for (i = 0; i < tab.n; i++)
			if (!names_has(&man, tab.name[i])) {
				print_error("%s takes %s: man/%s.1 does not "
					    "name it under OPTIONS\n",
					    bn, tab.name[i], bn);
				bad++;
			}
		for (i = 0; i < man.n; i++)
			if (!names_has(&all, man.name[i])) {
				print_error("man/%s.1 names %s under OPTIONS: "
					    "%s does not take it\n",
					    bn, man.name[i], bn);
				bad++;
			}
		for (i = 0; i < ref.n; i++)
			if (names_has(&all, ref.name[i]) ||
			    !names_has(&fam, ref.name[i])) {
				print_error("man/%s.1 says %s is refused: the "
					    "table %s\n",
					    bn, ref.name[i],
					    names_has(&all, ref.name[i]) ?
						    "takes it" :
						    "does not have it");
				bad++;
			}
	}
	assert_int_equal(bad, 0);
}

/* The options of the completion's "case $prev" arms (up to "esac"). */
static void completion_names(struct names *s)
{
	char line[1024], *p, *w, *save;
	bool in = false, cont = false, pat;
	FILE *f = tree_open("tools/completion/railperf.bash");

	if (!f)
		fail_msg("cannot open tools/completion/railperf.bash");
	s->n = 0;
	while (fgets(line, sizeof(line), f)) {
		if (strstr(line, "case $prev in")) {
			in = true;
			continue;
		}
		if (in && strstr(line, "esac"))
			break;
		/* a pattern: an arm's first line (one tab), or continued */
		pat = in && ((line[0] == '\t' && line[1] != '\t') || cont);
		cont = pat && strstr(line, "\\\n");
		if (!pat)
			continue;
		p = strchr(line, ')');
		if (p)
			*p = '\0';
		for (w = strtok_r(line, " \t|\\\n", &save); w;
		     w = strtok_r(NULL, " \t|\\\n", &save))
			if (w[0] == '-')
				names_add(s, w);
	}
	fclose(f);
}

static void test_completion(void **state)
{
	const struct rp_optrow *rows;
	struct names comp, want;
	char name[48];
	size_t n, i;
	int bad = 0;

	(void)state;
	completion_names(&comp);
	rows = rp_optable_rows(&n);
	want.n = 0;
	for (i = 0; i < n; i++) {
		if (rows[i].has_arg == no_argument ||
		    rows[i].pt == RP_PT_REFUSED)
			continue;
		snprintf(name, sizeof(name), "--%s", rows[i].name);
		names_add(&want, name);
		if (rows[i].short_opt) {
			snprintf(name, sizeof(name), "-%c", rows[i].short_opt);
			names_add(&want, name);
		}
	}
	for (i = 0; i < want.n; i++)
		if (!names_has(&comp, want.name[i])) {
			print_error("%s takes a value: railperf.bash's case "
				    "$prev does not list it\n",
				    want.name[i]);
			bad++;
		}
	for (i = 0; i < comp.n; i++)
		if (!names_has(&want, comp.name[i])) {
			print_error("railperf.bash's case $prev lists %s: no "
				    "option of the table with a value\n",
				    comp.name[i]);
			bad++;
		}
	assert_int_equal(bad, 0);
}

/* getopt's tables: each row of the family once, its alias once more. */
static void test_getopt_tables(void **state)
{
	struct option lo[RP_OPT_LONG_MAX];
	char so[RP_OPT_SHORT_MAX];
	const struct rp_optrow *rows;
	size_t b, i, n, k, want;

	(void)state;
	rows = rp_optable_rows(&n);
	for (b = 0; b < sizeof(bins) / sizeof(bins[0]); b++) {
		unsigned int fam = rp_optable_family(bins[b].bin);

		rp_optable_getopt(bins[b].bin, lo, so);
		for (i = 0, want = 0; i < n; i++)
			want += (rows[i].bins & fam) ? (rows[i].alias ? 2 : 1) :
						       0;
		for (k = 0; lo[k].name; k++)
			assert_ptr_equal(rp_optable_find(lo[k].name) ?:
						 rp_optable_row_of(lo[k].val),
					 rp_optable_row_of(lo[k].val));
		assert_int_equal(k, want);
		assert_int_equal(so[0], ':');
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_man_pages),
		cmocka_unit_test(test_completion),
		cmocka_unit_test(test_getopt_tables),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
