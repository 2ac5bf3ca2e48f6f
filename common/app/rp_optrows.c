// SPDX-License-Identifier: MIT
/*
 * The rows of railperf's one option table (rp_optrows.h), in --help
 * order, but the fleet checks' (rp_optrows_fleet.c) and perftest's flags
 * refused by name (rp_optrows_pt.c) and --lat_probe's
 * (rp_optrows_probe.c), and the setters of the options whose values need
 * more than a range.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/rp_optrows.h"
#include "app/rp_opts_types.h"
#include "app/rp_roles.h"
#include "base/rp_log.h"
#include "base/rp_parse.h"

#define RP_MAX_SIZE (1ULL << 31) /* -s; perftest: UINT_MAX / 2 */
#define RP_XSTR(x) #x
#define RP_STR(x) RP_XSTR(x)

#define PT RP_BIN_PERFTEST
#define BW RP_BIN_BW
#define LAT RP_BIN_LAT
#define WBW RP_BIN_WRITE_BW
#define RBW RP_BIN_READ_BW
#define SBW RP_BIN_SEND_BW
/* one-rail bandwidth */
#define BW1 \
	(RP_BIN_WRITE_BW | RP_BIN_READ_BW | RP_BIN_SEND_BW | RP_BIN_ATOMIC_BW)
#define MBW RP_BIN_MULTI_BW
#define WLAT RP_BIN_WRITE_LAT
#define SLAT RP_BIN_SEND_LAT
#define RLAT RP_BIN_READ_LAT
#define ABW RP_BIN_ATOMIC_BW
#define ALAT RP_BIN_ATOMIC_LAT
#define AT (RP_BIN_ATOMIC_BW | RP_BIN_ATOMIC_LAT)
#define CL RP_BIN_CLUSTER_BW
#define INFO RP_BIN_INFO
#define OFF(f) offsetof(struct rp_opts, f)
#define REQ required_argument
#define NO no_argument
#define OPT optional_argument

int rp_optrows_bad_value(const char *name, const char *arg, const char *valid)
{
	rp_err("invalid %s value '%s': %s", name, arg, valid);
	return -EINVAL;
}

int rp_optrows_value_uint(const char *name, const char *arg, uint64_t min,
			  uint64_t max, unsigned int *out)
{
	char valid[96];
	uint64_t v;

	if (rp_parse_u64(arg, min, max, &v)) {
		snprintf(valid, sizeof(valid), "valid values are %llu .. %llu",
			 (unsigned long long)min, (unsigned long long)max);
		return rp_optrows_bad_value(name, arg, valid);
	}
	*out = (unsigned int)v;
	return 0;
}

static int rp_value_mtu(const char *arg, unsigned int *out)
{
	uint64_t v;

	if (rp_parse_u64(arg, 256, 4096, &v) || (v & (v - 1)))
		return rp_optrows_bad_value(
			"-m", arg, "valid MTUs are 256, 512, 1024, 2048, 4096");
	*out = (unsigned int)v;
	return 0;
}

/* -x: one index, or (several rails) a list that rp_railspec checks. */
static int rp_set_gid(struct rp_opts *o, const struct rp_optrow *r,
		      const char *arg)
{
	unsigned int v;
	int ret;

	(void)r;
	if (o->desc->features & RP_FEAT_MULTI) {
		o->gid_list = arg; /* checked per rail later */
		return 0;
	}
	ret = rp_optrows_value_uint("-x", arg, 0, 255, &v);
	if (!ret)
		o->gid_index = (int)v;
	return ret;
}

static int rp_set_mtu(struct rp_opts *o, const struct rp_optrow *r,
		      const char *arg)
{
	(void)r;
	return rp_value_mtu(arg, &o->mtu);
}

/* -s: 1 .. RP_MAX_SIZE bytes, K/M/G suffixes; rail_atomic_bw's and
 * rail_atomic_lat's unparsable or 0 size names their one size (8, as
 * perftest), not the range (rp_opts_atomic refuses the other sizes). */
static int rp_set_size(struct rp_opts *o, const struct rp_optrow *r,
		       const char *arg)
{
	if (!rp_parse_size(arg, r->min, r->max, &o->size))
		return 0;
	if (rp_roles_verb(o->desc->verb)->atomic)
		return rp_optrows_bad_value("-s", arg,
					    "an atomic moves 8 bytes, the "
					    "only size (as perftest)");
	return rp_optrows_bad_value("-s", arg, r->valid);
}

/* -n: 5 .. the binary's bound (rail_read_lat keeps every sample). */
static int rp_set_iters(struct rp_opts *o, const struct rp_optrow *r,
			const char *arg)
{
	uint64_t max = rp_opts_max_iters(o->desc);
	char valid[96];

	(void)r;
	o->iters_given = true;
	if (!rp_parse_u64(arg, RP_MIN_ITERS, max, &o->iters))
		return 0;
	snprintf(valid, sizeof(valid), "valid iterations are %d .. %llu",
		 RP_MIN_ITERS, (unsigned long long)max);
	return rp_optrows_bad_value("-n", arg, valid);
}

