/* SPDX-License-Identifier: MIT */
/*
 * rp_cuda_api.h - the few CUDA driver API types, constants and entry
 * point signatures railperf uses, declared here so that nothing needs the
 * CUDA toolkit's cuda.h to build: libcuda.so.1 is opened at run time
 * (rp_cuda.c) and each entry point resolved with cuGetProcAddress at the
 * version given below. Names and values are the driver API's (CUDA Driver
 * API reference, "Data types used by CUDA driver": CUresult,
 * CUdevice_attribute, CUmemRangeHandle_type, cuMemHostAlloc's flags;
 * "Driver Entry Point Access": cuGetProcAddress). A header alone: the CUDA
 * test double (tests/cudafake) implements the same signatures.
 */
#ifndef RP_CUDA_API_H
#define RP_CUDA_API_H

#include <stddef.h>
#include <stdint.h>

typedef int CUresult;			    /* enum cudaError_enum */
typedef int CUdevice;			    /* an ordinal, 0 .. count - 1 */
typedef struct CUctx_st *CUcontext;	    /* opaque */
typedef unsigned long long CUdeviceptr;	    /* CUdeviceptr_v2 on 64-bit */
typedef int CUdevice_attribute;		    /* enum CUdevice_attribute_enum */
typedef int CUmemRangeHandleType;	    /* enum CUmemRangeHandleType_enum */
typedef int CUdriverProcAddressQueryResult; /* enum, CUDA 12.0 */

/* CUresult values */
#define CUDA_SUCCESS 0
#define CUDA_ERROR_INVALID_VALUE 1
#define CUDA_ERROR_OUT_OF_MEMORY 2
#define CUDA_ERROR_NOT_INITIALIZED 3
#define CUDA_ERROR_NO_DEVICE 100
#define CUDA_ERROR_INVALID_DEVICE 101
#define CUDA_ERROR_NOT_FOUND 500
#define CUDA_ERROR_NOT_SUPPORTED 801

/* CUdevice_attribute values */
#define CU_DEVICE_ATTRIBUTE_INTEGRATED 18 /* 1: shares host memory */
#define CU_DEVICE_ATTRIBUTE_PCI_BUS_ID 33
#define CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID 34
#define CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID 50
#define CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_SUPPORTED 116
#define CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED 124

/* cuMemGetHandleForAddressRange's handle type (CUDA 11.7) */
#define CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD 0x1
/* cuMemHostAlloc flags: CU_MEMHOSTALLOC_PORTABLE, every context */
#define CU_MEMHOSTALLOC_PORTABLE 0x01
/* cuGetProcAddress flags */
#define CU_GET_PROC_ADDRESS_DEFAULT 0

/*
 * The version each entry point is asked for (cudaVersion: 1000 * major +
 * 10 * minor): the version that introduced the signature used here, so
 * that cuMemAlloc at 3020 is cuMemAlloc_v2 (64-bit sizes), and
 * cuDevicePrimaryCtxRelease at 11000 is its _v2.
 */
#define RP_CU_VER_BASE 2000	 /* cuInit, cuDeviceGet*, cuMemFreeHost */
#define RP_CU_VER_HOSTALLOC 2020 /* cuMemHostAlloc, cuDriverGetVersion */
/* cuMemAlloc_v2, cuMemFree_v2, cuMemcpyHtoD_v2, cuMemcpyDtoH_v2,
 * cuMemsetD8_v2 */
#define RP_CU_VER_V2 3020
#define RP_CU_VER_CTX 4000	   /* cuCtxSetCurrent */
#define RP_CU_VER_BUSID 4010	   /* cuDeviceGetByPCIBusId */
#define RP_CU_VER_ERRSTR 6000	   /* cuGetErrorName */
#define RP_CU_VER_PRIMARY 7000	   /* cuDevicePrimaryCtxRetain */
#define RP_CU_VER_PRIMARY_V2 11000 /* cuDevicePrimaryCtxRelease_v2 */
#define RP_CU_VER_DMABUF 11070	   /* cuMemGetHandleForAddressRange */

/* cuGetProcAddress_v2 (CUDA 12.0, exported as "cuGetProcAddress_v2") and
 * the CUDA 11.3 one ("cuGetProcAddress"), without the last argument. */
typedef CUresult (*rp_cuGetProcAddress_v2_t)(
	const char *symbol, void **pfn, int cudaVersion, uint64_t flags,
	CUdriverProcAddressQueryResult *symbolStatus);
typedef CUresult (*rp_cuGetProcAddress_t)(const char *symbol, void **pfn,
					  int cudaVersion, uint64_t flags);

typedef CUresult (*rp_cuInit_t)(unsigned int flags);
typedef CUresult (*rp_cuDriverGetVersion_t)(int *version);
typedef CUresult (*rp_cuDeviceGetCount_t)(int *count);
typedef CUresult (*rp_cuDeviceGet_t)(CUdevice *dev, int ordinal);
typedef CUresult (*rp_cuDeviceGetName_t)(char *name, int len, CUdevice dev);
typedef CUresult (*rp_cuDeviceGetAttribute_t)(int *v, CUdevice_attribute a,
					      CUdevice dev);
typedef CUresult (*rp_cuDeviceGetByPCIBusId_t)(CUdevice *dev,
					       const char *busid);
typedef CUresult (*rp_cuDevicePrimaryCtxRetain_t)(CUcontext *ctx, CUdevice dev);
typedef CUresult (*rp_cuDevicePrimaryCtxRelease_t)(CUdevice dev);
typedef CUresult (*rp_cuCtxSetCurrent_t)(CUcontext ctx);
typedef CUresult (*rp_cuMemAlloc_t)(CUdeviceptr *dptr, size_t bytes);
typedef CUresult (*rp_cuMemFree_t)(CUdeviceptr dptr);
typedef CUresult (*rp_cuMemHostAlloc_t)(void **p, size_t bytes,
					unsigned int flags);
typedef CUresult (*rp_cuMemFreeHost_t)(void *p);
typedef CUresult (*rp_cuMemcpyHtoD_t)(CUdeviceptr dst, const void *src,
				      size_t bytes);
typedef CUresult (*rp_cuMemcpyDtoH_t)(void *dst, CUdeviceptr src, size_t bytes);
typedef CUresult (*rp_cuMemsetD8_t)(CUdeviceptr dst, unsigned char v, size_t n);
typedef CUresult (*rp_cuMemGetHandleForAddressRange_t)(
	void *handle, CUdeviceptr dptr, size_t size, CUmemRangeHandleType type,
	unsigned long long flags);
typedef CUresult (*rp_cuGetErrorName_t)(CUresult err, const char **name);

#endif /* RP_CUDA_API_H */
