// SPDX-License-Identifier: MIT
/*
 * rail_write_bw - RDMA WRITE bandwidth between a server and a client, with
 * ib_write_bw's flags and output. Server: no host argument; client: the
 * server's host. The client measures; the server prints the client's row.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "rp_bw.h"
#include "rp_extra.h"
#include "rp_jsonout.h"
#include "rp_log.h"
#include "rp_opts.h"
#include "rp_pattern.h"
#include "rp_report.h"
#include "rp_session.h"
#include "rp_signal.h"
#include "rp_time.h"
#include "rp_version.h"
#include "rp_xchg.h"

#define RP_PEAK_MAX_ITERS 20000	/* perftest measures no peak above this */
#define RP_PEAK_MAX_WRS 100000	/* keeps the O(n^2) peak under a second */

static const struct rp_test_desc wbw_desc = {
	.test = RP_TEST_WRITE_BW,
	.name = "rail_write_bw",
	.title = "RDMA_Write BW Test",
	.def_size = 65536,
	.def_iters = 5000,	/* perftest's DEF_ITERS_WB */
	.def_tx_depth = 128,
	.features = RP_FEAT_BW,
};

struct wbw_beat {
	struct rp_ctrl *ctrl;
	uint64_t last_ns;
};

/* Heartbeat to the server about once a second during a run; notices a
 * server that gave up or died. */
static int wbw_tick(void *arg)
{
	struct wbw_beat *b = arg;

	return rp_ctrl_beat(b->ctrl, &b->last_ns);
}

static void wbw_rail_cfg(const struct rp_opts *o, struct rp_rail_cfg *c)
{
	uint64_t max = rp_opts_max_size(o);

	*c = (struct rp_rail_cfg){
		.dev = o->dev,
		.port = o->ib_port,
		.gid_index = o->gid_index,
		.num_qps = o->num_qps,
		.tx_depth = o->tx_depth,
		.slice = rp_rail_slice_bytes(max),
		.mtu = o->mtu,
		.rd_atomic = 1,
		.hugepages = o->hugepages,
	};
}

static void wbw_fill_header(const struct rp_session *s, struct rp_header *h)
{
	const struct rp_rail *r = &s->rails[0];

	*h = (struct rp_header){
		.title = wbw_desc.title,
		.device = r->dev.name,
		.num_qps = r->num_qps,
		.transport = r->dev.ctx->device->transport_type ==
			     IBV_TRANSPORT_IWARP ? "IW" : "IB",
		.relaxed_ordering = r->relaxed_ordering,
		.wr_api = r->wr_api,
		.tx_depth = s->server ? -1 : (int)s->o->tx_depth,
		.cq_mod = (int)s->o->cq_mod,
		.mtu = rp_mtu_bytes(r->mtu),
		.link_type = rp_dev_is_roce(&r->dev) ? "Ethernet" : "IB",
		.gid_index = r->gid_index,
		.max_inline = 0,
		.out_reads = -1,
	};
}

static void wbw_header(const struct rp_session *s)
{
	struct rp_header h;

	wbw_fill_header(s, &h);
	if (s->o->cq_mod_given && s->o->cq_mod > 1 && s->o->size > 8192)
		rp_report_cq_mod_warning(stdout);
	rp_report_header(stdout, &h);
	rp_report_addresses(stdout, &s->local[0], &s->remote[0], false);
	rp_report_bw_title(stdout, s->o->report_gbits);
	fflush(stdout);
}

static void wbw_bw_cfg(const struct rp_opts *o, struct rp_bw_cfg *cfg,
		       struct wbw_beat *beat)
{
	*cfg = (struct rp_bw_cfg){
		.iters = o->iters,
		.duration = o->duration,
		.cq_mod = o->cq_mod,
		.peak = !o->duration && o->iters <= RP_PEAK_MAX_ITERS &&
			o->iters * o->num_qps <= RP_PEAK_MAX_WRS,
		.gbits = o->report_gbits,
		.tick = wbw_tick,
		.tick_arg = beat,
	};
}

/* Run every size; print a row each; @last gets the last row. */
static int wbw_client_sizes(struct rp_session *s, struct rp_result *last,
			    struct rp_jsonout *json)
{
	struct wbw_beat beat = { .ctrl = &s->ctrl, .last_ns = rp_now_ns() };
	uint64_t sizes[32];
	size_t n = rp_opts_sizes(s->o, sizes, 32), i;
	struct rp_bw_cfg cfg;
	struct rp_bw_out out;
	int ret;

	wbw_bw_cfg(s->o, &cfg, &beat);
	for (i = 0; i < n; i++) {
		cfg.size = sizes[i];
		ret = rp_bw_run(&s->rails[0], &s->remote[0], &cfg, &out);
		if (ret)
			return rp_session_fail(s, "the client's run failed "
					       "(see its output)", ret);
		rp_bw_result(&cfg, &out, last);
		rp_report_bw_row(stdout, last, s->o->report_gbits);
		fflush(stdout);
		rp_jsonout_add_bw(json, last);
	}
	rp_printf(RP_RESULT_LINE);
	return 0;
}

