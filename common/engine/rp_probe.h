/* SPDX-License-Identifier: MIT */
/*
 * rp_probe.h - the latency probe of rail_multi_bw --lat_probe, on one
 * rail's probe QP (verbs/rp_probeqp.h: its own QP, CQ and page, never the
 * bandwidth QPs' CQ, whose completions CQ moderation holds back); the app
 * runs it before the load (idle) and while the rail's bandwidth QPs run
 * (loaded), each phase on a thread of its own (rp_probeset.h).
 *
 * READ (the default): an RDMA READ of cfg->size bytes of the peer's probe
 * page into this side's; the peer's CPU takes no part. WRITE: a ping-pong
 * of RDMA WRITE with immediate: cfg->size bytes from the lower half of
 * the page into the peer's upper half, the immediate the probe's number;
 * the peer answers each at once with the same (rp_probe_echo). An RDMA
 * WRITE leaves no completion at its target; with the immediate each
 * side's arrival is a receive completion on its probe CQ, so neither
 * side spins on memory for the whole run.
 *
 * Timing: a sample is the time from the clock read just before the
 * probe's post to the clock read just after its end was polled (READ: its
 * completion; WRITE: the answer's receive completion): post, round trip
 * and poll, the span of rp_lat's samples, on the same clock
 * (CLOCK_MONOTONIC, rp_now_ns). A WRITE sample is a round trip, reported
 * halved as rail_write_lat's; it holds the peer's wake-up.
 *
 * Pacing: an open loop, as ping's: slot k of a phase is its start + k /
 * cfg->rate, and each slot posts a probe whether or not the earlier ones
 * ended, so a slow probe delays no other and the samples do not thin out
 * when the latency grows. Up to RP_PROBEQP_DEPTH are in flight (READ:
 * at most the QP's READs in flight, so that none waits behind the
 * probe's own); a slot without room is missed (counted), never made up by
 * a burst. The probe so moves at most cfg->rate x cfg->size bytes a
 * second (WRITE: twice, there and back).
 *
 * Waiting: after a post the thread busy-polls its CQ for cfg->spin_ns,
 * then arms the CQ and sleeps on its completion channel until a
 * completion or its next slot (at most 100 ms, to see a stop); a probe
 * costs CPU only while it spins.
 */
#ifndef RP_PROBE_H
#define RP_PROBE_H

#include <stdint.h>

#include "engine/rp_probestats.h"
#include "verbs/rp_rail.h"

#define RP_PROBE_FLAGS 3

/* When a phase ends: at @until_ns (checked between probes), when one of
 * *@flag[] turns non-zero (relaxed atomic loads, also while a probe
 * waits: the rail's thread ended, the rails were cancelled, the app's
 * stop; NULL entries: not watched), or on a stop request (SIGINT). */
struct rp_probe_stop {
	uint64_t until_ns;
	const int *flag[RP_PROBE_FLAGS];
};

/*
 * rp_probe_run - probe rail @r's peer as @c says, appending a sample per
 * probe to @out (growing it between probes, up to RP_PROBE_MAX_SAMPLES:
 * then out->capped) after the first c->warmup, until @stop. A probe
 * still in flight when *done or *cancel rises is left (no sample).
 * Returns 0; -EIO on an error completion or a failed post (named, with
 * the device and QP), -ETIMEDOUT when a probe has not completed in 30 s,
 * -EINVAL for settings the rail cannot take, -ENOMEM; one line printed.
 */
int rp_probe_run(struct rp_rail *r, const struct rp_probe_cfg *c,
		 const struct rp_probe_stop *stop,
		 struct rp_probe_samples *out);

/*
 * rp_probe_echo - the peer of a WRITE probe: answer each RDMA WRITE with
 * immediate that arrives on @r's probe QP with one of c->size bytes and
 * the same immediate, at once, until @stop (a flag the app raises when
 * the run is over); sleeps on the completion channel between them (no
 * spin: the next probe is a slot away). *@echoed counts the answers.
 * Returns 0, or -EIO / -EINVAL (one line).
 */
int rp_probe_echo(struct rp_rail *r, const struct rp_probe_cfg *c,
		  const struct rp_probe_stop *stop, uint64_t *echoed);

#endif /* RP_PROBE_H */
