/* SPDX-License-Identifier: MIT */
/*
 * rp_parse.h - strict parsing of numbers given on the command line.
 */
#ifndef RP_PARSE_H
#define RP_PARSE_H

#include <stdint.h>

/*
 * rp_parse_u64 - parse a whole decimal number in [min, max].
 * Rejects empty strings, signs, trailing garbage and overflow.
 * Returns 0, or -EINVAL (not a number) / -ERANGE (outside [min, max]).
 */
int rp_parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out);

/*
 * rp_parse_size - parse a message size in bytes with perftest's optional
 * suffixes: K or k = 2^10, M or m = 2^20, G or g = 2^30 ("64K" = 65536).
 * Bounds are in bytes, after the suffix is applied.
 * Returns 0, -EINVAL or -ERANGE as rp_parse_u64().
 */
int rp_parse_size(const char *s, uint64_t min, uint64_t max, uint64_t *out);

/*
 * rp_parse_list_item - item @i (from 0) of the comma-separated @list into
 * @buf (@len bytes, NUL-terminated; an empty item is ""). Returns 0,
 * -ENOENT when @list has no item @i, -E2BIG when it does not fit.
 */
int rp_parse_list_item(const char *list, unsigned int i, char *buf, size_t len);

#endif /* RP_PARSE_H */
