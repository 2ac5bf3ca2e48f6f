/* SPDX-License-Identifier: MIT */
/*
 * rp_probestats.h - the latency probe's settings and samples, and what
 * is reported of them (rail_multi_bw --lat_probe): the samples of each
 * phase, the loaded ones counted while the rail's bandwidth QPs post, their
 * statistics (rp_latstats.h's definitions: nearest-rank percentiles, the
 * true t_max), loaded over idle, and the probe's share of the rail's
 * bytes. No verbs here: the probe itself is rp_probe.h, and the app
 * tests' fake probe fills the same samples.
 */
#ifndef RP_PROBESTATS_H
#define RP_PROBESTATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/rp_latstats.h"
#include "proto/rp_proto.h"

#define RP_PROBE_SIZE 64	       /* bytes per probe: a cache line */
#define RP_PROBE_RATE 200	       /* default rate, probes/s per rail */
#define RP_PROBE_RATE_MAX 100000       /* --lat_probe_rate's bound */
#define RP_PROBE_SPIN_NS 50000ULL      /* busy-poll before sleeping, ns */
#define RP_PROBE_IDLE_NS 2000000000ULL /* the idle phase, ns */
#define RP_PROBE_WARMUP 8	       /* probes first, not kept (idle phase) */
#define RP_PROBE_MAX_SAMPLES (1u << 22) /* per phase: 64 MiB at most */

/* The probe's settings (the plan's; the same on every rail). */
struct rp_probe_cfg {
	enum rp_verb verb;   /* RP_VERB_READ or RP_VERB_WRITE */
	uint64_t size;	     /* bytes per probe, <= half a page */
	unsigned int rate;   /* at most this many probes a second */
	uint64_t spin_ns;    /* busy-poll this long from a post, then sleep */
	unsigned int warmup; /* probes first in a phase, not kept */
	unsigned int rtt;    /* trips per sample: READ 1, WRITE 2 (halved) */
};

/* One probe: when it was posted, and how long it took (ns). */
struct rp_probe_sample {
	uint64_t t_ns;
	uint64_t ns;
};

/* A phase's samples; the array grows between probes. */
struct rp_probe_samples {
	struct rp_probe_sample *s; /* [n] */
	size_t n;
	size_t cap;
	bool capped;	  /* stopped at RP_PROBE_MAX_SAMPLES */
	uint64_t skipped; /* slots without a probe: the thread came late, or
			   * as many were in flight as the QP takes */
};

/*
 * rp_probe_reserve - room for @want samples in @o (grows, never shrinks,
 * at most RP_PROBE_MAX_SAMPLES; kept samples stay), every page of the
 * new part faulted in before it returns. 0, or -ENOMEM (one line).
 */
int rp_probe_reserve(struct rp_probe_samples *o, size_t want);

/* rp_probe_samples_free - release @s's array; safe on a zeroed @s. */
void rp_probe_samples_free(struct rp_probe_samples *s);

/*
 * rp_probe_window - the durations (ns) of @s's samples posted within
 * [@from_ns, @to_ns] (the loaded window: while the rail's bandwidth QPs
 * post) into @ns (room for s->n); returns how many.
 */
size_t rp_probe_window(const struct rp_probe_samples *s, uint64_t from_ns,
		       uint64_t to_ns, uint64_t *ns);

/* What is reported of one rail's probe. Times in usec; a WRITE sample is
 * a round trip, halved as rail_write_lat's (perftest's rtt_factor). */
struct rp_probe_report {
	struct rp_probe_cfg cfg;
	struct rp_latstats idle;   /* every idle sample after the warm-up */
	struct rp_latstats loaded; /* the samples within the window */
	double window_s;	   /* the loaded window, s */
	uint64_t skipped;	   /* slots missed, both phases */
	double probe_bps; /* the loaded probes' bytes on the rail a second,
			   * over the window (a WRITE's answer counted too) */
	double rail_bps;  /* the bandwidth QPs' bytes a second (BW average) */
	double share;	  /* % of all of the rail's bytes: probe / (probe +
			   * bandwidth) */
	bool capped;	  /* a phase stopped at RP_PROBE_MAX_SAMPLES */
	bool realtime;	  /* the probe's thread ran at SCHED_FIFO */
};

/*
 * rp_probe_report_make - @rep from a rail's @idle and @loaded samples
 * (loaded: only those posted within [@from_ns, @to_ns]), the bandwidth
 * QPs' bytes a second @rail_bps (their BW average) and the settings @c.
 * Sorts copies, leaves the samples as they are. Returns 0, or -ENOMEM
 * (one line). A phase without a sample has its statistics zeroed (n 0).
 */
int rp_probe_report_make(const struct rp_probe_samples *idle,
			 const struct rp_probe_samples *loaded,
			 uint64_t from_ns, uint64_t to_ns, double rail_bps,
			 const struct rp_probe_cfg *c,
			 struct rp_probe_report *rep);

/* rp_probe_ratio - @loaded / @idle (a statistic of both phases); 0 when
 * either is 0 (no samples: no ratio). */
double rp_probe_ratio(double loaded, double idle);

/* rp_probe_share - @probe bytes (a second) as a percentage of @probe +
 * @rail; 0 when both are 0. */
double rp_probe_share(double probe, double rail);

#endif /* RP_PROBESTATS_H */
