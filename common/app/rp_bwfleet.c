// SPDX-License-Identifier: MIT
/*
 * Fleet checks of a bandwidth run (rp_bwfleet.h): the baseline's
 * refusals, each rail's records, the comparison and the files.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/rp_bwfleet.h"
#include "app/rp_bwrun.h"
#include "base/rp_log.h"
#include "base/rp_sysfs.h"
#include "base/rp_time.h"
#include "engine/rp_stats.h"
#include "net/rp_netdev.h"
#include "output/rp_baseline.h"
#include "output/rp_baseline_read.h"
#include "output/rp_junit.h"
#include "output/rp_openmetrics.h"
#include "output/rp_report_multi.h"
#include "verbs/rp_dev.h"

static const char *bwf_verb(enum rp_verb v)
{
	switch (v) {
	case RP_VERB_READ: return "read";
	case RP_VERB_SEND: return "send";
	case RP_VERB_WRITE_IMM: return "write_with_imm";
	default: return "write";
	}
}

/* "-q" "%u" into @b. */
static void bwf_flag_u(struct rp_baseline *b, const char *name,
		       unsigned long long v)
{
	char s[32];

	snprintf(s, sizeof(s), "%llu", v);
	rp_baseline_flag(b, name, s);
}

/* The options that change a bandwidth run's numbers, into @b. */
static void bwf_flags(const struct rp_opts *o, struct rp_baseline *b)
{
	rp_baseline_flag(b, "--verb", bwf_verb(o->verb));
	if (o->all_sizes)
		rp_baseline_flag(b, "-a", "on");
	else
		bwf_flag_u(b, "-s", o->size);
	bwf_flag_u(b, "-q", o->num_qps);
	bwf_flag_u(b, "-t", o->tx_depth);
	bwf_flag_u(b, "-Q", o->cq_mod);
	bwf_flag_u(b, "-l", o->post_list);
	if (o->inline_size >= 0)
		bwf_flag_u(b, "-I", (unsigned int)o->inline_size);
	else
		rp_baseline_flag(b, "-I", "default");
	if (o->mtu)
		bwf_flag_u(b, "-m", o->mtu);
	else
		rp_baseline_flag(b, "-m", "the port's");
	if (o->duration)
		bwf_flag_u(b, "-D", o->duration);
	else
		bwf_flag_u(b, "-n", o->iters);
	rp_baseline_flag(b, "-b", o->bidir ? "on" : "off");
	if (o->verb == RP_VERB_READ && o->outs)
		bwf_flag_u(b, "-o", o->outs);
	if (rp_verb_recv(o->verb))
		bwf_flag_u(b, "-r", o->rx_depth);
	rp_baseline_flag(b, "memory", rp_opts_cuda_given(o) ? "GPU" : "host");
}

int rp_bwfleet_check(const struct rp_opts *o)
{
	struct rp_baseline was, now;
	char why[320];
	int ret = rp_fleet_opts_check(&o->fleet, rp_opts_json_path(o));

	if (ret || !o->fleet.baseline)
		return ret;
	if (rp_baseline_load(o->fleet.baseline, &was))
		return -EINVAL;
	rp_baseline_init(&now, o->desc->name);
	bwf_flags(o, &now);
	if (!o->fleet.force &&
	    rp_baseline_refuse_flags(&was, &now, why, sizeof(why))) {
		rp_err("--baseline '%s' refused: %s (other flags change the "
		       "numbers; --baseline-force compares anyway)",
		       o->fleet.baseline, why);
		ret = -EINVAL;
	}
	rp_baseline_fini(&was);
	rp_baseline_fini(&now);
	return ret;
}

/* This run as a baseline: its flags and this host with rails @dev[i],
 * @port[i] (no results yet). */
static void bwf_now(const struct rp_opts *o, const char *const *dev,
		    const unsigned int *port, unsigned int n,
		    struct rp_baseline *b)
{
	struct rp_ident_host h;
	unsigned int i;

	rp_baseline_init(b, o->desc->name);
	bwf_flags(o, b);
	rp_identity_self(&h);
	for (i = 0; i < n; i++)
		rp_identity_add(&h, RP_SYSFS_ROOT, dev[i], port[i]);
	rp_baseline_add_host(b, &h);
}

/* --baseline of other hardware than @now (unless forced): one line,
 * -EINVAL. */
