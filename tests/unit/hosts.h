/* SPDX-License-Identifier: MIT */
/*
 * hosts.h - find the host fixture trees (tests/fixtures/sysfs/hosts) and
 * the build directory from a unit test: $RP_FIXTURES, else ./tests/fixtures
 * (tests run from the repository root), else relative to the test program
 * (build/tests/test_x -> build/.. -> tests/fixtures).
 */
#ifndef RP_TEST_HOSTS_H
#define RP_TEST_HOSTS_H

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static inline int hosts_is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* @path with its last @n components removed ("." when none are left). */
static inline void hosts_strip(char *path, int n)
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

/* The hosts directory into @out (PATH_MAX bytes). */
static inline void hosts_find(const char *argv0, char *out)
{
	const char *env = getenv("RP_FIXTURES");
	char root[PATH_MAX - 64];

	if (env && *env) {
		snprintf(out, PATH_MAX, "%s/sysfs/hosts", env);
		return;
	}
	snprintf(out, PATH_MAX, "tests/fixtures/sysfs/hosts");
	if (hosts_is_dir(out) || !argv0)
		return;
	snprintf(root, sizeof(root), "%s", argv0);
	hosts_strip(root, 3);
	snprintf(out, PATH_MAX, "%s/tests/fixtures/sysfs/hosts", root);
}

/* The build directory holding the binaries: the test program's parent's
 * parent (build/tests/test_x -> build). */
static inline void hosts_build_dir(const char *argv0, char *out)
{
	snprintf(out, PATH_MAX, "%s", argv0 ? argv0 : "build/tests/x");
	hosts_strip(out, 2);
}

#endif /* RP_TEST_HOSTS_H */
