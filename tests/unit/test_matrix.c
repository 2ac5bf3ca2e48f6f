/* Description: rp_matrix and rp_clreport, rail_cluster_bw's results: cell
 * addressing per rail and with --cross per rail pair; min / median / max
 * (odd and even counts, per matrix and over all) with exact values; the
 * outliers against a known ceiling and, where none is known, against the
 * matrix's median; a host slow against all others (and none with two
 * hosts or a single slow cell); failed cells counted; the text tables
 * ("-" diagonal, FAIL(reason), n/a) and summary byte for byte; the CSV's
 * header and rows (every name quoted: a comma or quote in a host name is
 * data) and the JSON's keys and values; the atomic file write, --out_json still
 * written when --csv cannot be (and the failure returned). */
#define _GNU_SOURCE
#include <errno.h>
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
#include "memout.h"
#include "cluster/rp_matrix.h"
#include "cluster/rp_clreport.h"

/* @hosts hosts a..., rails rxe0, rxe1 on each. */
static void setup(struct rp_matrix *m, unsigned int hosts, unsigned int rails,
		  bool cross)
{
	unsigned int h, i;

	assert_int_equal(rp_matrix_init(m, hosts, rails, cross), 0);
	for (h = 0; h < hosts; h++) {
		snprintf(m->host[h], RP_CL_NAME_LEN, "h%u", h);
		for (i = 0; i < rails; i++)
			snprintf(m->dev[h * rails + i], RP_CL_NAME_LEN, "rxe%u",
				 i);
	}
	m->size = 65536;
	m->duration = 2;
}

static void set_ok(struct rp_matrix *m, unsigned int idx, unsigned int s,
		   unsigned int d, double gbps, double ceiling)
{
	struct rp_cell *c = rp_matrix_at(m, idx, s, d);

	c->status = RP_CELL_OK;
	c->gbps = gbps;
	c->ceiling = ceiling;
	c->msgs = (uint64_t)(gbps * 100);
	c->bytes = c->msgs * 65536;
}

/* Every off-diagonal cell of matrix @idx at @gbps. */
static void fill(struct rp_matrix *m, unsigned int idx, double gbps)
{
	unsigned int s, d;

	for (s = 0; s < m->hosts; s++)
		for (d = 0; d < m->hosts; d++)
			if (s != d)
				set_ok(m, idx, s, d, gbps, 0);
}

static void test_index(void **state)
{
	struct rp_matrix m;
	unsigned int si, di;
	char label[160];

	(void)state;
	setup(&m, 3, 2, true);
	assert_int_equal(rp_matrix_count(&m), 4);
	assert_int_equal(rp_matrix_index(&m, 1, 0), 2);
	rp_matrix_rails(&m, 3, &si, &di);
	assert_int_equal(si, 1);
	assert_int_equal(di, 1);
	rp_matrix_label(&m, 1, label, sizeof(label));
	assert_string_equal(label, "rail 0 (rxe0) -> rail 1 (rxe1)");
	assert_ptr_equal(rp_matrix_at(&m, 2, 1, 2),
			 &m.cells[2 * 9 + 1 * 3 + 2]);
	rp_matrix_fini(&m);
	setup(&m, 3, 2, false);
	assert_int_equal(rp_matrix_count(&m), 2);
	assert_int_equal(rp_matrix_index(&m, 1, 1), 1);
	snprintf(m.dev[2 * 2 + 1], RP_CL_NAME_LEN, "mlx5_1"); /* h2's rail 1 */
	rp_matrix_label(&m, 1, label, sizeof(label));
	assert_string_equal(label, "rail 1");
	rp_matrix_fini(&m);
}

