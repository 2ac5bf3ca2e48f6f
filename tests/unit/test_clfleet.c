/* Description: rail_cluster_bw's fleet checks (cluster/rp_clfleet.c) on
 * a 3-host, 2-rail matrix set: a record per cell named "h0 -> h1 on rail
 * 0 (rxe0)", the sender's device, -D as its time; a failed cell's reason
 * (a cell never measured fails as "not measured") and an outlier's threshold and reference (the matrix's median) in its
 * verdict. --save-baseline is not written while a cell failed (said by
 * name, -EIO), and is, with every host's identity, once all passed;
 * --baseline against it: the job's hosts and options compared before the
 * first round (another host refused by name), then the cell that dropped
 * 50 % named alone with exit -ERANGE, a host's kernel change on its own
 * line; --junit: a testcase per cell, the schema's (xmllint, skipped when
 * not installed). */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "capture.h"
#include "cluster/rp_clfleet.h"
#include "fleetrecs.h"
#include "hosts.h"

static char hosts[PATH_MAX];

/* 3 hosts h0..h2 with rails rxe0, rxe1; every cell at 10 Gb/s, ceiling
 * unknown, analyzed at 80 %. */
static void matrix(struct rp_matrix *m)
{
	unsigned int h, i, idx, s, d;
	struct rp_cell *c;

	assert_int_equal(rp_matrix_init(m, 3, 2, false), 0);
	for (h = 0; h < 3; h++) {
		snprintf(m->host[h], RP_CL_NAME_LEN, "h%u", h);
		for (i = 0; i < 2; i++)
			snprintf(m->dev[h * 2 + i], RP_CL_NAME_LEN, "rxe%u", i);
	}
	m->size = 65536;
	m->duration = 5;
	m->partial = false;
	for (idx = 0; idx < 2; idx++)
		for (s = 0; s < 3; s++)
			for (d = 0; d < 3; d++) {
				c = rp_matrix_at(m, idx, s, d);
				c->status = s == d ? RP_CELL_PENDING :
						     RP_CELL_OK;
				c->gbps = 10;
			}
}

/* The options (-s 65536 -D 5 ...) and the fleet files of @f. */
static void opts(struct rp_clopts *c, const struct rp_fleet_opts *f)
{
	memset(c, 0, sizeof(*c));
	c->o.size = 65536;
	c->o.duration = 5;
	c->o.num_qps = 1;
	c->o.tx_depth = 128;
	c->o.fleet = *f;
}

/* The fleet of a job of hosts h0..h2 (h2 named @h2, kernel @k1 on h1). */
static void fleet(struct rp_clfleet *fl, const struct rp_clopts *c,
		  const char *h2, const char *k1)
{
	char root[PATH_MAX + 16];
	struct rp_ident_host id;
	unsigned int h;

	snprintf(root, sizeof(root), "%s/softroce", hosts);
	rp_clfleet_init(fl, c);
	for (h = 0; h < 3; h++) {
		memset(&id, 0, sizeof(id));
		snprintf(id.host, sizeof(id.host), "h%u", h);
		if (h == 2)
			snprintf(id.host, sizeof(id.host), "%s", h2);
		snprintf(id.kernel, sizeof(id.kernel), "%s",
			 h == 1 ? k1 : "6.1.0-28-amd64");
		rp_identity_add(&id, root, "rxe0", 1);
		rp_identity_add(&id, root, "rxe1", 1);
		rp_clfleet_host(fl, &id);
	}
}

