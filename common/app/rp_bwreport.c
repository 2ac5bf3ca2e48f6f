// SPDX-License-Identifier: MIT
/*
 * The bandwidth run's reporter (rp_bwreport.h): every print and JSON key
 * of rail_write_bw and rail_multi_bw, in the order perftest's block and
 * railperf's section give.
 */
#include <stdio.h>
#include <stdlib.h>

#include "app/rp_bwfleet.h"
#include "app/rp_bwprobe.h"
#include "app/rp_bwreport.h"
#include "app/rp_bwwatch.h"
#include "app/rp_header.h"
#include "base/rp_log.h"
#include "base/rp_sysfs.h"
#include "engine/rp_bw.h"
#include "engine/rp_stats.h"
#include "output/rp_expect.h"
#include "output/rp_report_extra.h"
#include "output/rp_json_mem.h"
#include "output/rp_json_rail.h"
#include "output/rp_posting.h"
#include "output/rp_report.h"
#include "output/rp_report_bidir.h"
#include "output/rp_report_probe.h"
#include "output/rp_report_multi.h"
#include "output/rp_signature.h"
#include "info/rp_railinfo_health.h"
#include "verbs/rp_dev.h"

void rp_bwreport_title(const struct rp_bwrun *a)
{
	rp_report_bw_title(a->p->text, a->o->report_gbits);
}

void rp_bwreport_header(const struct rp_bwrun *a)
{
	struct rp_header h;

	rp_header_of(a->p, &a->s, &h);
	rp_report_header(a->p->text, &h);
	rp_report_addresses_fmt(a->p->text, a->s.local, a->s.remote, a->n,
				a->o->rdma_cm ? RP_ADDR_CM : a->p->verb->addr);
	if (!(a->p->role->posts && a->o->interval))
		rp_report_bw_title(a->p->text, a->o->report_gbits);
}

void rp_bwreport_row(struct rp_bwrun *a, const struct rp_result *row)
{
	const struct rp_opts *o = a->o;

	rp_report_bw_out(a->p->out, row, o->report_gbits, o->output);
	rp_jsonout_add_bw(&a->json, row);
	rp_opts_limit_pass(o, row->bw_avg, row->msg_rate, &a->bw_passed,
			   &a->rate_passed);
}

void rp_bwreport_size_row(struct rp_bwrun *a)
{
	struct rp_result row = a->agg;

	if (a->o->bidir)
		rp_bidir_sum(&a->agg, &a->peer_agg, &row);
	rp_bwreport_row(a, &row);
}

void rp_bwreport_block_end(const struct rp_bwrun *a)
{
	const struct rp_opts *o = a->o;

	if (o->bidir && o->report_both && !o->all_sizes)
		rp_report_bidir_both(a->p->text, &a->agg, &a->peer_agg,
				     o->report_gbits);
	rp_fprintf(a->p->text, RP_RESULT_LINE);
}

/* QPs over every rail: what --validate checked. */
static unsigned int bw_qps(const struct rp_bwrun *a)
{
	unsigned int i, qps = 0;

	for (i = 0; i < a->n; i++)
		qps += a->s.rails[i].num_qps;
	return qps;
}

void rp_bwreport_verdict(const struct rp_bwrun *a, const struct rp_verdict *v,
			 bool here)
{
	if (a->p->verb->atomic)
		rp_report_extra_word_verdict_out(a->p->extra, v, a->p->verb->wr,
						 here ? a->word : NULL);
	else
		rp_report_extra_verdict_out(a->p->extra, v, bw_qps(a));
}

void rp_bwreport_verdicts(const struct rp_bwrun *a,
			  const struct rp_verdict *here,
			  const struct rp_verdict *there)
{
	rp_report_bidir_verdict(a->p->extra, "received here", here, bw_qps(a));
	rp_report_bidir_verdict(a->p->extra, "received by the peer", there,
				bw_qps(a));
}

