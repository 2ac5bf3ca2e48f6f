/* Description: the GPU memory layer (common/verbs/rp_cuda.c, rp_mem.c's
 * RP_BUF_GPU, rp_bufpat.c) against the CUDA test double
 * (tests/cudafake, dlopen'd as libcuda.so.1: the program re-executes
 * itself with LD_LIBRARY_PATH on its directory). The choice of memory from
 * the attributes (integrated -> pinned host, discrete -> dma-buf or
 * peermem, the two refusals as exact lines); the double's "H100" and
 * "GB10" opened by ordinal and by PCI address (a wrong address names the
 * host's GPUs; an ordinal past the count, a missing entry point, a
 * failing cuInit or cuMemAlloc are one exact line each); buffers: pinned
 * host memory filled and checked in place, device memory through
 * cuMemcpyHtoD / cuMemcpyDtoH (the double counts the calls), a corrupted
 * byte found at its offset, the dma-buf a memfd; --use_cuda's options. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "capture.h"
#include "hosts.h"
#include "verbs/rp_bufpat.h"
#include "verbs/rp_cuda.h"
#include "verbs/rp_mem.h"

static char err[1024];

static unsigned long calls(const char *name)
{
	unsigned long (*f)(const char *);
	void *h = dlopen(RP_CUDA_LIB, RTLD_NOW | RTLD_NOLOAD);

	assert_non_null(h);
	*(void **)&f = dlsym(h, "cudafake_calls");
	assert_non_null(f);
	dlclose(h);
	return f(name);
}

static const char *prog; /* argv[0], for the fixtures */

/* rp_gpu_open under the double's @model, stderr captured into err. */
static int open_gpu(struct rp_gpu *g, const char *model, int index,
		    const char *bus, bool dmabuf)
{
	struct rp_gpu_req q = { .index = index,
				.bus_id = bus,
				.dmabuf = dmabuf };
	struct capture c;
	int ret;

	setenv("RP_CUDAFAKE", model, 1);
	capture_begin(&c);
	ret = rp_gpu_open(g, &q);
	capture_end(&c, err, sizeof(err));
	return ret;
}

static void test_choose(void **state)
{
	static const struct {
		struct rp_gpu_attrs at;
		bool dmabuf;
		int ret;
		enum rp_gpu_mem mem;
		const char *why;
	} c[] = {
		{ { 1, 0, 0 },
		  false,
		  0,
		  RP_GPU_MEM_HOST,
		  "integrated GPU: pinned host memory" },
		{ { 1, 0, 0 },
		  true,
		  -ENOTSUP,
		  RP_GPU_MEM_NONE,
		  "--use_cuda_dmabuf: GPU 0 (000f:01:00.0) is integrated "
		  "(CU_DEVICE_ATTRIBUTE_INTEGRATED 1): it has no dma-buf and no "
		  "GPUDirect RDMA; --use_cuda alone uses its pinned host "
		  "memory" },
		{ { 0, 1, 1 },
		  true,
		  0,
		  RP_GPU_MEM_DMABUF,
		  "discrete GPU, --use_cuda_dmabuf: device memory through a "
		  "dma-buf" },
		{ { 0, 1, 1 },
		  false,
		  0,
		  RP_GPU_MEM_PEERMEM,
		  "discrete GPU: device memory registered with ibv_reg_mr "
		  "(needs nvidia-peermem; --use_cuda_dmabuf for a dma-buf)" },
		{ { 0, 0, 1 },
		  true,
		  -ENOTSUP,
		  RP_GPU_MEM_NONE,
		  "--use_cuda_dmabuf: GPU 0 (000f:01:00.0) does not export "
		  "dma-bufs (CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED 0)" },
	};
	struct rp_gpu g;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		memset(&g, 0, sizeof(g));
		strcpy(g.pci, "000f:01:00.0");
		g.at = c[i].at;
		assert_int_equal(rp_gpu_choose(&g, c[i].dmabuf), c[i].ret);
		assert_int_equal(g.mem, c[i].mem);
		assert_string_equal(g.why, c[i].why);
	}
}

