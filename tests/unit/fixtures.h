/* SPDX-License-Identifier: MIT */
/*
 * fixtures.h - where the unit tests' fixture trees are: $RP_FIXTURES, else
 * ./tests/fixtures (tests run from the repository root), else found from
 * the test program's own path (build/tests/test_x -> ./tests/fixtures).
 */
#ifndef RP_TEST_FIXTURES_H
#define RP_TEST_FIXTURES_H

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static inline bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* "build/tests/test_x" -> "build/tests" -> "build" -> "." */
static inline void strip_dirs(char *path, int n)
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

/*
 * find_fixtures - the fixture root into @out; @probe is a subdirectory
 * ("sysfs", "counters") whose presence under ./tests/fixtures says the
 * cwd is the repository root.
 */
static inline void find_fixtures(const char *argv0, const char *probe,
				 char *out, size_t len)
{
	const char *env = getenv("RP_FIXTURES");
	char root[PATH_MAX], here[PATH_MAX];

	if (env && *env) {
		snprintf(out, len, "%s", env);
		return;
	}
	snprintf(out, len, "tests/fixtures");
	snprintf(here, sizeof(here), "tests/fixtures/%s", probe);
	if (is_dir(here) || !argv0)
		return;
	snprintf(root, sizeof(root), "%s", argv0);
	strip_dirs(root, 3);
	if (snprintf(out, len, "%.*s/tests/fixtures", (int)len - 16, root) < 0)
		out[0] = '\0';
}

#endif /* RP_TEST_FIXTURES_H */
