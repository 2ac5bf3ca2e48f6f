/* Description: rp_report's perftest 6.06 text, byte for byte (tabs
 * included): the header block for a client, a server and a READ test, the
 * BW table titles, BW rows in REPORT_FMT and REPORT_FMT_EXT, the QP address
 * and GID lines, the "Waiting for client" banner and the CQ moderation
 * warning. Expected strings are literals worked out from perftest's
 * formats by hand. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "memout.h"
#include "output/rp_report.h"

/* perftest's RESULT_LINE: 87 dashes (8 groups of 10, then 7). */
/* clang-format off */
#define DASHES \
	"----------" "----------" "----------" "----------" \
	"----------" "----------" "----------" "----------" \
	"-------\n"
/* clang-format on */

static void test_dashes_literal(void **state)
{
	(void)state;
	/* guards the literal above: 87 dashes and a newline */
	assert_int_equal(strlen(DASHES), 88);
	assert_string_equal(RP_RESULT_LINE, DASHES);
}

static const struct rp_header client_hdr = {
	.title = "RDMA_Write BW Test",
	.device = "rxe1",
	.num_qps = 1,
	.transport = "IB",
	.relaxed_ordering = true,
	.wr_api = true,
	.tx_depth = 128,
	.cq_mod = 1,
	.mtu = 1024,
	.link_type = "Ethernet",
	.gid_index = 1,
	.max_inline = 0,
	.out_reads = -1,
};

#define HDR_TOP \
	DASHES \
	"                    RDMA_Write BW Test\n" \
	" Dual-port       : OFF\t\tDevice         : rxe1\n" \
	" Number of qps   : 1\t\tTransport type : IB\n" \
	" Connection type : RC\t\tUsing SRQ      : OFF\n" \
	" PCIe relax order: ON\n" \
	" ibv_wr* API     : ON\n"

#define HDR_BOTTOM \
	" CQ Moderation   : 1\n" \
	" Mtu             : 1024[B]\n" \
	" Link type       : Ethernet\n" \
	" GID index       : 1\n" \
	" Max inline data : 0[B]\n" \
	" rdma_cm QPs\t : OFF\n" \
	" Data ex. method : Ethernet\n" DASHES

static void test_header_client(void **state)
{
	struct mem m;

	(void)state;
	rp_report_header(mem_open(&m), &client_hdr);
	mem_expect(&m, HDR_TOP " TX depth        : 128\n" HDR_BOTTOM);
}

/* The server has no TX depth line. */
static void test_header_server(void **state)
{
	struct rp_header h = client_hdr;
	struct mem m;

	(void)state;
	h.tx_depth = -1;
	rp_report_header(mem_open(&m), &h);
	mem_expect(&m, HDR_TOP HDR_BOTTOM);
}

/* READ latency on InfiniBand: no CQ moderation, inline or GID lines;
 * "Outstand reads" instead; ON/OFF follow the flags. */
/* -l and -R on the server: Post List line, rdma_cm ON and the waiting
 * text perftest 6.06 prints (section 1.2; golden from the guest). */
static void test_header_post_list_cm_server(void **state)
{
	struct rp_header h = client_hdr;
	struct mem m;

	(void)state;
	h.title = "RDMA_Write Post List BW Test";
	h.tx_depth = -1;
	h.post_list = 4;
	h.cq_mod = 4;
	h.rdma_cm = true;
	h.server = true;
	rp_report_header(mem_open(&m), &h);
	mem_expect(
		&m, DASHES
		"                    RDMA_Write Post List BW Test\n"
		" Dual-port       : OFF\t\tDevice         : rxe1\n"
		" Number of qps   : 1\t\tTransport type : IB\n"
		" Connection type : RC\t\tUsing SRQ      : OFF\n"
		" PCIe relax order: ON\n"
		" ibv_wr* API     : ON\n"
		" Post List       : 4\n"
		" CQ Moderation   : 4\n"
		" Mtu             : 1024[B]\n"
		" Link type       : Ethernet\n"
		" GID index       : 1\n"
		" Max inline data : 0[B]\n"
		" rdma_cm QPs\t : ON\n"
		" Data ex. method : rdma_cm\n" DASHES
		" Waiting for client rdma_cm QP to connect\n"
		" Please run the same command with the IB/RoCE interface IP\n" DASHES);
}

/* -T with -R: perftest's " \tTOS    : N" after the exchange method (6.06's
 * ctx_print_test_info); --disable_pcie_relaxed: relax order OFF. */
