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

#include "topo/rp_counters.h"
#include "proto/rp_proto.h"
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
};

/*
 * rp_report_rail - two lines for one rail: identity, placement, BW
 * average, MsgRate, share and counters; then its efficiency against the
 * RoCE v2 WRITE ceiling for its speed, path MTU and @size (rp_ceiling.h),
 * or why there is none.
 */
void rp_report_rail(FILE *f, const struct rp_rail_report *rr, uint64_t size,
		    bool gbits);

/*
 * rp_report_interval - " railperf: interval A-B s: rxe0 X, rxe1 Y, sum Z
 * MB/sec" for one interval: @bytes[i] moved by rail i in @ns nanoseconds.
 */
void rp_report_interval(FILE *f, double from_s, double to_s,
			const struct rp_rail *rails, const uint64_t *bytes,
			unsigned int n, uint64_t ns, bool gbits);

#endif /* RP_REPORT_MULTI_H */
