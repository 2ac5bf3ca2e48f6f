// SPDX-License-Identifier: MIT
/*
 * rail_write_bw - RDMA WRITE bandwidth between a server and a client, with
 * ib_write_bw's flags and output. Server: no host argument; client: the
 * server's host. The client measures; the server prints the client's row.
 * -b: both sides write at once (rp_bidir) and both print the summed row.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/rp_bidir.h"
#include "engine/rp_bw.h"
#include "engine/rp_cycle.h"
#include "output/rp_posting.h"
#include "output/rp_extra.h"
#include "output/rp_expect.h"
#include "output/rp_jsonout.h"
#include "output/rp_railceil.h"
#include "base/rp_sysfs.h"
#include "base/rp_log.h"
#include "app/rp_main.h"
#include "app/rp_opts.h"
#include "proto/rp_pattern.h"
#include "output/rp_report.h"
#include "output/rp_report_bidir.h"
#include "app/rp_session.h"
#include "base/rp_signal.h"
#include "engine/rp_stats.h"
#include "base/rp_time.h"
#include "ctrl/rp_xchg.h"

#define RP_PEAK_MAX_ITERS 20000 /* perftest measures no peak above this */
#define RP_PEAK_MAX_WRS 100000	/* keeps the O(n^2) peak under a second */

/* The client's run: heartbeats, rows printed, the -w / -y gate. */
struct wbw_run {
	struct rp_session *s;
	uint64_t last_beat; /* ns */
	bool peer_ended;    /* the server sent BYE (--run_infinitely) */
	uint64_t progress;  /* WRs completed (rp_bw_cfg.progress) */
	uint64_t row_ns;    /* --run_infinitely: last row's time, */
	uint64_t row_done;  /* ... and WRs completed then */
	uint64_t size;
	struct rp_jsonout json;
	struct rp_result last; /* the last row */
	bool bw_passed, rate_passed;
	struct rp_expect expect; /* --expect: the last row's verdict */
};

/* One result as the run asked (row or --output number), the JSON row, the
 * -w / -y gate. */
static void wbw_row(struct wbw_run *w, const struct rp_result *res)
{
	const struct rp_opts *o = w->s->o;

	rp_report_bw_out(stdout, res, o->report_gbits, o->output);
	rp_jsonout_add_bw(&w->json, res);
	rp_opts_limit_pass(o, res->bw_avg, res->msg_rate, &w->bw_passed,
			   &w->rate_passed);
	w->last = *res;
}

/* --run_infinitely: a row of the last -D seconds (peak not measured). */
static void wbw_inf_row(struct wbw_run *w)
{
	const struct rp_opts *o = w->s->o;
	uint64_t now = rp_now_ns(), done, ns;
	struct rp_result res;

	if (now - w->row_ns < o->duration * RP_NSEC_PER_SEC)
		return;
	done = __atomic_load_n(&w->progress, __ATOMIC_RELAXED);
	ns = now - w->row_ns;
	res = (struct rp_result){
		.size = w->size,
		.iters = done - w->row_done,
		.bw_avg = rp_bw((done - w->row_done) * w->size, ns,
				o->report_gbits),
		.msg_rate = rp_msg_rate(done - w->row_done, ns),
	};
	wbw_row(w, &res);
	w->row_ns = now;
	w->row_done = done;
}

/* Heartbeat to the server about once a second during a run (notices a
 * server that gave up or died); --run_infinitely: rows, and a BYE from
 * the server ends the run (return 1). */
static int wbw_tick(void *arg)
{
	struct wbw_run *w = arg;
	int ret;

	ret = rp_ctrl_beat(&w->s->ctrl, &w->last_beat);
	if (ret == -ESHUTDOWN && w->s->o->run_infinitely) {
		w->peer_ended = true;
		return 1;
	}
	if (!ret && w->s->o->run_infinitely)
		wbw_inf_row(w);
	return ret;
}

static void wbw_header(const struct rp_session *s)
{
	struct rp_header h;

	if (!rp_opts_full(s->o))
		return;
	rp_session_header(s, &h);
	rp_report_header(stdout, &h);
	rp_report_addresses_fmt(stdout, &s->local[0], &s->remote[0], 1,
				s->o->rdma_cm ? RP_ADDR_CM : RP_ADDR_WRITE);
	rp_report_bw_title(stdout, s->o->report_gbits);
}

/* The perftest block's closing line; railperf's own lines after it. */
static void wbw_footer(const struct rp_session *s)
{
	if (rp_opts_full(s->o))
		rp_fprintf(stdout, RP_RESULT_LINE);
}