static void test_header_tos_no_relaxed(void **state)
{
	struct rp_header h = client_hdr;
	struct mem m;

	(void)state;
	h.relaxed_ordering = false;
	h.rdma_cm = true;
	h.has_tos = true;
	h.tos = 96;
	h.has_tclass = true; /* no header line: perftest prints none */
	h.tclass = 106;
	rp_report_header(mem_open(&m), &h);
	mem_expect(&m,
		   DASHES "                    RDMA_Write BW Test\n"
			  " Dual-port       : OFF\t\tDevice         : rxe1\n"
			  " Number of qps   : 1\t\tTransport type : IB\n"
			  " Connection type : RC\t\tUsing SRQ      : OFF\n"
			  " PCIe relax order: OFF\n"
			  " ibv_wr* API     : ON\n"
			  " TX depth        : 128\n"
			  " CQ Moderation   : 1\n"
			  " Mtu             : 1024[B]\n"
			  " Link type       : Ethernet\n"
			  " GID index       : 1\n"
			  " Max inline data : 0[B]\n"
			  " rdma_cm QPs\t : ON\n"
			  " Data ex. method : rdma_cm \tTOS    : 96\n" DASHES);
}

/* --output: "%lf\n" of the number asked for; the row otherwise. */
static void test_bw_out(void **state)
{
	const struct rp_result r = { .size = 65536,
				     .iters = 5000,
				     .bw_peak = 50.23,
				     .bw_avg = 40.07,
				     .msg_rate = 0.000641 };
	struct mem m;

	(void)state;
	rp_report_bw_out(mem_open(&m), &r, false, RP_OUTPUT_BANDWIDTH);
	mem_expect(&m, "40.070000\n");
	rp_report_bw_out(mem_open(&m), &r, false, RP_OUTPUT_MSG_RATE);
	mem_expect(&m, "0.000641\n");
	rp_report_bw_out(mem_open(&m), &r, false, RP_OUTPUT_FULL);
	mem_expect(&m, " 65536      5000             50.23              "
		       "40.07  \t\t   0.000641\n");
}

static void test_header_read_ib(void **state)
{
	const struct rp_header h = {
		.title = "RDMA_Read Latency Test",
		.device = "mlx5_0,mlx5_1",
		.num_qps = 2,
		.transport = "IB",
		.relaxed_ordering = false,
		.wr_api = false,
		.tx_depth = 1,
		.cq_mod = -1,
		.mtu = 4096,
		.link_type = "IB",
		.gid_index = -1,
		.max_inline = -1,
		.out_reads = 16,
	};
	struct mem m;

	(void)state;
	rp_report_header(mem_open(&m), &h);
	mem_expect(&m, DASHES
		   "                    RDMA_Read Latency Test\n"
		   " Dual-port       : OFF\t\tDevice         : mlx5_0,mlx5_1\n"
		   " Number of qps   : 2\t\tTransport type : IB\n"
		   " Connection type : RC\t\tUsing SRQ      : OFF\n"
		   " PCIe relax order: OFF\n"
		   " ibv_wr* API     : OFF\n"
		   " TX depth        : 1\n"
		   " Mtu             : 4096[B]\n"
		   " Link type       : IB\n"
		   " Outstand reads  : 16\n"
		   " rdma_cm QPs\t : OFF\n"
		   " Data ex. method : Ethernet\n" DASHES);
}

static void test_bw_title(void **state)
{
	struct mem m;

	(void)state;
	rp_report_bw_title(mem_open(&m), false);
	mem_expect(&m, " #bytes     #iterations    BW peak[MB/sec]    "
		       "BW average[MB/sec]   MsgRate[Mpps]\n");
	rp_report_bw_title(mem_open(&m), true);
	mem_expect(&m, " #bytes     #iterations    BW peak[Gb/sec]    "
		       "BW average[Gb/sec]   MsgRate[Mpps]\n");
}

static void row(struct mem *m, uint64_t size, uint64_t iters, double peak,
		double avg, double rate, bool gbits)
{
	const struct rp_result r = {
		.size = size,
		.iters = iters,
		.bw_peak = peak,
		.bw_avg = avg,
		.msg_rate = rate,
	};

	rp_report_bw_row(mem_open(m), &r, gbits);
}

/*
 * REPORT_FMT (6.06):
 * " %-7lu    %-10lu       %-7.2lf            %-7.2lf\t\t   %-7.6lf" "\n"
 * pieces: " " size padded to 7, 4 spaces, iters padded to 10, 7 spaces,
 * peak (7 wide, 2 decimals), 12 spaces, avg, TAB TAB 3 spaces, rate.
 */
