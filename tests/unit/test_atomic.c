/* Description: rp_atomic_write replaces a file through a temporary file
 * and rename(2): the new bytes exactly; a file replaced keeps its mode
 * (0600) and its owner (uid and gid 1000, as root); a write that fails
 * part-way (RLIMIT_FSIZE: EFBIG, as a full disk gives ENOSPC) or a
 * directory that does not exist returns -errno with one line naming the
 * file, leaves the old file intact, and no temporary file behind. What is
 * not a regular file is never replaced: a FIFO with a reader and a
 * character device (mknod 1,3, and a symlink to /dev/null, as
 * /dev/stdout is one) are written through and stay what they were; a FIFO
 * nobody reads is refused (-ENXIO, one line); a symlink to a regular
 * file, a socket and a directory are refused, the link and its target
 * left as they were. rp_atomic_probe creates nothing and says the same
 * before a run. */
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
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
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

/* rp_atomic_write(@path) with stderr captured into @err; its return. */
static int write_err(const char *path, const char *text, char *err, size_t len)
{
	struct capture c;
	int ret;

	capture_begin(&c);
	ret = rp_atomic_write(path, text, strlen(text));
	capture_end(&c, err, len);
	return ret;
}

static void test_symlink_refused(void **state)
{
	char path[256], victim[256], buf[64], err[512], want[512], to[256];
	struct stat st;
	const char *why = NULL;
	ssize_t n;

	(void)state;
	snprintf(path, sizeof(path), "%s/out.json", dir);
	snprintf(victim, sizeof(victim), "%s/victim", dir);
	put(victim, "precious config\n");
	assert_int_equal(symlink(victim, path), 0);
	assert_int_equal(write_err(path, "{}\n", err, sizeof(err)), -ELOOP);
	snprintf(want, sizeof(want),
		 "test_atomic: cannot write '%s': a symbolic link, not to a "
		 "character device or a FIFO: railperf neither writes through "
		 "a link into a file nor replaces the link; give the file's "
		 "own path\n",
		 path);
	assert_string_equal(err, want);
	get(victim, buf, sizeof(buf));
	assert_string_equal(buf, "precious config\n");
	assert_int_equal(lstat(path, &st), 0); /* the link stays a link */
	assert_true(S_ISLNK(st.st_mode));
	n = readlink(path, to, sizeof(to) - 1);
	assert_true(n > 0);
	to[n] = '\0';
	assert_string_equal(to, victim);
	assert_int_equal(rp_atomic_probe(path, &why), -ELOOP);
	assert_non_null(why);
	assert_int_equal(entries(), 2);
	unlink(path);
	unlink(victim);
}

static void test_keeps_mode_owner(void **state)
{
	char path[256], buf[64];
	const char *why = NULL;
	struct stat st;
	uid_t uid = geteuid() ? geteuid() : 1000;
	gid_t gid = geteuid() ? getegid() : 1000;

	(void)state;
	snprintf(path, sizeof(path), "%s/private.json", dir);
	put(path, "old\n");
	assert_int_equal(chmod(path, 0600), 0);
	assert_int_equal(chown(path, uid, gid), 0); /* root: another user's */
	assert_int_equal(rp_atomic_probe(path, &why), 0);
	assert_int_equal(rp_atomic_write(path, "new\n", 4), 0);
	get(path, buf, sizeof(buf));
	assert_string_equal(buf, "new\n");
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(st.st_mode & 07777, 0600);
	assert_int_equal(st.st_uid, uid);
	assert_int_equal(st.st_gid, gid);
	assert_int_equal(entries(), 1);
	unlink(path);
}

/* A FIFO this test reads itself: the bytes come through it, it stays a
 * FIFO; without a reader the write is refused with one line. */
