// SPDX-License-Identifier: MIT
/*
 * rail_multi_bw - RDMA WRITE bandwidth on every rail at once, one pinned
 * thread per rail, measured over one common window. Prints the perftest
 * block with one row, the aggregate, then a railperf line per rail.
 * -b: both sides write on every rail at once (rp_bidir); both print the
 * summed row, then each rail's two directions and their sums.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/rp_bidir.h"
#include "app/rp_place.h"
#include "engine/rp_bw.h"
#include "engine/rp_cycle.h"
#include "output/rp_posting.h"
#include "topo/rp_ceiling.h"
#include "topo/rp_counters.h"
#include "verbs/rp_dev.h"
#include "output/rp_extra.h"
#include "output/rp_jsonout.h"
#include "output/rp_expect.h"
#include "output/rp_railceil.h"
#include "base/rp_sysfs.h"
#include "base/rp_log.h"
#include "engine/rp_multi.h"
#include "engine/rp_stats.h"
#include "app/rp_main.h"
#include "app/rp_opts.h"
#include "proto/rp_pattern.h"
#include "app/rp_railspec.h"
#include "output/rp_report.h"
#include "output/rp_report_bidir.h"
#include "output/rp_report_multi.h"
#include "app/rp_session.h"
#include "net/rp_subnet.h"
#include "base/rp_time.h"
#include "topo/rp_topo.h"
#include "ctrl/rp_xchg.h"
#include "output/rp_json_rail.h"

#define MBW_WATCH_NS (20 * 1000 * 1000) /* main thread's poll period */
#define MBW_PEAK_MAX_ITERS 20000

struct mbw {
	const struct rp_opts *o;
	unsigned int n;
	struct rp_railspec spec[RP_MAX_RAILS];
	struct rp_topo topo;
	struct rp_place place[RP_MAX_RAILS];
	int cpus[RP_MAX_RAILS];
	struct rp_session s;
	struct rp_port_counters before[RP_MAX_RAILS];
	bool have_counters[RP_MAX_RAILS];
	struct rp_result rail_res[RP_MAX_RAILS]; /* last size */
	struct rp_result agg;			 /* last size */
	/* -b: the peer's results of the last size, where this side writes */
	struct rp_result peer_res[RP_MAX_RAILS];
	struct rp_result peer_agg;
	struct rp_rail_addr *bpeers;   /* [n], heap; NULL without -b */
	struct rp_jsonout json;	       /* --out_json */
	struct rp_railceil ceil;       /* rails' ceilings */
	bool bw_passed, rate_passed;   /* -w / -y gate */
	bool expect_failed;	       /* --expect */
	uint64_t needed[RP_MAX_RAILS]; /* data packets sent, every size */
};

static int mbw_json(struct mbw *m)
{
	struct rp_header h;

	rp_session_header(&m->s, &h);
	return rp_jsonout_write(&m->json, &h);
}

static int mbw_rails(struct mbw *m)
{
	char all[1024];
	const char *devs = m->o->dev;
	unsigned int i;
	int n, ret;

	if (!devs) { /* without -d: every RDMA device, port -i */
		ret = rp_dev_all_names(all, sizeof(all));
		if (ret)
			return ret;
		devs = all;
	}
	n = rp_railspec_parse(devs, m->o->gid_list, m->o->ib_port, m->spec,
			      RP_MAX_RAILS);
	if (n < 0)
		return n;
	m->n = (unsigned int)n;
	/* a misspelt -d device fails now, not after the topology is loaded
	 * (names from rp_dev_all_names exist already) */
	for (i = 0; m->o->dev && i < m->n; i++) {
		ret = rp_dev_exists(m->spec[i].dev);
		if (ret)
			return ret;
	}
	return 0;
}