int rp_bwreport_json(struct rp_bwrun *a)
{
	struct rp_header h;

	rp_header_of(a->p, &a->s, &h);
	return rp_jsonout_write(&a->json, &h);
}

/* Rail @i's failure, or NULL: this side's, else (-b) the peer's. */
static const struct rp_fail *bw_fail(const struct rp_bwrun *a, unsigned int i)
{
	if (a->rail_res[i].fail.failed)
		return &a->rail_res[i].fail;
	if (a->o->bidir && a->p->multi && a->peer_res[i].fail.failed)
		return &a->peer_res[i].fail;
	return NULL;
}

unsigned int rp_bwreport_failed(const struct rp_bwrun *a)
{
	unsigned int i, n = 0;

	for (i = 0; i < a->n && a->p->multi; i++)
		n += bw_fail(a, i) != NULL;
	return n;
}

/* Rail @i's report: its result, share, counters and ceiling. */
static void bw_rail_report(const struct rp_bwrun *a, unsigned int i,
			   const struct rp_port_counters *after,
			   struct rp_rail_report *rr)
{
	const struct rp_railceil *c = &a->ceil;

	*rr = (struct rp_rail_report){
		.index = i,
		.rail = &a->s.rails[i],
		.cpu = a->s.server ? -1 : a->cpus[i],
		.numa_node = a->place[i].numa_node,
		.res = a->rail_res[i],
		/* of the healthy rails' total: none for a failed rail */
		.share = a->agg.iters && !bw_fail(a, i) ?
				 100.0 * (double)a->rail_res[i].iters /
					 (double)a->agg.iters :
				 0,
		.have_counters = a->have_counters[i],
		.speed_gbps = c->speed[i],
		.pcie_gbps = rp_pcie_path_gbps(&c->pcie[i], c->dir),
		.pcie_rcb_gbps = rp_pcie_path_rcb_gbps(&c->pcie[i], c->dir),
		.pcie_dir = c->dir,
		.verb = c->verb,
		.same_nic =
			rp_rail_addr_same_port(&a->s.local[i], &a->s.remote[i]),
		/* only this side's data left the port: with -b it also sent
		 * the ACKs of what it received; READ's data packets are the
		 * server's responses */
		.sender = a->p->role->posts && a->p->role->leaves &&
			  !a->p->role->lands,
		.needed = a->needed[i],
	};
	rp_counters_delta(&a->before[i], &after[i], &rr->delta);
}

/* --expect on the client: rail @i's verdict (line when it failed, JSON). */
static void bw_expect_rail(struct rp_bwrun *a, const struct rp_rail_report *rr,
			   uint64_t size, cJSON *obj)
{
	struct rp_rail_ceiling c;
	struct rp_expect e;
	char who[96];

	rp_rail_report_ceiling(rr, size, &c);
	rp_expect_eval(&e, a->o->expect, c.got, c.ceiling);
	snprintf(who, sizeof(who), "rail %u (%s)", rr->index,
		 rr->rail->dev.name);
	rp_expect_line(a->p->extra, who, &e);
	a->expect_failed |= !e.pass;
	if (obj)
		cJSON_AddItemToObject(obj, "verdict", rp_expect_json(&e));
}

/* --expect on the client: all rails against the set's ceiling. */
static void bw_expect_set(struct rp_bwrun *a, uint64_t size)
{
	double got = rp_goodput_gbps(a->agg.msg_rate, size);
	struct rp_expect e;

	rp_expect_eval(&e, a->o->expect, got, a->ceil.set);
	rp_expect_line(a->p->extra, "all rails", &e);
	/* a healthy run's line names no flag (docs/measuring.md, Output) */
	if (a->expect_failed || !e.pass)
		rp_fprintf(a->p->extra, " railperf: --expect %u%%: FAILED\n",
			   a->o->expect);
	else
		rp_fprintf(a->p->extra,
			   " railperf: expected %u%% of the ceilings: passed "
			   "by every rail and all rails together\n",
			   a->o->expect);
	a->expect_failed |= !e.pass;
	rp_jsonout_add_extra(&a->json, "verdict", rp_expect_json(&e));
}

