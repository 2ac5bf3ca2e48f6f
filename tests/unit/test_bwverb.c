/* Description: the verb as a parameter of the bandwidth engine and of the
 * rail (issue 28): the prebuilt WR of a WRITE and of a READ (opcode, local
 * SGE, remote address and rkey; inline only for a WRITE), the outstanding
 * READs a rail takes (perftest's -o: the device's max_qp_rd_atom by
 * default for READ, 1 for WRITE, a given value capped to the device, 255
 * at most), -b READ's source halves (rp_bidir_source), and the options
 * that choose the verb: rail_read_bw's defaults (-n 1000, READ, title),
 * rail_multi_bw --verb=read (and its bad values), -o with WRITE and -I
 * with READ refused before any device is opened. SEND: the sender's WR
 * (IBV_WR_SEND, inline allowed), the receiver's prebuilt receive, the
 * receives pre-posted (-r, at most -n), the check of each receive
 * completion (a receive of exactly -s bytes, else one line), and
 * rail_send_bw's and --verb=send's options (-n 1000, -r 512 capped to -n,
 * odd values one more; -b accepted, on rail_send_bw too; --run_infinitely
 * and -r with WRITE refused).
 * --write_with_imm: IBV_WR_RDMA_WRITE_WITH_IMM, a receive of no bytes,
 * the completion's IBV_WC_WITH_IMM checked, the flag on rail_write_bw and
 * rail_multi_bw only and with the WRITE verb only, -b with it. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "capture.h"
#include "opts_run.h"
#include "app/rp_opts.h"
#include "app/rp_plan.h"
#include "engine/rp_bidir.h"
#include "engine/rp_bw.h"
#include "engine/rp_bwpost.h"
#include "verbs/rp_rail.h"

/* perftest's title of the run @o describes (its plan's). */
static const char *title_of(const struct rp_opts *o)
{
	static struct rp_plan p;

	rp_plan_make(&p, o, NULL);
	return p.title;
}

static void test_wr_write(void **state)
{
	struct rp_bw_cfg c = { .verb = RP_VERB_WRITE,
			       .size = 64,
			       .inline_size = 64 };
	struct ibv_send_wr wr;
	struct ibv_sge sge;

	(void)state;
	rp_bw_wr_init(&c, 0x1000, 7, 0x2000, 9, &sge, &wr);
	assert_int_equal(wr.opcode, IBV_WR_RDMA_WRITE);
	assert_int_equal(wr.send_flags, IBV_SEND_INLINE);
	assert_ptr_equal(wr.sg_list, &sge);
	assert_int_equal(wr.num_sge, 1);
	assert_int_equal(sge.addr, 0x1000);
	assert_int_equal(sge.length, 64);
	assert_int_equal(sge.lkey, 7);
	assert_int_equal(wr.wr.rdma.remote_addr, 0x2000);
	assert_int_equal(wr.wr.rdma.rkey, 9);
	c.size = 65;
	rp_bw_wr_init(&c, 0x1000, 7, 0x2000, 9, &sge, &wr);
	assert_int_equal(wr.send_flags, 0);
	assert_string_equal(rp_bw_verb_name(c.verb), "RDMA WRITE");
}

/* READ: the local SGE is where the peer's bytes land; never inline. */
static void test_wr_read(void **state)
{
	struct rp_bw_cfg c = { .verb = RP_VERB_READ,
			       .size = 64,
			       .inline_size = 912 };
	struct ibv_send_wr wr;
	struct ibv_sge sge;

	(void)state;
	rp_bw_wr_init(&c, 0x1000, 7, 0x2000, 9, &sge, &wr);
	assert_int_equal(wr.opcode, IBV_WR_RDMA_READ);
	assert_int_equal(wr.send_flags, 0);
	assert_int_equal(sge.addr, 0x1000);
	assert_int_equal(sge.length, 64);
	assert_int_equal(wr.wr.rdma.remote_addr, 0x2000);
	assert_int_equal(wr.wr.rdma.rkey, 9);
	assert_null(wr.next);
	assert_string_equal(rp_bw_verb_name(c.verb), "RDMA READ");
}

