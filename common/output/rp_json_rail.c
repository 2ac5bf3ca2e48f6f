// SPDX-License-Identifier: MIT
/* --out_json's "rails" element: rail_multi_bw's per-rail facts. */
#include <cjson/cJSON.h>
#include <stdio.h>

#include "engine/rp_stats.h"
#include "topo/rp_ceiling.h"
#include "verbs/rp_dev.h"
#include "output/rp_json_rail.h"

static void rp_json_num_or_null(cJSON *o, const char *key, double v, bool ok)
{
	if (ok)
		cJSON_AddNumberToObject(o, key, v);
	else
		cJSON_AddNullToObject(o, key);
}

static cJSON *rp_json_counters(const struct rp_rail_report *rr)
{
	const struct rp_port_counters *d = &rr->delta;
	cJSON *c = cJSON_CreateObject();

	if (!c || !rr->have_counters)
		return c;
	if (d->have_data) {
		cJSON_AddNumberToObject(c, "port_xmit_data_bytes",
					(double)d->xmit_bytes);
		cJSON_AddNumberToObject(c, "port_rcv_data_bytes",
					(double)d->rcv_bytes);
	}
	if (d->have_pkts) {
		cJSON_AddNumberToObject(c, "xmit_pkts", (double)d->xmit_pkts);
		cJSON_AddNumberToObject(c, "rcv_pkts", (double)d->rcv_pkts);
		cJSON_AddStringToObject(c, "pkts_source", d->pkts_source);
	}
	if (d->reset)
		cJSON_AddBoolToObject(c, "counter_reset", true);
	return c;
}

static void rp_json_ceiling(cJSON *o, const struct rp_rail_report *rr,
			    uint64_t size)
{
	struct rp_rail_ceiling c;

	rp_rail_report_ceiling(rr, size, &c);
	rp_json_num_or_null(o, "port_speed_gbit_per_s", rr->speed_gbps,
			    rr->speed_gbps > 0);
	rp_json_num_or_null(o, "wire_ceiling_gbit_per_s", c.wire, c.wire > 0);
	rp_json_num_or_null(o, "pcie_payload_gbps", rr->pcie_gbps,
			    rr->pcie_gbps > 0);
	cJSON_AddStringToObject(o, "pcie_side", rp_pcie_dir_key(rr->pcie_dir));
	rp_json_num_or_null(o, "ceiling_gbps", c.ceiling, c.ceiling > 0);
	rp_json_num_or_null(o, "ceiling_rcb_gbps", c.rcb, c.rcb > 0);
	if (c.ceiling > 0)
		cJSON_AddStringToObject(o, "ceiling_limit",
					c.pcie_bound ? "pcie" : "wire");
	else
		cJSON_AddNullToObject(o, "ceiling_limit");
	rp_json_num_or_null(o, "efficiency",
			    c.ceiling > 0 ? c.got / c.ceiling : 0,
			    c.ceiling > 0);
	if (c.ceiling > 0)
		cJSON_AddBoolToObject(o, "above_ceiling", c.got > c.ceiling);
	else
		cJSON_AddNullToObject(o, "above_ceiling");
	cJSON_AddBoolToObject(o, "same_nic", rr->same_nic);
}

/* "pause": the netdev's pause frames over the run (ethtool), or null. */
static cJSON *rp_json_pause(const struct rp_lossy *l, const struct rp_pause *p)
{
	cJSON *o, *prio;
	char key[8];
	unsigned int i;

	if (!l->pause_known)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	prio = cJSON_AddObjectToObject(o, "per_prio");
	cJSON_AddNumberToObject(o, "rx_frames", (double)l->pause_rx);
	cJSON_AddNumberToObject(o, "tx_frames", (double)l->pause_tx);
	for (i = 0; prio && i < RP_PAUSE_PRIOS; i++) {
		cJSON *e;

		if (!(p->prios & (1u << i)))
			continue;
		snprintf(key, sizeof(key), "prio%u", i);
		e = cJSON_AddObjectToObject(prio, key);
		cJSON_AddNumberToObject(e, "rx_pause", (double)p->rx_prio[i]);
		cJSON_AddNumberToObject(e, "tx_pause", (double)p->tx_prio[i]);
	}
	rp_json_num_or_null(o, "rx_global_pause", (double)p->rx_global,
			    p->have_global);
	rp_json_num_or_null(o, "tx_global_pause", (double)p->tx_global,
			    p->have_global);
	rp_json_num_or_null(o, "rx_pause_ctrl_phy", (double)p->rx_ctrl,
			    p->have_ctrl);
	rp_json_num_or_null(o, "tx_pause_ctrl_phy", (double)p->tx_ctrl,
			    p->have_ctrl);
	return o;
}

static void rp_json_lossy(cJSON *o, const struct rp_rail_report *rr,
			  uint64_t size)
{
	struct rp_lossy l;

	rp_rail_report_lossy(rr, size, &l);
	/* every counter below covers the whole port, not only the run's QPs */
	cJSON_AddStringToObject(o, "counters_scope", "port");
	rp_json_num_or_null(o, "retransmitted_packets", (double)l.retrans,
			    l.retrans_known);
	rp_json_num_or_null(o, "retry_events", (double)l.retry, l.retry_known);
	rp_json_num_or_null(o, "cnp", (double)l.cnp, l.cnp_known);
	cJSON_AddItemToObject(o, "pause", rp_json_pause(&l, &rr->delta.pause));
	cJSON_AddBoolToObject(o, "lossy", l.lossy);
}