/* --interval: where row @k began, s from the start. */
static double bw_ivl_from(const struct rp_bwrun *a, unsigned int k)
{
	return k ? a->ivl_end.v[k - 1] : 0;
}

/* --interval: the statistics line of rail @i (@i == n: all rails), and
 * its JSON object into @obj as @key. */
static void bw_ivl_report(struct rp_bwrun *a, unsigned int i, const char *who,
			  cJSON *obj, const char *key)
{
	struct rp_series_stats st;
	double from;
	cJSON *j;

	rp_series_stats(&a->ivl[i], &st);
	from = bw_ivl_from(a, st.argmin);
	rp_report_interval_stats(a->p->extra, who, &st, a->o->interval, from,
				 a->o->report_gbits);
	if (!obj)
		return;
	j = rp_json_intervals(&a->ivl[i], from, a->o->report_gbits);
	if (j && i < a->n) /* a rail's: its port counters per row */
		cJSON_AddItemToObject(j, "counters",
				      rp_json_ivl_counters(&a->ctr[i]));
	cJSON_AddItemToObject(obj, key, j);
}

/* --expect-min on the client: rail @i's slowest interval against its
 * ceiling (a line when it failed; JSON "verdict_min"). */
static void bw_expect_min_rail(struct rp_bwrun *a,
			       const struct rp_rail_report *rr, uint64_t size,
			       const char *who, cJSON *obj)
{
	struct rp_series_stats st;
	struct rp_rail_ceiling c;
	struct rp_expect e;
	double gbps;

	rp_series_stats(&a->ivl[rr->index], &st);
	/* the rows are in the report's unit: Gb/s, or MiB/s */
	gbps = a->o->report_gbits ? st.min : st.min * RP_MIB * 8 / 1e9;
	rp_rail_report_ceiling(rr, size, &c);
	rp_expect_eval(&e, a->o->expect_min, gbps, c.ceiling);
	e.pass = e.pass && st.n > 0;
	rp_expect_min_line(a->p->extra, who, &e, bw_ivl_from(a, st.argmin));
	a->expect_min_failed |= !e.pass;
	if (obj)
		cJSON_AddItemToObject(obj, "verdict_min", rp_expect_json(&e));
}

/* Rail @rr's thread CPU: the client's in a one-way run (the server
 * runs no rail thread and prints the client's, from RESULT); -b: this
 * side's and the peer's (swapped RESULT). JSON "cpu", "peer_cpu". */
static void bw_cpu_rail(struct rp_bwrun *a, const struct rp_rail_report *rr,
			const char *who, cJSON *obj)
{
	const char *me = a->s.server ? "server" : "client";
	const char *peer = a->s.server ? "client" : "server";
	unsigned int i = rr->index;

	if (!a->o->bidir)
		me = "client";
	rp_report_cpu(a->p->extra, who, me, &a->rail_res[i].cpu);
	if (obj)
		cJSON_AddItemToObject(obj, "cpu",
				      rp_json_cpu(&a->rail_res[i].cpu, me));
	if (!a->o->bidir)
		return;
	rp_report_cpu(a->p->extra, who, peer, &a->peer_res[i].cpu);
	if (obj)
		cJSON_AddItemToObject(obj, "peer_cpu",
				      rp_json_cpu(&a->peer_res[i].cpu, peer));
}

