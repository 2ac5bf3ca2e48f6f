// SPDX-License-Identifier: MIT
/* rp_cuda.c - the CUDA driver at run time; see rp_cuda.h. */
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base/rp_log.h"

#include "topo/rp_gpuloc.h"
#include "verbs/rp_cuda.h"

#define RP_GPU_PAGE (64 * 1024) /* perftest's ACCEL_PAGE_SIZE */

/* One entry point: where it goes, its name, its version. */
struct rp_cuda_sym {
	size_t off;
	const char *name;
	int version;
	bool optional;
};

#define RP_SYM(field, name, ver) \
	{ \
		offsetof(struct rp_cuda_fns, field), name, ver, false \
	}
#define RP_OPT_SYM(field, name, ver) \
	{ \
		offsetof(struct rp_cuda_fns, field), name, ver, true \
	}

static const struct rp_cuda_sym rp_cuda_syms[] = {
	RP_SYM(init, "cuInit", RP_CU_VER_BASE),
	RP_SYM(driver_version, "cuDriverGetVersion", RP_CU_VER_HOSTALLOC),
	RP_SYM(device_count, "cuDeviceGetCount", RP_CU_VER_BASE),
	RP_SYM(device_get, "cuDeviceGet", RP_CU_VER_BASE),
	RP_SYM(device_name, "cuDeviceGetName", RP_CU_VER_BASE),
	RP_SYM(device_attr, "cuDeviceGetAttribute", RP_CU_VER_BASE),
	RP_SYM(device_by_bus_id, "cuDeviceGetByPCIBusId", RP_CU_VER_BUSID),
	RP_SYM(ctx_retain, "cuDevicePrimaryCtxRetain", RP_CU_VER_PRIMARY),
	RP_SYM(ctx_release, "cuDevicePrimaryCtxRelease", RP_CU_VER_PRIMARY_V2),
	RP_SYM(ctx_set_current, "cuCtxSetCurrent", RP_CU_VER_CTX),
	RP_SYM(mem_alloc, "cuMemAlloc", RP_CU_VER_V2),
	RP_SYM(mem_free, "cuMemFree", RP_CU_VER_V2),
	RP_SYM(host_alloc, "cuMemHostAlloc", RP_CU_VER_HOSTALLOC),
	RP_SYM(host_free, "cuMemFreeHost", RP_CU_VER_BASE),
	RP_SYM(copy_htod, "cuMemcpyHtoD", RP_CU_VER_V2),
	RP_SYM(copy_dtoh, "cuMemcpyDtoH", RP_CU_VER_V2),
	RP_SYM(memset_d8, "cuMemsetD8", RP_CU_VER_V2),
	RP_OPT_SYM(dmabuf_export, "cuMemGetHandleForAddressRange",
		   RP_CU_VER_DMABUF),
	RP_OPT_SYM(error_name, "cuGetErrorName", RP_CU_VER_ERRSTR),
};

/* "CUDA error 2 (CUDA_ERROR_OUT_OF_MEMORY)" into @buf. */
static const char *rp_cu_err(const struct rp_gpu *g, CUresult e, char *buf,
			     size_t len)
{
	const char *name = NULL;

	if (!g->f.error_name || g->f.error_name(e, &name) != CUDA_SUCCESS ||
	    !name)
		name = "unknown";
	snprintf(buf, len, "CUDA error %d (%s)", e, name);
	return buf;
}

/* Resolve one entry point through cuGetProcAddress(_v2). */
static CUresult rp_cuda_proc(void *get, bool v2, const struct rp_cuda_sym *s,
			     void **fn)
{
	CUdriverProcAddressQueryResult st = 0;

	*fn = NULL;
	if (v2)
		return ((rp_cuGetProcAddress_v2_t)get)(
			s->name, fn, s->version, CU_GET_PROC_ADDRESS_DEFAULT,
			&st);
	return ((rp_cuGetProcAddress_t)get)(s->name, fn, s->version,
					    CU_GET_PROC_ADDRESS_DEFAULT);
}

