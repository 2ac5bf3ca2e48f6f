/* Description: rp_clpattern, the one-way patterns' figures. Jain's
 * fairness index: 1 for equal rates, 1/n when one flow takes everything,
 * (sum)^2 / (n sum^2) in between (0.7313 for 1, 1, 0.1), 0 for no flow or
 * only zeros. A receiver's count agrees with its sender's within one
 * message per QP, not two (-q 1) and within two with -q 2. Incast into h0
 * of 4 hosts on 2 rails, h2's rail 1 slowed to a tenth: per flow the
 * receiver's and the sender's Gb/s and both ends' messages, per rail the
 * receiver's sum, Jain's index (above 0.99 on rail 0, below 0.9 on rail 1)
 * and h2 named the slowest sender on rail 1 and over all rails; a flow
 * whose receiver counted two messages fewer than its sender (-q 1) gets
 * one "count:" line and is counted bad, as is a failed flow; the JSON
 * holds the same. Ring of 4: a line per hop and the bottleneck hop named
 * with the median and highest. */
#define _GNU_SOURCE
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cluster/rp_clpattern.h"

static void test_jain(void **state)
{
	const double eq[4] = { 5, 5, 5, 5 }, one[4] = { 0, 9, 0, 0 };
	const double mid[3] = { 1, 1, 0.1 }, zero[2] = { 0, 0 };

	(void)state;
	assert_true(fabs(rp_jain(eq, 4) - 1) < 1e-12);
	assert_true(fabs(rp_jain(one, 4) - 0.25) < 1e-12);
	assert_true(fabs(rp_jain(mid, 3) - 4.41 / 6.03) < 1e-12);
	assert_true(rp_jain(zero, 2) == 0);
	assert_true(rp_jain(eq, 0) == 0);
}

static void test_counted(void **state)
{
	struct rp_cell c = { .tx_all = 1000, .rx_all = 999, .qps = 1 };

	(void)state;
	assert_true(rp_clpattern_counted(&c));
	c.rx_all = 998;
	assert_false(rp_clpattern_counted(&c));
	c.qps = 2;
	assert_true(rp_clpattern_counted(&c));
	c.rx_all = 1001;
	assert_true(rp_clpattern_counted(&c));
}

/* A one-way cell of @g Gb/s, its ends' counts @tx, @rx. */
static void flow(struct rp_matrix *m, unsigned int s, unsigned int si,
		 unsigned int d, unsigned int di, double g, uint64_t tx,
		 uint64_t rx)
{
	struct rp_cell *c = rp_matrix_at(m, rp_matrix_index(m, si, di), s, d);

	c->status = RP_CELL_OK;
	c->oneway = 1;
	c->qps = 1;
	c->gbps = g;
	c->tx_gbps = g * 1.01;
	c->tx_all = tx;
	c->rx_all = rx;
}

static void names(struct rp_matrix *m)
{
	unsigned int h, i;

	for (h = 0; h < m->hosts; h++) {
		snprintf(m->host[h], 64, "h%u", h);
		for (i = 0; i < m->rails; i++)
			snprintf(m->dev[h * m->rails + i], 64, "rxe%u", i);
	}
}