static void test_records(void **state)
{
	struct rp_fleet_opts fo = { .junit = "x" };
	struct rp_clfleet fl;
	struct rp_clopts c;
	struct rp_matrix m;
	struct rp_cell *bad;

	(void)state;
	matrix(&m);
	bad = rp_matrix_at(&m, 1, 0, 2);
	bad->status = RP_CELL_FAIL;
	snprintf(bad->reason, sizeof(bad->reason), "retry exceeded");
	rp_matrix_at(&m, 0, 2, 1)->gbps = 4;
	rp_matrix_at(&m, 1, 1, 0)->status = RP_CELL_PENDING;
	rp_matrix_analyze(&m, 80);
	opts(&c, &fo);
	fleet(&fl, &c, "h2", "6.1.0-28-amd64");
	assert_int_equal(rp_clfleet_records(&fl, &m), 0);
	assert_int_equal(fl.n, 12);
	assert_string_equal(fl.rec[0].name, "h0 -> h1 on rail 0 (rxe0)");
	assert_string_equal(fl.rec[0].device, "rxe0");
	assert_true(fl.rec[0].seconds == 5);
	assert_string_equal(fl.rec[5].name, "h2 -> h1 on rail 0 (rxe0)");
	rp_fleet_judge(&fl.rec[5]);
	assert_string_equal(rp_fleet_verdict_name(fl.rec[5].verdict),
			    "outlier");
	assert_string_equal(fl.rec[5].message,
			    "4.00 Gb/s, 40.0% of the median 10.00 Gb/s, "
			    "under 80%");
	assert_string_equal(fl.rec[7].name, "h0 -> h2 on rail 1 (rxe1)");
	rp_fleet_judge(&fl.rec[7]);
	assert_string_equal(rp_fleet_verdict_name(fl.rec[7].verdict), "failed");
	assert_string_equal(fl.rec[7].message, "retry exceeded");
	assert_string_equal(fl.rec[8].name, "h1 -> h0 on rail 1 (rxe1)");
	rp_fleet_judge(&fl.rec[8]); /* never measured: not a pass */
	assert_string_equal(rp_fleet_verdict_name(fl.rec[8].verdict), "failed");
	assert_string_equal(fl.rec[8].message, "not measured");
	rp_clfleet_fini(&fl);
	rp_matrix_fini(&m);
}

/* @s ends with @tail. */
static bool ends_with(const char *s, const char *tail)
{
	size_t a = strlen(s), b = strlen(tail);

	return a >= b && !strcmp(s + a - b, tail);
}

/* rp_clfleet_report of @m with options @fo into *@out (heap text); its
 * stderr into @err. */
static int report(struct rp_clfleet *fl, const struct rp_clopts *c,
		  const struct rp_matrix *m, char **out, char *err, size_t len)
{
	size_t n = 0;
	FILE *f = open_memstream(out, &n);
	struct capture cap;
	int ret;

	assert_non_null(f);
	capture_begin(&cap);
	ret = rp_clfleet_report(fl, c, m, f);
	capture_end(&cap, err, len);
	assert_int_equal(fclose(f), 0);
	return ret;
}

/* The job's files: base.json and junit.xml in scratch directory dir. */
struct files {
	char dir[64], base[128], junit[128];
};

/* A failed cell: the JUnit file (the schema's, 12 cases, 1 failure), no
 * baseline, said by name. */
static void save_refused(const struct files *fs)
{
	struct rp_fleet_opts fo = { .save_baseline = fs->base,
				    .junit = fs->junit };
	char xsd[1024], cmd[2048], err[1024], want[1024], *out;
	struct rp_clfleet fl;
	struct rp_clopts c;
	struct rp_matrix m;

	opts(&c, &fo);
	matrix(&m);
	rp_matrix_at(&m, 1, 0, 2)->status = RP_CELL_FAIL;
	rp_matrix_analyze(&m, 80);
	fleet(&fl, &c, "h2", "6.1.0-28-amd64");
	assert_int_equal(report(&fl, &c, &m, &out, err, sizeof(err)), -EIO);
	snprintf(want, sizeof(want),
		 "test_clfleet: --save-baseline '%s' not written: h0 -> h2 on "
		 "rail 1 (rxe1) failed (a baseline keeps a healthy run)\n",
		 fs->base);
	assert_string_equal(err, want);
	assert_int_equal(scratch_entries(fs->dir), 1); /* the JUnit file */
	if (!system("command -v xmllint >/dev/null 2>&1") &&
	    tree_path("tests/junit/junit.xsd", xsd, sizeof(xsd))) {
		snprintf(cmd, sizeof(cmd),
			 "xmllint --noout --schema '%s' '%s' 2>/dev/null && "
			 "grep -c '<testcase ' '%s' | grep -qx 12 && grep -q "
			 "'failures=\"1\"' '%s'",
			 xsd, fs->junit, fs->junit, fs->junit);
		assert_int_equal(system(cmd), 0);
	}
	free(out);
	rp_clfleet_fini(&fl);
	rp_matrix_fini(&m);
}

