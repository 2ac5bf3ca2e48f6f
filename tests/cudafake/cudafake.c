// SPDX-License-Identifier: MIT
/*
 * Description: a CUDA driver test double, built as
 * $(B)/tests/cudafake/libcuda.so.1 and found by dlopen("libcuda.so.1")
 * through LD_LIBRARY_PATH. It implements, over host memory, the entry
 * points railperf's memory layer resolves (common/verbs/rp_cuda.c), with
 * cuGetProcAddress(_v2) handing them out by name. The GPU model comes from
 * RP_CUDAFAKE:
 *   H100 (default): RP_CUDAFAKE_COUNT discrete GPUs (default 2) at
 *        0000:19:00.0, 0000:3b:00.0, ... (RP_CUDAFAKE_BUSES="1a,2a,..."
 *        gives other buses, in hex): INTEGRATED 0, DMA_BUF_SUPPORTED 1,
 *        GPU_DIRECT_RDMA_SUPPORTED 1;
 *   GB10: one integrated GPU at 000f:01:00.0 (DGX Spark): INTEGRATED 1,
 *        DMA_BUF_SUPPORTED 0, GPU_DIRECT_RDMA_SUPPORTED 0.
 * "Device memory" is anonymous host memory (cuMemAlloc fails on GB10, so
 * a layer that asks an integrated GPU for device memory shows); its
 * dma-buf is a memfd of the
 * range's size, so ibv_reg_dmabuf_mr is reached. RP_CUDAFAKE_FAIL=<entry
 * point name> makes that entry point fail (cuInit: CUDA_ERROR_NO_DEVICE,
 * others CUDA_ERROR_OUT_OF_MEMORY); RP_CUDAFAKE_NOSYM=<name> leaves it
 * out of cuGetProcAddress. cudafake_calls(name) counts the calls (unit
 * tests check that device memory went through cuMemcpy).
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "verbs/rp_cuda_api.h"

#define MAXGPU 8

static const int h100_default_bus[MAXGPU] = { 0x19, 0x3b, 0x4c, 0x5d,
					      0x9b, 0xbb, 0xcb, 0xdb };
static int current_dev = -1;

/* GPU @i's PCI bus: RP_CUDAFAKE_BUSES's i-th entry, else the default. */
static int h100_bus(int i)
{
	const char *l = getenv("RP_CUDAFAKE_BUSES");
	char *end;
	int k;

	for (k = 0; l && *l; k++) {
		long b = strtol(l, &end, 16);

		if (k == i && end != l)
			return (int)b;
		l = *end == ',' ? end + 1 : end + strlen(end);
	}
	return h100_default_bus[i];
}

struct call {
	const char *name;
	unsigned long n;
};
static struct call calls[32];

unsigned long cudafake_calls(const char *name);
unsigned long cudafake_calls(const char *name)
{
	size_t i;

	for (i = 0; i < 32 && calls[i].name; i++)
		if (!strcmp(calls[i].name, name))
			return calls[i].n;
	return 0;
}

/* Count the call; CUDA_SUCCESS unless RP_CUDAFAKE_FAIL names it. */
static CUresult hit(const char *name)
{
	const char *f = getenv("RP_CUDAFAKE_FAIL");
	size_t i;

	for (i = 0; i < 32; i++)
		if (!calls[i].name || !strcmp(calls[i].name, name)) {
			calls[i].name = name;
			calls[i].n++;
			break;
		}
	if (!f || strcmp(f, name))
		return CUDA_SUCCESS;
	return strcmp(name, "cuInit") ? CUDA_ERROR_OUT_OF_MEMORY :
					CUDA_ERROR_NO_DEVICE;
}

static int gb10(void)
{
	const char *m = getenv("RP_CUDAFAKE");

	return m && !strcmp(m, "GB10");
}

static int count(void)
{
	const char *c = getenv("RP_CUDAFAKE_COUNT");
	int n = c ? atoi(c) : 2;

	if (gb10())
		return 1;
	return n < 0 ? 0 : n > MAXGPU ? MAXGPU : n;
}

static CUresult fk_init(unsigned int flags)
{
	return flags ? CUDA_ERROR_INVALID_VALUE : hit("cuInit");
}

static CUresult fk_driver_version(int *v)
{
	*v = 12080;
	return hit("cuDriverGetVersion");
}

static CUresult fk_count(int *n)
{
	*n = count();
	return hit("cuDeviceGetCount");
}

