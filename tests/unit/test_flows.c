/* Description: rp_flows, what each round of rail_cluster_bw runs. From
 * the host pairs' rounds (rp_sched): the circle method's rounds, each pair
 * rail i to rail i + shift both ways, --cross's shifts. From the wiring
 * map's links: on a switched cluster of 2 .. 9 hosts exactly the circle
 * method's rounds and flows (the words on the wire equal), on rings of 3
 * to 8 hosts one round of every cable once, and on any map every link
 * once with no rail in two flows of a round. The ring pattern (one way,
 * each host to its successor: the map's cables, or rail i to rail i) and
 * incast (every other host into one, refused past RP_FLOWS_MAX_ENDS
 * flows), each end's role at its host. On the wire: encode/decode round
 * trips within rp_flows_words_max, and each corrupt schedule (short,
 * counts that disagree, no rounds, out-of-range hosts, rails, kinds and
 * shifts, a host joined to itself, a rail in two pairs flows or sending
 * twice, a host past the thread limit, flows left over) is refused with
 * its one-line reason and leaves nothing allocated. */
#define _GNU_SOURCE
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cases.h"
#include "cluster/rp_flows.h"
#include "cluster/rp_wiremap.h"
#include "wirefix.h"

static struct wf w;

/* rp_flows_path_fn over a wiring map. */
static bool path(const void *ctx, unsigned int h, unsigned int i,
		 unsigned int g, unsigned int j)
{
	return rp_wmap_path(ctx, h, i, g, j);
}

/* No rail in two flows of a round, save one-way flows' receivers; no
 * host past the thread limit. */
static void assert_rounds_ok(const struct rp_flows *f)
{
	uint32_t *w2, len;
	struct rp_flows d;
	char why[160];

	assert_int_equal(rp_flows_encode(f, &w2, &len), 0);
	assert_true(len <= rp_flows_words_max(f->hosts, f->rails));
	assert_int_equal(rp_flows_decode(&d, w2, len, f->hosts, f->rails, why,
					 sizeof(why)),
			 0);
	rp_flows_fini(&d);
	free(w2);
}

static void test_from_sched(void **state)
{
	struct rp_sched s;
	struct rp_flows f;
	unsigned int r, k;

	(void)state;
	assert_int_equal(rp_sched_circle(&s, 4, 2, false), 0);
	assert_int_equal(rp_flows_from_sched(&f, &s), 0);
	assert_int_equal(f.nrounds, 3);
	for (r = 0; r < 3; r++) {
		assert_int_equal(f.rounds[r].nflows, 4);
		for (k = 0; k < 4; k++) {
			const struct rp_flow *x = &f.rounds[r].flows[k];

			assert_int_equal(x->a, s.rounds[r].pairs[k / 2].a);
			assert_int_equal(x->b, s.rounds[r].pairs[k / 2].b);
			assert_int_equal(x->ra, k % 2);
			assert_int_equal(x->rb, k % 2);
			assert_int_equal(x->kind, RP_FLOW_BOTH);
		}
	}
	assert_rounds_ok(&f);
	rp_flows_fini(&f);
	rp_sched_fini(&s);
	assert_int_equal(rp_sched_circle(&s, 3, 2, true), 0);
	assert_int_equal(rp_flows_from_sched(&f, &s), 0);
	assert_int_equal(f.nrounds, 6);
	assert_int_equal(f.rounds[1].shift, 1);
	assert_int_equal(f.rounds[1].flows[0].rb, 1);
	assert_int_equal(f.rounds[1].flows[1].rb, 0);
	assert_rounds_ok(&f);
	rp_flows_fini(&f);
	rp_sched_fini(&s);
}

/* On a switched cluster the map's flows are the circle method's. */
static void test_links_switch_as_circle(void **state)
{
	uint32_t *wa, *wb, la, lb;
	struct rp_flows a, b;
	struct rp_sched s;
	struct rp_wmap m;
	unsigned int n, R;

	(void)state;
	for (n = 2; n <= 9; n++)
		for (R = 1; R <= 2; R++) {
			wf_switch(&w, n, R);
			assert_int_equal(rp_wmap_build(&m, n, R, w.e, w.heard),
					 0);
			assert_int_equal(rp_sched_circle(&s, n, R, false), 0);
			assert_int_equal(rp_flows_from_sched(&a, &s), 0);
			assert_int_equal(rp_flows_from_links(&b, &s, path, &m),
					 0);
			assert_int_equal(rp_flows_encode(&a, &wa, &la), 0);
			assert_int_equal(rp_flows_encode(&b, &wb, &lb), 0);
			assert_int_equal(la, lb);
			assert_memory_equal(wa, wb, la * sizeof(*wa));
			free(wa);
			free(wb);
			rp_flows_fini(&a);
			rp_flows_fini(&b);
			rp_sched_fini(&s);
			rp_wmap_fini(&m);
		}
}

