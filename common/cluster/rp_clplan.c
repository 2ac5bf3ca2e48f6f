// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_log.h"
#include "base/rp_parse.h"
#include "cluster/rp_clplan.h"

/* rp_flows_path_fn over a wiring map. */
static bool rp_clplan_path(const void *ctx, unsigned int h, unsigned int i,
			   unsigned int g, unsigned int j)
{
	return rp_wmap_path(ctx, h, i, g, j);
}

/* The pairing and why, when --pairing leaves it to the map. */
static enum rp_pairing rp_clplan_pairing(const struct rp_clplan_in *in,
					 const char **why)
{
	const struct rp_clopts *c = in->c;

	if (c->pairing != RP_PAIRING_DEFAULT) {
		*why = "--pairing";
		return c->pairing;
	}
	if (c->cross) {
		*why = "--cross";
		return RP_PAIRING_INDEX;
	}
	if (!in->map) {
		*why = in->why_nomap;
		return RP_PAIRING_INDEX;
	}
	if (in->map->map_default) {
		*why = "a host's rails are in more than one subnet";
		return RP_PAIRING_MAP;
	}
	*why = in->map->many_subnets ? "the wiring map has no link" :
				       "every host's rails share one subnet";
	return RP_PAIRING_INDEX;
}

/* The host pairs' rounds: the circle method, or --pairs packed. */
static int rp_clplan_order(const struct rp_clplan_in *in, bool cross,
			   struct rp_sched *s)
{
	struct rp_pair *list;
	unsigned int n;
	int ret;

	if (!in->pairs_text)
		return rp_sched_circle(s, in->hosts, in->rails, cross);
	ret = rp_sched_parse(in->pairs_text, in->c->pairs, in->names, in->hosts,
			     &list, &n);
	if (ret)
		return ret;
	ret = rp_sched_pack(s, list, n, in->hosts, in->rails, cross);
	free(list);
	return ret;
}

/* --pattern=pairs: the pairs' rounds, rail i to rail i + shift, or the
 * map's links between them. */
static int rp_clplan_pairs(struct rp_clplan *p, const struct rp_clplan_in *in)
{
	bool cross = p->pairing == RP_PAIRING_INDEX && in->c->cross;
	struct rp_sched s;
	int ret = rp_clplan_order(in, cross, &s);

	if (ret)
		return ret;
	if (p->pairing == RP_PAIRING_INDEX)
		ret = rp_flows_from_sched(&p->flows, &s);
	else
		ret = rp_flows_from_links(&p->flows, &s, rp_clplan_path,
					  in->map);
	if (ret == -ENOENT)
		rp_err("--pairing=map: the wiring map links none of the pairs "
		       "of hosts to measure (its lines above say why)");
	rp_sched_fini(&s);
	return ret == -ENOENT ? -EINVAL : ret;
}

/* --pattern=ring: the map's ring, else the ranks' order. */
static int rp_clplan_ring(struct rp_clplan *p, const struct rp_clplan_in *in)
{
	const struct rp_wmap *m = p->pairing == RP_PAIRING_MAP ? in->map : NULL;
	unsigned int k, bad = 0;
	int ret;

	p->ring = calloc(in->hosts, sizeof(*p->ring));
	if (!p->ring)
		return -ENOMEM;
	for (k = 0; k < in->hosts; k++)
		p->ring[k] = m && m->ring ? m->order[k] : k;
	ret = rp_flows_ring(&p->flows, in->hosts, in->rails, p->ring,
			    m ? rp_clplan_path : NULL, m, &bad);
	if (ret == -ENOENT)
		rp_err("--pattern=ring: no link from %s to %s, its successor "
		       "in the ring (%s): see the wiring map",
		       in->names[p->ring[bad]],
		       in->names[p->ring[(bad + 1) % in->hosts]],
		       m && m->ring ? "the map's" : "rank order");
	else if (ret == -E2BIG)
		rp_err("--pattern=ring: a host would run more than %d flows at "
		       "once (one thread each): name fewer rails with -d",
		       RP_FLOWS_MAX_ENDS);
	return ret == -ENOENT || ret == -E2BIG ? -EINVAL : ret;
}

/* --pattern=incast:HOST's host, by name or rank; -1 when unknown. */
static int rp_clplan_host(const struct rp_clplan_in *in, const char *word)
{
	uint64_t v;
	unsigned int i;

	for (i = 0; i < in->hosts; i++)
		if (!strcmp(word, in->names[i]))
			return (int)i;
	if (!rp_parse_u64(word, 0, in->hosts - 1, &v))
		return (int)v;
	return -1;
}

