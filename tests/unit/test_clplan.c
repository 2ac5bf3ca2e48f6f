/* Description: rp_clplan, rank 0's pairing and rounds. Without --pairing
 * the map decides: rails in more than one subnet and links (a switched
 * cluster with a subnet per rail, a ring) pair by the map, one line
 * saying so and why; a flat subnet pairs rail i to rail i; no map (too
 * many rails) pairs rail i to rail i and says why; --cross is index's;
 * --pairing=index on a ring runs today's rail i to rail i (every pair,
 * both rails, the circle's rounds); --pairing=map without a map and a
 * map that links none of --pairs's pairs are refused with one line;
 * matrices per pair of rails when a link joins other rail numbers, and
 * the cells the map does not join marked "no path" with why (never a
 * linked one); --pattern=ring follows the map's ring; --pattern=incast
 * takes a host by name or rank and refuses an unknown one. */
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

#include "capture.h"
#include "cluster/rp_clplan.h"
#include "wirefix.h"

static struct wf w;
static const char *const names[] = { "h0", "h1", "h2", "h3", "h4", "h5" };

/* Make the plan of @c over the map of w (@map false: none); its line
 * into @out, stderr into @err; the return value. */
static int make(struct rp_clplan *p, const struct rp_clopts *c, bool map,
		char *out, size_t len, char *err, size_t elen)
{
	struct rp_wmap m;
	struct rp_clplan_in in = {
		.c = c,
		.hosts = w.hosts,
		.rails = w.rails,
		.map = map ? &m : NULL,
		.why_nomap = "4200 rails in all, more than the 2048 it is "
			     "drawn for",
		.names = names,
	};
	struct capture cap;
	FILE *f = fmemopen(out, len, "w");
	int ret;

	assert_non_null(f);
	assert_int_equal(rp_wmap_build(&m, w.hosts, w.rails, w.e, w.heard), 0);
	capture_begin(&cap);
	ret = rp_clplan_make(p, &in, f);
	capture_end(&cap, err, elen);
	fclose(f);
	rp_wmap_fini(&m);
	return ret;
}

static void test_default_switch(void **state)
{
	struct rp_clopts c = { 0 };
	struct rp_clplan p;
	char out[512], err[512];

	(void)state;
	wf_switch(&w, 4, 2);
	assert_int_equal(make(&p, &c, true, out, sizeof(out), err, sizeof(err)),
			 0);
	assert_int_equal(p.pairing, RP_PAIRING_MAP);
	assert_false(p.cross);
	assert_int_equal(p.flows.nrounds, 3);
	assert_string_equal(out, " railperf: pairing: by the wiring map (a "
				 "host's rails are in more than one subnet): "
				 "every link it found, no other rail pair\n");
	rp_clplan_fini(&p);
	/* no map: rail i to rail i, and why */
	assert_int_equal(
		make(&p, &c, false, out, sizeof(out), err, sizeof(err)), 0);
	assert_int_equal(p.pairing, RP_PAIRING_INDEX);
	assert_string_equal(out, " railperf: pairing: rail i to the partner's "
				 "rail i (4200 rails in all, more than the "
				 "2048 it is drawn for)\n");
	rp_clplan_fini(&p);
	/* --cross */
	c.cross = true;
	assert_int_equal(make(&p, &c, true, out, sizeof(out), err, sizeof(err)),
			 0);
	assert_int_equal(p.pairing, RP_PAIRING_INDEX);
	assert_true(p.cross);
	assert_int_equal(p.flows.nrounds, 6);
	rp_clplan_fini(&p);
}

static void test_flat(void **state)
{
	struct rp_clopts c = { 0 };
	struct rp_clplan p;
	char out[512], err[512], a[32];
	unsigned int h;

	(void)state;
	wf_switch(&w, 3, 2);
	for (h = 0; h < 3; h++) {
		snprintf(a, sizeof(a), "10.0.0.%u/16", h + 1);
		wf_addr(&w, h, 0, a);
		snprintf(a, sizeof(a), "10.0.1.%u/16", h + 1);
		wf_addr(&w, h, 1, a);
	}
	assert_int_equal(make(&p, &c, true, out, sizeof(out), err, sizeof(err)),
			 0);
	assert_int_equal(p.pairing, RP_PAIRING_INDEX);
	assert_non_null(strstr(out, "(every host's rails share one subnet)"));
	rp_clplan_fini(&p);
}

