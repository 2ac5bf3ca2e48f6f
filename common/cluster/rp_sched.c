// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_log.h"
#include "base/rp_parse.h"
#include "proto/rp_proto.h"
#include "cluster/rp_sched.h"

/* A pair and the round (before --cross's repeats) it belongs to. */
struct rp_placed {
	struct rp_pair p;
	unsigned int round;
};

static int rp_sched_counts_ok(unsigned int hosts, unsigned int rails)
{
	return hosts >= 2 && hosts <= RP_SCHED_MAX_HOSTS && rails >= 1 &&
	       rails <= RP_MAX_RAILS;
}

/*
 * The final rounds from @n placed pairs in @nbase rounds: each base round
 * once, or with @cross once per shift 0 .. rails - 1.
 */
static int rp_sched_expand(struct rp_sched *s, const struct rp_placed *pl,
			   unsigned int n, unsigned int nbase, bool cross)
{
	unsigned int reps = cross ? s->rails : 1, b, k, i, at = 0;

	s->nrounds = nbase * reps;
	s->rounds = calloc((size_t)s->nrounds + 1, sizeof(*s->rounds));
	s->all = calloc((size_t)n * reps + 1, sizeof(*s->all));
	if (!s->rounds || !s->all) {
		rp_sched_fini(s);
		return -ENOMEM;
	}
	for (b = 0; b < nbase; b++) {
		for (k = 0; k < reps; k++) {
			struct rp_round *r = &s->rounds[b * reps + k];

			r->shift = k;
			r->pairs = &s->all[at];
			for (i = 0; i < n; i++)
				if (pl[i].round == b)
					s->all[at++] = pl[i].p;
			r->npairs = (unsigned int)(&s->all[at] - r->pairs);
		}
	}
	return 0;
}

static struct rp_pair rp_pair_of(unsigned int x, unsigned int y)
{
	return x < y ? (struct rp_pair){ x, y } : (struct rp_pair){ y, x };
}

int rp_sched_circle(struct rp_sched *s, unsigned int hosts, unsigned int rails,
		    bool cross)
{
	unsigned int m = hosts + (hosts & 1), r, k, n = 0, x, y;
	struct rp_placed *pl;
	int ret;

	memset(s, 0, sizeof(*s));
	if (!rp_sched_counts_ok(hosts, rails))
		return -EINVAL;
	s->hosts = hosts;
	s->rails = rails;
	pl = calloc((size_t)(m - 1) * (m / 2), sizeof(*pl));
	if (!pl)
		return -ENOMEM;
	/* host 0 stays, the others turn one place a round; host m - 1 of an
	 * odd count is the empty seat: its partner sits the round out */
	for (r = 0; r < m - 1; r++) {
		for (k = 0; k < m / 2; k++) {
			x = k ? 1 + (k - 1 + r) % (m - 1) : 0;
			y = 1 + (m - 2 - k + r) % (m - 1);
			if (x >= hosts || y >= hosts)
				continue;
			pl[n].p = rp_pair_of(x, y);
			pl[n++].round = r;
		}
	}
	ret = rp_sched_expand(s, pl, n, m - 1, cross);
	free(pl);
	return ret;
}

/* First fit: the first round (growing @busy) where neither host plays. */
static int rp_sched_fit(unsigned char **busy, unsigned int *nr,
			unsigned int hosts, struct rp_pair p)
{
	unsigned char *b;
	unsigned int r;

	for (r = 0; r < *nr; r++)
		if (!(*busy)[(size_t)r * hosts + p.a] &&
		    !(*busy)[(size_t)r * hosts + p.b])
			break;
	if (r == *nr) {
		b = realloc(*busy, (size_t)(*nr + 1) * hosts);
		if (!b)
			return -ENOMEM;
		memset(b + (size_t)*nr * hosts, 0, hosts);
		*busy = b;
		(*nr)++;
	}
	(*busy)[(size_t)r * hosts + p.a] = 1;
	(*busy)[(size_t)r * hosts + p.b] = 1;
	return (int)r;
}

int rp_sched_pack(struct rp_sched *s, const struct rp_pair *list,
		  unsigned int n, unsigned int hosts, unsigned int rails,
		  bool cross)
{
	unsigned char *busy = NULL;
	struct rp_placed *pl;
	unsigned int i, nr = 0;
	int ret = 0, r;

	memset(s, 0, sizeof(*s));
	if (!rp_sched_counts_ok(hosts, rails) || !n)
		return -EINVAL;
	for (i = 0; i < n; i++)
		if (list[i].a >= hosts || list[i].b >= hosts ||
		    list[i].a == list[i].b)
			return -EINVAL;
	s->hosts = hosts;
	s->rails = rails;
	pl = calloc(n, sizeof(*pl));
	if (!pl)
		return -ENOMEM;
	for (i = 0; i < n && !ret; i++) {
		r = rp_sched_fit(&busy, &nr, hosts, list[i]);
		if (r < 0)
			ret = r;
		pl[i] = (struct rp_placed){ list[i], (unsigned int)r };
	}
	if (!ret)
		ret = rp_sched_expand(s, pl, n, nr, cross);
	free(busy);
	free(pl);
	return ret;
}

