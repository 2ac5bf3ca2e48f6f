/* SPDX-License-Identifier: MIT */
/*
 * rp_bw.h - the RDMA bandwidth engine for one rail: WRITE, READ or SEND
 * (cfg->verb; the run is the same, only each WR's opcode differs). SEND's
 * receiving side runs the same loop with another post step (a receive
 * per message, rx_depth kept posted per QP) and completion accounting
 * (one receive completion per message, its bytes counted).
 *
 * Each QP keeps at most TX depth WRs outstanding. CQ moderation: only WR
 * seq with (seq + 1) % cq_mod == 0, and the last WR, are signaled; a
 * completion's wr_id names its QP and seq, so it accounts exactly for every
 * WR of that QP up to seq (perftest credits cq_mod per CQE and trims at the
 * end; the counts agree). Posting is perftest's: one WR per post (per
 * ibv_wr_start .. ibv_wr_complete when the QPs have the ibv_wr_* API, else
 * per ibv_post_send), or with -l N a list of exactly N WRs on one
 * doorbell; each WR's local and remote address walk perftest's cycle
 * buffer (rp_cycle.h). Each turn fills every QP up to its TX depth, then
 * polls the CQ once (perftest's run_iter_bw).
 */
#ifndef RP_BW_H
#define RP_BW_H

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
	 * RP_VERB_WRITE_IMM: a WRITE that also consumes such a receive. */
	enum rp_verb verb;
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
	/* A run that failed (rp_bw_run's error other than -EINTR and
	 * -ECANCELED): when and why; then msgs counts every WR completed
	 * up to the failure and the window is [start, failure]. */
	struct rp_fail fail;
};

/*
 * rp_bw_wr_init - one prebuilt WR of a run with @cfg: its opcode from
 * cfg->verb (IBV_WR_RDMA_WRITE or IBV_WR_RDMA_READ), one SGE @sge of
 * cfg->size bytes at local address @laddr (@lkey), the remote address
 * @raddr (@rkey), send_flags IBV_SEND_INLINE when a WRITE is at most
 * cfg->inline_size bytes, else 0; wr_id 0, next NULL (the caller links).
 */
void rp_bw_wr_init(const struct rp_bw_cfg *cfg, uint64_t laddr, uint32_t lkey,
		   uint64_t raddr, uint32_t rkey, struct ibv_sge *sge,
		   struct ibv_send_wr *wr);

/*
 * rp_bw_recv_wr_init - the prebuilt receive of SEND's receiving side: one
 * SGE @sge of cfg->size bytes at @laddr (@lkey; RP_VERB_WRITE_IMM: 0
 * bytes, its data lands by rkey); wr_id 0, next NULL.
 */
void rp_bw_recv_wr_init(const struct rp_bw_cfg *cfg, uint64_t laddr,
			uint32_t lkey, struct ibv_sge *sge,
			struct ibv_recv_wr *wr);

/* rp_bw_rx_pre - receives to post per QP before the peer starts: the
 * receive depth, at most cfg->iters in a -n run (perftest's
 * ctx_set_recv_wqes posts rx_depth, which it caps to -n). */
unsigned int rp_bw_rx_pre(const struct rp_bw_cfg *cfg);

/*
 * rp_bw_recv_prepost - post rp_bw_rx_pre(@cfg) receives on every QP of
 * @r (sequence numbers 0 ..; cfg->duplex: into the upper half of each
 * slice), before the peer's SENDs may start; set cfg->rx_pre to it
 * before rp_bw_run. Returns 0 or -errno (one line).
 */
int rp_bw_recv_prepost(struct rp_rail *r, const struct rp_bw_cfg *cfg);

/*
 * rp_bw_recv_wc - check a successful completion of SEND's receiving side
 * against @cfg: a receive (IBV_WC_RECV) of exactly cfg->size bytes; with
 * RP_VERB_WRITE_IMM an IBV_WC_RECV_RDMA_WITH_IMM of cfg->size bytes
 * written, IBV_WC_WITH_IMM set (perftest's run_iter_bw_server checks it).
 * Returns 0, or -EPROTO with one line naming what arrived.
 */
int rp_bw_recv_wc(const struct rp_bw_cfg *cfg, const struct ibv_wc *wc);

/* rp_bw_verb_name - "RDMA WRITE", "RDMA READ", "SEND" or "RDMA WRITE with
 * immediate" (diagnostics). */
const char *rp_bw_verb_name(enum rp_verb verb);

/*
 * rp_bw_run - post RDMA WRITEs (READs) of cfg->size bytes from (into) each
 * local QP slice to (from) the peer's slice of that QP until cfg->iters per QP completed, or for
 * cfg->duration seconds (counting only the middle window [D/4, 3D/4], as
 * perftest's default margin does), or with cfg->infinite until stopped
 * (then out covers the whole run). Drains every outstanding WR before it
 * returns (a -D run with cfg->drain_ns: at most that long after its end). Returns 0; -EIO on an error completion (named, e.g.
 * IBV_WC_RETRY_EXC_ERR), -ETIMEDOUT when no completion arrives for 30 s,
 * -EINTR on a stop request, -ECANCELED when cfg->cancel is raised (no line
 * printed: the rail that failed has said why), or another -errno; one line
 * printed, which ends with the time of the failure from the run's start
 * ("..., at 5.02 s"; cfg->t0_ns when set). On such a failure @out holds
 * what ran until it (struct rp_bw_out.fail).
 */
int rp_bw_run(struct rp_rail *r, const struct rp_rail_addr *peer,
	      const struct rp_bw_cfg *cfg, struct rp_bw_out *out);

/* rp_bw_result - the perftest row of a run: size, count, peak, avg, rate,
 * and its failure (none: all 0). */
void rp_bw_result(const struct rp_bw_cfg *cfg, const struct rp_bw_out *out,
		  struct rp_result *res);

#endif /* RP_BW_H */