static CUresult fk_get(CUdevice *d, int ordinal)
{
	if (ordinal < 0 || ordinal >= count())
		return CUDA_ERROR_INVALID_DEVICE;
	*d = ordinal;
	return hit("cuDeviceGet");
}

static CUresult fk_name(char *name, int len, CUdevice d)
{
	(void)d;
	snprintf(name, (size_t)len, "%s",
		 gb10() ? "NVIDIA GB10" : "NVIDIA H100 80GB HBM3");
	return hit("cuDeviceGetName");
}

static CUresult fk_attr(int *v, CUdevice_attribute a, CUdevice d)
{
	int g = gb10();

	if (d < 0 || d >= count())
		return CUDA_ERROR_INVALID_DEVICE;
	switch (a) {
	case CU_DEVICE_ATTRIBUTE_INTEGRATED: *v = g; break;
	case CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED: *v = !g; break;
	case CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_SUPPORTED: *v = !g; break;
	case CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID: *v = g ? 0xf : 0; break;
	case CU_DEVICE_ATTRIBUTE_PCI_BUS_ID: *v = g ? 1 : h100_bus(d); break;
	case CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID: *v = 0; break;
	default: return CUDA_ERROR_INVALID_VALUE;
	}
	return hit("cuDeviceGetAttribute");
}

static CUresult fk_by_bus(CUdevice *d, const char *bus)
{
	unsigned int dom, b, dev, fn;
	int i;

	if (sscanf(bus, "%x:%x:%x.%x", &dom, &b, &dev, &fn) != 4)
		return CUDA_ERROR_INVALID_VALUE;
	for (i = 0; i < count(); i++)
		if (dom == (gb10() ? 0xfu : 0u) && dev == 0 && fn == 0 &&
		    b == (unsigned int)(gb10() ? 1 : h100_bus(i))) {
			*d = i;
			return hit("cuDeviceGetByPCIBusId");
		}
	return CUDA_ERROR_INVALID_DEVICE;
}

static CUresult fk_retain(CUcontext *c, CUdevice d)
{
	*c = (CUcontext)(uintptr_t)(0x1000 + d);
	return hit("cuDevicePrimaryCtxRetain");
}

static CUresult fk_release(CUdevice d)
{
	(void)d;
	return hit("cuDevicePrimaryCtxRelease");
}

static CUresult fk_set_current(CUcontext c)
{
	current_dev = (int)((uintptr_t)c - 0x1000);
	return hit("cuCtxSetCurrent");
}