static void test_open_h100(void **state)
{
	struct rp_gpu g;

	(void)state;
	assert_int_equal(open_gpu(&g, "H100", 1, NULL, true), 0);
	assert_string_equal(err, "");
	assert_int_equal(g.index, 1);
	assert_string_equal(g.pci, "0000:3b:00.0");
	assert_string_equal(g.name, "NVIDIA H100 80GB HBM3");
	assert_int_equal(g.at.integrated, 0);
	assert_int_equal(g.at.dmabuf, 1);
	assert_int_equal(g.at.gdr, 1);
	assert_int_equal(g.mem, RP_GPU_MEM_DMABUF);
	assert_int_equal(g.driver_version, 12080);
	assert_non_null(g.ctx);
	rp_gpu_close(&g);
	assert_null(g.lib);
}

static void test_bus_id(void **state)
{
	struct rp_gpu g;

	(void)state;
	assert_int_equal(open_gpu(&g, "H100", -1, "0000:3b:00.0", false), 0);
	assert_int_equal(g.index, 1);
	assert_int_equal(g.mem, RP_GPU_MEM_PEERMEM);
	rp_gpu_close(&g);
	assert_int_equal(open_gpu(&g, "H100", -1, "0000:3c:00.0", false),
			 -ENODEV);
	assert_string_equal(
		err, "test_cuda: invalid --use_cuda_bus_id value "
		     "'0000:3c:00.0': no GPU at that PCI address (CUDA error "
		     "101 (CUDA_ERROR_INVALID_DEVICE)); this host's GPUs: "
		     "0000:19:00.0, 0000:3b:00.0\n");
	assert_null(g.lib);
	assert_int_equal(open_gpu(&g, "GB10", -1, "000f:01:00.0", false), 0);
	assert_int_equal(g.index, 0);
	rp_gpu_close(&g);
}

static void test_open_gb10(void **state)
{
	struct rp_gpu g;

	(void)state;
	assert_int_equal(open_gpu(&g, "GB10", 0, NULL, false), 0);
	assert_string_equal(g.pci, "000f:01:00.0");
	assert_int_equal(g.at.integrated, 1);
	assert_int_equal(g.at.dmabuf, 0);
	assert_int_equal(g.at.gdr, 0);
	assert_int_equal(g.mem, RP_GPU_MEM_HOST);
	assert_string_equal(g.why, "integrated GPU: pinned host memory");
	rp_gpu_close(&g);
	assert_int_equal(open_gpu(&g, "GB10", 0, NULL, true), -ENOTSUP);
	assert_string_equal(
		err, "test_cuda: --use_cuda_dmabuf: GPU 0 (000f:01:00.0) is "
		     "integrated (CU_DEVICE_ATTRIBUTE_INTEGRATED 1): it has no "
		     "dma-buf and no GPUDirect RDMA; --use_cuda alone uses its "
		     "pinned host memory\n");
}

static void test_open_errors(void **state)
{
	struct rp_gpu g;

	(void)state;
	assert_int_equal(open_gpu(&g, "H100", 2, NULL, false), -ENODEV);
	assert_string_equal(err, "test_cuda: invalid --use_cuda value '2': "
				 "this host has 2 GPUs, valid indexes are "
				 "0 .. 1\n");
	setenv("RP_CUDAFAKE_NOSYM", "cuDevicePrimaryCtxRetain", 1);
	assert_int_equal(open_gpu(&g, "H100", 0, NULL, false), -ENOSYS);
	unsetenv("RP_CUDAFAKE_NOSYM");
	assert_string_equal(err, "test_cuda: libcuda.so.1: no entry point "
				 "cuDevicePrimaryCtxRetain at CUDA version "
				 "7000 (error 500): the driver is too old\n");
	setenv("RP_CUDAFAKE_FAIL", "cuInit", 1);
	assert_int_equal(open_gpu(&g, "H100", 0, NULL, false), -EIO);
	unsetenv("RP_CUDAFAKE_FAIL");
	assert_string_equal(err, "test_cuda: --use_cuda: cuInit: CUDA error "
				 "100 (CUDA_ERROR_NO_DEVICE)\n");
	assert_null(g.lib);
}

