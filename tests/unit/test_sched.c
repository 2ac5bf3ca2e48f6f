/* Description: rp_sched, rail_cluster_bw's rounds: the circle method for
 * N = 2 .. 16 (every pair exactly once, each host at most once a round,
 * N - 1 rounds for even N, N for odd); --cross (R rounds per base round,
 * every (rail i, rail j) of every host pair measured exactly once in each
 * direction, every rail busy in every round); --pairs packing (each host
 * once a round, list order kept, first fit); --pairs file parsing by name
 * and by rank with comments and blank lines, and each error as exactly
 * one line "FILE:LINE: ..." (checked byte for byte on stderr); the peer
 * rail of a shift for both ends. The rounds on the wire are flows:
 * test_flows.c. */
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
#include "cases.h"
#include "cluster/rp_sched.h"

#define NMAX 16

/* Every host at most once in round @r. */
static void assert_round_disjoint(const struct rp_sched *s, unsigned int r)
{
	unsigned char seen[NMAX] = { 0 };
	unsigned int i;

	for (i = 0; i < s->rounds[r].npairs; i++) {
		const struct rp_pair *p = &s->rounds[r].pairs[i];

		assert_true(p->a < s->hosts && p->b < s->hosts);
		assert_int_not_equal(p->a, p->b);
		assert_int_equal(seen[p->a]++, 0);
		assert_int_equal(seen[p->b]++, 0);
	}
}

static void test_circle_every_pair_once(void **state)
{
	unsigned int n, r, i, cnt[NMAX][NMAX];
	struct rp_sched s;

	(void)state;
	for (n = 2; n <= NMAX; n++) {
		memset(cnt, 0, sizeof(cnt));
		assert_int_equal(rp_sched_circle(&s, n, 1, false), 0);
		assert_int_equal(s.nrounds, n % 2 ? n : n - 1);
		for (r = 0; r < s.nrounds; r++) {
			assert_round_disjoint(&s, r);
			assert_int_equal(s.rounds[r].npairs, n / 2);
			assert_int_equal(s.rounds[r].shift, 0);
			for (i = 0; i < s.rounds[r].npairs; i++) {
				struct rp_pair p = s.rounds[r].pairs[i];

				cnt[p.a < p.b ? p.a : p.b]
				   [p.a < p.b ? p.b : p.a]++;
			}
		}
		for (r = 0; r < n; r++)
			for (i = r + 1; i < n; i++)
				assert_int_equal(cnt[r][i], 1);
		rp_sched_fini(&s);
	}
}

/* Count (sender, receiver, sender rail, receiver rail) of both directions
 * of a round's pair, as the engine measures them. */
static void count_cross(const struct rp_sched *s, unsigned int r,
			unsigned int (*cnt)[NMAX][4][4])
{
	unsigned int i, k, R = s->rails;

	for (i = 0; i < s->rounds[r].npairs; i++) {
		struct rp_pair p = s->rounds[r].pairs[i];

		for (k = 0; k < R; k++) { /* a's rail k, b's rail peer */
			unsigned int j = rp_sched_peer_rail(s->rounds[r].shift,
							    R, k, true);

			assert_int_equal(rp_sched_peer_rail(s->rounds[r].shift,
							    R, j, false),
					 k);
			cnt[p.a][p.b][k][j]++;
			cnt[p.b][p.a][j][k]++;
		}
	}
}

static void test_cross_every_rail_pair_once(void **state)
{
	static unsigned int cnt[NMAX][NMAX][4][4];
	unsigned int n, R, r, a, b, i, j;
	struct rp_sched s;

	(void)state;
	for (n = 2; n <= 7; n++) {
		for (R = 1; R <= 4; R++) {
			memset(cnt, 0, sizeof(cnt));
			assert_int_equal(rp_sched_circle(&s, n, R, true), 0);
			assert_int_equal(s.nrounds, (n % 2 ? n : n - 1) * R);
			for (r = 0; r < s.nrounds; r++) {
				assert_round_disjoint(&s, r);
				assert_int_equal(s.rounds[r].shift, r % R);
				count_cross(&s, r, cnt);
			}
			for (a = 0; a < n; a++)
				for (b = 0; b < n; b++)
					for (i = 0; i < R; i++)
						for (j = 0; j < R; j++)
							assert_int_equal(
								cnt[a][b][i][j],
								a != b);
			rp_sched_fini(&s);
		}
	}
}

static void test_circle_bad_counts(void **state)
{
	struct rp_sched s;

	(void)state;
	assert_int_equal(rp_sched_circle(&s, 1, 1, false), -EINVAL);
	assert_int_equal(rp_sched_circle(&s, 4, 0, false), -EINVAL);
	assert_int_equal(rp_sched_circle(&s, 4, 17, true), -EINVAL);
	rp_sched_fini(&s);
}

