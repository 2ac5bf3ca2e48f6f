/* SPDX-License-Identifier: MIT */
/*
 * rp_gpuloc.h - the NVIDIA GPU nearest to an RDMA device, from sysfs
 * alone (no NVML, no CUDA): every PCI function under DEVICES/pci* whose
 * vendor is 0x10de and whose class is a display controller (0x03xxxx),
 * ranked by how much of the PCIe tree it shares with the device's
 * function. The ranks follow the order NCCL's topology (and nvidia-smi
 * topo -m: PIX, PXB, PHB, NODE, SYS) gives the same paths: a common PCIe
 * switch is best, then a common root port, then a common host bridge,
 * then the same NUMA node.
 */
#ifndef RP_GPULOC_H
#define RP_GPULOC_H

#include <stddef.h>

/* How a GPU sits relative to the device, best first. */
enum rp_gpurel {
	RP_GPUREL_NONE = 0,    /* no GPU in sysfs */
	RP_GPUREL_SWITCH,      /* below one PCIe switch (PIX / PXB) */
	RP_GPUREL_ROOT_PORT,   /* below one root port, no switch shared */
	RP_GPUREL_HOST_BRIDGE, /* one host bridge (PHB) */
	RP_GPUREL_NUMA,	       /* other host bridges, one NUMA node (NODE) */
	RP_GPUREL_OTHER,       /* another NUMA node, or unknown (SYS) */
};

struct rp_gpunear {
	char pci[16];	    /* "0000:1a:00.0", "" none */
	enum rp_gpurel rel; /* RP_GPUREL_NONE: no GPU, or no PCI device */
	unsigned int ngpus; /* NVIDIA GPUs in sysfs */
};

/*
 * rp_gpuloc_near - the GPU nearest to @ibdev's PCI function (the target
 * of SYSROOT/class/infiniband/IBDEV/device), into @out; ties go to the
 * lowest PCI address. A device with no PCI function (Soft-RoCE) gets
 * ngpus counted and rel NONE. Symlinks under SYSROOT/devices are not
 * followed. Returns 0 (also when there is no GPU) or -errno.
 */
int rp_gpuloc_near(const char *sysroot, const char *ibdev,
		   struct rp_gpunear *out);

/* rp_gpurel_name - "same PCIe switch", "same root port", ... */
const char *rp_gpurel_name(enum rp_gpurel rel);

#endif /* RP_GPULOC_H */