/* Every cell passed: the baseline saved, nothing printed. */
static void save_done(const struct files *fs)
{
	struct rp_fleet_opts fo = { .save_baseline = fs->base };
	struct rp_clfleet fl;
	struct rp_clopts c;
	struct rp_matrix m;
	char err[1024], *out;

	opts(&c, &fo);
	matrix(&m);
	rp_matrix_analyze(&m, 80);
	fleet(&fl, &c, "h2", "6.1.0-28-amd64");
	assert_int_equal(report(&fl, &c, &m, &out, err, sizeof(err)), 0);
	assert_string_equal(err, "");
	assert_string_equal(out, "");
	free(out);
	rp_clfleet_fini(&fl);
	rp_matrix_fini(&m);
}

/* Compared: h2 -> h0 on rail 1 halved, h1's kernel changed. */
static void compare(const struct files *fs)
{
	struct rp_fleet_opts fo = { .baseline = fs->base };
	struct rp_clfleet fl;
	struct rp_clopts c;
	struct rp_matrix m;
	char err[1024], *out;

	opts(&c, &fo);
	fleet(&fl, &c, "h2", "6.1.0-29-amd64");
	assert_int_equal(rp_clfleet_open(&fl, &c), 0);
	matrix(&m);
	rp_matrix_at(&m, 1, 2, 0)->gbps = 5;
	rp_matrix_analyze(&m, 80);
	assert_int_equal(report(&fl, &c, &m, &out, err, sizeof(err)), -ERANGE);
	assert_non_null(strstr(out, "\n railperf: h2 -> h0 on rail 1 (rxe1): "
				    "baseline 10.00 Gb/s, now 5.00 Gb/s, down "
				    "50.0%, below the tolerance of 10%\n"));
	assert_ptr_equal(strstr(out, " railperf: h0 -> h1 on rail 0 (rxe0): "
				     "baseline 10.00 Gb/s, now 10.00 Gb/s, up "
				     "0.0%\n"),
			 out); /* the first cell's line comes first */
	assert_non_null(strstr(out, "\n railperf: baseline: h1: kernel "
				    "6.1.0-28-amd64 to 6.1.0-29-amd64\n"));
	assert_true(ends_with(out, " railperf: --baseline: FAILED: 1 of 12 "
				   "cells below the tolerance of 10%: h2 -> h0 "
				   "on rail 1 (rxe1) down 50.0%\n"));
	free(out);
	rp_clfleet_fini(&fl);
	rp_matrix_fini(&m);
}

/* Another host in the job: refused before the first round. */
static void refuse_host(const struct files *fs)
{
	struct rp_fleet_opts fo = { .baseline = fs->base };
	char err[1024], want[1024];
	struct rp_clfleet fl;
	struct capture cap;
	struct rp_clopts c;
	int ret;

	opts(&c, &fo);
	fleet(&fl, &c, "h9", "6.1.0-28-amd64");
	capture_begin(&cap);
	ret = rp_clfleet_open(&fl, &c);
	capture_end(&cap, err, sizeof(err));
	assert_int_equal(ret, -EINVAL);
	snprintf(want, sizeof(want),
		 "test_clfleet: --baseline '%s' refused: host h2 there, h9 "
		 "here (a baseline of other hosts or rails; --baseline-force "
		 "compares anyway)\n",
		 fs->base);
	assert_string_equal(err, want);
	rp_clfleet_fini(&fl);
}

static void test_save_compare(void **state)
{
	struct files fs;

	(void)state;
	scratch_make(fs.dir);
	snprintf(fs.base, sizeof(fs.base), "%s/base.json", fs.dir);
	snprintf(fs.junit, sizeof(fs.junit), "%s/junit.xml", fs.dir);
	save_refused(&fs);
	save_done(&fs);
	compare(&fs);
	refuse_host(&fs);
	scratch_drop(fs.dir);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_records),
		cmocka_unit_test(test_save_compare),
	};

	hosts_find(argc > 0 ? argv[0] : NULL, hosts);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
