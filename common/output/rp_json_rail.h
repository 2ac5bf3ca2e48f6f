/* SPDX-License-Identifier: MIT */
/*
 * rp_json_rail.h - rail_multi_bw's per-rail facts in --out_json's "rails"
 * array (railperf's key beside perftest's).
 */
#ifndef RP_JSON_RAIL_H
#define RP_JSON_RAIL_H

#include <stdbool.h>
#include <stdint.h>
#include <cjson/cJSON.h>

#include "output/rp_report_multi.h"
#include "topo/rp_portseries.h"

/*
 * rp_json_rail - one element of --out_json's "rails" array, the same facts
 * as rp_report_rail() in snake_case keys with units: device, port,
 * gid_index, netdev, numa_node, cpu (null when unpinned), messages,
 * bw_average_mib_per_s or bw_average_gbit_per_s, msg_rate_mpps,
 * share_percent, counters {..._bytes, ..._pkts}, port_speed_gbit_per_s and
 * wire_ceiling_gbit_per_s (null when unknown), failed (rp_json_fail).
 * Returns a new object or NULL.
 */
cJSON *rp_json_rail(const struct rp_rail_report *rr, uint64_t size, bool gbits);

/* rp_json_fail - a rail's failure: {"at_s": s from the run's start,
 * "reason": the engine's line}, or null when it did not fail. Returns a
 * new item or NULL (no memory). */
cJSON *rp_json_fail(const struct rp_fail *fail);

/*
 * rp_json_intervals - --interval's rows of a rail or of all rails:
 * { "count", "unit" (the report's: "MB/sec" or "Gb/sec"), "min",
 * "min_from_s" (where the slowest row began), "mean", "max", "cv_percent"
 * (rp_series_stats), "samples": every row's value in order }. A new
 * object or NULL.
 */
cJSON *rp_json_intervals(const struct rp_series *s, double min_from_s,
			 bool gbits);

/*
 * rp_json_ivl_counters - one rail's port counters per --interval row
 * (rp_portseries.h), an array beside "samples", element k the deltas
 * over row k: { "xmit_pkts", "rcv_pkts", "retry_events", "cnp",
 * "pause_rx_frames", "pause_tx_frames" }, each null when the device (or
 * its netdev) has no such counter or it went backwards in that row; then
 * "counter_reset": true. A new array or NULL.
 */
cJSON *rp_json_ivl_counters(const struct rp_portseries *s);

/*
 * rp_json_cpu - a rail thread's @cpu as { "thread" (@thread: "client" or
 * "server"), "user_s", "system_s", "wall_s", "percent_of_core",
 * "bytes", "s_per_gb" (null when no bytes moved) }; NULL when @cpu was
 * not measured, or ENOMEM.
 */
cJSON *rp_json_cpu(const struct rp_cpu *cpu, const char *thread);

/*
 * rp_json_event - a device event of rail @rail (device @dev) read @t_s
 * seconds into the run: { "rail", "device", "time_s", "event" (the phrase
 * of the line), "type" (ibv_event_type_str; "netlink" for a netdev's link
 * change, type < 0), "port" or "qp_num" (when the
 * event names one) }. A new object or NULL.
 */
cJSON *rp_json_event(unsigned int rail, const char *dev,
		     const struct rp_event *ev, double t_s);

#endif /* RP_JSON_RAIL_H */
