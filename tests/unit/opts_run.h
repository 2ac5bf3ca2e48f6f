/* SPDX-License-Identifier: MIT */
/*
 * opts_run.h - the harness of the option-parsing unit tests (test_opts.c,
 * test_opts_perftest.c): a BW and a latency binary's description, and one
 * parse of a NULL-terminated argument list with stderr captured. Include
 * <cmocka.h> (with its prerequisites) first.
 */
#ifndef RP_TEST_OPTS_RUN_H
#define RP_TEST_OPTS_RUN_H

#include <stdarg.h>
#include <string.h>

#include "capture.h"
#include "rp_opts.h"

static const struct rp_test_desc bw_desc = {
	.test = RP_TEST_WRITE_BW,
	.name = "rail_write_bw",
	.title = "RDMA_Write BW Test",
	.def_size = 65536,
	.def_iters = 5000,
	.def_tx_depth = 128,
	.features = RP_FEAT_BW,
};

static const struct rp_test_desc lat_desc = {
	.test = RP_TEST_READ_LAT,
	.name = "rail_read_lat",
	.title = "RDMA_Read Latency Test",
	.def_size = 2,
	.def_iters = 1000,
	.def_tx_depth = 1,
	.features = RP_FEAT_LAT,
};

#define MAX_ARGS 40

/* One parse: writable copies of the arguments (rp_opts points into them),
 * the options, and what was printed on stderr. */
struct run {
	char strs[1024];
	char *argv[MAX_ARGS + 1];
	int argc;
	struct rp_opts o;
	char err[1024];
};

/* Copy @d->name and the NULL-terminated @ap into r->argv. */
static inline void run_args(struct run *r, const struct rp_test_desc *d, va_list ap)
{
	const char *s = d->name;
	size_t off = 0;

	r->argc = 0;
	while (s && r->argc < MAX_ARGS) {
		size_t n = strlen(s) + 1;

		assert_true(off + n <= sizeof(r->strs));
		memcpy(r->strs + off, s, n);
		r->argv[r->argc++] = r->strs + off;
		off += n;
		s = va_arg(ap, const char *);
	}
	assert_null(s);
	r->argv[r->argc] = NULL;
}

static inline int run_v(struct run *r, const struct rp_test_desc *d, int finish,
		 va_list ap)
{
	struct capture cap;
	int ret;

	run_args(r, d, ap);
	rp_opts_init(&r->o, d);
	capture_begin(&cap);
	ret = rp_opts_parse(&r->o, r->argc, r->argv);
	if (!ret && finish)
		ret = rp_opts_finish(&r->o);
	capture_end(&cap, r->err, sizeof(r->err));
	return ret;
}

/* parse(r, desc, "-s", "4K", NULL): rp_opts_init + rp_opts_parse. */
static inline int parse(struct run *r, const struct rp_test_desc *d, ...)
{
	va_list ap;
	int ret;

	va_start(ap, d);
	ret = run_v(r, d, 0, ap);
	va_end(ap);
	return ret;
}

/* finish(r, desc, args..., NULL): parse, then rp_opts_finish. */
static inline int finish(struct run *r, const struct rp_test_desc *d, ...)
{
	va_list ap;
	int ret;

	va_start(ap, d);
	ret = run_v(r, d, 1, ap);
	va_end(ap);
	return ret;
}

static inline void err_has(const struct run *r, const char *want)
{
	if (!strstr(r->err, want))
		fail_msg("stderr \"%s\" lacks \"%s\"", r->err, want);
}

static inline void ok_no_output(const struct run *r, int ret)
{
	assert_int_equal(ret, 0);
	assert_string_equal(r->err, "");
}

#endif /* RP_TEST_OPTS_RUN_H */
