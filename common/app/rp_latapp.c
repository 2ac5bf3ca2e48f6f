// SPDX-License-Identifier: MIT
/*
 * The latency binaries' run (rp_latapp.h). READ: the server registers its
 * buffer, prints the header and address lines and waits for the client
 * (perftest's READ latency server prints no results); the client READs -s
 * bytes at a time and prints one row per size. --validate: the server's
 * buffer holds the pattern before its rkey is sent; after each size the
 * client checks that its own buffer holds exactly the bytes READ (pattern
 * below the size, zeros above) and sends the verdict to the server; both
 * print it. WRITE: both sides run the ping-pong and print a row per size.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "app/rp_latapp.h"
#include "app/rp_run.h"
#include "app/rp_session.h"
#include "base/rp_log.h"
#include "base/rp_time.h"
#include "ctrl/rp_exchange.h"
#include "engine/rp_latstats.h"
#include "output/rp_report_extra.h"
#include "output/rp_json_mem.h"
#include "output/rp_jsonout.h"
#include "output/rp_report.h"
#include "output/rp_report_lat.h"
#include "verbs/rp_devkind.h"
#include "proto/rp_msg.h"
#include "verbs/rp_bufpat.h"

struct la_beat {
	struct rp_ctrl *ctrl;
	uint64_t last_ns;
};

/* --validate: the client's check of the last size it ran. */
struct la_verdict {
	struct rp_verdict v;
};

static enum rp_lat_op la_op(const struct rp_opts *o)
{
	return o->desc->test == RP_TEST_WRITE_LAT ? RP_LAT_WRITE :
	       o->desc->test == RP_TEST_SEND_LAT  ? RP_LAT_SEND :
						    RP_LAT_READ;
}

/* WRITE and SEND: both sides run a ping-pong (READ: the client alone) */
static bool la_pingpong(const struct rp_opts *o)
{
	return la_op(o) != RP_LAT_READ;
}

/* samples per round trip: READ 1, WRITE and SEND 2 (perftest's
 * rtt_factor) */
static unsigned int la_rtt(const struct rp_opts *o)
{
	return la_pingpong(o) ? RP_LAT_WRITE_RTT : 1;
}

/* Heartbeat to the server about once a second during a run; notices a
 * server that gave up or died. */
static int la_tick(void *arg)
{
	struct la_beat *b = arg;

	return rp_ctrl_beat(b->ctrl, &b->last_ns);
}

static void la_rail_cfg(const struct rp_opts *o, struct rp_rail_cfg *c)
{
	rp_session_rail_defaults(o, c);
	c->num_qps = 1;
	if (la_pingpong(o)) {
		/* two halves: what this side sends, what the peer writes;
		 * the peer polls the last byte, which must land last */
		c->slice = rp_rail_slice_bytes(2 * rp_opts_max_size(o));
		c->strict_order = true;
		return;
	}
	/* outstanding READs: -o, else as many as the device allows
	 * (perftest's default; rp_session_rail_defaults, rp_rail), then the
	 * peer's */
	c->fill_bytes = o->validate && !o->server ? c->slice : 0;
}

/*
 * What perftest decides from the device before its header
 * (perftest_parameters.c ctx_set_max_inline): ib_write_lat's inline
 * default, from current perftest's device table (rp_devkind.h: 220 bytes
 * on ConnectX-4 .. 10 and BlueField 1 .. 4, per-family values elsewhere,
 * 0 on devices it does not know). The output format is 6.06's: there, on
 * a device 6.06 did not recognize (Soft-RoCE, siw, ...) ib_read_lat prints
 * an extra separator, and so does ib_write_lat when -I is given
 * (rp_report_lat_extra_line keeps 6.06's list for that). @run gets @o
 * with the inline size resolved. Opens the device once to read its IDs.
 */
static int la_device(const struct rp_opts *o, struct rp_opts *run)
{
	bool write = la_pingpong(o), unknown, extra;
	struct rp_devkind kind;
	int ret;

	*run = *o;
	if (!rp_opts_full(o) && !(write && o->inline_size < 0))
		return 0;
	ret = rp_session_dev_unknown(o, &unknown, &kind);
	if (ret)
		return ret;
	extra = unknown && (!write || o->inline_size >= 0);
	if (write && o->inline_size < 0)
		run->inline_size = (int)(la_op(o) == RP_LAT_SEND ?
						 kind.send_lat_inline :
						 kind.write_lat_inline);
	if (extra && rp_opts_full(o))
		rp_fprintf(stdout, RP_RESULT_LINE);
	return 0;
}

static void la_header(const struct rp_session *s, const struct rp_header *h)
{
	enum rp_addr_fmt fmt = la_op(s->o) == RP_LAT_WRITE ? RP_ADDR_WRITE :
			       la_op(s->o) == RP_LAT_SEND  ? RP_ADDR_SEND :
							     RP_ADDR_READ;

	if (!rp_opts_full(s->o))
		return;
	rp_report_header(stdout, h);
	rp_report_addresses_fmt(stdout, &s->local[0], &s->remote[0], 1,
				s->o->rdma_cm ? RP_ADDR_CM : fmt);
}

