/* Description: the atomic verbs (issue 42): the options of
 * rail_atomic_bw, rail_atomic_lat and rail_multi_bw --verb=atomic as
 * perftest's ATOMIC tests take them (perftest_parameters.c: 8 bytes,
 * -s 8 accepted and any other size refused, -a refused, -A
 * FETCH_AND_ADD or CMP_AND_SWAP and nothing else, -o, 1000 iterations,
 * TX depth 128, CQ moderation 100; -b and -I refused, -A without
 * atomics refused, rail_cluster_bw's --verb without them, --lat_probe
 * beside atomics), each refusal one line before any device; the
 * prebuilt WR (the atomic opcodes, wr.atomic's address, rkey and
 * perftest's operands: add 1; compare 0, swap 0; --validate's chain: compare k, swap k + 1; never inline), the
 * outstanding atomics a rail takes by default (the device's, as READ),
 * the wire ceiling of an atomic (one request packet: 82 bytes of
 * headers and the 28-byte AtomicETH per 8 bytes) and --validate's lines
 * (no digit, no '-', no "error" in the passed one). */
#define _GNU_SOURCE
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "capture.h"
#include "memout.h"
#include "opts_run.h"
#include "app/rp_opts.h"
#include "engine/rp_bwpost.h"
#include "output/rp_report_extra.h"
#include "topo/rp_ceiling.h"
#include "verbs/rp_rail.h"

#define ABW rp_test_desc_of(RP_TEST_ATOMIC_BW)
#define ALAT rp_test_desc_of(RP_TEST_ATOMIC_LAT)
#define MBW rp_test_desc_of(RP_TEST_MULTI_BW)
#define WBW rp_test_desc_of(RP_TEST_WRITE_BW)

/* ib_atomic_bw's and ib_atomic_lat's defaults; -s 8 and -A taken. */
static void test_opts_defaults(void **state)
{
	struct run r;

	(void)state;
	ok_no_output(&r, finish(&r, ABW, NULL));
	assert_int_equal(r.o.verb, RP_VERB_FETCH_ADD);
	assert_true(r.o.size == 8 && r.o.iters == 1000);
	assert_int_equal(r.o.tx_depth, 128);
	assert_int_equal(r.o.cq_mod, 100);
	ok_no_output(&r, finish(&r, ABW, "-s", "8", "-A", "CMP_AND_SWAP", "-o",
				"4", "-q", "2", NULL));
	assert_int_equal(r.o.verb, RP_VERB_CMP_SWAP);
	assert_int_equal(r.o.outs, 4);
	ok_no_output(&r, finish(&r, ALAT, "-A", "FETCH_AND_ADD", NULL));
	assert_int_equal(r.o.verb, RP_VERB_FETCH_ADD);
	assert_true(r.o.size == 8 && r.o.iters == 1000);
	assert_int_equal(r.o.tx_depth, 1);
	/* -A before --verb, as perftest takes flags in any order */
	ok_no_output(&r, finish(&r, MBW, "-A", "CMP_AND_SWAP", "--verb=atomic",
				NULL));
	assert_int_equal(r.o.verb, RP_VERB_CMP_SWAP);
	assert_true(r.o.size == 8 && r.o.iters == 1000);
}

/* What perftest refuses, and what railperf does not follow: one line. */
static void test_opts_refused(void **state)
{
	struct run r;

	(void)state;
	assert_int_equal(finish(&r, ABW, "-s", "16", NULL), -EINVAL);
	assert_string_equal(r.err, "test_atomverb: invalid -s value '16': an "
				   "atomic moves 8 bytes, the only size (as "
				   "perftest: the size of atomic tests "
				   "cannot be changed)\n");
	assert_int_equal(finish(&r, ALAT, "-a", NULL), -EINVAL);
	err_has(&r, "option -a is not supported by rail_atomic_lat");
	assert_int_equal(finish(&r, MBW, "--verb=atomic", "-a", NULL), -EINVAL);
	err_has(&r, "-a cannot be combined with atomics");
	assert_int_equal(finish(&r, MBW, "--verb=atomic", "-s", "4096", NULL),
			 -EINVAL);
	err_has(&r, "invalid -s value '4096': an atomic moves 8 bytes");
	assert_int_equal(finish(&r, ABW, "-A", "ADD", NULL), -EINVAL);
	assert_string_equal(r.err, "test_atomverb: invalid -A value 'ADD': "
				   "valid types are CMP_AND_SWAP and "
				   "FETCH_AND_ADD\n");
	assert_int_equal(finish(&r, MBW, "-A", "CMP_AND_SWAP", NULL), -EINVAL);
	err_has(&r, "-A (atomic type) needs atomics (--verb=atomic");
	assert_int_equal(finish(&r, WBW, "-A", "CMP_AND_SWAP", NULL), -EINVAL);
	err_has(&r, "option -A is not supported by rail_write_bw");
	assert_int_equal(finish(&r, MBW, "--verb=atomic", "-b", NULL), -EINVAL);
	err_has(&r, "-b cannot be combined with atomics");
	assert_int_equal(finish(&r, MBW, "--verb=atomic", "-I", "8", NULL),
			 -EINVAL);
	err_has(&r, "-I cannot be combined with the READ verb or atomics");
	assert_int_equal(finish(&r, ABW, "-b", NULL), -EINVAL);
	err_has(&r, "option -b is not supported by rail_atomic_bw");
	assert_int_equal(finish(&r, ABW, "-R", NULL), -EINVAL);
	err_has(&r, "option -R is not supported by rail_atomic_bw");
	assert_int_equal(finish(&r, MBW, "--verb=atomic", "--lat_probe", NULL),
			 -EINVAL);
	assert_string_equal(r.err, "test_atomverb: --lat_probe cannot be "
				   "combined with atomics in railperf: the "
				   "probe runs beside a WRITE, READ or SEND "
				   "load (--verb=write, read or send)\n");
	assert_int_equal(finish(&r, MBW, "--lat_probe=write", "-A",
				"CMP_AND_SWAP", "--verb=atomic", NULL),
			 -EINVAL);
	err_has(&r, "--lat_probe cannot be combined with atomics");
	assert_int_equal(finish(&r, ABW, "--lat_probe", NULL), -EINVAL);
	err_has(&r, "option --lat_probe is not supported by rail_atomic_bw");
	assert_int_equal(finish(&r, MBW, "--verb=sned", NULL), -EINVAL);
	err_has(&r, "valid verbs are write, read, send, atomic\n");
}