/* SEND: no remote address needed; inline as a WRITE. */
static void test_wr_send(void **state)
{
	struct rp_bw_cfg c = { .verb = RP_VERB_SEND,
			       .size = 64,
			       .inline_size = 64 };
	struct ibv_send_wr wr;
	struct ibv_sge sge;

	(void)state;
	rp_bw_wr_init(&c, 0x1000, 7, 0x2000, 9, &sge, &wr);
	assert_int_equal(wr.opcode, IBV_WR_SEND);
	assert_int_equal(wr.send_flags, IBV_SEND_INLINE);
	assert_int_equal(sge.addr, 0x1000);
	assert_int_equal(sge.length, 64);
	c.inline_size = 0;
	rp_bw_wr_init(&c, 0x1000, 7, 0x2000, 9, &sge, &wr);
	assert_int_equal(wr.send_flags, 0);
	assert_string_equal(rp_bw_verb_name(c.verb), "SEND");
}

/* The receiver's receive: one SGE of the message's size. */
static void test_recv_wr(void **state)
{
	struct rp_bw_cfg c = { .verb = RP_VERB_SEND, .size = 4096 };
	struct ibv_recv_wr wr;
	struct ibv_sge sge;

	(void)state;
	rp_bw_recv_wr_init(&c, 0x3000, 5, &sge, &wr);
	assert_ptr_equal(wr.sg_list, &sge);
	assert_int_equal(wr.num_sge, 1);
	assert_null(wr.next);
	assert_int_equal(sge.addr, 0x3000);
	assert_int_equal(sge.length, 4096);
	assert_int_equal(sge.lkey, 5);
}

/* Receives pre-posted per QP: -r, at most -n in a -n run. */
static void test_rx_pre(void **state)
{
	struct rp_bw_cfg c = { .verb = RP_VERB_SEND,
			       .recv = true,
			       .rx_depth = 512,
			       .iters = 1000 };

	(void)state;
	assert_int_equal(rp_bw_rx_pre(&c), 512);
	c.iters = 100;
	assert_int_equal(rp_bw_rx_pre(&c), 100);
	c.rx_depth = 102; /* -n 101: perftest's odd rx_depth made even */
	c.iters = 101;
	assert_int_equal(rp_bw_rx_pre(&c), 101);
	c.duration = 2; /* -D: no count to cap to */
	assert_int_equal(rp_bw_rx_pre(&c), 102);
	c.rx_depth = 0;
	assert_int_equal(rp_bw_rx_pre(&c), 1);
}

/* Each receive completion: a receive, of exactly the message's size. */
static void test_recv_wc(void **state)
{
	struct rp_bw_cfg c = { .verb = RP_VERB_SEND, .size = 4096 };
	struct ibv_wc wc = { .opcode = IBV_WC_RECV,
			     .byte_len = 4096,
			     .qp_num = 0x11 };
	struct capture cap;
	char err[256];
	int ret;

	(void)state;
	assert_int_equal(rp_bw_recv_wc(&c, &wc), 0);
	wc.byte_len = 2048;
	capture_begin(&cap);
	ret = rp_bw_recv_wc(&c, &wc);
	capture_end(&cap, err, sizeof(err));
	assert_int_equal(ret, -EPROTO);
	assert_non_null(strstr(err, "a receive on QP 0x11 got 2048 bytes, "
				    "not the 4096 of a message"));
	wc.byte_len = 4096;
	wc.opcode = IBV_WC_RDMA_WRITE;
	capture_begin(&cap);
	ret = rp_bw_recv_wc(&c, &wc);
	capture_end(&cap, err, sizeof(err));
	assert_int_equal(ret, -EPROTO);
	assert_non_null(strstr(err, "not a receive (IBV_WC_RECV)"));
}

/* WRITE with immediate: a WRITE's WR; its receive takes no bytes; the
 * receive completion must say IBV_WC_WITH_IMM. */