/* The table header: perftest's, or with -D its duration form. */
static void la_title(const struct rp_opts *o)
{
	if (o->duration)
		rp_report_lat_title_dur(stdout);
	else
		rp_report_lat_title(stdout);
}

/* One size's row as perftest prints it (-D: t_avg and a rate only). */
static void la_row(const struct rp_opts *o, uint64_t size,
		   const struct rp_latstats *st, double tps)
{
	if (!rp_opts_full(o))
		rp_report_value(stdout, st->t_avg);
	else if (o->duration)
		rp_report_lat_row_dur(stdout, size, st->n, st->t_avg, tps);
	else
		rp_report_lat_row(stdout, size, st->n, st);
}

/* Run one size; print -H, the row; add it to the JSON document. */
static int la_size(struct rp_session *s, struct rp_lat_cfg *cfg,
		   struct rp_lat_samples *smp, struct rp_jsonout *j,
		   struct rp_latstats *st)
{
	unsigned int rtt = la_rtt(s->o);
	double tps;
	int ret;

	ret = rp_lat_run(&s->rails[0], &s->remote[0], cfg, smp);
	if (ret)
		return rp_session_run_failed(s, ret);
	rp_latstats_compute(smp->ns, smp->n, st);
	rp_latstats_div(st, rtt);
	tps = smp->run_ns ? (double)smp->n * 1e9 / (double)smp->run_ns : 0;
	if (s->o->histogram) {
		rp_report_lat_samples_div(stdout, smp->ns, smp->n, rtt);
		la_title(s->o);
	}
	la_row(s->o, cfg->size, st, tps);
	rp_jsonout_add_lat(j, cfg->size, st, tps, s->o->duration);
	return 0;
}

/* --validate: the client's slice holds what @size-byte READs brought
 * (the server's pattern) and nothing beyond. Sizes only grow, so bytes
 * past @size were never written. Outside any timed loop. */
static int la_check_read(struct rp_session *s, uint64_t size,
			 struct la_verdict *v)
{
	struct rp_rail *r = &s->rails[0];

	return rp_bufpat_check(&r->buf, 0, size, r->slice, 0, &v->v);
}

/* railperf's lines, on stderr after the table's closing line on stdout
 * (docs/measuring.md, Output). */
static void la_notes(const struct rp_session *s, const struct rp_lat_cfg *cfg,
		     const struct rp_lat_samples *smp,
		     const struct rp_latstats *st)
{
	if (la_op(s->o) == RP_LAT_SEND)
		rp_report_lat_method_pingpong(stderr, "SEND", cfg->warmup);
	else if (la_op(s->o) == RP_LAT_WRITE)
		rp_report_lat_method_write(stderr, cfg->warmup);
	else
		rp_report_lat_method(stderr, cfg->warmup);
	if (cfg->duration) /* -D: a single size */
		rp_report_lat_dur_stats(stderr, st);
	if (smp->capped) /* -D only, so a single size */
		rp_report_lat_capped(stderr, smp->n, smp->run_ns / 1e9,
				     cfg->duration);
}

/* The engine's settings for this side (SEND: @rx_posted, the receives
 * kept posted across sizes). */
static void la_lat_cfg(const struct rp_session *s, struct la_beat *beat,
		       unsigned int *rx_posted, struct rp_lat_cfg *cfg)
{
	const struct rp_opts *o = s->o;

	*cfg = (struct rp_lat_cfg){
		.iters = o->iters,
		.duration = o->duration,
		.warmup = RP_LAT_WARMUP,
		.max_samples = RP_LAT_MAX_SAMPLES,
		/* only the client beats: a side that beats takes anything
		 * the peer sends during the run for its end */
		.tick = s->server ? NULL : la_tick,
		.tick_arg = beat,
		.op = la_op(o),
		.first = s->server, /* perftest's server posts first */
		.inline_size = o->inline_size > 0 ? (unsigned)o->inline_size :
						    0,
		.rx_depth = o->rx_depth,
		.rx_posted = rx_posted,
	};
}

/* One side's state for the run skeleton. */
struct la_app {
	struct rp_session *s;
	struct rp_header h;
	struct rp_jsonout j;
	struct la_verdict v; /* READ client: the last size's check */
	bool writes_json;    /* the client, and WRITE's server */
	struct la_beat beat;
	struct rp_lat_cfg cfg;
	struct rp_lat_samples smp;
	struct rp_latstats st;
	unsigned int rx_posted; /* SEND: receives posted on QP 0 */
};

/* Before the first size: the engine's settings, the table's title. */
static void la_begin(void *app)
{
	struct la_app *la = app;

	la->beat = (struct la_beat){ .ctrl = &la->s->ctrl,
				     .last_ns = rp_now_ns() };
	la_lat_cfg(la->s, &la->beat, &la->rx_posted, &la->cfg);
	if (rp_opts_full(la->s->o))
		la_title(la->s->o);
}