static int rp_set_cq_mod(struct rp_opts *o, const struct rp_optrow *r,
			 const char *arg)
{
	o->cq_mod_given = true;
	return rp_optrows_value_uint("-Q", arg, r->min, r->max, &o->cq_mod);
}

/* --timeout: 1 .. 3600 s; given, it also bounds the server's first wait. */
static int rp_set_timeout(struct rp_opts *o, const struct rp_optrow *r,
			  const char *arg)
{
	o->timeout_given = true;
	return rp_optrows_value_uint("--timeout", arg, r->min, r->max,
				     &o->timeout);
}

/* -w / -y: a number >= 0 (perftest reads it with strtof). */
static int rp_set_limit(struct rp_opts *o, const struct rp_optrow *r,
			const char *arg)
{
	bool bw = r->short_opt == 'w';
	double v;
	char *e;

	errno = 0;
	v = strtod(arg, &e);
	if (!*arg || *e || errno || !isfinite(v) || v < 0)
		return rp_optrows_bad_value(bw ? "-w" : "-y", arg, r->valid);
	*(bw ? &o->limit_bw_given : &o->limit_msgrate_given) = true;
	*(bw ? &o->limit_bw : &o->limit_msgrate) = v;
	return 0;
}

/* --output: what the test reports (perftest's verbosity levels). */
static int rp_set_output(struct rp_opts *o, const struct rp_optrow *r,
			 const char *arg)
{
	bool bw = o->desc->features & RP_FEAT_BW;
	char valid[96];

	(void)r;
	if (bw && !strcmp(arg, "bandwidth"))
		o->output = RP_OUTPUT_BANDWIDTH;
	else if (bw && !strcmp(arg, "message_rate"))
		o->output = RP_OUTPUT_MSG_RATE;
	else if (!bw && !strcmp(arg, "latency"))
		o->output = RP_OUTPUT_LATENCY;
	else {
		snprintf(valid, sizeof(valid), "%s reports %s", o->desc->name,
			 bw ? "bandwidth or message_rate" : "latency");
		return rp_optrows_bad_value("--output", arg, valid);
	}
	return 0;
}

static int rp_set_json_file(struct rp_opts *o, const struct rp_optrow *r,
			    const char *arg)
{
	if (!*arg)
		return rp_optrows_bad_value("--out_json_file", arg, r->valid);
	o->out_json = true;
	o->out_json_file = arg;
	return 0;
}

/* --verb: the bandwidth engine's verb (rail_multi_bw; rail_cluster_bw's
 * cells: no atomics). */
static int rp_set_verb(struct rp_opts *o, const struct rp_optrow *r,
		       const char *arg)
{
	bool atomics = o->desc->bin != RP_BIN_CLUSTER_BW;
	const struct rp_verbrow *v;
	char names[64], valid[96];

	(void)r;
	if (!rp_roles_verb(o->verb)->name) { /* --write_with_imm's verb */
		rp_err("--verb cannot follow --write_with_imm: give --verb "
		       "first (--write_with_imm needs the WRITE verb)");
		return -EINVAL;
	}
	v = rp_roles_by_name(arg);
	if (!v || (v->atomic && !atomics)) {
		snprintf(valid, sizeof(valid), "valid verbs are %s",
			 rp_roles_names(names, sizeof(names), atomics));
		return rp_optrows_bad_value("--verb", arg, valid);
	}
	o->verb = v->verb;
	return 0;
}

/* --use_cuda: a GPU ordinal (perftest: a non-negative int); checked
 * against the GPUs present once the driver is loaded (rp_cuda). */
static int rp_set_cuda(struct rp_opts *o, const struct rp_optrow *r,
		       const char *arg)
{
	unsigned int v;
	int ret = rp_optrows_value_uint("--use_cuda", arg, r->min, r->max, &v);

	if (!ret)
		o->cuda.index = (int)v;
	return ret;
}

/* --write_with_imm: WRITE's variant that consumes a receive per message;
 * with another verb (--verb=read, send) one line. */
static int rp_set_write_imm(struct rp_opts *o, const struct rp_optrow *r,
			    const char *arg)
{
	const struct rp_verbrow *v = rp_roles_verb(o->verb);

	(void)r;
	(void)arg;
	if (v->imm < 0) {
		rp_err("--write_with_imm needs the WRITE verb, not --verb=%s",
		       v->name);
		return -EINVAL;
	}
	o->verb = (enum rp_verb)v->imm;
	return 0;
}

/* -A: perftest's atomic type (atomicTypesStr, perftest_parameters.c);
 * rp_opts_finish takes the verb's CMP_AND_SWAP row. */
static int rp_set_atomic_type(struct rp_opts *o, const struct rp_optrow *r,
			      const char *arg)
{
	(void)r;
	o->atomic_type_given = true;
	o->cas = !strcmp(arg, "CMP_AND_SWAP");
	if (o->cas || !strcmp(arg, "FETCH_AND_ADD"))
		return 0;
	return rp_optrows_bad_value("-A", arg,
				    "valid types are CMP_AND_SWAP and "
				    "FETCH_AND_ADD");
}

