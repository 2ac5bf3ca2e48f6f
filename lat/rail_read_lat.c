// SPDX-License-Identifier: MIT
/*
 * rail_read_lat - RDMA READ latency between a server and a client, with
 * ib_read_lat's flags and output. Server: no host argument; it registers
 * its buffer, prints the header and address lines and waits for the client
 * to finish (perftest's latency server prints no results). Client: the
 * server's host; it READs -s bytes at a time and prints one row per size.
 * --validate: the server's buffer holds the pattern before its rkey is
 * sent; after each size the client checks that its own buffer holds
 * exactly the bytes READ (pattern below the size, zeros above) and sends
 * the verdict to the server; both print it.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "output/rp_extra.h"
#include "output/rp_jsonout.h"
#include "engine/rp_lat.h"
#include "engine/rp_latstats.h"
#include "base/rp_log.h"
#include "app/rp_main.h"
#include "proto/rp_msg.h"
#include "app/rp_opts.h"
#include "proto/rp_pattern.h"
#include "output/rp_report.h"
#include "output/rp_report_lat.h"
#include "app/rp_session.h"
#include "base/rp_time.h"
#include "ctrl/rp_xchg.h"

#define RL_MAX_SIZES 32

struct rl_beat {
	struct rp_ctrl *ctrl;
	uint64_t last_ns;
};

/* --validate: the client's check of the last size it ran. */
struct rl_verdict {
	struct rp_verdict v;
	uint64_t checked; /* bytes per READ of that size */
};

/* Heartbeat to the server about once a second during a run; notices a
 * server that gave up or died. */
static int rl_tick(void *arg)
{
	struct rl_beat *b = arg;

	return rp_ctrl_beat(b->ctrl, &b->last_ns);
}

static void rl_rail_cfg(const struct rp_opts *o, struct rp_rail_cfg *c)
{
	rp_session_rail_defaults(o, c);
	c->num_qps = 1;
	/* as many outstanding READs as the device allows (perftest's
	 * default): rp_rail clamps to max_qp_rd_atom and max_qp_init_rd_atom,
	 * then to the peer's; 8-bit verbs field */
	c->rd_atomic = UINT8_MAX;
	c->fill_pattern = o->validate && !o->server;
}

/*
 * ib_read_lat 6.06 prints a separator before anything else on devices it
 * does not recognize (see rp_report_lat_extra_line); so do we, for
 * byte-identical output. Opens the device once to read its IDs.
 */
static int rl_extra_line(const struct rp_opts *o)
{
	struct rp_dev d;
	int ret;

	if (!rp_opts_full(o))
		return 0; /* --output: the number only */
	ret = rp_dev_open(&d, o->dev, o->ib_port);
	if (ret)
		return ret;
	if (rp_report_lat_extra_line(d.attr.vendor_id, d.attr.vendor_part_id))
		rp_fprintf(stdout, RP_RESULT_LINE);
	rp_dev_close(&d);
	return 0;
}

static void rl_header(const struct rp_session *s, const struct rp_header *h)
{
	if (!rp_opts_full(s->o))
		return;
	rp_report_header(stdout, h);
	rp_report_addresses_fmt(stdout, &s->local[0], &s->remote[0], 1,
				s->o->rdma_cm ? RP_ADDR_CM : RP_ADDR_READ);
}

/* The table header: perftest's, or with -D its duration form. */
static void rl_title(const struct rp_opts *o)
{
	if (o->duration)
		rp_report_lat_title_dur(stdout);
	else
		rp_report_lat_title(stdout);
}

