// SPDX-License-Identifier: MIT
#include <inttypes.h>
#include <string.h>

#include "base/rp_log.h"
#include "topo/rp_ceiling.h"
#include "verbs/rp_dev.h"
#include "output/rp_expect.h"
#include "output/rp_report_multi.h"
#include "engine/rp_stats.h"

static void rp_report_counters(FILE *f, const struct rp_rail_report *rr)
{
	const struct rp_port_counters *d = &rr->delta;

	if (!rr->have_counters) {
		rp_fprintf(f, ", no port counters");
		return;
	}
	if (d->have_data)
		rp_fprintf(f,
			   ", port_xmit_data %" PRIu64
			   " B, port_rcv_data %" PRIu64 " B",
			   d->xmit_bytes, d->rcv_bytes);
	if (d->have_pkts)
		rp_fprintf(f, ", %s %" PRIu64 " sent, %" PRIu64 " received",
			   d->pkts_source, d->xmit_pkts, d->rcv_pkts);
	if (d->reset)
		rp_fprintf(f, ", counter reset (a port counter went backwards "
			      "during the run)");
}

void rp_rail_report_ceiling(const struct rp_rail_report *rr, uint64_t size,
			    struct rp_rail_ceiling *c)
{
	const struct rp_rail *r = rr->rail;

	c->wire = rp_dev_is_roce(&r->dev) ?
			  rp_roce_ceiling(rr->verb, rr->speed_gbps, size,
					  rp_mtu_bytes(r->mtu)) :
			  0;
	c->pcie_bound = c->wire > 0 && rr->pcie_gbps > 0 &&
			rr->pcie_gbps < c->wire;
	c->ceiling = c->pcie_bound ? rr->pcie_gbps : c->wire;
	c->rcb = rp_rail_ceiling(c->wire, rr->pcie_rcb_gbps, NULL);
	if (c->rcb >= c->ceiling)
		c->rcb = 0;
	c->got = rp_goodput_gbps(rr->res.msg_rate, size);
}

/* The lines after a rail's ceiling: the RCB figure where lower, and the
 * note for a rail above its ceiling. */
static void rp_report_ceiling_notes(FILE *f, const struct rp_rail_report *rr,
				    const struct rp_rail_ceiling *c)
{
	char who[32];

	snprintf(who, sizeof(who), "rail %u", rr->index);
	if (c->rcb > 0)
		rp_fprintf(f,
			   " railperf: %s: %.1f%% of %.2f Gb/s, what its PCIe "
			   "path carries if the root complex cuts read "
			   "completions at its RCB\n",
			   who, 100.0 * c->got / c->rcb, c->rcb);
	rp_expect_above_line(f, who, c->got, c->ceiling);
}

static void rp_report_ceiling(FILE *f, const struct rp_rail_report *rr,
			      uint64_t size)
{
	const struct rp_rail *r = rr->rail;
	unsigned int mtu = rp_mtu_bytes(r->mtu);
	struct rp_rail_ceiling c;
	double pct;

	rp_fprintf(f, " railperf: rail %u: ", rr->index);
	if (!rp_dev_is_roce(&r->dev)) {
		rp_fprintf(f, "InfiniBand port: no RoCE v2 wire ceiling\n");
		return;
	}
	if (rr->speed_gbps <= 0) {
		rp_fprintf(f, "port speed unknown (the netdev reports none, as "
			      "on rdma_rxe): no wire ceiling\n");
		return;
	}
	rp_rail_report_ceiling(rr, size, &c);
	pct = c.ceiling > 0 ? 100.0 * c.got / c.ceiling : 0;
	if (c.pcie_bound)
		rp_fprintf(
			f,
			"%.1f%% of its ceiling of %.2f Gb/s, its PCIe path's "
			"payload %s, below the RoCE v2 %s ceiling of %.2f "
			"Gb/s (%g Gb/s port, MTU %u, at this message size)\n",
			pct, c.ceiling, rp_pcie_dir_name(rr->pcie_dir),
			rp_roce_verb_name(rr->verb), c.wire, rr->speed_gbps,
			mtu);
	else
		rp_fprintf(f,
			   "%.1f%% of the RoCE v2 %s ceiling of %.2f Gb/s "
			   "(%g Gb/s port, MTU %u, at this message size)\n",
			   pct, rp_roce_verb_name(rr->verb), c.ceiling,
			   rr->speed_gbps, mtu);
	rp_report_ceiling_notes(f, rr, &c);
}

void rp_report_set(FILE *f, const struct rp_result *agg, uint64_t size,
		   double set, const char *why)
{
	double got = rp_goodput_gbps(agg->msg_rate, size);

	if (set <= 0) {
		rp_fprintf(f,
			   " railperf: all rails: %.2f Gb/s; the set's ceiling "
			   "is unknown: %s\n",
			   got, why);
		return;
	}
	rp_fprintf(f,
		   " railperf: all rails: %.2f Gb/s, %.1f%% of the set's "
		   "ceiling of %.2f Gb/s (per direction, through the PCIe "
		   "links and ports the rails share)\n",
		   got, 100.0 * got / set, set);
	rp_expect_above_line(f, "all rails", got, set);
}

