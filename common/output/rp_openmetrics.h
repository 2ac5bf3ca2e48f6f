/* SPDX-License-Identifier: MIT */
/*
 * rp_openmetrics.h - --openmetrics FILE: the text exposition format that
 * node_exporter's textfile collector reads (Prometheus text format 0.0.4,
 * which its parser takes; promtool check metrics lints it): a "# HELP" and
 * a "# TYPE" line per family, then its samples, no timestamps (the
 * collector refuses them). Names end in the base unit
 * (_bytes_per_second, _seconds, _ratio) and counters in _total, as the
 * Prometheus naming rules ask (and promtool's lint checks); label values
 * are escaped (backslash, double quote, newline). OpenMetrics 1.0's own
 * text differs in two points node_exporter does not parse: a counter's
 * TYPE line names the family without _total, and the file ends in
 * "# EOF"; this is the form the collector reads.
 */
#ifndef RP_OPENMETRICS_H
#define RP_OPENMETRICS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "output/rp_fleet.h"

/* One label of a sample. */
struct rp_om_label {
	const char *name;
	const char *value; /* escaped when written */
};

#define RP_OM_LABELS 8 /* labels a sample can carry */

/* A sample's labels: host, test, rail, device, port, and up to three
 * more (direction, verdict). */
struct rp_om_labels {
	unsigned int n;
	struct rp_om_label l[RP_OM_LABELS];
	char rail[16], port[16]; /* the numbers' text */
};

/* What the whole file says about the run. */
struct rp_om_run {
	const char *host;
	const char *test; /* the binary: "rail_multi_bw" */
	bool complete;	  /* the run's end (else an --interval row) */
	double unix_time; /* when written, s since the epoch */
};

/* rp_om_escape - label value @s to @f, escaped: \\, \", \n. */
void rp_om_escape(FILE *f, const char *s);

/* rp_om_head - a family's "# HELP NAME TEXT" (TEXT's \ and newline
 * escaped) and "# TYPE NAME TYPE" lines. */
void rp_om_head(FILE *f, const char *name, const char *type, const char *help);

/* rp_om_sample - "NAME{LABELS} VALUE": @v as the shortest text that
 * reads back the same (%.15g, else %.17g). */
void rp_om_sample(FILE *f, const char *name, const struct rp_om_labels *l,
		  double v);

/* rp_om_count - a counter's sample, an exact unsigned integer. */
void rp_om_count(FILE *f, const char *name, const struct rp_om_labels *l,
		 uint64_t v);

/*
 * rp_om_base - the labels every sample of a rail carries: host, test,
 * rail, device, port (the rail's index and port as text into @l).
 */
void rp_om_base(struct rp_om_labels *l, const char *host, const char *test,
		unsigned int rail, const char *device, unsigned int port);

/* rp_om_add - one more label on @l (ignored past RP_OM_LABELS). */
void rp_om_add(struct rp_om_labels *l, const char *name, const char *value);

/*
 * rp_om_run - the run's own families: railperf_run_timestamp_seconds
 * (@run->unix_time) and railperf_run_complete (1 at the end, 0 while it
 * runs), labels host and test.
 */
void rp_om_run(FILE *f, const struct rp_om_run *run);

/*
 * rp_openmetrics_rails - the whole text (heap, caller frees; NULL on
 * ENOMEM) for @n records of a bandwidth run: per record (labels host,
 * test, rail, device, port, direction) railperf_rail_goodput_bytes_per_second,
 * _ceiling_bytes_per_second and _ceiling_ratio (when the ceiling is
 * known), _baseline_ratio (with a baseline); at the end of the run
 * (@run->complete) railperf_rail_verdict (a sample per verdict, 1 for the
 * record's, 0 for the others: label verdict) and the counters of the
 * run, on the record that carries them and when known:
 * railperf_rail_retransmitted_packets_total,
 * _out_of_sequence_packets_total, _cnp_total, _pause_frames_total
 * (direction receive, send), _link_drops_total. Then
 * railperf_run_timestamp_seconds and railperf_run_complete (1 at the end,
 * 0 while it runs), labels host and test.
 */
char *rp_openmetrics_rails(const struct rp_om_run *run,
			   const struct rp_fleet_rec *r, unsigned int n);

/*
 * rp_openmetrics_write - @text to @path atomically (rp_atomic_write:
 * temporary file, rename); @text NULL is -ENOMEM. One line naming the
 * file on failure; returns 0 or -errno.
 */
int rp_openmetrics_write(const char *path, const char *text);

#endif /* RP_OPENMETRICS_H */
