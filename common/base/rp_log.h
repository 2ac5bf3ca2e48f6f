/* SPDX-License-Identifier: MIT */
/*
 * rp_log.h - railperf's two output paths.
 *
 * Results (the perftest block, rows, railperf extras) go to stdout through
 * rp_printf(); diagnostics go to stderr through rp_err()/rp_warn(), one line
 * each, prefixed with the program name.
 */
#ifndef RP_LOG_H
#define RP_LOG_H

#include <stdio.h>

/*
 * rp_printf - printf to stdout, serialized against other threads, flushed.
 * Returns what vfprintf returns.
 */
int rp_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * rp_err - print "PROG: <message>\n" to stderr. The message must name the
 * failing verb or value; callers report each failure once, where it happens.
 */
void rp_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* rp_warn - print "PROG: warning: <message>\n" to stderr. */
void rp_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif /* RP_LOG_H */
