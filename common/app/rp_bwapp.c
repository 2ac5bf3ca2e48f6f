// SPDX-License-Identifier: MIT
/*
 * The bandwidth binaries' run (rp_bwapp.h): the rails and their
 * placement, the session, the timed phase of each size (one rail on the
 * calling thread, or a thread per rail with the calling thread watching:
 * rp_bwwatch.c), the results exchanged, and the parts handed to the run
 * skeleton (rp_run.h). What it prints is rp_bwreport's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/rp_bwapp.h"
#include "app/rp_bwfleet.h"
#include "app/rp_bwprobe.h"
#include "app/rp_bwreport.h"
#include "app/rp_bwwatch.h"
#include "app/rp_run.h"
#include "base/rp_log.h"
#include "base/rp_sysfs.h"
#include "base/rp_time.h"
#include "ctrl/rp_exchange.h"
#include "engine/rp_atomword.h"
#include "engine/rp_bidir.h"
#include "engine/rp_bw.h"
#include "engine/rp_bwpost.h"
#include "engine/rp_multi.h"
#include "engine/rp_stats.h"
#include "net/rp_subnet.h"
#include "verbs/rp_bufpat.h"
#include "verbs/rp_dev.h"
#include "verbs/rp_railbuf.h"

/* --run_infinitely: a row of the last -D seconds (peak not measured). */
static void bw_inf_row(struct rp_bwrun *a)
{
	const struct rp_opts *o = a->o;
	uint64_t now = rp_now_ns(), done, ns;
	struct rp_result res;

	if (now - a->row_ns < o->duration * RP_NSEC_PER_SEC)
		return;
	done = __atomic_load_n(&a->progress, __ATOMIC_RELAXED);
	ns = now - a->row_ns;
	res = (struct rp_result){
		.size = a->size,
		.iters = done - a->row_done,
		.bw_avg = rp_bw((done - a->row_done) * a->size, ns,
				o->report_gbits),
		.msg_rate = rp_msg_rate(done - a->row_done, ns),
	};
	rp_bwreport_row(a, &res);
	a->agg = res;
	a->row_ns = now;
	a->row_done = done;
}

/* The engine's tick on the client (one rail): a heartbeat about once a
 * second (notices a server that gave up or died); --run_infinitely: rows,
 * and a BYE from the server ends the run (return 1). */
static int bw_tick(void *arg)
{
	struct rp_bwrun *a = arg;
	int ret;

	ret = rp_ctrl_beat(&a->s.ctrl, &a->last_beat);
	if (ret == -ESHUTDOWN && a->o->run_infinitely) {
		a->run.peer_ended = true;
		return 1;
	}
	if (!ret && a->o->run_infinitely)
		bw_inf_row(a);
	return ret;
}

/* Data packets a rail's @done messages of @size bytes needed. */
static uint64_t bw_packets(const struct rp_rail *r, uint64_t done,
			   uint64_t size)
{
	uint64_t mtu = rp_mtu_bytes(r->mtu);

	return done * ((size + mtu - 1) / mtu);
}

/* The engine's settings of this run (its plan's) for @size-byte WRs;
 * where the atomics' counts per QP go (--validate). */
static void bw_cfg(const struct rp_bwrun *a, uint64_t size,
		   struct rp_bw_cfg *cfg)
{
	*cfg = a->p->bwcfg;
	cfg->size = size;
	cfg->qp_done = a->qp_done;
}

/* Before each size's READY: --lat_probe's idle phase on the probing
 * side (rp_bwprobe.h); SEND's server (-b: both sides): every rail's
 * receives posted (the peer's first SEND finds one). */
static int bw_arm(void *app, uint64_t size)
{
	struct rp_bwrun *a = app;
	struct rp_bw_cfg cfg;
	unsigned int i;
	int ret = 0;

	rp_bwprobe_idle(a); /* --lat_probe: idle, before the load */
	if (!a->p->role->receives)
		return 0;
	bw_cfg(a, size, &cfg);
	for (i = 0; i < a->n && !ret; i++)
		ret = rp_bw_recv_prepost(&a->s.rails[i], &cfg);
	return ret ? rp_session_run_failed(&a->s, ret) : 0;
}

