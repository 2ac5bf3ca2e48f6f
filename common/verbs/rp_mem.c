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

#include "topo/rp_numa.h"

#include "verbs/rp_mem.h"

static int rp_buf_alloc_huge(struct rp_buf *b, size_t len)
{
	long hpage = gethugepagesize();
	void *p;

	if (hpage <= 0)
		return -ENOENT;
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
	memset(b, 0, sizeof(*b));
}

const char *rp_buf_describe(const struct rp_buf *b, bool wanted_huge, char *out,
			    size_t len)
{
	snprintf(out, len, "%zu KiB %s%s", b->page_size >> 10,
		 b->kind == RP_BUF_HUGE ? "hugepages" : "pages",
		 b->kind != RP_BUF_HUGE && wanted_huge ?
			 " (no free hugepages: fell back to base pages)" :
			 "");
	return out;
}
