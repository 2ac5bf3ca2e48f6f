// SPDX-License-Identifier: MIT
/* A rail's buffer before it exists (rp_railbuf.h). */
#include <errno.h>
#include <unistd.h>

#include "verbs/rp_railbuf.h"
#include "base/rp_log.h"
#include "base/rp_memcheck.h"
#include "base/rp_sysfs.h"
#include "verbs/rp_mem.h"

uint64_t rp_railbuf_slice(uint64_t max_msg)
{
	long pg = sysconf(_SC_PAGESIZE);
	uint64_t p = pg > 0 ? (uint64_t)pg : 4096;

	return (max_msg + p - 1) / p * p;
}

int rp_railbuf_check(const struct rp_rail_cfg *c, unsigned int n, bool halves)
{
	struct rp_memcheck m = {
		.rails = n,
		.qps = c->num_qps,
		.slice = c->slice,
		.halves = halves,
		.want_huge = c->hugepages,
		.huge_size = c->hugepages ? rp_buf_huge_size() : 0,
	};
	char why[512];

	if (c->gpu && c->gpu->mem != RP_GPU_MEM_HOST)
		return 0; /* device memory: the GPU's, not the host's */
	rp_memcheck_host(&m, "/proc", RP_SYSFS_ROOT);
	if (!rp_memcheck_judge(&m, why, sizeof(why)))
		return 0;
	rp_err("%s", why);
	return -ENOMEM;
}
