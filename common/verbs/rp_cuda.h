/* SPDX-License-Identifier: MIT */
/*
 * rp_cuda.h - one GPU for the test buffers, through the CUDA driver
 * loaded at run time: libcuda.so.1 opened with dlopen, every entry point
 * resolved with cuGetProcAddress at an explicit version (rp_cuda_api.h),
 * the device's primary context (never cuCtxCreate, whose signature
 * changed in CUDA 13: perftest PRs #350, #355, #376). Which memory a
 * --use_cuda run gets (perftest's flags, cuda_memory.c):
 *  - an integrated GPU (CU_DEVICE_ATTRIBUTE_INTEGRATED 1, DGX Spark's
 *    GB10, Jetson): pinned host memory (cuMemHostAlloc), registered with
 *    ibv_reg_mr; it has no dma-buf and no GPUDirect RDMA, so
 *    --use_cuda_dmabuf is refused there (perftest PR #254);
 *  - a discrete GPU with --use_cuda_dmabuf: device memory (cuMemAlloc)
 *    exported as a dma-buf (cuMemGetHandleForAddressRange) for
 *    ibv_reg_dmabuf_mr;
 *  - a discrete GPU without it: device memory registered with ibv_reg_mr,
 *    which needs nvidia-peermem (perftest's older path).
 */
#ifndef RP_CUDA_H
#define RP_CUDA_H

#include <stdbool.h>
#include <stddef.h>

#include "verbs/rp_cuda_api.h"

#define RP_CUDA_LIB "libcuda.so.1"

/* What a GPU's buffer is. */
enum rp_gpu_mem {
	RP_GPU_MEM_NONE = 0,
	RP_GPU_MEM_DMABUF,  /* device memory, ibv_reg_dmabuf_mr */
	RP_GPU_MEM_PEERMEM, /* device memory, ibv_reg_mr (nvidia-peermem) */
	RP_GPU_MEM_HOST,    /* pinned host memory (cuMemHostAlloc) */
};

/* What the command line asked for. */
struct rp_gpu_req {
	int index;	    /* --use_cuda, -1: not given */
	const char *bus_id; /* --use_cuda_bus_id, NULL: not given */
	bool dmabuf;	    /* --use_cuda_dmabuf */
	bool near;	    /* --use_cuda_near: each rail's nearest GPU */
};

/* The entry points, each at its version of rp_cuda_api.h. */
struct rp_cuda_fns {
	rp_cuInit_t init;
	rp_cuDriverGetVersion_t driver_version;
	rp_cuDeviceGetCount_t device_count;
	rp_cuDeviceGet_t device_get;
	rp_cuDeviceGetName_t device_name;
	rp_cuDeviceGetAttribute_t device_attr;
	rp_cuDeviceGetByPCIBusId_t device_by_bus_id;
	rp_cuDevicePrimaryCtxRetain_t ctx_retain;
	rp_cuDevicePrimaryCtxRelease_t ctx_release;
	rp_cuCtxSetCurrent_t ctx_set_current;
	rp_cuMemAlloc_t mem_alloc;
	rp_cuMemFree_t mem_free;
	rp_cuMemHostAlloc_t host_alloc;
	rp_cuMemFreeHost_t host_free;
	rp_cuMemcpyHtoD_t copy_htod;
	rp_cuMemcpyDtoH_t copy_dtoh;
	rp_cuMemsetD8_t memset_d8;
	rp_cuMemGetHandleForAddressRange_t dmabuf_export; /* NULL: < 11.7 */
	rp_cuGetErrorName_t error_name;			  /* NULL: none */
};

/* The device's attributes that choose the memory. */
struct rp_gpu_attrs {
	int integrated; /* CU_DEVICE_ATTRIBUTE_INTEGRATED */
	int dmabuf;	/* CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED */
	int gdr;	/* CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_SUPPORTED */
};

struct rp_gpu {
	void *lib; /* dlopen handle, NULL: not loaded */
	struct rp_cuda_fns f;
	int index; /* CUDA ordinal */
	CUdevice dev;
	CUcontext ctx;	    /* primary context, retained; NULL: none */
	int driver_version; /* 1000 * major + 10 * minor */
	char name[96];
	char pci[24]; /* "0000:01:00.0" */
	struct rp_gpu_attrs at;
	enum rp_gpu_mem mem;
	char why[256]; /* why this memory; a refusal's reason */
};

/*
 * rp_gpu_choose - the memory for @g (its index, pci and at set) given
 * --use_cuda_dmabuf (@want_dmabuf), into g->mem with g->why ("integrated
 * GPU: pinned host memory"). An integrated GPU with @want_dmabuf, or one
 * without dma-buf support, is refused: g->why holds the one line,
 * -ENOTSUP. No driver call.
 */
int rp_gpu_choose(struct rp_gpu *g, bool want_dmabuf);

/*
 * rp_gpu_open - load libcuda.so.1 (from the loader's search path), find
 * the GPU of @q (its ordinal, or its PCI address), read its attributes,
 * retain its primary context and choose the memory (rp_gpu_choose).
 * Opens no RDMA device. On failure one line on stderr (naming
 * libcuda.so.1 when it is missing), @g released, -errno.
 */
int rp_gpu_open(struct rp_gpu *g, const struct rp_gpu_req *q);

/*
 * rp_gpu_open_near - rp_gpu_open on the NVIDIA GPU nearest to RDMA device
 * @ibdev (rp_gpuloc_near over the sysfs tree @sysroot: a common PCIe
 * switch first), with --use_cuda_dmabuf's @dmabuf; g->why then ends with
 * "; nearest to IBDEV: same PCIe switch". A device with no GPU near it
 * (no PCI function, or none in sysfs) is one line naming it and what to
 * give instead, -ENODEV. Errors as rp_gpu_open.
 */
int rp_gpu_open_near(struct rp_gpu *g, const char *sysroot, const char *ibdev,
		     bool dmabuf);

/* rp_gpu_close - release the primary context and the library; safe on a
 * zeroed or closed @g. */
void rp_gpu_close(struct rp_gpu *g);

/* rp_gpu_mem_name - "device memory (dma-buf)", "pinned host memory"... */
const char *rp_gpu_mem_name(enum rp_gpu_mem m);

/*
 * rp_gpu_alloc - @len bytes of @g's memory (g->mem), zeroed, at *@addr
 * (a device address for device memory); for RP_GPU_MEM_DMABUF also its
 * dma-buf: *@fd and *@fd_off (the buffer's offset in it), else *@fd -1.
 * @len is rounded up to 64 KiB (perftest's ACCEL_PAGE_SIZE) in
 * *@alloc_len. One line on failure, -errno. Free with rp_gpu_free.
 */
int rp_gpu_alloc(const struct rp_gpu *g, size_t len, void **addr,
		 size_t *alloc_len, int *fd, uint64_t *fd_off);

/* rp_gpu_free - release what rp_gpu_alloc gave (closing @fd if >= 0). */
void rp_gpu_free(const struct rp_gpu *g, void *addr, int fd);

/*
 * rp_gpu_copy - @len bytes between host memory @host and @g's buffer at
 * @buf: into it (@to_gpu: cuMemcpyHtoD) or out of it (cuMemcpyDtoH);
 * pinned host memory is copied directly. 0, or -EIO after one line.
 */
int rp_gpu_copy(const struct rp_gpu *g, void *buf, void *host, size_t len,
		bool to_gpu);

#endif /* RP_CUDA_H */