static void wbw_extra(const struct rp_session *s)
{
	if (rp_opts_full(s->o))
		rp_extra_rail(stdout, &s->rails[0], s->o->hugepages,
			      &s->local[0], &s->remote[0]);
}

static void wbw_bw_cfg(const struct rp_opts *o, struct rp_bw_cfg *cfg,
		       struct wbw_run *w)
{
	rp_session_bw_defaults(o, cfg);
	cfg->infinite = o->run_infinitely;
	cfg->peak = !o->no_peak && !o->duration &&
		    o->iters <= RP_PEAK_MAX_ITERS &&
		    o->iters * o->num_qps <= RP_PEAK_MAX_WRS;
	cfg->tick = wbw_tick;
	cfg->tick_arg = w;
	cfg->progress = &w->progress;
}

/* Run every size (or, --run_infinitely, one until stopped); a row each. */
static int wbw_client_sizes(struct wbw_run *w)
{
	struct rp_session *s = w->s;
	uint64_t sizes[32];
	size_t n = rp_opts_sizes(s->o, sizes, 32), i;
	struct rp_bw_cfg cfg;
	struct rp_bw_out out;
	struct rp_result res;
	int ret;

	wbw_bw_cfg(s->o, &cfg, w);
	for (i = 0; i < n; i++) {
		cfg.size = w->size = sizes[i];
		w->row_ns = rp_now_ns();
		w->row_done = 0;
		ret = rp_bw_run(&s->rails[0], &s->remote[0], &cfg, &out);
		if (ret)
			return rp_session_run_failed(s, ret);
		if (s->o->run_infinitely)
			break; /* its rows were printed on the way */
		rp_bw_result(&cfg, &out, &res);
		wbw_row(w, &res);
	}
	wbw_footer(s);
	return 0;
}

static int wbw_client_verdict(struct rp_session *s, uint64_t bytes)
{
	struct rp_verdict v;
	int ret;

	ret = rp_xchg_verdict_recv(&s->ctrl, &v);
	if (ret)
		return ret;
	rp_extra_verdict_out(rp_opts_full(s->o), &v, bytes,
			     s->rails[0].num_qps);
	return v.ok ? 0 : -EILSEQ;
}

/* --out_json: the document with @rows, written once; 0 when disabled. */
static int wbw_json(const struct rp_session *s, struct rp_jsonout *json)
{
	struct rp_header h;

	rp_session_header(s, &h);
	rp_jsonout_add_extra(json, "same_nic",
			     cJSON_CreateBool(rp_rail_addr_same_port(
				     &s->local[0], &s->remote[0])));
	return rp_jsonout_write(json, &h);
}

/* After the rows: RESULT (and the verdict), or for --run_infinitely the
 * goodbye of whichever side ended the run. */
static int wbw_client_end(struct wbw_run *w)
{
	struct rp_session *s = w->s;
	int ret;

	if (s->o->run_infinitely) {
		if (w->peer_ended)
			return rp_ctrl_send(&s->ctrl, RP_MSG_BYE, NULL, 0);
		rp_stop_reset(); /* our SIGINT ended it: say BYE */
		return rp_xchg_sync(&s->ctrl, false, RP_MSG_BYE, -1);
	}
	ret = rp_xchg_result_send(&s->ctrl, &w->last);
	if (!ret && s->o->validate)
		ret = wbw_client_verdict(s, w->last.size);
	return ret;
}

/* --expect: the last row against the rail's ceiling (rp_railceil), into
 * w->expect and the JSON document. */
static int wbw_expect(struct wbw_run *w)
{
	struct rp_railceil *c = calloc(1, sizeof(*c));
	const struct rp_session *s = w->s;
	uint64_t size = w->last.size;

	if (!c)
		return -ENOMEM;
	rp_railceil_read(c, RP_SYSFS_ROOT, s->rails, 1);
	rp_railceil_size(c, s->rails, size);
	rp_expect_eval(&w->expect, s->o->expect,
		       rp_goodput_gbps(w->last.msg_rate, size), c->r[0].cap);
	free(c);
	rp_jsonout_add_extra(&w->json, "verdict", rp_expect_json(&w->expect));
	return 0;
}

/* --expect's line after the perftest block; -ERANGE when it failed. */
static int wbw_expect_out(const struct wbw_run *w)
{
	const struct rp_rail *r = &w->s->rails[0];
	char who[96];

	snprintf(who, sizeof(who), "rail %s port %u", r->dev.name, r->dev.port);
	if (rp_opts_full(w->s->o) && !rp_expect_line(stdout, who, &w->expect))
		rp_fprintf(stdout,
			   " railperf: %s: %.1f%% of its ceiling of %.2f "
			   "Gb/s: --expect %u%% passed\n",
			   who, w->expect.percent, w->expect.ceiling,
			   w->expect.pct);
	return w->expect.pass ? 0 : -ERANGE;
}

