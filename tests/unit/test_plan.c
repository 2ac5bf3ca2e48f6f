/* Description: rp_plan_make, a run decoded once from parsed command lines
 * of the real binaries' descriptions: the sizes (-s alone; -a's 23 powers
 * of two from 2 B to 8 MiB), the largest and the slices (twice the
 * largest with -b and in a latency ping-pong, page-rounded), this side's
 * role from the verb table (who measures, posts, receives, what is
 * exchanged per size, where the data lands, the PCIe direction), the
 * engine's settings built from it (SEND's server receives only, -b SEND
 * both ways with -r's receives pre-posted, -b READ into the upper
 * halves), --validate's fill of the side a pulled verb's data leaves,
 * perftest's title with its Bidirectional and Post List variants, the
 * text stream (NULL under --output), the HELLO flags of each verb, where
 * a -b side posts on the peer's rail (rp_plan_peer), a rail of a list
 * (rp_plan_rail), and the verb table's names (rp_roles_by_name); the
 * atomics (rail_atomic_bw, rail_atomic_lat, rail_multi_bw --verb=atomic,
 * -A): READ's roles, 8 bytes, perftest's titles, their HELLO flags, no
 * pattern in the server's words, the CMP_AND_SWAP chain with --validate,
 * the device's outstanding atomics by default; the
 * latency tools' perftest defaults, each against perftest's source:
 * rail_write_lat registers its buffer without relaxed ordering
 * (write_lat.c's disable_pcir), rail_send_lat and rail_read_lat with it;
 * what a device's IDs decide (rp_plan_device_ids, ctx_set_max_inline):
 * ConnectX-7's ping-pong inline default of 220 / 236 bytes, -I as given,
 * 0 with GPU memory (--use_cuda, --use_cuda_bus_id; perftest HEAD: no
 * inline data from device memory), 0 and a warning on a device perftest
 * does not know even with -I (the one-rail BW tools too), READ untouched,
 * 6.06's extra separator on such a device for READ and for -I (not
 * under --output); and MLX5_SCATTER_TO_CQE=0 set for GPU memory with
 * SEND of at most 64 bytes or -a (force_dependecies), for the latency
 * and the bandwidth tools, and not otherwise (rp_plan_gpu_env);
 * --lat_probe's settings, rail QP, HELLO flag and each side's part. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "capture.h"
#include "opts_run.h"
#include "app/rp_plan.h"

/* The plan of @args for binary @t (parsed and finished), text to @out. */
static void plan_of(struct run *r, struct rp_plan *p, enum rp_test t, FILE *out,
		    const char *const *args)
{
	assert_int_equal(run_list(r, rp_test_desc_of(t), 1, args), 0);
	rp_plan_make(p, &r->o, out);
}

#define PLAN(r, p, t, ...) \
	plan_of((r), (p), (t), stdout, (const char *const[]){ __VA_ARGS__ })

static uint64_t page(void)
{
	return (uint64_t)sysconf(_SC_PAGESIZE);
}

static void test_sizes(void **state)
{
	struct rp_plan p;
	struct run r;
	size_t i;

	(void)state;
	PLAN(&r, &p, RP_TEST_WRITE_BW, "-a", "host", NULL);
	assert_int_equal(p.n_sizes, 23); /* 2^1 .. 2^23 */
	assert_true(p.sizes[0] == 2);
	assert_true(p.sizes[15] == 65536);
	for (i = 1; i < p.n_sizes; i++)
		assert_true(p.sizes[i] == 2 * p.sizes[i - 1]);
	assert_true(p.max_size == 8388608);
	assert_true(p.rail.slice == 8388608);
	assert_true(p.rail.max_msg == 8388608);
	PLAN(&r, &p, RP_TEST_WRITE_BW, "-s", "5000", "host", NULL);
	assert_int_equal(p.n_sizes, 1);
	assert_true(p.sizes[0] == 5000 && p.max_size == 5000);
	assert_true(p.rail.slice == (5000 + page() - 1) / page() * page());
	assert_false(p.halves);
	PLAN(&r, &p, RP_TEST_WRITE_BW, "-s", "5000", "-b", "host", NULL);
	assert_true(p.halves);
	assert_true(p.rail.slice == (10000 + page() - 1) / page() * page());
	PLAN(&r, &p, RP_TEST_READ_LAT, NULL); /* -s 2: one page */
	assert_false(p.halves);
	assert_true(p.rail.slice == page() && p.rail.num_qps == 1);
	PLAN(&r, &p, RP_TEST_WRITE_LAT, NULL); /* a ping-pong: halves */
	assert_true(p.halves && p.rail.strict_order);
}