static void test_stats(void **state)
{
	struct rp_mstats st;
	struct rp_matrix m;

	(void)state;
	setup(&m, 3, 2, false);
	rp_matrix_stats(&m, -1, &st);
	assert_int_equal(st.n, 0);
	assert_true(st.median == 0 && st.min == 0 && st.max == 0);
	set_ok(&m, 0, 0, 1, 10, 0);
	set_ok(&m, 0, 1, 0, 30, 0);
	set_ok(&m, 0, 2, 0, 20, 0);
	rp_matrix_at(&m, 0, 2, 1)->status = RP_CELL_FAIL; /* not counted */
	rp_matrix_stats(&m, 0, &st);
	assert_int_equal(st.n, 3);
	assert_true(st.min == 10 && st.median == 20 && st.max == 30);
	set_ok(&m, 1, 0, 2, 5, 0);
	rp_matrix_stats(&m, -1, &st); /* 5 10 20 30: (10 + 20) / 2 */
	assert_int_equal(st.n, 4);
	assert_true(st.min == 5 && st.median == 15 && st.max == 30);
	assert_int_equal(rp_matrix_failed(&m), 1);
	rp_matrix_fini(&m);
}

static void test_outliers_median(void **state)
{
	struct rp_matrix m;

	(void)state;
	setup(&m, 4, 2, false);
	fill(&m, 0, 10);
	fill(&m, 1, 20);
	set_ok(&m, 0, 1, 2, 7.99, 0); /* under 80 % of 10 */
	set_ok(&m, 0, 2, 1, 8.0, 0);  /* at the limit: not an outlier */
	set_ok(&m, 1, 3, 0, 15, 0);   /* 75 % of 20 */
	assert_int_equal(rp_matrix_analyze(&m, 80), 2);
	assert_true(m.median[0] == 10 && m.median[1] == 20);
	assert_true(rp_matrix_at(&m, 0, 1, 2)->outlier);
	assert_true(rp_matrix_at(&m, 0, 1, 2)->limit == 8.0);
	assert_false(rp_matrix_at(&m, 0, 2, 1)->outlier);
	assert_true(rp_matrix_at(&m, 1, 3, 0)->outlier);
	assert_int_equal(rp_matrix_analyze(&m, 70), 0);
	assert_int_equal(rp_matrix_analyze(&m, 100), 3);
	rp_matrix_fini(&m);
}

static void test_outliers_ceiling(void **state)
{
	struct rp_matrix m;

	(void)state;
	setup(&m, 3, 1, false);
	fill(&m, 0, 10);
	set_ok(&m, 0, 0, 1, 90, 100); /* 90 % of its ceiling: fine at 90 */
	set_ok(&m, 0, 1, 0, 89, 100); /* under 90 */
	set_ok(&m, 0, 2, 0, 10, 0);   /* median of 10 10 10 10 89 90 = 10 */
	assert_int_equal(rp_matrix_analyze(&m, 90), 1);
	assert_true(rp_matrix_at(&m, 0, 1, 0)->outlier);
	assert_true(rp_matrix_at(&m, 0, 1, 0)->limit == 90);
	assert_false(rp_matrix_at(&m, 0, 0, 1)->outlier);
	assert_true(rp_matrix_at(&m, 0, 2, 0)->limit == 9);
	rp_matrix_fini(&m);
}

static void test_slow_host(void **state)
{
	struct rp_matrix m;
	unsigned int o;

	(void)state;
	setup(&m, 4, 2, false);
	fill(&m, 0, 10);
	fill(&m, 1, 10);
	for (o = 0; o < 3; o++) { /* h3 on rail 1, both directions */
		set_ok(&m, 1, 3, o, 2, 0);
		set_ok(&m, 1, o, 3, 2, 0);
	}
	assert_int_equal(rp_matrix_analyze(&m, 80), 6);
	assert_true(m.slow[1 * 4 + 3]);
	assert_false(m.slow[0 * 4 + 3]);
	assert_false(m.slow[1 * 4 + 0]);
	set_ok(&m, 1, 3, 0, 10, 0); /* one good cell: not slow */
	rp_matrix_analyze(&m, 80);
	assert_false(m.slow[1 * 4 + 3]);
	rp_matrix_fini(&m);
	setup(&m, 2, 1, false); /* two hosts: cannot tell which is slow */
	set_ok(&m, 0, 0, 1, 1, 100);
	set_ok(&m, 0, 1, 0, 1, 100);
	assert_int_equal(rp_matrix_analyze(&m, 80), 2);
	assert_false(m.slow[0] || m.slow[1]);
	rp_matrix_fini(&m);
}

