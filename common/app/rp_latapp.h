/* SPDX-License-Identifier: MIT */
/*
 * rp_latapp.h - the latency binaries (rail_read_lat, rail_write_lat,
 * rail_send_lat) from options to exit: the rail, the session, the header,
 * one row per size, the railperf lines, --out_json and --validate, shared
 * so that each binary is a main().
 *
 * READ (ib_read_lat): the client READs, the server is passive and prints
 * no results. WRITE (ib_write_lat): both sides run the ping-pong and both
 * print the table (the server posts first, as perftest's); the reported
 * latency is half the round trip (perftest's rtt_factor 2).
 */
#ifndef RP_LATAPP_H
#define RP_LATAPP_H

#include "app/rp_opts.h"
#include "engine/rp_lat.h"
#include "verbs/rp_devkind.h"
#include "verbs/rp_rail.h"

/*
 * rp_latapp_run - run the latency test of o->desc (READ for rail_read_lat,
 * WRITE for rail_write_lat) with the options @o (parsed and checked).
 * Prints the perftest block and railperf's lines on stdout, diagnostics on
 * stderr. Returns 0, -EILSEQ for a failed --validate, or the -errno of the
 * failure (already reported).
 */
int rp_latapp_run(const struct rp_opts *o);

/*
 * rp_latapp_rail_cfg - the rail of a latency run of @o into @c: one QP; a
 * ping-pong's slice holds two halves (what this side sends, what the peer
 * writes) and rail_write_lat registers it without relaxed ordering (the
 * peer polls its last byte; ib_write_lat's disable_pcir), rail_send_lat
 * with it, as ib_send_lat (the receive CQE orders the data); READ: the
 * client's slice filled for --validate.
 */
void rp_latapp_rail_cfg(const struct rp_opts *o, struct rp_rail_cfg *c);

/*
 * rp_latapp_inline - the inline size, bytes, of a latency run of @o on a
 * device of @kind, as perftest decides it (perftest_parameters.c
 * ctx_set_max_inline): READ keeps @o's; on a device perftest does not
 * know (@unknown) 0, -I or not; else -I as given; with GPU memory
 * (--use_cuda*) 0 (perftest HEAD: no inline with device memory); else the
 * device's ib_write_lat / ib_send_lat default (rp_devkind.h).
 */
int rp_latapp_inline(const struct rp_opts *o, bool unknown,
		     const struct rp_devkind *kind);

/*
 * rp_latapp_check - the checks of a latency binary before any device is
 * opened: -n at most the sample cap (every sample is kept); WRITE: no
 * --validate. One line and -EINVAL on a bad value, else 0.
 */
int rp_latapp_check(const struct rp_opts *o);

#endif /* RP_LATAPP_H */
