// SPDX-License-Identifier: MIT
/*
 * The latency binaries' run (rp_latapp.h): the rail, the session, one
 * run of the latency engine per size, and the parts handed to the run
 * skeleton (rp_run.h); what is printed is rp_latreport's. Each side's role
 * is its plan's (rp_roles.h): READ's server registers its buffer and
 * waits (perftest's READ latency server prints no results) while the
 * client READs -s bytes at a time; WRITE and SEND run a ping-pong on both
 * sides. --validate (READ): the server's buffer holds the pattern before
 * its rkey is sent; after each size the client checks that its own
 * buffer holds exactly the bytes READ (pattern below the size, zeros
 * above) and sends the verdict to the server; both print it.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "app/rp_latapp.h"
#include "app/rp_latreport.h"
#include "app/rp_run.h"
#include "app/rp_session.h"
#include "base/rp_log.h"
#include "base/rp_time.h"
#include "engine/rp_atomword.h"
#include "verbs/rp_bufpat.h"
#include "verbs/rp_railbuf.h"

/* One side's state for the run skeleton. */
struct la_app {
	struct rp_session *s;
	const struct rp_plan *p;
	struct rp_latreport rep;
	struct rp_verdict v; /* --validate: the last size's check */
	uint64_t word[2];    /* --validate, an atomic's: the count, its word */
	uint64_t last_beat;  /* ns, the client's last heartbeat */
	struct rp_lat_cfg cfg;
	struct rp_lat_samples smp;
	struct rp_latstats st;
	unsigned int rx_posted; /* SEND: receives posted on QP 0 */
};

/* Heartbeat to the server about once a second during a run; notices a
 * server that gave up or died. */
static int la_tick(void *arg)
{
	struct la_app *la = arg;

	return rp_ctrl_beat(&la->s->ctrl, &la->last_beat);
}

/* Before the first size: the engine's settings (the plan's; only the
 * client beats: a side that beats takes anything the peer sends during
 * the run for its end), the table's title. */
static void la_begin(void *app)
{
	struct la_app *la = app;

	la->last_beat = rp_now_ns();
	la->cfg = la->p->latcfg;
	la->cfg.tick = la->s->server ? NULL : la_tick;
	la->cfg.tick_arg = la;
	la->cfg.rx_posted = &la->rx_posted;
	rp_latreport_title(&la->rep);
}

/* --validate: the client's slice holds what @size-byte READs brought
 * (the server's pattern) and nothing beyond. Sizes only grow, so bytes
 * past @size were never written. An atomic's: the word at the peer's
 * slice start, read back, equals the atomics completed (rp_atomword).
 * Outside any timed loop; non-zero when the check failed. */
static int la_check_read(struct la_app *la, uint64_t size)
{
	struct rp_rail *r = &la->s->rails[0];

	if (la->p->verb->atomic) /* the word: one more per atomic */
		return rp_atomword_check(r, &la->s->remote[0], 0, &la->smp.ops,
					 &la->v, &la->word[0], &la->word[1]) ||
		       !la->v.ok;
	return rp_bufpat_check(&r->buf, 0, size, r->slice, 0, &la->v);
}

/* One size: its run, its statistics (per one-way trip: the plan's trips
 * per sample), -H and its row; --validate on the side the data lands:
 * its buffer checked after it, a failed check -EILSEQ (the sizes stop). */
static int la_size(void *app, uint64_t size)
{
	struct la_app *la = app;
	struct rp_session *s = la->s;
	struct rp_lat_samples *smp = &la->smp;
	double tps;
	int ret;

	la->cfg.size = size;
	ret = rp_lat_run(&s->rails[0], &s->remote[0], &la->cfg, smp);
	if (ret)
		return rp_session_run_failed(s, ret);
	rp_latstats_compute(smp->ns, smp->n, &la->st);
	rp_latstats_div(&la->st, la->p->verb->lat_rtt);
	tps = smp->run_ns ? (double)smp->n * 1e9 / (double)smp->run_ns : 0;
	rp_latreport_size(&la->rep, size, smp, &la->st, tps);
	if (la->p->o->validate && la->p->role->lands && la_check_read(la, size))
		return -EILSEQ;
	return 0;
}

