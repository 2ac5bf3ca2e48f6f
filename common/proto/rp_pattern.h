/* SPDX-License-Identifier: MIT */
/*
 * rp_pattern.h - the known byte pattern behind --validate.
 *
 * The client fills each QP's source slice with a pattern that depends on
 * the QP and the offset; after the run the server checks that its slice of
 * that QP holds the pattern for the bytes written and still holds zeros
 * beyond them. A run that moved no bytes, the wrong bytes, or wrote past
 * its size fails.
 */
#ifndef RP_PATTERN_H
#define RP_PATTERN_H

#include <stdint.h>

#include "proto/rp_proto.h"

/*
 * rp_pattern_byte - the expected byte at @offset of QP @qp's slice: the top
 * byte of splitmix64 (Steele et al., "Fast splittable pseudorandom number
 * generators", 2014) of (qp, offset), so every QP and offset differ.
 */
static inline uint8_t rp_pattern_byte(unsigned int qp, uint64_t offset)
{
	uint64_t z = offset + ((uint64_t)qp << 44) + 0x9e3779b97f4a7c15ULL;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (uint8_t)((z ^ (z >> 31)) >> 56);
}

/* rp_pattern_fill - write the pattern for QP @qp to @len bytes at @buf. */
void rp_pattern_fill(void *buf, uint64_t len, unsigned int qp);

/*
 * rp_pattern_check - check QP @qp's slice at @buf (@slice bytes): pattern
 * in [0, @written), zeros in [@written, @slice). Fills @v (ok = 1 when all
 * good; else the first bad offset, expected and found byte). Returns
 * v->ok ? 0 : -EILSEQ.
 */
int rp_pattern_check(const void *buf, uint64_t written, uint64_t slice,
		     unsigned int qp, struct rp_verdict *v);

#endif /* RP_PATTERN_H */