/* WRITE one way: the client measures, posts, sends its RESULT; the data
 * lands at the server, which judges its receiving PCIe side. */
static void test_write_roles(void **state)
{
	struct rp_plan p;
	struct run r;

	(void)state;
	PLAN(&r, &p, RP_TEST_WRITE_BW, "host", NULL);
	assert_false(p.server);
	assert_true(p.role->measures && p.role->posts && p.role->result);
	assert_true(p.role->leaves && !p.role->lands && !p.role->ready);
	assert_int_equal(p.role->pcie, RP_PCIE_SEND);
	assert_true(p.bwcfg.peak && !p.bwcfg.recv && !p.bwcfg.duplex);
	PLAN(&r, &p, RP_TEST_WRITE_BW, NULL);
	assert_true(p.server);
	assert_false(p.role->measures || p.role->posts || p.role->leaves);
	assert_true(p.role->result && p.role->lands);
	assert_int_equal(p.role->pcie, RP_PCIE_RECV);
	assert_string_equal(p.title, "RDMA_Write BW Test");
}

/* SEND one way: the server measures its receives and prints its own row
 * (no RESULT); both meet at READY before each size. */
static void test_send_roles(void **state)
{
	struct rp_plan p;
	struct run r;

	(void)state;
	PLAN(&r, &p, RP_TEST_SEND_BW, "-n", "100", NULL);
	assert_true(p.role->measures && p.role->receives && p.role->ready);
	assert_false(p.role->posts || p.role->result);
	assert_true(p.bwcfg.recv && !p.bwcfg.duplex && !p.bwcfg.peak);
	assert_int_equal(p.bwcfg.rx_depth, 100); /* -r 512, at most -n */
	assert_int_equal(p.bwcfg.rx_pre, 100);
	PLAN(&r, &p, RP_TEST_SEND_BW, "host", NULL);
	assert_true(p.role->posts && p.role->ready && !p.role->receives);
	assert_false(p.bwcfg.recv || p.bwcfg.duplex);
	assert_string_equal(p.title, "Send BW Test");
}

/* -b: both sides alike; SEND keeps receives posted both ways, READ reads
 * into the upper half of each slice. */
static void test_bidir_roles(void **state)
{
	struct rp_plan p;
	struct run r;

	(void)state;
	PLAN(&r, &p, RP_TEST_SEND_BW, "-b", "-n", "10", "-r", "8", NULL);
	assert_true(p.role->measures && p.role->posts && p.role->receives);
	assert_true(p.role->ready && p.role->swaps && !p.role->result);
	assert_true(p.role->lands && p.role->leaves);
	assert_int_equal(p.role->pcie, RP_PCIE_BOTH);
	assert_true(p.bwcfg.duplex && !p.bwcfg.recv);
	assert_int_equal(p.bwcfg.rx_pre, 8);
	assert_string_equal(p.title, "Send Bidirectional BW Test");
	PLAN(&r, &p, RP_TEST_READ_BW, "-b", "-s", "4096", "host", NULL);
	assert_true(p.bwcfg.local_off == p.rail.slice / 2);
	assert_false(p.bwcfg.duplex || p.bwcfg.recv);
	PLAN(&r, &p, RP_TEST_WRITE_BW, "-b", "-l", "4", "host", NULL);
	assert_true(p.bwcfg.local_off == 0);
	assert_string_equal(p.title,
			    "RDMA_Write Bidirectional Post List BW Test");
}

/* READ: the client posts and the data lands there (its PCIe side is
 * the receiving one, the server's the sending one); --validate fills the
 * server's slices (-b: each side's lower halves) before the rkey goes. */