/* A CPU and NUMA node per rail; without hwloc the rails run unpinned. */
static void mbw_place(struct mbw *m)
{
	unsigned int i;

	for (i = 0; i < m->n; i++) {
		m->cpus[i] = -1;
		m->place[i] = (struct rp_place){ .cpu = -1, .numa_node = -1 };
	}
	if (rp_topo_init(&m->topo)) {
		rp_warn("no topology (hwloc): rails run unpinned");
		return;
	}
	if (m->o->nic.disable_numa || m->o->nic.numa_node ||
	    m->o->nic.pin_cores)
		return; /* rp_place_bind: none, the node, the listed CPUs */
	for (i = 0; i < m->n; i++) {
		if (rp_topo_place(&m->topo, m->spec[i].dev, m->cpus, i,
				  &m->place[i]))
			continue;
		m->cpus[i] = m->place[i].cpu;
	}
}

static int mbw_rail_cfgs(struct mbw *m, struct rp_rail_cfg *cfg)
{
	unsigned int i;

	for (i = 0; i < m->n; i++) {
		struct rp_bind *b = &cfg[i].bind;

		rp_session_rail_defaults(m->o, &cfg[i]);
		cfg[i].dev = m->spec[i].dev;
		cfg[i].port = m->spec[i].port;
		cfg[i].gid_index = m->spec[i].gid_index;
		if (rp_place_bind(m->o, m->spec[i].dev, i, m->place[i].cpu, b))
			return -EINVAL;
		if (b->cpu >= 0) /* --pin_cores, or hwloc's core */
			m->cpus[i] = m->place[i].cpu = b->cpu;
		if (b->node >= 0)
			m->place[i].numa_node = b->node;
		cfg[i].bind_numa = m->place[i].numa_node >= 0;
		cfg[i].numa_node = m->place[i].numa_node;
		if (m->o->bidir) /* halves: what is sent, what arrives */
			cfg[i].slice =
				rp_rail_slice_bytes(2 * rp_opts_max_size(m->o));
	}
	return 0;
}

/* Warn when a rail's two GIDs are not in one IPv4 subnet. */
static void mbw_check_subnets(struct mbw *m)
{
	char msg[256];
	unsigned int i;

	for (i = 0; i < m->n; i++)
		if (rp_gid_subnet_check(&m->s.rails[i].gid, m->s.remote[i].gid,
					msg, sizeof(msg)) == 0)
			rp_warn("rail %u (%s): %s", i, m->s.rails[i].dev.name,
				msg);
}

static void mbw_header(struct mbw *m)
{
	struct rp_header h;

	if (!rp_opts_full(m->o))
		return;
	rp_session_header(&m->s, &h);
	rp_report_header(stdout, &h);
	rp_report_addresses_n(stdout, m->s.local, m->s.remote, m->n, false);
}

static void mbw_counters(struct mbw *m, struct rp_port_counters *out)
{
	unsigned int i;

	for (i = 0; i < m->n; i++)
		m->have_counters[i] = !rp_counters_read(RP_SYSFS_IB_ROOT,
							m->s.rails[i].dev.name,
							m->s.rails[i].dev.port,
							&out[i]);
}

struct mbw_watch {
	uint64_t last_beat;
	uint64_t next_report; /* ns; UINT64_MAX = no interval rows */
	uint64_t prev_ns;
	uint64_t prev[RP_MAX_RAILS];
	/* -b: a row waits for the peer's COUNTS of its tick (until due) */
	bool pending;
	uint32_t seq;		       /* this side's ticks so far */
	uint64_t due, from_ns, row_ns; /* the pending row's wait and span */
	uint64_t tx[RP_MAX_RAILS];     /* the pending row's bytes sent */
	struct rp_counts peer_prev;    /* the peer's counts at the last row */
};

static void mbw_interval(struct mbw *m, struct rp_multi *mu,
			 struct mbw_watch *w, uint64_t size, uint64_t now)
{
	uint64_t bytes[RP_MAX_RAILS], p;
	unsigned int i;

	for (i = 0; i < m->n; i++) {
		p = rp_multi_progress(mu, i);
		bytes[i] = (p - w->prev[i]) * size;
		w->prev[i] = p;
	}
	rp_report_interval(stdout, (double)(w->prev_ns - mu->t0_ns) / 1e9,
			   (double)(now - mu->t0_ns) / 1e9, m->s.rails, bytes,
			   m->n, now - w->prev_ns, m->o->report_gbits);
	w->prev_ns = now;
	w->next_report += m->o->interval * RP_NSEC_PER_SEC;
}

