// SPDX-License-Identifier: MIT
/* The latency probe's samples and report (rp_probestats.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_log.h"
#include "base/rp_prefault.h"
#include "engine/rp_probestats.h"

int rp_probe_reserve(struct rp_probe_samples *o, size_t want)
{
	struct rp_probe_sample *p;

	if (want > RP_PROBE_MAX_SAMPLES)
		want = RP_PROBE_MAX_SAMPLES;
	if (want <= o->cap)
		return 0;
	p = realloc(o->s, want * sizeof(*p));
	if (!p) {
		rp_err("allocating room for %zu latency probe samples: %s",
		       want, strerror(ENOMEM));
		return -ENOMEM;
	}
	rp_prefault(p + o->cap, (want - o->cap) * sizeof(*p));
	o->s = p;
	o->cap = want;
	return 0;
}

void rp_probe_samples_free(struct rp_probe_samples *s)
{
	free(s->s);
	memset(s, 0, sizeof(*s));
}

size_t rp_probe_window(const struct rp_probe_samples *s, uint64_t from_ns,
		       uint64_t to_ns, uint64_t *ns)
{
	size_t i, k = 0;

	for (i = 0; i < s->n; i++)
		if (s->s[i].t_ns >= from_ns && s->s[i].t_ns <= to_ns)
			ns[k++] = s->s[i].ns;
	return k;
}

double rp_probe_ratio(double loaded, double idle)
{
	return loaded > 0 && idle > 0 ? loaded / idle : 0;
}

double rp_probe_share(double probe, double rail)
{
	return probe + rail > 0 ? 100.0 * probe / (probe + rail) : 0;
}

/* The statistics of @n durations at @ns (sorted in place), halved for a
 * round trip; zeroed without a sample. */
static void rp_probe_stats(uint64_t *ns, size_t n, unsigned int rtt,
			   struct rp_latstats *st)
{
	if (rp_latstats_compute(ns, n, st))
		return; /* n 0: zeroed */
	rp_latstats_div(st, rtt);
}

int rp_probe_report_make(const struct rp_probe_samples *idle,
			 const struct rp_probe_samples *loaded,
			 uint64_t from_ns, uint64_t to_ns, double rail_bps,
			 const struct rp_probe_cfg *c,
			 struct rp_probe_report *rep)
{
	size_t most = idle->n > loaded->n ? idle->n : loaded->n, n;
	uint64_t *ns = malloc((most ? most : 1) * sizeof(*ns));
	unsigned int legs = c->verb == RP_VERB_WRITE ? 2 : 1;

	memset(rep, 0, sizeof(*rep));
	rep->cfg = *c;
	if (!ns) {
		rp_err("latency probe report: %s", strerror(ENOMEM));
		return -ENOMEM;
	}
	n = rp_probe_window(idle, 0, UINT64_MAX, ns);
	rp_probe_stats(ns, n, c->rtt, &rep->idle);
	n = rp_probe_window(loaded, from_ns, to_ns, ns);
	rp_probe_stats(ns, n, c->rtt, &rep->loaded);
	free(ns);
	rep->window_s = to_ns > from_ns ? (double)(to_ns - from_ns) / 1e9 : 0;
	/* a WRITE probe moves its bytes twice: there and back */
	if (rep->window_s > 0)
		rep->probe_bps =
			(double)n * (double)(c->size * legs) / rep->window_s;
	rep->rail_bps = rail_bps;
	rep->share = rp_probe_share(rep->probe_bps, rail_bps);
	rep->capped = idle->capped || loaded->capped;
	rep->skipped = idle->skipped + loaded->skipped;
	return 0;
}
