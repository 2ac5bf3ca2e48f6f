/* SPDX-License-Identifier: MIT */
/*
 * rp_aer.h - PCIe Advanced Error Reporting counts of an RDMA device's PCI
 * function and of every bridge above it up to the root port, from sysfs
 * (Documentation/ABI/testing/sysfs-bus-pci-devices-aer_stats, Linux
 * 4.19): each AER-capable device has aer_dev_fatal, aer_dev_nonfatal and
 * aer_dev_correctable, one "Name count" line per error bit (RxErr,
 * BadTLP, BadDLLP, ... ; DLP, MalfTLP, CmpltTO, ...) and a total
 * (TOTAL_ERR_FATAL, TOTAL_ERR_NONFATAL, TOTAL_ERR_COR). The counts are
 * since boot and "as seen by this device": a bad endpoint may leave its
 * own counters at 0 and its link partner (the port above it) counts, so
 * the whole path is read. A device without the files (no AER capability,
 * or a kernel without CONFIG_PCIEAER) is not known, not healthy.
 */
#ifndef RP_AER_H
#define RP_AER_H

#include <stdbool.h>
#include <stdint.h>

#define RP_AER_DEVS 8  /* devices on a path, the function first */
#define RP_AER_NAMES 4 /* nonzero error bits kept per kind */

enum rp_aer_kind {
	RP_AER_FATAL = 0,
	RP_AER_NONFATAL,
	RP_AER_CORRECTABLE,
	RP_AER_KINDS,
};

struct rp_aer_count {
	char name[24]; /* the error bit's name: "BadTLP" */
	uint64_t n;
};

/* One device's counts. */
struct rp_aer_dev {
	char addr[16];		  /* "0000:01:00.0" */
	bool root;		  /* the top bridge: the root port */
	bool known[RP_AER_KINDS]; /* its aer_dev_* file was read */
	uint64_t total[RP_AER_KINDS];
	unsigned int nnamed[RP_AER_KINDS]; /* bits with a count, kept */
	struct rp_aer_count named[RP_AER_KINDS][RP_AER_NAMES];
};

/* The path: dev[0] is the function, then each bridge above it. */
struct rp_aer {
	unsigned int n;
	bool known; /* some device on the path has AER counters */
	struct rp_aer_dev dev[RP_AER_DEVS];
};

/*
 * rp_aer_read - the counts of RDMA device @ibdev's PCI function
 * (class/infiniband/IBDEV/device under @sysroot) and of each directory
 * above it named like a PCI address. A device that is not a PCI function
 * (Soft-RoCE) leaves @a empty. Returns 0, or -ENOENT then.
 */
int rp_aer_read(const char *sysroot, const char *ibdev, struct rp_aer *a);

/*
 * rp_aer_parse - one aer_dev_* file's text, @text, into @d's @kind: the
 * TOTAL_ line's count (else the sum of the others) and the first
 * RP_AER_NAMES error bits with a count, in file order. Lines that are not
 * "Name count" are skipped. Returns 0, or -EINVAL when no line was.
 */
int rp_aer_parse(const char *text, enum rp_aer_kind kind, struct rp_aer_dev *d);

/* rp_aer_file - "aer_dev_fatal", "aer_dev_nonfatal", "aer_dev_correctable". */
const char *rp_aer_file(enum rp_aer_kind kind);

/* rp_aer_errors - the sum of every device's totals of every kind. */
uint64_t rp_aer_errors(const struct rp_aer *a);

#endif /* RP_AER_H */
