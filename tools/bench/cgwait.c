// SPDX-License-Identifier: MIT
/*
 * cgwait.c - LD_PRELOAD for make bench's latency instruction counts
 * (tools/bench/lib.sh irun_lat): a latency client under valgrind
 * --tool=callgrind, its instructions counted per iteration with the wait
 * left out, the same way for perftest and railperf.
 *
 * The wait of a latency client is its polling: of the CQ (READ, atomic,
 * SEND: ibv_poll_cq coming back empty) and of memory (WRITE's ping-pong:
 * a loop on the last byte of the peer's message). This shim wraps the
 * provider's poll_cq (each context's ops, when the device is opened): a
 * poll runs with callgrind's collection off until it returns a
 * completion, then sleeps RP_CG_PAUSE_US microseconds (default 1000,
 * still off), so that the peer's next message has landed before the tool
 * looks for it: the memory loop then exits on its first look. So not
 * counted are the polls (the provider's poll_cq whole, empty or not) and
 * the sleep; counted is everything else the client runs per iteration:
 * its own loop, its clock reads, libibverbs' inline wrappers, the
 * provider's post (ibv_post_send, or ibv_wr_* through ibv_wr_complete),
 * and the shim's few instructions per call.
 *
 * The window: the shim counts the sends posted (post_send calls, or
 * ibv_wr_complete) and dumps callgrind's counts right after send
 * RP_CG_FROM (default 300, past any warm-up) and right after send
 * RP_CG_TO (default 1300): the second dump (part 2) holds exactly the
 * iterations between them, RP_CG_TO - RP_CG_FROM sends' worth, without
 * start-up, report or tear-down. Its "totals:" over that count is the
 * row of make bench.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>

#include <infiniband/verbs.h>
#include <valgrind/callgrind.h>

struct ibv_context *ibv_open_device(struct ibv_device *dev);
struct ibv_qp_ex *ibv_qp_to_qp_ex(struct ibv_qp *qp);

static int (*cg_real_poll)(struct ibv_cq *, int, struct ibv_wc *);
static int (*cg_real_post)(struct ibv_qp *, struct ibv_send_wr *,
			   struct ibv_send_wr **);
static int (*cg_real_complete)(struct ibv_qp_ex *);
static unsigned long cg_sends, cg_from = 300, cg_to = 1300;
static long cg_pause_ns = 1000000;

/* After a send: the window's two dumps. */
static void cg_sent(void)
{
	cg_sends++;
	if (cg_sends == cg_from || cg_sends == cg_to)
		CALLGRIND_DUMP_STATS;
}

/* The provider's poll_cq, uncounted until it returns a completion (or
 * an error), then a pause, uncounted too. */
static int cg_poll(struct ibv_cq *cq, int ne, struct ibv_wc *wc)
{
	struct timespec t = { .tv_nsec = cg_pause_ns };
	int n;

	CALLGRIND_TOGGLE_COLLECT;
	while ((n = cg_real_poll(cq, ne, wc)) == 0)
		;
	if (n > 0)
		nanosleep(&t, NULL);
	CALLGRIND_TOGGLE_COLLECT;
	return n;
}

static int cg_post(struct ibv_qp *qp, struct ibv_send_wr *wr,
		   struct ibv_send_wr **bad)
{
	int ret = cg_real_post(qp, wr, bad);

	cg_sent();
	return ret;
}

static int cg_complete(struct ibv_qp_ex *qx)
{
	int ret = cg_real_complete(qx);

	cg_sent();
	return ret;
}

/* The window and the pause from the environment. */
static void cg_env(void)
{
	const char *v;

	if ((v = getenv("RP_CG_FROM")))
		cg_from = strtoul(v, NULL, 10);
	if ((v = getenv("RP_CG_TO")))
		cg_to = strtoul(v, NULL, 10);
	if ((v = getenv("RP_CG_PAUSE_US")))
		cg_pause_ns = strtol(v, NULL, 10) * 1000;
}

struct ibv_context *ibv_open_device(struct ibv_device *dev)
{
	static struct ibv_context *(*real)(struct ibv_device *);
	struct ibv_context *ctx;

	if (!real) {
		real = (struct ibv_context * (*)(struct ibv_device *))
			dlsym(RTLD_NEXT, "ibv_open_device");
		cg_env();
	}
	ctx = real(dev);
	if (ctx && ctx->ops.poll_cq != cg_poll) {
		cg_real_poll = ctx->ops.poll_cq;
		ctx->ops.poll_cq = cg_poll;
		cg_real_post = ctx->ops.post_send;
		ctx->ops.post_send = cg_post;
	}
	return ctx;
}

struct ibv_qp_ex *ibv_qp_to_qp_ex(struct ibv_qp *qp)
{
	static struct ibv_qp_ex *(*real)(struct ibv_qp *);
	struct ibv_qp_ex *qx;

	if (!real)
		real = (struct ibv_qp_ex * (*)(struct ibv_qp *))
			dlsym(RTLD_NEXT, "ibv_qp_to_qp_ex");
	qx = real(qp);
	if (qx && qx->wr_complete && qx->wr_complete != cg_complete) {
		cg_real_complete = qx->wr_complete;
		qx->wr_complete = cg_complete;
	}
	return qx;
}