static int bwf_refuse_hw(const struct rp_opts *o, const struct rp_baseline *was,
			 const struct rp_baseline *now)
{
	char why[320];

	if (o->fleet.force ||
	    !rp_baseline_refuse_hw(was, now, why, sizeof(why)))
		return 0;
	rp_err("--baseline '%s' refused: %s (a baseline of other hardware; "
	       "--baseline-force compares anyway)",
	       o->fleet.baseline, why);
	return -EINVAL;
}

/* Rail @i's device and port as configured; one rail without -d: the
 * first device (as the session takes it). False when unknown (rdma_cm
 * chooses it by the server's address). */
static bool bwf_cfg_rail(const struct rp_bwrun *a,
			 const struct rp_rail_cfg *cfg, unsigned int i,
			 char *dev, size_t len)
{
	if (cfg[i].dev) {
		snprintf(dev, len, "%s", cfg[i].dev);
		return true;
	}
	return !a->o->rdma_cm && !rp_dev_first_name(dev, len);
}

/* Rail @i's link-drop and out-of-sequence counters now, into @h. */
static void bwf_health(const char *dev, unsigned int port,
		       struct rp_healthctr *h)
{
	char nd[64];

	if (rp_ibdev_port_netdev(RP_SYSFS_ROOT, dev, port, nd, sizeof(nd)))
		nd[0] = '\0';
	rp_healthctr_read(RP_SYSFS_ROOT, dev, port, nd, h);
}

int rp_bwfleet_open(struct rp_bwrun *a, const struct rp_rail_cfg *cfg,
		    unsigned int n)
{
	struct rp_fleet_run *f = &a->fleet;
	char names[RP_MAX_RAILS][64];
	const char *dev[RP_MAX_RAILS];
	unsigned int port[RP_MAX_RAILS], i;
	struct rp_ident_host self;
	struct rp_baseline now;
	bool known = true;
	int ret;

	f->on = rp_fleet_opts_any(&a->o->fleet);
	if (!f->on)
		return 0;
	f->t0_ns = rp_now_ns();
	f->start = time(NULL);
	rp_identity_self(&self);
	memcpy(f->host, self.host, sizeof(f->host));
	for (i = 0; i < n && i < RP_MAX_RAILS; i++) {
		known = known && bwf_cfg_rail(a, cfg, i, names[i], 64);
		dev[i] = names[i];
		port[i] = cfg[i].port;
		if (known)
			bwf_health(dev[i], port[i], &f->before[i]);
	}
	if (!a->o->fleet.baseline)
		return 0;
	f->was = calloc(1, sizeof(*f->was));
	if (!f->was || rp_baseline_load(a->o->fleet.baseline, f->was))
		return -EINVAL;
	if (!known)
		return 0; /* rdma_cm: checked against the rails at the end */
	bwf_now(a->o, dev, port, n, &now);
	ret = bwf_refuse_hw(a->o, f->was, &now);
	rp_baseline_fini(&now);
	return ret;
}

/* A new record, or NULL when there is no room. */
static struct rp_fleet_rec *bwf_new(struct rp_fleet_run *f)
{
	struct rp_fleet_rec *r;

	if (f->n >= RP_FLEET_RUN_RECS)
		return NULL;
	r = &f->rec[f->n++];
	memset(r, 0, sizeof(*r));
	return r;
}

/* Which way a one-way run's data crosses this host. */
static const char *bwf_direction(const struct rp_bwrun *a)
{
	return a->p->role->lands ? "receive" : "send";
}

/* A record's identity: rail @i's name (with -b its direction), device,
 * port; its ceiling @ceiling. */
static void bwf_rec_id(const struct rp_bwrun *a, unsigned int i,
		       const char *dir, double ceiling, struct rp_fleet_rec *r)
{
	const struct rp_rail *rail = &a->s.rails[i];

	snprintf(r->name, sizeof(r->name), "rail %u (%s)%s%s", i,
		 rail->dev.name, a->o->bidir ? " " : "",
		 a->o->bidir ? dir : "");
	r->rail = (int)i;
	snprintf(r->device, sizeof(r->device), "%s", rail->dev.name);
	r->port = rail->dev.port;
	r->direction = dir;
	r->ceiling = ceiling;
}

/* The port's counters over the run into @r (from @l and rp_healthctr). */
static void bwf_counters(struct rp_fleet_run *f, const struct rp_rail *rail,
			 unsigned int i, const struct rp_lossy *l,
			 struct rp_fleet_rec *r)
{
	struct rp_healthctr now, d;

