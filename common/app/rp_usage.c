// SPDX-License-Identifier: MIT
/* --help text for every railperf binary: all option strings live here. */
#include <stdbool.h>
#include <stdio.h>

#include "base/rp_log.h"
#include "app/rp_usage.h"

/* clang-format off */
/* -d and -x: one device, or (rail_multi_bw) a list of rails. */
static void rp_usage_rails(const struct rp_opts *o, FILE *f)
{
	if (o->desc->features & RP_FEAT_MULTI)
		rp_fprintf(f,
"  -d, --ib-dev=<rails>      the rails, dev or dev:port, comma-separated\n"
"                            (default: every RDMA device, port -i)\n"
"  -i, --ib-port=<port>      port of the rails given without one, 1 .. 254\n"
"                            (default: 1); each must be ACTIVE\n"
"  -x, --gid-index=<list>    one GID index 0 .. 255 for every rail, or one\n"
"                            per rail, comma-separated (default: each rail\n"
"                            chooses: RoCE v2, IPv4-mapped, not link-local)\n");
	else
		rp_fprintf(f,
"  -d, --ib-dev=<dev>        RDMA device (default: first device found)\n"
"  -i, --ib-port=<port>      device port 1 .. 254, must be ACTIVE (default: 1)\n"
"  -x, --gid-index=<index>   GID index 0 .. 255 (default: chosen: RoCE v2,\n"
"                            IPv4-mapped, not link-local, the server's subnet,\n"
"                            lowest index; none on InfiniBand)\n");
}

static void rp_usage_common(const struct rp_opts *o, FILE *f)
{
	const struct rp_test_desc *d = o->desc;

	rp_fprintf(f,
"Usage:\n"
"  %s [options]          start a server\n"
"  %s [options] <host>   start a client, connect to the server on <host>\n"
"\n"
"Options (perftest's meaning and defaults):\n",
		d->name, d->name);
	rp_usage_rails(o, f);
	rp_fprintf(f,
"  -s, --size=<bytes>        message size 1 .. 2147483648, K/M/G suffixes\n"
"                            (default: %llu)\n"
"  -n, --iters=<n>           iterations per QP, 5 .. %llu (default: %llu)\n"
"  -p, --port=<port>         TCP control port 1 .. 65535 (default: %u)\n"
"  -m, --mtu=<bytes>         path MTU 256..4096 (default: port's active MTU;\n"
"                            client and server use the smaller of the two)\n"
"  -F, --CPU-freq            accepted for perftest compatibility; railperf\n"
"                            times with CLOCK_MONOTONIC, not CPU cycles\n",
		(unsigned long long)d->def_size,
		(unsigned long long)rp_opts_max_iters(d),
		(unsigned long long)d->def_iters, RP_DEF_TCP_PORT);
}

static void rp_usage_common2(const struct rp_opts *o, FILE *f)
{
	bool bw = o->desc->features & RP_FEAT_BW;
	bool multi = o->desc->features & RP_FEAT_MULTI;

	rp_fprintf(f,
"  -u, --qp-timeout=<t>      QP ACK timeout 4.096 us * 2^<t>, 0 .. 31\n"
"                            (default: %u)\n", RP_DEF_QP_TIMEOUT);
	if (!(o->desc->features & RP_FEAT_MULTI))	/* one rail only */
		rp_fprintf(f,
"  -R, --rdma_cm             connect the QPs through rdma_cm: the server's\n"
"                            address picks the device and GID\n"
"  -T, --tos=<tos>           with -R: rdma_cm type of service, 0 .. 255\n");
	rp_fprintf(f,
"      --tclass=<c>          GRH traffic class of the QPs, 0 .. 255 (not\n"
"                            with -R; default: 0)\n"
"      --disable_pcie_relaxed  register the buffer without PCIe relaxed\n"
"                            ordering (header: PCIe relax order: OFF)\n"
"      --use_old_post_send   post with ibv_post_send (default: ibv_wr_*\n"
"                            where perftest uses it, ConnectX-4 and later,\n"
"                            BlueField, EFA, HNS; header: ibv_wr* API)\n"
"      --numa_node=<n>       run on NUMA node <n> and take memory there%s\n"
"      --pin_cores=<cpus>    run on these CPUs, such as 2,4-5%s\n"
"      --disable_numa        no NUMA binding (default: thread and memory\n"
"                            on the device's node, unless taskset/numactl\n"
"                            restricted the CPUs already)\n"
"      --bind_source_ip=<ip> local address: the server listens on it, the\n"
"                            client connects from it (--source_ip too)\n"
"      --output=<what>       print only the %s, \"%%lf\" on one\n"
"                            line: %s\n",
		multi ? " (one per rail, by ',')" : "",
		multi ? " (one per rail)" : "",
		bw ? "number asked for" : "average latency",
		bw ? "bandwidth or message_rate" : "latency");
}

