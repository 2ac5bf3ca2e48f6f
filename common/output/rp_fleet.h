/* SPDX-License-Identifier: MIT */
/*
 * rp_fleet.h - a run's results as fleet tools read them: one record per
 * rail and direction (rail_multi_bw, rail_write_bw ...) or per cell
 * (rail_cluster_bw), with its goodput, ceiling, the port's counters over
 * the run and one verdict. The baseline file (rp_baseline.h), the
 * OpenMetrics text (rp_openmetrics.h), the JUnit XML (rp_junit.h) and the
 * "fleet" key of --out_json are all made from the same records, so that
 * they agree.
 */
#ifndef RP_FLEET_H
#define RP_FLEET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <cjson/cJSON.h>

#include "proto/rp_proto.h"
#include "topo/rp_healthctr.h"
#include "topo/rp_identity.h"

struct rp_baseline;

/* A record's verdict, from the best to the worst; the first five of
 * them pass, the others fail (rp_fleet_verdict_fails). */
enum rp_fleet_verdict {
	RP_FV_OK = 0,
	RP_FV_LOSSY,		/* passed, but RC sent packets again */
	RP_FV_OUTLIER,		/* a cluster cell under its limit */
	RP_FV_BELOW_EXPECT_MIN, /* --expect-min: its slowest interval */
	RP_FV_BELOW_EXPECT,	/* --expect: its goodput against the ceiling */
	RP_FV_BELOW_BASELINE,	/* --baseline: below the tolerance */
	RP_FV_FAILED,		/* the rail (cell) stopped with an error */
	RP_FV_COUNT,
};

/* A counter over the run, or unknown (the port or netdev has none). */
struct rp_fleet_count {
	bool known;
	uint64_t v;
};

struct rp_fleet_rec {
	char name[320]; /* "rail 1 (rxe1)", "rail 1 (rxe1) receive", a
			 * cell's "h1 to h2 on rail 0 (rxe0)": the key of
			 * its baseline result */
	int rail;	/* the rail's index; -1: a cell */
	char device[RP_ID_NAME];
	unsigned int port;
	const char *direction; /* "send": the data left this host,
				* "receive": it arrived here */
	double gbps;	       /* goodput, Gb/s (10^9 b/s) */
	double ceiling;	       /* Gb/s, 0 unknown */
	double seconds;	       /* how long it ran */
	/* what judges it (rp_fleet_judge) */
	bool failed;
	char why[RP_FAIL_WHY_LEN + 48]; /* failed: when and why, its message */
	unsigned int expect;		/* --expect %, 0 none */
	unsigned int expect_min;	/* --expect-min %, 0 none */
	bool have_min;			/* --interval rows were kept */
	double min_gbps;		/* its slowest --interval row, Gb/s */
	bool lossy;
	bool outlier;
	unsigned int outlier_pct; /* a cell's outlier threshold, % */
	double ref_gbps;	  /* ... of this (the ceiling or median) */
	double base_gbps;	  /* its baseline's goodput, 0 none */
	unsigned int tolerance;	  /* --tolerance, % */
	/* the port's counters over the run; only on one record of a rail
	 * (its first direction): @counters */
	bool counters;
	struct rp_fleet_count retrans, ooo, cnp, pause_rx, pause_tx, drops;
	/* set by rp_fleet_judge */
	unsigned int verdict; /* enum rp_fleet_verdict */
	double pct;	      /* % of the ceiling or baseline it names */
	char message[384];    /* the verdict in words */
};

/* rp_fleet_verdict_name - "ok", "lossy", "outlier", "below_expect_min",
 * "below_expect", "below_baseline", "failed"; "unknown" past them. */
const char *rp_fleet_verdict_name(unsigned int v);

/* rp_fleet_verdict_fails - true for the verdicts that fail a run. */
static inline bool rp_fleet_verdict_fails(unsigned int v)
{
	return v >= RP_FV_OUTLIER;
}

/*
 * rp_fleet_change_pct - the change of @now against @was in % (both Gb/s;
 * negative: it dropped); 0 when @was is not > 0.
 */
double rp_fleet_change_pct(double was, double now);

/*
 * rp_fleet_judge - @r's verdict (the worst of: failed; its baseline's
 * tolerance, a drop of more than it in tenths of a % as printed;
 * --expect; --expect-min; outlier; lossy), the % it names (of
 * the baseline or of the ceiling; 0 when neither is known) and its
 * message. A rate is printed as rp_fleet_gbps does.
 */
void rp_fleet_judge(struct rp_fleet_rec *r);

/*
 * rp_fleet_gbps - @g Gb/s as text into @buf (@len bytes): 2 decimals, more
 * for small rates so that 3 digits show (0.0281), at most 6. Returns @buf.
 */
const char *rp_fleet_gbps(char *buf, size_t len, double g);

#define RP_FLEET_RUN_RECS (2 * RP_MAX_RAILS) /* a rail's two directions */

/* A bandwidth run's fleet state (a field of struct rp_bwrun, filled by
 * app/rp_bwfleet.c). */
struct rp_fleet_run {
	bool on;		 /* a fleet option was given */
	uint64_t t0_ns;		 /* the rails' set-up began (rp_now_ns) */
	time_t start;		 /* ... on the wall clock */
	char host[RP_ID_NAME];	 /* this host's name (labels, JUnit) */
	struct rp_baseline *was; /* --baseline, heap */
	struct rp_healthctr before[RP_MAX_RAILS]; /* at the set-up */
	unsigned int n;				  /* records */
	struct rp_fleet_rec rec[RP_FLEET_RUN_RECS];
	bool below; /* a record below its baseline's tolerance */
	int err;    /* a refusal or a file not written: -errno */
};

/*
 * rp_fleet_json - @n records as a JSON array (--out_json's "fleet"
 * "rails"): name, rail, device, port, direction, gbps, ceiling_gbps,
 * ceiling_ratio, baseline_gbps, baseline_ratio, seconds, verdict,
 * message, and the counters (retransmitted_packets, out_of_sequence,
 * cnp, pause_rx_frames, pause_tx_frames, link_drops; null when unknown
 * or on another record of the rail). NULL on ENOMEM.
 */
cJSON *rp_fleet_json(const struct rp_fleet_rec *r, unsigned int n);

#endif /* RP_FLEET_H */