/* A rail's thread CPU, --interval statistics and --expect-min verdict. */
static void bw_ivl_rail(struct rp_bwrun *a, const struct rp_rail_report *rr,
			uint64_t size, cJSON *obj)
{
	char who[96];

	snprintf(who, sizeof(who), "rail %u (%s)", rr->index,
		 rr->rail->dev.name);
	bw_cpu_rail(a, rr, who, obj);
	if (a->ivl_end.n)
		bw_ivl_report(a, rr->index, who, obj, "intervals");
	if (a->o->expect_min && !a->s.server && !bw_fail(a, rr->index))
		bw_expect_min_rail(a, rr, size, who, obj);
}

/* --interval: all rails' statistics ("intervals": "seconds", "end_s" and
 * "all"); --expect-min's summary line on the client. */
static void bw_ivl_all(struct rp_bwrun *a)
{
	cJSON *o = NULL, *ends;
	unsigned int k;

	if (a->json.rows && a->ivl_end.n) {
		o = cJSON_CreateObject();
		ends = o ? cJSON_AddArrayToObject(o, "end_s") : NULL;
		for (k = 0; ends && k < a->ivl_end.n; k++)
			cJSON_AddItemToArray(
				ends, cJSON_CreateNumber(a->ivl_end.v[k]));
		if (o)
			cJSON_AddNumberToObject(o, "seconds", a->o->interval);
	}
	if (a->ivl_end.n)
		bw_ivl_report(a, a->n, "all rails", o, "all");
	if (o)
		rp_jsonout_add_extra(&a->json, "intervals", o);
	if (a->o->expect_min && !a->s.server && a->expect_min_failed)
		rp_fprintf(a->p->extra,
			   " railperf: --expect-min %u%%: FAILED\n",
			   a->o->expect_min);
	else if (a->o->expect_min && !a->s.server)
		rp_fprintf(a->p->extra,
			   " railperf: expected at least %u%% of the ceilings "
			   "in every interval: passed by every rail's slowest "
			   "interval\n",
			   a->o->expect_min);
}

/* JSON "events": the device events of the run, with their times. */
static void bw_events_json(struct rp_bwrun *a)
{
	cJSON *arr = a->json.rows ? cJSON_CreateArray() : NULL;
	const struct rp_bwevent *e;
	unsigned int k;

	for (k = 0; arr && k < a->n_events; k++) {
		e = &a->events[k];
		cJSON_AddItemToArray(arr,
				     rp_json_event(e->rail,
						   a->s.rails[e->rail].dev.name,
						   &e->ev, e->t_s));
	}
	rp_jsonout_add_extra(&a->json, "events", arr);
}

/* Rail @i's "FAILED at T s: REASON" line, when it failed. */
static void bw_failed_line(const struct rp_bwrun *a, unsigned int i)
{
	char who[96];

	if (!bw_fail(a, i))
		return;
	snprintf(who, sizeof(who), "rail %u (%s)", i, a->s.rails[i].dev.name);
	rp_report_failed(a->p->extra, who, bw_fail(a, i));
}

/* Some rails failed: the row and "all rails" are the healthy rails'
 * (a line; JSON "healthy_rails"). */
static void bw_healthy_line(struct rp_bwrun *a)
{
	unsigned int bad = rp_bwreport_failed(a);

	rp_jsonout_add_extra(&a->json, "healthy_rails",
			     cJSON_CreateNumber(a->n - bad));
	if (bad)
		rp_fprintf(a->p->extra,
			   " railperf: all rails: healthy rails %u of %u; the "
			   "row and the line above leave out the rails that "
			   "failed\n",
			   a->n - bad, a->n);
}

/* The verdict of a run in which rails failed: a line per failed rail
 * (both sides print them; exit status 1), JSON "failed_rails". */
