/* SPDX-License-Identifier: MIT */
/*
 * rp_opts_types.h - the types of railperf's options: a binary's test
 * description and struct rp_opts, with perftest's defaults and ranges.
 * Header only: rp_opts.h works on them, the option table (rp_optable.h)
 * says where each option lands in them.
 */
#ifndef RP_OPTS_TYPES_H
#define RP_OPTS_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#include "app/rp_opts_fleet.h"
#include "app/rp_opts_nic.h"
#include "output/rp_report.h"
#include "proto/rp_proto.h"
#include "verbs/rp_cuda.h"

/* What a binary is. Which options it takes is the option table's (the
 * rows' .bins, rp_optable.c), not these bits. */
enum rp_opt_feature {
	RP_FEAT_BW = 1 << 0,	 /* bandwidth: BW rows, --output bandwidth */
	RP_FEAT_LAT = 1 << 1,	 /* latency: --output latency */
	RP_FEAT_MULTI = 1 << 2,	 /* several rails: -x takes a list */
	RP_FEAT_INLINE = 1 << 3, /* a latency test with inline (WRITE, SEND) */
};

#define RP_ALL_SIZES_MAX (8u << 20) /* -a sweeps 2 B .. 8 MiB (perftest) */
#define RP_DEF_TCP_PORT 18515	    /* perftest's DEF_PORT */
#define RP_DEF_TIMEOUT_S 60
#define RP_DEF_JSON_FILE "perftest_out.json"
#define RP_DEF_QP_TIMEOUT 14	    /* -u: 4.096 us * 2^14 (perftest) */
#define RP_DEF_INF_PERIOD 5	    /* --run_infinitely: -D default, s */
#define RP_MAX_INLINE 912	    /* -I: perftest's MAX_INLINE */
#define RP_DEF_INLINE_WRITE_LAT 220 /* perftest's DEF_INLINE_WRITE */
#define RP_DEF_INLINE_SEND_LAT 236  /* perftest's DEF_INLINE_SEND_RC_UC */
/* Ranges; perftest's where it has one (perftest_parameters.c). */
#define RP_MIN_ITERS 5
#define RP_DEF_ITERS 1000     /* -n: perftest's DEF_ITERS, all but WRITE BW */
#define RP_MAX_DURATION 86400 /* -D, --interval, s */
#define RP_MAX_TX_DEPTH 15000 /* -t, -l */
#define RP_MAX_CQ_MOD 1024    /* -Q */
#define RP_DEF_RX_SEND 512    /* -r: perftest's DEF_RX_SEND */
#define RP_ATOMIC_SIZE 8 /* bytes of an atomic (perftest's DEF_SIZE_ATOMIC) */
#define RP_MAX_RX_DEPTH 16384 /* -r: perftest's MAX_RX */

struct rp_test_desc {
	enum rp_test test;
	const char *name;  /* program name, e.g. "rail_write_bw" */
	uint64_t def_size; /* bytes */
	uint64_t def_iters;
	unsigned int def_tx_depth;
	unsigned int features; /* enum rp_opt_feature bits */
	uint64_t max_iters;    /* -n's upper bound; 0 = 2^32 (perftest's) */
	unsigned int bin;      /* enum rp_bin bit (rp_optable.h); 0 = test's */
	enum rp_verb verb;     /* its verb; rail_multi_bw: --verb's default */
};

