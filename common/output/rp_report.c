// SPDX-License-Identifier: MIT
/*
 * perftest 6.06 output formats (perftest_parameters.h, perftest_communication.h
 * of tag v4.5-0.17), reproduced byte for byte; every format string railperf
 * prints inside the perftest block lives in this file.
 */
#include <inttypes.h>

#include "output/rp_report.h"

#define RP_FMT_BW_TITLE \
	" #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]"
#define RP_FMT_BW_TITLE_G \
	" #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]"
#define RP_FMT_BW_ROW \
	" %-7" PRIu64 "    %-10" PRIu64 "       %-7.2lf            %-7.2lf\t\t   %-7.6lf"
#define RP_FMT_BW_ROW_EXT \
	" %-7" PRIu64 "    %" PRIu64 "           %-7.6lf            %-7.6lf            %-7.6lf"

static const char *rp_onoff(bool on)
{
	return on ? "ON" : "OFF";
}

void rp_report_waiting(FILE *f)
{
	fprintf(f, "\n************************************\n"
		   "* Waiting for client to connect... *\n"
		   "************************************\n");
}

void rp_report_header(FILE *f, const struct rp_header *h)
{
	fprintf(f, RP_RESULT_LINE);
	fprintf(f, "                    %s\n", h->title);
	fprintf(f, " Dual-port       : OFF\t\tDevice         : %s\n", h->device);
	fprintf(f, " Number of qps   : %u\t\tTransport type : %s\n", h->num_qps,
		h->transport);
	fprintf(f, " Connection type : RC\t\tUsing SRQ      : OFF\n");
	fprintf(f, " PCIe relax order: %s\n", rp_onoff(h->relaxed_ordering));
	fprintf(f, " ibv_wr* API     : %s\n", rp_onoff(h->wr_api));
	if (h->tx_depth >= 0)
		fprintf(f, " TX depth        : %d\n", h->tx_depth);
	if (h->post_list > 1)
		fprintf(f, " Post List       : %u\n", h->post_list);
	if (h->cq_mod >= 0)
		fprintf(f, " CQ Moderation   : %d\n", h->cq_mod);
	fprintf(f, " Mtu             : %u[B]\n", h->mtu);
	fprintf(f, " Link type       : %s\n", h->link_type);
	if (h->gid_index >= 0)
		fprintf(f, " GID index       : %d\n", h->gid_index);
	if (h->max_inline >= 0)
		fprintf(f, " Max inline data : %d[B]\n", h->max_inline);
	if (h->out_reads >= 0)
		fprintf(f, " Outstand reads  : %d\n", h->out_reads);
	fprintf(f, " rdma_cm QPs\t : %s\n", rp_onoff(h->rdma_cm));
	fprintf(f, " Data ex. method : %s", h->rdma_cm ? "rdma_cm" : "Ethernet");
	if (h->rdma_cm && h->server)
		fprintf(f, "\n" RP_RESULT_LINE
			" Waiting for client rdma_cm QP to connect\n"
			" Please run the same command with the IB/RoCE "
			"interface IP");
	fprintf(f, "\n" RP_RESULT_LINE);
}

static void rp_report_gid(FILE *f, const uint8_t g[16])
{
	int i;

	fprintf(f, " GID: ");
	for (i = 0; i < 16; i++)
		fprintf(f, "%02d%s", g[i], i < 15 ? ":" : "\n");
}

static void rp_report_side(FILE *f, const char *side,
			   const struct rp_rail_addr *a, enum rp_addr_fmt fmt)
{
	uint32_t i;

	for (i = 0; i < a->num_qps; i++) {
		const struct rp_qp_addr *q = &a->qp[i];

		fprintf(f, " %s address: LID %#04x QPN %#06x PSN %#06x", side,
			a->lid, q->qpn, q->psn);
		if (fmt == RP_ADDR_READ)
			fprintf(f, " OUT %#04x", a->rd_atomic);
		if (fmt != RP_ADDR_CM)
			fprintf(f, " RKey %#08x VAddr %#016llx", q->rkey,
				(unsigned long long)q->addr);
		fprintf(f, "\n");
		if (a->gid_index >= 0)
			rp_report_gid(f, a->gid);
	}
}

void rp_report_addresses_fmt(FILE *f, const struct rp_rail_addr *local,
			     const struct rp_rail_addr *remote, unsigned int n,
			     enum rp_addr_fmt fmt)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		rp_report_side(f, "local", &local[i], fmt);
	for (i = 0; i < n; i++)
		rp_report_side(f, "remote", &remote[i], fmt);
	fprintf(f, RP_RESULT_LINE);
}

void rp_report_addresses_n(FILE *f, const struct rp_rail_addr *local,
			   const struct rp_rail_addr *remote, unsigned int n,
			   bool read_test)
{
	rp_report_addresses_fmt(f, local, remote, n,
				read_test ? RP_ADDR_READ : RP_ADDR_WRITE);
}

void rp_report_addresses(FILE *f, const struct rp_rail_addr *local,
			 const struct rp_rail_addr *remote, bool read_test)
{
	rp_report_addresses_n(f, local, remote, 1, read_test);
}

void rp_report_bw_title(FILE *f, bool gbits)
{
	fprintf(f, "%s\n", gbits ? RP_FMT_BW_TITLE_G : RP_FMT_BW_TITLE);
}

void rp_report_bw_row(FILE *f, const struct rp_result *r, bool gbits)
{
	if (gbits && r->bw_avg < 0.1)
		fprintf(f, RP_FMT_BW_ROW_EXT "\n", r->size, r->iters,
			r->bw_peak, r->bw_avg, r->msg_rate);
	else
		fprintf(f, RP_FMT_BW_ROW "\n", r->size, r->iters, r->bw_peak,
			r->bw_avg, r->msg_rate);
}

void rp_report_cq_mod_warning(FILE *f)
{
	fprintf(f, RP_RESULT_LINE);
	fprintf(f, "Warning: Large message requested and CQ moderation enabled\n");
	fprintf(f, "Warning: It can lead to inaccurate results\n");
}

void rp_report_post_list_notice(FILE *f)
{
	fprintf(f, RP_RESULT_LINE);
	fprintf(f, "Post List requested - CQ moderation will be the size of "
		"the post list\n");
}

void rp_report_value(FILE *f, double v)
{
	fprintf(f, "%lf\n", v);
}

void rp_report_bw_out(FILE *f, const struct rp_result *r, bool gbits,
		      enum rp_output output)
{
	if (output == RP_OUTPUT_BANDWIDTH)
		rp_report_value(f, r->bw_avg);
	else if (output == RP_OUTPUT_MSG_RATE)
		rp_report_value(f, r->msg_rate);
	else
		rp_report_bw_row(f, r, gbits);
}