/* Pinned host memory: the pattern in place, no cuMemcpy. */
static void test_buf_pinned(void **state)
{
	unsigned long h2d, d2h;
	struct rp_verdict v;
	struct rp_buf b;
	struct rp_gpu g;
	char d[256];

	(void)state;
	assert_int_equal(open_gpu(&g, "GB10", 0, NULL, false), 0);
	assert_int_equal(rp_buf_alloc_gpu(&b, 8192, &g), 0);
	assert_int_equal(b.kind, RP_BUF_GPU);
	assert_int_equal(b.dmabuf_fd, -1);
	assert_true(rp_buf_host(&b));
	h2d = calls("cuMemcpyHtoD");
	d2h = calls("cuMemcpyDtoH");
	assert_int_equal(rp_bufpat_fill(&b, 4096, 1000, 1), 0);
	assert_int_equal(rp_bufpat_check(&b, 4096, 1000, 4096, 1, &v), 0);
	assert_int_equal(v.ok, 1);
	assert_int_equal(calls("cuMemcpyHtoD"), h2d);
	assert_int_equal(calls("cuMemcpyDtoH"), d2h);
	assert_string_equal(
		rp_buf_describe(&b, true, d, sizeof(d)),
		"pinned host memory of GPU 0 (NVIDIA GB10, "
		"000f:01:00.0): integrated GPU: pinned host memory");
	rp_buf_free(&b);
	assert_int_equal(calls("cuMemFreeHost") > 0, 1);
	rp_gpu_close(&g);
}

/* Device memory: the pattern through cuMemcpy; a bad byte is found. */
static void test_buf_device(void **state)
{
	unsigned long h2d, d2h;
	struct rp_verdict v;
	char path[64], link[PATH_MAX];
	struct rp_buf b;
	struct rp_gpu g;
	ssize_t n;

	(void)state;
	assert_int_equal(open_gpu(&g, "H100", 0, NULL, true), 0);
	assert_int_equal(rp_buf_alloc_gpu(&b, 8192, &g), 0);
	assert_false(rp_buf_host(&b));
	assert_true(b.dmabuf_fd >= 0);
	assert_int_equal(b.dmabuf_off, 0);
	snprintf(path, sizeof(path), "/proc/self/fd/%d", b.dmabuf_fd);
	n = readlink(path, link, sizeof(link) - 1);
	assert_true(n > 0);
	link[n] = '\0';
	assert_non_null(strstr(link, "memfd:cudafake-dmabuf"));
	h2d = calls("cuMemcpyHtoD");
	d2h = calls("cuMemcpyDtoH");
	assert_int_equal(rp_bufpat_fill(&b, 4096, 1000, 1), 0);
	assert_int_equal(calls("cuMemcpyHtoD"), h2d + 1);
	assert_int_equal(rp_bufpat_check(&b, 4096, 1000, 4096, 1, &v), 0);
	assert_int_equal(calls("cuMemcpyDtoH"), d2h + 1);
	assert_int_equal(v.ok, 1);
	((unsigned char *)b.addr)[4096 + 777] ^= 0xff; /* the double's memory */
	assert_int_equal(rp_bufpat_check(&b, 4096, 1000, 4096, 1, &v), -EILSEQ);
	assert_int_equal(v.ok, 0);
	assert_int_equal(v.offset, 777);
	assert_int_equal(rp_buf_copy(&b, 8000, link, 200, false), -EINVAL);
	rp_buf_free(&b);
	assert_int_equal(b.dmabuf_fd, -1);
	rp_gpu_close(&g);
}

