/* Description: rp_atomic_write replaces a file through a temporary file
 * and rename(2): the new bytes exactly; a symlink at the path is replaced
 * by a regular file and its target left as it was; a write that fails
 * part-way (RLIMIT_FSIZE: EFBIG, as a full disk gives ENOSPC) or a
 * directory that does not exist returns -errno with one line naming the
 * file, leaves the old file intact, and no temporary file behind.
 * rp_atomic_probe creates nothing and refuses a directory. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "capture.h"
#include "base/rp_atomic.h"

static char dir[] = "/tmp/rp_atomic_XXXXXX";

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

/* Remove every entry of the directory, then the directory. */
static int teardown(void **state)
{
	char p[4096];
	struct dirent *e;
	DIR *d = opendir(dir);

	(void)state;
	while (d && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
			unlink(p);
		}
	if (d)
		closedir(d);
	return rmdir(dir);
}

/* How many entries the directory holds (".", ".." aside). */
static int entries(void)
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

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	assert_int_equal(fputs(text, f) >= 0, 1);
	assert_int_equal(fclose(f), 0);
}

static void get(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	assert_non_null(f);
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
}

static void test_replace(void **state)
{
	char path[256], buf[64];

	(void)state;
	snprintf(path, sizeof(path), "%s/out.json", dir);
	put(path, "old, and longer than the new text\n");
	assert_int_equal(rp_atomic_write(path, "new\n", 4), 0);
	get(path, buf, sizeof(buf));
	assert_string_equal(buf, "new\n");
	assert_int_equal(entries(), 1); /* no temporary file left */
	assert_int_equal(rp_atomic_write(path, "", 0), 0);
	get(path, buf, sizeof(buf));
	assert_string_equal(buf, "");
	unlink(path);
}

static void test_symlink(void **state)
{
	char path[256], victim[256], buf[64];
	struct stat st;

	(void)state;
	snprintf(path, sizeof(path), "%s/out.json", dir);
	snprintf(victim, sizeof(victim), "%s/victim", dir);
	put(victim, "precious config\n");
	assert_int_equal(symlink(victim, path), 0);
	assert_int_equal(rp_atomic_write(path, "{}\n", 3), 0);
	get(victim, buf, sizeof(buf));
	assert_string_equal(buf, "precious config\n");
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	get(path, buf, sizeof(buf));
	assert_string_equal(buf, "{}\n");
	assert_int_equal(entries(), 2);
	unlink(path);
	unlink(victim);
}

static void test_write_fails(void **state)
{
	static char big[1 << 16];
	char path[256], buf[128], err[512], want[512];
	struct rlimit old, lim;
	struct capture c;
	int ret;

	(void)state;
	snprintf(path, sizeof(path), "%s/out.csv", dir);
	put(path, "the good earlier file\n");
	memset(big, 'x', sizeof(big));
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	lim = old;
	lim.rlim_cur = 4096; /* write() fails past 4 KiB: EFBIG */
	signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
	capture_begin(&c);
	ret = rp_atomic_write(path, big, sizeof(big));
	capture_end(&c, err, sizeof(err));
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
	assert_int_equal(ret, -EFBIG);
	snprintf(want, sizeof(want), "test_atomic: cannot write '%s': %s\n",
		 path, strerror(EFBIG));
	assert_string_equal(err, want);
	get(path, buf, sizeof(buf));
	assert_string_equal(buf, "the good earlier file\n");
	assert_int_equal(entries(), 1);
	unlink(path);
}

static void test_no_dir(void **state)
{
	char path[256], err[512], want[512];
	struct capture c;
	int ret;

	(void)state;
	snprintf(path, sizeof(path), "%s/nodir/out.json", dir);
	capture_begin(&c);
	ret = rp_atomic_write(path, "x", 1);
	capture_end(&c, err, sizeof(err));
	assert_int_equal(ret, -ENOENT);
	snprintf(want, sizeof(want),
		 "test_atomic: cannot write '%s': No such file or directory\n",
		 path);
	assert_string_equal(err, want);
	assert_int_equal(rp_atomic_probe(path), -ENOENT);
	assert_int_equal(entries(), 0);
}

static void test_probe(void **state)
{
	char path[256];

	(void)state;
	snprintf(path, sizeof(path), "%s/out.json", dir);
	assert_int_equal(rp_atomic_probe(path), 0);
	assert_int_equal(entries(), 0); /* nothing created */
	assert_int_equal(rp_atomic_probe(dir), -EISDIR);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_replace),
		cmocka_unit_test(test_symlink),
		cmocka_unit_test(test_write_fails),
		cmocka_unit_test(test_no_dir),
		cmocka_unit_test(test_probe),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