static void test_read_roles(void **state)
{
	struct rp_plan p;
	struct run r;

	(void)state;
	PLAN(&r, &p, RP_TEST_READ_BW, "--validate", "host", NULL);
	assert_true(p.role->posts && p.role->lands && !p.role->leaves);
	assert_int_equal(p.role->pcie, RP_PCIE_RECV); /* the data lands */
	assert_true(p.rail.fill_bytes == 0);
	PLAN(&r, &p, RP_TEST_READ_BW, "--validate", NULL);
	assert_true(p.role->leaves && !p.role->lands);
	assert_int_equal(p.role->pcie, RP_PCIE_SEND); /* it leaves */
	assert_true(p.rail.fill_bytes == p.rail.slice);
	PLAN(&r, &p, RP_TEST_READ_BW, "--validate", "-b", NULL);
	assert_true(p.rail.fill_bytes == p.rail.slice / 2);
	PLAN(&r, &p, RP_TEST_WRITE_BW, "--validate", NULL);
	assert_true(p.rail.fill_bytes == 0); /* the client fills at run */
	assert_true(p.bwcfg.cycle_buffer == 0);
	PLAN(&r, &p, RP_TEST_READ_BW, "-l", "2", "-n", "10", "host", NULL);
	assert_string_equal(p.title, "RDMA_Read Post List BW Test");
}

/* The atomics: READ's roles (the client posts, the old values land
 * there), the row -A picks, 8 bytes, no pattern in the server's words,
 * --validate's CMP_AND_SWAP chain; the latency tool is READ's. */
static void test_atomic_roles(void **state)
{
	struct rp_params par;
	struct rp_plan p;
	struct run r;

	(void)state;
	PLAN(&r, &p, RP_TEST_ATOMIC_BW, "--validate", "host", NULL);
	assert_true(p.role->posts && p.role->lands && p.role->result);
	assert_true(p.verb->atomic && p.verb->pulls);
	assert_int_equal(p.bwcfg.verb, RP_VERB_FETCH_ADD);
	assert_false(p.bwcfg.cas_chain);
	assert_true(p.sizes[0] == 8 && p.n_sizes == 1);
	assert_int_equal(p.rail.rd_atomic, 0); /* the device's max */
	assert_string_equal(p.title, "Atomic FETCH_AND_ADD BW Test");
	rp_plan_params(&p, 1, &par);
	assert_int_equal(par.flags, RP_PF_FETCH_ADD | RP_PF_VALIDATE);
	assert_int_equal(par.test, RP_TEST_ATOMIC_BW);
	PLAN(&r, &p, RP_TEST_ATOMIC_BW, "--validate", "-A", "CMP_AND_SWAP",
	     NULL);
	assert_true(p.role->leaves && !p.role->lands && !p.role->measures);
	assert_true(p.rail.fill_bytes == 0); /* its words start at 0 */
	assert_int_equal(p.bwcfg.verb, RP_VERB_CMP_SWAP);
	assert_true(p.bwcfg.cas_chain);
	assert_string_equal(p.title, "Atomic CMP_AND_SWAP BW Test");
	rp_plan_params(&p, 1, &par);
	assert_int_equal(par.flags, RP_PF_CMP_SWAP | RP_PF_VALIDATE);
	PLAN(&r, &p, RP_TEST_ATOMIC_BW, "-A", "CMP_AND_SWAP", "-o", "4", "host",
	     NULL);
	assert_false(p.bwcfg.cas_chain); /* perftest's compare 0, swap 0 */
	assert_int_equal(p.rail.rd_atomic, 4);
	PLAN(&r, &p, RP_TEST_MULTI_BW, "--verb=atomic", "-A", "CMP_AND_SWAP",
	     "host", NULL);
	assert_int_equal(p.bwcfg.verb, RP_VERB_CMP_SWAP);
	assert_true(p.sizes[0] == 8); /* not rail_multi_bw's 64 KiB */
	assert_int_equal(r.o.iters, 1000);
	PLAN(&r, &p, RP_TEST_ATOMIC_LAT, "--validate", "host", NULL);
	assert_true(p.role->measures && p.role->lands && !p.halves);
	assert_int_equal(p.verb->lat_rtt, 1);
	assert_int_equal(p.latcfg.verb, RP_VERB_FETCH_ADD);
	assert_string_equal(p.title, "Atomic FETCH_AND_ADD Latency Test");
	PLAN(&r, &p, RP_TEST_ATOMIC_LAT, "--validate", "-A", "CMP_AND_SWAP",
	     NULL);
	assert_false(p.role->measures || p.role->lands);
	assert_true(p.latcfg.cas_chain);
}