/* dlopen libcuda.so.1 and resolve the table; one line on failure. */
static int rp_cuda_load(struct rp_gpu *g)
{
	void *get;
	bool v2 = true;
	size_t i;

	g->lib = dlopen(RP_CUDA_LIB, RTLD_NOW | RTLD_LOCAL);
	if (!g->lib) {
		rp_err("--use_cuda: cannot load " RP_CUDA_LIB " (the NVIDIA "
		       "driver's CUDA library): %s",
		       dlerror());
		return -ENOENT;
	}
	/* CUDA 12's cuGetProcAddress_v2, else CUDA 11.3's */
	get = dlsym(g->lib, "cuGetProcAddress_v2");
	if (!get) {
		v2 = false;
		get = dlsym(g->lib, "cuGetProcAddress");
	}
	if (!get) {
		rp_err(RP_CUDA_LIB " has no cuGetProcAddress: a driver older "
				   "than CUDA 11.3");
		return -ENOSYS;
	}
	for (i = 0; i < sizeof(rp_cuda_syms) / sizeof(rp_cuda_syms[0]); i++) {
		const struct rp_cuda_sym *s = &rp_cuda_syms[i];
		void **fn = (void **)((char *)&g->f + s->off);
		CUresult e = rp_cuda_proc(get, v2, s, fn);

		if ((e != CUDA_SUCCESS || !*fn) && !s->optional) {
			rp_err(RP_CUDA_LIB
			       ": no entry point %s at CUDA "
			       "version %d (error %d): the driver is too old",
			       s->name, s->version, e);
			return -ENOSYS;
		}
		if (e != CUDA_SUCCESS)
			*fn = NULL;
	}
	return 0;
}

int rp_gpu_choose(struct rp_gpu *g, bool want_dmabuf)
{
	const char *dev = g->pci[0] ? g->pci : "unknown address";

	g->mem = RP_GPU_MEM_NONE;
	if (g->at.integrated && want_dmabuf) {
		snprintf(g->why, sizeof(g->why),
			 "--use_cuda_dmabuf: GPU %d (%s) is integrated "
			 "(CU_DEVICE_ATTRIBUTE_INTEGRATED 1): it has no "
			 "dma-buf and no GPUDirect RDMA; --use_cuda alone "
			 "uses its pinned host memory",
			 g->index, dev);
		return -ENOTSUP;
	}
	if (g->at.integrated) {
		g->mem = RP_GPU_MEM_HOST;
		snprintf(g->why, sizeof(g->why),
			 "integrated GPU: pinned host memory");
		return 0;
	}
	if (want_dmabuf && !g->at.dmabuf) {
		snprintf(g->why, sizeof(g->why),
			 "--use_cuda_dmabuf: GPU %d (%s) does not export "
			 "dma-bufs (CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED 0)",
			 g->index, dev);
		return -ENOTSUP;
	}
	g->mem = want_dmabuf ? RP_GPU_MEM_DMABUF : RP_GPU_MEM_PEERMEM;
	snprintf(g->why, sizeof(g->why), "%s",
		 want_dmabuf ? "discrete GPU, --use_cuda_dmabuf: device "
			       "memory through a dma-buf" :
			       "discrete GPU: device memory registered with "
			       "ibv_reg_mr (needs nvidia-peermem; "
			       "--use_cuda_dmabuf for a dma-buf)");
	return 0;
}

/* The ordinal of --use_cuda_bus_id @bus, or one line naming the GPUs. */
static int rp_gpu_by_bus(struct rp_gpu *g, const char *bus, int count)
{
	char list[160] = "", err[80];
	size_t off = 0;
	CUdevice d;
	CUresult e;
	int i, v[3];

	e = g->f.device_by_bus_id(&d, bus);
	if (e == CUDA_SUCCESS) {
		g->index = d;
		return 0;
	}
	for (i = 0; i < count && off < sizeof(list); i++) {
		if (g->f.device_get(&d, i) != CUDA_SUCCESS ||
		    g->f.device_attr(&v[0], CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID,
				     d) != CUDA_SUCCESS ||
		    g->f.device_attr(&v[1], CU_DEVICE_ATTRIBUTE_PCI_BUS_ID,
				     d) != CUDA_SUCCESS ||
		    g->f.device_attr(&v[2], CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID,
				     d) != CUDA_SUCCESS)
			continue;
		off += (size_t)snprintf(list + off, sizeof(list) - off,
					"%s%04x:%02x:%02x.0", off ? ", " : "",
					v[0], v[1], v[2]);
	}
	rp_err("invalid --use_cuda_bus_id value '%s': no GPU at that PCI "
	       "address (%s); this host's GPUs: %s",
	       bus, rp_cu_err(g, e, err, sizeof(err)), off ? list : "none");
	return -ENODEV;
}

/* The GPU of @q: its ordinal, checked against the count. */
static int rp_gpu_find(struct rp_gpu *g, const struct rp_gpu_req *q)
{
	char err[80];
	int count = 0;
	CUresult e;

	e = g->f.device_count(&count);
	if (e != CUDA_SUCCESS || count <= 0) {
		rp_err("--use_cuda: no CUDA GPU on this host (cuDeviceGetCount:"
		       " %d GPUs, %s)",
		       count, rp_cu_err(g, e, err, sizeof(err)));
		return -ENODEV;
	}
	if (q->bus_id)
		return rp_gpu_by_bus(g, q->bus_id, count);
	if (q->index >= count) {
		rp_err("invalid --use_cuda value '%d': this host has %d "
		       "GPU%s, valid indexes are 0 .. %d",
		       q->index, count, count == 1 ? "" : "s", count - 1);
		return -ENODEV;
	}
	g->index = q->index;
	return 0;
}