static void test_ring_map_and_index(void **state)
{
	struct rp_clopts c = { 0 };
	struct rp_matrix mx;
	struct rp_clplan p;
	struct rp_wmap m;
	char out[512], err[512];
	unsigned int idx, s, d, si, di, nopath = 0;

	(void)state;
	wf_ring(&w, 3);
	assert_int_equal(make(&p, &c, true, out, sizeof(out), err, sizeof(err)),
			 0);
	assert_int_equal(p.pairing, RP_PAIRING_MAP);
	assert_true(p.cross);
	assert_int_equal(p.flows.nrounds, 1);
	assert_int_equal(p.flows.rounds[0].nflows, 3);
	assert_int_equal(rp_wmap_build(&m, 3, 2, w.e, w.heard), 0);
	assert_int_equal(rp_matrix_init(&mx, 3, 2, p.cross), 0);
	rp_clplan_nopath(&p, &m, &mx);
	for (idx = 0; idx < 4; idx++) {
		rp_matrix_rails(&mx, idx, &si, &di);
		for (s = 0; s < 3; s++)
			for (d = 0; d < 3; d++) {
				const struct rp_cell *x =
					rp_matrix_at(&mx, idx, s, d);

				if (s == d)
					continue;
				assert_int_equal(x->status == RP_CELL_NOPATH,
						 !rp_wmap_path(&m, s, si, d,
							       di));
				nopath += x->status == RP_CELL_NOPATH;
			}
	}
	assert_int_equal(nopath, 4 * 6 - 6);   /* every cell but the cables' */
	assert_true(rp_matrix_nopath(&mx, 0)); /* rail 0 -> rail 0 */
	assert_false(rp_matrix_nopath(&mx, 1));
	assert_string_equal(rp_matrix_at(&mx, 0, 0, 1)->reason,
			    "no cable: not on one segment and no subnet in "
			    "common");
	rp_matrix_fini(&mx);
	rp_clplan_fini(&p);
	/* today's pairing on the ring: every pair, rail i to rail i */
	c.pairing = RP_PAIRING_INDEX;
	assert_int_equal(make(&p, &c, true, out, sizeof(out), err, sizeof(err)),
			 0);
	assert_int_equal(p.flows.nrounds, 3);
	assert_int_equal(p.flows.rounds[0].nflows, 2);
	assert_false(p.cross);
	assert_int_equal(rp_matrix_init(&mx, 3, 2, p.cross), 0);
	rp_clplan_nopath(&p, &m, &mx); /* index: nothing marked */
	assert_int_equal(rp_matrix_at(&mx, 0, 0, 1)->status, RP_CELL_PENDING);
	rp_matrix_fini(&mx);
	rp_clplan_fini(&p);
	rp_wmap_fini(&m);
}

static void test_refusals(void **state)
{
	struct rp_clopts c = { 0 };
	struct rp_clplan p;
	char out[512], err[512];

	(void)state;
	wf_ring(&w, 4);
	c.pairing = RP_PAIRING_MAP;
	assert_int_equal(make(&p, &c, false, out, sizeof(out), err,
			      sizeof(err)),
			 -EINVAL);
	assert_string_equal(err, "test_clplan: --pairing=map: no wiring "
				 "map was drawn: 4200 rails in all, more than "
				 "the 2048 it is drawn for\n");
	c.pairs = "pairs.txt";
	{
		struct rp_clplan_in in;
		struct rp_wmap m;
		struct capture cap;
		FILE *f = fmemopen(out, sizeof(out), "w");
		int ret;

		assert_int_equal(rp_wmap_build(&m, 4, 2, w.e, w.heard), 0);
		in = (struct rp_clplan_in){ .c = &c,
					    .hosts = 4,
					    .rails = 2,
					    .map = &m,
					    .names = names,
					    .pairs_text = "h0 h2\n" };
		capture_begin(&cap);
		ret = rp_clplan_make(&p, &in, f);
		capture_end(&cap, err, sizeof(err));
		fclose(f);
		rp_wmap_fini(&m);
		assert_int_equal(ret, -EINVAL);
		assert_string_equal(err, "test_clplan: --pairing=map: the "
					 "wiring map links none of the pairs "
					 "of hosts to measure (its lines above "
					 "say why)\n");
	}
}

static void test_patterns(void **state)
{
	struct rp_clopts c = { 0 };
	struct rp_clplan p;
	char out[512], err[512];

	(void)state;
	wf_ring(&w, 4);
	c.pattern = RP_PATTERN_RING;
	assert_int_equal(make(&p, &c, true, out, sizeof(out), err, sizeof(err)),
			 0);
	assert_int_equal(p.flows.rounds[0].nflows, 4);
	assert_int_equal(p.ring[1], 1);
	rp_clplan_fini(&p);
	c.pattern = RP_PATTERN_INCAST;
	c.incast = "h2";
	assert_int_equal(make(&p, &c, true, out, sizeof(out), err, sizeof(err)),
			 0);
	assert_int_equal(p.dst, 2);
	assert_int_equal(p.flows.rounds[0].nflows, 2); /* its neighbours */
	rp_clplan_fini(&p);
	c.incast = "3";
	assert_int_equal(make(&p, &c, true, out, sizeof(out), err, sizeof(err)),
			 0);
	assert_int_equal(p.dst, 3);
	rp_clplan_fini(&p);
	c.incast = "h9";
	assert_int_equal(make(&p, &c, true, out, sizeof(out), err, sizeof(err)),
			 -EINVAL);
	assert_string_equal(err, "test_clplan: invalid --pattern value "
				 "'incast:h9': no such host in the job (give a "
				 "host name or a rank 0 .. 3)\n");
}

int main(void)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_default_switch),
		cmocka_unit_test(test_flat),
		cmocka_unit_test(test_ring_map_and_index),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_patterns),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
