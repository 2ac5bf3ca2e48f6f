/* SPDX-License-Identifier: MIT */
/*
 * memout.h - an output stream in memory for the report tests: mem_open
 * gives the FILE to print into, mem_expect closes it, compares what was
 * printed with the expected text byte for byte and frees it;
 * assert_rule_lines checks railperf's lines against the output rule. Define
 * _GNU_SOURCE (open_memstream) and include <cmocka.h> (with its
 * prerequisites) first.
 */
#ifndef RP_TEST_MEMOUT_H
#define RP_TEST_MEMOUT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mem {
	char *buf;
	size_t len;
	FILE *f;
};

static inline FILE *mem_open(struct mem *m)
{
	m->buf = NULL;
	m->len = 0;
	m->f = open_memstream(&m->buf, &m->len);
	assert_non_null(m->f);
	return m->f;
}

static inline void mem_expect(struct mem *m, const char *want)
{
	assert_int_equal(fclose(m->f), 0);
	assert_non_null(m->buf);
	assert_string_equal(m->buf, want);
	assert_int_equal(m->len, strlen(want));
	free(m->buf);
	m->buf = NULL;
}

/*
 * assert_rule_lines - @text is railperf's lines of a healthy run as the
 * output rule wants them (docs/measuring.md, Output): each starts with
 * " railperf:" and ends with a newline, and none holds a '-' (a script
 * splits merged output on dash runs), "error" or "fail" in any case (CI
 * suites fail on them) or, when @size is not NULL, the message size
 * (scripts pick the lines that hold it).
 */
static inline void assert_rule_lines(const char *text, const char *size)
{
	const char *p = text, *nl, *w;
	char line[1024];
	size_t n, i;

	assert_true(*text != '\0');
	for (; *p; p = nl + 1) {
		nl = strchr(p, '\n');
		if (!nl)
			fail_msg("no newline after \"%s\"", p);
		n = (size_t)(nl - p) < sizeof(line) - 1 ? (size_t)(nl - p) :
							  sizeof(line) - 1;
		for (i = 0; i < n; i++)
			line[i] = (char)((p[i] >= 'A' && p[i] <= 'Z') ?
						 p[i] - 'A' + 'a' :
						 p[i]);
		line[n] = '\0';
		if (strncmp(p, " railperf:", 10))
			fail_msg("not a railperf line: \"%.*s\"", (int)n, p);
		w = memchr(p, '-', n)	       ? "a '-'" :
		    strstr(line, "error")      ? "\"error\"" :
		    strstr(line, "fail")       ? "\"fail\"" :
		    size && strstr(line, size) ? "the message size" :
						 NULL;
		if (w)
			fail_msg("%s in \"%.*s\"", w, (int)n, p);
	}
}

#endif /* RP_TEST_MEMOUT_H */
