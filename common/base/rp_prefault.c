// SPDX-License-Identifier: MIT
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/rp_prefault.h"

void rp_prefault(void *p, size_t bytes)
{
	long ps = sysconf(_SC_PAGESIZE);
	uintptr_t page = ps > 0 ? (uintptr_t)ps : 4096;
	volatile char *c = p, *end = c + bytes;

	if (!bytes)
		return;
	*c = 0;
	/* then the first byte of each following page */
	c = (volatile char *)(((uintptr_t)c | (page - 1)) + 1);
	for (; c < end; c += page)
		*c = 0;
}

void *rp_malloc_prefaulted(size_t bytes)
{
	void *p = malloc(bytes);

	if (p)
		rp_prefault(p, bytes);
	return p;
}