/* The engine's tick on a side that runs one rail: its device's events
 * and its netdev's changes (rp_bwwatch_events), then the client's
 * bw_tick. */
static int bw_tick_here(void *arg)
{
	struct rp_bwrun *a = arg;

	rp_bwwatch_events(a, a->here_t0);
	return a->s.server ? 0 : bw_tick(arg);
}

/* One rail on the calling thread (the process stays single-threaded). */
static int bw_run_here(struct rp_bwrun *a, uint64_t size)
{
	struct rp_bw_cfg cfg;
	struct rp_bw_out out;
	int ret;

	bw_cfg(a, size, &cfg);
	cfg.tick = bw_tick_here; /* only the client beats */
	cfg.tick_arg = a;
	cfg.progress = &a->progress;
	a->progress = 0;
	a->size = size;
	a->row_ns = rp_now_ns();
	a->row_done = 0;
	a->here_t0 = rp_now_ns(); /* the run starts now */
	rp_bwwatch_open(a);
	ret = rp_bw_run(&a->s.rails[0], &a->peers[0], &cfg, &out);
	rp_bwwatch_events(a, a->here_t0); /* the run's last moments' */
	rp_bwwatch_close(a);
	if (ret)
		return ret;
	rp_bw_result(&cfg, &out, &a->rail_res[0]);
	rp_multi_aggregate(&out, 1, size, cfg.gbits, &a->agg);
	a->needed[0] += bw_packets(&a->s.rails[0], out.posted, size);
	return 0;
}

/* struct rp_multi holds cache-line aligned workers: calloc's 16-byte
 * alignment is not enough. */
static struct rp_multi *bw_multi_alloc(void)
{
	size_t al = _Alignof(struct rp_multi);
	struct rp_multi *mu =
		aligned_alloc(al, (sizeof(*mu) + al - 1) / al * al);

	if (mu)
		memset(mu, 0, sizeof(*mu));
	return mu;
}

/* Rail @i's WRs of the size: every one posted (completed, or left in
 * flight at a -D run's end: the port may still send it), not just the -D
 * window; a rail that failed: those completed. */
static uint64_t bw_posted(struct rp_multi *mu, unsigned int i,
			  const struct rp_bw_out *out)
{
	uint64_t wrs = rp_multi_progress(mu, i);

	return out->posted > wrs ? out->posted : wrs;
}

/* A thread per rail, the calling thread watching; fills the results. */
static int bw_run_threads(struct rp_bwrun *a, uint64_t size)
{
	struct rp_bw_out outs[RP_MAX_RAILS];
	struct rp_multi *mu = bw_multi_alloc();
	struct rp_bw_cfg cfg;
	unsigned int i;
	int ret, jret;

	if (!mu)
		return -ENOMEM;
	bw_cfg(a, size, &cfg);
	rp_bwwatch_begin(a);
	rp_bwwatch_open(a);
	ret = rp_multi_start(mu, a->s.rails, a->peers, a->n, &cfg,
			     a->topo.t ? &a->topo : NULL, a->cpus);
	if (!ret) {
		rp_bwprobe_loaded(a, mu); /* --lat_probe, beside the rails */
		rp_bwwatch_run(a, mu, size);
	}
	jret = rp_multi_join(mu);
	rp_bwprobe_end(a, mu);
	rp_bwwatch_close(a);
	if (!ret)
		ret = jret;
	/* a rail that failed alone: its result up to the failure, left out
	 * of the aggregate; the sizes after this one are not run */
	if (!ret && rp_multi_failed(mu))
		a->run.stop = true;
	for (i = 0; i < a->n && !ret; i++) {
		outs[i] = mu->w[i].out;
		rp_bw_result(&cfg, &outs[i], &a->rail_res[i]);
		a->rail_res[i].cpu = mu->w[i].used; /* sent with RESULT */
		a->needed[i] += bw_packets(&a->s.rails[i],
					   bw_posted(mu, i, &outs[i]), size);
	}
	if (!ret)
		rp_multi_aggregate(outs, a->n, size, cfg.gbits, &a->agg);
	free(mu);
	return ret;
}

