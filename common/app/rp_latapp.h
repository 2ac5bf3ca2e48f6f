/* SPDX-License-Identifier: MIT */
/*
 * rp_latapp.h - the latency binaries (rail_read_lat, rail_write_lat,
 * rail_send_lat, rail_atomic_lat) from their plan to exit: the rail, the
 * session, the header, one row per size, the railperf lines, --out_json
 * and --validate, shared so that each binary is a main().
 *
 * READ (ib_read_lat): the client READs, the server is passive and prints
 * no results. WRITE and SEND (ib_write_lat, ib_send_lat): both sides run
 * the ping-pong and both print the table (the server posts first, as
 * perftest's); the reported latency is half the round trip (perftest's
 * rtt_factor 2).
 */
#ifndef RP_LATAPP_H
#define RP_LATAPP_H

#include "app/rp_opts.h"
#include "app/rp_plan.h"

/*
 * rp_latapp_run - run the latency test planned in @p (from options
 * parsed and checked; the device's inline default is added to it).
 * Prints the perftest block and railperf's lines to p->out (p->text),
 * diagnostics on stderr. Returns 0, -EILSEQ for a failed --validate, or
 * the -errno of the failure (already reported).
 */
int rp_latapp_run(struct rp_plan *p);

/*
 * rp_latapp_check - the checks of a latency binary before any device is
 * opened: -n at most the sample cap (every sample is kept); WRITE: no
 * --validate. One line and -EINVAL on a bad value, else 0.
 */
int rp_latapp_check(const struct rp_opts *o);

#endif /* RP_LATAPP_H */
