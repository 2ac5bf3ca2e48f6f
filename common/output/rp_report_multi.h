/* SPDX-License-Identifier: MIT */
/*
 * rp_report_multi.h - rail_multi_bw's own lines, after the perftest block
 * (interval lines come before the table header). Every line starts with
 * " railperf:", so scripts that look for a number at the start of a row
 * read only the perftest row.
 */
#ifndef RP_REPORT_MULTI_H
#define RP_REPORT_MULTI_H

#include <stdbool.h>
#include <stdio.h>

#include "engine/rp_series.h"
#include "topo/rp_counters.h"
#include "topo/rp_pcie.h"
#include "topo/rp_portseries.h"
#include "proto/rp_proto.h"
#include "verbs/rp_async.h"
#include "verbs/rp_rail.h"

struct rp_rail_report {
	unsigned int index;
	const struct rp_rail *rail;
	int cpu;	      /* -1 = unpinned */
	int numa_node;	      /* -1 = unknown */
	struct rp_result res; /* this rail alone: avg, rate */
	double share;	      /* % of the aggregate's bytes */
	bool have_counters;
	struct rp_port_counters delta; /* over the run */
	double speed_gbps;	       /* port speed, 0 = unknown */
	double pcie_gbps;     /* PCIe path's payload bound for @pcie_dir, Gb/s,
			   * 0 unknown */
	double pcie_rcb_gbps; /* ... with read completions cut at the RCB
			       * (rp_pcie_path_rcb_gbps), Gb/s, 0 unknown */
	enum rp_pcie_dir pcie_dir; /* this side: sending, receiving, both */
	enum rp_verb verb;	   /* the run's verb: its wire ceiling */
	bool same_nic;		   /* both ends one NIC and port */
	bool sender;		   /* this side sent the data (client) */
	uint64_t needed; /* data packets the whole run's messages needed
			   * (every size, the whole -D); 0: from @res */
};

/*
 * Is a rail lossy? The data packets its messages needed, n = messages x
 * ceil(size / path MTU) (one RoCE packet per MTU of payload; rr->needed
 * when the caller counted the whole run); on the
 * sending side, unless both ends are one NIC (then the port also sent the
 * responder's ACKs), every packet beyond n was sent again. Lossy: more
 * than 1 % of n sent again, or retry counters (rp_counters.h) above 1 % of
 * n. Congestion: the CNP/ECN counters moved; pause: the netdev's PFC or
 * 802.3x pause counters moved. Every counter here is port-wide (all QPs
 * and users of the port), and the lines and JSON say so.
 */
struct rp_lossy {
	uint64_t needed;    /* data packets the messages needed */
	bool retrans_known; /* the packet comparison applies */
	uint64_t retrans;   /* packets sent beyond @needed */
	bool retry_known;   /* the port has retry counters */
	uint64_t retry;	    /* their sum over the run */
	bool cnp_known;
	uint64_t cnp;	   /* CNP/ECN events over the run */
	bool pause_known;  /* the netdev has pause counters (ethtool) */
	uint64_t pause_rx; /* pause frames received (rp_pause_rx) */
	uint64_t pause_tx; /* pause frames sent (rp_pause_tx) */
	bool lossy;
};

/* rp_rail_report_lossy - @rr's lossiness for @size-byte messages. */
void rp_rail_report_lossy(const struct rp_rail_report *rr, uint64_t size,
			  struct rp_lossy *l);

/* A rail's ceilings for messages of a size (rp_rail_report_ceiling). */
struct rp_rail_ceiling {
	double wire;	 /* RoCE v2 ceiling of the verb, Gb/s, 0 unknown */
	double ceiling;	 /* min(wire, PCIe payload bound), Gb/s, 0 unknown */
	bool pcie_bound; /* the PCIe path is the lower of the two */
	double rcb;	 /* min(wire, PCIe with completions cut at the RCB)
			  * where below @ceiling, Gb/s; else 0 */
	double got;	 /* the rail's goodput, Gb/s */
};

/*
 * rp_rail_report_ceiling - @rr's ceilings for @size-byte messages at its
 * path MTU (rp_ceiling.h; none on InfiniBand or at an unknown speed): the
 * bound and, where lower, the figure with read completions cut at the RCB
 * (rp_pcie.h); and its goodput, into @c.
 */