/* -r: SEND's receive depth (perftest's MIN_RX .. MAX_RX). */
static int rp_set_rx_depth(struct rp_opts *o, const struct rp_optrow *r,
			   const char *arg)
{
	o->rx_depth_given = true;
	return rp_optrows_value_uint("-r", arg, r->min, r->max, &o->rx_depth);
}

/* One help text for every binary in @b. */
#define H1(b, t) \
	{ \
		{ \
			(b), NULL, (t) \
		} \
	}
/* clang-format off */
/* The rows before the fleet checks' (rp_optrows_fleet.c), in --help order. */
static const struct rp_optrow rp_rows_head[] = {
	{ .short_opt = 'd', .name = "ib-dev", .has_arg = REQ,
	  .bins = PT | CL | INFO, .kind = RP_OK_STR, .off = OFF(dev),
	  .help = { { MBW, "rails",
		      "the rails, dev or dev:port, comma-separated\n"
		      "(default: every RDMA device, port -i)" },
		    { BW1 | LAT, "dev",
		      "RDMA device (default: first device found)" },
		    { CL, "rails",
		      "the rails, dev or dev:port, comma-separated, the\n"
		      "same on every host (default: every RDMA device)" },
		    { INFO, "dev", "only this RDMA device (default: all)" } } },
	{ .short_opt = 'i', .name = "ib-port", .has_arg = REQ, .arg = "port",
	  .bins = PT | CL, .kind = RP_OK_UINT, .off = OFF(ib_port),
	  .min = 1, .max = 254,
	  .help = { { MBW, NULL,
		      "port of the rails given without one, 1 .. 254\n"
		      "(default: 1); each must be ACTIVE" },
		    { BW1 | LAT, NULL,
		      "device port 1 .. 254, must be ACTIVE (default: 1)" },
		    { CL, NULL,
		      "port of the rails given without one, 1 .. 254\n"
		      "(default: 1)" } } },
	{ .short_opt = 'x', .name = "gid-index", .has_arg = REQ,
	  .bins = PT | CL, .kind = RP_OK_SET, .set = rp_set_gid,
	  .help = { { MBW, "list",
		      "one GID index 0 .. 255 for every rail, or one\n"
		      "per rail, comma-separated (default: each rail\n"
		      "chooses: RoCE v2, IPv4-mapped, not link-local)" },
		    { BW1 | LAT, "index",
		      "GID index 0 .. 255 (default: chosen: RoCE v2,\n"
		      "IPv4-mapped, not link-local, the server's subnet,\n"
		      "lowest index; none on InfiniBand)" },
		    { CL, "list",
		      "one GID index 0 .. 255 for every rail, or one per\n"
		      "rail (default: each rail chooses: RoCE v2,\n"
		      "IPv4-mapped, not link-local)" } } },
	{ .short_opt = 's', .name = "size", .has_arg = REQ, .arg = "bytes",
	  .bins = PT | CL, .kind = RP_OK_SET, .set = rp_set_size, .min = 1,
	  .max = RP_MAX_SIZE,
	  .valid = "valid sizes are 1 .. 2147483648 bytes, K/M/G suffixes "
		   "allowed",
	  .help = { { AT, NULL, "message size: 8, the size of an atomic\n"
				"(no other is taken)" },
		    { PT | CL, NULL,
		      "message size 1 .. 2147483648, K/M/G suffixes\n"
		      "(default: @s)" } } },
	{ .short_opt = 'n', .name = "iters", .has_arg = REQ, .arg = "n",
	  .bins = PT, .kind = RP_OK_SET, .set = rp_set_iters,
	  .help = H1(PT, "iterations per QP, 5 .. @N (default: @n)") },
	{ .short_opt = 'p', .name = "port", .has_arg = REQ, .arg = "port",
	  .bins = PT, .kind = RP_OK_UINT, .off = OFF(tcp_port), .min = 1,
	  .max = 65535,
	  .help = H1(PT, "TCP control port 1 .. 65535 (default: @p)") },
	{ .short_opt = 'm', .name = "mtu", .has_arg = REQ, .arg = "bytes",
	  .bins = PT | CL, .kind = RP_OK_SET, .set = rp_set_mtu,
	  .help = { { PT, NULL,
		      "path MTU 256..4096 (default: port's active MTU;\n"
		      "client and server use the smaller of the two)" },
		    { CL, NULL,
		      "path MTU 256 .. 4096 (default: the port's)" } } },
	{ .short_opt = 'F', .name = "CPU-freq", .has_arg = NO, .bins = PT,
	  .kind = RP_OK_NONE, .pt = RP_PT_IGNORED,
	  .help = H1(PT, "accepted for perftest compatibility; railperf\n"
			 "times with CLOCK_MONOTONIC, not CPU cycles") },
	{ .short_opt = 'u', .name = "qp-timeout", .has_arg = REQ, .arg = "t",
	  .bins = PT | CL, .kind = RP_OK_UINT, .off = OFF(qp_timeout),
	  .min = 0, .max = 31, /* IBTA local ACK timeout: a 5-bit field */
	  .help = H1(PT | CL, "QP ACK timeout 4.096 us * 2^<t>, 0 .. 31\n"
			      "(default: @u)") },
	{ .short_opt = 'R', .name = "rdma_cm", .has_arg = NO,
	  .bins = (BW1 | LAT) & ~AT, .one_rail = true, .kind = RP_OK_TRUE,
	  .off = OFF(rdma_cm),
	  .help = H1(PT, "connect the QPs through rdma_cm: the server's\n"
			 "address picks the device and GID") },
	{ .short_opt = 'T', .name = "tos", .has_arg = REQ, .arg = "tos",
	  .bins = (BW1 | LAT) & ~AT, .one_rail = true, .kind = RP_OK_INT,
	  .off = OFF(nic.tos), .min = 0, .max = 255,
	  .help = H1(PT, "with -R: rdma_cm type of service, 0 .. 255") },
	{ .name = "tclass", .has_arg = REQ, .arg = "c", .bins = PT,
	  .kind = RP_OK_INT, .off = OFF(nic.tclass), .min = 0, .max = 255,
	  .help = H1(PT, "GRH traffic class of the QPs, 0 .. 255 (not\n"
			 "with -R; default: 0)") },
	{ .name = "disable_pcie_relaxed", .has_arg = NO, .bins = PT,
	  .kind = RP_OK_TRUE, .off = OFF(nic.disable_pcie_relaxed),
	  .help = H1(PT, "register the buffer without PCIe relaxed\n"
			 "ordering (header: PCIe relax order: OFF)") },
	{ .name = "use_old_post_send", .has_arg = NO, .bins = PT,
	  .kind = RP_OK_TRUE, .off = OFF(nic.old_post_send),
	  .help = H1(PT, "post with ibv_post_send (default: ibv_wr_*\n"
			 "where perftest uses it, ConnectX-4 and later,\n"
			 "BlueField, EFA, HNS; header: ibv_wr* API)") },
	{ .name = "use_new_post_send", .has_arg = NO, .bins = PT,
	  .kind = RP_OK_TRUE, .off = OFF(nic.new_post_send), .pt = RP_PT_OWN,
	  .help = H1(PT, "post with ibv_wr_* (ibv_qp_ex) on any device,\n"
			 "Soft-RoCE included; an error where the provider\n"
			 "has no ibv_wr_*") },
	{ .name = "numa_node", .has_arg = REQ, .arg = "n", .bins = PT,
	  .kind = RP_OK_STR, .off = OFF(nic.numa_node),
	  .valid = "give a NUMA node number (one per rail for rail_multi_bw)",
	  .help = { { MBW, NULL, "run on NUMA node <n> and take memory there "
				 "(one per rail, by ',')" },
		    { PT, NULL,
		      "run on NUMA node <n> and take memory there" } } },
	{ .name = "pin_cores", .has_arg = REQ, .arg = "cpus", .bins = PT,
	  .kind = RP_OK_STR, .off = OFF(nic.pin_cores),
	  .valid = "give a CPU list such as 2,4-5 (one CPU per rail for "
		   "rail_multi_bw)",
	  .help = { { MBW, NULL,
		      "run on these CPUs, such as 2,4-5 (one per rail)" },
		    { PT, NULL, "run on these CPUs, such as 2,4-5" } } },
	{ .name = "disable_numa", .has_arg = NO, .bins = PT,
	  .kind = RP_OK_TRUE, .off = OFF(nic.disable_numa),
	  .help = H1(PT, "no NUMA binding (default: thread and memory\n"
			 "on the device's node, unless taskset/numactl\n"
			 "restricted the CPUs already)") },
	{ .name = "bind_source_ip", .alias = "source_ip", .has_arg = REQ,
	  .arg = "ip", .bins = PT, .kind = RP_OK_STR,
	  .off = OFF(bind_source_ip), .valid = "give a local IP address",
	  .help = H1(PT, "local address: the server listens on it, the\n"
			 "client connects from it (--source_ip too)") },
	{ .name = "output", .has_arg = REQ, .arg = "what", .bins = PT,
	  .kind = RP_OK_SET, .set = rp_set_output,
	  .help = { { BW, NULL,
		      "print only the number asked for, \"%lf\" on one\n"
		      "line: bandwidth or message_rate" },
		    { LAT, NULL,
		      "print only the average latency, \"%lf\" on one\n"
		      "line: latency" } } },
	{ .short_opt = 'a', .name = "all", .has_arg = NO, .bins = PT & ~AT,
	  .kind = RP_OK_TRUE, .off = OFF(all_sizes),
	  .help = H1(PT, "run sizes 2 B .. 8 MiB (powers of two)") },
	{ .short_opt = 'D', .name = "duration", .has_arg = REQ, .arg = "s",
	  .bins = PT | CL, .kind = RP_OK_UINT, .off = OFF(duration), .min = 1,
	  .max = RP_MAX_DURATION,
	  .help = { { BW, NULL,
		      "run for <s> seconds instead of -n; the middle\n"
		      "half is measured (perftest's margin D/4)" },
		    { LAT, NULL, "run for <s> seconds instead of -n" },
		    { CL, NULL,
		      "seconds per round, 1 .. 86400; the middle half\n"
		      "is counted (default: @D)" } } },
	{ .short_opt = 't', .name = "tx-depth", .has_arg = REQ, .arg = "n",
	  .bins = BW | CL, .kind = RP_OK_UINT, .off = OFF(tx_depth), .min = 1,
	  .max = RP_MAX_TX_DEPTH,
	  .help = { { BW, NULL,
		      "outstanding WRs per QP (default: @t, at most -n)" },
		    { CL, NULL, "outstanding WRs per QP, 1 .. 15000 "
				"(default: @t)" } } },
	{ .short_opt = 'Q', .name = "cq-mod", .has_arg = REQ, .arg = "n",
	  .bins = BW, .kind = RP_OK_SET, .set = rp_set_cq_mod, .min = 1,
	  .max = RP_MAX_CQ_MOD,
	  .help = H1(BW, "signal one WR in <n> (CQ moderation; default 100,\n"
			 "1 above 8 KiB unless -a; at most -t)") },
	{ .short_opt = 'q', .name = "qp", .has_arg = REQ, .arg = "n",
	  .bins = BW | CL, .kind = RP_OK_UINT, .off = OFF(num_qps), .min = 1,
	  .max = RP_MAX_QPS,
	  .help = { { BW1, NULL, "QPs, 1 .. " RP_STR(RP_MAX_QPS)
				 " (default: 1)" },
		    { MBW | CL, NULL, "QPs per rail, 1 .. " RP_STR(RP_MAX_QPS)
				      " (default: 1)" } } },
	{ .short_opt = 'o', .name = "outs", .has_arg = REQ, .arg = "n",
	  .bins = RBW | MBW | RLAT | AT, .kind = RP_OK_UINT, .off = OFF(outs),
	  .min = 1, .max = 65535,
	  .help = { { MBW | AT, NULL,
		      "outstanding READs (atomics) per QP, --verb=read\n"
		      "(atomic) (default: the device's max; capped)" },
		    { RBW | RLAT, NULL,
		      "outstanding READs per QP (default: the device's\n"
		      "max; capped to it)" } } },
	{ .name = "verb", .has_arg = REQ, .arg = "verb", .bins = MBW | CL,
	  .kind = RP_OK_SET, .set = rp_set_verb, .pt = RP_PT_OWN,
	  .help = { { MBW, NULL,
		      "write, read, send or atomic: RDMA WRITE from the\n"
		      "client, RDMA READ by the client, SEND from the\n"
		      "client to the server's receives, or the client's\n"
		      "8-byte atomics (-A) on the server's words\n"
		      "(default: write)" },
		    { CL, NULL,
		      "write, read or send: each cell is the bytes a\n"
		      "host WRITEs to, READs from, or SENDs to its\n"
		      "partner (send: both post receives; default:\n"
		      "write)" } } },
	{ .short_opt = 'A', .name = "atomic_type", .has_arg = REQ,
	  .arg = "type", .bins = AT | MBW, .kind = RP_OK_SET,
	  .set = rp_set_atomic_type,
	  .help = H1(AT | MBW, "FETCH_AND_ADD (of 1) or CMP_AND_SWAP (default:\n"
			       "FETCH_AND_ADD; rail_multi_bw: --verb=atomic)") },
	{ .short_opt = 'r', .name = "rx-depth", .has_arg = REQ, .arg = "n",
	  .bins = SBW | SLAT | MBW, .kind = RP_OK_SET, .set = rp_set_rx_depth,
	  .min = 1, .max = RP_MAX_RX_DEPTH,
	  .help = { { SBW | SLAT, NULL,
		      "receives the server keeps posted per QP, 1 .. "
		      RP_STR(RP_MAX_RX_DEPTH) "\n"
		      "(default: " RP_STR(RP_DEF_RX_SEND) ", at most -n; "
		      "odd: one more)" },
		    { MBW, NULL,
		      "with --verb=send, --write_with_imm: receives\n"
		      "the server keeps\n"
		      "posted per QP, 1 .. " RP_STR(RP_MAX_RX_DEPTH)
		      " (default: " RP_STR(RP_DEF_RX_SEND) ", at most\n"
		      "-n; odd: one more)" } } },
	{ .name = "write_with_imm", .has_arg = NO, .bins = WBW | MBW,
	  .kind = RP_OK_SET, .set = rp_set_write_imm,
	  .help = H1(WBW | MBW,
		     "RDMA WRITE with immediate: the server pre-posts\n"
		     "receives (-r on rail_multi_bw; 512, at most -n) and\n"
		     "polls a receive completion per message") },
	{ .name = "report_gbits", .has_arg = NO, .bins = BW,
	  .kind = RP_OK_TRUE, .off = OFF(report_gbits),
	  .help = H1(BW, "report Gb/s (10^9 bit/s) instead of MiB/s\n"
			 "(2^20 B/s, labelled MB/sec as perftest does)") },
	{ .short_opt = 'l', .name = "post_list", .has_arg = REQ, .arg = "n",
	  .bins = BW, .kind = RP_OK_UINT, .off = OFF(post_list), .min = 1,
	  .max = RP_MAX_TX_DEPTH,
	  .help = H1(BW, "post <n> WRs per doorbell (ibv_post_send or\n"
			 "ibv_wr_start..complete); -n a multiple of <n>;\n"
			 "CQ moderation <n> unless -Q (default: 1, one\n"
			 "WR per post as perftest)") },
	{ .short_opt = 'H', .name = "report-histogram",
	  .alias = "report-histogrm", /* perftest's spelling */
	  .has_arg = NO, .bins = LAT, .kind = RP_OK_TRUE, .off = OFF(histogram),
	  .help = H1(LAT, "print every sample (usec), as perftest -H") },
	{ .short_opt = 'I', .name = "inline_size", .has_arg = REQ, .arg = "n",
	  .bins = WBW | SBW | MBW | WLAT | SLAT, .kind = RP_OK_INT,
	  .off = OFF(inline_size), .min = 0, .max = RP_MAX_INLINE,
	  .help = { { WBW | SBW | MBW, NULL,
		      "send messages of up to <n> bytes inline, 0 .. "
				RP_STR(RP_MAX_INLINE) "\n"
				"(default: 0; checked against the device)" },
		    { WLAT, NULL,
		      "send messages of up to <n> bytes inline, 0 .. "
				  RP_STR(RP_MAX_INLINE) "\n"
				  "(default: perftest's per device: "
				  RP_STR(RP_DEF_INLINE_WRITE_LAT) " on\n"
				  "ConnectX and BlueField, 0 on devices it\n"
				  "does not know; checked against the device)" },
		    { SLAT, NULL,
		      "send messages of up to <n> bytes inline, 0 .. "
				  RP_STR(RP_MAX_INLINE) "\n"
				  "(default: perftest's per device: "
				  RP_STR(RP_DEF_INLINE_SEND_LAT) " on\n"
				  "ConnectX and BlueField, 0 on devices it\n"
				  "does not know; checked against the device)" } } },
	{ .short_opt = 'N', .name = "noPeak", .has_arg = NO, .bins = BW,
	  .kind = RP_OK_TRUE, .off = OFF(no_peak),
	  .help = H1(BW, "do not measure BW peak (printed as 0.00)") },
	{ .short_opt = 'w', .name = "limit_bw", .has_arg = REQ, .arg = "bw",
	  .bins = BW, .kind = RP_OK_SET, .set = rp_set_limit,
	  .valid = "give a bandwidth >= 0 in the report's unit (MB/sec, "
		   "Gb/sec with --report_gbits)",
	  .help = H1(BW, "fail (exit 1) when BW average is below <bw>,\n"
			 "in the report's unit") },
	{ .short_opt = 'y', .name = "limit_msgrate", .has_arg = REQ,
	  .arg = "r", .bins = BW, .kind = RP_OK_SET, .set = rp_set_limit,
	  .valid = "give a message rate >= 0 in Mpps",
	  .help = H1(BW, "fail (exit 1) when MsgRate is below <r> Mpps") },
	{ .name = "expect", .has_arg = REQ, .arg = "pct", .bins = BW | CL,
	  .kind = RP_OK_UINT, .off = OFF(expect), .min = 1, .max = 100,
	  .pt = RP_PT_OWN,
	  .help = { { BW1, NULL,
		      "fail (exit 1) when a rail moves below <pct>\n"
		      "% of its ceiling, 1 .. 100 (needs a known port\n"
		      "speed; see rail_info)" },
		    { MBW, NULL,
		      "fail (exit 1) when a rail (or all rails "
		      "together) moves below <pct>\n"
		      "% of its ceiling, 1 .. 100 (needs a known port\n"
		      "speed; see rail_info)" },
		    { CL, NULL,
		      "exit 1 when a cell moves below <pct> % of its\n"
		      "ceiling (of its rail's median where no ceiling\n"
		      "is known), 1 .. 100 (default: such cells are\n"
		      "listed under 80 %, exit 0)" } } },
	{ .name = "expect-min", .has_arg = REQ, .arg = "pct", .bins = MBW,
	  .kind = RP_OK_UINT, .off = OFF(expect_min), .min = 1, .max = 100,
	  .pt = RP_PT_OWN,
	  .help = H1(MBW, "with --interval: fail (exit 1) when a rail's\n"
			  "slowest interval moves below <pct> % of its\n"
			  "ceiling, 1 .. 100 (needs a known port speed)") },
};

