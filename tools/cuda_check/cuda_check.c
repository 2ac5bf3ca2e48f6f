// SPDX-License-Identifier: MIT
/*
 * cuda_check - railperf's GPU memory layer against the real CUDA driver,
 * on a GPU host with or without an RDMA device: load libcuda.so.1 and
 * open the GPU, its attributes, the memory railperf would choose, the
 * allocation, the dma-buf export (a discrete GPU that supports it), the
 * --validate pattern copied in and checked out, the release. One line per
 * step, "cuda-check: STEP: ok ..." or the layer's error and
 * "cuda-check: STEP: FAILED"; exit 0 when every step passed, 1 at the
 * first that failed, 2 on a bad argument. Usage: cuda_check [GPU ordinal
 * | PCI address] [bytes] (default: GPU 0, 1 MiB). Built by make
 * cuda-check; run by tools/scripts/cuda-check.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_parse.h"
#include "verbs/rp_bufpat.h"
#include "verbs/rp_cuda.h"
#include "verbs/rp_mem.h"

static int step(const char *name, int ret, const char *detail)
{
	if (ret)
		printf("cuda-check: %s: FAILED (%s)\n", name, strerror(-ret));
	else
		printf("cuda-check: %s: ok%s%s\n", name, *detail ? ": " : "",
		       detail);
	fflush(stdout);
	return ret;
}

/* The GPU, opened twice: plainly for its attributes, then with dma-buf
 * where it has it (the path a discrete GPU's runs should take). */
static int open_gpu(struct rp_gpu *g, struct rp_gpu_req *q)
{
	char d[320];
	int ret = rp_gpu_open(g, q);

	snprintf(d, sizeof(d), "GPU %d %s at %s, driver %d.%d",
		 ret ? -1 : g->index, g->name, g->pci, g->driver_version / 1000,
		 g->driver_version % 1000 / 10);
	if (step("load " RP_CUDA_LIB " and open the GPU", ret, d))
		return ret;
	snprintf(d, sizeof(d),
		 "INTEGRATED %d, DMA_BUF_SUPPORTED %d, "
		 "GPU_DIRECT_RDMA_SUPPORTED %d",
		 g->at.integrated, g->at.dmabuf, g->at.gdr);
	step("attributes", 0, d);
	if (!g->at.integrated && g->at.dmabuf) {
		rp_gpu_close(g);
		q->dmabuf = true;
		ret = rp_gpu_open(g, q);
	}
	snprintf(d, sizeof(d), "%s: %s", rp_gpu_mem_name(g->mem), g->why);
	return step("memory railperf chooses", ret, d);
}

static int buffer_steps(const struct rp_gpu *g, size_t len)
{
	struct rp_verdict v;
	struct rp_buf b;
	char d[160];
	int ret = rp_buf_alloc_gpu(&b, len, g);

	snprintf(d, sizeof(d), "%zu bytes at %p", len, ret ? NULL : b.addr);
	if (step("allocate", ret, d))
		return ret;
	if (g->mem == RP_GPU_MEM_DMABUF)
		snprintf(d, sizeof(d), "fd %d, offset %llu", b.dmabuf_fd,
			 (unsigned long long)b.dmabuf_off);
	else
		snprintf(d, sizeof(d), "none for %s", rp_gpu_mem_name(g->mem));
	step("dma-buf export", 0, d);
	ret = rp_bufpat_fill(&b, 0, len / 2, 3);
	if (!step("pattern in", ret,
		  rp_buf_host(&b) ? "in place" : "cuMemcpyHtoD")) {
		ret = rp_bufpat_check(&b, 0, len / 2, len, 3, &v);
		snprintf(d, sizeof(d),
			 "%s: %zu pattern bytes and %zu zeros as expected",
			 rp_buf_host(&b) ? "in place" : "cuMemcpyDtoH", len / 2,
			 len - len / 2);
		if (ret == -EILSEQ)
			printf("cuda-check: first bad byte at %llu: %#x, want "
			       "%#x\n",
			       (unsigned long long)v.offset, v.got, v.expected);
		step("pattern out", ret, d);
	}
	rp_buf_free(&b);
	return ret;
}

int main(int argc, char **argv)
{
	struct rp_gpu_req q = { .index = 0 };
	uint64_t len = 1 << 20, idx;
	struct rp_gpu g;
	int ret;

	if (argc > 1 && strchr(argv[1], ':'))
		q = (struct rp_gpu_req){ .index = -1, .bus_id = argv[1] };
	else if (argc > 1 && rp_parse_u64(argv[1], 0, 1023, &idx) == 0)
		q.index = (int)idx;
	else if (argc > 1)
		return fprintf(stderr, "usage: cuda_check [gpu | pci address] "
				       "[bytes]\n"),
		       2;
	if (argc > 2 && rp_parse_size(argv[2], 4096, 1ULL << 32, &len))
		return fprintf(stderr, "cuda_check: bytes: 4096 .. 4G\n"), 2;
	ret = open_gpu(&g, &q);
	if (!ret) {
		ret = buffer_steps(&g, (size_t)len);
		rp_gpu_close(&g);
		step("release", 0, "buffer freed, primary context released");
	} else {
		rp_gpu_close(&g);
	}
	printf("cuda-check: %s\n", ret ? "FAILED" : "all steps passed");
	return ret ? 1 : 0;
}