/* -b: this side's tick: bytes sent per rail since the last one, and its
 * counts to the peer (COUNTS), whose receive direction they are. */
static int mbw_tick_bidir(struct mbw *m, struct rp_multi *mu,
			  struct mbw_watch *w, uint64_t size, uint64_t now)
{
	struct rp_counts k = { .seq = ++w->seq, .n = m->n };
	uint8_t buf[RP_COUNTS_MAX_LEN];
	unsigned int i;

	for (i = 0; i < m->n; i++) {
		k.done[i] = rp_multi_progress(mu, i);
		w->tx[i] = (k.done[i] - w->prev[i]) * size;
		w->prev[i] = k.done[i];
	}
	w->from_ns = w->prev_ns;
	w->row_ns = now - w->prev_ns;
	w->prev_ns = now;
	w->pending = true;
	w->due = now + m->o->interval * RP_NSEC_PER_SEC / 2;
	w->next_report += m->o->interval * RP_NSEC_PER_SEC;
	return rp_ctrl_send(&m->s.ctrl, RP_MSG_COUNTS, buf,
			    rp_msg_encode_counts(buf, sizeof(buf), &k));
}

/*
 * -b: print the pending row once the peer's COUNTS of the same tick came
 * (or half an interval later): rx = the peer's sends between its last two
 * counts seen, over their span (ticks x --interval on the peer's clock);
 * "-" when none came since the last row.
 */
static void mbw_row_bidir(struct mbw *m, struct rp_multi *mu,
			  struct mbw_watch *w, uint64_t size, uint64_t now)
{
	const struct rp_counts *pc = &m->s.ctrl.peer_counts;
	bool got = pc->seq > w->peer_prev.seq && pc->n == m->n;
	const char *devs[RP_MAX_RAILS];
	uint64_t rx[RP_MAX_RAILS];
	unsigned int i;

	if (pc->seq < w->seq && now < w->due)
		return;
	for (i = 0; i < m->n; i++) {
		devs[i] = m->s.rails[i].dev.name;
		rx[i] = got ? (pc->done[i] - w->peer_prev.done[i]) * size : 0;
	}
	rp_report_interval_bidir(
		stdout, (double)(w->from_ns - mu->t0_ns) / 1e9,
		(double)(w->from_ns + w->row_ns - mu->t0_ns) / 1e9, devs, w->tx,
		w->row_ns, got ? rx : NULL,
		got ? (pc->seq - w->peer_prev.seq) * m->o->interval *
				RP_NSEC_PER_SEC :
		      0,
		m->n, m->o->report_gbits);
	if (got)
		w->peer_prev = *pc;
	w->pending = false;
}

/* -b --interval, each turn: the peer's COUNTS in, this side's tick out,
 * the pending row. Returns 0 or the control channel's error. */
static int mbw_watch_bidir(struct mbw *m, struct rp_multi *mu,
			   struct mbw_watch *w, uint64_t size, uint64_t now)
{
	int ret = rp_ctrl_poll(&m->s.ctrl);

	if (!ret && now >= w->next_report && !rp_multi_done(mu))
		ret = mbw_tick_bidir(m, mu, w, size, now);
	if (!ret && w->pending && !rp_multi_done(mu))
		mbw_row_bidir(m, mu, w, size, now);
	return ret;
}