/* A host of a --pairs line: one of the names, else a rank number. */
static int rp_sched_host(const char *word, const char *const *names,
			 unsigned int hosts)
{
	uint64_t v;
	unsigned int i;

	for (i = 0; i < hosts; i++)
		if (!strcmp(word, names[i]))
			return (int)i;
	if (!rp_parse_u64(word, 0, hosts - 1, &v))
		return (int)v;
	return -1;
}

/* The words of one line (comment cut), at most 3 kept; their count. */
static unsigned int rp_sched_words(char *line, char **w)
{
	unsigned int n = 0;
	char *save, *t;

	line[strcspn(line, "#")] = 0;
	for (t = strtok_r(line, " \t\r", &save); t;
	     t = strtok_r(NULL, " \t\r", &save))
		if (n++ < 3)
			w[n - 1] = t;
	return n;
}

/* Nothing but blanks before the end or a '#'. */
static bool rp_sched_blank(const char *line)
{
	for (; *line && *line != '#'; line++)
		if (!strchr(" \t\r", *line))
			return false;
	return true;
}

/* The line's pair into @p; one error line and -EINVAL when bad. */
static int rp_sched_line(char *line, const char *where,
			 const char *const *names, unsigned int hosts,
			 struct rp_pair *p)
{
	char *w[3];
	unsigned int n = rp_sched_words(line, w), i;
	int h[2];

	if (n != 2) {
		rp_err("%s: want two hosts, found %u", where, n);
		return -EINVAL;
	}
	for (i = 0; i < 2; i++) {
		h[i] = rp_sched_host(w[i], names, hosts);
		if (h[i] < 0) {
			rp_err("%s: unknown host '%s' (give a host name of "
			       "the job or a rank 0 .. %u)",
			       where, w[i], hosts - 1);
			return -EINVAL;
		}
	}
	if (h[0] == h[1]) {
		rp_err("%s: host '%s' paired with itself", where, w[0]);
		return -EINVAL;
	}
	*p = (struct rp_pair){ (uint32_t)h[0], (uint32_t)h[1] };
	return 0;
}

/* Where pair @p was given before, as a line number, 0 if not. */
static unsigned int rp_sched_seen(const struct rp_pair *list,
				  const unsigned int *lines, unsigned int n,
				  struct rp_pair p)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if ((list[i].a == p.a && list[i].b == p.b) ||
		    (list[i].a == p.b && list[i].b == p.a))
			return lines[i];
	return 0;
}

/* Parse @text (a private copy, cut into lines) into @list / @lines. */
static int rp_sched_lines(char *text, const char *fname,
			  const char *const *names, unsigned int hosts,
			  struct rp_pair *list, unsigned int *lines,
			  unsigned int *n)
{
	char where[512], *line = text, *next;
	unsigned int no = 0, dup;

	for (; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = 0;
		no++;
		snprintf(where, sizeof(where), "%s:%u", fname, no);
		if (rp_sched_blank(line))
			continue;
		if (rp_sched_line(line, where, names, hosts, &list[*n]))
			return -EINVAL;
		dup = rp_sched_seen(list, lines, *n, list[*n]);
		if (dup) {
			rp_err("%s: pair %s - %s given before, on line %u",
			       where, names[list[*n].a], names[list[*n].b],
			       dup);
			return -EINVAL;
		}
		lines[(*n)++] = no;
	}
	return 0;
}

int rp_sched_parse(const char *text, const char *fname,
		   const char *const *names, unsigned int hosts,
		   struct rp_pair **out, unsigned int *n)
{
	size_t len = strlen(text), max = 1;
	unsigned int *lines;
	char *copy;
	int ret;

	for (copy = (char *)text; *copy; copy++)
		max += *copy == '\n';
	*n = 0;
	*out = calloc(max, sizeof(**out));
	lines = calloc(max, sizeof(*lines));
	copy = malloc(len + 1);
	ret = *out && lines && copy ? 0 : -ENOMEM;
	if (!ret) {
		memcpy(copy, text, len + 1);
		ret = rp_sched_lines(copy, fname, names, hosts, *out, lines, n);
	}
	if (!ret && !*n) {
		rp_err("%s: no pairs (one pair a line: two host names or "
		       "ranks)",
		       fname);
		ret = -EINVAL;
	}
	if (ret) {
		free(*out);
		*out = NULL;
		*n = 0;
	}
	free(lines);
	free(copy);
	return ret;
}

unsigned int rp_sched_peer_rail(unsigned int shift, unsigned int rails,
				unsigned int i, bool first)
{
	shift %= rails;
	return first ? (i + shift) % rails : (i + rails - shift) % rails;
}

void rp_sched_fini(struct rp_sched *s)
{
	free(s->rounds);
	free(s->all);
	s->rounds = NULL;
	s->all = NULL;
	s->nrounds = 0;
}