/* Name, PCI address and the attributes that choose the memory. */
static int rp_gpu_describe(struct rp_gpu *g)
{
	int v[3] = { 0 };
	char err[80];
	CUresult e;

	e = g->f.device_get(&g->dev, g->index);
	if (e == CUDA_SUCCESS)
		e = g->f.device_name(g->name, (int)sizeof(g->name), g->dev);
	if (e == CUDA_SUCCESS)
		e = g->f.device_attr(&g->at.integrated,
				     CU_DEVICE_ATTRIBUTE_INTEGRATED, g->dev);
	if (e != CUDA_SUCCESS) {
		rp_err("--use_cuda: GPU %d: %s", g->index,
		       rp_cu_err(g, e, err, sizeof(err)));
		return -EIO;
	}
	/* an older driver without these two attributes: 0, unsupported */
	if (g->f.device_attr(&g->at.dmabuf,
			     CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED,
			     g->dev) != CUDA_SUCCESS ||
	    !g->f.dmabuf_export)
		g->at.dmabuf = 0;
	if (g->f.device_attr(&g->at.gdr,
			     CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_SUPPORTED,
			     g->dev) != CUDA_SUCCESS)
		g->at.gdr = 0;
	g->f.device_attr(&v[0], CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID, g->dev);
	g->f.device_attr(&v[1], CU_DEVICE_ATTRIBUTE_PCI_BUS_ID, g->dev);
	g->f.device_attr(&v[2], CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID, g->dev);
	snprintf(g->pci, sizeof(g->pci), "%04x:%02x:%02x.0", v[0] & 0xffff,
		 v[1] & 0xff, v[2] & 0xff);
	g->f.driver_version(&g->driver_version);
	return 0;
}

/* Make the primary context current on the calling thread. */
static int rp_gpu_current(const struct rp_gpu *g)
{
	char err[80];
	CUresult e = g->f.ctx_set_current(g->ctx);

	if (e == CUDA_SUCCESS)
		return 0;
	rp_err("cuCtxSetCurrent on GPU %d: %s", g->index,
	       rp_cu_err(g, e, err, sizeof(err)));
	return -EIO;
}

static int rp_gpu_open_steps(struct rp_gpu *g, const struct rp_gpu_req *q)
{
	char err[80];
	CUresult e;
	int ret;

	ret = rp_cuda_load(g);
	if (ret)
		return ret;
	e = g->f.init(0);
	if (e != CUDA_SUCCESS) {
		rp_err("--use_cuda: cuInit: %s",
		       rp_cu_err(g, e, err, sizeof(err)));
		return -EIO;
	}
	ret = rp_gpu_find(g, q);
	if (!ret)
		ret = rp_gpu_describe(g);
	if (!ret && rp_gpu_choose(g, q->dmabuf)) {
		rp_err("%s", g->why);
		ret = -ENOTSUP;
	}
	if (ret)
		return ret;
	e = g->f.ctx_retain(&g->ctx, g->dev);
	if (e != CUDA_SUCCESS) {
		g->ctx = NULL;
		rp_err("cuDevicePrimaryCtxRetain on GPU %d: %s", g->index,
		       rp_cu_err(g, e, err, sizeof(err)));
		return -EIO;
	}
	return rp_gpu_current(g);
}

int rp_gpu_open(struct rp_gpu *g, const struct rp_gpu_req *q)
{
	int ret;

	memset(g, 0, sizeof(*g));
	ret = rp_gpu_open_steps(g, q);
	if (ret)
		rp_gpu_close(g);
	return ret;
}

int rp_gpu_open_near(struct rp_gpu *g, const char *sysroot, const char *ibdev,
		     bool dmabuf)
{
	struct rp_gpu_req q = { .index = -1, .dmabuf = dmabuf };
	struct rp_gpunear n;
	size_t len;
	int ret;

	memset(g, 0, sizeof(*g));
	ret = rp_gpuloc_near(sysroot, ibdev, &n);
	if (ret || !n.pci[0]) {
		rp_err("--use_cuda_near: no NVIDIA GPU near %s (%s): give "
		       "--use_cuda=<gpu> or --use_cuda_bus_id=<pci>",
		       ibdev,
		       ret     ? strerror(-ret) :
		       n.ngpus ? "it is not a PCI function" :
				 "none in sysfs");
		return -ENODEV;
	}
	q.bus_id = n.pci;
	ret = rp_gpu_open(g, &q);
	if (ret)
		return ret;
	len = strlen(g->why);
	snprintf(g->why + len, sizeof(g->why) - len, "; nearest to %s: %s",
		 ibdev, rp_gpurel_name(n.rel));
	return 0;
}