/* --pattern=incast:HOST: every other host into HOST at once. */
static int rp_clplan_incast(struct rp_clplan *p, const struct rp_clplan_in *in)
{
	const struct rp_wmap *m = p->pairing == RP_PAIRING_MAP ? in->map : NULL;
	int dst = rp_clplan_host(in, in->c->incast), ret;

	if (dst < 0) {
		rp_err("invalid --pattern value 'incast:%s': no such host in "
		       "the job (give a host name or a rank 0 .. %u)",
		       in->c->incast, in->hosts - 1);
		return -EINVAL;
	}
	p->dst = (unsigned int)dst;
	ret = rp_flows_incast(&p->flows, in->hosts, in->rails, p->dst,
			      m ? rp_clplan_path : NULL, m);
	if (ret == -ENOENT)
		rp_err("--pattern=incast:%s: no host has a link to %s: see the "
		       "wiring map",
		       in->c->incast, in->names[dst]);
	else if (ret == -E2BIG)
		rp_err("--pattern=incast:%s: more than %d flows into %s at once "
		       "(one thread each): fewer hosts, or fewer rails with -d",
		       in->c->incast, RP_FLOWS_MAX_ENDS, in->names[dst]);
	return ret == -ENOENT || ret == -E2BIG ? -EINVAL : ret;
}

/* The pairing's line. */
static void rp_clplan_say(const struct rp_clplan *p,
			  const struct rp_clplan_in *in, const char *why,
			  FILE *f)
{
	if (p->pairing == RP_PAIRING_MAP)
		rp_fprintf(f,
			   " railperf: pairing: by the wiring map (%s): every "
			   "link it found, no other rail pair\n",
			   why);
	else if (in->c->cross)
		rp_fprintf(f, " railperf: pairing: every rail to every rail "
			      "(--cross)\n");
	else
		rp_fprintf(f,
			   " railperf: pairing: rail i to the partner's rail i "
			   "(%s)\n",
			   why);
}

int rp_clplan_make(struct rp_clplan *p, const struct rp_clplan_in *in, FILE *f)
{
	const char *why = "";
	unsigned int k;
	int ret;

	memset(p, 0, sizeof(*p));
	p->pairing = rp_clplan_pairing(in, &why);
	if (p->pairing == RP_PAIRING_MAP && !in->map) {
		rp_err("--pairing=map: no wiring map was drawn: %s",
		       in->why_nomap);
		return -EINVAL;
	}
	rp_clplan_say(p, in, why, f);
	if (in->c->pattern == RP_PATTERN_RING)
		ret = rp_clplan_ring(p, in);
	else if (in->c->pattern == RP_PATTERN_INCAST)
		ret = rp_clplan_incast(p, in);
	else
		ret = rp_clplan_pairs(p, in);
	if (ret) {
		rp_clplan_fini(p);
		return ret;
	}
	p->cross = in->c->cross;
	for (k = 0; k < p->flows.nrounds; k++) {
		const struct rp_fround *r = &p->flows.rounds[k];
		unsigned int i;

		for (i = 0; i < r->nflows; i++)
			p->cross |= r->flows[i].ra != r->flows[i].rb;
	}
	return 0;
}

void rp_clplan_nopath(const struct rp_clplan *p, const struct rp_wmap *map,
		      struct rp_matrix *mx)
{
	unsigned int idx, s, d, si, di;

	if (p->pairing != RP_PAIRING_MAP || !map)
		return;
	for (idx = 0; idx < rp_matrix_count(mx); idx++) {
		rp_matrix_rails(mx, idx, &si, &di);
		for (s = 0; s < mx->hosts; s++)
			for (d = 0; d < mx->hosts; d++) {
				struct rp_cell *c = rp_matrix_at(mx, idx, s, d);

				if (s == d || rp_wmap_path(map, s, si, d, di))
					continue;
				c->status = RP_CELL_NOPATH;
				snprintf(c->reason, sizeof(c->reason), "%s",
					 rp_wmap_why_text(rp_wmap_why(
						 map, s, si, d, di)));
			}
	}
}

void rp_clplan_fini(struct rp_clplan *p)
{
	rp_flows_fini(&p->flows);
	free(p->ring);
	p->ring = NULL;
}