/* Latency: READ's server is passive, a ping-pong measures on both sides;
 * SEND's sides receive and meet at READY; the title is the verb's. */
static void test_lat_roles(void **state)
{
	struct rp_plan p;
	struct run r;

	(void)state;
	PLAN(&r, &p, RP_TEST_READ_LAT, NULL);
	assert_false(p.role->measures || p.role->lands);
	assert_true(p.role->leaves && p.latcfg.first);
	assert_int_equal(p.verb->lat_rtt, 1);
	assert_string_equal(p.title, "RDMA_Read Latency Test");
	PLAN(&r, &p, RP_TEST_READ_LAT, "host", NULL);
	assert_true(p.role->measures && p.role->lands && !p.latcfg.first);
	PLAN(&r, &p, RP_TEST_SEND_LAT, "host", NULL);
	assert_true(p.role->measures && p.role->receives && p.role->ready);
	assert_int_equal(p.verb->lat_rtt, 2);
	assert_int_equal(p.latcfg.verb, RP_VERB_SEND);
	assert_string_equal(p.title, "Send Latency Test");
	PLAN(&r, &p, RP_TEST_WRITE_LAT, "-I", "64", NULL);
	assert_true(p.role->measures && !p.role->receives);
	assert_int_equal(p.inline_size, 64);
	assert_int_equal(p.latcfg.inline_size, 64);
	assert_int_equal(p.rail.max_inline, 64);
	assert_string_equal(p.title, "RDMA_Write Latency Test");
}

/* --output: the number to out, no text; the HELLO flags name the verb. */
static void test_text_hello(void **state)
{
	struct rp_params par;
	struct rp_plan p;
	struct run r;

	(void)state;
	PLAN(&r, &p, RP_TEST_WRITE_BW, "host", NULL);
	assert_ptr_equal(p.text, stdout);
	plan_of(&r, &p, RP_TEST_WRITE_BW, stderr,
		(const char *const[]){ "--output=bandwidth", "host", NULL });
	assert_ptr_equal(p.out, stderr);
	assert_null(p.text);
	PLAN(&r, &p, RP_TEST_MULTI_BW, "--verb=read", "-b", "-a", "host", NULL);
	rp_plan_params(&p, 2, &par);
	assert_int_equal(par.flags, RP_PF_READ | RP_PF_BIDIR | RP_PF_ALL_SIZES);
	assert_int_equal(par.num_rails, 2);
	assert_int_equal(par.test, RP_TEST_MULTI_BW);
	PLAN(&r, &p, RP_TEST_MULTI_BW, "--write_with_imm", "host", NULL);
	rp_plan_params(&p, 1, &par);
	assert_int_equal(par.flags, RP_PF_IMM);
	assert_string_equal(p.title, "RDMA_Write_imm BW Test");
	PLAN(&r, &p, RP_TEST_SEND_BW, "--validate", "host", NULL);
	rp_plan_params(&p, 1, &par);
	assert_int_equal(par.flags, RP_PF_SEND | RP_PF_VALIDATE);
}