static void *fk_map(size_t n)
{
	void *p = mmap(NULL, n, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

/* Sizes of the live mappings, for the frees. */
static struct {
	void *p;
	size_t n;
} maps[64];

static CUresult fk_alloc_common(void **p, size_t n, const char *name)
{
	CUresult e = hit(name);
	size_t i;

	if (e != CUDA_SUCCESS || current_dev < 0)
		return e != CUDA_SUCCESS ? e : CUDA_ERROR_NOT_INITIALIZED;
	for (i = 0; i < 64 && maps[i].p; i++)
		;
	*p = i < 64 ? fk_map(n) : NULL;
	if (!*p)
		return CUDA_ERROR_OUT_OF_MEMORY;
	maps[i].p = *p;
	maps[i].n = n;
	return CUDA_SUCCESS;
}

static CUresult fk_free_common(void *p, const char *name)
{
	size_t i;

	for (i = 0; i < 64; i++)
		if (maps[i].p == p) {
			munmap(p, maps[i].n);
			maps[i].p = NULL;
			return hit(name);
		}
	return CUDA_ERROR_INVALID_VALUE;
}

static CUresult fk_mem_alloc(CUdeviceptr *d, size_t n)
{
	void *p = NULL;
	CUresult e = gb10() ? CUDA_ERROR_NOT_SUPPORTED :
			      fk_alloc_common(&p, n, "cuMemAlloc");

	*d = (CUdeviceptr)(uintptr_t)p;
	return e;
}

static CUresult fk_mem_free(CUdeviceptr d)
{
	return fk_free_common((void *)(uintptr_t)d, "cuMemFree");
}

static CUresult fk_host_alloc(void **p, size_t n, unsigned int flags)
{
	(void)flags;
	return fk_alloc_common(p, n, "cuMemHostAlloc");
}

static CUresult fk_host_free(void *p)
{
	return fk_free_common(p, "cuMemFreeHost");
}

static CUresult fk_htod(CUdeviceptr d, const void *s, size_t n)
{
	memcpy((void *)(uintptr_t)d, s, n);
	return hit("cuMemcpyHtoD");
}

static CUresult fk_dtoh(void *h, CUdeviceptr d, size_t n)
{
	memcpy(h, (const void *)(uintptr_t)d, n);
	return hit("cuMemcpyDtoH");
}

static CUresult fk_memset(CUdeviceptr d, unsigned char v, size_t n)
{
	memset((void *)(uintptr_t)d, v, n);
	return hit("cuMemsetD8");
}

/* The dma-buf: a memfd of the range's size (what the NIC would map). */
static CUresult fk_dmabuf(void *handle, CUdeviceptr d, size_t size,
			  CUmemRangeHandleType type, unsigned long long flags)
{
	CUresult e = hit("cuMemGetHandleForAddressRange");
	int fd;

	(void)d;
	if (e != CUDA_SUCCESS)
		return e;
	if (gb10())
		return CUDA_ERROR_NOT_SUPPORTED;
	if (type != CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD || flags)
		return CUDA_ERROR_INVALID_VALUE;
	fd = memfd_create("cudafake-dmabuf", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, (off_t)size)) {
		if (fd >= 0)
			close(fd);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	*(int *)handle = fd;
	return CUDA_SUCCESS;
}

static CUresult fk_error_name(CUresult e, const char **name)
{
	switch (e) {
	case CUDA_ERROR_OUT_OF_MEMORY: *name = "CUDA_ERROR_OUT_OF_MEMORY"; break;
	case CUDA_ERROR_NO_DEVICE: *name = "CUDA_ERROR_NO_DEVICE"; break;
	case CUDA_ERROR_INVALID_DEVICE: *name = "CUDA_ERROR_INVALID_DEVICE"; break;
	case CUDA_ERROR_NOT_SUPPORTED: *name = "CUDA_ERROR_NOT_SUPPORTED"; break;
	default: *name = NULL; return CUDA_ERROR_INVALID_VALUE;
	}
	return CUDA_SUCCESS;
}

/* Name, the version railperf must ask for (the _v2 ABI), the function. */
static const struct {
	const char *name;
	int min_version;
	void *fn;
} table[] = {
	{ "cuInit", 2000, (void *)fk_init },
	{ "cuDriverGetVersion", 2020, (void *)fk_driver_version },
	{ "cuDeviceGetCount", 2000, (void *)fk_count },
	{ "cuDeviceGet", 2000, (void *)fk_get },
	{ "cuDeviceGetName", 2000, (void *)fk_name },
	{ "cuDeviceGetAttribute", 2000, (void *)fk_attr },
	{ "cuDeviceGetByPCIBusId", 4010, (void *)fk_by_bus },
	{ "cuDevicePrimaryCtxRetain", 7000, (void *)fk_retain },
	{ "cuDevicePrimaryCtxRelease", 11000, (void *)fk_release },
	{ "cuCtxSetCurrent", 4000, (void *)fk_set_current },
	{ "cuMemAlloc", 3020, (void *)fk_mem_alloc },
	{ "cuMemFree", 3020, (void *)fk_mem_free },
	{ "cuMemHostAlloc", 2020, (void *)fk_host_alloc },
	{ "cuMemFreeHost", 2000, (void *)fk_host_free },
	{ "cuMemcpyHtoD", 3020, (void *)fk_htod },
	{ "cuMemcpyDtoH", 3020, (void *)fk_dtoh },
	{ "cuMemsetD8", 3020, (void *)fk_memset },
	{ "cuMemGetHandleForAddressRange", 11070, (void *)fk_dmabuf },
	{ "cuGetErrorName", 6000, (void *)fk_error_name },
};

CUresult cuGetProcAddress_v2(const char *symbol, void **pfn, int version,
			     uint64_t flags,
			     CUdriverProcAddressQueryResult *status);
CUresult cuGetProcAddress_v2(const char *symbol, void **pfn, int version,
			     uint64_t flags,
			     CUdriverProcAddressQueryResult *status)
{
	const char *no = getenv("RP_CUDAFAKE_NOSYM");
	size_t i;

	(void)flags;
	*pfn = NULL;
	for (i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
		if (strcmp(table[i].name, symbol) || (no && !strcmp(no, symbol)))
			continue;
		/* an older version would be the pre-_v2 ABI: refuse it, so
		 * a wrong version in railperf shows */
		if (version < table[i].min_version)
			break;
		*pfn = table[i].fn;
		if (status)
			*status = 0; /* CU_GET_PROC_ADDRESS_SUCCESS */
		return CUDA_SUCCESS;
	}
	if (status)
		*status = 1; /* CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND */
	return CUDA_ERROR_NOT_FOUND;
}
