// SPDX-License-Identifier: MIT
#include <errno.h>
#include <string.h>

#include "proto/rp_pattern.h"

void rp_pattern_fill(void *buf, uint64_t len, unsigned int qp)
{
	uint8_t *p = buf;
	uint64_t i;

	for (i = 0; i < len; i++)
		p[i] = rp_pattern_byte(qp, i);
}

int rp_pattern_check(const void *buf, uint64_t written, uint64_t slice,
		     unsigned int qp, struct rp_verdict *v)
{
	const uint8_t *p = buf;
	uint64_t i;

	memset(v, 0, sizeof(*v));
	v->qp = qp;
	for (i = 0; i < slice; i++) {
		uint8_t want = i < written ? rp_pattern_byte(qp, i) : 0;

		if (p[i] != want) {
			v->offset = i;
			v->expected = want;
			v->got = p[i];
			return -EILSEQ;
		}
	}
	v->ok = 1;
	return 0;
}
