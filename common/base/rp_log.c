// SPDX-License-Identifier: MIT
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

#include "base/rp_log.h"

/* Serializes multi-call output from rail threads and the reporter. */
static pthread_mutex_t rp_out_lock = PTHREAD_MUTEX_INITIALIZER;

int rp_fprintf(FILE *f, const char *fmt, ...)
{
	int saved = errno;
	va_list ap;
	int ret;

	if (!f)
		return 0;
	pthread_mutex_lock(&rp_out_lock);
	va_start(ap, fmt);
	ret = vfprintf(f, fmt, ap);
	va_end(ap);
	fflush(f);
	pthread_mutex_unlock(&rp_out_lock);
	errno = saved;
	return ret;
}

__attribute__((format(printf, 2, 0))) static void
rp_vdiag(const char *tag, const char *fmt, va_list ap)
{
	int saved = errno; /* callers print strerror(errno), then use it */
	char line[1024];

	vsnprintf(line, sizeof(line), fmt, ap);
	/* One fprintf so that concurrent lines do not interleave. */
	fprintf(stderr, "%s: %s%s\n", program_invocation_short_name, tag, line);
	errno = saved;
}

void rp_err(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	rp_vdiag("", fmt, ap);
	va_end(ap);
}

void rp_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	rp_vdiag("warning: ", fmt, ap);
	va_end(ap);
}