	r->counters = true;
	r->retrans = (struct rp_fleet_count){ l->retrans_known, l->retrans };
	r->cnp = (struct rp_fleet_count){ l->cnp_known, l->cnp };
	r->pause_rx = (struct rp_fleet_count){ l->pause_known, l->pause_rx };
	r->pause_tx = (struct rp_fleet_count){ l->pause_known, l->pause_tx };
	bwf_health(rail->dev.name, rail->dev.port, &now);
	rp_healthctr_delta(&f->before[i], &now, &d);
	r->ooo = (struct rp_fleet_count){ d.have_ooo, d.ooo };
	r->drops = (struct rp_fleet_count){ d.have_drops, d.drops };
}

/* The client's --expect and --expect-min of rail @i into @r (the checks
 * rp_bwreport.c makes on the healthy rails). */
static void bwf_expects(const struct rp_bwrun *a, unsigned int i,
			struct rp_fleet_rec *r)
{
	struct rp_series_stats st;

	if (a->s.server || r->failed)
		return;
	r->expect = a->o->expect;
	if (!a->p->multi || !a->o->expect_min)
		return;
	rp_series_stats(&a->ivl[i], &st);
	r->expect_min = a->o->expect_min;
	r->have_min = st.n > 0;
	/* the rows are in the report's unit: Gb/s, or MiB/s */
	r->min_gbps = a->o->report_gbits ? st.min : st.min * RP_MIB * 8 / 1e9;
}

/* @res's failure, if any, into @r. */
static void bwf_failed(const struct rp_result *res, struct rp_fleet_rec *r)
{
	if (!res->fail.failed)
		return;
	r->failed = true;
	snprintf(r->why, sizeof(r->why), "at %.2f s: %.*s",
		 (double)res->fail.at_ns / 1e9, (int)sizeof(res->fail.why) - 1,
		 res->fail.why);
}

/* Seconds rail @res ran: its thread's span, else since the set-up. */
static double bwf_seconds(const struct rp_fleet_run *f,
			  const struct rp_result *res)
{
	return res->cpu.wall_ns ? (double)res->cpu.wall_ns / 1e9 :
				  (double)(rp_now_ns() - f->t0_ns) / 1e9;
}

void rp_bwfleet_rail(struct rp_bwrun *a, const struct rp_rail_report *rr,
		     uint64_t size)
{
	struct rp_fleet_run *f = &a->fleet;
	const struct rp_result *peer = &a->peer_res[rr->index];
	struct rp_fleet_rec *r, *back;
	struct rp_rail_ceiling c;
	struct rp_lossy l;

	if (!f->on || !(r = bwf_new(f)))
		return;
	rp_rail_report_ceiling(rr, size, &c);
	rp_rail_report_lossy(rr, size, &l);
	bwf_rec_id(a, rr->index, a->o->bidir ? "send" : bwf_direction(a),
		   c.ceiling, r);
	r->gbps = c.got;
	r->seconds = bwf_seconds(f, &rr->res);
	bwf_failed(&rr->res, r);
	bwf_expects(a, rr->index, r);
	r->lossy = l.lossy;
	bwf_counters(f, rr->rail, rr->index, &l, r);
	if (!a->o->bidir || !(back = bwf_new(f)))
		return;
	/* -b: what the peer sent, which arrived here */
	bwf_rec_id(a, rr->index, "receive", c.ceiling, back);
	back->gbps = rp_goodput_gbps(peer->msg_rate, size);
	back->seconds = bwf_seconds(f, peer);
	bwf_failed(peer, back);
}

void rp_bwfleet_interval(struct rp_bwrun *a, const uint64_t *bytes, uint64_t ns)
{
	struct rp_fleet_run *f = &a->fleet;
	struct rp_om_run run = { .host = f->host,
				 .test = a->o->desc->name,
				 .unix_time = (double)time(NULL) };
	struct rp_fleet_rec *rec;
	unsigned int i;
	char *text;
	int ret;

	if (!f->on || !a->o->fleet.openmetrics || !ns)
		return;
	rec = calloc(a->n, sizeof(*rec));
	if (!rec)
		return; /* the next row or the end writes the file */
	for (i = 0; i < a->n; i++) {
		bwf_rec_id(a, i, a->o->bidir ? "send" : bwf_direction(a),
			   a->ceil.r[i].cap, &rec[i]);
		rec[i].gbps = (double)bytes[i] * 8 / (double)ns;
	}
	text = rp_openmetrics_rails(&run, rec, a->n);
	ret = rp_openmetrics_write(a->o->fleet.openmetrics, text);
	if (ret && !f->err)
		f->err = ret;
	free(text);
	free(rec);
}

