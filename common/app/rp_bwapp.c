// SPDX-License-Identifier: MIT
/*
 * The bandwidth binaries' run (rp_bwapp.h): the rails and their
 * placement, the session, and the run skeleton, whose message order is
 * written here once for the client, the server and -b.
 */
#include <errno.h>
#include <stdlib.h>

#include "app/rp_bwapp.h"
#include "app/rp_bwreport.h"
#include "app/rp_bwrun.h"
#include "app/rp_run.h"
#include "base/rp_log.h"
#include "base/rp_sysfs.h"
#include "base/rp_time.h"
#include "engine/rp_bidir.h"
#include "net/rp_subnet.h"
#include "proto/rp_pattern.h"
#include "verbs/rp_dev.h"

/* The rail list of -d (without -d: every RDMA device, port -i). */
static int bw_rails(struct rp_bwrun *a)
{
	unsigned int i;
	int n, ret;

	n = rp_railspec_list(a->o->dev, a->o->gid_list, a->o->ib_port, a->spec,
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

		rp_session_rail_defaults(a->o, &cfg[i]);
		cfg[i].dev = a->spec[i].dev;
		cfg[i].port = a->spec[i].port;
		cfg[i].gid_index = a->spec[i].gid_index;
		if (rp_place_bind(a->o, a->spec[i].dev, i, a->place[i].cpu, b))
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

/* Every rail's configuration; one rail: -d's device, bound as perftest
 * binds its process. -b: each slice in two halves, what is sent and what
 * arrives. */
static int bw_rail_cfgs(struct rp_bwrun *a, struct rp_rail_cfg *cfg)
{
	unsigned int i;
	int ret = 0;

	for (i = 0; i < RP_MAX_RAILS; i++) {
		a->cpus[i] = -1;
		a->place[i] = (struct rp_place){ .cpu = -1, .numa_node = -1 };
	}
	a->n = 1;
	if (a->multi) {
		ret = bw_rails(a);
		if (ret)
			return ret;
		bw_place(a);
		ret = bw_rail_list(a, cfg);
	} else {
		rp_session_rail_defaults(a->o, &cfg[0]);
	}
	for (i = 0; i < a->n && a->o->bidir; i++)
		cfg[i].slice = rp_rail_slice_bytes(2 * rp_opts_max_size(a->o));
	return ret;
}

/* A rail list: warn when a rail's two GIDs are not in one IPv4 subnet;
 * note each rail's core kind (hwloc cpukinds) for its placement line. */
static void bw_rail_notes(struct rp_bwrun *a)
{
	char msg[256];
	unsigned int i;

	for (i = 0; i < a->n && a->multi; i++) {
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

/* Where this side posts: the peer's slices, -b its receive halves; what
 * --validate checks filled with the pattern. */
static int bw_prepare(struct rp_bwrun *a)
{
	unsigned int i, q;

	a->peers = calloc(a->n, sizeof(*a->peers));
	if (!a->peers)
		return -ENOMEM;
	for (i = 0; i < a->n; i++) {
		struct rp_rail *r = &a->s.rails[i];

		if (a->o->bidir)
			rp_bidir_peer(&a->s.remote[i], &a->peers[i]);
		else
			a->peers[i] = a->s.remote[i];
		if (a->o->validate && a->o->bidir)
			rp_bidir_fill(r);
		for (q = 0; a->o->validate && !a->o->bidir && !a->s.server &&
			    q < r->num_qps;
		     q++)
			rp_pattern_fill(rp_rail_slice(r, q), r->slice, q);
	}
	return 0;
}

/* The sizes on a side that posts: a row each, the block's end. */
static int bw_sizes(struct rp_bwrun *a)
{
	const struct rp_opts *o = a->o;
	uint64_t sizes[32];
	size_t n = rp_opts_sizes(o, sizes, 32), i;
	int ret;

	rp_bwreport_counters(a, a->before);
	for (i = 0; i < n; i++) {
		ret = rp_bwrun_size(a, sizes[i]);
		if (ret)
			return ret;
		if (o->run_infinitely)
			break; /* its rows were printed on the way */
		if (o->interval && i == 0) /* after the interval rows */
			rp_bwreport_title(a);
		rp_bwreport_size_row(a);
	}
	rp_bwreport_block_end(a);
	return 0;
}

/* The server of a one-way run: the client's results, its row. */
static int bw_server_rows(void *app)
{
	struct rp_bwrun *a = app;
	int ret;

	rp_bwreport_counters(a, a->before);
	ret = rp_bwrun_recv_results(a);
	if (ret)
		return ret;
	rp_bwreport_row(a, &a->agg);
	rp_bwreport_block_end(a);
	return 0;
}

/* --validate: each QP slice that received data against the pattern, the
 * first bad byte the verdict; -b: each side's receive halves. */
static void bw_check(void *app, struct rp_verdict *v)
{
	struct rp_bwrun *a = app;
	unsigned int i, q;

	*v = (struct rp_verdict){ .ok = 1 };
	for (i = 0; i < a->n && v->ok; i++) {
		struct rp_rail *r = &a->s.rails[i];

		if (a->o->bidir) {
			rp_bidir_check(r, a->agg.size, i, v);
			continue;
		}
		for (q = 0; q < r->num_qps && v->ok; q++)
			if (rp_pattern_check(rp_rail_slice(r, q), a->agg.size,
					     r->slice, q, v))
				v->rail = i;
	}
}

/* The gates on a side that posts: -w / -y on every row, --expect. */
static int bw_gates(void *app)
{
	struct rp_bwrun *a = app;

	if (rp_bwrun_posts(a) &&
	    !rp_opts_limits_ok(a->o, a->bw_passed, a->rate_passed))
		return -ERANGE;
	return a->expect_failed ? -ERANGE : 0;
}

static void bw_header(void *app)
{
	rp_bwreport_header(app);
}

static int bw_measure(void *app)
{
	return bw_sizes(app);
}

static int bw_send_results(void *app)
{
	return rp_bwrun_send_results(app);
}

static void bw_verdict(void *app, const struct rp_verdict *v, bool here)
{
	(void)here;
	rp_bwreport_verdict(app, v);
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
	.measure = bw_measure,
	.send_results = bw_send_results,
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
	*r = (struct rp_run){
		.s = &a->s,
		.ops = &bw_ops,
		.app = a,
		.measures = rp_bwrun_posts(a),
		.results = !a->o->bidir,
		.receives = a->s.server || a->o->bidir,
		.sends = !a->s.server || a->o->bidir,
		.infinite = a->o->run_infinitely,
	};
	return rp_run_side(r);
}

static int bw_run(struct rp_bwrun *a)
{
	struct rp_rail_cfg cfg[RP_MAX_RAILS];
	int ret;

	ret = bw_rail_cfgs(a, cfg);
	if (ret)
		return ret;
	if (rp_jsonout_init(&a->json, rp_opts_json_path(a->o), a->o->output))
		return -ENOMEM;
	ret = rp_session_open(&a->s, a->o, cfg, a->n);
	if (!ret) {
		bw_rail_notes(a);
		rp_railceil_read(&a->ceil, RP_SYSFS_ROOT, a->s.rails, a->n);
		rp_railceil_size(&a->ceil, a->s.rails, rp_opts_max_size(a->o));
		rp_railceil_warn(&a->ceil);
		ret = bw_side(a);
		rp_session_close(&a->s);
	}
	return ret;
}

int rp_bwapp_run(const struct rp_opts *o)
{
	struct rp_bwrun *a = calloc(1, sizeof(*a)); /* per-rail arrays */
	int ret;

	if (!a)
		return -ENOMEM;
	a->o = o;
	a->multi = o->desc->features & RP_FEAT_MULTI;
	a->last_beat = rp_now_ns();
	ret = bw_run(a);
	rp_topo_fini(&a->topo);
	rp_jsonout_fini(&a->json);
	free(a->peers);
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
