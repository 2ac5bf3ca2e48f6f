// SPDX-License-Identifier: MIT
/* rail_multi_bw --lat_probe in the bandwidth run (rp_bwprobe.h). */
#include <errno.h>
#include <stdlib.h>

#include "app/rp_bwprobe.h"
#include "base/rp_time.h"
#include "engine/rp_probeset.h"

/* This side probes: the client, in the probe's verb's latency row. */
static bool bwprobe_probes(const struct rp_bwrun *a)
{
	return a->probes && !a->s.server;
}

int rp_bwprobe_open(struct rp_bwrun *a)
{
	const struct rp_plan *p = a->p;
	int ret;

	if (!p->probe || !p->probe_role->measures)
		return 0; /* none, or the passive peer of a READ probe */
	a->probes = calloc(1, sizeof(*a->probes));
	if (!a->probes)
		return -ENOMEM;
	rp_probeset_init(a->probes, a->n, &p->probecfg);
	if (!a->s.server)
		return 0;
	/* the peer of a WRITE ping-pong answers from now to the end */
	a->probe_echo = true;
	ret = rp_probeset_echo(a->probes, a->s.rails);
	if (ret)
		rp_bwprobe_close(a);
	return ret;
}

void rp_bwprobe_idle(struct rp_bwrun *a)
{
	if (!bwprobe_probes(a))
		return;
	/* a rail's error stays in its err[]: the bandwidth run goes on */
	(void)rp_probeset_idle(a->probes, a->s.rails, RP_PROBE_IDLE_NS);
}

void rp_bwprobe_loaded(struct rp_bwrun *a, struct rp_multi *mu)
{
	const int *done[RP_MAX_RAILS];
	unsigned int i;

	if (!bwprobe_probes(a))
		return;
	for (i = 0; i < a->n; i++)
		done[i] = &mu->w[i].done;
	a->probe_loaded = true;
	if (rp_probeset_loaded(a->probes, a->s.rails, done, &mu->cancel,
			       a->o->duration))
		__atomic_store_n(&mu->cancel, 1, __ATOMIC_RELAXED);
}

void rp_bwprobe_end(struct rp_bwrun *a, const struct rp_multi *mu)
{
	uint64_t d = (uint64_t)a->o->duration * RP_NSEC_PER_SEC;
	const struct rp_bw_out *out;
	unsigned int i;

	if (!bwprobe_probes(a) || !a->probe_loaded)
		return;
	(void)rp_probeset_stop(a->probes); /* errors: err[] */
	for (i = 0; i < a->n; i++) {
		/* while the rail's QPs posted: -D, from the rails' start to
		 * its end (the rail's failure first); -n, its first post to
		 * its last completion */
		out = &mu->w[i].out;
		a->probe_from[i] = d ? mu->t0_ns : out->start_ns;
		a->probe_to[i] = d && !out->fail.failed ? mu->t0_ns + d :
							  out->end_ns;
	}
}

void rp_bwprobe_close(struct rp_bwrun *a)
{
	if (!a->probe_echo)
		return;
	(void)rp_probeset_stop(a->probes); /* errors: err[] */
	a->probe_echo = false;
}

void rp_bwprobe_free(struct rp_bwrun *a)
{
	if (!a->probes)
		return;
	(void)rp_probeset_stop(a->probes); /* none left running */
	rp_probeset_free(a->probes);
	free(a->probes);
	a->probes = NULL;
}

int rp_bwprobe_report(const struct rp_bwrun *a, unsigned int i, double rail_bps,
		      struct rp_probe_report *rep)
{
	const struct rp_probeset *ps = a->probes;
	int ret;

	if (!bwprobe_probes(a) || !a->probe_loaded || i >= a->n)
		return -ENODATA;
	ret = rp_probe_report_make(&ps->idle[i], &ps->loaded[i],
				   a->probe_from[i], a->probe_to[i], rail_bps,
				   &ps->cfg, rep);
	rep->realtime = ps->realtime[i];
	return ret;
}

int rp_bwprobe_err(const struct rp_bwrun *a, unsigned int i)
{
	return a->probes && i < a->n ? a->probes->err[i] : 0;
}

bool rp_bwprobe_failed(const struct rp_bwrun *a)
{
	unsigned int i;

	for (i = 0; i < a->n; i++)
		if (rp_bwprobe_err(a, i))
			return true;
	return false;
}