void rp_rail_report_ceiling(const struct rp_rail_report *rr, uint64_t size,
			    struct rp_rail_ceiling *c);

/*
 * rp_report_rail - two lines for one rail: identity, placement, BW
 * average, MsgRate, share and counters; then its efficiency against its
 * ceiling, min(RoCE v2 ceiling of its verb for its speed, path MTU and
 * @size (rp_ceiling.h; the label names the verb), its PCIe path's payload
 * bound (rp_pcie.h)), or why
 * there is none; a line with the figure for read completions cut at the
 * RCB where that is lower; a line when the rail moved more than its
 * ceiling (rp_expect_above_line); then a line when it is lossy or saw
 * congestion (rp_rail_report_lossy).
 */
void rp_report_rail(FILE *f, const struct rp_rail_report *rr, uint64_t size,
		    bool gbits);

/*
 * rp_report_set - " railperf: all rails: X Gb/s, P% of the set's ceiling
 * of C Gb/s ..." for the aggregate @agg of messages of @size bytes
 * against the set ceiling @set (rp_railset.h), or, with @set 0, that it
 * is unknown and @why.
 */
void rp_report_set(FILE *f, const struct rp_result *agg, uint64_t size,
		   double set, const char *why);

/*
 * rp_report_interval - " railperf: interval A-B s: rxe0 X, rxe1 Y, sum Z
 * MB/sec" for one interval: @bytes[i] moved by rail i in @ns nanoseconds.
 */
void rp_report_interval(FILE *f, double from_s, double to_s,
			const struct rp_rail *rails, const uint64_t *bytes,
			unsigned int n, uint64_t ns, bool gbits);

/*
 * rp_report_interval_counters - " railperf: rail 1 (rxe1): 4.0-5.0 s:
 * pause frames rx 12 tx 0, 3 CNPs, 5 retries" for one rail's interval
 * @c (rp_portseries.h), naming only the kinds that moved, and "counter
 * reset" when one went backwards; nothing when none did
 * (rp_ctr_ivl_busy). @who: "rail 1 (rxe1)".
 */
void rp_report_interval_counters(FILE *f, const char *who, double from_s,
				 double to_s, const struct rp_ctr_ivl *c);

/*
 * rp_report_interval_stats - " railperf: WHO: N intervals of S s: min A
 * (from F s), mean B, max C MB/sec, CV D%" (--interval's rows of a rail or
 * of all rails, in the report's unit; the CV is the population standard
 * deviation over the mean, rp_series_stats); @from_s is where the slowest
 * interval began. Nothing when @st holds no interval.
 */
void rp_report_interval_stats(FILE *f, const char *who,
			      const struct rp_series_stats *st,
			      unsigned int secs, double from_s, bool gbits);

/*
 * rp_report_cpu - " railperf: WHO: CPU of its THREAD thread: C s in W s,
 * P% of a core (user U s, system S s), G s per GB" for a rail thread's
 * @cpu (struct rp_cpu: user + system time over its run W, and the bytes
 * moved then; GB = 10^9 bytes; "no bytes moved" instead of G when none).
 * Nothing when @cpu was not measured (wall_ns 0).
 */
void rp_report_cpu(FILE *f, const char *who, const char *thread,
		   const struct rp_cpu *cpu);

/*
 * rp_report_event - " railperf: WHO: port DOWN at T s" for a device event
 * @ev read @t_s seconds into the run; a QP's event names it: "QP fatal
 * (QP 0x11) at T s".
 */
void rp_report_event(FILE *f, const char *who, const struct rp_event *ev,
		     double t_s);

/*
 * rp_report_failed - " railperf: WHO: FAILED at T s: REASON" for a rail
 * whose run failed (@f's time from the run's start, s with 2 decimals;
 * its reason as the engine printed it); its line above counts what it
 * moved until then.
 */
void rp_report_failed(FILE *f, const char *who, const struct rp_fail *fail);

/*
 * rp_report_fail_verdict - " railperf: verdict: FAILED: WHO failed at T s
 * (REASON)", the run's verdict line for a failed rail (both sides print
 * it; the exit status is 1).
 */
void rp_report_fail_verdict(FILE *f, const char *who,
			    const struct rp_fail *fail);

#endif /* RP_REPORT_MULTI_H */
