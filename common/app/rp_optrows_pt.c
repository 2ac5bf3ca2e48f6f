// SPDX-License-Identifier: MIT
/*
 * The option table's rows of perftest's flags that railperf knows but
 * does not implement (rp_optrows_pt.h): read with their value, refused
 * by name; -c RC, perftest's default connection type, is accepted.
 */
#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <string.h>

#include "app/rp_optrows.h"
#include "app/rp_optrows_pt.h"
#include "base/rp_log.h"

#define PT RP_BIN_PERFTEST
#define REQ required_argument
#define NO no_argument

/* -c: perftest's connection type; RC, its default, is the only one. */
static int rp_set_conn(struct rp_opts *o, const struct rp_optrow *r,
		       const char *arg)
{
	(void)o;
	(void)r;
	if (!strcmp(arg, "RC"))
		return 0;
	rp_err("option -c %s (connection type %s) is not supported "
	       "by railperf: RC only",
	       arg, arg);
	return -EINVAL;
}

/* A perftest flag railperf refuses by name (@s: short letter or 0). */
#define REFUSED(s, n, a, w) \
	{ \
		.short_opt = (s), .name = (n), .has_arg = (a), .bins = PT, \
		.kind = RP_OK_REFUSE, .pt = RP_PT_REFUSED, .why = (w) \
	}

/* clang-format off */
static const struct rp_optrow rp_rows_pt[] = {
	/* perftest's flags railperf knows but does not implement (ib_write_bw
	 * and ib_read_lat 6.06 .. 6.29): read with their value, refused by
	 * name. -c RC, perftest's default, is accepted. */
	{ .short_opt = 'c', .name = "connection", .has_arg = REQ, .bins = PT,
	  .kind = RP_OK_SET, .set = rp_set_conn, .pt = RP_PT_REFUSED,
	  .why = "connection type; RC accepted" },
	REFUSED('e', "events", NO, "completion events"),
	REFUSED('f', "margin", REQ, "-D margin; railperf uses D/4"),
	REFUSED('O', "dualport", NO, "dual-port"),
	REFUSED('z', "com_rdma_cm", NO, "data exchange over rdma_cm"),
	REFUSED('S', "sl", REQ, "service level"),
	REFUSED('L', "hop_limit", REQ, "hop limit"),
	REFUSED('W', "report-counters", REQ, "performance counters"),
	REFUSED('C', "report-cycles", NO, "latency in CPU cycles"),
	REFUSED('U', "report-unsorted", NO, "unsorted samples"),
	REFUSED('X', "vector", REQ, "completion vector"),
	REFUSED('M', "MGID", REQ, "multicast"),
	REFUSED(0, "reversed", NO, "server sends to client"),
	REFUSED(0, "report-per-port", NO, "dual-port results"),
	REFUSED(0, "cpu_util", NO, "CPU utilization"),
	REFUSED(0, "dlid", REQ, "destination LID"),
	REFUSED(0, "dont_xchg_versions", NO, "perftest version exchange"),
	REFUSED(0, "force-link", REQ, "forced link type"),
	REFUSED(0, "ipv6-addr", NO, "control connection over IPv6"),
	REFUSED(0, "mmap", REQ, "mmap'd buffer"),
	REFUSED(0, "mmap-offset", REQ, "mmap'd buffer"),
	REFUSED(0, "mr_per_qp", NO, "one MR per QP"),
	REFUSED(0, "odp", NO, "on-demand paging"),
	REFUSED(0, "pkey_index", REQ, "P_Key index"),
	REFUSED(0, "retry_count", REQ, "rdma_cm retry count"),
	REFUSED(0, "flow_label", REQ, "flow label"),
	REFUSED(0, "wait_destroy", REQ, "delayed teardown"),
	REFUSED(0, "rate_limit", REQ, "rate limiter"),
	REFUSED(0, "rate_units", REQ, "rate limiter"),
	REFUSED(0, "rate_limit_type", REQ, "rate limiter"),
	REFUSED(0, "burst_size", REQ, "rate limiter"),
	REFUSED(0, "typical_pkt_size", REQ, "rate limiter"),
	REFUSED(0, "recv_post_list", REQ, "receive post list"),
	REFUSED(0, "latency_gap", REQ, "latency gap"),
	REFUSED(0, "inline_recv", REQ, "inline receive"),
	REFUSED(0, "use-null-mr", NO, "null MR"),
	REFUSED(0, "payload_file_path", REQ, "payload file"),
	REFUSED(0, "no_lock", NO, "lock-free mode"),
	REFUSED(0, "data_validation", NO,
		"perftest's data validation; railperf has --validate"),
	REFUSED(0, "use_rocm", REQ, "ROCm memory"),
	REFUSED(0, "aes_xts", NO, "AES-XTS"),
};
/* clang-format on */

const struct rp_optrow *rp_optrows_pt(size_t *n)
{
	*n = sizeof(rp_rows_pt) / sizeof(rp_rows_pt[0]);
	return rp_rows_pt;
}
