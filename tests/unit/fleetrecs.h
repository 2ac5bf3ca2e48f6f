/* SPDX-License-Identifier: MIT */
/*
 * fleetrecs.h - fixed records (output/rp_fleet.h) for the fleet writers'
 * tests: rail 0 ok with every counter, rail 1 below its baseline with none
 * known, rail 2 failed with XML's special characters in its reason, and
 * the paths of a scratch directory. Include <cmocka.h> first.
 */
#ifndef RP_TEST_FLEETRECS_H
#define RP_TEST_FLEETRECS_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "output/rp_fleet.h"

#define FLEETRECS 3

/* The records, judged (rp_fleet_judge). */
static inline void fleetrecs(struct rp_fleet_rec *r)
{
	memset(r, 0, FLEETRECS * sizeof(*r));
	snprintf(r[0].name, sizeof(r[0].name), "rail 0 (mlx5_0)");
	snprintf(r[0].device, sizeof(r[0].device), "mlx5_0");
	r[0].rail = 0;
	r[0].port = 1;
	r[0].direction = "send";
	r[0].gbps = 97.9;
	r[0].ceiling = 98.01;
	r[0].seconds = 10.25;
	r[0].base_gbps = 98.5;
	r[0].tolerance = 10;
	r[0].counters = true;
	r[0].retrans = (struct rp_fleet_count){ true, 12 };
	r[0].ooo = (struct rp_fleet_count){ true, 3 };
	r[0].cnp = (struct rp_fleet_count){ true, 0 };
	r[0].pause_rx = (struct rp_fleet_count){ true, 5 };
	r[0].pause_tx = (struct rp_fleet_count){ true, 0 };
	r[0].drops = (struct rp_fleet_count){ true, 1 };
	snprintf(r[1].name, sizeof(r[1].name), "rail 1 (mlx5_1)");
	snprintf(r[1].device, sizeof(r[1].device), "mlx5_1");
	r[1].rail = 1;
	r[1].port = 1;
	r[1].direction = "send";
	r[1].gbps = 40;
	r[1].seconds = 10.5;
	r[1].base_gbps = 98;
	r[1].tolerance = 10;
	r[1].counters = true;
	snprintf(r[2].name, sizeof(r[2].name), "rail 2 (mlx5_2) <\"&'>");
	snprintf(r[2].device, sizeof(r[2].device), "mlx5_2");
	r[2].rail = 2;
	r[2].port = 2;
	r[2].direction = "receive";
	r[2].gbps = 1.0 / 3;
	r[2].seconds = 0.0005;
	r[2].failed = true;
	snprintf(r[2].why, sizeof(r[2].why),
		 "at 2.04 s: IBV_WC_RETRY_EXC_ERR <x> & \"y\"\x01");
	for (int i = 0; i < FLEETRECS; i++)
		rp_fleet_judge(&r[i]);
}

/* A scratch directory (mkdtemp) into @dir, "/tmp/rp_fleet_XXXXXX". */
static inline void scratch_make(char *dir)
{
	strcpy(dir, "/tmp/rp_fleet_XXXXXX");
	assert_non_null(mkdtemp(dir));
}

/* The entries of @dir ("." and ".." aside). */
static inline int scratch_entries(const char *dir)
{
	struct dirent *e;
	DIR *d = opendir(dir);
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

/* Remove @dir and the files in it. */
static inline void scratch_drop(const char *dir)
{
	char p[4096];
	struct dirent *e;
	DIR *d = opendir(dir);

	while (d && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
			unlink(p);
		}
	if (d)
		closedir(d);
	rmdir(dir);
}

/* The whole of file @path (heap, NUL ended). */
static inline char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = calloc(1, 1 << 20);
	size_t n;

	assert_non_null(f);
	assert_non_null(buf);
	n = fread(buf, 1, (1 << 20) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* Write @text to @path (a plain file). */
static inline void spit(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

/* The source tree's file @rel: from the top (tests/run), or from the
 * program's build directory (B/tests/..), into @out; false if absent. */
static inline bool tree_path(const char *rel, char *out, size_t len)
{
	char exe[512];
	ssize_t n;

	snprintf(out, len, "%s", rel);
	if (!access(out, R_OK))
		return true;
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return false;
	exe[n] = '\0';
	*strrchr(exe, '/') = '\0';
	snprintf(out, len, "%.400s/../../%.200s", exe, rel);
	return !access(out, R_OK);
}

#endif /* RP_TEST_FLEETRECS_H */
