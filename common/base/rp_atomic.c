// SPDX-License-Identifier: MIT
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/rp_atomic.h"
#include "base/rp_log.h"
#include "base/rp_signal.h"
#include "base/rp_time.h"

#define RP_TMP_RAND 12	/* random characters in a temporary name */
#define RP_TMP_TRIES 64 /* names tried before giving up (EEXIST) */

/* What the target is, and so how it is written (rp_atomic_kind). */
enum rp_target {
	RP_TARGET_NEW,	   /* nothing there: a new file, renamed in */
	RP_TARGET_FILE,	   /* a regular file: replaced, mode and owner kept */
	RP_TARGET_THROUGH, /* a character device or a FIFO: written through */
};

/* @n characters of [A-Za-z0-9] into @out, from getrandom (or, if that
 * fails, the clock and the pid: still unknown to another user ahead). */
static void rp_tmp_rand(char *out, size_t n)
{
	static const char set[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				  "abcdefghijklmnopqrstuvwxyz0123456789";
	unsigned char r[RP_TMP_RAND];
	struct timespec ts;
	size_t i;

	if (getrandom(r, n, GRND_NONBLOCK) != (ssize_t)n) {
		clock_gettime(CLOCK_MONOTONIC, &ts);
		for (i = 0; i < n; i++)
			r[i] = (unsigned char)(((uint64_t)ts.tv_nsec ^
						((uint64_t)getpid() << 7)) >>
					       (i * 5 % 40));
	}
	for (i = 0; i < n; i++)
		out[i] = set[r[i] % (sizeof(set) - 1)];
}

/* Create "DIR/.BASE.XXXXXXXXXXXX" beside @path; its name into *@tmp
 * (malloc'ed, the caller frees and unlinks). Returns the fd or -errno. */
static int rp_tmp_open(const char *path, char **tmp)
{
	const char *slash = strrchr(path, '/');
	size_t dlen = slash ? (size_t)(slash - path) + 1 : 0;
	size_t len = strlen(path) + RP_TMP_RAND + 3;
	char *name = malloc(len);
	int fd = -EEXIST, i;

	if (!name)
		return -ENOMEM;
	for (i = 0; i < RP_TMP_TRIES && fd == -EEXIST; i++) {
		memcpy(name, path, dlen);
		snprintf(name + dlen, len - dlen, ".%s.", path + dlen);
		rp_tmp_rand(name + len - RP_TMP_RAND - 1, RP_TMP_RAND);
		name[len - 1] = '\0';
		fd = open(name,
			  O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
			  0666);
		if (fd < 0)
			fd = -errno;
	}
	if (fd < 0)
		free(name);
	else
		*tmp = name;
	return fd;
}

/* A character device or a FIFO: what is written through. */
static bool rp_through_mode(mode_t m)
{
	return S_ISCHR(m) || S_ISFIFO(m);
}

/*
 * What @path is (lstat, and stat for a link), into *@st (the regular
 * file's, for its mode and owner): RP_TARGET_*, or -errno with the reason
 * in *@why for a target refused: a directory (-EISDIR), a block device
 * or a socket (-EINVAL), a symbolic link that does not lead to a
 * character device or a FIFO (-ELOOP: never followed into a file, never
 * replaced).
 */
static int rp_atomic_kind(const char *path, struct stat *st, const char **why)
{
	struct stat to;

	*why = NULL;
	if (lstat(path, st))
		return errno == ENOENT ? RP_TARGET_NEW : -errno;
	if (S_ISREG(st->st_mode))
		return RP_TARGET_FILE;
	if (rp_through_mode(st->st_mode))
		return RP_TARGET_THROUGH;
	if (S_ISLNK(st->st_mode)) {
		if (!stat(path, &to) && rp_through_mode(to.st_mode))
			return RP_TARGET_THROUGH;
		*why = "a symbolic link, not to a character device or a FIFO: "
		       "railperf neither writes through a link into a file "
		       "nor replaces the link; give the file's own path";
		return -ELOOP;
	}
	if (S_ISDIR(st->st_mode))
		return -EISDIR;
	*why = S_ISBLK(st->st_mode) ?
		       "a block device: results go to a file, a character "
		       "device or a FIFO" :
		       "a socket: results go to a file, a character device or "
		       "a FIFO";
	return -EINVAL;
}

/* All of @data to @fd (short writes, EINTR and EAGAIN resumed; a
 * non-blocking FIFO or device waits for room up to RP_ATOMIC_WAIT_MS).
 * 0 or -errno (-ETIMEDOUT: its reader took nothing in that time). */
static int rp_write_all(int fd, const char *data, size_t len)
{
	struct pollfd p = { .fd = fd, .events = POLLOUT };
	uint64_t end = rp_now_ns() + RP_ATOMIC_WAIT_MS * 1000000ULL;

	while (len) {
		ssize_t n = write(fd, data, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN) {
			if (rp_now_ns() >= end || rp_stop_requested())
				return rp_stop_requested() ? -EINTR :
							     -ETIMEDOUT;
			(void)poll(&p, 1, 200);
			continue;
		}
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		data += n;
		len -= (size_t)n;
	}
	return 0;
}

/* fsync @path's directory, so that the rename survives a crash; best
 * effort (some file systems refuse fsync on a directory). */
static void rp_sync_dir(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? strndup(path, (size_t)(slash - path) + 1) : NULL;
	int fd = open(dir ? dir : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0) {
		(void)fsync(fd);
		close(fd);
	}
	free(dir);
}

/* The temporary file @fd takes the owner and the mode of the file it
 * replaces (@st). 0, or -errno with *@why when the owner cannot be
 * given to a new file (another user's file, not root). */
static int rp_keep_owner(int fd, const struct stat *st, const char **why)
{
	struct stat now;

	if (fstat(fd, &now))
		return -errno;
	if ((now.st_uid != st->st_uid || now.st_gid != st->st_gid) &&
	    fchown(fd, st->st_uid, st->st_gid)) {
		*why = "its owner (user and group) cannot be given to a new "
		       "file by this process: replacing it would change it; "
		       "write it as its owner or as root";
		return -errno;
	}
	return fchmod(fd, st->st_mode & 0777) ? -errno : 0;
}

/* @len bytes of @data into a new file renamed over @path; @st: the
 * regular file there (its mode and owner kept), or NULL. 0 or -errno. */
static int rp_replace(const char *path, const void *data, size_t len,
		      const struct stat *st, const char **why)
{
	char *tmp = NULL;
	int fd = rp_tmp_open(path, &tmp), ret;

	if (fd < 0)
		return fd;
	ret = st ? rp_keep_owner(fd, st, why) : 0;
	if (!ret)
		ret = rp_write_all(fd, data, len);
	if (!ret && fsync(fd))
		ret = -errno;
	if (close(fd) && !ret)
		ret = -errno;
	if (!ret && rename(tmp, path))
		ret = -errno;
	if (ret)
		unlink(tmp);
	else
		rp_sync_dir(path);
	free(tmp);
	return ret;
}

/* @len bytes of @data written into the character device or FIFO at
 * @path (through a link to one), as perftest's open of the path writes
 * them: never created, never replaced. The node opened must still be
 * one (a file put there since is refused). 0 or -errno. */
static int rp_write_through(const char *path, const void *data, size_t len,
			    const char **why)
{
	struct stat st;
	int fd, ret;

	fd = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ENXIO)
			*why = "a FIFO that no process reads";
		return -errno;
	}
	ret = fstat(fd, &st) ? -errno : 0;
	if (!ret && !rp_through_mode(st.st_mode)) {
		*why = "no longer a character device or a FIFO";
		ret = -EAGAIN;
	}
	if (!ret)
		ret = rp_write_all(fd, data, len);
	if (ret == -ETIMEDOUT)
		*why = "its reader took nothing for " RP_ATOMIC_WAIT_TEXT;
	if (close(fd) && !ret)
		ret = -errno;
	return ret;
}

int rp_atomic_write(const char *path, const void *data, size_t len)
{
	const char *why = NULL;
	struct stat st;
	int ret = rp_atomic_kind(path, &st, &why);

	if (ret == RP_TARGET_THROUGH)
		ret = rp_write_through(path, data, len, &why);
	else if (ret >= 0)
		ret = rp_replace(path, data, len,
				 ret == RP_TARGET_FILE ? &st : NULL, &why);
	if (ret)
		rp_err("cannot write '%s': %s", path,
		       why ? why : strerror(-ret));
	return ret;
}

int rp_atomic_probe(const char *path, const char **why)
{
	struct stat st;
	char *tmp = NULL;
	int kind = rp_atomic_kind(path, &st, why), fd, ret = 0;

	if (kind < 0)
		return kind;
	if (kind == RP_TARGET_THROUGH)
		return access(path, W_OK) ? -errno : 0;
	fd = rp_tmp_open(path, &tmp);
	if (fd < 0)
		return fd;
	if (kind == RP_TARGET_FILE)
		ret = rp_keep_owner(fd, &st, why);
	close(fd);
	unlink(tmp);
	free(tmp);
	return ret;
}
