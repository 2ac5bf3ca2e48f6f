/* SPDX-License-Identifier: MIT */
/*
 * rp_sysfs.h - small readers for sysfs attribute files (one value and a
 * newline each). Every path is built by the caller from a root that tests
 * point at a fixture tree.
 */
#ifndef RP_SYSFS_H
#define RP_SYSFS_H

#include <stdbool.h>
#include <stddef.h>

#define RP_SYSFS_ROOT "/sys" /* the live system's sysfs; tests use a tree */

/*
 * rp_sysfs_line - the first line of file @path into @buf (newline
 * stripped). Returns 0, -errno when it cannot be opened or read, or
 * -ENODATA when it is empty.
 */
int rp_sysfs_line(const char *path, char *buf, size_t len);

/*
 * rp_sysfs_long - the file's first line as a decimal (or 0x hex) integer
 * in *@v. Returns 0, -errno, or -EINVAL when it is not a number.
 */
int rp_sysfs_long(const char *path, long *v);

/* rp_sysfs_is_dir - true if @path is a directory (symlinks followed). */
bool rp_sysfs_is_dir(const char *path);

/*
 * rp_sysfs_link_name - the last component of symlink @path's target
 * ("../../bond0" -> "bond0") into @buf. Returns 0 or -errno.
 */
int rp_sysfs_link_name(const char *path, char *buf, size_t len);

#endif /* RP_SYSFS_H */
