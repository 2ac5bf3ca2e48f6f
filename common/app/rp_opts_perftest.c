// SPDX-License-Identifier: MIT
/* perftest's flags railperf refuses by name; see rp_opts_perftest.h. */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>

#include "base/rp_log.h"
#include "app/rp_opts_perftest.h"

struct rp_unsup {
	int short_opt; /* 0 = long only */
	const char *long_name;
	int has_arg;
	const char *what; /* shown in parentheses */
};

/* From ib_write_bw / ib_read_lat --help (6.06 and 6.29). */
static const struct rp_unsup rp_unsup_tab[] = {
	{ 'c', "connection", required_argument, "connection type" },
	{ 'e', "events", no_argument, "completion events" },
	{ 'f', "margin", required_argument, "-D margin; railperf uses D/4" },
	{ 'O', "dualport", no_argument, "dual-port" },
	{ 'z', "com_rdma_cm", no_argument, "data exchange over rdma_cm" },
	{ 'S', "sl", required_argument, "service level" },
	{ 'L', "hop_limit", required_argument, "hop limit" },
	{ 'W', "report-counters", required_argument, "performance counters" },
	{ 'C', "report-cycles", no_argument, "latency in CPU cycles" },
	{ 'U', "report-unsorted", no_argument, "unsorted samples" },
	{ 'o', "outs", required_argument, "outstanding reads" },
	{ 'X', "vector", required_argument, "completion vector" },
	{ 'M', "MGID", required_argument, "multicast" },
	{ 0, "reversed", no_argument, "server sends to client" },
	{ 0, "report-per-port", no_argument, "dual-port results" },
	{ 0, "cpu_util", no_argument, "CPU utilization" },
	{ 0, "dlid", required_argument, "destination LID" },
	{ 0, "dont_xchg_versions", no_argument, "perftest version exchange" },
	{ 0, "force-link", required_argument, "forced link type" },
	{ 0, "ipv6-addr", no_argument, "control connection over IPv6" },
	{ 0, "mmap", required_argument, "mmap'd buffer" },
	{ 0, "mmap-offset", required_argument, "mmap'd buffer" },
	{ 0, "mr_per_qp", no_argument, "one MR per QP" },
	{ 0, "odp", no_argument, "on-demand paging" },
	{ 0, "perform_warm_up", no_argument, "warm-up" },
	{ 0, "pkey_index", required_argument, "P_Key index" },
	{ 0, "retry_count", required_argument, "rdma_cm retry count" },
	{ 0, "flow_label", required_argument, "flow label" },
	{ 0, "wait_destroy", required_argument, "delayed teardown" },
	{ 0, "rate_limit", required_argument, "rate limiter" },
	{ 0, "rate_units", required_argument, "rate limiter" },
	{ 0, "rate_limit_type", required_argument, "rate limiter" },
	{ 0, "burst_size", required_argument, "rate limiter" },
	{ 0, "typical_pkt_size", required_argument, "rate limiter" },
	{ 0, "recv_post_list", required_argument, "receive post list" },
	{ 0, "latency_gap", required_argument, "latency gap" },
	{ 0, "inline_recv", required_argument, "inline receive" },
	{ 0, "use-null-mr", no_argument, "null MR" },
	{ 0, "payload_file_path", required_argument, "payload file" },
	{ 0, "no_lock", no_argument, "lock-free mode" },
	{ 0, "data_validation", no_argument,
	  "perftest's data validation; railperf has --validate" },
	{ 0, "write_with_imm", no_argument, "RDMA WRITE with immediate" },
	{ 0, "use_cuda", required_argument, "CUDA memory" },
	{ 0, "use_rocm", required_argument, "ROCm memory" },
	{ 0, "aes_xts", no_argument, "AES-XTS" },
};

#define RP_UNSUP_N (sizeof(rp_unsup_tab) / sizeof(rp_unsup_tab[0]))

size_t rp_unsup_count(void)
{
	return RP_UNSUP_N;
}

void rp_unsup_long(struct option *out)
{
	size_t i;

	for (i = 0; i < RP_UNSUP_N; i++) {
		const struct rp_unsup *u = &rp_unsup_tab[i];

		out[i] = (struct option){
			.name = u->long_name,
			.has_arg = u->has_arg,
			.val = u->short_opt ? u->short_opt :
					      RP_OPT_UNSUP + (int)i,
		};
	}
}

void rp_unsup_shorts(char *buf, size_t len)
{
	size_t n = strlen(buf), i;

	for (i = 0; i < RP_UNSUP_N && n + 3 <= len; i++) {
		if (!rp_unsup_tab[i].short_opt)
			continue;
		buf[n++] = (char)rp_unsup_tab[i].short_opt;
		if (rp_unsup_tab[i].has_arg == required_argument)
			buf[n++] = ':';
	}
	buf[n] = '\0';
}

static const struct rp_unsup *rp_unsup_find(int c)
{
	size_t i;

	if (c >= RP_OPT_UNSUP && (size_t)(c - RP_OPT_UNSUP) < RP_UNSUP_N)
		return &rp_unsup_tab[c - RP_OPT_UNSUP];
	for (i = 0; i < RP_UNSUP_N; i++)
		if (rp_unsup_tab[i].short_opt && rp_unsup_tab[i].short_opt == c)
			return &rp_unsup_tab[i];
	return NULL;
}

bool rp_unsup_is(int c)
{
	return rp_unsup_find(c) != NULL;
}

int rp_unsup_refuse(int c, const char *arg)
{
	const struct rp_unsup *u = rp_unsup_find(c);

	if (!u)
		return -EINVAL;
	if (c == 'c') {
		if (arg && !strcmp(arg, "RC"))
			return 0;
		rp_err("option -c %s (connection type %s) is not supported "
		       "by railperf: RC only",
		       arg ? arg : "", arg ? arg : "");
		return -EINVAL;
	}
	if (u->short_opt)
		rp_err("option -%c (%s) is not supported by railperf",
		       u->short_opt, u->what);
	else
		rp_err("option --%s (%s) is not supported by railperf",
		       u->long_name, u->what);
	return -EINVAL;
}