static void test_write_imm(void **state)
{
	struct rp_bw_cfg c = { .verb = RP_VERB_WRITE_IMM, .size = 4096 };
	struct ibv_wc wc = { .opcode = IBV_WC_RECV_RDMA_WITH_IMM,
			     .byte_len = 4096,
			     .wc_flags = IBV_WC_WITH_IMM,
			     .qp_num = 0x12 };
	struct ibv_send_wr wr;
	struct ibv_recv_wr rwr;
	struct ibv_sge sge;
	struct capture cap;
	char err[256];
	int ret;

	(void)state;
	rp_bw_wr_init(&c, 0x1000, 7, 0x2000, 9, &sge, &wr);
	assert_int_equal(wr.opcode, IBV_WR_RDMA_WRITE_WITH_IMM);
	assert_int_equal(wr.wr.rdma.remote_addr, 0x2000);
	assert_int_equal(wr.wr.rdma.rkey, 9);
	assert_int_equal(sge.length, 4096);
	rp_bw_recv_wr_init(&c, 0x3000, 5, &sge, &rwr);
	assert_int_equal(sge.length, 0);
	assert_int_equal(rp_bw_recv_wc(&c, &wc), 0);
	wc.wc_flags = 0;
	capture_begin(&cap);
	ret = rp_bw_recv_wc(&c, &wc);
	capture_end(&cap, err, sizeof(err));
	assert_int_equal(ret, -EPROTO);
	assert_non_null(strstr(err, "completed without IBV_WC_WITH_IMM"));
	wc.wc_flags = IBV_WC_WITH_IMM;
	wc.opcode = IBV_WC_RECV; /* a SEND arrived */
	capture_begin(&cap);
	ret = rp_bw_recv_wc(&c, &wc);
	capture_end(&cap, err, sizeof(err));
	assert_int_equal(ret, -EPROTO);
	assert_non_null(
		strstr(err, "not a receive (IBV_WC_RECV_RDMA_WITH_IMM)"));
	assert_string_equal(rp_bw_verb_name(c.verb),
			    "RDMA WRITE with immediate");
}

static void test_rd_atomic(void **state)
{
	struct ibv_device_attr da = { .max_qp_rd_atom = 16,
				      .max_qp_init_rd_atom = 128 };
	struct rp_rail_cfg c = { .verb = RP_VERB_READ };
	bool capped;

	(void)state;
	assert_int_equal(rp_rail_rd_atomic(&c, &da, &capped), 16);
	assert_false(capped);
	c.rd_atomic = 4; /* -o 4 */
	assert_int_equal(rp_rail_rd_atomic(&c, &da, &capped), 4);
	assert_false(capped);
	c.rd_atomic = 300;
	assert_int_equal(rp_rail_rd_atomic(&c, &da, &capped), 16);
	assert_true(capped);
	da.max_qp_rd_atom = 1000; /* rxe-like: the 8-bit verbs field */
	da.max_qp_init_rd_atom = 1000;
	c.rd_atomic = 0;
	assert_int_equal(rp_rail_rd_atomic(&c, &da, &capped), 255);
	c.verb = RP_VERB_WRITE; /* one, as before */
	assert_int_equal(rp_rail_rd_atomic(&c, &da, &capped), 1);
	da.max_qp_rd_atom = 0;
	c.verb = RP_VERB_READ;
	assert_int_equal(rp_rail_rd_atomic(&c, &da, &capped), 1);
}

static void test_bidir_source(void **state)
{
	struct rp_rail_addr in = { .num_qps = 2 }, out;

	(void)state;
	in.qp[0] = (struct rp_qp_addr){ .addr = 0x10000, .len = 8192 };
	in.qp[1] = (struct rp_qp_addr){ .addr = 0x20000, .len = 8193 };
	rp_bidir_source(&in, &out);
	assert_int_equal(out.qp[0].addr, 0x10000);
	assert_int_equal(out.qp[0].len, 4096);
	assert_int_equal(out.qp[1].addr, 0x20000);
	assert_int_equal(out.qp[1].len, 4096);
}

#define RBW rp_test_desc_of(RP_TEST_READ_BW)
#define MBW rp_test_desc_of(RP_TEST_MULTI_BW)
#define SBW rp_test_desc_of(RP_TEST_SEND_BW)
#define WBW rp_test_desc_of(RP_TEST_WRITE_BW)
#define SLAT rp_test_desc_of(RP_TEST_SEND_LAT)