/* -b: swap the aggregate and (rail list) every rail's result. */
static int bw_swap(void *app)
{
	struct rp_bwrun *a = app;
	struct rp_ctrl *c = &a->s.ctrl;
	unsigned int i;
	int ret;

	ret = rp_exchange_result_swap(c, a->s.server, &a->agg, &a->peer_agg);
	for (i = 0; i < a->n && a->p->multi && !ret; i++)
		ret = rp_exchange_result_swap(c, a->s.server, &a->rail_res[i],
					      &a->peer_res[i]);
	if (!a->p->multi)
		a->peer_res[0] = a->peer_agg;
	return ret;
}

int rp_bwapp_size(struct rp_bwrun *a, uint64_t size)
{
	return a->p->multi ? bw_run_threads(a, size) : bw_run_here(a, size);
}

/* One size on every rail. Fills a->rail_res[] and a->agg. Returns 0, or
 * the -errno of the failure after telling the peer. */
static int bw_size(void *app, uint64_t size)
{
	struct rp_bwrun *a = app;
	int ret = rp_bwapp_size(a, size);

	return ret ? rp_session_run_failed(&a->s, ret) : 0;
}

/* The client's results after the last size: the aggregate, then (rail
 * list) each rail's. */
static int bw_send_results(struct rp_bwrun *a)
{
	unsigned int i;
	int ret;

	ret = rp_exchange_result_send(&a->s.ctrl, &a->agg);
	for (i = 0; i < a->n && a->p->multi && !ret; i++)
		ret = rp_exchange_result_send(&a->s.ctrl, &a->rail_res[i]);
	return ret;
}

/* The server's side: into a->agg and a->rail_res[] (one rail: the
 * aggregate is the rail's). */
static int bw_recv_results(struct rp_bwrun *a)
{
	unsigned int i;
	int ret;

	ret = rp_exchange_result_recv(&a->s.ctrl, &a->agg);
	for (i = 0; i < a->n && a->p->multi && !ret; i++)
		ret = rp_exchange_result_recv(&a->s.ctrl, &a->rail_res[i]);
	if (!a->p->multi)
		a->rail_res[0] = a->agg;
	return ret;
}

/* The rail list of -d; without -d, the RDMA devices whose port -i is
 * ACTIVE, of one link layer, each port left out named on one line. */
static int bw_rails(struct rp_bwrun *a)
{
	char all[1024], active[1024];
	const char *devs = a->o->dev;
	unsigned int i;
	int n, ret;

	if (!devs) {
		ret = rp_dev_all_names(all, sizeof(all));
		if (!ret)
			ret = rp_railspec_active(RP_SYSFS_ROOT, all,
						 a->o->ib_port, false, active,
						 sizeof(active));
		if (ret < 0)
			return ret;
		devs = active;
	}
	n = rp_railspec_list(devs, a->o->gid_list, a->o->ib_port, a->spec,
			     RP_MAX_RAILS);
	if (n < 0)
		return n;
	a->n = (unsigned int)n;
	/* a misspelt -d device fails now, not after the topology is loaded
	 * (names from rp_dev_all_names exist already) */
	for (i = 0; a->o->dev && i < a->n; i++) {
		ret = rp_dev_exists(a->spec[i].dev);
		if (ret)
			return ret;
	}
	return 0;
}

/* A rail list: a CPU and NUMA node per rail from hwloc; without it the
 * rails run unpinned. */
static void bw_place(struct rp_bwrun *a)
{
	const struct rp_nic_opts *nic = &a->o->nic;
	unsigned int i;

	if (rp_topo_init(&a->topo)) {
		rp_warn("no topology (hwloc): rails run unpinned");
		return;
	}
	if (nic->disable_numa || nic->numa_node || nic->pin_cores)
		return; /* rp_place_bind: none, the node, the listed CPUs */
	for (i = 0; i < a->n; i++) {
		if (rp_topo_place(&a->topo, a->spec[i].dev, a->cpus, i,
				  &a->place[i]))
			continue;
		a->cpus[i] = a->place[i].cpu;
	}
}

