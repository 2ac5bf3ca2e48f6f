/* SPDX-License-Identifier: MIT */
/*
 * rp_atomic.h - every file railperf writes for the user (--out_json_file,
 * rail_cluster_bw's --csv and --out_json) goes through here. What is at
 * the target decides how:
 * - nothing, or a regular file: the bytes go to a new file of an
 *   unpredictable name in the target's directory (created
 *   O_CREAT|O_EXCL|O_NOFOLLOW, so nothing planted there is followed),
 *   are checked and fsync'ed, then rename(2)d over the target. A reader
 *   sees the old file or the new one, never a part; a failure leaves the
 *   old file as it was and no temporary file behind. A file replaced
 *   keeps its mode and its owner (user and group; where this process
 *   cannot give a new file that owner, the file is refused, not changed).
 * - a character device or a FIFO (/dev/null, a terminal, a pipe), or a
 *   symbolic link to one (/dev/stdout): written through, as perftest's
 *   open of the path writes it; never replaced, never created.
 * - a symbolic link to anything else (a file, a directory, nothing): refused.
 *   A link is never followed into a file and never replaced by one.
 * - a directory, a block device, a socket: refused.
 */
#ifndef RP_ATOMIC_H
#define RP_ATOMIC_H

#include <stddef.h>

/* A FIFO's or a device's reader must take the bytes within this. */
#define RP_ATOMIC_WAIT_S 30
#define RP_ATOMIC_WAIT_MS (RP_ATOMIC_WAIT_S * 1000)
#define RP_ATOMIC_STR_(x) #x
#define RP_ATOMIC_STR(x) RP_ATOMIC_STR_(x)
#define RP_ATOMIC_WAIT_TEXT RP_ATOMIC_STR(RP_ATOMIC_WAIT_S) " s"

/*
 * rp_atomic_write - write @len bytes of @data to @path as above (a new
 * file: mode 0666 less the umask, as fopen makes it). Returns 0, or -errno
 * of the first step that failed (open, write, fsync, close, rename; a
 * target refused: -EISDIR, -ELOOP, -EINVAL; a FIFO nobody reads: -ENXIO,
 * or -ETIMEDOUT when its reader took nothing for RP_ATOMIC_WAIT_S) after
 * printing one line "cannot write 'PATH': <why>".
 */
int rp_atomic_write(const char *path, const void *data, size_t len);

/*
 * rp_atomic_probe - can rp_atomic_write write @path? For checks before a
 * run: a new file is created in @path's directory the same way (and given
 * the owner of the file there) and removed; a device or FIFO must be
 * writable (access W_OK; a FIFO's reader may come later). @path itself is
 * not touched, nor created. Returns 0 or -errno; prints nothing; *@why is
 * NULL, or the reason (static text) where strerror would not say it.
 */
int rp_atomic_probe(const char *path, const char **why);

#endif /* RP_ATOMIC_H */
