/* SPDX-License-Identifier: MIT */
/*
 * memout.h - an output stream in memory for the report tests: mem_open
 * gives the FILE to print into, mem_expect closes it, compares what was
 * printed with the expected text byte for byte and frees it. Define
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

#endif /* RP_TEST_MEMOUT_H */