static void test_pack_first_fit(void **state)
{
	static const struct rp_pair list[] = {
		{ 0, 1 }, { 1, 2 }, { 2, 3 }, { 0, 3 }, { 3, 1 }
	};
	struct rp_sched s;

	(void)state;
	assert_int_equal(rp_sched_pack(&s, list, 5, 4, 2, false), 0);
	/* round 1: 0-1 2-3; round 2: 1-2 0-3; round 3: 3-1 */
	assert_int_equal(s.nrounds, 3);
	assert_int_equal(s.rounds[0].npairs, 2);
	assert_int_equal(s.rounds[0].pairs[1].a, 2);
	assert_int_equal(s.rounds[1].npairs, 2);
	assert_int_equal(s.rounds[1].pairs[0].b, 2);
	assert_int_equal(s.rounds[2].npairs, 1);
	assert_int_equal(s.rounds[2].pairs[0].a, 3);
	assert_int_equal(s.rounds[2].pairs[0].b, 1);
	rp_sched_fini(&s);
	assert_int_equal(rp_sched_pack(&s, list, 5, 4, 2, true), 0);
	assert_int_equal(s.nrounds, 6);
	assert_int_equal(s.rounds[5].shift, 1);
	rp_sched_fini(&s);
	assert_int_equal(rp_sched_pack(&s, list, 5, 3, 1, false), -EINVAL);
}

static const char *const names[] = { "h0", "h1", "h2", "h3" };

struct parsed {
	int ret;
	struct rp_pair *list;
	unsigned int n;
	char err[1024];
};

static void parse(struct parsed *p, const char *text)
{
	struct capture c;

	capture_begin(&c);
	p->ret = rp_sched_parse(text, "pairs.txt", names, 4, &p->list, &p->n);
	capture_end(&c, p->err, sizeof(p->err));
}

static void test_parse_valid(void **state)
{
	struct parsed p;

	(void)state;
	parse(&p, "# the switch's ports\n\nh0 h1\n  2\th3 # rank 2 by number\n"
		  "h3 1\r\n");
	assert_int_equal(p.ret, 0);
	assert_string_equal(p.err, "");
	assert_int_equal(p.n, 3);
	assert_int_equal(p.list[0].a, 0);
	assert_int_equal(p.list[0].b, 1);
	assert_int_equal(p.list[1].a, 2);
	assert_int_equal(p.list[1].b, 3);
	assert_int_equal(p.list[2].a, 3);
	assert_int_equal(p.list[2].b, 1);
	free(p.list);
}

struct err_case {
	const char *name;
	const char *text;
	const char *line; /* after "<program>: " */
};

static const struct err_case err_cases[] = {
	{ "pairs: unknown host", "h0 h1\nh0 h9\n",
	  "pairs.txt:2: unknown host 'h9' (give a host name of the job or a "
	  "rank 0 .. 3)" },
	{ "pairs: rank out of range", "\n\n\n4 h1\n",
	  "pairs.txt:4: unknown host '4' (give a host name of the job or a "
	  "rank 0 .. 3)" },
	{ "pairs: one host", "h0 h1\nh2\n",
	  "pairs.txt:2: want two hosts, found 1" },
	{ "pairs: three hosts", "h0 h1 h2\n",
	  "pairs.txt:1: want two hosts, found 3" },
	{ "pairs: with itself", "h0 h1\n# x\nh2 2\n",
	  "pairs.txt:3: host 'h2' paired with itself" },
	{ "pairs: repeated", "h0 h1\nh2 h3\nh1 h0\n",
	  "pairs.txt:3: pair h1 - h0 given before, on line 1" },
	{ "pairs: none", "# nothing\n\n",
	  "pairs.txt: no pairs (one pair a line: two host names or ranks)" },
};

static void test_parse_error(void **state)
{
	const struct err_case *e = *state;
	char want[1024];
	struct parsed p;

	parse(&p, e->text);
	snprintf(want, sizeof(want), "%s: %s\n", program_invocation_short_name,
		 e->line);
	assert_int_equal(p.ret, -EINVAL);
	assert_null(p.list);
	assert_int_equal(p.n, 0);
	assert_string_equal(p.err, want);
}

static void test_peer_rail(void **state)
{
	(void)state;
	assert_int_equal(rp_sched_peer_rail(0, 4, 3, true), 3);
	assert_int_equal(rp_sched_peer_rail(1, 4, 3, true), 0);
	assert_int_equal(rp_sched_peer_rail(1, 4, 0, false), 3);
	assert_int_equal(rp_sched_peer_rail(3, 4, 1, false), 2);
	assert_int_equal(rp_sched_peer_rail(2, 1, 0, true), 0);
}

int main(void)
{
	static const struct CMUnitTest first[] = {
		cmocka_unit_test(test_circle_every_pair_once),
		cmocka_unit_test(test_cross_every_rail_pair_once),
		cmocka_unit_test(test_circle_bad_counts),
		cmocka_unit_test(test_pack_first_fit),
		cmocka_unit_test(test_parse_valid),
		cmocka_unit_test(test_peer_rail),
	};
	struct CMUnitTest tests[ARRAY_SIZE(first) + ARRAY_SIZE(err_cases)];
	size_t n = 0;

	TESTS_ADD(tests, n, first);
	CASES_ADD(tests, n, test_parse_error, err_cases);
	return RUN_TESTS(tests, n);
}