/* One size's row as perftest prints it (-D: t_avg and a rate only). */
static void rl_row(const struct rp_opts *o, uint64_t size,
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
static int rl_client_size(struct rp_session *s, struct rp_lat_cfg *cfg,
			  struct rp_lat_samples *smp, struct rp_jsonout *j,
			  struct rp_latstats *st)
{
	double tps;
	int ret;

	ret = rp_lat_run(&s->rails[0], &s->remote[0], cfg, smp);
	if (ret)
		return rp_session_fail(s,
				       "the client's run failed (see its "
				       "output)",
				       ret);
	rp_latstats_compute(smp->ns, smp->n, st);
	tps = smp->run_ns ? (double)smp->n * 1e9 / (double)smp->run_ns : 0;
	if (s->o->histogram) {
		rp_report_lat_samples(stdout, smp->ns, smp->n);
		rl_title(s->o);
	}
	rl_row(s->o, cfg->size, st, tps);
	rp_jsonout_add_lat(j, cfg->size, st, tps, s->o->duration);
	return 0;
}

/* --validate: the client's slice holds what @size-byte READs brought
 * (the server's pattern) and nothing beyond. Sizes only grow, so bytes
 * past @size were never written. Outside any timed loop. */
static int rl_client_check(struct rp_session *s, uint64_t size,
			   struct rl_verdict *v)
{
	struct rp_rail *r = &s->rails[0];

	v->checked = size;
	return rp_pattern_check(rp_rail_slice(r, 0), size, r->slice, 0, &v->v);
}

/* The table: title, a row per size, RESULT_LINE; then railperf's notes.
 * A failed check (*v) stops the sizes; it is reported by the caller. */
static int rl_client_sizes(struct rp_session *s, struct rp_jsonout *j,
			   struct rl_verdict *v)
{
	struct rl_beat beat = { .ctrl = &s->ctrl, .last_ns = rp_now_ns() };
	struct rp_lat_cfg cfg = {
		.iters = s->o->iters,
		.duration = s->o->duration,
		.warmup = RP_LAT_WARMUP,
		.max_samples = RP_LAT_MAX_SAMPLES,
		.tick = rl_tick,
		.tick_arg = &beat,
	};
	struct rp_lat_samples smp = { 0 };
	uint64_t sizes[RL_MAX_SIZES];
	size_t n = rp_opts_sizes(s->o, sizes, RL_MAX_SIZES), i;
	struct rp_latstats st;
	int ret = 0;

	if (rp_opts_full(s->o))
		rl_title(s->o);
	for (i = 0; i < n && !ret; i++) {
		cfg.size = sizes[i];
		ret = rl_client_size(s, &cfg, &smp, j, &st);
		if (!ret && s->o->validate)
			ret = rl_client_check(s, cfg.size, v);
	}
	if (!ret && rp_opts_full(s->o)) {
		rp_fprintf(stdout, RP_RESULT_LINE);
		rp_report_lat_method(stdout, RP_LAT_WARMUP);
		if (cfg.duration) /* -D: a single size */
			rp_report_lat_dur_stats(stdout, &st);
		if (smp.capped) /* -D only, so a single size */
			rp_report_lat_capped(stdout, smp.n, smp.run_ns / 1e9,
					     cfg.duration);
	}
	rp_lat_samples_free(&smp);
	return ret;
}

/* --validate: print the client's verdict and send it to the server. A
 * failed check is the run's failure (-EILSEQ). */
static int rl_client_verdict(struct rp_session *s, const struct rl_verdict *v)
{
	int ret;

	rp_extra_verdict_out(rp_opts_full(s->o), &v->v, v->checked, 1);
	ret = rp_xchg_verdict_send(&s->ctrl, &v->v);
	return v->v.ok ? ret : -EILSEQ;
}

static int rl_client(struct rp_session *s)
{
	struct rl_verdict v = { .v.ok = 1 };
	struct rp_jsonout j;
	struct rp_header h;
	int ret, bye;

	rp_session_header(s, &h);
	rl_header(s, &h);
	if (rp_jsonout_init(&j, rp_opts_json_path(s->o), s->o->output))
		return -ENOMEM;
	ret = rl_client_sizes(s, &j, &v);
	if (s->o->validate && (!ret || !v.v.ok)) {
		if (ret && rp_opts_full(s->o))
			rp_fprintf(stdout,
				   RP_RESULT_LINE); /* close the table */
		ret = rl_client_verdict(s, &v);
	}
	if (!ret) {
		if (rp_opts_full(s->o))
			rp_extra_rail(stdout, &s->rails[0], s->o->hugepages,
				      &s->local[0], &s->remote[0]);
		rp_jsonout_add_extra(&j, "same_nic",
				     cJSON_CreateBool(rp_rail_addr_same_port(
					     &s->local[0], &s->remote[0])));
		ret = rp_jsonout_write(&j, &h);
		/* the run itself is over: let the server finish cleanly */
		bye = rp_xchg_sync(&s->ctrl, false, RP_MSG_BYE, -1);
		ret = ret ? ret : bye;
	}
	rp_jsonout_fini(&j);
	return ret;
}

/* --validate: the client's VERDICT on what its READs brought, printed. */
static int rl_server_verdict(struct rp_session *s)
{
	struct rp_verdict v;
	int ret;

	ret = rp_xchg_verdict_recv(&s->ctrl, &v);
	if (ret)
		return ret;
	rp_extra_verdict_out(rp_opts_full(s->o), &v, rp_opts_max_size(s->o), 1);
	return v.ok ? 0 : -EILSEQ;
}

/* Passive: the client READs our buffer; wait for its BYE (heartbeats
 * keep the wait alive during long runs), with --validate its VERDICT
 * first. */
static int rl_server(struct rp_session *s)
{
	struct rp_header h;
	int ret = 0;

	rp_session_header(s, &h);
	rl_header(s, &h);
	if (s->o->validate)
		ret = rl_server_verdict(s);
	if (!ret)
		ret = rp_xchg_sync(&s->ctrl, true, RP_MSG_BYE, -1);
	if (!ret && rp_opts_full(s->o))
		rp_extra_rail(stdout, &s->rails[0], s->o->hugepages,
			      &s->local[0], &s->remote[0]);
	return ret;
}

static int rl_run(const struct rp_opts *o)
{
	struct rp_rail_cfg cfg;
	int ret;

	ret = rl_extra_line(o);
	if (ret)
		return ret;
	rl_rail_cfg(o, &cfg);
	return rp_session_run(o, &cfg, rl_server, rl_client);
}

/* Every sample is kept: -n is bounded by the sample cap. */
static int rl_check(const struct rp_opts *o)
{
	if (o->duration || o->iters <= RP_LAT_MAX_SAMPLES)
		return 0;
	rp_err("invalid -n value '%llu': %s keeps every sample; valid values "
	       "are 5 .. %u",
	       (unsigned long long)o->iters, o->desc->name, RP_LAT_MAX_SAMPLES);
	return -EINVAL;
}

int main(int argc, char **argv)
{
	return rp_main(rp_test_desc_of(RP_TEST_READ_LAT), argc, argv, rl_check,
		       rl_run);
}