/* The rows after the fleet checks', in --help order, up to --lat_probe's. */
static const struct rp_optrow rp_rows_tail[] = {
	{ .name = "cqe_poll", .has_arg = REQ, .arg = "n", .bins = BW,
	  .kind = RP_OK_UINT, .off = OFF(nic.cqe_poll), .min = 1,
	  .max = 65535, /* perftest: a uint16_t */
	  .valid = "valid values are 1 .. 65535 CQEs per poll",
	  .help = H1(BW, "CQEs per poll, 1 .. 65535 (default: perftest's\n"
			 "dynamic batch, 1024 down to 16)") },
	{ .name = "disable_dynamic_polling", .has_arg = NO, .bins = BW,
	  .kind = RP_OK_TRUE, .off = OFF(nic.no_dynamic_poll),
	  .help = H1(BW, "poll 16 CQEs at a time") },
	{ .name = "run_infinitely", .has_arg = NO, .bins = WBW | RBW,
	  .one_rail = true, .kind = RP_OK_TRUE, .off = OFF(run_infinitely),
	  .help = H1(WBW | RBW, "print a row every -D seconds (default: "
			  RP_STR(RP_DEF_INF_PERIOD) ")\n"
			  "until SIGINT, then stop cleanly") },
	{ .short_opt = 'b', .name = "bidirectional", .has_arg = NO,
	  .bins = WBW | RBW | SBW | MBW, .kind = RP_OK_TRUE, .off = OFF(bidir),
	  .help = { { RBW, NULL,
		      "both sides read at once; the row is the sum of\n"
		      "the two directions" },
		    { SBW, NULL,
		      "both sides send at once, each keeping -r receives\n"
		      "posted for the other's; the row is the sum of the\n"
		      "two directions" },
		    { WBW | MBW, NULL,
		      "both sides write (--verb=read: read; --verb=send:\n"
		      "send, each side posting receives) at once; the\n"
		      "row is the sum of the two directions" } } },
	{ .name = "report-both", .has_arg = NO, .bins = WBW | RBW | SBW | MBW,
	  .kind = RP_OK_TRUE, .off = OFF(report_both),
	  .help = H1(WBW | RBW | SBW | MBW,
		     "with -b: each direction's own table too") },
	{ .name = "perform_warm_up", .has_arg = NO, .bins = PT,
	  .kind = RP_OK_TRUE, .off = OFF(perform_warm_up),
	  .help = { { WBW | RBW | MBW, NULL,
		      "before each size, post TX depth WRs per QP (-l:\n"
		      "one list) and wait for them, untimed, as perftest\n"
		      "(WRITE and READ; no effect with SEND)" },
		    { SBW, NULL,
		      "accepted for perftest compatibility; no effect\n"
		      "with SEND, as in perftest" },
		    { ABW, NULL,
		      "accepted; no effect with atomics yet (perftest\n"
		      "warms them up; --validate counts the timed ones)" },
		    { LAT, NULL,
		      "accepted for perftest compatibility; every size\n"
		      "starts with untimed iterations anyway" } } },
	{ .name = "interval", .has_arg = REQ, .arg = "s", .bins = MBW,
	  .kind = RP_OK_UINT, .off = OFF(interval), .min = 1,
	  .max = RP_MAX_DURATION, .pt = RP_PT_OWN,
	  .help = H1(MBW, "with -D: per-rail and aggregate rows every <s>") },
};