/* A rail list's configurations: a device, port, GID and binding each. */
static int bw_rail_list(struct rp_bwrun *a, struct rp_rail_cfg *cfg)
{
	unsigned int i;

	for (i = 0; i < a->n; i++) {
		struct rp_bind *b = &cfg[i].bind;

		rp_plan_rail(a->p, &a->spec[i], &cfg[i]);
		if (rp_plan_gpu_near(a->p, cfg[i].dev, i, &cfg[i].gpu) ||
		    rp_place_bind(a->o, a->spec[i].dev, i, a->place[i].cpu, b))
			return -EINVAL;
		if (b->cpu >= 0) /* --pin_cores, or hwloc's core */
			a->cpus[i] = a->place[i].cpu = b->cpu;
		if (b->node >= 0)
			a->place[i].numa_node = b->node;
		cfg[i].bind_numa = a->place[i].numa_node >= 0;
		cfg[i].numa_node = a->place[i].numa_node;
	}
	return 0;
}

/* Every rail's settings: the plan's (one rail: -d's device, bound as
 * perftest binds its process; -b: each slice in two halves, what is sent
 * and what arrives), a rail list's a device, port and placement each.
 * Their buffers are checked against the host's memory first
 * (rp_railbuf_check). */
static int bw_rail_cfgs(struct rp_bwrun *a, struct rp_rail_cfg *cfg)
{
	unsigned int i;
	int ret = 0;

	for (i = 0; i < RP_MAX_RAILS; i++) {
		a->cpus[i] = -1;
		a->place[i] = (struct rp_place){ .cpu = -1, .numa_node = -1 };
	}
	a->n = 1;
	if (a->p->multi)
		ret = bw_rails(a);
	cfg[0] = a->p->rail;
	if (!ret) /* the buffers: before the topology and any device */
		ret = rp_railbuf_check(&cfg[0], a->n, a->p->halves);
	if (!ret && a->p->multi) {
		bw_place(a);
		ret = bw_rail_list(a, cfg);
	}
	return ret;
}

/* A rail list: warn when a rail's two GIDs are not in one IPv4 subnet;
 * note each rail's core kind (hwloc cpukinds) for its placement line. */
static void bw_rail_notes(struct rp_bwrun *a)
{
	char msg[256];
	unsigned int i;

	for (i = 0; i < a->n && a->p->multi; i++) {
		struct rp_bound *b = &a->s.rails[i].bound;

		if (rp_gid_subnet_check(&a->s.rails[i].gid, a->s.remote[i].gid,
					msg, sizeof(msg)) == 0)
			rp_warn("rail %u (%s): %s", i, a->s.rails[i].dev.name,
				msg);
		if (a->topo.t && a->cpus[i] >= 0)
			rp_topo_cpukind(&a->topo, a->cpus[i], b->kind,
					sizeof(b->kind));
	}
}

/* Where this side posts (rp_plan_peer: the peer's slices, -b the halves
 * the verb needs); --validate on a side whose data leaves: what is sent
 * filled with the pattern (a verb that pulls: filled as the rails were
 * built, before the rkey went out). */
static int bw_prepare(struct rp_bwrun *a)
{
	bool fill = a->o->validate && a->p->role->leaves && !a->p->verb->pulls;
	unsigned int i, q;
	int ret = 0;

	a->peers = calloc(a->n, sizeof(*a->peers));
	if (!a->peers)
		return -ENOMEM;
	if (a->o->validate && a->p->verb->atomic && a->p->role->posts) {
		a->qp_done = calloc((size_t)RP_MAX_RAILS * RP_MAX_QPS,
				    sizeof(*a->qp_done));
		if (!a->qp_done)
			return -ENOMEM;
	}
	for (i = 0; i < a->n; i++) {
		struct rp_rail *r = &a->s.rails[i];

		rp_plan_peer(a->p, &a->s.remote[i], &a->peers[i]);
		if (!fill)
			continue;
		if (a->o->bidir)
			ret = rp_bidir_fill(r);
		for (q = 0; !ret && !a->o->bidir && q < r->num_qps; q++)
			ret = rp_bufpat_fill(&r->buf, (uint64_t)q * r->slice,
					     r->slice, q);
		if (ret)
			return ret;
	}
	return 0;
}

