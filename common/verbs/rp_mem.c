// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stddef.h> /* hugetlbfs.h uses size_t without including it */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <hugetlbfs.h>
#include <numa.h>
#include <numaif.h>

#include "base/rp_memcheck.h"
#include "base/rp_sysfs.h"
#include "topo/rp_numa.h"

#include "verbs/rp_cuda.h"
#include "verbs/rp_mem.h"

bool rp_buf_huge_fits(const char *sys, size_t len, size_t huge)
{
	uint64_t free_bytes = 0;

	if (!huge || rp_memcheck_huge_free(sys, huge, &free_bytes))
		return false;
	return (uint64_t)((len + huge - 1) / huge) * huge <= free_bytes;
}

static int rp_buf_alloc_huge(struct rp_buf *b, size_t len)
{
	long hpage = gethugepagesize();
	void *p;

	if (hpage <= 0)
		return -ENOENT;
	/* none free: do not ask (libhugetlbfs would warn on stderr) */
	if (!rp_buf_huge_fits(RP_SYSFS_ROOT, len, (size_t)hpage))
		return -ENOMEM;
	/* STRICT: hugepages or NULL, so we know what we got. No COLOR: keep
	 * the buffer aligned, its offset is part of what we measure. */
	p = get_hugepage_region(len, GHR_STRICT);
	if (!p)
		return -ENOMEM;
	b->addr = p;
	b->page_size = (size_t)hpage;
	b->kind = RP_BUF_HUGE;
	return 0;
}

static int rp_buf_alloc_normal(struct rp_buf *b, size_t len)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return -errno;
	b->addr = p;
	b->page_size = (size_t)sysconf(_SC_PAGESIZE);
	b->kind = RP_BUF_NORMAL;
	return 0;
}

/*
 * Bind the untouched pages of @b to @node, so that the first touch puts them
 * there. mbind(2) wants whole pages of the mapping (2 MiB for hugepages).
 * A failure leaves the buffer unbound (b->numa_node = -1), not an error.
 */
static void rp_buf_bind(struct rp_buf *b, int node)
{
	unsigned long mask[64 / sizeof(unsigned long) + 1] = { 0 };
	size_t len = (b->len + b->page_size - 1) & ~(b->page_size - 1);
	const unsigned long bits = 8 * sizeof(unsigned long);

	b->numa_node = -1;
	if (node < 0 || (unsigned int)node >= 8 * sizeof(mask) ||
	    numa_available() < 0)
		return;
	mask[node / bits] = 1UL << (node % bits);
	if (mbind(b->addr, len, MPOL_BIND, mask, 8 * sizeof(mask), 0) == 0)
		b->numa_node = node;
}

int rp_buf_alloc(struct rp_buf *b, size_t len, bool want_huge, int numa_node)
{
	int ret = -ENOMEM;

	memset(b, 0, sizeof(*b));
	b->dmabuf_fd = -1;
	if (!len)
		return -EINVAL;
	if (want_huge)
		ret = rp_buf_alloc_huge(b, len);
	if (ret)
		ret = rp_buf_alloc_normal(b, len);
	if (ret)
		return ret;
	b->len = len;
	rp_buf_bind(b, numa_node);
	memset(b->addr, 0, len); /* fault every page in now */
	b->pages_node =
		rp_numa_pages_node(b->addr, len, b->page_size, len / 16);
	return 0;
}

int rp_buf_alloc_gpu(struct rp_buf *b, size_t len, const struct rp_gpu *g)
{
	size_t n;
	int ret;

	memset(b, 0, sizeof(*b));
	b->dmabuf_fd = -1;
	b->numa_node = -1;
	b->pages_node = -1;
	if (!len)
		return -EINVAL;
	ret = rp_gpu_alloc(g, len, &b->addr, &n, &b->dmabuf_fd, &b->dmabuf_off);
	if (ret)
		return ret;
	b->len = len;
	b->page_size = 64 * 1024; /* rp_gpu_alloc rounds to it */
	(void)n;
	b->kind = RP_BUF_GPU;
	b->gpu = g;
	return 0;
}

bool rp_buf_host(const struct rp_buf *b)
{
	return b->kind != RP_BUF_GPU || b->gpu->mem == RP_GPU_MEM_HOST;
}

int rp_buf_copy(const struct rp_buf *b, uint64_t off, void *host, size_t len,
		bool in)
{
	char *p = (char *)b->addr + off;

	if (off > b->len || len > b->len - off)
		return -EINVAL;
	if (b->kind == RP_BUF_GPU)
		return rp_gpu_copy(b->gpu, p, host, len, in);
	memcpy(in ? p : host, in ? host : p, len);
	return 0;
}

size_t rp_buf_huge_size(void)
{
	long hpage = gethugepagesize();

	return hpage > 0 ? (size_t)hpage : 0;
}

void rp_buf_free(struct rp_buf *b)
{
	if (b->kind == RP_BUF_HUGE)
		free_hugepage_region(b->addr);
	else if (b->kind == RP_BUF_NORMAL)
		munmap(b->addr, b->len);
	else if (b->kind == RP_BUF_GPU)
		rp_gpu_free(b->gpu, b->addr, b->dmabuf_fd);
	memset(b, 0, sizeof(*b));
	b->dmabuf_fd = -1;
}

const char *rp_buf_describe(const struct rp_buf *b, bool wanted_huge, char *out,
			    size_t len)
{
	const struct rp_gpu *g = b->gpu;

	if (b->kind == RP_BUF_GPU) {
		snprintf(out, len, "%s of GPU %d (%s, %s): %s",
			 rp_gpu_mem_name(g->mem), g->index, g->name, g->pci,
			 g->why);
		return out;
	}
	snprintf(out, len, "%zu KiB %s%s", b->page_size >> 10,
		 b->kind == RP_BUF_HUGE ? "hugepages" : "pages",
		 b->kind != RP_BUF_HUGE && wanted_huge ?
			 " (no free hugepages: fell back to base pages)" :
			 "");
	return out;
}