/* -b: where this side posts on the peer's rail; a rail of a list. */
static void test_peer_rail(void **state)
{
	struct rp_rail_addr remote = { .num_qps = 1 }, out;
	struct rp_railspec spec = { .port = 2, .gid_index = 3 };
	struct rp_rail_cfg c;
	struct rp_plan p;
	struct run r;

	(void)state;
	remote.qp[0].addr = 0x10000;
	remote.qp[0].len = 0x2000;
	PLAN(&r, &p, RP_TEST_WRITE_BW, "host", NULL);
	rp_plan_peer(&p, &remote, &out);
	assert_true(out.qp[0].addr == 0x10000 && out.qp[0].len == 0x2000);
	PLAN(&r, &p, RP_TEST_WRITE_BW, "-b", "host", NULL);
	rp_plan_peer(&p, &remote, &out); /* the upper half */
	assert_true(out.qp[0].addr == 0x11000 && out.qp[0].len == 0x1000);
	PLAN(&r, &p, RP_TEST_READ_BW, "-b", "host", NULL);
	rp_plan_peer(&p, &remote, &out); /* the lower half, sent from */
	assert_true(out.qp[0].addr == 0x10000 && out.qp[0].len == 0x1000);
	snprintf(spec.dev, sizeof(spec.dev), "mlx5_1");
	PLAN(&r, &p, RP_TEST_MULTI_BW, "-q", "3", "-t", "64", "host", NULL);
	rp_plan_rail(&p, &spec, &c);
	assert_string_equal(c.dev, "mlx5_1");
	assert_int_equal(c.port, 2);
	assert_int_equal(c.gid_index, 3);
	assert_int_equal(c.num_qps, 3);
	assert_int_equal(c.tx_depth, 64);
	assert_true(c.slice == p.rail.slice);
}

/* The verb table: --verb's names, and a row per verb. */
static void test_roles_names(void **state)
{
	char buf[64];

	(void)state;
	assert_string_equal(rp_roles_names(buf, sizeof(buf), false),
			    "write, read, send");
	assert_string_equal(rp_roles_names(buf, sizeof(buf), true),
			    "write, read, send, atomic");
	assert_int_equal(rp_roles_by_name("read")->verb, RP_VERB_READ);
	assert_int_equal(rp_roles_by_name("send")->verb, RP_VERB_SEND);
	assert_int_equal(rp_roles_by_name("atomic")->verb, RP_VERB_FETCH_ADD);
	assert_int_equal(rp_roles_verb(RP_VERB_FETCH_ADD)->cas,
			 RP_VERB_CMP_SWAP);
	assert_null(rp_roles_by_name("cmp_and_swap"));
	assert_null(rp_roles_by_name("write_imm"));
	assert_true(rp_roles_verb(RP_VERB_READ)->pulls);
	assert_true(rp_roles_verb(RP_VERB_WRITE_IMM)->consumes);
	assert_string_equal(rp_roles_verb(RP_VERB_WRITE_IMM)->wr,
			    "RDMA WRITE with immediate");
}

/* Relaxed ordering: off only where a ping-pong polls the last byte. */
static void test_lat_order(void **state)
{
	struct rp_plan p;
	struct run r;

	(void)state;
	PLAN(&r, &p, RP_TEST_WRITE_LAT, NULL);
	assert_true(p.rail.strict_order); /* ib_write_lat: disable_pcir */
	PLAN(&r, &p, RP_TEST_SEND_LAT, NULL);
	assert_false(p.rail.strict_order); /* ib_send_lat: relax order ON */
	PLAN(&r, &p, RP_TEST_READ_LAT, NULL);
	assert_false(p.rail.strict_order);
	PLAN(&r, &p, RP_TEST_WRITE_BW, NULL);
	assert_false(p.rail.strict_order);
}

static const struct rp_devid cx7 = { .vendor = 0x02c9, .part = 4129 };
static const struct rp_devid rxe = { .vendor = 0xffffff, .part = 0 };

#define INLINE_OFF "inline data turned off: rxe0 is not a device perftest"

/* The plan of @args for @t after a device of @id; its stderr in @err. */
static void dev_plan(struct run *r, struct rp_plan *p, enum rp_test t,
		     const struct rp_devid *id, char *err, size_t len,
		     const char *const *args)
{
	struct capture cap;

	plan_of(r, p, t, stdout, args);
	capture_begin(&cap);
	rp_plan_device_ids(p, id);
	capture_end(&cap, err, len);
}

#define DEV(r, p, t, id, err, ...) \
	dev_plan((r), (p), (t), (id), (err), sizeof(err), \
		 (const char *const[]){ __VA_ARGS__ })