static void bw_fail_verdicts(struct rp_bwrun *a)
{
	cJSON *arr = a->json.rows ? cJSON_CreateArray() : NULL, *o;
	const struct rp_fail *f;
	unsigned int i;
	char who[96];

	for (i = 0; i < a->n; i++) {
		if (!(f = bw_fail(a, i)))
			continue;
		snprintf(who, sizeof(who), "rail %u (%s)", i,
			 a->s.rails[i].dev.name);
		rp_report_fail_verdict(a->p->extra, who, f);
		o = arr ? rp_json_fail(f) : NULL;
		if (o) {
			cJSON_AddNumberToObject(o, "rail", i);
			cJSON_AddStringToObject(o, "device",
						a->s.rails[i].dev.name);
			cJSON_AddItemToArray(arr, o);
		}
	}
	rp_jsonout_add_extra(&a->json, "failed_rails", arr);
}

/* Rail @rr's facts for its grey-failure signature (rp_signature.h): its
 * goodput and ceiling, its loss, congestion and pause counters, and
 * whether its link and PCIe path were healthy (no device event or carrier
 * change during the run, no PCIe training or AER reason before it). */
static void bw_sig_in(const struct rp_bwrun *a, const struct rp_rail_report *rr,
		      uint64_t size, struct rp_sig_in *in)
{
	const struct rp_carrier *cd = &rr->delta.carrier;
	struct rp_rail_ceiling c;
	struct rp_lossy l;
	bool event = false;
	unsigned int k;

	rp_rail_report_ceiling(rr, size, &c);
	rp_rail_report_lossy(rr, size, &l);
	for (k = 0; k < a->n_events; k++)
		event |= a->events[k].rail == rr->index;
	*in = (struct rp_sig_in){
		.got = c.got,
		.ceiling = c.ceiling,
		.speed = rr->speed_gbps,
		.failed = bw_fail(a, rr->index) != NULL,
		.needed = l.needed,
		.resent = l.retrans,
		.retry = l.retry,
		.lossy = l.lossy,
		.quiet = !l.cnp && !l.pause_rx && !l.pause_tx,
		.link_ok = !event && !(cd->known && cd->changes) &&
			   !(a->s.health[rr->index] &
			     (RP_HEALTH_PCIE | RP_HEALTH_AER)),
	};
}

/* Every rail's report and, from all of them, its signature. */
static void bw_rail_reports(struct rp_bwrun *a, uint64_t size,
			    struct rp_rail_report *rr, struct rp_sig_in *sin,
			    struct rp_sig_out *sig)
{
	struct rp_port_counters after[RP_MAX_RAILS];
	unsigned int i;

	rp_bwwatch_counters(a, after);
	for (i = 0; i < a->n; i++) {
		bw_rail_report(a, i, after, &rr[i]);
		if (bw_fail(a, i))
			rr[i].res.fail = *bw_fail(a, i);
		bw_sig_in(a, &rr[i], size, &sin[i]);
	}
	rp_signature(sin, a->n, sig);
}

/* A result's BW average in bytes a second (its unit: MiB/s or Gb/s). */
static double bw_bps(const struct rp_bwrun *a, const struct rp_result *r)
{
	return a->o->report_gbits ? r->bw_avg * 1e9 / 8 : r->bw_avg * RP_MIB;
}

/* --lat_probe, rail @i: the probing side's two lines (or the line of a
 * probe that stopped) and JSON "lat_probe", its share against the rail's
 * BW average (-b: both directions); the peer's answers (WRITE) or its
 * passive part (READ). */
static void bw_probe_rail(struct rp_bwrun *a, unsigned int i, cJSON *obj)
{
	double bps = bw_bps(a, &a->rail_res[i]);
	int err = rp_bwprobe_err(a, i);
	struct rp_probe_report rep;
	char who[96];
	cJSON *j;

	if (!a->p->probe)
		return;
	snprintf(who, sizeof(who), "rail %u (%s)", i, a->s.rails[i].dev.name);
	if (a->o->bidir)
		bps += bw_bps(a, &a->peer_res[i]);
	if (a->s.server) {
		if (a->probes && !err) /* WRITE's echo */
			rp_report_probe_echo(a->p->extra, who,
					     a->probes->echoed[i]);
		j = rp_json_probe_peer(a->p->probecfg.verb,
				       a->probes ? a->probes->echoed[i] : 0,
				       err);
	} else if (!rp_bwprobe_report(a, i, bps, &rep)) {
		rp_report_probe(a->p->extra, who, &rep);
		j = rp_json_probe(&rep, err);
	} else {
		j = NULL; /* no loaded phase: the run ended before it */
	}
	if (err)
		rp_report_probe_lost(a->p->extra, who, err);
	if (obj)
		cJSON_AddItemToObject(obj, "lat_probe", j);
	else
		cJSON_Delete(j);
}