/* The rails this run used, as a baseline of this run (no results). */
static void bwf_now_run(const struct rp_bwrun *a, struct rp_baseline *b)
{
	const char *dev[RP_MAX_RAILS];
	unsigned int port[RP_MAX_RAILS], i;

	for (i = 0; i < a->n; i++) {
		dev[i] = a->s.rails[i].dev.name;
		port[i] = a->s.rails[i].dev.port;
	}
	bwf_now(a->o, dev, port, a->n, b);
}

/* --baseline at the end: refused (rdma_cm's rails, now known), or each
 * record against it and the lines. True when compared. */
static bool bwf_compare(struct rp_bwrun *a, struct rp_baseline *now)
{
	struct rp_fleet_run *f = &a->fleet;
	unsigned int i;

	if (bwf_refuse_hw(a->o, f->was, now)) {
		f->err = -EINVAL;
		return false;
	}
	rp_baseline_judge(f->was, f->rec, f->n,
			  rp_fleet_opts_tolerance(&a->o->fleet));
	for (i = 0; i < f->n; i++)
		rp_fleet_judge(&f->rec[i]);
	f->below = rp_baseline_lines(a->p->extra, f->was, now, f->rec, f->n,
				     "rail") > 0;
	return true;
}

/* --openmetrics and --junit at the end of the run. */
static void bwf_files(struct rp_bwrun *a)
{
	struct rp_fleet_run *f = &a->fleet;
	const struct rp_fleet_opts *fo = &a->o->fleet;
	struct rp_om_run run = { .host = f->host,
				 .test = a->o->desc->name,
				 .complete = true,
				 .unix_time = (double)time(NULL) };
	struct rp_junit_suite js = {
		.name = a->o->desc->name,
		.host = f->host,
		.start = f->start,
		.seconds = (double)(rp_now_ns() - f->t0_ns) / 1e9,
	};
	char *text;
	int ret = 0;

	if (fo->openmetrics) {
		text = rp_openmetrics_rails(&run, f->rec, f->n);
		ret = rp_openmetrics_write(fo->openmetrics, text);
		free(text);
	}
	if (ret && !f->err)
		f->err = ret;
	ret = fo->junit ? rp_junit_write(fo->junit, &js, f->rec, f->n) : 0;
	if (ret && !f->err)
		f->err = ret;
}

/* --out_json's "fleet": the records and the comparison. */
static void bwf_json(struct rp_bwrun *a, const struct rp_baseline *now,
		     bool compared)
{
	struct rp_fleet_run *f = &a->fleet;
	cJSON *o;

	if (!a->json.rows)
		return;
	o = cJSON_CreateObject();
	if (!o)
		return;
	cJSON_AddItemToObject(o, "rails", rp_fleet_json(f->rec, f->n));
	cJSON_AddItemToObject(
		o, "baseline",
		compared ?
			rp_baseline_cmp_json(a->o->fleet.baseline, f->was, now,
					     f->rec, f->n, a->o->fleet.force) :
			cJSON_CreateNull());
	rp_jsonout_add_extra(&a->json, "fleet", o);
}

void rp_bwfleet_report(struct rp_bwrun *a)
{
	struct rp_fleet_run *f = &a->fleet;
	struct rp_baseline now;
	bool compared = false;
	unsigned int i;
	int ret;

	if (!f->on)
		return;
	bwf_now_run(a, &now);
	for (i = 0; i < f->n; i++)
		rp_fleet_judge(&f->rec[i]);
	if (f->was)
		compared = bwf_compare(a, &now);
	ret = a->o->fleet.save_baseline ?
		      rp_baseline_save_recs(a->o->fleet.save_baseline, &now,
					    f->rec, f->n) :
		      0;
	if (ret && !f->err)
		f->err = ret;
	bwf_files(a);
	bwf_json(a, &now, compared);
	rp_baseline_fini(&now);
}

int rp_bwfleet_gate(const struct rp_bwrun *a)
{
	if (a->fleet.err)
		return a->fleet.err;
	return a->fleet.below ? -ERANGE : 0;
}

void rp_bwfleet_fini(struct rp_bwrun *a)
{
	if (a->fleet.was)
		rp_baseline_fini(a->fleet.was);
	free(a->fleet.was);
	a->fleet.was = NULL;
}