static void test_bw_row_mib(void **state)
{
	struct mem m;

	(void)state;
	row(&m, 65536, 5000, 11051.92, 11050.37, 0.176806, false);
	/* " " "65536  " "    " "5000      " "       " "11051.92" 12sp ... */
	mem_expect(&m, " 65536      5000             11051.92            "
		       "11050.37\t\t   0.176806\n");
	/* 7-digit size fills its field; 3.5 pads to "3.50   " */
	row(&m, 8388608, 1000, 3.5, 3.25, 0.000438, false);
	mem_expect(&m, " 8388608    1000             3.50               "
		       "3.25   \t\t   0.000438\n");
}

static void test_bw_row_gbits(void **state)
{
	struct mem m;

	(void)state;
	/* avg 92.70 >= 0.1: REPORT_FMT, "92.71" padded to "92.71  " */
	row(&m, 65536, 5000, 92.71, 92.70, 0.176806, true);
	mem_expect(&m, " 65536      5000             92.71              "
		       "92.70  \t\t   0.176806\n");
	/* exactly 0.1 is not below 0.1: still REPORT_FMT */
	row(&m, 2, 5000, 0.1, 0.1, 6.25, true);
	mem_expect(&m, " 2          5000             0.10               "
		       "0.10   \t\t   6.250000\n");
}

/*
 * REPORT_FMT_EXT with --report_gbits and avg < 0.1:
 * " %-7lu    %lu           %-7.6lf            %-7.6lf            %-7.6lf"
 * pieces: " " "2      " 4sp "5000" 11sp "0.043520" 12sp "0.041600" 12sp
 * "2.600000" "\n".
 */
static void test_bw_row_ext(void **state)
{
	struct mem m;

	(void)state;
	row(&m, 2, 5000, 0.04352, 0.0416, 2.6, true);
	mem_expect(&m, " 2          5000           0.043520            "
		       "0.041600            2.600000\n");
	/* MiB/s never switches to the EXT format */
	row(&m, 2, 5000, 0.05, 0.04, 2.6, false);
	mem_expect(&m, " 2          5000             0.05               "
		       "0.04   \t\t   2.600000\n");
}

static void set_qp(struct rp_qp_addr *q, uint32_t qpn, uint32_t psn,
		   uint32_t rkey, uint64_t addr)
{
	q->qpn = qpn;
	q->psn = psn;
	q->rkey = rkey;
	q->addr = addr;
	q->len = 65536;
}

/* RoCE rail, one QP, GID ::ffff:10.0.2.<last>. */
static struct rp_rail_addr *roce_addr(uint8_t last)
{
	struct rp_rail_addr *a = calloc(1, sizeof(*a));

	assert_non_null(a);
	a->gid_index = 1;
	a->gid[10] = 0xff;
	a->gid[11] = 0xff;
	a->gid[12] = 10;
	a->gid[14] = 2;
	a->gid[15] = last;
	a->rd_atomic = 16;
	a->num_qps = 1;
	return a;
}

/*
 * %#04x of LID 0 = "0000" (no "0x" for zero); %#06x of 0x11 = "0x0011",
 * of 0x37d0 = "0x37d0" (the width 6 counts "0x"); %#08x of 0x238 =
 * "0x000238"; %#016llx of 0x7fb71d600000 = "0x" + 14 digits =
 * "0x007fb71d600000". GID bytes in decimal, %02d: 255:255:10:00:02:01.
 */
#define LOCAL_LINE(out) \
	" local address: LID 0000 QPN 0x0011 PSN 0x37d0" out \
	" RKey 0x000238 VAddr 0x007fb71d600000\n" \
	" GID: 00:00:00:00:00:00:00:00:00:00:255:255:10:00:02:01\n"
#define REMOTE_LINE(out) \
	" remote address: LID 0000 QPN 0x0012 PSN 0xa1b2c3" out \
	" RKey 0x1fff00 VAddr 0x007f5e2c400000\n" \
	" GID: 00:00:00:00:00:00:00:00:00:00:255:255:10:00:02:02\n"

static void addr_pair(struct rp_rail_addr **l, struct rp_rail_addr **r)
{
	*l = roce_addr(1);
	*r = roce_addr(2);
	set_qp(&(*l)->qp[0], 0x11, 0x37d0, 0x238, 0x7fb71d600000ULL);
	set_qp(&(*r)->qp[0], 0x12, 0xa1b2c3, 0x1fff00, 0x7f5e2c400000ULL);
}

