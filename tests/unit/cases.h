/* SPDX-License-Identifier: MIT */
/*
 * cases.h - table-driven unit tests: one cmocka test, and so one TAP line,
 * per row of a static const table whose rows have a "name" member; the
 * row is the test's *state. Include <cmocka.h> (with its prerequisites)
 * first.
 *
 *	static const struct CMUnitTest first[] = { cmocka_unit_test(x), };
 *	struct CMUnitTest tests[ARRAY_SIZE(first) + ARRAY_SIZE(rows)];
 *	size_t n = 0;
 *
 *	TESTS_ADD(tests, n, first);
 *	CASES_ADD(tests, n, check_row, rows);
 *	return RUN_TESTS(tests, n);
 */
#ifndef RP_TEST_CASES_H
#define RP_TEST_CASES_H

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

/* Append the tests of the array @tab to @t at index @n. */
#define TESTS_ADD(t, n, tab) \
	do { \
		memcpy(&(t)[(n)], (tab), sizeof(tab)); \
		(n) += ARRAY_SIZE(tab); \
	} while (0)

/* Append one test per row of the array @rows: named @rows[i].name, run
 * by @func with *state = &@rows[i]. */
#define CASES_ADD(t, n, func, rows) \
	do { \
		size_t i_; \
\
		for (i_ = 0; i_ < ARRAY_SIZE(rows); i_++) \
			(t)[(n)++] = (struct CMUnitTest){ \
				.name = (rows)[i_].name, \
				.test_func = (func), \
				.initial_state = (void *)&(rows)[i_], \
			}; \
	} while (0)

/* Run the tests of the array @t, all @n of its slots filled. */
#define RUN_TESTS(t, n) \
	((n) == ARRAY_SIZE(t) ? cmocka_run_group_tests(t, NULL, NULL) : \
				tests_miscounted((n), ARRAY_SIZE(t)))

static inline int tests_miscounted(size_t n, size_t len)
{
	fprintf(stderr, "%zu tests in an array of %zu\n", n, len);
	return 1;
}

#endif /* RP_TEST_CASES_H */