/* The sizes on a side that posts: a rail list's port counters before
 * them (its per-rail lines report their deltas). */
static void bw_begin(void *app)
{
	struct rp_bwrun *a = app;

	if (a->p->multi || a->fleet.on)
		rp_bwwatch_counters(a, a->before);
}

/* A size's row (the first one after --interval's rows and the title). */
static void bw_row(void *app, size_t i)
{
	struct rp_bwrun *a = app;

	if (a->o->interval && i == 0)
		rp_bwreport_title(a);
	rp_bwreport_size_row(a);
}

/* After the last row: the block's end (-b --report-both, the line). */
static void bw_end(void *app, int ret)
{
	if (!ret)
		rp_bwreport_block_end(app);
}

/* The server of a one-way run: the client's results, its row. */
static int bw_server_rows(void *app)
{
	struct rp_bwrun *a = app;
	int ret;

	if (a->p->multi)
		rp_bwwatch_counters(a, a->before);
	ret = bw_recv_results(a);
	if (ret)
		return ret;
	rp_bwreport_row(a, &a->agg);
	rp_bwreport_block_end(a);
	return 0;
}

/* --validate of atomics: each rail's words read back against its QPs'
 * counts; a word that could not be read fails the check too. */
static void bw_check_words(struct rp_bwrun *a, struct rp_verdict *v)
{
	unsigned int i;

	*v = (struct rp_verdict){ .ok = 1 };
	for (i = 0; i < a->n && v->ok; i++)
		rp_atomword_check(&a->s.rails[i], &a->peers[i], i,
				  a->qp_done + (size_t)i * RP_MAX_QPS, v,
				  &a->word[0], &a->word[1]);
}

/* --validate: each QP slice that received data against the pattern, the
 * first bad byte the verdict; -b: each side's receive halves; atomics:
 * their words (bw_check_words). */
static void bw_check(void *app, struct rp_verdict *v)
{
	struct rp_bwrun *a = app;
	unsigned int i, q;

	if (a->p->verb->atomic) {
		bw_check_words(a, v);
		return;
	}
	*v = (struct rp_verdict){ .ok = 1 };
	for (i = 0; i < a->n && v->ok; i++) {
		struct rp_rail *r = &a->s.rails[i];

		if (a->o->bidir) {
			rp_bidir_check(r, a->agg.size, i, v);
			continue;
		}
		for (q = 0; q < r->num_qps && v->ok; q++)
			if (rp_bufpat_check(&r->buf, (uint64_t)q * r->slice,
					    a->agg.size, r->slice, q, v))
				v->rail = i;
	}
}

/* The gates on a side that posts: -w / -y on every row, --expect,
 * --expect-min; on both sides, a rail that failed (-EIO; its verdict
 * line came with the report). */
static int bw_gates(void *app)
{
	struct rp_bwrun *a = app;

	if (rp_bwreport_failed(a) || rp_bwprobe_failed(a))
		return -EIO;
	if (a->p->role->posts &&
	    !rp_opts_limits_ok(a->o, a->bw_passed, a->rate_passed))
		return -ERANGE;
	return a->expect_failed || a->expect_min_failed ? -ERANGE :
							  rp_bwfleet_gate(a);
}

static void bw_header(void *app)
{
	rp_bwreport_header(app);
}

static int bw_send_results_of(void *app)
{
	return bw_send_results(app);
}

static void bw_verdict(void *app, const struct rp_verdict *v, bool here)
{
	rp_bwreport_verdict(app, v, here);
}

static void bw_verdicts(void *app, const struct rp_verdict *here,
			const struct rp_verdict *there)
{
	rp_bwreport_verdicts(app, here, there);
}

/* railperf's section; --run_infinitely's server closes its (empty)
 * table first. */
static void bw_report(void *app)
{
	struct rp_bwrun *a = app;

	if (a->o->run_infinitely && a->s.server)
		rp_bwreport_block_end(a);
	rp_bwprobe_close(a); /* the client's probes are over: the answers */
	rp_bwreport_rails(a);
}

