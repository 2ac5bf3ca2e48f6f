/* SPDX-License-Identifier: MIT */
/*
 * rp_prefault.h - memory a timed loop will write, mapped before the clock
 * starts. A page first written inside a timed loop costs a minor fault
 * (0.5-2 us on current x86 and arm64) inside one sample; perftest memsets
 * its sample arrays before the run (perftest_resources.c, alloc_ctx).
 */
#ifndef RP_PREFAULT_H
#define RP_PREFAULT_H

#include <stddef.h>

/*
 * rp_prefault - write a zero into every page of [@p, @p + @bytes) (the
 * first byte of the range and the first byte of each later page), so that
 * each page is mapped writable now. The range must not hold data yet.
 */
void rp_prefault(void *p, size_t bytes);

/* rp_malloc_prefaulted - malloc(@bytes) with every page already faulted
 * in (rp_prefault); NULL when malloc fails. Free with free(). */
void *rp_malloc_prefaulted(size_t bytes);

#endif /* RP_PREFAULT_H */