struct rp_opts {
	const struct rp_test_desc *desc;
	const char *server;	/* host to connect to; NULL = run as server */
	const char *dev;	/* -d, NULL = first device */
	unsigned int ib_port;	/* -i */
	int gid_index;		/* -x, -1 = choose automatically */
	const char *gid_list;	/* -x as given, multi-rail: "3" or "1,3" */
	uint64_t size;		/* -s, bytes */
	uint64_t iters;		/* -n, per QP */
	bool iters_given;	/* -n given (else the verb's default) */
	enum rp_verb verb;	/* the test's, or --verb (rail_multi_bw) */
	bool cas;		/* -A CMP_AND_SWAP (rp_opts_finish: the verb) */
	bool atomic_type_given; /* -A given */
	unsigned int outs;	/* -o: outstanding READs per QP; 0 = device's */
	/* -r: SEND's receives kept posted per QP (perftest's rx_depth:
	 * 512, at most -n, odd values one more); 0 = not SEND */
	unsigned int rx_depth;
	bool rx_depth_given;   /* -r given */
	unsigned int duration; /* -D, seconds; 0 = iteration mode */
	bool all_sizes;	       /* -a */
	unsigned int tx_depth; /* -t, outstanding WRs per QP */
	unsigned int cq_mod;   /* -Q, WRs per signaled completion */
	bool cq_mod_given;
	unsigned int num_qps;  /* -q */
	unsigned int tcp_port; /* -p */
	unsigned int mtu;      /* -m, bytes; 0 = port's active MTU */
	bool report_gbits;     /* --report_gbits: Gb/s = 10^9 b/s, else MiB/s */
	bool validate;	       /* --validate: check the bytes that arrived */
	bool hugepages;	       /* hugepage buffers (default), --no_hugepages */
	bool histogram;	       /* -H (latency tests) */
	bool out_json;	       /* --out_json or --out_json_file given */
	const char *out_json_file; /* default "perftest_out.json" (perftest) */
	unsigned int interval;	   /* --interval, s; 0 = no interval rows */
	bool lat_probe;		   /* --lat_probe (rail_multi_bw) */
	enum rp_verb lat_probe_verb; /* its verb: READ (default) or WRITE */
	unsigned int lat_probe_rate; /* --lat_probe_rate, probes/s a rail */
	bool lat_probe_rate_given;
	bool ipv6;	       /* --ipv6: prefer IPv6 GIDs (perftest's flag) */
	unsigned int timeout;  /* --timeout, seconds, control connection */
	bool timeout_given;    /* --timeout given: bounds the server's wait */
	enum rp_output output; /* --output */
	bool run_infinitely;   /* --run_infinitely: a row every -D s */
	bool limit_bw_given;   /* -w */
	double limit_bw;       /* BW average floor, units of the report */
	bool limit_msgrate_given; /* -y */
	unsigned int expect;	 /* --expect: % of each rail's ceiling, 0 off */
	unsigned int expect_min; /* --expect-min: % of it, slowest interval */
	double limit_msgrate;	 /* MsgRate floor, Mpps */
	unsigned int post_list;	 /* -l: WRs per post; 1 = one (perftest) */
	int inline_size;	 /* -I, bytes; -1 = not given (0 in BW tests) */
	unsigned int qp_timeout; /* -u: ACK timeout, 4.096 us * 2^u */
	const char *bind_source_ip; /* --bind_source_ip, NULL = any */
	bool rdma_cm;		    /* -R: QPs connected through librdmacm */
	bool no_peak;		    /* -N: BW peak not measured (0.00) */
	bool bidir;		    /* -b: both sides write at once */
	bool report_both;	    /* --report-both: -b's two directions */
	/* --perform_warm_up: before each size's timed run, TX depth WRs per
	 * QP posted and waited for (WRITE and READ bandwidth; accepted and
	 * without effect elsewhere, as in perftest) */
	bool perform_warm_up;
	struct rp_nic_opts nic;	    /* --cqe_poll, --tclass, -T, NUMA ... */
	struct rp_fleet_opts fleet; /* --baseline, --openmetrics, --junit */
	struct rp_gpu_req cuda;	    /* --use_cuda, _bus_id, _dmabuf */
	bool help;
	bool version;
};

#define RP_MAX_ITERS (1ULL << 32) /* -n (perftest's) */

/* rp_opts_max_iters - -n's upper bound for the binary of @d. */
static inline uint64_t rp_opts_max_iters(const struct rp_test_desc *d)
{
	return d->max_iters ? d->max_iters : RP_MAX_ITERS;
}

#endif /* RP_OPTS_TYPES_H */
