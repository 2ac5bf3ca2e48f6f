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
#include <stdio.h>

#define RP_SYSFS_ROOT "/sys" /* the live system's sysfs; tests use a tree */

/*
 * rp_sysfs_open - open @path for reading as a sysfs attribute: only a
 * regular file (symlinks followed; opened O_NONBLOCK, so a FIFO in its
 * place cannot block). A FIFO, device, socket or directory there is
 * refused with one line "PATH: not a regular file (a FIFO)" and counted
 * (rp_sysfs_refused); errno EINVAL. A missing file is NULL with errno
 * ENOENT and no line (many attributes are optional). Caller fcloses.
 */
FILE *rp_sysfs_open(const char *path);

/* rp_sysfs_refused - how many files rp_sysfs_open refused so far. */
unsigned int rp_sysfs_refused(void);

/*
 * rp_sysfs_refuse - count a bad sysfs input and print one line "PATH:
 * WHY" (a value out of range, a file of the wrong type). For the readers
 * of every layer, so that rail_info --sysfs exits 1 after any of them.
 */
void rp_sysfs_refuse(const char *path, const char *why);

/*
 * rp_sysfs_line - the first line of file @path (rp_sysfs_open) into @buf
 * (newline stripped). Returns 0, -errno when it cannot be opened or read,
 * or -ENODATA when it is empty.
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
