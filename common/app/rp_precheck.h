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
 * one, can be opened for writing (it is created now, empty if new).
 * Prints one line naming the value and what is valid; returns 0 or
 * -errno. Opens no device.
 */
int rp_precheck(const struct rp_opts *o);

#endif /* RP_PRECHECK_H */
