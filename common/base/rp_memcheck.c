// SPDX-License-Identifier: MIT
/* rp_memcheck.c - will the test buffers fit? (see rp_memcheck.h) */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "base/rp_memcheck.h"

#define RP_CAP_IPC_LOCK 14 /* linux/capability.h */

/* @a x @b, saturated at UINT64_MAX (more than any host has). */
static uint64_t rp_mul_sat(uint64_t a, uint64_t b)
{
	uint64_t r;

	return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}

/* "2 rails x 16 QPs x 131072 bytes (2 x -s)" */
static void rp_memcheck_what(const struct rp_memcheck *m, char *out, size_t len)
{
	snprintf(out, len, "%u rail%s x %u QP%s x %" PRIu64 " bytes%s",
		 m->rails, m->rails == 1 ? "" : "s", m->qps,
		 m->qps == 1 ? "" : "s", m->slice,
		 m->halves ? " (2 x -s)" : "");
}

/* How many whole rail buffers the free hugepages hold. */
static uint64_t rp_memcheck_huge_rails(const struct rp_memcheck *m,
				       uint64_t per_rail)
{
	uint64_t huge;

	if (!m->want_huge || !m->huge_size || m->huge_free == RP_MEM_UNKNOWN)
		return 0;
	if (per_rail > UINT64_MAX - m->huge_size)
		return 0;
	huge = (per_rail + m->huge_size - 1) / m->huge_size * m->huge_size;
	if (!huge)
		return 0;
	return m->huge_free / huge < m->rails ? m->huge_free / huge : m->rails;
}

/* The base-page part against MemAvailable; @k rails are in hugepages. */
static int rp_memcheck_avail(const struct rp_memcheck *m, uint64_t per_rail,
			     uint64_t k, const char *what, char *why,
			     size_t len)
{
	uint64_t base = rp_mul_sat(per_rail, m->rails - k);
	uint64_t total = rp_mul_sat(per_rail, m->rails);

	if (m->mem_available == RP_MEM_UNKNOWN || base <= m->mem_available)
		return 0;
	if (!m->want_huge || !m->huge_size) {
		snprintf(why, len,
			 "the buffers need %" PRIu64 " bytes (%s), "
			 "MemAvailable is %" PRIu64 " bytes: lower -s or -q",
			 total, what, m->mem_available);
		return -ENOMEM;
	}
	snprintf(why, len,
		 "the buffers need %" PRIu64 " bytes (%s); the free "
		 "hugepages (%" PRIu64 " bytes) hold %" PRIu64 " of %u "
		 "rail buffers, the other %" PRIu64 " bytes need base pages "
		 "and MemAvailable is %" PRIu64 " bytes: lower -s or -q, or "
		 "reserve hugepages (vm.nr_hugepages)",
		 total, what, m->huge_free == RP_MEM_UNKNOWN ? 0 : m->huge_free,
		 k, m->rails, base, m->mem_available);
	return -ENOMEM;
}

int rp_memcheck_judge(const struct rp_memcheck *m, char *why, size_t len)
{
	uint64_t per_rail = rp_mul_sat(m->slice, m->qps);
	uint64_t total = rp_mul_sat(per_rail, m->rails);
	char what[128];

	if (len)
		why[0] = '\0';
	rp_memcheck_what(m, what, sizeof(what));
	if (!m->ipc_lock && m->memlock != RP_MEM_NO_LIMIT &&
	    total > m->memlock) {
		snprintf(why, len,
			 "the buffers need %" PRIu64 " bytes of locked memory "
			 "(%s), RLIMIT_MEMLOCK allows %" PRIu64 " bytes: "
			 "raise it (ulimit -l) or lower -s or -q",
			 total, what, m->memlock);
		return -ENOMEM;
	}
	return rp_memcheck_avail(m, per_rail,
				 rp_memcheck_huge_rails(m, per_rail), what, why,
				 len);
}

/* The number after "@key" on its line of @path, in *@v. */
static int rp_memcheck_field(const char *path, const char *key, int base,
			     uint64_t *v)
{
	size_t klen = strlen(key);
	char line[256], *end;
	int ret = -ENODATA;
	FILE *f = fopen(path, "re");

	if (!f)
		return -errno;
	while (ret == -ENODATA && fgets(line, sizeof(line), f)) {
		if (strncmp(line, key, klen))
			continue;
		errno = 0;
		*v = strtoull(line + klen, &end, base);
		ret = errno || end == line + klen ? -EINVAL : 0;
	}
	fclose(f);
	return ret;
}

int rp_memcheck_meminfo(const char *path, uint64_t *bytes)
{
	uint64_t kib;
	int ret = rp_memcheck_field(path, "MemAvailable:", 10, &kib);

	if (!ret)
		*bytes = rp_mul_sat(kib, 1024);
	return ret;
}

int rp_memcheck_huge_free(const char *sys, uint64_t huge_size, uint64_t *bytes)
{
	char path[512];
	uint64_t nfree, resv = 0;
	int ret;

	if (!huge_size || huge_size % 1024)
		return -EINVAL;
	snprintf(path, sizeof(path),
		 "%s/kernel/mm/hugepages/hugepages-%" PRIu64
		 "kB/free_hugepages",
		 sys, huge_size / 1024);
	ret = rp_memcheck_field(path, "", 10, &nfree);
	if (ret)
		return ret;
	strcpy(strrchr(path, '/') + 1, "resv_hugepages");
	if (rp_memcheck_field(path, "", 10, &resv) || resv > nfree)
		resv = 0;
	*bytes = rp_mul_sat(nfree - resv, huge_size);
	return 0;
}

int rp_memcheck_ipc_lock(const char *status)
{
	uint64_t caps;
	int ret = rp_memcheck_field(status, "CapEff:", 16, &caps);

	return ret ? ret : !!(caps & (1ULL << RP_CAP_IPC_LOCK));
}

void rp_memcheck_host(struct rp_memcheck *m, const char *proc, const char *sys)
{
	char path[512];
	struct rlimit rl;

	snprintf(path, sizeof(path), "%s/meminfo", proc);
	if (rp_memcheck_meminfo(path, &m->mem_available))
		m->mem_available = RP_MEM_UNKNOWN;
	if (!m->huge_size ||
	    rp_memcheck_huge_free(sys, m->huge_size, &m->huge_free))
		m->huge_free = RP_MEM_UNKNOWN;
	m->memlock = RP_MEM_NO_LIMIT;
	if (!getrlimit(RLIMIT_MEMLOCK, &rl) && rl.rlim_cur != RLIM_INFINITY)
		m->memlock = (uint64_t)rl.rlim_cur;
	snprintf(path, sizeof(path), "%s/self/status", proc);
	m->ipc_lock = rp_memcheck_ipc_lock(path) == 1;
}