/* The JSON document; --run_infinitely's server writes none (no rows). */
static int bw_json(void *app)
{
	struct rp_bwrun *a = app;

	if (a->o->run_infinitely && a->s.server)
		return 0;
	return rp_bwreport_json(a);
}

static const struct rp_run_ops bw_ops = {
	.header = bw_header,
	.arm = bw_arm,
	.begin = bw_begin,
	.size = bw_size,
	.swap = bw_swap,
	.row = bw_row,
	.end = bw_end,
	.send_results = bw_send_results_of,
	.recv_results = bw_server_rows,
	.check = bw_check,
	.verdict = bw_verdict,
	.verdicts = bw_verdicts,
	.report = bw_report,
	.json = bw_json,
	.gates = bw_gates,
};

/* This side of the run, through the skeleton (rp_run.h). */
static int bw_side(struct rp_bwrun *a)
{
	struct rp_run *r = &a->run;
	int ret;

	ret = bw_prepare(a);
	if (ret)
		return ret;
	ret = rp_bwprobe_open(a);
	if (ret)
		return rp_session_run_failed(&a->s, ret);
	*r = (struct rp_run){
		.s = &a->s,
		.p = a->p,
		.ops = &bw_ops,
		.app = a,
	};
	ret = rp_run_side(r);
	rp_bwprobe_close(a);
	return ret;
}

/* What perftest decides from -d's device (rp_plan_device): 6.06's extra
 * separator first on a device it does not know, -I turned off there; one
 * rail. */
static int bw_extra_line(struct rp_bwrun *a)
{
	int ret = rp_plan_device(a->p);

	if (!ret && a->p->extra_line)
		rp_fprintf(a->p->text, RP_RESULT_LINE);
	return ret;
}

static int bw_run(struct rp_bwrun *a)
{
	struct rp_rail_cfg cfg[RP_MAX_RAILS];
	int ret;

	ret = bw_extra_line(a);
	if (!ret)
		ret = bw_rail_cfgs(a, cfg);
	if (ret)
		return ret;
	if (rp_jsonout_init(&a->json, rp_opts_json_path(a->o), a->o->output))
		return -ENOMEM;
	ret = rp_bwfleet_open(a, cfg, a->n);
	if (!ret)
		ret = rp_session_open(&a->s, a->p, cfg, a->n);
	if (!ret) {
		bw_rail_notes(a);
		/* the ceilings: a rail list's lines and warnings, --expect;
		 * by this side's PCIe direction (its role's) and the
		 * plan's verb on the wire */
		if (a->p->multi || a->o->expect || a->fleet.on) {
			rp_railceil_read(&a->ceil, RP_SYSFS_ROOT, a->s.rails,
					 a->n, a->p->verb->verb,
					 a->p->role->pcie);
			rp_railceil_size(&a->ceil, a->s.rails, a->p->max_size);
			rp_railceil_warn(&a->ceil);
		}
		ret = bw_side(a);
		rp_session_close(&a->s);
	}
	return ret;
}

int rp_bwapp_run(struct rp_plan *p)
{
	struct rp_bwrun *a = calloc(1, sizeof(*a)); /* per-rail arrays */
	int ret;

	if (!a)
		return -ENOMEM;
	a->p = p;
	a->o = p->o;
	a->last_beat = rp_now_ns();
	a->nl_fd = -1;
	ret = bw_run(a);
	rp_bwprobe_free(a);
	rp_topo_fini(&a->topo);
	rp_jsonout_fini(&a->json);
	rp_bwfleet_fini(a);
	rp_bwwatch_clear(a);
	free(a->peers);
	free(a->qp_done);
	free(a);
	return ret;
}

int rp_bwapp_check(const struct rp_opts *o)
{
	struct rp_railspec spec[RP_MAX_RAILS];

	if ((o->desc->features & RP_FEAT_MULTI) && o->dev &&
	    rp_railspec_parse(o->dev, o->gid_list, o->ib_port, spec,
			      RP_MAX_RAILS) < 0)
		return -EINVAL;
	return 0;
}
