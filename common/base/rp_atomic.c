// SPDX-License-Identifier: MIT
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
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

#define RP_TMP_RAND 12	/* random characters in a temporary name */
#define RP_TMP_TRIES 64 /* names tried before giving up (EEXIST) */

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

/* All of @data to @fd (short writes and EINTR resumed). 0 or -errno. */
static int rp_write_all(int fd, const char *data, size_t len)
{
	while (len) {
		ssize_t n = write(fd, data, len);

		if (n < 0 && errno == EINTR)
			continue;
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

int rp_atomic_write(const char *path, const void *data, size_t len)
{
	char *tmp = NULL;
	int fd = rp_tmp_open(path, &tmp), ret;

	if (fd < 0) {
		ret = fd;
	} else {
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
	}
	free(tmp);
	if (ret)
		rp_err("cannot write '%s': %s", path, strerror(-ret));
	return ret;
}

int rp_atomic_probe(const char *path)
{
	struct stat st;
	char *tmp = NULL;
	int fd;

	if (!stat(path, &st) && S_ISDIR(st.st_mode))
		return -EISDIR;
	fd = rp_tmp_open(path, &tmp);
	if (fd < 0)
		return fd;
	close(fd);
	unlink(tmp);
	free(tmp);
	return 0;
}