static int wbw_client_verdict(struct rp_session *s, uint64_t bytes)
{
	uint8_t buf[64];
	struct rp_verdict v;
	size_t len;
	int ret;

	ret = rp_ctrl_recv(&s->ctrl, RP_MSG_VERDICT, buf, sizeof(buf), &len, -1);
	if (ret)
		return ret;
	if (rp_msg_decode_verdict(buf, len, &v)) {
		rp_err("malformed VERDICT from %s", s->ctrl.peer);
		return -EBADMSG;
	}
	rp_extra_verdict(stdout, &v, bytes, s->rails[0].num_qps);
	return v.ok ? 0 : -EILSEQ;
}

/* --out_json: the document with @rows, written once; 0 when disabled. */
static int wbw_json(const struct rp_session *s, struct rp_jsonout *json)
{
	struct rp_header h;

	wbw_fill_header(s, &h);
	return rp_jsonout_write(json, s->o, &h);
}

static int wbw_client(struct rp_session *s)
{
	struct rp_rail *r = &s->rails[0];
	struct rp_jsonout json;
	struct rp_result last;
	uint8_t buf[64];
	unsigned int q;
	int ret;

	if (rp_jsonout_init(&json, s->o))
		return -ENOMEM;
	if (s->o->validate)
		for (q = 0; q < r->num_qps; q++)
			rp_pattern_fill(rp_rail_slice(r, q), r->slice, q);
	wbw_header(s);
	ret = wbw_client_sizes(s, &last, &json);
	if (!ret)
		ret = wbw_json(s, &json);
	rp_jsonout_fini(&json);
	if (ret)
		return ret;
	ret = rp_ctrl_send(&s->ctrl, RP_MSG_RESULT, buf,
			   rp_msg_encode_result(buf, sizeof(buf), &last));
	if (!ret && s->o->validate)
		ret = wbw_client_verdict(s, last.size);
	rp_extra_rail(stdout, r, s->o->hugepages);
	if (!ret)
		ret = rp_xchg_sync(&s->ctrl, false, RP_MSG_BYE, -1);
	return ret;
}

/* Check every QP's slice against the pattern; first failure wins. */
static void wbw_server_check(struct rp_session *s, uint64_t bytes,
			     struct rp_verdict *v)
{
	struct rp_rail *r = &s->rails[0];
	unsigned int q;

	for (q = 0; q < r->num_qps; q++)
		if (rp_pattern_check(rp_rail_slice(r, q), bytes, r->slice, q, v))
			return;
}

static int wbw_server_validate(struct rp_session *s, uint64_t bytes)
{
	struct rp_verdict v;
	uint8_t buf[64];
	int ret;

	wbw_server_check(s, bytes, &v);
	rp_extra_verdict(stdout, &v, bytes, s->rails[0].num_qps);
	ret = rp_ctrl_send(&s->ctrl, RP_MSG_VERDICT, buf,
			   rp_msg_encode_verdict(buf, sizeof(buf), &v));
	return ret ? ret : (v.ok ? 0 : -EILSEQ);
}

/* The server writes its test_info and the client's row, as perftest. */
static int wbw_server_json(const struct rp_session *s,
			   const struct rp_result *res)
{
	struct rp_jsonout json;

	if (rp_jsonout_init(&json, s->o))
		return -ENOMEM;
	rp_jsonout_add_bw(&json, res);
	return wbw_json(s, &json);
}

static int wbw_server(struct rp_session *s)
{
	struct rp_result res;
	uint8_t buf[64];
	size_t len;
	int ret, bye;

	wbw_header(s);
	ret = rp_ctrl_recv(&s->ctrl, RP_MSG_RESULT, buf, sizeof(buf), &len, -1);
	if (ret)
		return ret;
	if (rp_msg_decode_result(buf, len, &res)) {
		rp_err("malformed RESULT from %s", s->ctrl.peer);
		return -EBADMSG;
	}
	rp_report_bw_row(stdout, &res, s->o->report_gbits);
	rp_printf(RP_RESULT_LINE);
	ret = wbw_server_json(s, &res);
	if (!ret && s->o->validate)
		ret = wbw_server_validate(s, res.size);
	rp_extra_rail(stdout, &s->rails[0], s->o->hugepages);
	bye = rp_xchg_sync(&s->ctrl, true, RP_MSG_BYE, -1);
	return ret ? ret : bye;
}

static int wbw_run(const struct rp_opts *o)
{
	struct rp_session s;
	struct rp_rail_cfg cfg;
	int ret;

	wbw_rail_cfg(o, &cfg);
	ret = rp_session_open(&s, o, &cfg, 1);
	if (ret)
		return ret;
	ret = s.server ? wbw_server(&s) : wbw_client(&s);
	rp_session_close(&s);
	return ret;
}

int main(int argc, char **argv)
{
	struct rp_opts o;

	rp_opts_init(&o, &wbw_desc);
	if (rp_opts_parse(&o, argc, argv))
		return 1;
	if (o.help) {
		rp_opts_usage(&o, stdout);
		return 0;
	}
	if (o.version) {
		printf("%s (railperf) %s, output format of perftest %s\n",
		       wbw_desc.name, RP_VERSION, RP_PERFTEST_FORMAT);
		return 0;
	}
	if (rp_opts_finish(&o) || rp_signal_install())
		return 1;
	return wbw_run(&o) ? 1 : 0;
}