static void test_incast(void **state)
{
	char buf[8192];
	struct rp_matrix m;
	unsigned int s, bad;
	cJSON *j = cJSON_CreateObject(), *r;
	FILE *f = fmemopen(buf, sizeof(buf), "w");

	(void)state;
	assert_int_equal(rp_matrix_init(&m, 4, 2, false), 0);
	names(&m);
	for (s = 1; s < 4; s++) {
		flow(&m, s, 0, 0, 0, 0.0100, 500, 500);
		flow(&m, s, 1, 0, 1, s == 2 ? 0.0010 : 0.0100, 500, 500);
	}
	rp_matrix_at(&m, 1, 3, 0)->rx_all = 498; /* miscounted */
	bad = rp_clpattern_incast(f, &m, 0, j);
	fclose(f);
	assert_int_equal(bad, 1);
	assert_non_null(strstr(buf,
			       " railperf: incast: h2 rail 1 (rxe1) -> h0 "
			       "rail 1 (rxe1): 0.00100 Gb/s counted by the "
			       "receiver, 0.00101 Gb/s sent; 500 messages "
			       "sent, 500 received\n"));
	assert_non_null(strstr(buf, " railperf: incast into h0 rail 0 (rxe0): "
				    "0.0300 Gb/s counted by the receiver from "
				    "3 flows; Jain's fairness index 1.000; "));
	assert_non_null(strstr(buf, " railperf: incast into h0 rail 1 (rxe1): "
				    "0.0210 Gb/s counted by the receiver from "
				    "3 flows; Jain's fairness index 0.731; "
				    "slowest sender h2 rail 1 (rxe1) at "
				    "0.00100 Gb/s\n"));
	assert_non_null(strstr(buf, " railperf: incast into h0, every rail: "
				    "0.0510 Gb/s counted by the receiver from "
				    "6 flows; "));
	assert_non_null(strstr(buf, " railperf: count: h3 rail 1 (rxe1) -> h0 "
				    "rail 1 (rxe1): the receiver counted 498 "
				    "messages over the run, the sender "
				    "completed 500: more than one a QP (1) "
				    "apart\n"));
	r = cJSON_GetObjectItem(cJSON_GetObjectItem(j, "incast"), "rails");
	assert_int_equal(cJSON_GetArraySize(r), 3);
	assert_true(cJSON_GetObjectItem(cJSON_GetArrayItem(r, 1), "jain")
			    ->valuedouble < 0.9);
	assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(r, 1),
						"slowest_sender")
				    ->valuestring,
			    "h2");
	/* a failed flow */
	rp_matrix_at(&m, 0, 1, 0)->status = RP_CELL_FAIL;
	snprintf(rp_matrix_at(&m, 0, 1, 0)->reason, RP_CELL_REASON_LEN,
		 "sender: Input/output error");
	f = fmemopen(buf, sizeof(buf), "w");
	bad = rp_clpattern_incast(f, &m, 0, NULL);
	fclose(f);
	assert_int_equal(bad, 2);
	assert_non_null(strstr(buf, " railperf: failed: incast: h1 rail 0 "
				    "(rxe0) -> h0 rail 0 (rxe0): sender: "
				    "Input/output error\n"));
	cJSON_Delete(j);
	rp_matrix_fini(&m);
}

static void test_ring(void **state)
{
	const uint32_t order[4] = { 0, 1, 2, 3 };
	char buf[8192];
	struct rp_matrix m;
	unsigned int k;
	FILE *f = fmemopen(buf, sizeof(buf), "w");

	(void)state;
	assert_int_equal(rp_matrix_init(&m, 4, 2, true), 0);
	names(&m);
	for (k = 0; k < 4; k++)
		flow(&m, k, 1, (k + 1) % 4, 0,
		     k == 2 ? 0.002 : 0.01 + k * 0.001, 100, 100);
	assert_int_equal(rp_clpattern_ring(f, &m, order, NULL), 0);
	fclose(f);
	assert_non_null(strstr(buf, " railperf: ring hop: h2 rail 1 (rxe1) -> "
				    "h3 rail 0 (rxe0): 0.00200 Gb/s counted by "
				    "the receiver"));
	assert_non_null(strstr(buf, " railperf: ring: 4 hops at once; "
				    "bottleneck hop h2 -> h3 at 0.00200 Gb/s "
				    "counted by the receiver (median 0.0105, "
				    "highest 0.0130)\n"));
	rp_matrix_fini(&m);
}

int main(void)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_jain),
		cmocka_unit_test(test_counted),
		cmocka_unit_test(test_incast),
		cmocka_unit_test(test_ring),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
