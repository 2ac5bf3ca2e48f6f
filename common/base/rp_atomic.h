/* SPDX-License-Identifier: MIT */
/*
 * rp_atomic.h - every file railperf writes for the user (--out_json_file,
 * rail_cluster_bw's --csv and --out_json) goes through here: the bytes go
 * to a new file of an unpredictable name in the target's directory
 * (created O_CREAT|O_EXCL|O_NOFOLLOW, so nothing planted there is
 * followed), are checked and fsync'ed, then rename(2)d over the target. A
 * reader sees the old file or the new one, never a part; a symlink at the
 * target is replaced by the file, its target never written; a failure
 * leaves the old file as it was and no temporary file behind.
 */
#ifndef RP_ATOMIC_H
#define RP_ATOMIC_H

#include <stddef.h>

/*
 * rp_atomic_write - replace file @path by @len bytes of @data as above
 * (new file mode 0666 less the umask, as fopen makes it). Returns 0, or
 * -errno of the first step that failed (open, write, fsync, close,
 * rename) after printing one line "cannot write 'PATH': <strerror>".
 */
int rp_atomic_write(const char *path, const void *data, size_t len);

/*
 * rp_atomic_probe - can rp_atomic_write replace @path? Creates a temporary
 * file in @path's directory the same way and removes it; @path itself is
 * not touched, nor created. For checks before a run. Returns 0 or -errno
 * (-EISDIR when @path is a directory); prints nothing.
 */
int rp_atomic_probe(const char *path);

#endif /* RP_ATOMIC_H */
