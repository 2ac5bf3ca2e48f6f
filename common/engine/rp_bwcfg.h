/* SPDX-License-Identifier: MIT */
/*
 * rp_bwcfg.h - a bandwidth run's settings and outcome (what rp_bw_run
 * takes and gives, for one rail), and the pure rules over them: the
 * receives posted before the peer starts and the perftest row of a run.
 * Apart from rp_bw.h so that the app and its tests (tests/unit's fake
 * engine, which replaces rp_bw.o at link time) share them without the
 * hot loop.
 */
#ifndef RP_BWCFG_H
#define RP_BWCFG_H

#include <stdbool.h>
#include <stdint.h>

#include "proto/rp_proto.h"
#include "verbs/rp_rail.h"

struct rp_bw_cfg {
	/* RP_VERB_WRITE: each WR writes the local slice into the peer's;
	 * RP_VERB_READ: it reads the peer's slice into the local one (the
	 * QPs' max_rd_atomic, rp_rail's rd_atomic, bounds the READs in
	 * flight; up to TX depth more wait in the send queue, as
	 * perftest's); RP_VERB_SEND: it sends the local slice into a
	 * receive the peer posted (cfg->recv on the peer);
	 * RP_VERB_WRITE_IMM: a WRITE that also consumes such a receive;
	 * RP_VERB_FETCH_ADD, RP_VERB_CMP_SWAP: an 8-byte atomic on the
	 * peer's slice (its word at each step of the cycle buffer), the old
	 * value returned into the local one, READ's bound in flight. */
	enum rp_verb verb;
	/* CMP_AND_SWAP under --validate: WR k of each QP compares k and
	 * swaps k + 1, a chain whose end is the count completed (else
	 * perftest's operands: compare 0, swap 0). */
	bool cas_chain;
	/* When set: each QP's WRs completed, stored at the run's end
	 * ([num_qps]; rp_multi: rail i's at qp_done + i * RP_MAX_QPS), what
	 * an atomic's word must hold (--validate, rp_atomword.h). */
	uint64_t *qp_done;
	/* SEND's receiving side: post receives instead of sends, keeping
	 * rx_depth posted per QP (rx_pre of them posted already by
	 * rp_bw_recv_prepost, before the peer starts), each for cfg->size
	 * bytes at the slice's start (+ local_off); count a message per
	 * receive completion, checked to be a receive of cfg->size bytes.
	 * -n: iters receives per QP, the window from the first receive
	 * completion to the last (perftest's run_iter_bw_server); -D: the
	 * phases as a sender's, and after the end receives are reposted
	 * until none completes for 200 ms (the sender's tail). No peak,
	 * no -l (one receive per post), no infinite mode. */
	bool recv;
	/* SEND (WRITE with immediate) both ways at once (-b; every pair of
	 * rail_cluster_bw): this side sends as a sender does, from the lower
	 * half of each slice (local_off 0), and keeps rx_depth receives
	 * posted per QP for the peer's messages (rx_pre of them posted by
	 * rp_bw_recv_prepost), into the upper half (slice / 2), counted in
	 * out->rx_msgs and out->bytes. -n: the run ends when this side's
	 * iters per QP completed and the peer's iters per QP arrived
	 * (perftest's run_iter_bi); -D: after the end, until nothing
	 * arrives for 200 ms. The peak (-n) from this side's sends; no
	 * infinite mode. */
	bool duplex;
	unsigned int rx_depth;
	unsigned int rx_pre;
	uint64_t size;	       /* bytes per WR */
	uint64_t iters;	       /* WRs per QP (iteration mode) */
	unsigned int duration; /* s; 0 = iteration mode */
	unsigned int cq_mod;   /* 1 .. tx_depth */
	/* -l: exactly this many WRs per ibv_post_send (or per ibv_wr_start
	 * .. ibv_wr_complete), a multiple of cq_mod dividing iters; 0 or 1:
	 * one WR per post, as ib_write_bw without -l. */
	unsigned int post_list;
	/* Bytes of perftest's cycle buffer (the page size) that the WRs'
	 * addresses walk through, bounded by the slices; 0 = every WR at the
	 * start of its slice (--validate, whose check wants the bytes past
	 * the size untouched). */
	uint64_t cycle_buffer;
	/* Bytes into each local slice where the WRs' local addresses start
	 * (-b READ: the upper half, where the peer's bytes arrive); 0 = the
	 * slice's start. */
	uint64_t local_off;
	/* -I: WRs of at most this many bytes are posted inline (the QPs must
	 * have been created with max_inline_data >= it); 0 = never. WRITE
	 * only: a READ carries no data of its own. */
	unsigned int inline_size;
	/* --run_infinitely: post until a stop request (SIGINT) or a tick
	 * return > 0, then drain and return 0; no window, no limit. */
	bool infinite;
	/* --perform_warm_up: before the run, each QP posts TX depth WRs
	 * (with -l, one list), each signaled (a list: its last), and waits
	 * for their completions; not timed, not counted; WRITE and READ
	 * only (perftest_resources.c perform_warm_up) */
	bool warmup;
	bool peak;  /* keep the timeline and compute BW peak */
	bool gbits; /* units of the result: Gb/s, else MiB/s */
	/* --cqe_poll: CQEs per ibv_poll_cq, 1 .. 65535; 0 = perftest's
	 * dynamic batch (rp_cqpoll.h). */
	unsigned int cqe_poll;
	/* Called when set (heartbeats, --run_infinitely rows) when the loop
	 * reads the clock (on the timer thread's 10 ms tick) and 10 ms have passed; its
	 * negative return stops the run with that error; with infinite, a
	 * positive one ends the run as a stop request does. Not timed work. */
	int (*tick)(void *arg);
	void *tick_arg;
	/* -D: common start time (ns) so that several rails measure over one
	 * window; 0 = when rp_bw_run starts. */
	uint64_t t0_ns;
	/* -D (not infinite): once the time is up and posting stopped, wait
	 * at most this long (ns) for the WRs still outstanding, then return
	 * with them in flight, as perftest's duration loop ends at its end
	 * without waiting for them (perftest_resources.c run_iter_bw); their
	 * late completions stay in the CQ, so the QPs must not be posted to
	 * again before they are destroyed (a -D run has one size). Not with
	 * recv or duplex (SEND's receives end on quiet). 0: wait for every
	 * WR (the CQ is empty when rp_bw_run returns). */
	uint64_t drain_ns;
	/* When set, the WRs completed so far are stored here after every
	 * poll that reaped completions (relaxed atomic): another thread may
	 * read it for interval reports. */
	uint64_t *progress;
	/* When set, checked every loop turn (relaxed atomic): non-zero stops
	 * the run with -ECANCELED (another rail failed). */
	int *cancel;
};

