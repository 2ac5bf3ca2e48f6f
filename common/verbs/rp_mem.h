/* SPDX-License-Identifier: MIT */
/*
 * rp_mem.h - test buffers: hugepages through libhugetlbfs, normal pages as
 * the fallback, a GPU's memory (rp_cuda.h: device memory, or pinned host
 * memory on an integrated GPU), and a record of which one was obtained.
 * The engine only sees the address and the MR; --validate's bytes go in
 * and out through rp_buf_copy (cuMemcpy for device memory).
 */
#ifndef RP_MEM_H
#define RP_MEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct rp_gpu;

enum rp_buf_kind {
	RP_BUF_NONE = 0,
	RP_BUF_HUGE,   /* libhugetlbfs get_hugepage_region(GHR_STRICT) */
	RP_BUF_NORMAL, /* anonymous mmap, base pages */
	RP_BUF_GPU,    /* a GPU's memory (rp_gpu_alloc): buf.gpu->mem */
};

struct rp_buf {
	void *addr;
	size_t len;	  /* bytes usable at addr */
	size_t page_size; /* bytes per page actually backing the buffer */
	enum rp_buf_kind kind;
	int numa_node;		  /* node the pages are bound to, -1 = none */
	int pages_node;		  /* node the pages are on, read back after the
			 * touch (move_pages): -1 unknown, -2 several */
	const struct rp_gpu *gpu; /* RP_BUF_GPU: the GPU, else NULL */
	int dmabuf_fd;		  /* RP_BUF_GPU dma-buf, else -1 */
	uint64_t dmabuf_off;	  /* the buffer's offset in the dma-buf */
};

/*
 * rp_buf_alloc - allocate @len bytes (> 0), zero-filled and touched so every
 * page is faulted in before registration. With @want_huge, hugepages are
 * tried first and base pages used when none are free (a fallback, not an
 * error: check b->kind; libhugetlbfs is asked only when rp_buf_huge_fits
 * says the free pool holds the buffer). With @numa_node >= 0 the pages are bound to that
 * node (libnuma, before the first touch) where the kernel has NUMA.
 * libhugetlbfs faults hugepages in as it maps them, under the calling
 * thread's memory policy (set it first: rp_numa_bind_self); either way
 * b->pages_node says where the pages are. The
 * buffer is page aligned. Returns 0 or -ENOMEM. Release with rp_buf_free().
 */
int rp_buf_alloc(struct rp_buf *b, size_t len, bool want_huge, int numa_node);

/*
 * rp_buf_huge_fits - whether @len bytes, rounded up to whole hugepages of
 * @huge bytes, fit in the free, unreserved hugepages of that size under
 * sysfs root @sys (rp_memcheck_huge_free). rp_buf_alloc asks libhugetlbfs
 * only then: asked with none free, get_hugepage_region(GHR_STRICT) prints
 * a WARNING on stderr before returning NULL (libhugetlbfs 2.24), which
 * perftest-style wrappers read as a failure; the memory check
 * (rp_railbuf_check) has already said the run falls back to base pages.
 * False when @huge is 0 or the pool cannot be read.
 */
bool rp_buf_huge_fits(const char *sys, size_t len, size_t huge);

/*
 * rp_buf_alloc_gpu - @len bytes (> 0) of @g's memory (g->mem: device
 * memory, with its dma-buf for RP_GPU_MEM_DMABUF, or pinned host memory),
 * zeroed. @g must outlive the buffer. One line on failure (the CUDA call
 * and its error), -errno. Release with rp_buf_free().
 */
int rp_buf_alloc_gpu(struct rp_buf *b, size_t len, const struct rp_gpu *g);

/* rp_buf_host - true when the CPU may read and write @b's bytes (every
 * kind but GPU device memory). */
bool rp_buf_host(const struct rp_buf *b);

/*
 * rp_buf_copy - @len bytes between @host and @b at byte @off: into the
 * buffer (@in) or out of it. A plain memcpy for host memory, cuMemcpyHtoD
 * / cuMemcpyDtoH for GPU device memory. 0, -EINVAL past the end, or -EIO
 * after one line.
 */
int rp_buf_copy(const struct rp_buf *b, uint64_t off, void *host, size_t len,
		bool in);

/*
 * rp_buf_huge_size - bytes per hugepage that rp_buf_alloc would use
 * (libhugetlbfs' default size), 0 when hugetlbfs is not usable.
 */
size_t rp_buf_huge_size(void);

/* rp_buf_free - release a buffer; safe on a zeroed or freed @b. */
void rp_buf_free(struct rp_buf *b);

/*
 * rp_buf_describe - "2048 KiB hugepages" or "4 KiB pages (no free
 * hugepages)" for reports; a GPU's: "pinned host memory of GPU 0 (NVIDIA
 * GB10, 000f:01:00.0): integrated GPU: pinned host memory". Returns @out.
 */
const char *rp_buf_describe(const struct rp_buf *b, bool wanted_huge, char *out,
			    size_t len);

#endif /* RP_MEM_H */
