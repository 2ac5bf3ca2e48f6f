/* SPDX-License-Identifier: MIT */
/*
 * rp_run.h - the run skeleton: the order of a test's control messages
 * after the session is open, written once for every binary and both
 * sides. A test (rp_bwapp, rp_latapp) says which parts it has; this
 * side's role is its plan's (rp_plan.h, rp_roles.h); the skeleton calls
 * the parts in this order:
 *
 *   header                     perftest's header and address lines
 *   each size                  on a side that measures: (SEND: arm, the
 *                              receives posted; -b, SEND: READY) the
 *                              timed phase (-b: RESULT swapped), its row
 *   RESULT client -> server    one-way results (a bandwidth client's rows,
 *                              printed by the server)
 *   VERDICT                    --validate: the side the data reached checks
 *                              it and sends its verdict to the side that
 *                              sent the data; both ways (-b): swapped
 *   report, JSON               railperf's lines after the block, the
 *                              --out_json document (also after a failed
 *                              --validate: the rows stand)
 *   BYE                        both sides, so that both close in order
 *   gates                      -w / -y / --expect on this side's numbers
 *
 * --run_infinitely: the measuring side runs until SIGINT or the peer's
 * BYE; whichever side ends the run says BYE; then the report.
 */
#ifndef RP_RUN_H
#define RP_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "app/rp_plan.h"
#include "app/rp_session.h"
#include "proto/rp_proto.h"

/* The parts of a test; @app is its state. NULL: the test has no such
 * part (then the skeleton skips the step). */
struct rp_run_ops {
	void (*header)(void *app);
	/* before each size's READY (the role's ready): what must be in
	 * place before the peer starts (SEND: the receives); 0 or -errno */
	int (*arm)(void *app, uint64_t size);
	/* before the first size */
	void (*begin)(void *app);
	/* one size's timed phase; 0, -EILSEQ when a --validate check failed
	 * (the sizes stop, the verdict is still sent), or -errno (reported,
	 * the peer told) */
	int (*size)(void *app, uint64_t size);
	/* -b: this size's results swapped with the peer's (RESULT) */
	int (*swap)(void *app);
	/* the row of size number @i, after the swap */
	void (*row)(void *app, size_t i);
	/* after the sizes; @ret: their outcome (the table's end) */
	void (*end)(void *app, int ret);
	int (*send_results)(void *app); /* the client's, after its sizes */
	int (*recv_results)(void *app); /* the server's: received, its row */
	/* --validate: check what arrived on this side */
	void (*check)(void *app, struct rp_verdict *v);
	/* --validate: the verdict line of @v (here: this side checked) */
	void (*verdict)(void *app, const struct rp_verdict *v, bool here);
	/* -b --validate: both verdicts' lines */
	void (*verdicts)(void *app, const struct rp_verdict *here,
			 const struct rp_verdict *there);
	void (*report)(void *app);
	int (*json)(void *app);
	/* -w / -y / --expect: 0 or -ERANGE */
	int (*gates)(void *app);
};

struct rp_run {
	struct rp_session *s;
	/* the sizes, this side's role (what it measures, what it exchanges
	 * per size, where the data lands), --validate, --run_infinitely */
	const struct rp_plan *p;
	const struct rp_run_ops *ops;
	void *app;
	/* --run_infinitely: set by the test when the peer's BYE ended the
	 * run (its size saw -ESHUTDOWN on the heartbeat) */
	bool peer_ended;
	/* set by the test when a size ended with some rails failed (their
	 * QPs are in error): its row stands, the sizes after it are not run */
	bool stop;
};

/*
 * rp_run_length_ms - how long the run of plan @p may last at most, ms,
 * from READY to its last RESULT: -D seconds per size, or for -n a bound
 * of one WR (per QP, per iteration) a millisecond plus 10 MB/s; plus one
 * second per size, and --lat_probe's idle phase (RP_PROBE_IDLE_NS); -D
 * and -n are @agreed's, the parameters agreed with
 * the peer (a passive server given no -D runs the client's,
 * rp_params_follow). 0 for --run_infinitely (no bound: the peer's BYE
 * ends it). rp_run_side adds --timeout: the session's deadline
 * (rp_ctrl_set_deadline).
 */
uint64_t rp_run_length_ms(const struct rp_plan *p,
			  const struct rp_params *agreed);

/*
 * rp_run_side - this side of the test @r describes, in the role of its
 * plan r->p, from the header to the gates, over the open session r->s. Returns 0, -EILSEQ for a failed
 * --validate (this side's or the peer's verdict), -ERANGE from the gates,
 * or the -errno of the first failure (reported once, the peer told where
 * the session does). No wait for the peer goes past the run's deadline
 * (rp_run_length_ms plus --timeout from here): -ETIMEDOUT, one line.
 */
int rp_run_side(struct rp_run *r);

#endif /* RP_RUN_H */