/* Main thread during a run: heartbeats to the server, interval rows. */
static void mbw_watch(struct mbw *m, struct rp_multi *mu, uint64_t size)
{
	const struct timespec nap = { .tv_nsec = MBW_WATCH_NS };
	struct mbw_watch w = {
		.last_beat = mu->t0_ns,
		.prev_ns = mu->t0_ns,
		.next_report =
			m->o->interval ?
				mu->t0_ns + m->o->interval * RP_NSEC_PER_SEC :
				UINT64_MAX,
	};
	uint64_t now;

	bool bidir = m->o->bidir && m->o->interval;

	while (!rp_multi_done(mu)) {
		nanosleep(&nap, NULL);
		now = rp_now_ns();
		/* only the client beats (-b: the server runs too); -b
		 * --interval: both sides send and take COUNTS */
		if ((bidir && mbw_watch_bidir(m, mu, &w, size, now)) ||
		    (!m->s.server && rp_ctrl_beat(&m->s.ctrl, &w.last_beat))) {
			__atomic_store_n(&mu->cancel, 1, __ATOMIC_RELAXED);
			break; /* rp_multi_join waits for the rails */
		}
		if (!bidir && now >= w.next_report && !rp_multi_done(mu))
			mbw_interval(m, mu, &w, size, now);
	}
}

static void mbw_bw_cfg(const struct rp_opts *o, uint64_t size,
		       struct rp_bw_cfg *cfg)
{
	rp_session_bw_defaults(o, cfg);
	cfg->size = size;
	cfg->peak = !o->no_peak && !o->duration &&
		    o->iters <= MBW_PEAK_MAX_ITERS;
}

/* One size on every rail; fills m->agg and m->rail_res. */
static int mbw_run_size(struct mbw *m, uint64_t size)
{
	struct rp_bw_out outs[RP_MAX_RAILS];
	struct rp_multi *mu;
	struct rp_bw_cfg cfg;
	unsigned int i;
	int ret, jret;

	/* struct rp_multi holds cache-line aligned workers: calloc's 16-byte
	 * alignment is not enough. */
	mu = aligned_alloc(_Alignof(struct rp_multi),
			   (sizeof(*mu) + _Alignof(struct rp_multi) - 1) /
				   _Alignof(struct rp_multi) *
				   _Alignof(struct rp_multi));
	if (!mu)
		return -ENOMEM;
	memset(mu, 0, sizeof(*mu));
	mbw_bw_cfg(m->o, size, &cfg);
	ret = rp_multi_start(mu, m->s.rails,
			     m->bpeers ? m->bpeers : m->s.remote, m->n, &cfg,
			     m->topo.t ? &m->topo : NULL, m->cpus);
	if (!ret)
		mbw_watch(m, mu, size);
	jret = rp_multi_join(mu);
	if (!ret)
		ret = jret;
	for (i = 0; i < m->n && !ret; i++) {
		outs[i] = mu->w[i].out;
		rp_bw_result(&cfg, &outs[i], &m->rail_res[i]);
		/* every message completed, not just the -D window */
		m->needed[i] += rp_multi_progress(mu, i) *
				((size + rp_mtu_bytes(m->s.rails[i].mtu) - 1) /
				 rp_mtu_bytes(m->s.rails[i].mtu));
	}
	if (!ret)
		rp_multi_aggregate(outs, m->n, size, m->o->report_gbits,
				   &m->agg);
	free(mu);
	return ret;
}

/* Rail @i's report: its result, share, counters and ceiling. */
static void mbw_rail_report(const struct mbw *m, unsigned int i,
			    const struct rp_port_counters *after,
			    struct rp_rail_report *rr)
{
	const struct rp_railceil *c = &m->ceil;

	*rr = (struct rp_rail_report){
		.index = i,
		.rail = &m->s.rails[i],
		.cpu = m->s.server ? -1 : m->cpus[i],
		.numa_node = m->place[i].numa_node,
		.res = m->rail_res[i],
		.share = m->agg.iters ? 100.0 * (double)m->rail_res[i].iters /
						(double)m->agg.iters :
					0,
		.have_counters = m->have_counters[i],
		.speed_gbps = c->speed[i],
		.pcie_gbps = c->pcie[i].payload_gbps,
		.same_nic =
			rp_rail_addr_same_port(&m->s.local[i], &m->s.remote[i]),
		/* with -b the port also sent the ACKs of what it received */
		.sender = !m->s.server && !m->o->bidir,
		.needed = m->needed[i],
	};
	rp_counters_delta(&m->before[i], &after[i], &rr->delta);
}