/* rail_send_lat: ib_send_lat's defaults; -r as rail_send_bw's. */
static void test_opts_send_lat(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, finish(&r, SLAT, NULL));
	assert_int_equal(r.o.verb, RP_VERB_SEND);
	assert_int_equal(r.o.iters, 1000);
	assert_int_equal(r.o.size, 2);
	assert_int_equal(r.o.tx_depth, 1);
	assert_int_equal(r.o.rx_depth, 512);
	assert_string_equal(title_of(&r.o), "Send Latency Test");
	ok_no_output(&r, finish(&r, SLAT, "-n", "200", "-r", "3", NULL));
	assert_int_equal(r.o.rx_depth, 4); /* odd: one more */
	ok_no_output(&r, finish(&r, SLAT, "-I", "64", NULL));
	assert_int_equal(r.o.inline_size, 64);
	assert_int_equal(finish(&r, SLAT, "-b", NULL), -EINVAL);
	err_has(&r, "option -b is not supported by rail_send_lat");
}

static void test_opts_write_imm(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, finish(&r, WBW, "--write_with_imm", NULL));
	assert_int_equal(r.o.verb, RP_VERB_WRITE_IMM);
	assert_int_equal(r.o.iters, 5000); /* ib_write_bw's, as WRITE */
	assert_int_equal(r.o.rx_depth, 512);
	ok_no_output(&r, finish(&r, MBW, "--write_with_imm", "-r", "16", NULL));
	assert_int_equal(r.o.verb, RP_VERB_WRITE_IMM);
	assert_int_equal(r.o.rx_depth, 16);
	assert_int_equal(finish(&r, MBW, "--verb=read", "--write_with_imm",
				NULL),
			 -EINVAL);
	err_has(&r, "--write_with_imm needs the WRITE verb, not --verb=read");
	assert_int_equal(finish(&r, MBW, "--write_with_imm", "--verb=send",
				NULL),
			 -EINVAL);
	err_has(&r, "--verb cannot follow --write_with_imm");
	/* -b: both sides write with immediate and post receives */
	ok_no_output(&r, finish(&r, WBW, "--write_with_imm", "-b", NULL));
	assert_true(r.o.bidir);
	assert_int_equal(r.o.verb, RP_VERB_WRITE_IMM);
	assert_int_equal(r.o.rx_depth, 512);
	assert_int_equal(finish(&r, RBW, "--write_with_imm", NULL), -EINVAL);
	err_has(&r, "option --write_with_imm is not supported by "
		    "rail_read_bw");
}

static void test_opts_send_bw(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, finish(&r, SBW, NULL));
	assert_int_equal(r.o.verb, RP_VERB_SEND);
	assert_int_equal(r.o.iters, 1000); /* ib_send_bw's */
	assert_int_equal(r.o.rx_depth, 512);
	assert_string_equal(title_of(&r.o), "Send BW Test");
	ok_no_output(&r, finish(&r, SBW, "-n", "100", NULL));
	assert_int_equal(r.o.rx_depth, 100); /* at most -n */
	ok_no_output(&r, finish(&r, SBW, "-n", "101", NULL));
	assert_int_equal(r.o.rx_depth, 102); /* odd: one more (perftest) */
	ok_no_output(&r, finish(&r, SBW, "-r", "7", NULL));
	assert_int_equal(r.o.rx_depth, 8);
	ok_no_output(&r, finish(&r, SBW, "-a", "-n", "5", NULL));
	assert_int_equal(r.o.rx_depth, 5); /* -a: no work-around */
	ok_no_output(&r, finish(&r, SBW, "-D", "2", "-n", "5", NULL));
	assert_int_equal(r.o.rx_depth, 512); /* -D: not capped */
	ok_no_output(&r, finish(&r, SBW, "-I", "64", NULL));
	assert_int_equal(r.o.inline_size, 64);
	assert_int_equal(finish(&r, SBW, "-r", "0", NULL), -EINVAL);
	err_has(&r, "invalid -r value '0': valid values are 1 .. 16384");
	/* -b (ib_send_bw's): both sides send, each with -r receives */
	ok_no_output(&r,
		     finish(&r, SBW, "-b", "--report-both", "-r", "9", NULL));
	assert_true(r.o.bidir && r.o.report_both);
	assert_int_equal(r.o.rx_depth, 10);
	assert_int_equal(finish(&r, SBW, "--run_infinitely", NULL), -EINVAL);
	err_has(&r, "--run_infinitely is not supported by rail_send_bw");
	assert_int_equal(finish(&r, SBW, "-o", "4", NULL), -EINVAL);
	err_has(&r, "option -o is not supported by rail_send_bw");
}

