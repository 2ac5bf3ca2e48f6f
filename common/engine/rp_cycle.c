// SPDX-License-Identifier: MIT
#include <unistd.h>

#include "engine/rp_cycle.h"

#define RP_DEF_CACHE_LINE 64 /* perftest's DEF_CACHE_LINE_SIZE */
#define RP_DEF_PAGE 4096     /* perftest's DEF_PAGE_SIZE */

void rp_cycle_init(struct rp_cycle *c, uint64_t size, uint64_t cycle,
		   unsigned int cache_line, unsigned int post_list)
{
	uint64_t line = cache_line ? cache_line : RP_DEF_CACHE_LINE;

	c->post_list = post_list;
	c->step = (size + line - 1) / line * line;
	c->steps = 0;
	if (cycle && size && size <= cycle / 2)
		c->steps = cycle / c->step;
}

uint64_t rp_cycle_page(void)
{
	long p = sysconf(_SC_PAGESIZE);

	return p > 0 ? (uint64_t)p : RP_DEF_PAGE;
}

unsigned int rp_cycle_line(void)
{
	long l = sysconf(_SC_LEVEL1_DCACHE_LINESIZE);

	return l > 0 ? (unsigned int)l : RP_DEF_CACHE_LINE;
}
