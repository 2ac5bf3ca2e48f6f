/* SPDX-License-Identifier: MIT */
/*
 * rp_precheck.h - what a command line names outside railperf, checked
 * before any device is opened: the server host, the control port, the
 * local address of --bind_source_ip and the --out_json file. On a host
 * without the device (or without RDMA) these errors are named for what
 * they are, not reported as "no RDMA devices"; a bad JSON path fails at
 * the start of a long run, not at its end.
 */
#ifndef RP_PRECHECK_H
#define RP_PRECHECK_H

#include "app/rp_opts.h"

/*
 * rp_precheck - check @o's outside names: the client's server host
 * resolves; the server can bind the control port -p (on --bind_source_ip
 * if given, which must be an address of this host; a client's
 * --bind_source_ip likewise); the --out_json file, when this side writes
 * one, can be written (rp_precheck_file).
 * Prints one line naming the value and what is valid; returns 0 or
 * -errno. Opens no device.
 */
int rp_precheck(const struct rp_opts *o);

/*
 * rp_precheck_file - results file @path of option @flag ("--out_json_file",
 * "--csv") can be written at the end of the run (rp_atomic_probe: a file
 * can be made beside it and given its owner, or it is a device or FIFO
 * this process may write; nothing is created). Prints one line "invalid
 * FLAG value 'PATH': ..." and returns -errno when not; else 0.
 */
int rp_precheck_file(const char *flag, const char *path);

#endif /* RP_PRECHECK_H */