/* After the sizes: the table's end and notes; the samples released. */
static void la_end(void *app, int ret)
{
	struct la_app *la = app;

	rp_latreport_end(&la->rep, ret, &la->cfg, &la->smp, &la->st);
	rp_lat_samples_free(&la->smp);
}

/* Before each size's READY on a side that receives (SEND): the receives
 * the peer's first SEND takes (rp_lat_recv_prepost). */
static int la_arm(void *app, uint64_t size)
{
	struct la_app *la = app;
	int ret;

	(void)size;
	if (!la->p->role->receives)
		return 0;
	ret = rp_lat_recv_prepost(&la->s->rails[0], &la->cfg);
	return ret ? rp_session_run_failed(la->s, ret) : 0;
}

static void la_header(void *app)
{
	struct la_app *la = app;

	rp_latreport_header(&la->rep, la->s);
}

static void la_check(void *app, struct rp_verdict *v)
{
	*v = ((struct la_app *)app)->v;
}

/* --validate's line: this side's check of its last size, or the peer's
 * verdict (the message is the row's: its size is not repeated). */
static void la_verdict(void *app, const struct rp_verdict *v, bool here)
{
	struct la_app *la = app;

	rp_latreport_verdict(&la->rep, v, here ? la->word : NULL);
}

static void la_report(void *app)
{
	struct la_app *la = app;

	rp_latreport_rail(&la->rep, la->s);
}

/* The JSON document of a side that measures (READ's server writes none,
 * as perftest's). */
static int la_json(void *app)
{
	struct la_app *la = app;

	return la->p->role->measures ? rp_latreport_json(&la->rep, la->s) : 0;
}

static const struct rp_run_ops la_ops = {
	.header = la_header,
	.arm = la_arm,
	.begin = la_begin,
	.size = la_size,
	.end = la_end,
	.check = la_check,
	.verdict = la_verdict,
	.report = la_report,
	.json = la_json,
};

/* Either side over the open session, through the skeleton. */
static int la_side(struct rp_session *s, const struct rp_plan *p)
{
	struct la_app la = { .s = s, .p = p, .v = { .ok = 1 } };
	struct rp_run r = { .s = s, .p = p, .ops = &la_ops, .app = &la };
	int ret;

	ret = rp_latreport_init(&la.rep, p, s);
	if (!ret)
		ret = rp_run_side(&r);
	rp_latreport_fini(&la.rep);
	return ret;
}

int rp_latapp_run(struct rp_plan *p)
{
	struct rp_session s;
	int ret;

	/* the buffer, before any device is opened */
	ret = rp_railbuf_check(&p->rail, 1, p->halves);
	if (!ret)
		ret = rp_plan_device(p);
	if (ret)
		return ret;
	if (p->extra_line)
		rp_fprintf(p->text, RP_RESULT_LINE);
	ret = rp_session_open(&s, p, &p->rail, 1);
	if (ret)
		return ret;
	ret = la_side(&s, p);
	rp_session_close(&s);
	return ret;
}

int rp_latapp_check(const struct rp_opts *o)
{
	const struct rp_verbrow *v = rp_roles_verb(o->verb);

	if (v->lat_rtt > 1 && o->validate) {
		rp_err("option --validate is not supported by %s: its data is "
		       "the ping-pong's counter byte",
		       o->desc->name);
		return -EINVAL;
	}
	if (o->duration || o->iters <= RP_LAT_MAX_SAMPLES)
		return 0;
	rp_err("invalid -n value '%llu': %s keeps every sample; valid values "
	       "are 5 .. %u",
	       (unsigned long long)o->iters, o->desc->name, RP_LAT_MAX_SAMPLES);
	return -EINVAL;
}
