/* SPDX-License-Identifier: MIT */
/*
 * rp_log.h - railperf's two output paths.
 *
 * Results go through rp_fprintf() only: the perftest block, rows, --help
 * and rail_info to stdout, railperf's own " railperf:" lines to stderr,
 * after the block (docs/measuring.md, Output; unit tests pass a memory
 * stream); diagnostics go to stderr through rp_err()/rp_warn(), one line
 * each, prefixed with the program name. Both keep errno.
 */
#ifndef RP_LOG_H
#define RP_LOG_H

#include <stdio.h>

/*
 * rp_fprintf - the one function that prints result text: fprintf to @f
 * (stdout, stderr, or a test's memory stream), serialized against the other
 * threads (rail threads, the reporter) and flushed, so that a line is
 * whole and out before the call returns. Keeps errno. Returns what
 * vfprintf returns. @f NULL: nothing is printed and 0 returned (the text
 * of a mode that prints none, such as --output's number alone: the mode
 * is decided once, where the stream is chosen, not at each print).
 */
int rp_fprintf(FILE *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * rp_err - print "PROG: <message>\n" to stderr. The message must name the
 * failing verb or value; callers report each failure once, where it happens.
 * errno is kept, so a caller may print strerror(errno) through it and then
 * return -errno.
 */
void rp_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* rp_warn - print "PROG: warning: <message>\n" to stderr; keeps errno. */
void rp_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * rp_out_close - a binary's last call (gnulib's close_stdout, in spirit):
 * flush and close stdout, then stderr. Results that could not be written
 * (ENOSPC, EPIPE where SIGPIPE is ignored, EIO; the first error of any
 * rp_fprintf to stdout, else the flush's or the close's) give one line
 * "PROG: writing standard output: <strerror>" on stderr; an error on
 * stderr itself cannot be told. Returns the exit status: @status, or 1
 * when it was 0 and either stream failed. Nothing may use stdout after.
 */
int rp_out_close(int status);

#endif /* RP_LOG_H */