void rp_rail_report_lossy(const struct rp_rail_report *rr, uint64_t size,
			  struct rp_lossy *l)
{
	const struct rp_port_counters *d = &rr->delta;
	unsigned int mtu = rp_mtu_bytes(rr->rail->mtu);

	memset(l, 0, sizeof(*l));
	l->needed = rr->needed ? rr->needed :
		    mtu	       ? rr->res.iters * ((size + mtu - 1) / mtu) :
				 0;
	l->retrans_known = rr->have_counters && d->have_pkts && rr->sender &&
			   !rr->same_nic;
	if (l->retrans_known && d->xmit_pkts > l->needed)
		l->retrans = d->xmit_pkts - l->needed;
	l->retry_known = rr->have_counters && d->have_retry;
	l->retry = l->retry_known ? d->retry : 0;
	l->cnp_known = rr->have_counters && d->have_cnp;
	l->cnp = l->cnp_known ? d->cnp : 0;
	l->pause_known = rp_pause_any(&d->pause);
	l->pause_rx = rp_pause_rx(&d->pause);
	l->pause_tx = rp_pause_tx(&d->pause);
	l->lossy = l->retrans * 100 > l->needed || l->retry * 100 > l->needed;
}

/* ", rx_prio3_pause 12, tx_prio3_pause 0": the pause counters that moved. */
static void rp_report_pause_names(FILE *f, const struct rp_pause *p)
{
	unsigned int i;

	for (i = 0; i < RP_PAUSE_PRIOS; i++)
		if ((p->prios & (1u << i)) && (p->rx_prio[i] || p->tx_prio[i]))
			rp_fprintf(f,
				   ", rx_prio%u_pause %" PRIu64
				   ", tx_prio%u_pause %" PRIu64,
				   i, p->rx_prio[i], i, p->tx_prio[i]);
	if (p->have_global && (p->rx_global || p->tx_global))
		rp_fprintf(f,
			   ", rx_global_pause %" PRIu64
			   ", tx_global_pause %" PRIu64,
			   p->rx_global, p->tx_global);
	if (p->have_ctrl && (p->rx_ctrl || p->tx_ctrl))
		rp_fprintf(f,
			   ", rx_pause_ctrl_phy %" PRIu64
			   ", tx_pause_ctrl_phy %" PRIu64,
			   p->rx_ctrl, p->tx_ctrl);
}

/* The pause line: frames the port's netdev counted during the run. */
static void rp_report_pause(FILE *f, const struct rp_rail_report *rr,
			    const struct rp_lossy *l)
{
	const char *nd = rr->rail->gid.ndev;

	rp_fprintf(f,
		   " railperf: rail %u: pause: %" PRIu64
		   " pause frames received, %" PRIu64
		   " sent during the run (port wide, ethtool statistics of %s",
		   rr->index, l->pause_rx, l->pause_tx,
		   nd[0] ? nd : "no netdev");
	rp_report_pause_names(f, &rr->delta.pause);
	rp_fprintf(f, "): the link or the switch held the port back (PFC)\n");
}

/* A line when the rail is lossy, congested or paused; nothing otherwise. */
static void rp_report_lossy(FILE *f, const struct rp_rail_report *rr,
			    uint64_t size)
{
	struct rp_lossy l;

	rp_rail_report_lossy(rr, size, &l);
	if (l.lossy) {
		rp_fprintf(f,
			   " railperf: rail %u: lossy: %" PRIu64
			   " packets sent beyond the %" PRIu64
			   " its messages needed, %" PRIu64
			   " retry events (out of sequence, timeouts)",
			   rr->index, l.retrans, l.needed, l.retry);
		if (l.pause_known)
			rp_fprintf(f,
				   ", %" PRIu64 " pause frames received, "
				   "%" PRIu64 " sent",
				   l.pause_rx, l.pause_tx);
		rp_fprintf(f, " by port wide counters (every QP on the port, "
			      "not only this run's): RC retransmitted; check "
			      "the cable, the link's symbol and CRC counters "
			      "and congestion\n");
	}
	if (l.cnp)
		rp_fprintf(f,
			   " railperf: rail %u: congestion: %" PRIu64
			   " CNP and ECN marked packets during the run "
			   "(port wide counters)\n",
			   rr->index, l.cnp);
	if (!l.lossy && (l.pause_rx || l.pause_tx))
		rp_report_pause(f, rr, &l);
}