cJSON *rp_json_rail(const struct rp_rail_report *rr, uint64_t size, bool gbits)
{
	const struct rp_rail *r = rr->rail;
	cJSON *o = cJSON_CreateObject();

	if (!o)
		return NULL;
	cJSON_AddStringToObject(o, "device", r->dev.name);
	cJSON_AddNumberToObject(o, "port", r->dev.port);
	cJSON_AddNumberToObject(o, "gid_index", r->gid_index);
	cJSON_AddStringToObject(o, "netdev", r->gid.ndev);
	cJSON_AddNumberToObject(o, "numa_node", rr->numa_node);
	rp_json_num_or_null(o, "cpu", rr->cpu, rr->cpu >= 0);
	cJSON_AddNumberToObject(o, "messages", (double)rr->res.iters);
	cJSON_AddNumberToObject(
		o, gbits ? "bw_average_gbit_per_s" : "bw_average_mib_per_s",
		rr->res.bw_avg);
	cJSON_AddNumberToObject(o, "msg_rate_mpps", rr->res.msg_rate);
	cJSON_AddNumberToObject(o, "share_percent", rr->share);
	cJSON_AddItemToObject(o, "counters", rp_json_counters(rr));
	rp_json_ceiling(o, rr, size);
	rp_json_lossy(o, rr, size);
	cJSON_AddItemToObject(o, "failed", rp_json_fail(&rr->res.fail));
	return o;
}

cJSON *rp_json_fail(const struct rp_fail *fail)
{
	cJSON *o;

	if (!fail->failed)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	if (!o)
		return NULL;
	cJSON_AddNumberToObject(o, "at_s", (double)fail->at_ns / 1e9);
	cJSON_AddStringToObject(o, "reason", fail->why);
	return o;
}

cJSON *rp_json_intervals(const struct rp_series *s, double min_from_s,
			 bool gbits)
{
	cJSON *o = cJSON_CreateObject(), *v;
	struct rp_series_stats st;
	unsigned int i;

	if (!o)
		return NULL;
	rp_series_stats(s, &st);
	cJSON_AddNumberToObject(o, "count", st.n);
	cJSON_AddStringToObject(o, "unit", rp_bw_unit(gbits));
	cJSON_AddNumberToObject(o, "min", st.min);
	cJSON_AddNumberToObject(o, "min_from_s", min_from_s);
	cJSON_AddNumberToObject(o, "mean", st.mean);
	cJSON_AddNumberToObject(o, "max", st.max);
	cJSON_AddNumberToObject(o, "cv_percent", st.cv);
	v = cJSON_AddArrayToObject(o, "samples");
	for (i = 0; v && i < s->n; i++)
		cJSON_AddItemToArray(v, cJSON_CreateNumber(s->v[i]));
	return o;
}

cJSON *rp_json_ivl_counters(const struct rp_portseries *s)
{
	cJSON *arr = cJSON_CreateArray(), *o;
	const struct rp_ctr_ivl *c;
	unsigned int k;

	for (k = 0; arr && k < s->n; k++) {
		c = &s->v[k];
		o = cJSON_CreateObject();
		if (!o)
			break;
		rp_json_num_or_null(o, "xmit_pkts", (double)c->xmit_pkts,
				    c->have_pkts);
		rp_json_num_or_null(o, "rcv_pkts", (double)c->rcv_pkts,
				    c->have_pkts);
		rp_json_num_or_null(o, "retry_events", (double)c->retry,
				    c->have_retry);
		rp_json_num_or_null(o, "cnp", (double)c->cnp, c->have_cnp);
		rp_json_num_or_null(o, "pause_rx_frames", (double)c->pause_rx,
				    c->have_pause);
		rp_json_num_or_null(o, "pause_tx_frames", (double)c->pause_tx,
				    c->have_pause);
		if (c->reset)
			cJSON_AddBoolToObject(o, "counter_reset", true);
		cJSON_AddItemToArray(arr, o);
	}
	return arr;
}

cJSON *rp_json_cpu(const struct rp_cpu *cpu, const char *thread)
{
	double used = (double)(cpu->user_ns + cpu->sys_ns) / 1e9;
	cJSON *o = cpu->wall_ns ? cJSON_CreateObject() : NULL;

	if (!o)
		return NULL;
	cJSON_AddStringToObject(o, "thread", thread);
	cJSON_AddNumberToObject(o, "user_s", (double)cpu->user_ns / 1e9);
	cJSON_AddNumberToObject(o, "system_s", (double)cpu->sys_ns / 1e9);
	cJSON_AddNumberToObject(o, "wall_s", (double)cpu->wall_ns / 1e9);
	cJSON_AddNumberToObject(o, "percent_of_core",
				100.0 * used * 1e9 / (double)cpu->wall_ns);
	cJSON_AddNumberToObject(o, "bytes", (double)cpu->bytes);
	rp_json_num_or_null(o, "s_per_gb",
			    cpu->bytes ? used / ((double)cpu->bytes / 1e9) : 0,
			    cpu->bytes > 0);
	return o;
}

cJSON *rp_json_event(unsigned int rail, const char *dev,
		     const struct rp_event *ev, double t_s)
{
	cJSON *o = cJSON_CreateObject();

	if (!o)
		return NULL;
	cJSON_AddNumberToObject(o, "rail", rail);
	cJSON_AddStringToObject(o, "device", dev);
	cJSON_AddNumberToObject(o, "time_s", t_s);
	cJSON_AddStringToObject(o, "event", ev->what);
	cJSON_AddStringToObject(
		o, "type",
		ev->type < 0 ?
			"netlink" :
			ibv_event_type_str((enum ibv_event_type)ev->type));
	if (ev->port)
		cJSON_AddNumberToObject(o, "port", ev->port);
	if (ev->qp_num)
		cJSON_AddNumberToObject(o, "qp_num", ev->qp_num);
	return o;
}