/* --expect on the client: rail @i's verdict (line when it failed, JSON). */
static void mbw_expect_rail(struct mbw *m, const struct rp_rail_report *rr,
			    uint64_t size, cJSON *obj)
{
	struct rp_rail_ceiling c;
	struct rp_expect e;
	char who[96];

	rp_rail_report_ceiling(rr, size, &c);
	rp_expect_eval(&e, m->o->expect, c.got, c.ceiling);
	snprintf(who, sizeof(who), "rail %u (%s)", rr->index,
		 rr->rail->dev.name);
	if (rp_opts_full(m->o))
		rp_expect_line(stdout, who, &e);
	m->expect_failed |= !e.pass;
	if (obj)
		cJSON_AddItemToObject(obj, "verdict", rp_expect_json(&e));
}

/* --expect on the client: all rails against the set's ceiling. */
static void mbw_expect_set(struct mbw *m, uint64_t size)
{
	double got = rp_goodput_gbps(m->agg.msg_rate, size);
	struct rp_expect e;

	rp_expect_eval(&e, m->o->expect, got, m->ceil.set);
	if (rp_opts_full(m->o)) {
		rp_expect_line(stdout, "all rails", &e);
		rp_fprintf(stdout, " railperf: --expect %u%%: %s\n",
			   m->o->expect,
			   m->expect_failed || !e.pass ?
				   "FAILED" :
				   "passed: every rail and "
				   "all rails together");
	}
	m->expect_failed |= !e.pass;
	rp_jsonout_add_extra(&m->json, "verdict", rp_expect_json(&e));
}

/* The client's posting (every rail alike): a line and "posting". */
static void mbw_report_posting(struct mbw *m, uint64_t size)
{
	struct rp_bw_cfg cfg;

	if (m->s.server)
		return;
	mbw_bw_cfg(m->o, size, &cfg);
	rp_jsonout_add_extra(&m->json, "posting",
			     rp_posting_json(&cfg, m->s.rails[0].wr_api));
	if (rp_opts_full(m->o))
		rp_posting_line(stdout, &cfg, m->s.rails[0].wr_api);
}

/* The railperf section: one pair of lines per rail, the set's ceiling;
 * --out_json "rails" and "set_ceiling_gbps"; --expect's verdicts. */
static void mbw_report_rails(struct mbw *m, uint64_t size)
{
	struct rp_port_counters after[RP_MAX_RAILS];
	cJSON *rails = m->json.rows ? cJSON_CreateArray() : NULL, *obj;
	struct rp_rail_report rr;
	unsigned int i;

	mbw_counters(m, after);
	rp_railceil_size(&m->ceil, m->s.rails, size);
	for (i = 0; i < m->n; i++) {
		mbw_rail_report(m, i, after, &rr);
		if (rp_opts_full(m->o))
			rp_report_rail(stdout, &rr, size, m->o->report_gbits);
		obj = rails ? rp_json_rail(&rr, size, m->o->report_gbits) :
			      NULL;
		if (m->o->expect && !m->s.server)
			mbw_expect_rail(m, &rr, size, obj);
		if (obj)
			cJSON_AddItemToArray(rails, obj);
	}
	if (rp_opts_full(m->o))
		rp_report_set(stdout, &m->agg, size, m->ceil.set, m->ceil.why);
	if (m->o->expect && !m->s.server)
		mbw_expect_set(m, size);
	rp_jsonout_add_extra(&m->json, "rails", rails);
	rp_jsonout_add_extra(&m->json, "set_ceiling_gbps",
			     m->ceil.set > 0 ? cJSON_CreateNumber(m->ceil.set) :
					       cJSON_CreateNull());
	for (i = 0; i < m->n && rp_opts_full(m->o); i++)
		rp_extra_rail(stdout, &m->s.rails[i], m->o->hugepages,
			      &m->s.local[i], &m->s.remote[i]);
	mbw_report_posting(m, size);
}

static int mbw_send_results(struct mbw *m)
{
	unsigned int i;
	int ret;

	ret = rp_xchg_result_send(&m->s.ctrl, &m->agg);
	for (i = 0; i < m->n && !ret; i++)
		ret = rp_xchg_result_send(&m->s.ctrl, &m->rail_res[i]);
	return ret;
}