static void test_fifo(void **state)
{
	char path[256], buf[64], err[512], want[512];
	const char *why = NULL;
	struct stat st;
	int rfd;
	ssize_t n;

	(void)state;
	snprintf(path, sizeof(path), "%s/fifo", dir);
	assert_int_equal(mkfifo(path, 0600), 0);
	assert_int_equal(rp_atomic_probe(path, &why), 0);
	assert_int_equal(write_err(path, "{}\n", err, sizeof(err)), -ENXIO);
	snprintf(want, sizeof(want),
		 "test_atomic: cannot write '%s': a FIFO that no process "
		 "reads\n",
		 path);
	assert_string_equal(err, want);
	rfd = open(path, O_RDONLY | O_NONBLOCK);
	assert_true(rfd >= 0);
	assert_int_equal(rp_atomic_write(path, "{\"a\": 1}\n", 9), 0);
	n = read(rfd, buf, sizeof(buf) - 1);
	assert_int_equal(n, 9);
	buf[n] = '\0';
	assert_string_equal(buf, "{\"a\": 1}\n");
	close(rfd);
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
	assert_int_equal(entries(), 1);
	unlink(path);
}

/* Character devices: a link to /dev/null (as /dev/stdout is a link) and,
 * where this process may mknod (root), a null device of its own. */
static void test_chardev(void **state)
{
	char path[256], node[256];
	const char *why = NULL;
	struct stat st, null0, null1;

	(void)state;
	assert_int_equal(stat("/dev/null", &null0), 0);
	snprintf(path, sizeof(path), "%s/null-link", dir);
	assert_int_equal(symlink("/dev/null", path), 0);
	assert_int_equal(rp_atomic_probe(path, &why), 0);
	assert_int_equal(rp_atomic_write(path, "{}\n", 3), 0);
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISLNK(st.st_mode)); /* not replaced */
	assert_int_equal(stat("/dev/null", &null1), 0);
	assert_true(S_ISCHR(null1.st_mode));
	assert_int_equal(null1.st_ino, null0.st_ino);
	unlink(path);
	snprintf(node, sizeof(node), "%s/null", dir);
	if (mknod(node, S_IFCHR | 0666, makedev(1, 3)))
		return; /* not root: the link above is the case */
	assert_int_equal(rp_atomic_write(node, "{}\n", 3), 0);
	assert_int_equal(lstat(node, &st), 0);
	assert_true(S_ISCHR(st.st_mode));
	assert_int_equal(st.st_rdev, makedev(1, 3));
	assert_int_equal(entries(), 1);
	unlink(node);
}

/* A UNIX socket at the path: refused, left there. */
static void test_socket_refused(void **state)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	char err[512], want[512];
	const char *why = NULL;
	struct stat st;
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);

	(void)state;
	assert_true(fd >= 0);
	snprintf(sa.sun_path, sizeof(sa.sun_path), "%s/sock", dir);
	assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	assert_int_equal(rp_atomic_probe(sa.sun_path, &why), -EINVAL);
	assert_string_equal(why, "a socket: results go to a file, a character "
				 "device or a FIFO");
	assert_int_equal(write_err(sa.sun_path, "x", err, sizeof(err)),
			 -EINVAL);
	snprintf(want, sizeof(want),
		 "test_atomic: cannot write '%s': a socket: results go to a "
		 "file, a character device or a FIFO\n",
		 sa.sun_path);
	assert_string_equal(err, want);
	assert_int_equal(lstat(sa.sun_path, &st), 0);
	assert_true(S_ISSOCK(st.st_mode));
	close(fd);
	unlink(sa.sun_path);
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
	const char *why = NULL;
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
	assert_int_equal(rp_atomic_probe(path, &why), -ENOENT);
	assert_int_equal(entries(), 0);
}

static void test_probe(void **state)
{
	char path[256];
	const char *why = NULL;

	(void)state;
	snprintf(path, sizeof(path), "%s/out.json", dir);
	assert_int_equal(rp_atomic_probe(path, &why), 0);
	assert_int_equal(entries(), 0); /* nothing created */
	assert_int_equal(rp_atomic_probe(dir, &why), -EISDIR);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_replace),
		cmocka_unit_test(test_symlink_refused),
		cmocka_unit_test(test_keeps_mode_owner),
		cmocka_unit_test(test_fifo),
		cmocka_unit_test(test_chardev),
		cmocka_unit_test(test_socket_refused),
		cmocka_unit_test(test_write_fails),
		cmocka_unit_test(test_no_dir),
		cmocka_unit_test(test_probe),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
