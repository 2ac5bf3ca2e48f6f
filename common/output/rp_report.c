// SPDX-License-Identifier: MIT
/*
 * perftest 6.06 output formats (perftest_parameters.h, perftest_communication.h
 * of tag v4.5-0.17), reproduced byte for byte; every format string railperf
 * prints inside the perftest block lives in this file.
 */
#include <inttypes.h>

#include "base/rp_log.h"
#include "output/rp_report.h"

#define RP_FMT_BW_TITLE \
	" #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]"
#define RP_FMT_BW_TITLE_G \
	" #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]"
#define RP_FMT_BW_ROW \
	" %-7" PRIu64 "    %-10" PRIu64 \
	"       %-7.2lf            %-7.2lf\t\t   %-7.6lf"
#define RP_FMT_BW_ROW_EXT \
	" %-7" PRIu64 "    %" PRIu64 \
	"           %-7.6lf            %-7.6lf            %-7.6lf"

static const char *rp_onoff(bool on)
{
	return on ? "ON" : "OFF";
}

void rp_report_waiting(FILE *f)
{
	rp_fprintf(f, "\n************************************\n"
		      "* Waiting for client to connect... *\n"
		      "************************************\n");
}

void rp_report_header(FILE *f, const struct rp_header *h)
{
	rp_fprintf(f, RP_RESULT_LINE);
	rp_fprintf(f, "                    %s\n", h->title);
	rp_fprintf(f, " Dual-port       : OFF\t\tDevice         : %s\n",
		   h->device);
	rp_fprintf(f, " Number of qps   : %u\t\tTransport type : %s\n",
		   h->num_qps, h->transport);
	rp_fprintf(f, " Connection type : RC\t\tUsing SRQ      : OFF\n");
	rp_fprintf(f, " PCIe relax order: %s\n", rp_onoff(h->relaxed_ordering));
	rp_fprintf(f, " ibv_wr* API     : %s\n", rp_onoff(h->wr_api));
	if (h->tx_depth >= 0)
		rp_fprintf(f, " TX depth        : %d\n", h->tx_depth);
	if (h->post_list > 1)
		rp_fprintf(f, " Post List       : %u\n", h->post_list);
	if (h->rx_depth > 0)
		rp_fprintf(f, " RX depth        : %d\n", h->rx_depth);
	if (h->cq_mod >= 0)
		rp_fprintf(f, " CQ Moderation   : %d\n", h->cq_mod);
	rp_fprintf(f, " Mtu             : %u[B]\n", h->mtu);
	rp_fprintf(f, " Link type       : %s\n", h->link_type);
	if (h->gid_index >= 0)
		rp_fprintf(f, " GID index       : %d\n", h->gid_index);
	if (h->max_inline >= 0)
		rp_fprintf(f, " Max inline data : %d[B]\n", h->max_inline);
	if (h->out_reads >= 0)
		rp_fprintf(f, " Outstand reads  : %d\n", h->out_reads);
	rp_fprintf(f, " rdma_cm QPs\t : %s\n", rp_onoff(h->rdma_cm));
	rp_fprintf(f, " Data ex. method : %s",
		   h->rdma_cm ? "rdma_cm" : "Ethernet");
	if (h->rdma_cm && h->has_tos)
		rp_fprintf(f, " \tTOS    : %u", h->tos);
	if (h->rdma_cm && h->server)
		rp_fprintf(f, "\n" RP_RESULT_LINE
			      " Waiting for client rdma_cm QP to connect\n"
			      " Please run the same command with the IB/RoCE "
			      "interface IP");
	rp_fprintf(f, "\n" RP_RESULT_LINE);
}

static void rp_report_gid(FILE *f, const uint8_t g[16])
{
	int i;

	rp_fprintf(f, " GID: ");
	for (i = 0; i < 16; i++)
		rp_fprintf(f, "%02d%s", g[i], i < 15 ? ":" : "\n");
}

static void rp_report_side(FILE *f, const char *side,
			   const struct rp_rail_addr *a, enum rp_addr_fmt fmt)
{
	uint32_t i;

	for (i = 0; i < a->num_qps; i++) {
		const struct rp_qp_addr *q = &a->qp[i];

		rp_fprintf(f, " %s address: LID %#04x QPN %#06x PSN %#06x",
			   side, a->lid, q->qpn, q->psn);
		if (fmt == RP_ADDR_READ)
			rp_fprintf(f, " OUT %#04x", a->rd_atomic);
		if (fmt == RP_ADDR_WRITE || fmt == RP_ADDR_READ)
			rp_fprintf(f, " RKey %#08x VAddr %#016llx", q->rkey,
				   (unsigned long long)q->addr);
		rp_fprintf(f, "\n");
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
	rp_fprintf(f, RP_RESULT_LINE);
}

void rp_report_addresses_n(FILE *f, const struct rp_rail_addr *local,
			   const struct rp_rail_addr *remote, unsigned int n,
			   bool read_test)
{
	rp_report_addresses_fmt(f, local, remote, n,
				read_test ? RP_ADDR_READ : RP_ADDR_WRITE);
}

void rp_report_bw_title(FILE *f, bool gbits)
{
	rp_fprintf(f, "%s\n", gbits ? RP_FMT_BW_TITLE_G : RP_FMT_BW_TITLE);
}

void rp_report_bw_row(FILE *f, const struct rp_result *r, bool gbits)
{
	if (gbits && r->bw_avg < 0.1)
		rp_fprintf(f, RP_FMT_BW_ROW_EXT "\n", r->size, r->iters,
			   r->bw_peak, r->bw_avg, r->msg_rate);
	else
		rp_fprintf(f, RP_FMT_BW_ROW "\n", r->size, r->iters, r->bw_peak,
			   r->bw_avg, r->msg_rate);
}

void rp_report_cq_mod_warning(FILE *f)
{
	rp_fprintf(f, RP_RESULT_LINE);
	rp_fprintf(
		f,
		"Warning: Large message requested and CQ moderation enabled\n");
	rp_fprintf(f, "Warning: It can lead to inaccurate results\n");
}

void rp_report_post_list_notice(FILE *f)
{
	rp_fprintf(f, RP_RESULT_LINE);
	rp_fprintf(f, "Post List requested - CQ moderation will be the size of "
		      "the post list\n");
}

void rp_report_value(FILE *f, double v)
{
	rp_fprintf(f, "%lf\n", v);
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