static int mbw_client_verdict(struct mbw *m)
{
	struct rp_verdict v;
	int ret;

	ret = rp_xchg_verdict_recv(&m->s.ctrl, &v);
	if (ret)
		return ret;
	rp_extra_verdict_out(rp_opts_full(m->o), &v, m->agg.size,
			     m->n * m->o->num_qps);
	return v.ok ? 0 : -EILSEQ;
}

/* One size's row: the aggregate, with -b the sum of both sides'. */
static void mbw_row(struct mbw *m)
{
	struct rp_result row = m->agg;

	if (m->o->bidir)
		rp_bidir_sum(&m->agg, &m->peer_agg, &row);
	rp_report_bw_out(stdout, &row, m->o->report_gbits, m->o->output);
	rp_jsonout_add_bw(&m->json, &row);
	rp_opts_limit_pass(m->o, row.bw_avg, row.msg_rate, &m->bw_passed,
			   &m->rate_passed);
}

/* -b: swap the aggregate and every rail's result with the peer. */
static int mbw_bidir_swap(struct mbw *m)
{
	struct rp_ctrl *c = &m->s.ctrl;
	unsigned int i;
	int ret;

	ret = rp_xchg_result_swap(c, m->s.server, &m->agg, &m->peer_agg);
	for (i = 0; i < m->n && !ret; i++)
		ret = rp_xchg_result_swap(c, m->s.server, &m->rail_res[i],
					  &m->peer_res[i]);
	return ret;
}

/* One size on every rail; -b: both sides released together by READY,
 * results swapped after. */
static int mbw_size(struct mbw *m, uint64_t size)
{
	int ret = 0;

	if (m->o->bidir)
		ret = rp_xchg_sync(&m->s.ctrl, m->s.server, RP_MSG_READY, -1);
	if (!ret)
		ret = mbw_run_size(m, size);
	if (ret)
		return rp_session_run_failed(&m->s, ret);
	return m->o->bidir ? mbw_bidir_swap(m) : 0;
}

/* The client's sizes (with -b both sides'): a row per size, the table's
 * end; -b --report-both's blocks for a single size, as perftest. */
static int mbw_sizes(struct mbw *m)
{
	uint64_t sizes[32];
	size_t n = rp_opts_sizes(m->o, sizes, 32), i;
	bool full = rp_opts_full(m->o);
	int ret;

	if (full && !m->o->interval) /* else after the interval rows */
		rp_report_bw_title(stdout, m->o->report_gbits);
	mbw_counters(m, m->before);
	for (i = 0; i < n; i++) {
		ret = mbw_size(m, sizes[i]);
		if (ret)
			return ret;
		if (full && m->o->interval && i == 0)
			rp_report_bw_title(stdout, m->o->report_gbits);
		mbw_row(m);
	}
	if (full && m->o->bidir && m->o->report_both && !m->o->all_sizes)
		rp_report_bidir_both(stdout, &m->agg, &m->peer_agg,
				     m->o->report_gbits);
	if (full)
		rp_fprintf(stdout, RP_RESULT_LINE);
	return 0;
}

static int mbw_client(struct mbw *m)
{
	unsigned int i, q;
	int ret;

	if (m->o->validate)
		for (i = 0; i < m->n; i++)
			for (q = 0; q < m->s.rails[i].num_qps; q++)
				rp_pattern_fill(rp_rail_slice(&m->s.rails[i],
							      q),
						m->s.rails[i].slice, q);
	mbw_header(m);
	ret = mbw_sizes(m);
	if (ret)
		return ret;
	ret = mbw_send_results(m);
	if (!ret && m->o->validate)
		ret = mbw_client_verdict(m);
	mbw_report_rails(m, m->agg.size);
	if (!ret)
		ret = mbw_json(m);
	if (!ret)
		ret = rp_xchg_sync(&m->s.ctrl, false, RP_MSG_BYE, -1);
	if (!ret && !rp_opts_limits_ok(m->o, m->bw_passed, m->rate_passed))
		ret = -ERANGE;
	if (!ret && m->expect_failed)
		ret = -ERANGE;
	return ret;
}

