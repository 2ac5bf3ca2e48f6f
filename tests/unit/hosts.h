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

#include "fixtures.h" /* find_fixtures, is_dir, strip_dirs */

/* The hosts directory into @out (PATH_MAX bytes). */
static inline void hosts_find(const char *argv0, char *out)
{
	char root[PATH_MAX - 16];

	find_fixtures(argv0, "sysfs/hosts", root, sizeof(root));
	snprintf(out, PATH_MAX, "%s/sysfs/hosts", root);
}

/* The build directory holding the binaries: the test program's parent's
 * parent (build/tests/test_x -> build). */
static inline void hosts_build_dir(const char *argv0, char *out)
{
	snprintf(out, PATH_MAX, "%s", argv0 ? argv0 : "build/tests/x");
	strip_dirs(out, 2);
}

#endif /* RP_TEST_HOSTS_H */