static int wbw_client(struct rp_session *s)
{
	struct rp_rail *r = &s->rails[0];
	struct wbw_run w = { .s = s, .last_beat = rp_now_ns() };
	struct rp_bw_cfg cfg;
	unsigned int q;
	int ret;

	if (rp_jsonout_init(&w.json, rp_opts_json_path(s->o), s->o->output))
		return -ENOMEM;
	if (s->o->validate)
		for (q = 0; q < r->num_qps; q++)
			rp_pattern_fill(rp_rail_slice(r, q), r->slice, q);
	wbw_header(s);
	ret = wbw_client_sizes(&w);
	wbw_bw_cfg(s->o, &cfg, &w);
	rp_jsonout_add_extra(&w.json, "posting",
			     rp_posting_json(&cfg, r->wr_api));
	if (!ret && s->o->expect)
		ret = wbw_expect(&w);
	if (!ret)
		ret = wbw_json(s, &w.json);
	rp_jsonout_fini(&w.json);
	if (ret)
		return ret;
	ret = wbw_client_end(&w);
	wbw_extra(s);
	if (rp_opts_full(s->o))
		rp_posting_line(stdout, &cfg, r->wr_api);
	if (!ret && !s->o->run_infinitely)
		ret = rp_xchg_sync(&s->ctrl, false, RP_MSG_BYE, -1);
	if (!ret && !rp_opts_limits_ok(s->o, w.bw_passed, w.rate_passed))
		ret = -ERANGE;
	if (s->o->expect && !s->o->run_infinitely) {
		int e = wbw_expect_out(&w);

		ret = ret ? ret : e;
	}
	return ret;
}

/* Check every QP's slice against the pattern; first failure wins. */
static void wbw_server_check(struct rp_session *s, uint64_t bytes,
			     struct rp_verdict *v)
{
	struct rp_rail *r = &s->rails[0];
	unsigned int q;

	for (q = 0; q < r->num_qps; q++)
		if (rp_pattern_check(rp_rail_slice(r, q), bytes, r->slice, q,
				     v))
			return;
}

static int wbw_server_validate(struct rp_session *s, uint64_t bytes)
{
	struct rp_verdict v;
	int ret;

	wbw_server_check(s, bytes, &v);
	rp_extra_verdict_out(rp_opts_full(s->o), &v, bytes,
			     s->rails[0].num_qps);
	ret = rp_xchg_verdict_send(&s->ctrl, &v);
	return ret ? ret : (v.ok ? 0 : -EILSEQ);
}

/* The server writes its test_info and the client's row, as perftest. */
static int wbw_server_json(const struct rp_session *s,
			   const struct rp_result *res)
{
	struct rp_jsonout json;

	if (rp_jsonout_init(&json, rp_opts_json_path(s->o), s->o->output))
		return -ENOMEM;
	rp_jsonout_add_bw(&json, res);
	return wbw_json(s, &json);
}

/* --run_infinitely: no rows here (as perftest's server); wait for BYE. */
static int wbw_server_infinite(struct rp_session *s)
{
	int ret = rp_xchg_wait_bye(&s->ctrl);

	wbw_footer(s);
	wbw_extra(s);
	return ret;
}

static int wbw_server(struct rp_session *s)
{
	struct rp_result res;
	int ret, bye;

	wbw_header(s);
	if (s->o->run_infinitely)
		return wbw_server_infinite(s);
	ret = rp_xchg_result_recv(&s->ctrl, &res);
	if (ret)
		return ret;
	rp_report_bw_out(stdout, &res, s->o->report_gbits, s->o->output);
	wbw_footer(s);
	ret = wbw_server_json(s, &res);
	if (!ret && s->o->validate)
		ret = wbw_server_validate(s, res.size);
	wbw_extra(s);
	bye = rp_xchg_sync(&s->ctrl, true, RP_MSG_BYE, -1);
	return ret ? ret : bye;
}

/* -b: one size on both sides at once, released together by READY; the
 * results swapped and the summed row printed. */
static int wbw_bidir_size(struct wbw_run *w, const struct rp_bw_cfg *cfg,
			  const struct rp_rail_addr *peer,
			  struct rp_result *local, struct rp_result *remote)
{
	struct rp_session *s = w->s;
	struct rp_bw_out out;
	struct rp_result sum;
	int ret;