/* Every QP slice of every rail; the first bad byte is the verdict. */
static int mbw_server_validate(struct mbw *m)
{
	struct rp_verdict v = { .ok = 1 };
	unsigned int i, q;
	int ret;

	for (i = 0; i < m->n && v.ok; i++) {
		struct rp_rail *r = &m->s.rails[i];

		for (q = 0; q < r->num_qps && v.ok; q++)
			if (rp_pattern_check(rp_rail_slice(r, q), m->agg.size,
					     r->slice, q, &v))
				v.rail = i;
	}
	rp_extra_verdict_out(rp_opts_full(m->o), &v, m->agg.size,
			     m->n * m->o->num_qps);
	ret = rp_xchg_verdict_send(&m->s.ctrl, &v);
	return ret ? ret : (v.ok ? 0 : -EILSEQ);
}

static int mbw_server(struct mbw *m)
{
	unsigned int i;
	int ret, bye;

	mbw_header(m);
	if (rp_opts_full(m->o))
		rp_report_bw_title(stdout, m->o->report_gbits);
	mbw_counters(m, m->before);
	ret = rp_xchg_result_recv(&m->s.ctrl, &m->agg);
	for (i = 0; i < m->n && !ret; i++)
		ret = rp_xchg_result_recv(&m->s.ctrl, &m->rail_res[i]);
	if (ret)
		return ret;
	rp_report_bw_out(stdout, &m->agg, m->o->report_gbits, m->o->output);
	if (rp_opts_full(m->o))
		rp_fprintf(stdout, RP_RESULT_LINE);
	rp_jsonout_add_bw(&m->json, &m->agg);
	if (m->o->validate)
		ret = mbw_server_validate(m);
	mbw_report_rails(m, m->agg.size);
	if (!ret)
		ret = mbw_json(m);
	bye = rp_xchg_sync(&m->s.ctrl, true, RP_MSG_BYE, -1);
	return ret ? ret : bye;
}

/* -b: each rail's two directions and their sum, all rails', in the text
 * and in --out_json ("bidirectional": "rails" and "all"). */
static void mbw_bidir_report(struct mbw *m)
{
	cJSON *o = m->json.rows ? cJSON_CreateObject() : NULL;
	cJSON *rails = o ? cJSON_AddArrayToObject(o, "rails") : NULL;
	bool gbits = m->o->report_gbits;
	unsigned int i;

	for (i = 0; i < m->n; i++) {
		if (rp_opts_full(m->o))
			rp_report_bidir_rail(stdout, (int)i,
					     m->s.rails[i].dev.name,
					     &m->rail_res[i], &m->peer_res[i],
					     gbits);
		if (rails)
			cJSON_AddItemToArray(rails,
					     rp_json_bidir(&m->rail_res[i],
							   &m->peer_res[i]));
	}
	if (rp_opts_full(m->o))
		rp_report_bidir_rail(stdout, -1, NULL, &m->agg, &m->peer_agg,
				     gbits);
	if (o)
		cJSON_AddItemToObject(o, "all",
				      rp_json_bidir(&m->agg, &m->peer_agg));
	rp_jsonout_add_extra(&m->json, "bidirectional", o);
}

/* -b --validate: every rail's receive halves here; verdicts swapped. */
static int mbw_bidir_validate(struct mbw *m)
{
	struct rp_verdict here = { .ok = 1 }, there;
	unsigned int i, qps = m->n * m->o->num_qps;
	bool full = rp_opts_full(m->o);
	int ret;

	for (i = 0; i < m->n && here.ok; i++)
		rp_bidir_check(&m->s.rails[i], m->agg.size, i, &here);
	ret = rp_xchg_verdict_swap(&m->s.ctrl, m->s.server, &here, &there);
	if (ret)
		return ret;
	rp_report_bidir_verdict(full, "received here", &here, m->agg.size, qps);
	rp_report_bidir_verdict(full, "received by the peer", &there,
				m->agg.size, qps);
	return here.ok && there.ok ? 0 : -EILSEQ;
}

