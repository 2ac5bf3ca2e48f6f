/* SPDX-License-Identifier: MIT */
/*
 * opts_run.h - the harness of the option-parsing unit tests (test_opts.c,
 * test_opts_perftest.c): a BW and a latency binary's description, and one
 * parse of a NULL-terminated argument list with stderr captured. Include
 * <cmocka.h> (with its prerequisites) first.
 */
#ifndef RP_TEST_OPTS_RUN_H
#define RP_TEST_OPTS_RUN_H

#include <string.h>

#include "capture.h"
#include "app/rp_opts.h"

static const struct rp_test_desc bw_desc = {
	.test = RP_TEST_WRITE_BW,
	.name = "rail_write_bw",
	.def_size = 65536,
	.def_iters = 5000,
	.def_tx_depth = 128,
	.features = RP_FEAT_BW,
};

static const struct rp_test_desc lat_desc = {
	.test = RP_TEST_READ_LAT,
	.name = "rail_read_lat",
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

/* Copy @d->name and the NULL-terminated @args into r->argv. */
static inline void run_args(struct run *r, const struct rp_test_desc *d,
			    const char *const *args)
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
		s = *args++;
	}
	assert_null(s);
	r->argv[r->argc] = NULL;
}

/* rp_opts_init + rp_opts_parse (+ rp_opts_finish if @finish) of the
 * NULL-terminated @args, stderr captured into r->err. */
static inline int run_list(struct run *r, const struct rp_test_desc *d,
			   int finish, const char *const *args)
{
	struct capture cap;
	int ret;

	run_args(r, d, args);
	rp_opts_init(&r->o, d);
	capture_begin(&cap);
	ret = rp_opts_parse(&r->o, r->argc, r->argv);
	if (!ret && finish)
		ret = rp_opts_finish(&r->o);
	capture_end(&cap, r->err, sizeof(r->err));
	return ret;
}

/* parse(r, desc, "-s", "4K", NULL): rp_opts_init + rp_opts_parse. */
#define parse(r, d, ...) \
	run_list((r), (d), 0, (const char *const[]){ __VA_ARGS__ })

/* finish(r, desc, args..., NULL): parse, then rp_opts_finish. */
#define finish(r, d, ...) \
	run_list((r), (d), 1, (const char *const[]){ __VA_ARGS__ })

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