static void test_links_ring(void **state)
{
	struct rp_flows f;
	struct rp_sched s;
	struct rp_wmap m;
	unsigned int n, k, seen;

	(void)state;
	for (n = 3; n <= 8; n++) {
		wf_ring(&w, n);
		assert_int_equal(rp_wmap_build(&m, n, 2, w.e, w.heard), 0);
		assert_int_equal(rp_sched_circle(&s, n, 2, false), 0);
		assert_int_equal(rp_flows_from_links(&f, &s, path, &m), 0);
		assert_int_equal(f.nrounds, 1); /* every rail once: at once */
		assert_int_equal(f.rounds[0].nflows, n);
		for (k = 0, seen = 0; k < n; k++) {
			const struct rp_flow *x = &f.rounds[0].flows[k];

			assert_true(rp_wmap_path(&m, x->a, x->ra, x->b, x->rb));
			assert_int_equal(x->kind, RP_FLOW_BOTH);
			seen |= 1u << (x->a == (x->b + 1) % n ? x->b : x->a);
		}
		assert_int_equal(seen, (1u << n) - 1); /* every cable once */
		assert_rounds_ok(&f);
		rp_flows_fini(&f);
		rp_sched_fini(&s);
		rp_wmap_fini(&m);
	}
	wf_ring(&w, 4); /* the diagonals have no link: --pairs of one */
	assert_int_equal(rp_wmap_build(&m, 4, 2, w.e, w.heard), 0);
	{
		const struct rp_pair diag[] = { { 0, 2 } };

		assert_int_equal(rp_sched_pack(&s, diag, 1, 4, 2, false), 0);
		assert_int_equal(rp_flows_from_links(&f, &s, path, &m),
				 -ENOENT);
		rp_sched_fini(&s);
	}
	rp_wmap_fini(&m);
}

/* Every link of a map with several cables between hosts once, no end
 * twice a round. */
static void test_links_mesh(void **state)
{
	struct rp_flows f;
	struct rp_sched s;
	struct rp_wmap m;
	unsigned int r, k, total = 0;

	(void)state;
	wf_switch(&w, 5, 3);
	wf_cable(&w, 0, 0, 1, 2); /* more links: one segment, a subnet */
	wf_addr(&w, 1, 2, "10.0.1.200/24");
	assert_int_equal(rp_wmap_build(&m, 5, 3, w.e, w.heard), 0);
	assert_int_equal(rp_sched_circle(&s, 5, 3, false), 0);
	assert_int_equal(rp_flows_from_links(&f, &s, path, &m), 0);
	for (r = 0; r < f.nrounds; r++)
		for (k = 0; k < f.rounds[r].nflows; k++) {
			const struct rp_flow *x = &f.rounds[r].flows[k];

			assert_true(rp_wmap_path(&m, x->a, x->ra, x->b, x->rb));
			total++;
		}
	assert_int_equal(total, m.nlinks);
	assert_rounds_ok(&f);
	rp_flows_fini(&f);
	rp_sched_fini(&s);
	rp_wmap_fini(&m);
}

