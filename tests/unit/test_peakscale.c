/* Description: rp_bw_peak at scale. Its result is the definition's (the
 * smallest (comp_ns[c] - post_ns[i]) / (comp_cum[c] - i) over i <
 * comp_cum[c] with comp_ns[c] > post_ns[i], computed here by the plain
 * O(posts x completions) double loop) to the last bit, on random
 * timelines shaped as the engine writes them (post lists sharing one
 * stamp, CQ moderation, polls that reap several signaled WRs, stalls);
 * and a timeline of 2.56 M WRs (rail_multi_bw or rail_write_bw -q 128
 * -n 20000, moderation 100) takes well under a second, not minutes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "base/rp_time.h"
#include "engine/rp_stats.h"

struct tl {
	uint64_t *post, *comp, *cum;
	uint64_t n;
	size_t ncomp;
};

static uint64_t rng = 88172645463325252ULL;

static uint64_t rnd(uint64_t m)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng % m;
}

/* @n WRs in lists of @list, signaled every @mod; each poll reaps 1..3
 * signaled WRs; completions @lat ns (+ noise) after the post. */
static void make(struct tl *t, uint64_t n, unsigned int list, unsigned int mod,
		 uint64_t lat)
{
	uint64_t i, now = 1000000, last = 0;

	t->n = n;
	t->post = malloc(n * sizeof(uint64_t));
	t->comp = malloc(n * sizeof(uint64_t));
	t->cum = malloc(n * sizeof(uint64_t));
	assert_non_null(t->post);
	assert_non_null(t->comp);
	assert_non_null(t->cum);
	for (i = 0; i < n; i++) {
		if (i % list == 0)
			now += 1 + rnd(20) + (rnd(500) ? 0 : rnd(100000));
		t->post[i] = now;
	}
	t->ncomp = 0;
	for (i = mod; i < n + mod; i += mod * (1 + rnd(3))) {
		uint64_t upto = i < n ? i : n;
		uint64_t at = t->post[upto - 1] + lat + rnd(lat / 2 + 1);

		last = at > last ? at : last;
		t->comp[t->ncomp] = last;
		t->cum[t->ncomp++] = upto;
	}
}

static void drop(struct tl *t)
{
	free(t->post);
	free(t->comp);
	free(t->cum);
}

/* The definition, as rp_bw_peak computed it before: every pair. */
static double quadratic(const struct tl *t, uint64_t size)
{
	double best = 0;
	uint64_t i;
	size_t c;

	for (i = 0; i < t->n; i++)
		for (c = 0; c < t->ncomp; c++) {
			double per;

			if (t->cum[c] <= i || t->comp[c] <= t->post[i])
				continue;
			per = (double)(t->comp[c] - t->post[i]) /
			      (double)(t->cum[c] - i);
			if (best == 0 || per < best)
				best = per;
		}
	return best ? (double)size * 8.0 / best : 0;
}

static double linear(const struct tl *t, uint64_t size)
{
	const struct rp_timeline tt = { t->post, t->n, t->comp, t->cum,
					t->ncomp };

	return rp_bw_peak(&tt, size, true);
}

static void test_same_as_definition(void **state)
{
	static const unsigned int lists[] = { 1, 1, 4, 32 };
	static const unsigned int mods[] = { 1, 100, 4, 32 };
	int k;

	(void)state;
	for (k = 0; k < 400; k++) {
		struct tl t;
		unsigned int v = (unsigned int)rnd(4);

		make(&t, 1 + rnd(3000) / mods[v] * mods[v] + mods[v], lists[v],
		     mods[v], 200 + rnd(5000));
		assert_true(linear(&t, 65536) == quadratic(&t, 65536));
		drop(&t);
	}
}

static void test_linear_time(void **state)
{
	struct tl t;
	uint64_t t0, ns;
	double got;

	(void)state;
	make(&t, 128 * 20000, 1, 100, 2000);
	t0 = rp_now_ns();
	got = linear(&t, 65536);
	ns = rp_now_ns() - t0;
	print_message("2.56 M WRs, %zu completion events: %.1f ms, peak "
		      "%.2f Gb/s\n",
		      t.ncomp, ns / 1e6, got);
	assert_true(got > 0);
	assert_true(ns < RP_NSEC_PER_SEC);
	drop(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_as_definition),
		cmocka_unit_test(test_linear_time),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
