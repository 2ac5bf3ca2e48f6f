/* SPDX-License-Identifier: MIT */
/*
 * rp_bufpat.h - --validate's pattern (proto/rp_pattern.h) in a test
 * buffer of any kind: written and checked in place where the CPU can
 * reach the bytes (host pages, hugepages, a GPU's pinned host memory),
 * through a host copy and cuMemcpyHtoD / cuMemcpyDtoH for GPU device
 * memory (rp_buf_copy). Outside any timed loop.
 */
#ifndef RP_BUFPAT_H
#define RP_BUFPAT_H

#include <stdint.h>

#include "proto/rp_proto.h"
#include "verbs/rp_mem.h"

/*
 * rp_bufpat_fill - QP @qp's pattern in @len bytes of @b at byte @off.
 * 0, or -ENOMEM / -EIO after one line.
 */
int rp_bufpat_fill(const struct rp_buf *b, uint64_t off, uint64_t len,
		   unsigned int qp);

/*
 * rp_bufpat_check - rp_pattern_check of the @slice bytes of @b at byte
 * @off: QP @qp's pattern in the first @written, zeros after; @v filled.
 * 0, -EILSEQ on a mismatch, -ENOMEM / -EIO (v->ok 0) when the bytes could
 * not be read.
 */
int rp_bufpat_check(const struct rp_buf *b, uint64_t off, uint64_t written,
		    uint64_t slice, unsigned int qp, struct rp_verdict *v);

#endif /* RP_BUFPAT_H */
