// SPDX-License-Identifier: MIT
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/rp_log.h"

/* Serializes multi-call output from rail threads and the reporter. */
static pthread_mutex_t rp_out_lock = PTHREAD_MUTEX_INITIALIZER;
/* The first error writing stdout (errno), for rp_out_close; under the lock */
static int rp_out_errno;

int rp_fprintf(FILE *f, const char *fmt, ...)
{
	int saved = errno;
	va_list ap;
	int ret;

	if (!f)
		return 0;
	pthread_mutex_lock(&rp_out_lock);
	va_start(ap, fmt);
	errno = 0;
	ret = vfprintf(f, fmt, ap);
	va_end(ap);
	if ((fflush(f) || ret < 0) && f == stdout && !rp_out_errno)
		rp_out_errno = errno ? errno : EIO;
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

int rp_out_close(int status)
{
	int err, bad;

	errno = 0;
	bad = fflush(stdout) != 0;
	err = errno;
	bad |= ferror(stdout) != 0;
	errno = 0;
	if (fclose(stdout)) {
		bad = 1;
		err = err ? err : errno;
	}
	pthread_mutex_lock(&rp_out_lock);
	err = rp_out_errno ? rp_out_errno : err;
	pthread_mutex_unlock(&rp_out_lock);
	if (bad || rp_out_errno) {
		rp_err("writing standard output: %s",
		       strerror(err ? err : EIO));
		status = status ? status : 1;
	}
	if (fflush(stderr) || ferror(stderr) || fclose(stderr))
		status = status ? status : 1;
	return status;
}