static void test_buf_alloc_fails(void **state)
{
	struct capture c;
	struct rp_buf b;
	struct rp_gpu g;
	int ret;

	(void)state;
	assert_int_equal(open_gpu(&g, "H100", 1, NULL, false), 0);
	setenv("RP_CUDAFAKE_FAIL", "cuMemAlloc", 1);
	capture_begin(&c);
	ret = rp_buf_alloc_gpu(&b, 100, &g);
	capture_end(&c, err, sizeof(err));
	unsetenv("RP_CUDAFAKE_FAIL");
	assert_int_equal(ret, -ENOMEM);
	assert_string_equal(err, "test_cuda: cuMemAlloc of 65536 bytes on GPU "
				 "1: CUDA error 2 "
				 "(CUDA_ERROR_OUT_OF_MEMORY)\n");
	rp_gpu_close(&g);
}

/* --use_cuda_near on the DGX H100 fixture: eight H100s, one behind each
 * ConnectX-7's switch (the double's GPUs at the fixture's buses). */
static void test_near(void **state)
{
	char hosts[PATH_MAX], root[PATH_MAX + 16];
	struct capture c;
	struct rp_gpu g;
	int ret;

	(void)state;
	hosts_find(prog, hosts);
	snprintf(root, sizeof(root), "%s/dgxh100", hosts);
	setenv("RP_CUDAFAKE", "H100", 1);
	setenv("RP_CUDAFAKE_COUNT", "8", 1);
	setenv("RP_CUDAFAKE_BUSES", "1a,2a,3a,4a,5a,6a,7a,8a", 1);
	assert_int_equal(rp_gpu_open_near(&g, root, "mlx5_3", true), 0);
	assert_int_equal(g.index, 3);
	assert_string_equal(g.pci, "0000:4a:00.0");
	assert_int_equal(g.mem, RP_GPU_MEM_DMABUF);
	assert_non_null(strstr(g.why, "; nearest to mlx5_3: same PCIe switch"));
	rp_gpu_close(&g);
	/* Soft-RoCE: no PCI function, no GPU near it */
	snprintf(root, sizeof(root), "%s/softroce", hosts);
	capture_begin(&c);
	ret = rp_gpu_open_near(&g, root, "rxe0", false);
	capture_end(&c, err, sizeof(err));
	assert_int_equal(ret, -ENODEV);
	assert_string_equal(err,
			    "test_cuda: --use_cuda_near: no NVIDIA GPU "
			    "near rxe0 (none in sysfs): give "
			    "--use_cuda=<gpu> or --use_cuda_bus_id=<pci>\n");
	assert_null(g.lib);
	unsetenv("RP_CUDAFAKE_BUSES");
	unsetenv("RP_CUDAFAKE_COUNT");
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_near),
		cmocka_unit_test(test_choose),
		cmocka_unit_test(test_open_h100),
		cmocka_unit_test(test_bus_id),
		cmocka_unit_test(test_open_gb10),
		cmocka_unit_test(test_open_errors),
		cmocka_unit_test(test_buf_pinned),
		cmocka_unit_test(test_buf_device),
		cmocka_unit_test(test_buf_alloc_fails),
	};
	char self[PATH_MAX], dir[PATH_MAX + 16], *slash;
	const char *lp = getenv("LD_LIBRARY_PATH");
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	(void)argc;
	prog = argv[0];
	/* the loader reads LD_LIBRARY_PATH at start: set it, run again */
	if (n > 0 && (!lp || !strstr(lp, "/cudafake"))) {
		self[n] = '\0';
		slash = strrchr(self, '/');
		if (slash)
			*slash = '\0';
		snprintf(dir, sizeof(dir), "%s/cudafake", self);
		setenv("LD_LIBRARY_PATH", dir, 1);
		execv("/proc/self/exe", argv);
	}
	unsetenv("RP_CUDAFAKE_FAIL");
	unsetenv("RP_CUDAFAKE_NOSYM");
	unsetenv("RP_CUDAFAKE_COUNT");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
