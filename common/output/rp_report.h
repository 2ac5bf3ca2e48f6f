/* SPDX-License-Identifier: MIT */
/*
 * rp_report.h - perftest's text output, byte for byte.
 *
 * The layout is the one of perftest 6.06 (the Debian build, and the layout
 * scripts written for the 6.x series parse): header block, QP address
 * lines, "MB/sec" table header, and rows with perftest's printf formats,
 * tabs included: perftest_parameters.c ctx_print_test_info() for the
 * header, perftest_communication.c ctx_print_pingpong_data() for the
 * address lines, perftest_parameters.h REPORT_FMT* for the tables).
 * railperf's own lines come after the perftest block, never inside it.
 */
#ifndef RP_REPORT_H
#define RP_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "proto/rp_proto.h"
#include "verbs/rp_rail.h"

/* --output: perftest's verbosity levels; all but FULL print one number. */
enum rp_output {
	RP_OUTPUT_FULL = 0,  /* the perftest block (perftest's default) */
	RP_OUTPUT_BANDWIDTH, /* "%lf\n" of BW average (BW tests) */
	RP_OUTPUT_MSG_RATE,  /* "%lf\n" of MsgRate (BW tests) */
	RP_OUTPUT_LATENCY,   /* "%lf\n" of t_avg (latency tests) */
};

/* 87 dashes: perftest's RESULT_LINE. */
#define RP_RESULT_LINE \
	"---------------------------------------------------------------------------------------\n"

/* What the header block shows. Lines with a negative value are left out. */
struct rp_header {
	const char *title;     /* "RDMA_Write BW Test" */
	const char *device;    /* "rxe0"; a list for several rails */
	unsigned int num_qps;  /* total */
	const char *transport; /* "IB" for InfiniBand and RoCE, "IW" */
	bool relaxed_ordering;
	bool wr_api;
	int tx_depth;		/* client only; -1 = no line */
	int rx_depth;		/* SEND's receiver only; <= 0 = no line */
	int cq_mod;		/* BW tests; -1 = no line */
	unsigned int mtu;	/* bytes, negotiated */
	const char *link_type;	/* "Ethernet", "IB" */
	int gid_index;		/* -1 = no line (LID routing) */
	int max_inline;		/* WRITE/SEND tests; -1 = no line */
	int out_reads;		/* READ tests; -1 = no line */
	unsigned int post_list; /* -l; > 1: a " Post List" line */
	bool rdma_cm;		/* -R: rdma_cm QPs ON, Data ex. method */
	bool server;		/* with rdma_cm: the server's waiting text */
	bool has_tos;		/* -T given (with -R) */
	unsigned int tos;	/* ... " \tTOS    : N" after Data ex. method */
	bool has_tclass;	/* --tclass given */
	unsigned int tclass;	/* ... JSON "traffic_class" (perftest prints
				 * no header line for it) */
};

/* How the address lines end (perftest's verb switch, section 1.3). */
enum rp_addr_fmt {
	RP_ADDR_WRITE, /* ... PSN %#06x RKey %#08x VAddr %#016llx */
	RP_ADDR_READ,  /* ... PSN %#06x OUT %#04x RKey ... VAddr ... */
	RP_ADDR_CM,    /* -R: ... PSN %#06x (perftest's verb SEND) */
	RP_ADDR_SEND,  /* SEND: ... PSN %#06x, as -R */
};

/* rp_report_waiting - the server's "Waiting for client" banner. */
void rp_report_waiting(FILE *f);

/* rp_report_header - the header block, dashes above and below. */
void rp_report_header(FILE *f, const struct rp_header *h);

/*
 * rp_report_addresses_n - "local address:" / "remote address:" lines for
 * @n rails: every local line (rail by rail, QP by QP), then every remote
 * line, each followed by a "GID:" line (GID bytes in decimal, as perftest)
 * when a GID is used, then RESULT_LINE. With @read_test, " OUT 0x.." is
 * printed as for ib_read_lat.
 */
void rp_report_addresses_n(FILE *f, const struct rp_rail_addr *local,
			   const struct rp_rail_addr *remote, unsigned int n,
			   bool read_test);

/* rp_report_addresses_fmt - rp_report_addresses_n with the line end @fmt. */
void rp_report_addresses_fmt(FILE *f, const struct rp_rail_addr *local,
			     const struct rp_rail_addr *remote, unsigned int n,
			     enum rp_addr_fmt fmt);

/* rp_report_bw_title - table header (MB/sec or Gb/sec), then "\n". */
void rp_report_bw_title(FILE *f, bool gbits);

/*
 * rp_report_bw_row - one BW row. perftest's REPORT_FMT; with --report_gbits
 * and an average below 0.1 Gb/s its six-decimal REPORT_FMT_EXT.
 */
void rp_report_bw_row(FILE *f, const struct rp_result *r, bool gbits);

/*
 * rp_report_cq_mod_warning - perftest's two-line warning when -Q > 1 is
 * given with a size above 8 KiB (printed before the header).
 */
void rp_report_cq_mod_warning(FILE *f);

/* rp_report_post_list_notice - perftest's line for -l without -Q. */
void rp_report_post_list_notice(FILE *f);

/*
 * rp_report_value - --output's one number: "%lf\n" of @v (perftest's
 * print_full_bw_report / print_report_lat for OUTPUT_BW, _MR, _LAT).
 */
void rp_report_value(FILE *f, double v);

/*
 * rp_report_bw_out - a BW result as the run asked: the row (full output)
 * or --output's number (BW average or MsgRate).
 */
void rp_report_bw_out(FILE *f, const struct rp_result *r, bool gbits,
		      enum rp_output output);

#endif /* RP_REPORT_H */