/* One size: its run, -H, its row; READ --validate: the client's buffer
 * checked after it, a failed check -EILSEQ (the sizes stop). */
static int la_size_of(void *app, uint64_t size)
{
	struct la_app *la = app;
	struct rp_session *s = la->s;
	int ret;

	la->cfg.size = size;
	ret = la_size(s, &la->cfg, &la->smp, &la->j, &la->st);
	if (!ret && s->o->validate && la_check_read(s, size, &la->v))
		ret = -EILSEQ;
	return ret;
}

/* After the sizes: the table's closing line (also when a check failed),
 * railperf's notes after a good run. */
static void la_end(void *app, int ret)
{
	struct la_app *la = app;
	bool full = rp_opts_full(la->s->o);

	if ((!ret || ret == -EILSEQ) && full)
		rp_fprintf(stdout, RP_RESULT_LINE);
	if (!ret && full)
		la_notes(la->s, &la->cfg, &la->smp, &la->st);
	rp_lat_samples_free(&la->smp);
}

/* SEND, before each size's READY: the receives the peer's first SEND
 * takes (rp_lat_recv_prepost). */
static int la_arm(void *app, uint64_t size)
{
	struct la_app *la = app;
	int ret;

	(void)size;
	if (la_op(la->s->o) != RP_LAT_SEND)
		return 0;
	ret = rp_lat_recv_prepost(&la->s->rails[0], &la->cfg);
	return ret ? rp_session_run_failed(la->s, ret) : 0;
}

static void la_header_of(void *app)
{
	struct la_app *la = app;

	la_header(la->s, &la->h);
}

static void la_check(void *app, struct rp_verdict *v)
{
	*v = ((struct la_app *)app)->v.v;
}

/* --validate's line: the client's check of its last size, or on the
 * server the client's verdict (over its largest size). */
static void la_verdict(void *app, const struct rp_verdict *v, bool here)
{
	struct la_app *la = app;

	(void)here;
	rp_report_extra_verdict_out(rp_opts_full(la->s->o) ? stderr : NULL, v,
				    1);
}

/* railperf's rail lines, on stderr after the table. */
static void la_report(void *app)
{
	struct la_app *la = app;
	struct rp_session *s = la->s;

	if (rp_opts_full(s->o))
		rp_report_extra_rail(stderr, &s->rails[0], s->o->hugepages,
				     &s->local[0], &s->remote[0]);
}

/* The JSON document (READ's server writes none, as perftest's). */
static int la_json(void *app)
{
	struct la_app *la = app;
	struct rp_session *s = la->s;

	if (!la->writes_json)
		return 0;
	rp_jsonout_add_extra(&la->j, "same_nic",
			     cJSON_CreateBool(rp_rail_addr_same_port(
				     &s->local[0], &s->remote[0])));
	rp_jsonout_add_extra(&la->j, "memory", rp_json_mem(&s->rails[0].buf));
	return rp_jsonout_write(&la->j, &la->h);
}

static const struct rp_run_ops la_ops = {
	.header = la_header_of,
	.arm = la_arm,
	.begin = la_begin,
	.size = la_size_of,
	.end = la_end,
	.check = la_check,
	.verdict = la_verdict,
	.report = la_report,
	.json = la_json,
};

/* Either side, through the skeleton (rp_run.h). READ: the client READs
 * the server's buffer (the data reaches the client, which checks it);
 * the server is passive and prints no results. WRITE: both sides run the
 * ping-pong and print their table (perftest's write_lat server). */
static int la_side(struct rp_session *s)
{
	bool write = la_pingpong(s->o);
	struct la_app la = {
		.s = s,
		.v = { .v.ok = 1 },
		.writes_json = !s->server || write,
	};
	struct rp_run r = {
		.s = s,
		.ops = &la_ops,
		.app = &la,
		.measures = !s->server || write,
		.ready = la_op(s->o) == RP_LAT_SEND, /* receives first */
		.receives = !write && !s->server,
		.sends = !write && s->server,
	};
	int ret;

	rp_session_header(s, &la.h);
	if (rp_jsonout_init(&la.j, rp_opts_json_path(s->o), s->o->output))
		return -ENOMEM;
	ret = rp_run_side(&r);
	rp_jsonout_fini(&la.j);
	return ret;
}

int rp_latapp_run(const struct rp_opts *o)
{
	struct rp_rail_cfg cfg;
	struct rp_opts run;
	int ret;

	la_rail_cfg(o, &cfg); /* the buffer, before any device is opened */
	ret = rp_rail_mem_check(&cfg, 1, la_pingpong(o));
	if (!ret)
		ret = la_device(o, &run);
	if (ret)
		return ret;
	la_rail_cfg(&run, &cfg);
	return rp_session_run(&run, &cfg, la_side, la_side);
}

int rp_latapp_check(const struct rp_opts *o)
{
	if (la_pingpong(o) && o->validate) {
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