/* Three hosts, one rail: a measured, failed, pending and slow cell. */
static void sample(struct rp_matrix *m)
{
	struct rp_cell *c;

	setup(m, 3, 1, false);
	set_ok(m, 0, 0, 1, 10.5, 0);
	set_ok(m, 0, 1, 0, 10.25, 0);
	set_ok(m, 0, 0, 2, 4, 25);
	c = rp_matrix_at(m, 0, 2, 0);
	c->status = RP_CELL_FAIL;
	snprintf(c->reason, sizeof(c->reason), "rxe0 on h2: \"down\"");
	rp_matrix_analyze(m, 80);
}

static void test_text(void **state)
{
	struct rp_matrix m;
	struct mem out;

	(void)state;
	sample(&m);
	rp_clreport_tables(mem_open(&out), &m);
	mem_expect(&out,
		   " railperf: rail 0 (rxe0): Gb/s, rows send, columns "
		   "receive (partial)\n"
		   "   send\\recv                        h0     h1    h2\n"
		   "   h0                                -  10.50  4.00\n"
		   "   h1                            10.25      -   n/a\n"
		   "   h2         FAIL(rxe0 on h2: \"down\")    n/a     -\n");
	m.partial = false;
	rp_clreport_summary(mem_open(&out), &m, true);
	mem_expect(&out,
		   " railperf: rail 0 (rxe0): min 4.00, median 10.25, max "
		   "10.50 Gb/s over 3 cells\n"
		   " railperf: outlier: h0 -> h2 on rail 0 (rxe0): 4.00 Gb/s, "
		   "under 20.00 (80% of its ceiling 25.00 Gb/s)\n"
		   " railperf: failed: h2 -> h0 on rail 0 (rxe0): rxe0 on h2: "
		   "\"down\"\n"
		   " railperf: all rails: min 4.00, median 10.25, max 10.50 "
		   "Gb/s over 3 cells\n"
		   " railperf: --expect 80%: FAILED: 1 outliers, 1 failed "
		   "cells\n");
	rp_matrix_fini(&m);
}

/* Soft-RoCE's cells are hundredths of a Gb/s: printed with 3 significant
 * digits (0.00812, 0.0123), never rounded to 0.01, so that an outlier's
 * line can be read (0.00812 under 0.00817, not 0.01 under 0.01); 2
 * decimals from 1 Gb/s up. */
static void test_text_small(void **state)
{
	struct rp_matrix m;
	struct mem out;

	(void)state;
	setup(&m, 2, 1, false);
	set_ok(&m, 0, 0, 1, 0.008123, 0);
	set_ok(&m, 0, 1, 0, 0.0123, 0);
	m.partial = false;
	rp_matrix_analyze(&m, 80);
	rp_clreport_tables(mem_open(&out), &m);
	mem_expect(&out, " railperf: rail 0 (rxe0): Gb/s, rows send, columns "
			 "receive\n"
			 "   send\\recv      h0       h1\n"
			 "   h0              -  0.00812\n"
			 "   h1         0.0123        -\n");
	rp_clreport_summary(mem_open(&out), &m, false);
	mem_expect(&out,
		   " railperf: rail 0 (rxe0): min 0.00812, median 0.0102, "
		   "max 0.0123 Gb/s over 2 cells\n"
		   " railperf: outlier: h0 -> h1 on rail 0 (rxe0): 0.00812 "
		   "Gb/s, under 0.00817 (80% of the median 0.0102 Gb/s)\n"
		   " railperf: all rails: min 0.00812, median 0.0102, max "
		   "0.0123 Gb/s over 2 cells\n"
		   " railperf: 1 outliers under 80% (of the ceiling, else the "
		   "median), 0 failed cells\n");
	rp_matrix_fini(&m);
}