static void test_ring_pattern(void **state)
{
	const uint32_t order[4] = { 0, 1, 2, 3 };
	struct rp_fend e[RP_FLOWS_MAX_ENDS];
	unsigned int bad = 99, n;
	struct rp_flows f;
	struct rp_wmap m;

	(void)state;
	wf_ring(&w, 4);
	assert_int_equal(rp_wmap_build(&m, 4, 2, w.e, w.heard), 0);
	assert_int_equal(rp_flows_ring(&f, 4, 2, m.order, path, &m, &bad), 0);
	assert_int_equal(f.nrounds, 1);
	assert_int_equal(f.rounds[0].nflows, 4);
	assert_int_equal(f.rounds[0].flows[0].kind, RP_FLOW_ONEWAY);
	n = rp_flows_ends(&f.rounds[0], 1, e);
	assert_int_equal(n, 2); /* receives from h0 on rail 0, sends on 1 */
	assert_int_equal(e[0].role, RP_END_RECV);
	assert_int_equal(e[0].rail, 0);
	assert_int_equal(e[0].peer, 0);
	assert_int_equal(e[1].role, RP_END_SEND);
	assert_int_equal(e[1].rail, 1);
	assert_rounds_ok(&f);
	rp_flows_fini(&f);
	/* rail i to rail i over shared segments: a rail sends and receives */
	assert_int_equal(rp_flows_ring(&f, 4, 2, order, NULL, NULL, &bad), 0);
	assert_int_equal(f.rounds[0].nflows, 8);
	assert_int_equal(rp_flows_ends(&f.rounds[0], 2, e), 4);
	assert_rounds_ok(&f);
	rp_flows_fini(&f);
	/* the ranks' order on a ring: h0 -> h1 has a cable, h1 -> h3 none */
	{
		const uint32_t skew[4] = { 0, 1, 3, 2 };

		assert_int_equal(rp_flows_ring(&f, 4, 2, skew, path, &m, &bad),
				 -ENOENT);
		assert_int_equal(bad, 1);
	}
	rp_wmap_fini(&m);
}

static void test_incast(void **state)
{
	struct rp_fend e[RP_FLOWS_MAX_ENDS];
	struct rp_flows f;
	struct rp_wmap m;

	(void)state;
	assert_int_equal(rp_flows_incast(&f, 4, 2, 0, NULL, NULL), 0);
	assert_int_equal(f.nrounds, 1);
	assert_int_equal(f.rounds[0].nflows, 6);
	assert_int_equal(rp_flows_ends(&f.rounds[0], 0, e), 6);
	assert_int_equal(e[0].role, RP_END_RECV);
	assert_int_equal(rp_flows_ends(&f.rounds[0], 3, e), 2);
	assert_int_equal(e[1].role, RP_END_SEND);
	assert_rounds_ok(&f);
	rp_flows_fini(&f);
	assert_int_equal(rp_flows_incast(&f, 9, 2, 8, NULL, NULL), 0); /* 16 */
	rp_flows_fini(&f);
	assert_int_equal(rp_flows_incast(&f, 10, 2, 8, NULL, NULL), -E2BIG);
	/* a ring: only the two neighbours have a cable to h0 */
	wf_ring(&w, 4);
	assert_int_equal(rp_wmap_build(&m, 4, 2, w.e, w.heard), 0);
	assert_int_equal(rp_flows_incast(&f, 4, 2, 0, path, &m), 0);
	assert_int_equal(f.rounds[0].nflows, 2);
	rp_flows_fini(&f);
	rp_wmap_fini(&m);
}

/* 4 hosts, 2 rails: round 1 (shift 0): 0:0-1:0 both, 2:1>3:0 one way;
 * round 2 (shift 1): 0:1-2:0 both. */
#define F(a, ra, b, rb, k) a, ra, b, rb, k
#define GOOD \
	2, 3, 0, 2, 1, 1, F(0, 0, 1, 0, 0), F(2, 1, 3, 0, 1), F(0, 1, 2, 0, 0)

struct bad_flows {
	const char *name;
	uint32_t w[40];
	size_t len;
	const char *why;
};