/* The rows after --lat_probe's (rp_optrows_probe.c), in --help order. */
static const struct rp_optrow rp_rows_end[] = {
	{ .name = "ipv6", .has_arg = NO, .bins = PT | INFO, .kind = RP_OK_TRUE,
	  .off = OFF(ipv6),
	  .help = H1(PT | INFO, "prefer IPv6 GIDs over IPv4-mapped ones") },
	{ .name = "out_json", .has_arg = NO, .bins = PT | CL,
	  .kind = RP_OK_TRUE, .off = OFF(out_json),
	  .help = { { PT, NULL,
		      "write the results as JSON (perftest 6.29 keys)" },
		    { CL, NULL,
		      "every cell as JSON, rewritten after each round\n"
		      "(\"partial\": true until the last)" } } },
	{ .name = "out_json_file", .has_arg = REQ, .arg = "f",
	  .bins = PT | CL, .kind = RP_OK_SET, .set = rp_set_json_file,
	  .valid = "give a file name",
	  .help = H1(PT | CL, "... to <f> (default: " RP_DEF_JSON_FILE ")") },
	{ .name = "validate", .has_arg = NO, .bins = PT, .section = true,
	  .kind = RP_OK_TRUE, .off = OFF(validate), .pt = RP_PT_OWN,
	  .help = { { AT, NULL,
		      "check the atomics: after the run the client reads\n"
		      "each QP's word back, which must equal the count of\n"
		      "FETCH_AND_ADDs (CMP_AND_SWAPs, then a chain) it\n"
		      "completed; both report, exit 1 on a mismatch" },
		    { SBW, NULL,
		      "check the data moved: the client sends a pattern,\n"
		      "the server checks what its receives got;\n"
		      "both report, exit 1 on a mismatch" },
		    { RBW, NULL,
		      "check the data moved: the server's buffer holds a\n"
		      "pattern, the client checks what it read\n"
		      "(-b: both sides, both directions);\n"
		      "both report, exit 1 on a mismatch" },
		    { BW, NULL,
		      "check the data moved: the client writes a pattern,\n"
		      "the server checks the bytes that arrived\n"
		      "(-b: both sides, both directions);\n"
		      "both report, exit 1 on a mismatch" },
		    { WLAT | SLAT, NULL,
		      "not supported (refused): the ping-pong's data\n"
		      "is its counter byte" },
		    { RLAT, NULL,
		      "check the data moved: the server's buffer holds a\n"
		      "pattern, the client checks what it read;\n"
		      "both report, exit 1 on a mismatch" } } },
	{ .name = "use_hugepages", .has_arg = NO, .bins = PT | CL,
	  .kind = RP_OK_TRUE, .off = OFF(hugepages),
	  .help = { { PT, NULL,
		      "hugepage buffers through libhugetlbfs (default),\n"
		      "normal pages when none are free" },
		    { CL, NULL,
		      "hugepage buffers (default), normal pages when\n"
		      "none are free" } } },
	{ .name = "no_hugepages", .has_arg = NO, .bins = PT | CL,
	  .kind = RP_OK_FALSE, .off = OFF(hugepages), .pt = RP_PT_OWN,
	  .help = H1(PT | CL, "normal pages only") },
	{ .name = "use_cuda", .has_arg = REQ, .arg = "gpu", .bins = PT,
	  .kind = RP_OK_SET, .set = rp_set_cuda, .min = 0, .max = 1023,
	  .help = H1(PT, "the buffer in GPU <gpu>'s memory (CUDA ordinal;\n"
			 "libcuda.so.1 loaded at run time): device memory,\n"
			 "registered with ibv_reg_mr (nvidia-peermem); an\n"
			 "integrated GPU (DGX Spark): pinned host memory") },
	{ .name = "use_cuda_bus_id", .has_arg = REQ, .arg = "pci",
	  .bins = PT, .kind = RP_OK_STR, .off = OFF(cuda.bus_id),
	  .valid = "give a GPU's PCI address such as 0000:3b:00.0",
	  .help = H1(PT, "as --use_cuda, the GPU named by its PCI address\n"
			 "(such as 0000:3b:00.0)") },
	{ .name = "use_cuda_dmabuf", .has_arg = NO, .bins = PT,
	  .kind = RP_OK_TRUE, .off = OFF(cuda.dmabuf),
	  .help = H1(PT, "with --use_cuda: register device memory through\n"
			 "a dma-buf (ibv_reg_dmabuf_mr); refused on an\n"
			 "integrated GPU and on one without dma-buf") },
	{ .name = "use_cuda_near", .has_arg = NO, .bins = RP_BIN_MULTI_BW,
	  .kind = RP_OK_TRUE, .off = OFF(cuda.near), .pt = RP_PT_OWN,
	  .help = H1(RP_BIN_MULTI_BW,
		     "each rail's buffer on the NVIDIA GPU nearest to\n"
		     "its NIC (rail_info's nearest GPU: a common PCIe\n"
		     "switch first), memory chosen as with --use_cuda") },
	{ .name = "timeout", .has_arg = REQ, .arg = "s", .bins = PT | CL,
	  .kind = RP_OK_SET, .set = rp_set_timeout, .off = OFF(timeout),
	  .min = 1, .max = 3600, .pt = RP_PT_OWN,
	  .help = { { PT, NULL,
		      "control-connection timeout: client connect\n"
		      "retries, each message (default: @T); given, also\n"
		      "the server's wait for its client (else no bound)" },
		    { CL, NULL, "bound on each exchange with the partner and\n"
				"rank 0, 1 .. 3600 (default: @T)" } } },
	{ .short_opt = 'h', .name = "help", .has_arg = NO,
	  .bins = PT | CL | INFO, .kind = RP_OK_TRUE, .off = OFF(help),
	  .help = H1(PT | CL | INFO, "this text") },
	{ .short_opt = 'V', .name = "version", .has_arg = NO,
	  .bins = PT | CL | INFO, .kind = RP_OK_TRUE, .off = OFF(version),
	  .help = { { PT, NULL,
		      "railperf version and perftest format followed" },
		    { CL, NULL, "railperf version" },
		    { INFO, NULL, "version" } } },
};
/* clang-format on */

const struct rp_optrow *rp_optrows_head(size_t *n)
{
	*n = sizeof(rp_rows_head) / sizeof(rp_rows_head[0]);
	return rp_rows_head;
}

const struct rp_optrow *rp_optrows_tail(size_t *n)
{
	*n = sizeof(rp_rows_tail) / sizeof(rp_rows_tail[0]);
	return rp_rows_tail;
}

const struct rp_optrow *rp_optrows_end(size_t *n)
{
	*n = sizeof(rp_rows_end) / sizeof(rp_rows_end[0]);
	return rp_rows_end;
}