/* A rail list's lines: a pair per rail, its signature, the set's
 * ceiling, --expect's verdicts on the client; JSON "rails" (each with
 * "signature") and "set_ceiling_gbps". */
static void bw_report_rail_lines(struct rp_bwrun *a, uint64_t size)
{
	cJSON *rails = a->json.rows ? cJSON_CreateArray() : NULL, *obj;
	bool judge = a->o->expect && !a->s.server;
	struct rp_rail_report rr[RP_MAX_RAILS];
	struct rp_sig_in sin[RP_MAX_RAILS];
	struct rp_sig_out sig[RP_MAX_RAILS];
	unsigned int i;

	bw_rail_reports(a, size, rr, sin, sig);
	for (i = 0; i < a->n; i++) {
		rp_report_rail(a->p->extra, &rr[i], size, a->o->report_gbits);
		rp_sig_line(a->p->extra, i, &sin[i], &sig[i],
			    a->o->report_gbits);
		bw_failed_line(a, i);
		obj = rails ? rp_json_rail(&rr[i], size, a->o->report_gbits) :
			      NULL;
		bw_probe_rail(a, i, obj);
		if (obj)
			cJSON_AddItemToObject(obj, "signature",
					      rp_sig_json(&sig[i]));
		bw_ivl_rail(a, &rr[i], size, obj);
		if (judge && !bw_fail(a, i)) /* the healthy rails only */
			bw_expect_rail(a, &rr[i], size, obj);
		rp_bwfleet_rail(a, &rr[i], size);
		if (obj)
			cJSON_AddItemToArray(rails, obj);
	}
	rp_report_set(a->p->extra, &a->agg, size, a->ceil.set, a->ceil.why);
	bw_healthy_line(a);
	bw_ivl_all(a);
	bw_events_json(a);
	if (judge)
		bw_expect_set(a, size);
	rp_jsonout_add_extra(&a->json, "rails", rails);
	rp_jsonout_add_extra(&a->json, "set_ceiling_gbps",
			     a->ceil.set > 0 ? cJSON_CreateNumber(a->ceil.set) :
					       cJSON_CreateNull());
}

/* One rail's fleet record (rp_bwfleet), its counters read now. */
static void bw_fleet_one(struct rp_bwrun *a, uint64_t size)
{
	struct rp_port_counters after[1];
	struct rp_rail_report rr;

	if (!a->fleet.on)
		return;
	rp_bwwatch_counters(a, after);
	bw_rail_report(a, 0, after, &rr);
	rp_bwfleet_rail(a, &rr, size);
}

/* The client's posting (every rail alike): a line and "posting". */
static void bw_report_posting(struct rp_bwrun *a, uint64_t size)
{
	struct rp_bw_cfg cfg = a->p->bwcfg;

	if (a->s.server)
		return;
	cfg.size = size;
	rp_jsonout_add_extra(&a->json, "posting",
			     rp_posting_json(&cfg, a->s.rails[0].wr_api));
	rp_posting_line(a->p->extra, &cfg, a->s.rails[0].wr_api);
}

/* -b: each rail's two directions and their sum; a rail list adds all
 * rails' (JSON "bidirectional": one rail's, or "rails" and "all"). */