static void test_csv(void **state)
{
	struct rp_matrix m;
	char *csv;

	(void)state;
	sample(&m);
	csv = rp_clreport_csv(&m);
	assert_non_null(csv);
	assert_string_equal(
		csv,
		"sender,receiver,sender_rail,receiver_rail,sender_dev,"
		"receiver_dev,gbps,bytes,msgs,status,ceiling_gbps,outlier,"
		"reason\n"
		"\"h0\",\"h1\",0,0,\"rxe0\",\"rxe0\",10.50,68812800,1050,ok,,0,"
		"\"\"\n"
		"\"h0\",\"h2\",0,0,\"rxe0\",\"rxe0\",4.00,26214400,400,ok,"
		"25.00,1,\"\"\n"
		"\"h1\",\"h0\",0,0,\"rxe0\",\"rxe0\",10.25,67174400,1025,ok,,0,"
		"\"\"\n"
		"\"h1\",\"h2\",0,0,\"rxe0\",\"rxe0\",,0,0,pending,,0,\"\"\n"
		"\"h2\",\"h0\",0,0,\"rxe0\",\"rxe0\",,0,0,fail,,0,\"rxe0 on h2: "
		"\"\"down\"\"\"\n"
		"\"h2\",\"h1\",0,0,\"rxe0\",\"rxe0\",,0,0,pending,,0,\"\"\n");
	free(csv);
	rp_matrix_fini(&m);
}

/* Host and device names are quoted as the reason is: a comma or a quote
 * in one (a host named by whoever runs it) is data, not a column. */
static void test_csv_names_quoted(void **state)
{
	struct rp_matrix m;
	char *csv;

	(void)state;
	setup(&m, 2, 1, false);
	snprintf(m.host[0], RP_CL_NAME_LEN, "evil,\"host\"");
	snprintf(m.dev[1], RP_CL_NAME_LEN, "mlx5,1");
	set_ok(&m, 0, 0, 1, 1.5, 0);
	csv = rp_clreport_csv(&m);
	assert_non_null(csv);
	assert_non_null(strstr(csv, "\n\"evil,\"\"host\"\"\",\"h1\",0,0,"
				    "\"rxe0\",\"mlx5,1\",1.50,"));
	assert_non_null(strstr(csv, "\n\"h1\",\"evil,\"\"host\"\"\",0,0,"
				    "\"mlx5,1\",\"rxe0\",,"));
	free(csv);
	rp_matrix_fini(&m);
}