	ret = rp_xchg_sync(&s->ctrl, s->server, RP_MSG_READY, -1);
	if (ret)
		return ret;
	ret = rp_bw_run(&s->rails[0], peer, cfg, &out);
	if (ret)
		return rp_session_run_failed(s, ret);
	rp_bw_result(cfg, &out, local);
	ret = rp_xchg_result_swap(&s->ctrl, s->server, local, remote);
	if (ret)
		return ret;
	rp_bidir_sum(local, remote, &sum);
	wbw_row(w, &sum);
	return 0;
}

/* -b: every size; --report-both's blocks (one size only, as perftest). */
static int wbw_bidir_sizes(struct wbw_run *w, struct rp_result *local,
			   struct rp_result *remote)
{
	struct rp_session *s = w->s;
	struct rp_rail_addr *peer = malloc(sizeof(*peer));
	uint64_t sizes[32];
	size_t n = rp_opts_sizes(s->o, sizes, 32), i;
	struct rp_bw_cfg cfg;
	int ret = peer ? 0 : -ENOMEM;

	wbw_bw_cfg(s->o, &cfg, w);
	if (s->server)
		cfg.tick = NULL; /* only the client beats */
	if (peer)
		rp_bidir_peer(&s->remote[0], peer);
	for (i = 0; i < n && !ret; i++) {
		cfg.size = w->size = sizes[i];
		ret = wbw_bidir_size(w, &cfg, peer, local, remote);
	}
	free(peer);
	if (!ret && s->o->report_both && !s->o->all_sizes && rp_opts_full(s->o))
		rp_report_bidir_both(stdout, local, remote, s->o->report_gbits);
	wbw_footer(s);
	return ret;
}

/* -b --validate: each side checks what arrived in its receive halves;
 * both verdicts are swapped and printed. */
static int wbw_bidir_validate(struct rp_session *s, uint64_t bytes)
{
	struct rp_verdict here, there;
	bool full = rp_opts_full(s->o);
	unsigned int qps = s->rails[0].num_qps;
	int ret;

	rp_bidir_check(&s->rails[0], bytes, 0, &here);
	ret = rp_xchg_verdict_swap(&s->ctrl, s->server, &here, &there);
	if (ret)
		return ret;
	rp_report_bidir_verdict(full, "received here", &here, bytes, qps);
	rp_report_bidir_verdict(full, "received by the peer", &there, bytes,
				qps);
	return here.ok && there.ok ? 0 : -EILSEQ;
}

/* -b, either side: the run, the rows, railperf's lines, JSON, BYE. */
static int wbw_bidir(struct rp_session *s)
{
	struct wbw_run w = { .s = s, .last_beat = rp_now_ns() };
	struct rp_result local = { 0 }, remote = { 0 };
	int ret, bye;

	if (rp_jsonout_init(&w.json, rp_opts_json_path(s->o), s->o->output))
		return -ENOMEM;
	if (s->o->validate)
		rp_bidir_fill(&s->rails[0]);
	wbw_header(s);
	ret = wbw_bidir_sizes(&w, &local, &remote);
	if (!ret && rp_opts_full(s->o))
		rp_report_bidir_rail(stdout, 0, s->rails[0].dev.name, &local,
				     &remote, s->o->report_gbits);
	if (!ret)
		rp_jsonout_add_extra(&w.json, "bidirectional",
				     rp_json_bidir(&local, &remote));
	if (!ret)
		ret = wbw_json(s, &w.json);
	rp_jsonout_fini(&w.json);
	if (!ret && s->o->validate)
		ret = wbw_bidir_validate(s, local.size);
	if (ret)
		return ret;
	wbw_extra(s);
	bye = rp_xchg_sync(&s->ctrl, s->server, RP_MSG_BYE, -1);
	if (!rp_opts_limits_ok(s->o, w.bw_passed, w.rate_passed))
		return -ERANGE;
	return bye;
}

static int wbw_run(const struct rp_opts *o)
{
	struct rp_rail_cfg cfg;

	rp_session_rail_defaults(o, &cfg);
	if (!o->bidir)
		return rp_session_run(o, &cfg, wbw_server, wbw_client);
	/* two halves per QP: what this side sends, what arrives */
	cfg.slice = rp_rail_slice_bytes(2 * rp_opts_max_size(o));
	return rp_session_run(o, &cfg, wbw_bidir, wbw_bidir);
}

int main(int argc, char **argv)
{
	return rp_main(rp_test_desc_of(RP_TEST_WRITE_BW), argc, argv, NULL,
		       wbw_run);
}