struct rp_bw_out {
	uint64_t msgs;	   /* WRs counted in the window */
	uint64_t start_ns; /* window: first post (iteration mode) or */
	uint64_t end_ns;   /* the middle D/2 of a -D run (perftest) */
	double peak;	   /* 0 when not measured */
	uint64_t bytes;	   /* cfg->recv, duplex: bytes the receives got */
	uint64_t rx_msgs;  /* cfg->duplex: receives counted (as msgs) */
	/* WRs posted in all (a successful run): every one completed, or
	 * (cfg->drain_ns) some left in flight, which the port may still
	 * send; the data packets the run needed are counted from these */
	uint64_t posted;
	/* Over the whole run, not only the window: WRs completed (the
	 * receiving side: receives completed), and with cfg->duplex the
	 * peer's messages received. What rail_cluster_bw's one-way patterns
	 * compare between sender and receiver. */
	uint64_t all_msgs;
	uint64_t all_rx;
	/* A run that failed (rp_bw_run's error other than -EINTR and
	 * -ECANCELED): when and why; then msgs counts every WR completed
	 * up to the failure and the window is [start, failure]. */
	struct rp_fail fail;
};

/* rp_bw_rx_pre - receives to post per QP before the peer starts: the
 * receive depth, at most cfg->iters in a -n run (perftest's
 * ctx_set_recv_wqes posts rx_depth, which it caps to -n). */
unsigned int rp_bw_rx_pre(const struct rp_bw_cfg *cfg);

/* rp_bw_result - the perftest row of a run: size, count, peak, avg, rate,
 * and its failure (none: all 0). */
void rp_bw_result(const struct rp_bw_cfg *cfg, const struct rp_bw_out *out,
		  struct rp_result *res);

/*
 * rp_bw_check - @cfg against the rail @r and the peer's slices @peer
 * before a run: the size within the port's limit and every slice (past
 * cfg->local_off; duplex: within half the slice), CQ moderation within
 * the TX depth, a receiving side's queue within the rail's, a post list
 * within the TX depth. Returns 0, or -EINVAL (a line where the user's
 * values are at fault; the app's own configuration rules out the rest).
 */
int rp_bw_check(const struct rp_rail *r, const struct rp_rail_addr *peer,
		const struct rp_bw_cfg *cfg);

/*
 * rp_bw_warm_up_cfg - cfg->warmup (--perform_warm_up): the settings of
 * the warm-up run before the measured one of @cfg into @w, as perftest's
 * perform_warm_up (perftest_resources.c): the same WRs and addresses,
 * TX depth (@tx_depth) WRs per QP each signaled, or (-l) one list with
 * its last WR signaled; no -D, peak, ticks or progress, every completion
 * reaped. WRITE and READ only, not a receiving side, -b SEND or
 * --run_infinitely (write_bw.c, read_bw.c; send_bw.c has none): false,
 * @w untouched, when @cfg has no warm-up.
 */
bool rp_bw_warm_up_cfg(const struct rp_bw_cfg *cfg, unsigned int tx_depth,
		       struct rp_bw_cfg *w);

#endif /* RP_BWCFG_H */