static const struct bad_flows bad_flows[] = {
	{ "empty", { 0 }, 0, "0 words, fewer than 2" },
	{ "no rounds",
	  { 0, 0 },
	  2,
	  "0 rounds of 0 flows in all: out of range for 4 hosts" },
	{ "cut short",
	  { GOOD },
	  20,
	  "20 words where 2 rounds of 3 flows take 21" },
	{ "longer",
	  { GOOD, 0 },
	  22,
	  "22 words where 2 rounds of 3 flows take 21" },
	{ "huge counts",
	  { 0xffffffff, 0xffffffff },
	  2,
	  "4294967295 rounds of 4294967295 flows in all: out of range for 4 "
	  "hosts" },
	{ "shift past the rails",
	  { 2, 3, 0, 2, 2, 1, F(0, 0, 1, 0, 0), F(2, 1, 3, 0, 1),
	    F(0, 1, 2, 0, 0) },
	  21,
	  "round 2: rail shift 2 of 2 rails" },
	{ "round past the total",
	  { 2, 3, 0, 2, 1, 2, F(0, 0, 1, 0, 0), F(2, 1, 3, 0, 1),
	    F(0, 1, 2, 0, 0) },
	  21,
	  "round 2: 2 flows (3 in all)" },
	{ "flows left over",
	  { 2, 3, 0, 1, 1, 1, F(0, 0, 1, 0, 0), F(2, 1, 3, 0, 1),
	    F(0, 1, 2, 0, 0) },
	  21,
	  "the rounds hold 2 flows, the header says 3" },
	{ "host out of range",
	  { 1, 1, 0, 1, F(0, 0, 4, 0, 0) },
	  9,
	  "round 1: hosts 0 and 4 of 4" },
	{ "joined to itself",
	  { 1, 1, 0, 1, F(2, 0, 2, 1, 0) },
	  9,
	  "round 1: hosts 2 and 2 of 4" },
	{ "rail out of range",
	  { 1, 1, 0, 1, F(0, 2, 1, 0, 0) },
	  9,
	  "round 1: rails 2 and 0 of 2" },
	{ "kind", { 1, 1, 0, 1, F(0, 0, 1, 0, 2) }, 9, "round 1: flow kind 2" },
	{ "a rail in two pairs flows",
	  { 1, 2, 0, 2, F(0, 0, 1, 0, 0), F(2, 0, 0, 0, 0) },
	  14,
	  "round 1: rail 0 of host 0 in two flows" },
	{ "a rail sends twice",
	  { 1, 2, 0, 2, F(0, 0, 1, 0, 1), F(0, 0, 2, 0, 1) },
	  14,
	  "round 1: rail 0 of host 0 in two flows" },
	{ "a pairs flow on a receiving rail",
	  { 1, 2, 0, 2, F(1, 0, 0, 0, 1), F(0, 0, 2, 0, 0) },
	  14,
	  "round 1: rail 0 of host 0 in two flows" },
};

static void test_decode_corrupt(void **state)
{
	const struct bad_flows *c = *state;
	struct rp_flows d;
	char why[160] = "";

	assert_int_equal(rp_flows_decode(&d, c->w, c->len, 4, 2, why,
					 sizeof(why)),
			 -EBADMSG);
	assert_string_equal(why, c->why);
	assert_null(d.rounds);
	assert_null(d.all);
	rp_flows_fini(&d);
}

static void test_decode_good(void **state)
{
	static const uint32_t good[] = { GOOD };
	uint32_t *w2, len, k, *many;
	struct rp_flows d;
	char why[160];

	(void)state;
	assert_int_equal(rp_flows_decode(&d, good, 21, 4, 2, why, sizeof(why)),
			 0);
	assert_int_equal(d.rounds[0].nflows, 2);
	assert_int_equal(d.rounds[1].flows[0].b, 2);
	assert_int_equal(rp_flows_encode(&d, &w2, &len), 0);
	assert_int_equal(len, 21);
	assert_memory_equal(w2, good, sizeof(good));
	free(w2);
	rp_flows_fini(&d);
	assert_int_equal(rp_flows_decode(&d, good, 21, 1, 2, why, sizeof(why)),
			 -EBADMSG);
	assert_int_equal(rp_flows_decode(&d, good, 21, 4, 17, why, sizeof(why)),
			 -EBADMSG);
	/* 17 one-way flows into host 0 of 18 hosts: past the threads */
	many = calloc(4 + 5 * 17, sizeof(*many));
	assert_non_null(many);
	many[0] = 1;
	many[1] = 17;
	many[3] = 17;
	for (k = 0; k < 17; k++) {
		uint32_t *x = many + 4 + 5 * k;

		x[0] = k + 1; /* a */
		x[4] = RP_FLOW_ONEWAY;
	}
	assert_int_equal(rp_flows_decode(&d, many, 4 + 5 * 17, 18, 1, why,
					 sizeof(why)),
			 -EBADMSG);
	assert_string_equal(why, "round 1: host 0 in more than 16 flows");
	free(many);
}

int main(void)
{
	static const struct CMUnitTest first[] = {
		cmocka_unit_test(test_from_sched),
		cmocka_unit_test(test_links_switch_as_circle),
		cmocka_unit_test(test_links_ring),
		cmocka_unit_test(test_links_mesh),
		cmocka_unit_test(test_ring_pattern),
		cmocka_unit_test(test_incast),
		cmocka_unit_test(test_decode_good),
	};
	struct CMUnitTest tests[ARRAY_SIZE(first) + ARRAY_SIZE(bad_flows)];
	size_t n = 0;

	TESTS_ADD(tests, n, first);
	CASES_ADD(tests, n, test_decode_corrupt, bad_flows);
	return RUN_TESTS(tests, n);
}
