/* SPDX-License-Identifier: MIT */
/*
 * rp_opts_perftest.h - perftest's flags that railperf knows but does not
 * implement (ib_write_bw and ib_read_lat 6.06 .. 6.29). rp_opts accepts
 * them in getopt's tables, so that "-S 3" is read as one flag with its
 * value, and then refuses each by name ("option -b (bidirectional) is not
 * supported by railperf") instead of calling it unknown. -c RC, perftest's
 * default connection type, is accepted.
 */
#ifndef RP_OPTS_PERFTEST_H
#define RP_OPTS_PERFTEST_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>

/* getopt_long values of the long-only entries: RP_OPT_UNSUP + index. */
#define RP_OPT_UNSUP 1024

/* rp_unsup_count - entries in the table. */
size_t rp_unsup_count(void);

/*
 * rp_unsup_long - fill @out[0 .. rp_unsup_count()) with the table's long
 * options (val: the short letter, or RP_OPT_UNSUP + index).
 */
void rp_unsup_long(struct option *out);

/*
 * rp_unsup_shorts - append the table's short letters to @buf (capacity
 * @len, NUL-terminated), each with ':' when it takes a value.
 */
void rp_unsup_shorts(char *buf, size_t len);

/* rp_unsup_is - true if getopt's value @c is one of the table's. */
bool rp_unsup_is(int c);

/*
 * rp_unsup_refuse - print the line refusing @c (with its value @arg, for
 * -c) and return -EINVAL; returns 0 for -c RC (accepted: the default).
 */
int rp_unsup_refuse(int c, const char *arg);

#endif /* RP_OPTS_PERFTEST_H */