static void test_opts_read_bw(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, finish(&r, RBW, NULL));
	assert_int_equal(r.o.verb, RP_VERB_READ);
	assert_int_equal(r.o.iters, 1000); /* ib_read_bw's, not 5000 */
	assert_int_equal(r.o.tx_depth, 128);
	assert_int_equal(r.o.outs, 0);
	assert_string_equal(title_of(&r.o), "RDMA_Read BW Test");
	ok_no_output(&r, finish(&r, RBW, "-o", "4", "-n", "20", NULL));
	assert_int_equal(r.o.outs, 4);
	assert_int_equal(r.o.iters, 20);
	assert_int_equal(finish(&r, RBW, "-I", "64", NULL), -EINVAL);
	assert_string_equal(r.err, "test_bwverb: option -I is not supported "
				   "by rail_read_bw\n");
	assert_int_equal(finish(&r, RBW, "-o", "0", NULL), -EINVAL);
	err_has(&r, "invalid -o value '0': valid values are 1 .. 65535");
}

static void test_opts_multi_verb(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, finish(&r, MBW, NULL));
	assert_int_equal(r.o.verb, RP_VERB_WRITE);
	assert_int_equal(r.o.iters, 5000);
	ok_no_output(&r, finish(&r, MBW, "--verb=read", NULL));
	assert_int_equal(r.o.verb, RP_VERB_READ);
	assert_int_equal(r.o.iters, 1000); /* perftest's for READ */
	ok_no_output(&r, finish(&r, MBW, "--verb=read", "-n", "5000", NULL));
	assert_int_equal(r.o.iters, 5000); /* -n given: kept */
	ok_no_output(&r, finish(&r, MBW, "--verb=read", "-o", "8", NULL));
	assert_int_equal(r.o.outs, 8);
	ok_no_output(&r, finish(&r, MBW, "--verb=send", NULL));
	assert_int_equal(r.o.verb, RP_VERB_SEND);
	assert_int_equal(r.o.iters, 1000); /* perftest's for SEND */
	assert_int_equal(r.o.rx_depth, 512);
	ok_no_output(&r, finish(&r, MBW, "--verb=send", "-r", "64", NULL));
	assert_int_equal(r.o.rx_depth, 64);
	assert_int_equal(finish(&r, MBW, "--verb=sned", NULL), -EINVAL);
	assert_string_equal(r.err, "test_bwverb: invalid --verb value 'sned': "
				   "valid verbs are write, read, send, "
				   "atomic\n");
	assert_int_equal(finish(&r, MBW, "-r", "64", NULL), -EINVAL);
	err_has(&r, "-r (rx depth) needs the SEND verb");
	ok_no_output(&r, finish(&r, MBW, "--verb=send", "-b", NULL));
	assert_true(r.o.bidir);
	assert_int_equal(finish(&r, WBW, "--write_with_imm", "--run_infinitely",
				NULL),
			 -EINVAL);
	assert_string_equal(
		r.err, "test_bwverb: --run_infinitely cannot be combined with "
		       "the SEND verb or --write_with_imm in railperf yet: its "
		       "receiving side has no endless mode (perftest's server "
		       "reposts a receive per message until killed); use -D\n");
	assert_int_equal(finish(&r, MBW, "-o", "4", NULL), -EINVAL);
	err_has(&r, "-o (outstanding reads) needs the READ verb");
	assert_int_equal(finish(&r, MBW, "--verb=read", "-I", "64", NULL),
			 -EINVAL);
	err_has(&r, "-I cannot be combined with the READ verb");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wr_write),
		cmocka_unit_test(test_wr_read),
		cmocka_unit_test(test_wr_send),
		cmocka_unit_test(test_recv_wr),
		cmocka_unit_test(test_rx_pre),
		cmocka_unit_test(test_recv_wc),
		cmocka_unit_test(test_opts_send_bw),
		cmocka_unit_test(test_write_imm),
		cmocka_unit_test(test_opts_write_imm),
		cmocka_unit_test(test_opts_send_lat),
		cmocka_unit_test(test_rd_atomic),
		cmocka_unit_test(test_bidir_source),
		cmocka_unit_test(test_opts_read_bw),
		cmocka_unit_test(test_opts_multi_verb),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
