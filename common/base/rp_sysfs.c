// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/rp_sysfs.h"

int rp_sysfs_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
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
