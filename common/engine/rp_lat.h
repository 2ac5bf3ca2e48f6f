/* SPDX-License-Identifier: MIT */
/*
 * rp_lat.h - the RDMA READ and RDMA WRITE latency engine for one rail
 * (QP 0).
 *
 * READ:
 * One signaled RDMA READ of cfg->size bytes from the peer's slice into the
 * local slice at a time, completion by busy-polling the CQ (ibv_poll_cq of
 * one entry), as perftest's run_iter_lat() for READ. The clock
 * (CLOCK_MONOTONIC, ns) is read once per iteration boundary, right after a
 * completion was polled; sample i is the time from the previous boundary
 * (or, for the first READ of a burst, from just before its post) to READ
 * i's completion: post + round trip + poll, the same span as perftest's
 * tposted[i + 1] - tposted[i]. READ latency is the full round trip
 * (perftest's rtt_factor 1 for READ), not halved.
 *
 * The timed loop runs in bursts of at most about a second; between bursts,
 * outside every sample, the engine checks for a stop request, grows the
 * sample array (-D) and calls cfg->tick (heartbeats). Inside a burst: no
 * allocation, no output, no system call but the clock and the verbs -
 * except when a READ has been outstanding for over a second: that sample is
 * lost anyway, and the tick runs so that a dead peer is noticed.
 *
 * WRITE (ib_write_lat's method, perftest_resources.c run_iter_lat_write):
 * a ping-pong. QP 0's slice is split in two halves: the first is what this
 * side sends, the second what the peer writes into. Exchange k: wait until
 * the last byte of the receive half (byte size - 1) holds k (the peer's
 * k-th WRITE landed; the side with cfg->first skips this wait for k = 1),
 * read the clock, store k in the last byte of the send half, post one
 * signaled RDMA WRITE of cfg->size bytes (inline up to cfg->inline_size)
 * into the peer's receive half, poll its completion. A sample is the time
 * between two consecutive exchanges' clock reads: one full round trip (the
 * caller halves it, as perftest's rtt_factor 2 does). Both sides run the
 * same count of exchanges (warm-up + iterations + one per pause), so the
 * counts always match; with -D each side stops at its own deadline, also
 * while waiting. The last byte holds k modulo 128; its top bit flags a
 * WRITE posted after the sender's between-burst work (a pause): the one
 * sample of each side that holds the pause is not kept (rp_lat.c,
 * rp_lat_pause), so no kept sample holds railperf's own work.
 *
 * SEND (ib_send_lat's method, run_iter_lat_send): the same ping-pong with
 * SENDs into receives the peer keeps posted in its receive half: exchange
 * k waits for the receive completion of the peer's k-th SEND (reposting a
 * receive at once), whose last byte holds the count and pause flag as a
 * WRITE's does; each SEND's own completion is polled from the same CQ.
 */
#ifndef RP_LAT_H
#define RP_LAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "proto/rp_proto.h"
#include "verbs/rp_rail.h"

#define RP_LAT_WARMUP 8	   /* READs per size not counted */
#define RP_LAT_WRITE_RTT 2 /* WRITE samples are two one-way trips */

#define RP_LAT_MAX_SAMPLES (1u << 25) /* 256 MiB of samples at most */

struct rp_lat_cfg {
	uint64_t size;	       /* bytes per READ, 1 .. slice */
	uint64_t iters;	       /* samples to keep (iteration mode) */
	unsigned int duration; /* s; 0 = iteration mode */
	unsigned int warmup;   /* READs first, not kept */
	size_t max_samples;    /* cap; a -D run stops when it is reached */
	/* RP_VERB_READ: one READ at a time (rail_read_lat); RP_VERB_WRITE:
	 * the WRITE ping-pong (rail_write_lat); RP_VERB_SEND: the SEND/RECV
	 * ping-pong (rail_send_lat); RP_VERB_FETCH_ADD, RP_VERB_CMP_SWAP:
	 * one atomic at a time on the word at the peer's slice start, as a
	 * READ (rail_atomic_lat; perftest's run_iter_lat) */
	enum rp_verb verb;
	/* CMP_AND_SWAP under --validate: atomic k compares k and swaps
	 * k + 1 (else perftest's compare 0, swap 0) */
	bool cas_chain;
	bool first;		  /* WRITE: this side posts first (server) */
	unsigned int inline_size; /* WRITE, SEND: inline up to this many */
	/* SEND: receives kept posted on QP 0 (each for a whole receive
	 * half, so that one posted for a smaller size takes a larger one),
	 * and the count posted now, the caller's across runs */
	unsigned int rx_depth;
	unsigned int *rx_posted;
	/* Called between bursts, about once a second (heartbeats), and
	 * while a READ is stalled for over a second; its non-zero return
	 * stops the run with that error. */
	int (*tick)(void *arg);
	void *tick_arg;
};

/* Samples of one run; the array is kept across runs (rp_lat_samples_free). */
struct rp_lat_samples {
	uint64_t *ns; /* [n] sample durations, ns */
	size_t n;
	size_t cap;	 /* entries allocated */
	bool capped;	 /* -D: stopped at cfg->max_samples */
	uint64_t run_ns; /* wall time of the kept part, ns */
	uint64_t ops;	 /* READs (atomics) completed, warm-up included:
			  * what an atomic's word must hold (--validate) */
};

/*
 * rp_lat_run - cfg->warmup READs (or WRITE exchanges), then cfg->iters
 * kept ones, or as many as fit in cfg->duration seconds (at most
 * cfg->max_samples; the array grows by doubling between bursts). READ:
 * @peer's QP 0 slice is the source, the local QP 0 slice the destination.
 * WRITE: see above; size at most half of either side's slice. Uses the ibv_wr_* API when the rail
 * has it, else ibv_post_send. Returns 0; -EIO on an error completion
 * (named, e.g. IBV_WC_REM_ACCESS_ERR) or a failed post, -ETIMEDOUT when no
 * completion (WRITE: no peer WRITE) arrives for 30 s, -EINTR on a stop request, -EINVAL for a size
 * or count out of range, -ENOMEM; one line printed.
 */
int rp_lat_run(struct rp_rail *r, const struct rp_rail_addr *peer,
	       const struct rp_lat_cfg *cfg, struct rp_lat_samples *out);

/*
 * rp_lat_reserve - make room for @want samples in all (grows, never
 * shrinks; kept samples stay). Every page of the new part is faulted in
 * before it returns, so that no sample of a timed loop pays a page fault.
 * 0, or -ENOMEM with one line printed.
 */
int rp_lat_reserve(struct rp_lat_samples *o, size_t want);

/* rp_lat_samples_free - release the sample array; safe on a zeroed @s. */
void rp_lat_samples_free(struct rp_lat_samples *s);

/*
 * rp_lat_recv_prepost - SEND: post receives on @r's QP 0 until
 * *c->rx_posted is c->rx_depth (each for the receive half of the slice,
 * wr_id the engine's). Before the peer may send (each size's READY).
 * Returns 0 or -errno (one line).
 */
int rp_lat_recv_prepost(struct rp_rail *r, const struct rp_lat_cfg *c);

#endif /* RP_LAT_H */
