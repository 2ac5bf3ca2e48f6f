// SPDX-License-Identifier: MIT
/*
 * The run skeleton (rp_run.h): every control message a test sends after
 * the session is open, in one order for every binary and both sides.
 */
#include <errno.h>

#include "app/rp_run.h"
#include "base/rp_signal.h"
#include "ctrl/rp_exchange.h"
#include "proto/rp_msg.h"

/* A -n run's bound assumes no rail slower than one WR (or latency
 * exchange) a millisecond plus 10 MB/s: Soft-RoCE in a small guest is
 * about 100 times faster. Each size adds a second (warm-up, -b's READY,
 * the peak and the rows); the whole is capped at 2^40 ms. */
#define RUN_WR_MS 1.0
#define RUN_BYTES_PER_MS 10000.0
#define RUN_SIZE_MS 1000.0
#define RUN_MAX_MS ((double)(1ULL << 40))

/* One size: (arm; -b, SEND: READY) the timed phase (-b: the results
 * swapped), the row (none with --run_infinitely: its rows came during
 * the run). */
static int run_size(struct rp_run *r, uint64_t size, size_t i)
{
	int ret = 0;

	if (r->ops->arm)
		ret = r->ops->arm(r->app, size);
	if (!ret && r->p->role->ready)
		ret = rp_exchange_sync(&r->s->ctrl, r->s->server, RP_MSG_READY,
				       -1);
	if (!ret)
		ret = r->ops->size(r->app, size);
	if (!ret && r->p->role->swaps)
		ret = r->ops->swap(r->app);
	if (!ret && !r->p->o->run_infinitely && r->ops->row)
		r->ops->row(r->app, i);
	return ret;
}

/* Every size of -s / -a (--run_infinitely: the one, until stopped). */
static int run_sizes(struct rp_run *r)
{
	bool infinite = r->p->o->run_infinitely;
	size_t i;
	int ret = 0;

	if (r->ops->begin)
		r->ops->begin(r->app);
	for (i = 0; i < r->p->n_sizes && !ret && !r->stop && !(infinite && i);
	     i++)
		ret = run_size(r, r->p->sizes[i], i);
	if (r->ops->end)
		r->ops->end(r->app, ret);
	return ret;
}

/* The timed phase on a side that measures (then its RESULT), or the
 * client's RESULT on the server; a passive side does nothing. */
static int run_measure(struct rp_run *r)
{
	const struct rp_role *role = r->p->role;
	int ret;

	if (role->measures) {
		ret = run_sizes(r);
		if (!ret && role->result && !r->s->server)
			ret = r->ops->send_results(r->app);
		return ret;
	}
	return role->result ? r->ops->recv_results(r->app) : 0;
}

/* --validate's VERDICT: from the side the data reached to the side that
 * sent it, or swapped when the data went both ways. Returns 0, -EILSEQ
 * when a verdict failed, or -errno. */
static int run_verdict(struct rp_run *r)
{
	const struct rp_role *role = r->p->role;
	struct rp_ctrl *c = &r->s->ctrl;
	struct rp_verdict here, there;
	int ret;

	if (role->lands)
		r->ops->check(r->app, &here);
	if (role->lands && role->leaves) {
		ret = rp_exchange_verdict_swap(c, r->s->server, &here, &there);
		if (ret)
			return ret;
		r->ops->verdicts(r->app, &here, &there);
		return here.ok && there.ok ? 0 : -EILSEQ;
	}
	if (role->lands) {
		r->ops->verdict(r->app, &here, true);
		ret = rp_exchange_verdict_send(c, &here);
		return ret ? ret : (here.ok ? 0 : -EILSEQ);
	}
	ret = rp_exchange_verdict_recv(c, &there);
	if (ret)
		return ret;
	r->ops->verdict(r->app, &there, false);
	return there.ok ? 0 : -EILSEQ;
}

/* After the rows: railperf's lines, the JSON document, BYE. */
static int run_close(struct rp_run *r, int ret)
{
	int json = 0, bye;

	if (r->ops->report)
		r->ops->report(r->app);
	if (r->ops->json)
		json = r->ops->json(r->app);
	bye = rp_exchange_sync(&r->s->ctrl, r->s->server, RP_MSG_BYE, -1);
	ret = ret ? ret : json;
	return ret ? ret : bye;
}

/* A run of -n iterations or -D seconds per size. */
static int run_finite(struct rp_run *r)
{
	int ret = run_measure(r);

	if (r->p->o->validate && (!ret || ret == -EILSEQ)) {
		int v = run_verdict(r);

		ret = ret ? ret : v;
	}
	if (ret && ret != -EILSEQ)
		return ret;
	return run_close(r, ret);
}

/* --run_infinitely: the measuring side runs until stopped; whichever side
 * ended the run says BYE (the client after its SIGINT, the server's
 * answered), the other waits for it; then the report and JSON. */
static int run_infinite(struct rp_run *r)
{
	struct rp_ctrl *c = &r->s->ctrl;
	int ret = 0, json = 0;

	if (r->p->role->measures)
		ret = run_sizes(r);
	if (ret)
		return ret;
	if (r->s->server) {
		ret = rp_exchange_wait_bye(c);
	} else if (r->peer_ended) {
		ret = rp_ctrl_send(c, RP_MSG_BYE, NULL, 0);
	} else {
		rp_stop_reset(); /* our SIGINT ended it: say BYE */
		ret = rp_exchange_sync(c, false, RP_MSG_BYE, -1);
	}
	if (r->ops->report)
		r->ops->report(r->app);
	if (!ret && r->ops->json)
		json = r->ops->json(r->app);
	return ret ? ret : json;
}

uint64_t rp_run_length_ms(const struct rp_plan *p,
			  const struct rp_params *agreed)
{
	const struct rp_opts *o = p->o;
	double wrs = (double)agreed->iters * (o->num_qps ? o->num_qps : 1);
	double ms = 0;
	size_t i;

	if (o->run_infinitely)
		return 0;
	if (p->probe) /* the probe's idle phase, before the load */
		ms += (double)RP_PROBE_IDLE_NS / 1e6;
	for (i = 0; i < p->n_sizes; i++) {
		ms += RUN_SIZE_MS;
		if (agreed->duration)
			ms += 1000.0 * agreed->duration;
		else
			ms += wrs * (RUN_WR_MS +
				     (double)p->sizes[i] / RUN_BYTES_PER_MS);
	}
	return ms < RUN_MAX_MS ? (uint64_t)ms : (uint64_t)RUN_MAX_MS;
}

int rp_run_side(struct rp_run *r)
{
	struct rp_ctrl *c = &r->s->ctrl;
	bool infinite = r->p->o->run_infinitely;
	uint64_t len = rp_run_length_ms(r->p, &r->s->params);
	int ret;

	/* the session passed READY: from here the run has its length plus
	 * --timeout, whatever heartbeats the peer sends */
	rp_ctrl_set_deadline(c, infinite || !len ?
					0 :
					len + (uint64_t)(c->timeout_ms > 0 ?
								 c->timeout_ms :
								 0));
	if (r->ops->header)
		r->ops->header(r->app);
	ret = infinite ? run_infinite(r) : run_finite(r);
	if (!ret && r->ops->gates)
		ret = r->ops->gates(r->app);
	return ret;
}