/* A ping-pong's inline size from the device (the rail's and engine's). */
static void test_device_lat(void **state)
{
	struct rp_plan p;
	struct run r;
	char err[512];

	(void)state;
	DEV(&r, &p, RP_TEST_WRITE_LAT, &cx7, err, NULL);
	assert_int_equal(p.inline_size, 220);
	assert_int_equal(p.rail.max_inline, 220);
	assert_int_equal(p.latcfg.inline_size, 220);
	assert_false(p.extra_line);
	DEV(&r, &p, RP_TEST_WRITE_LAT, &rxe, err, NULL);
	assert_int_equal(p.inline_size, 0);
	assert_false(p.extra_line); /* -I not given */
	assert_string_equal(err, "");
	DEV(&r, &p, RP_TEST_SEND_LAT, &cx7, err, NULL);
	assert_int_equal(p.latcfg.inline_size, 236);
	/* -I as given on a device perftest knows; off on one it does not */
	DEV(&r, &p, RP_TEST_SEND_LAT, &cx7, err, "-I", "64", NULL);
	assert_int_equal(p.rail.max_inline, 64);
	DEV(&r, &p, RP_TEST_SEND_LAT, &rxe, err, "-d", "rxe0", "-I", "64",
	    NULL);
	assert_int_equal(p.rail.max_inline, 0);
	assert_int_equal(p.latcfg.inline_size, 0);
	assert_true(p.extra_line);
	assert_non_null(strstr(err, INLINE_OFF));
	/* GPU memory: no inline by default */
	DEV(&r, &p, RP_TEST_SEND_LAT, &cx7, err, "--use_cuda=0", NULL);
	assert_int_equal(p.latcfg.inline_size, 0);
	DEV(&r, &p, RP_TEST_WRITE_LAT, &cx7, err,
	    "--use_cuda_bus_id=0000:3b:00.0", NULL);
	assert_int_equal(p.rail.max_inline, 0);
	/* READ: untouched (no inline data to send), the separator */
	DEV(&r, &p, RP_TEST_READ_LAT, &rxe, err, NULL);
	assert_int_equal(p.inline_size, r.o.inline_size);
	assert_true(p.extra_line);
	DEV(&r, &p, RP_TEST_READ_LAT, &cx7, err, NULL);
	assert_false(p.extra_line);
}

/* One rail's BW tools: -I off on a device perftest does not know. */
static void test_device_bw(void **state)
{
	struct rp_plan p;
	struct run r;
	char err[512];

	(void)state;
	DEV(&r, &p, RP_TEST_WRITE_BW, &rxe, err, "-d", "rxe0", "-I", "64",
	    "host", NULL);
	assert_int_equal(p.rail.max_inline, 0);
	assert_int_equal(p.bwcfg.inline_size, 0);
	assert_true(p.extra_line);
	assert_non_null(strstr(err, INLINE_OFF));
	DEV(&r, &p, RP_TEST_SEND_BW, &rxe, err, "-I", "0", NULL);
	assert_int_equal(p.inline_size, 0);
	assert_true(p.extra_line);    /* -I given, if 0 */
	assert_string_equal(err, ""); /* nothing was turned off */
	DEV(&r, &p, RP_TEST_WRITE_BW, &cx7, err, "-I", "64", "host", NULL);
	assert_int_equal(p.bwcfg.inline_size, 64);
	assert_false(p.extra_line);
	DEV(&r, &p, RP_TEST_WRITE_BW, &rxe, err, "host", NULL);
	assert_false(p.extra_line);
	DEV(&r, &p, RP_TEST_READ_BW, &rxe, err, "host", NULL);
	assert_true(p.extra_line);
	DEV(&r, &p, RP_TEST_READ_BW, &rxe, err, "--output=bandwidth", "host",
	    NULL);
	assert_false(p.extra_line); /* no text */
}

/* rp_plan_gpu_env on @args of @t: its result and the variable after. */
static void s2cqe(enum rp_test t, const char *const *args, bool want)
{
	struct rp_plan p;
	const char *v;
	struct run r;

	assert_int_equal(unsetenv("MLX5_SCATTER_TO_CQE"), 0);
	plan_of(&r, &p, t, stdout, args);
	assert_int_equal(rp_plan_gpu_env(&p), want);
	v = getenv("MLX5_SCATTER_TO_CQE");
	if (want)
		assert_true(v && !strcmp(v, "0"));
	else
		assert_null(v);
}