/* -b, either side: run, rows, railperf's lines, JSON, BYE. */
static int mbw_bidir(struct mbw *m)
{
	unsigned int i;
	int ret, bye;

	for (i = 0; i < m->n; i++)
		rp_bidir_peer(&m->s.remote[i], &m->bpeers[i]);
	for (i = 0; i < m->n && m->o->validate; i++)
		rp_bidir_fill(&m->s.rails[i]);
	mbw_header(m);
	ret = mbw_sizes(m);
	if (ret)
		return ret;
	if (m->o->validate)
		ret = mbw_bidir_validate(m);
	mbw_report_rails(m, m->agg.size);
	mbw_bidir_report(m);
	if (!ret)
		ret = mbw_json(m);
	bye = rp_xchg_sync(&m->s.ctrl, m->s.server, RP_MSG_BYE, -1);
	if (!ret && !rp_opts_limits_ok(m->o, m->bw_passed, m->rate_passed))
		ret = -ERANGE;
	if (!ret && m->expect_failed)
		ret = -ERANGE;
	return ret ? ret : bye;
}

/* Which side's flow runs, once the session is open. */
static int mbw_side(struct mbw *m)
{
	if (!m->o->bidir)
		return m->s.server ? mbw_server(m) : mbw_client(m);
	m->bpeers = calloc(m->n, sizeof(*m->bpeers));
	return m->bpeers ? mbw_bidir(m) : -ENOMEM;
}

/* Each rail's core kind (hwloc cpukinds), for its placement line. */
static void mbw_kinds(struct mbw *m)
{
	unsigned int i;

	for (i = 0; i < m->n && m->topo.t; i++) {
		struct rp_bound *b = &m->s.rails[i].bound;

		if (m->cpus[i] >= 0)
			rp_topo_cpukind(&m->topo, m->cpus[i], b->kind,
					sizeof(b->kind));
	}
}

static int mbw_run(struct mbw *m)
{
	struct rp_rail_cfg cfg[RP_MAX_RAILS];
	int ret;

	ret = mbw_rails(m);
	if (ret)
		return ret;
	mbw_place(m);
	if (mbw_rail_cfgs(m, cfg))
		return -EINVAL;
	if (rp_jsonout_init(&m->json, rp_opts_json_path(m->o), m->o->output))
		return -ENOMEM;
	ret = rp_session_open(&m->s, m->o, cfg, m->n);
	if (!ret) {
		mbw_kinds(m);
		mbw_check_subnets(m);
		rp_railceil_read(&m->ceil, RP_SYSFS_ROOT, m->s.rails, m->n);
		rp_railceil_size(&m->ceil, m->s.rails, rp_opts_max_size(m->o));
		rp_railceil_warn(&m->ceil);
		ret = mbw_side(m);
		rp_session_close(&m->s);
	}
	rp_topo_fini(&m->topo);
	rp_jsonout_fini(&m->json);
	free(m->bpeers);
	return ret;
}

/* The -d / -x rail lists, checked before any device is opened (-R and
 * --run_infinitely, one-rail flags, the parser refuses). */
static int mbw_check(const struct rp_opts *o)
{
	struct rp_railspec spec[RP_MAX_RAILS];

	if (o->dev && rp_railspec_parse(o->dev, o->gid_list, o->ib_port, spec,
					RP_MAX_RAILS) < 0)
		return -EINVAL;
	return 0;
}

/* The run's state is large (per-rail arrays): on the heap. */
static int mbw_main_run(const struct rp_opts *o)
{
	struct mbw *m = calloc(1, sizeof(*m));
	int ret;

	if (!m)
		return -ENOMEM;
	m->o = o;
	ret = mbw_run(m);
	free(m);
	return ret;
}

int main(int argc, char **argv)
{
	return rp_main(rp_test_desc_of(RP_TEST_MULTI_BW), argc, argv, mbw_check,
		       mbw_main_run);
}
