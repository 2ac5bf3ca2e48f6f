// SPDX-License-Identifier: MIT
/* rp_bufpat.c - --validate's pattern in any buffer; see rp_bufpat.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_log.h"
#include "proto/rp_pattern.h"

#include "verbs/rp_bufpat.h"

/* A host copy of @len bytes, or NULL after one line. */
static void *rp_bufpat_stage(uint64_t len)
{
	void *p = len ? malloc(len) : NULL;

	if (len && !p)
		rp_err("--validate: no memory for a %llu-byte host copy of "
		       "the GPU buffer",
		       (unsigned long long)len);
	return p;
}

int rp_bufpat_fill(const struct rp_buf *b, uint64_t off, uint64_t len,
		   unsigned int qp)
{
	void *p;
	int ret;

	if (rp_buf_host(b)) {
		rp_pattern_fill((char *)b->addr + off, len, qp);
		return 0;
	}
	p = rp_bufpat_stage(len);
	if (!p)
		return len ? -ENOMEM : 0;
	rp_pattern_fill(p, len, qp);
	ret = rp_buf_copy(b, off, p, len, true);
	free(p);
	return ret;
}

int rp_bufpat_check(const struct rp_buf *b, uint64_t off, uint64_t written,
		    uint64_t slice, unsigned int qp, struct rp_verdict *v)
{
	void *p;
	int ret;

	if (rp_buf_host(b))
		return rp_pattern_check((const char *)b->addr + off, written,
					slice, qp, v);
	memset(v, 0, sizeof(*v));
	p = rp_bufpat_stage(slice);
	if (!p && slice)
		return -ENOMEM;
	ret = rp_buf_copy(b, off, p, slice, false);
	if (!ret)
		ret = rp_pattern_check(p, written, slice, qp, v);
	free(p);
	return ret;
}