static void test_scatter_to_cqe(void **state)
{
	(void)state;
	s2cqe(RP_TEST_SEND_LAT, (const char *const[]){ "--use_cuda=0", NULL },
	      true); /* 2 B, the default */
	s2cqe(RP_TEST_SEND_LAT,
	      (const char *const[]){ "--use_cuda=0", "-s", "64", NULL }, true);
	s2cqe(RP_TEST_SEND_LAT,
	      (const char *const[]){ "--use_cuda=0", "-s", "65", NULL }, false);
	s2cqe(RP_TEST_SEND_BW,
	      (const char *const[]){ "--use_cuda=0", "-a", NULL }, true);
	s2cqe(RP_TEST_SEND_BW, (const char *const[]){ "--use_cuda=0", NULL },
	      false); /* 64 KiB */
	s2cqe(RP_TEST_MULTI_BW,
	      (const char *const[]){ "--use_cuda=0", "--verb=send", "-s", "8",
				     NULL },
	      true);
	s2cqe(RP_TEST_MULTI_BW,
	      (const char *const[]){ "--use_cuda=0", "--write_with_imm", "-s",
				     "8", NULL },
	      false); /* its data lands by rkey */
	s2cqe(RP_TEST_WRITE_LAT, (const char *const[]){ "--use_cuda=0", NULL },
	      false);
	s2cqe(RP_TEST_SEND_LAT, (const char *const[]){ NULL }, false);
}

/* --lat_probe on a rail list: the probe's settings (a cache line, the
 * rate given or 200 a second, WRITE's round trip halved), a
 * probe QP in every rail's settings, its verb in HELLO, and each side's
 * part from the latency row of its verb: the client probes, the peer of
 * a WRITE ping-pong answers (measures), a READ probe's peer is passive.
 * Without the option: none of it. */
static void test_probe_roles(void **state)
{
	struct rp_params par;
	struct rp_plan p;
	struct run r;

	(void)state;
	PLAN(&r, &p, RP_TEST_MULTI_BW, "-d", "a,b", "--lat_probe", "host",
	     NULL);
	assert_true(p.probe && p.rail.probe);
	assert_int_equal(p.rail.probe_verb, RP_VERB_READ);
	assert_int_equal(p.probecfg.verb, RP_VERB_READ);
	assert_true(p.probecfg.size == 64 && p.probecfg.rate == 200);
	assert_int_equal(p.probecfg.rtt, 1);
	assert_true(p.probe_role->measures);
	rp_plan_params(&p, 2, &par);
	assert_int_equal(par.flags & (RP_PF_PROBE_READ | RP_PF_PROBE_WRITE),
			 RP_PF_PROBE_READ);
	PLAN(&r, &p, RP_TEST_MULTI_BW, "-d", "a,b", "--lat_probe", NULL);
	assert_false(p.probe_role->measures); /* READ's peer: passive */
	PLAN(&r, &p, RP_TEST_MULTI_BW, "-d", "a,b", "--lat_probe=write",
	     "--lat_probe_rate", "250", NULL);
	assert_true(p.probe_role->measures); /* it answers */
	assert_int_equal(p.probecfg.rtt, 2);
	assert_int_equal(p.probecfg.rate, 250);
	rp_plan_params(&p, 2, &par);
	assert_int_equal(par.flags & (RP_PF_PROBE_READ | RP_PF_PROBE_WRITE),
			 RP_PF_PROBE_WRITE);
	PLAN(&r, &p, RP_TEST_MULTI_BW, "-d", "a,b", "host", NULL);
	assert_false(p.probe || p.rail.probe);
	rp_plan_params(&p, 2, &par);
	assert_int_equal(par.flags & (RP_PF_PROBE_READ | RP_PF_PROBE_WRITE), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_write_roles),
		cmocka_unit_test(test_send_roles),
		cmocka_unit_test(test_bidir_roles),
		cmocka_unit_test(test_read_roles),
		cmocka_unit_test(test_atomic_roles),
		cmocka_unit_test(test_lat_roles),
		cmocka_unit_test(test_text_hello),
		cmocka_unit_test(test_peer_rail),
		cmocka_unit_test(test_roles_names),
		cmocka_unit_test(test_lat_order),
		cmocka_unit_test(test_device_lat),
		cmocka_unit_test(test_device_bw),
		cmocka_unit_test(test_scatter_to_cqe),
		cmocka_unit_test(test_probe_roles),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
