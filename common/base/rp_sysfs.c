// SPDX-License-Identifier: MIT
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/rp_log.h"
#include "base/rp_sysfs.h"

static unsigned int rp_sysfs_bad; /* files refused; main thread only */

void rp_sysfs_refuse(const char *path, const char *why)
{
	rp_sysfs_bad++;
	rp_err("%s: %s", path, why);
}

unsigned int rp_sysfs_refused(void)
{
	return rp_sysfs_bad;
}

/* What @mode is, for the refusal line. */
static const char *rp_sysfs_kind(mode_t mode)
{
	if (S_ISDIR(mode))
		return "not a regular file (a directory)";
	if (S_ISFIFO(mode))
		return "not a regular file (a FIFO)";
	if (S_ISCHR(mode) || S_ISBLK(mode))
		return "not a regular file (a device)";
	return "not a regular file";
}

FILE *rp_sysfs_open(const char *path)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	FILE *f;

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		if (!fstat(fd, &st))
			rp_sysfs_refuse(path, rp_sysfs_kind(st.st_mode));
		close(fd);
		errno = EINVAL;
		return NULL;
	}
	f = fdopen(fd, "r");
	if (!f)
		close(fd);
	return f;
}

int rp_sysfs_line(const char *path, char *buf, size_t len)
{
	FILE *f = rp_sysfs_open(path);
	int ret = 0;

	if (!f)
		return -errno;
	if (!fgets(buf, (int)len, f))
		ret = ferror(f) ? -EIO : -ENODATA;
	fclose(f);
	if (!ret)
		buf[strcspn(buf, "\n")] = '\0';
	return ret;
}

int rp_sysfs_long(const char *path, long *v)
{
	char line[64], *end;
	int ret = rp_sysfs_line(path, line, sizeof(line));

	if (ret)
		return ret;
	errno = 0;
	*v = strtol(line, &end, 0);
	if (errno || end == line || (*end && *end != ' '))
		return -EINVAL;
	return 0;
}

bool rp_sysfs_is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

int rp_sysfs_link_name(const char *path, char *buf, size_t len)
{
	char target[512];
	const char *base;
	ssize_t n = readlink(path, target, sizeof(target) - 1);

	if (n < 0)
		return -errno;
	target[n] = '\0';
	while (n > 1 && target[n - 1] == '/')
		target[--n] = '\0';
	base = strrchr(target, '/');
	snprintf(buf, len, "%s", base ? base + 1 : target);
	return 0;
}