/* The prebuilt WR: the atomic opcodes, wr.atomic, perftest's operands. */
static void test_wr(void **state)
{
	struct rp_bw_cfg c = { .verb = RP_VERB_FETCH_ADD,
			       .size = 8,
			       .inline_size = 912 };
	struct ibv_send_wr wr;
	struct ibv_sge sge;

	(void)state;
	rp_bw_wr_init(&c, 0x1000, 7, 0x2040, 9, &sge, &wr);
	assert_int_equal(wr.opcode, IBV_WR_ATOMIC_FETCH_AND_ADD);
	assert_int_equal(wr.send_flags, 0);
	assert_true(sge.addr == 0x1000 && sge.length == 8 && sge.lkey == 7);
	assert_int_equal(wr.wr.atomic.remote_addr, 0x2040);
	assert_int_equal(wr.wr.atomic.rkey, 9);
	assert_int_equal(wr.wr.atomic.compare_add, 1); /* ATOMIC_ADD_VALUE */
	assert_string_equal(rp_bw_verb_name(c.verb), "FETCH_AND_ADD");
	c.verb = RP_VERB_CMP_SWAP;
	rp_bw_wr_init(&c, 0x1000, 7, 0x2040, 9, &sge, &wr);
	assert_int_equal(wr.opcode, IBV_WR_ATOMIC_CMP_AND_SWP);
	assert_int_equal(wr.wr.atomic.rkey, 9);
	assert_int_equal(wr.wr.atomic.compare_add, 0);
	assert_int_equal(wr.wr.atomic.swap, 0); /* ATOMIC_SWAP_VALUE */
	rp_bw_chain(&wr, 41);
	assert_int_equal(wr.wr.atomic.compare_add, 41);
	assert_int_equal(wr.wr.atomic.swap, 42);
	assert_string_equal(rp_bw_verb_name(c.verb), "CMP_AND_SWAP");
}

/* The device's outstanding atomics by default, as READ's. */
static void test_rd_atomic(void **state)
{
	struct ibv_device_attr da = { .max_qp_rd_atom = 128,
				      .max_qp_init_rd_atom = 128 };
	struct rp_rail_cfg c = { .verb = RP_VERB_CMP_SWAP };
	bool capped;

	(void)state;
	assert_int_equal(rp_rail_rd_atomic(&c, &da, &capped), 128);
	c.verb = RP_VERB_FETCH_ADD;
	c.rd_atomic = 4;
	assert_int_equal(rp_rail_rd_atomic(&c, &da, &capped), 4);
	assert_false(capped);
}

/* One request packet of 82 + 28 bytes carries an atomic's 8. */
static void test_ceiling(void **state)
{
	(void)state;
	assert_true(rp_roce_ceiling(RP_VERB_FETCH_ADD, 110, 8, 4096) == 8);
	assert_true(rp_roce_ceiling(RP_VERB_CMP_SWAP, 110, 8, 1024) == 8);
	assert_string_equal(rp_roce_verb_name(RP_VERB_CMP_SWAP),
			    "CMP_AND_SWAP");
}

/* --validate's lines: passed (no digit, no '-', no "error"), FAILED on
 * the side that read the word and on the side that holds it. */
static void test_verdict_lines(void **state)
{
	struct rp_verdict ok = { .ok = 1 };
	struct rp_verdict bad = {
		.rail = 1, .qp = 3, .expected = 0x64, .got = 0x65
	};
	const uint64_t wg[2] = { 1000, 1001 };
	const char *pass = " railperf: validation passed: the word of every "
			   "QP holds the count of its completed "
			   "FETCH_AND_ADD atomics\n";
	struct mem m;

	(void)state;
	assert_null(strpbrk(pass, "0123456789-"));
	assert_null(strcasestr(pass, "error"));
	rp_report_extra_word_verdict(mem_open(&m), &ok, "FETCH_AND_ADD", wg);
	mem_expect(&m, pass);
	rp_report_extra_word_verdict(mem_open(&m), &bad, "CMP_AND_SWAP", wg);
	mem_expect(&m, " railperf: validation FAILED: rail 1 QP 3: its word "
		       "holds 1001 after 1000 completed CMP_AND_SWAP "
		       "atomics\n");
	rp_report_extra_word_verdict(mem_open(&m), &bad, "CMP_AND_SWAP", NULL);
	mem_expect(&m, " railperf: validation FAILED: rail 1 QP 3: the peer "
		       "read this side's word off after its CMP_AND_SWAP "
		       "atomics (low byte 0x65, expected 0x64)\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_opts_defaults),
		cmocka_unit_test(test_opts_refused),
		cmocka_unit_test(test_wr),
		cmocka_unit_test(test_rd_atomic),
		cmocka_unit_test(test_ceiling),
		cmocka_unit_test(test_verdict_lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