void rp_report_rail(FILE *f, const struct rp_rail_report *rr, uint64_t size,
		    bool gbits)
{
	const struct rp_rail *r = rr->rail;
	char cpu[16] = "unpinned", node[16] = "unknown", gid[16] = "none";

	/* no negative numbers: a railperf line holds no '-' */
	if (rr->cpu >= 0)
		snprintf(cpu, sizeof(cpu), "%d", rr->cpu);
	if (rr->numa_node >= 0)
		snprintf(node, sizeof(node), "%d", rr->numa_node);
	if (r->gid_index >= 0)
		snprintf(gid, sizeof(gid), "%d", r->gid_index);
	rp_fprintf(f,
		   " railperf: rail %u: %s port %u, GID index %s, netdev %s, "
		   "NUMA node %s, CPU %s, %" PRIu64
		   " messages, BW average %.2f "
		   "%s, MsgRate %.6f Mpps, %.1f%% of the total",
		   rr->index, r->dev.name, r->dev.port, gid,
		   r->gid.ndev[0] ? r->gid.ndev : "none", node, cpu,
		   rr->res.iters, rr->res.bw_avg, rp_bw_unit(gbits),
		   rr->res.msg_rate, rr->share);
	rp_report_counters(f, rr);
	rp_fprintf(f, "\n");
	rp_report_ceiling(f, rr, size);
	rp_report_lossy(f, rr, size);
}

void rp_report_interval(FILE *f, double from_s, double to_s,
			const struct rp_rail *rails, const uint64_t *bytes,
			unsigned int n, uint64_t ns, bool gbits)
{
	uint64_t sum = 0;
	unsigned int i;

	rp_fprintf(f, " railperf: interval %5.1f to %5.1f s:", from_s, to_s);
	for (i = 0; i < n; i++) {
		rp_fprintf(f, " %s %.2f,", rails[i].dev.name,
			   rp_bw(bytes[i], ns, gbits));
		sum += bytes[i];
	}
	rp_fprintf(f, " sum %.2f %s\n", rp_bw(sum, ns, gbits),
		   rp_bw_unit(gbits));
}

void rp_report_interval_counters(FILE *f, const char *who, double from_s,
				 double to_s, const struct rp_ctr_ivl *c)
{
	const char *sep = "";

	if (!rp_ctr_ivl_busy(c))
		return;
	rp_fprintf(f, " railperf: %s: %.1f to %.1f s:", who, from_s, to_s);
	if (c->have_pause && (c->pause_rx || c->pause_tx)) {
		rp_fprintf(f, " pause frames rx %llu tx %llu",
			   (unsigned long long)c->pause_rx,
			   (unsigned long long)c->pause_tx);
		sep = ",";
	}
	if (c->have_cnp && c->cnp) {
		rp_fprintf(f, "%s %llu CNPs", sep, (unsigned long long)c->cnp);
		sep = ",";
	}
	if (c->have_retry && c->retry) {
		rp_fprintf(f, "%s %llu retries", sep,
			   (unsigned long long)c->retry);
		sep = ",";
	}
	rp_fprintf(f, "%s\n",
		   c->reset ? (*sep ? ", counter reset" : " counter reset") :
			      "");
}

void rp_report_interval_stats(FILE *f, const char *who,
			      const struct rp_series_stats *st,
			      unsigned int secs, double from_s, bool gbits)
{
	if (!st->n)
		return;
	rp_fprintf(f,
		   " railperf: %s: %u intervals of %u s: min %.2f (from "
		   "%.1f s), mean %.2f, max %.2f %s, CV %.1f%%\n",
		   who, st->n, secs, st->min, from_s, st->mean, st->max,
		   rp_bw_unit(gbits), st->cv);
}

void rp_report_cpu(FILE *f, const char *who, const char *thread,
		   const struct rp_cpu *cpu)
{
	double used = (double)(cpu->user_ns + cpu->sys_ns) / 1e9;

	if (!cpu->wall_ns)
		return;
	rp_fprintf(f,
		   " railperf: %s: CPU of its %s thread: %.2f s in %.2f s, "
		   "%.1f%% of a core (user %.2f s, system %.2f s), ",
		   who, thread, used, (double)cpu->wall_ns / 1e9,
		   100.0 * used * 1e9 / (double)cpu->wall_ns,
		   (double)cpu->user_ns / 1e9, (double)cpu->sys_ns / 1e9);
	if (cpu->bytes)
		rp_fprintf(f, "%.3f s per GB\n",
			   used / ((double)cpu->bytes / 1e9));
	else
		rp_fprintf(f, "no bytes moved\n");
}

void rp_report_event(FILE *f, const char *who, const struct rp_event *ev,
		     double t_s)
{
	if (ev->qp_num)
		rp_fprintf(f, " railperf: %s: %s (QP 0x%x) at %.2f s\n", who,
			   ev->what, ev->qp_num, t_s);
	else
		rp_fprintf(f, " railperf: %s: %s at %.2f s\n", who, ev->what,
			   t_s);
}

void rp_report_failed(FILE *f, const char *who, const struct rp_fail *fail)
{
	rp_fprintf(f, " railperf: %s: FAILED at %.2f s: %s\n", who,
		   (double)fail->at_ns / 1e9, fail->why);
}

void rp_report_fail_verdict(FILE *f, const char *who,
			    const struct rp_fail *fail)
{
	rp_fprintf(f, " railperf: verdict: FAILED: %s failed at %.2f s (%s)\n",
		   who, (double)fail->at_ns / 1e9, fail->why);
}