static void test_json(void **state)
{
	struct rp_matrix m;
	cJSON *d, *c, *st;

	(void)state;
	sample(&m);
	d = rp_clreport_json(&m);
	assert_non_null(d);
	assert_true(cJSON_IsTrue(cJSON_GetObjectItem(d, "partial")));
	assert_int_equal(cJSON_GetObjectItem(d, "size")->valuedouble, 65536);
	assert_int_equal(cJSON_GetObjectItem(d, "threshold_pct")->valueint, 80);
	assert_string_equal(
		cJSON_GetArrayItem(
			cJSON_GetObjectItem(
				cJSON_GetArrayItem(
					cJSON_GetObjectItem(d, "hosts"), 2),
				"rails"),
			0)
			->valuestring,
		"rxe0");
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(d, "cells")),
			 6);
	c = cJSON_GetArrayItem(cJSON_GetObjectItem(d, "cells"), 1); /* h0 h2 */
	assert_string_equal(cJSON_GetObjectItem(c, "receiver")->valuestring,
			    "h2");
	assert_true(cJSON_GetObjectItem(c, "gbps")->valuedouble == 4);
	assert_int_equal(cJSON_GetObjectItem(c, "bytes")->valuedouble,
			 26214400);
	assert_int_equal(cJSON_GetObjectItem(c, "msgs")->valueint, 400);
	assert_string_equal(cJSON_GetObjectItem(c, "status")->valuestring,
			    "ok");
	assert_true(cJSON_IsNull(cJSON_GetObjectItem(c, "reason")));
	assert_true(cJSON_IsTrue(cJSON_GetObjectItem(c, "outlier")));
	assert_true(cJSON_GetObjectItem(c, "ceiling_gbps")->valuedouble == 25);
	c = cJSON_GetArrayItem(cJSON_GetObjectItem(d, "cells"), 4); /* h2 h0 */
	assert_true(cJSON_IsNull(cJSON_GetObjectItem(c, "gbps")));
	assert_string_equal(cJSON_GetObjectItem(c, "reason")->valuestring,
			    "rxe0 on h2: \"down\"");
	st = cJSON_GetArrayItem(cJSON_GetObjectItem(d, "stats"), 1);
	assert_string_equal(cJSON_GetObjectItem(st, "matrix")->valuestring,
			    "all rails");
	assert_true(cJSON_GetObjectItem(st, "median_gbps")->valuedouble ==
		    10.25);
	assert_int_equal(
		cJSON_GetArraySize(cJSON_GetObjectItem(d, "slow_hosts")), 0);
	cJSON_Delete(d);
	rp_matrix_fini(&m);
}

static void test_files(void **state)
{
	char dir[] = "/tmp/rp_clreport_XXXXXX", csv[64], json[64], buf[160];
	struct rp_matrix m;
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(csv, sizeof(csv), "%s/c.csv", dir);
	snprintf(json, sizeof(json), "%s/c.json", dir);
	sample(&m);
	assert_int_equal(rp_clreport_files(&m, csv, json), 0);
	f = fopen(csv, "r");
	assert_non_null(f);
	assert_non_null(fgets(buf, sizeof(buf), f));
	fclose(f);
	assert_int_equal(strncmp(buf, "sender,receiver,", 16), 0);
	assert_int_equal(access(json, R_OK), 0);
	snprintf(buf, sizeof(buf), "%s.tmp", json);
	assert_int_not_equal(access(buf, F_OK), 0); /* renamed away */
	unlink(csv);
	unlink(json);
	rmdir(dir);
	rp_matrix_fini(&m);
}

/* A --csv that cannot be written does not keep --out_json from being
 * written, and the failure is returned (the exit status). */
static void test_files_csv_fails(void **state)
{
	char dir[] = "/tmp/rp_clreport_XXXXXX", csv[64], json[64];
	struct rp_matrix m;
	struct capture c;
	char err[256], want[256];
	int ret;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(csv, sizeof(csv), "%s/no/c.csv", dir);
	snprintf(json, sizeof(json), "%s/c.json", dir);
	sample(&m);
	capture_begin(&c);
	ret = rp_clreport_files(&m, csv, json);
	capture_end(&c, err, sizeof(err));
	assert_int_equal(ret, -ENOENT);
	snprintf(want, sizeof(want),
		 "test_matrix: cannot write '%s': No such file or directory\n",
		 csv);
	assert_string_equal(err, want);
	assert_int_equal(access(json, R_OK), 0);
	unlink(json);
	rmdir(dir);
	rp_matrix_fini(&m);
}

int main(void)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_index),
		cmocka_unit_test(test_stats),
		cmocka_unit_test(test_outliers_median),
		cmocka_unit_test(test_outliers_ceiling),
		cmocka_unit_test(test_slow_host),
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_text_small),
		cmocka_unit_test(test_csv),
		cmocka_unit_test(test_csv_names_quoted),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_files),
		cmocka_unit_test(test_files_csv_fails),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