static void bw_report_bidir(struct rp_bwrun *a)
{
	bool gbits = a->o->report_gbits;
	cJSON *o = NULL, *rails = NULL;
	unsigned int i;

	if (a->json.rows && a->p->multi) {
		o = cJSON_CreateObject();
		rails = o ? cJSON_AddArrayToObject(o, "rails") : NULL;
	}
	for (i = 0; i < a->n; i++) {
		rp_report_bidir_rail(a->p->extra, (int)i,
				     a->s.rails[i].dev.name, &a->rail_res[i],
				     &a->peer_res[i], gbits);
		if (rails)
			cJSON_AddItemToArray(
				rails, rp_json_bidir(&a->rail_res[i],
						     &a->peer_res[i], gbits));
	}
	if (a->p->multi)
		rp_report_bidir_rail(a->p->extra, -1, NULL, &a->agg,
				     &a->peer_agg, gbits);
	if (o)
		cJSON_AddItemToObject(
			o, "all", rp_json_bidir(&a->agg, &a->peer_agg, gbits));
	if (a->json.rows && !a->p->multi)
		o = rp_json_bidir(&a->agg, &a->peer_agg, gbits);
	rp_jsonout_add_extra(&a->json, "bidirectional", o);
}

/* One rail's --expect on the client: its line and JSON "verdict" (with
 * the side whose PCIe bound judged it and the RCB figure). */
static void bw_expect_one(struct rp_bwrun *a, uint64_t size)
{
	const struct rp_rail *r = &a->s.rails[0];
	struct rp_expect e;
	char who[96];
	cJSON *v;

	rp_expect_eval(&e, a->o->expect, rp_goodput_gbps(a->agg.msg_rate, size),
		       a->ceil.r[0].cap);
	v = a->json.rows ? rp_expect_json(&e) : NULL;
	if (v) {
		cJSON_AddStringToObject(v, "pcie_side",
					rp_pcie_dir_key(a->ceil.dir));
		if (a->ceil.rcb[0] > 0)
			cJSON_AddNumberToObject(v, "ceiling_rcb_gbps",
						a->ceil.rcb[0]);
		else
			cJSON_AddNullToObject(v, "ceiling_rcb_gbps");
	}
	rp_jsonout_add_extra(&a->json, "verdict", v);
	a->expect_failed |= !e.pass;
	snprintf(who, sizeof(who), "rail %s port %u", r->dev.name, r->dev.port);
	if (!rp_expect_line(a->p->extra, who, &e))
		rp_fprintf(a->p->extra,
			   " railperf: %s: %.1f%% of its ceiling of %.2f "
			   "Gb/s: passed, %u%% expected\n",
			   who, e.percent, e.ceiling, e.pct);
	rp_expect_above_line(a->p->extra, who, e.got, e.ceiling);
}

void rp_bwreport_rails(struct rp_bwrun *a)
{
	const struct rp_opts *o = a->o;
	uint64_t size = a->agg.size;
	unsigned int i;

	rp_railceil_size(&a->ceil, a->s.rails, size);
	if (a->p->multi) {
		bw_report_rail_lines(a, size);
	} else {
		rp_jsonout_add_extra(&a->json, "same_nic",
				     cJSON_CreateBool(rp_rail_addr_same_port(
					     &a->s.local[0], &a->s.remote[0])));
		bw_events_json(a);
		bw_fleet_one(a, size);
	}
	rp_jsonout_add_extra(&a->json, "memory",
			     rp_json_mem(&a->s.rails[0].buf));
	for (i = 0; i < a->n; i++)
		rp_report_extra_rail(a->p->extra, &a->s.rails[i], o->hugepages,
				     &a->s.local[i], &a->s.remote[i]);
	bw_report_posting(a, size);
	if (o->bidir)
		bw_report_bidir(a);
	if (!a->p->multi && o->expect && !a->s.server)
		bw_expect_one(a, size);
	if (a->p->multi)
		bw_fail_verdicts(a);
	rp_bwfleet_report(a);
}
