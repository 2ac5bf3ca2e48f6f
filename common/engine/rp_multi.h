/* SPDX-License-Identifier: MIT */
/*
 * rp_multi.h - every rail at once: one thread per rail, pinned to a CPU
 * local to its device, all released together by a start barrier, each
 * driving only its own rail's QPs and CQ (nothing shared on the hot path).
 * The main thread stays free for heartbeats and interval reports.
 */
#ifndef RP_MULTI_H
#define RP_MULTI_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine/rp_bw.h"
#include "proto/rp_proto.h"
#include "topo/rp_topo.h"

/* Cache-line aligned (128 covers 64-byte lines with adjacent-line
 * prefetch and 128-byte Arm lines): each rail's progress counter,
 * written on every poll, sits on a line of its own. */
struct rp_worker {
	_Alignas(128) struct rp_rail *rail;
	const struct rp_rail_addr *peer;
	struct rp_bw_cfg cfg; /* this rail's copy of the run */
	struct rp_topo *topo;
	int cpu; /* PU to pin to, -1 = leave unpinned */
	struct rp_multi *m;
	pthread_t thread;
	bool started;
	_Alignas(128) uint64_t progress; /* WRs completed (relaxed atomic) */
	struct rp_bw_out out;
	struct rp_cpu used; /* this thread's CPU over its run (rp_bw_run) */
	int ret;
	int done; /* raised when its run returned (atomic): the rail's
		   * latency probe ends with it (rp_probeset.h) */
};

struct rp_multi {
	unsigned int n;
	struct rp_worker w[RP_MAX_RAILS];
	pthread_mutex_t lock; /* start gate: ready, go */
	pthread_cond_t cond;
	unsigned int ready; /* workers pinned and waiting */
	bool go;
	uint64_t t0_ns; /* common start, set at release */
	int cancel;	/* raised: SIGINT, the watcher, every rail failed */
	int failed;	/* rails that failed (atomic) */
	int finished;	/* workers done (atomic) */
};

/*
 * rp_multi_start - start one worker per rail with @cfg (size, iterations,
 * duration, CQ moderation, peak, units; the tick is dropped: workers send
 * no control messages), wait until all are pinned and ready (at most 10 s)
 * and release them at once. rails[i] pairs with peers[i]; cpus[i] < 0
 * leaves rail i unpinned. Returns 0 or -errno; after a failure call
 * rp_multi_join() all the same: started workers are released into a
 * cancelled run.
 */
int rp_multi_start(struct rp_multi *m, struct rp_rail *rails,
		   const struct rp_rail_addr *peers, unsigned int n,
		   const struct rp_bw_cfg *cfg, struct rp_topo *topo,
		   const int *cpus);

/*
 * rp_multi_start_each - rp_multi_start with a configuration of its own for
 * each rail (@cfgs[i] for rails[i]: rail_cluster_bw's one-way patterns,
 * where one host sends on a rail and counts what arrives on another).
 * Returns as rp_multi_start.
 */
int rp_multi_start_each(struct rp_multi *m, struct rp_rail *rails,
			const struct rp_rail_addr *peers, unsigned int n,
			const struct rp_bw_cfg *cfgs, struct rp_topo *topo,
			const int *cpus);

/* rp_multi_done - true when every worker has returned. */
bool rp_multi_done(struct rp_multi *m);

/* rp_multi_progress - WRs rail @i has completed so far. */
uint64_t rp_multi_progress(struct rp_multi *m, unsigned int i);

/*
 * rp_multi_join - wait for every worker. A rail whose run failed on its
 * own (its QP's error, a stall: w[i].ret, w[i].out.fail with its time from
 * the common start t0_ns and its reason) does not stop the others: they
 * run to their end. Returns 0 when the run was not cancelled (some rails
 * may have failed: rp_multi_failed); else (a stop request, the caller's
 * cancel, every rail failed) the first rail's error that is not
 * -ECANCELED, or -ECANCELED.
 */
int rp_multi_join(struct rp_multi *m);

/* rp_multi_failed - rails whose run failed (after rp_multi_join). */
unsigned int rp_multi_failed(const struct rp_multi *m);

/*
 * rp_multi_aggregate - the aggregate row over @n rails' results, the
 * failed ones (outs[i].fail.failed) left out: messages summed, window = latest end - earliest start, BW = all bytes / window
 * (never a sum of per-rail rates); all 0 when every rail failed. Peak:
 * the single rail's peak when @n == 1, else 0 (not defined across rails).
 * Fills @agg (its fail: none).
 */
void rp_multi_aggregate(const struct rp_bw_out *outs, unsigned int n,
			uint64_t size, bool gbits, struct rp_result *agg);

#endif /* RP_MULTI_H */
