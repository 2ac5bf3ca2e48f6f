/* SPDX-License-Identifier: MIT */
/*
 * rp_bwrun.h - the timed phase of one message size of a bandwidth run, on
 * every rail: a one-rail binary runs its rail on the calling thread (the
 * engine's tick sends the client's heartbeats and --run_infinitely's
 * rows); a rail-list binary starts a pinned thread per rail (rp_multi)
 * while the calling thread sends heartbeats and prints --interval's rows.
 */
#ifndef RP_BWRUN_H
#define RP_BWRUN_H

#include <stdint.h>

#include "app/rp_bwstate.h"

/*
 * rp_bwrun_size - one size on every rail: with -b both sides are released
 * together by READY and swap their results after (rp_bwrun_swap). Fills
 * a->rail_res[], a->agg (and with -b a->peer_res[], a->peer_agg). Returns
 * 0, or the -errno of the failure after telling the peer
 * (rp_session_run_failed).
 */
int rp_bwrun_size(struct rp_bwrun *a, uint64_t size);

/*
 * rp_bwrun_send_results - the client's results to the server after the
 * last size: the aggregate, then (rail list) each rail's. Returns 0 or
 * -errno.
 */
int rp_bwrun_send_results(struct rp_bwrun *a);

/*
 * rp_bwrun_recv_results - the server's side of rp_bwrun_send_results:
 * into a->agg and a->rail_res[] (one rail: the aggregate is the rail's).
 * Returns 0 or -errno.
 */
int rp_bwrun_recv_results(struct rp_bwrun *a);

#endif /* RP_BWRUN_H */
