/* SPDX-License-Identifier: MIT */
/*
 * rp_baseline_read.h - reading a --baseline FILE back (rp_baseline.h
 * has its layout): the whole regular file, at most RP_BL_MAX_FILE bytes,
 * parsed with cJSON and every key checked before the run compares with
 * it; a bad file is refused with the key and what it must be.
 */
#ifndef RP_BASELINE_READ_H
#define RP_BASELINE_READ_H

#include <stddef.h>

#include "output/rp_baseline.h"

#define RP_BL_MAX_FILE (16u << 20) /* bytes of a baseline file read */

/*
 * rp_baseline_parse - the document @text into @b (initialized here;
 * release with rp_baseline_fini). Returns 0, or -EINVAL with what is wrong
 * (the key and what it must be) in @why (@len bytes).
 */
int rp_baseline_parse(const char *text, struct rp_baseline *b, char *why,
		      size_t len);

/*
 * rp_baseline_load - read @path (a regular file of at most RP_BL_MAX_FILE
 * bytes) and parse it into @b. Returns 0, or -errno after one line:
 * "cannot read --baseline 'PATH': ..." or "invalid --baseline file 'PATH':
 * WHY".
 */
int rp_baseline_load(const char *path, struct rp_baseline *b);

#endif /* RP_BASELINE_READ_H */