/* -R: lines end after the PSN (perftest forces the verb to SEND). */
static void test_addresses_cm(void **state)
{
	struct rp_rail_addr *l, *r;
	struct mem m;

	(void)state;
	addr_pair(&l, &r);
	rp_report_addresses_fmt(mem_open(&m), l, r, 1, RP_ADDR_CM);
	mem_expect(
		&m,
		" local address: LID 0000 QPN 0x0011 PSN 0x37d0\n"
		" GID: 00:00:00:00:00:00:00:00:00:00:255:255:10:00:02:01\n"
		" remote address: LID 0000 QPN 0x0012 PSN 0xa1b2c3\n"
		" GID: 00:00:00:00:00:00:00:00:00:00:255:255:10:00:02:02\n" DASHES);
	free(l);
	free(r);
}

static void test_addresses_write(void **state)
{
	struct rp_rail_addr *l, *r;
	struct mem m;

	(void)state;
	addr_pair(&l, &r);
	rp_report_addresses_n(mem_open(&m), l, r, 1, false);
	mem_expect(&m, LOCAL_LINE("") REMOTE_LINE("") DASHES);
	free(l);
	free(r);
}

/* READ tests add " OUT %#04x" of rd_atomic: 16 = "0x10". */
static void test_addresses_read(void **state)
{
	struct rp_rail_addr *l, *r;
	struct mem m;

	(void)state;
	addr_pair(&l, &r);
	rp_report_addresses_n(mem_open(&m), l, r, 1, true);
	mem_expect(&m, LOCAL_LINE(" OUT 0x10") REMOTE_LINE(" OUT 0x10") DASHES);
	free(l);
	free(r);
}

/* InfiniBand, no GID: no GID lines; %#04x of LID 0x11 = "0x11", of 5 =
 * "0x05"; %#06x of PSN 0 = "000000"; two QPs, local lines first. */
static void test_addresses_ib_two_qps(void **state)
{
	struct rp_rail_addr *l = roce_addr(1), *r = roce_addr(2);
	struct mem m;

	(void)state;
	l->gid_index = r->gid_index = -1;
	l->lid = 0x11;
	r->lid = 5;
	l->num_qps = r->num_qps = 2;
	set_qp(&l->qp[0], 0x100, 0, 0x1, 0x1000);
	set_qp(&l->qp[1], 0x101, 0xffffff, 0x2, 0x2000);
	set_qp(&r->qp[0], 0x200, 0x123456, 0x3, 0x3000);
	set_qp(&r->qp[1], 0x201, 0x12, 0x4, 0x4000);
	rp_report_addresses_n(mem_open(&m), l, r, 1, false);
	mem_expect(&m, " local address: LID 0x11 QPN 0x0100 PSN 000000"
		       " RKey 0x000001 VAddr 0x00000000001000\n"
		       " local address: LID 0x11 QPN 0x0101 PSN 0xffffff"
		       " RKey 0x000002 VAddr 0x00000000002000\n"
		       " remote address: LID 0x05 QPN 0x0200 PSN 0x123456"
		       " RKey 0x000003 VAddr 0x00000000003000\n"
		       " remote address: LID 0x05 QPN 0x0201 PSN 0x0012"
		       " RKey 0x000004 VAddr 0x00000000004000\n" DASHES);
	free(l);
	free(r);
}

static void test_waiting(void **state)
{
	struct mem m;

	(void)state;
	rp_report_waiting(mem_open(&m));
	/* 36 stars: "* " + 32 characters of text + " *" */
	mem_expect(&m, "\n"
		       "************************************\n"
		       "* Waiting for client to connect... *\n"
		       "************************************\n");
}

static void test_cq_mod_warning(void **state)
{
	struct mem m;

	(void)state;
	rp_report_cq_mod_warning(mem_open(&m));
	mem_expect(&m, DASHES "Warning: Large message requested "
			      "and CQ moderation enabled\n"
			      "Warning: It can lead to inaccurate results\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dashes_literal),
		cmocka_unit_test(test_header_client),
		cmocka_unit_test(test_header_server),
		cmocka_unit_test(test_header_post_list_cm_server),
		cmocka_unit_test(test_header_tos_no_relaxed),
		cmocka_unit_test(test_bw_out),
		cmocka_unit_test(test_header_read_ib),
		cmocka_unit_test(test_addresses_cm),
		cmocka_unit_test(test_bw_title),
		cmocka_unit_test(test_bw_row_mib),
		cmocka_unit_test(test_bw_row_gbits),
		cmocka_unit_test(test_bw_row_ext),
		cmocka_unit_test(test_addresses_write),
		cmocka_unit_test(test_addresses_read),
		cmocka_unit_test(test_addresses_ib_two_qps),
		cmocka_unit_test(test_waiting),
		cmocka_unit_test(test_cq_mod_warning),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
