/* SPDX-License-Identifier: MIT */
/*
 * rp_bwapp.h - the bandwidth binaries (rail_write_bw, rail_read_bw,
 * rail_multi_bw) from options to exit, over 1..N rails: the rails, the
 * session, the timed phase of each size; what is printed is its
 * reporter's (rp_bwreport.h). rail_write_bw and rail_read_bw are the
 * one-rail case, run on the calling thread as ib_write_bw runs;
 * rail_multi_bw takes a rail list (RP_FEAT_MULTI) and runs a pinned
 * thread per rail. The verb is the engine's and the rails' parameter,
 * not another flow.
 *
 * The order of the control messages is the run skeleton's (rp_run.h):
 * this app hands it its parts; which role each side plays is the plan's
 * (rp_roles.h: the client posts and sends its RESULT; the side the data
 * reaches, WRITE's server or READ's client, checks --validate; with -b
 * both do both).
 */
#ifndef RP_BWAPP_H
#define RP_BWAPP_H

#include <stdint.h>

#include "app/rp_bwrun.h"
#include "app/rp_opts.h"
#include "app/rp_plan.h"

/*
 * rp_bwapp_run - run the bandwidth test planned in @p (from options
 * parsed and checked; its rails' GPUs are opened into it). Prints the
 * perftest block to p->out (p->text), railperf's lines to p->extra
 * (stderr, after the block; events as they happen), diagnostics on
 * stderr. Returns 0, -EILSEQ for a failed --validate, -ERANGE for a
 * missed -w / -y / --expect, or the -errno of the failure (already
 * reported).
 */
int rp_bwapp_run(struct rp_plan *p);

/*
 * rp_bwapp_check - a rail-list binary's check before any device is
 * opened: the -d / -x rail lists parse. One line and -EINVAL on a bad
 * list, else 0.
 */
int rp_bwapp_check(const struct rp_opts *o);

/*
 * rp_bwapp_size - the timed phase of one @size-byte size on every rail of
 * @a (its session open: rails, peers' addresses, roles): a rail list runs
 * a thread per rail while the calling thread watches (device and netdev
 * events, heartbeats, --interval rows, -b's COUNTS); one rail runs on the
 * calling thread. Fills a->rail_res[] and a->agg. Returns 0 or the
 * -errno of the failure (reported; the peer is not told: the run
 * skeleton's size part does that). The skeleton calls it for each size;
 * tests/unit/test_bwwatch.c calls it over fake rails.
 */
int rp_bwapp_size(struct rp_bwrun *a, uint64_t size);

#endif /* RP_BWAPP_H */