void rp_gpu_close(struct rp_gpu *g)
{
	if (g->ctx && g->f.ctx_release)
		g->f.ctx_release(g->dev);
	if (g->lib)
		dlclose(g->lib);
	memset(g, 0, sizeof(*g));
}

const char *rp_gpu_mem_name(enum rp_gpu_mem m)
{
	switch (m) {
	case RP_GPU_MEM_DMABUF: return "device memory (dma-buf)";
	case RP_GPU_MEM_PEERMEM: return "device memory (nvidia-peermem)";
	case RP_GPU_MEM_HOST: return "pinned host memory";
	case RP_GPU_MEM_NONE: break;
	}
	return "none";
}

/* Export [@d, @d + @len) as a dma-buf, from its host page down. */
static int rp_gpu_export(const struct rp_gpu *g, CUdeviceptr d, size_t len,
			 int *fd, uint64_t *fd_off)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	CUdeviceptr base = d & ~(CUdeviceptr)(page - 1);
	size_t size = (len + (d - base) + page - 1) & ~(page - 1);
	char err[80];
	CUresult e;

	*fd = -1;
	/* flags 0: no CU_MEM_RANGE_FLAG_DMA_BUF_MAPPING_TYPE_PCIE, which
	 * only the NIC's Data Direct path wants */
	e = g->f.dmabuf_export(fd, base, size,
			       CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD, 0);
	if (e != CUDA_SUCCESS || *fd < 0) {
		*fd = -1;
		rp_err("cuMemGetHandleForAddressRange (dma-buf of %zu bytes "
		       "on GPU %d): %s",
		       size, g->index, rp_cu_err(g, e, err, sizeof(err)));
		return -EIO;
	}
	*fd_off = d - base;
	return 0;
}

int rp_gpu_alloc(const struct rp_gpu *g, size_t len, void **addr,
		 size_t *alloc_len, int *fd, uint64_t *fd_off)
{
	size_t n = (len + RP_GPU_PAGE - 1) & ~(size_t)(RP_GPU_PAGE - 1);
	CUdeviceptr d = 0;
	char err[80];
	CUresult e;

	*fd = -1;
	*fd_off = 0;
	*alloc_len = n;
	if (rp_gpu_current(g))
		return -EIO;
	if (g->mem == RP_GPU_MEM_HOST) {
		e = g->f.host_alloc(addr, n, CU_MEMHOSTALLOC_PORTABLE);
		if (e == CUDA_SUCCESS)
			memset(*addr, 0, n);
	} else {
		e = g->f.mem_alloc(&d, n);
		if (e == CUDA_SUCCESS)
			e = g->f.memset_d8(d, 0, n);
		*addr = (void *)(uintptr_t)d;
	}
	if (e != CUDA_SUCCESS) {
		rp_err("%s of %zu bytes on GPU %d: %s",
		       g->mem == RP_GPU_MEM_HOST ? "cuMemHostAlloc" :
						   "cuMemAlloc",
		       n, g->index, rp_cu_err(g, e, err, sizeof(err)));
		if (d)
			g->f.mem_free(d);
		return -ENOMEM;
	}
	if (g->mem == RP_GPU_MEM_DMABUF && rp_gpu_export(g, d, n, fd, fd_off)) {
		g->f.mem_free(d);
		return -EIO;
	}
	return 0;
}

void rp_gpu_free(const struct rp_gpu *g, void *addr, int fd)
{
	if (fd >= 0)
		close(fd);
	if (!addr || rp_gpu_current(g))
		return;
	if (g->mem == RP_GPU_MEM_HOST)
		g->f.host_free(addr);
	else
		g->f.mem_free((CUdeviceptr)(uintptr_t)addr);
}

int rp_gpu_copy(const struct rp_gpu *g, void *buf, void *host, size_t len,
		bool to_gpu)
{
	CUdeviceptr d = (CUdeviceptr)(uintptr_t)buf;
	char err[80];
	CUresult e;

	if (g->mem == RP_GPU_MEM_HOST) {
		memcpy(to_gpu ? buf : host, to_gpu ? host : buf, len);
		return 0;
	}
	if (rp_gpu_current(g))
		return -EIO;
	e = to_gpu ? g->f.copy_htod(d, host, len) :
		     g->f.copy_dtoh(host, d, len);
	if (e == CUDA_SUCCESS)
		return 0;
	rp_err("%s of %zu bytes on GPU %d: %s",
	       to_gpu ? "cuMemcpyHtoD" : "cuMemcpyDtoH", len, g->index,
	       rp_cu_err(g, e, err, sizeof(err)));
	return -EIO;
}
