/* SPDX-License-Identifier: MIT */
/*
 * rp_memcheck.h - will the test buffers fit? Before any buffer is
 * allocated, their total is compared with what the host can give:
 * MemAvailable (/proc/meminfo), the free hugepages of the size
 * libhugetlbfs uses (sysfs), and RLIMIT_MEMLOCK, which ibv_reg_mr's
 * pinning is charged to unless the process holds CAP_IPC_LOCK (the
 * kernel's ib_umem_get lets CAP_IPC_LOCK pin past the limit; root has
 * it). The judgement is a pure function of the numbers (rp_memcheck_judge);
 * the readers take roots so tests point them at fixture files.
 */
#ifndef RP_MEMCHECK_H
#define RP_MEMCHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RP_MEM_UNKNOWN UINT64_MAX /* not known: not checked */
#define RP_MEM_NO_LIMIT UINT64_MAX

/* The buffers asked for and what the host has; bytes throughout. */
struct rp_memcheck {
	/* asked for: @rails buffers of @qps x @slice bytes each */
	unsigned int rails;
	unsigned int qps;   /* per rail */
	uint64_t slice;	    /* per QP, base-page rounded; 2 x -s with two
			     * halves (-b, rail_write_lat, rail_cluster_bw) */
	bool halves;	    /* @slice holds two messages (for the line) */
	bool want_huge;	    /* hugepages asked for (--use_hugepages) */
	uint64_t huge_size; /* bytes per hugepage; 0 = none (no hugetlbfs) */
	/* the host */
	uint64_t mem_available; /* MemAvailable, RP_MEM_UNKNOWN */
	uint64_t huge_free;	/* free unreserved hugepages, bytes */
	uint64_t memlock;	/* RLIMIT_MEMLOCK soft limit, RP_MEM_NO_LIMIT */
	bool ipc_lock;		/* CAP_IPC_LOCK effective: no memlock limit */
};

/*
 * rp_memcheck_judge - 0 when @m's buffers fit, else -ENOMEM with one line
 * in @why (no newline) naming the bytes needed, the bytes available, the
 * limit and the flag to change. Rules: every byte is pinned by ibv_reg_mr,
 * so rails x qps x slice must fit RLIMIT_MEMLOCK (unless RP_MEM_NO_LIMIT or
 * ipc_lock). With want_huge, as many whole rail buffers as the free
 * hugepages hold (each rounded up to huge_size, as libhugetlbfs maps them)
 * come from hugepages; rp_buf_alloc gives the others base pages, which
 * must fit MemAvailable. Overflowing products count as too much.
 */
int rp_memcheck_judge(const struct rp_memcheck *m, char *why, size_t len);

/*
 * rp_memcheck_meminfo - MemAvailable in bytes from @path (/proc/meminfo:
 * "MemAvailable:   123 kB"). Returns 0, -errno, or -ENODATA without the
 * line (kernels before 3.14).
 */
int rp_memcheck_meminfo(const char *path, uint64_t *bytes);

/*
 * rp_memcheck_huge_free - bytes of free, unreserved hugepages of
 * @huge_size bytes under sysfs root @sys: free_hugepages minus
 * resv_hugepages of kernel/mm/hugepages/hugepages-<KiB>kB. Returns 0 or
 * -errno (-ENOENT: no pool of that size).
 */
int rp_memcheck_huge_free(const char *sys, uint64_t huge_size, uint64_t *bytes);

/*
 * rp_memcheck_ipc_lock - whether the "CapEff:" mask of @status (a
 * /proc/<pid>/status file) holds CAP_IPC_LOCK (bit 14, capability.h).
 * Returns 1, 0, or -errno / -ENODATA.
 */
int rp_memcheck_ipc_lock(const char *status);

/*
 * rp_memcheck_host - fill @m's host fields from the live system: /proc
 * under @proc, sysfs under @sys (RP_SYSFS_ROOT), getrlimit. What cannot be
 * read is left unknown (RP_MEM_UNKNOWN: not checked), never an error.
 */
void rp_memcheck_host(struct rp_memcheck *m, const char *proc, const char *sys);

#endif /* RP_MEMCHECK_H */