static void rp_usage_bw(FILE *f, unsigned int def_tx_depth, bool multi)
{
	rp_fprintf(f,
"  -a, --all                 run sizes 2 B .. 8 MiB (powers of two)\n"
"  -D, --duration=<s>        run for <s> seconds instead of -n; the middle\n"
"                            half is measured (perftest's margin D/4)\n"
"  -t, --tx-depth=<n>        outstanding WRs per QP (default: %u, at most -n)\n"
"  -Q, --cq-mod=<n>          signal one WR in <n> (CQ moderation; default 100,\n"
"                            1 above 8 KiB unless -a; at most -t)\n"
"  -q, --qp=<n>              QPs%s, 1 .. %u (default: 1)\n"
"      --report_gbits        report Gb/s (10^9 bit/s) instead of MiB/s\n"
"                            (2^20 B/s, labelled MB/sec as perftest does)\n",
		def_tx_depth, multi ? " per rail" : "", RP_MAX_QPS);
	rp_fprintf(f,
"  -l, --post_list=<n>       post <n> WRs per doorbell (ibv_post_send or\n"
"                            ibv_wr_start..complete); -n a multiple of <n>;\n"
"                            CQ moderation <n> unless -Q (default: 1, one\n"
"                            WR per post as perftest)\n"
"  -I, --inline_size=<n>     send messages of up to <n> bytes inline, 0 .. %u\n"
"                            (default: 0; checked against the device)\n"
"  -N, --noPeak              do not measure BW peak (printed as 0.00)\n"
"  -w, --limit_bw=<bw>       fail (exit 1) when BW average is below <bw>,\n"
"                            in the report's unit\n"
"  -y, --limit_msgrate=<r>   fail (exit 1) when MsgRate is below <r> Mpps\n"
"      --expect=<pct>        fail (exit 1) when a rail%s moves below <pct>\n"
"                            %% of its ceiling, 1 .. 100 (needs a known port\n"
"                            speed; see rail_info)\n"
"      --cqe_poll=<n>        CQEs per poll, 1 .. 65535 (default: perftest's\n"
"                            dynamic batch, 1024 down to 16)\n"
"      --disable_dynamic_polling  poll 16 CQEs at a time\n",
		RP_MAX_INLINE, multi ? " (or all rails together)" : "");
	if (!multi)
		rp_fprintf(f,
"      --run_infinitely      print a row every -D seconds (default: %u)\n"
"                            until SIGINT, then stop cleanly\n",
			RP_DEF_INF_PERIOD);
}

static void rp_usage_lat(FILE *f, bool inl)
{
	rp_fprintf(f,
"  -a, --all                 run sizes 2 B .. 8 MiB (powers of two)\n"
"  -D, --duration=<s>        run for <s> seconds instead of -n\n"
"  -H, --report-histogram    print every sample (usec), as perftest -H\n");
	if (inl)
		rp_fprintf(f,
"  -I, --inline_size=<n>     send messages of up to <n> bytes inline, 0 .. %u\n"
"                            (default: %u on devices perftest knows, else 0;\n"
"                            checked against the device)\n",
			RP_MAX_INLINE, RP_DEF_INLINE_WRITE_LAT);
}

static void rp_usage_bidir(FILE *f)
{
	rp_fprintf(f,
"  -b, --bidirectional       both sides write at once; the row is the sum of\n"
"                            the two directions\n"
"      --report-both         with -b: each direction's own table too\n");
}

static void rp_usage_multi(FILE *f)
{
	rp_fprintf(f,
"      --interval=<s>        with -D: per-rail and aggregate rows every <s>\n");
}

static const char *rp_usage_validate(const struct rp_opts *o)
{
	if (o->desc->features & RP_FEAT_BW)
		return "check the data moved: the client writes a pattern,\n"
		       "                            the server checks the bytes that arrived\n"
		       "                            (-b: both sides, both directions);\n"
		       "                            both report, exit 1 on a mismatch";
	if (o->desc->features & RP_FEAT_INLINE)
		return "not supported by rail_write_lat (refused): the\n"
		       "                            ping-pong's data is its counter byte";
	return "check the data moved: the server's buffer holds a\n"
	       "                            pattern, the client checks what it read;\n"
	       "                            both report, exit 1 on a mismatch";
}

static void rp_usage_railperf(const struct rp_opts *o, FILE *f)
{
	rp_fprintf(f,
"      --ipv6                prefer IPv6 GIDs over IPv4-mapped ones\n"
"      --out_json            write the results as JSON (perftest 6.29 keys)\n"
"      --out_json_file=<f>   ... to <f> (default: perftest_out.json)\n");
	rp_fprintf(f,
"\n"
"railperf options:\n"
"      --validate            %s\n"
"      --use_hugepages       hugepage buffers through libhugetlbfs (default),\n"
"                            normal pages when none are free\n"
"      --no_hugepages        normal pages only\n"
"      --timeout=<s>         control-connection timeout: client connect\n"
"                            retries, server wait, each message (default: %u)\n"
"  -h, --help                this text\n"
"  -V, --version             railperf version and perftest format followed\n",
		rp_usage_validate(o), RP_DEF_TIMEOUT_S);
}
/* clang-format on */

void rp_opts_usage(const struct rp_opts *o, FILE *f)
{
	rp_usage_common(o, f);
	rp_usage_common2(o, f);
	if (o->desc->features & RP_FEAT_BW)
		rp_usage_bw(f, o->desc->def_tx_depth,
			    o->desc->features & RP_FEAT_MULTI);
	if (o->desc->features & RP_FEAT_BW)
		rp_usage_bidir(f);
	if (o->desc->features & RP_FEAT_LAT)
		rp_usage_lat(f, o->desc->features & RP_FEAT_INLINE);
	if (o->desc->features & RP_FEAT_MULTI)
		rp_usage_multi(f);
	rp_usage_railperf(o, f);
}
