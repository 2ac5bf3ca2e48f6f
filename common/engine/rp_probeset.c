// SPDX-License-Identifier: MIT
/* The rails' latency probe threads (rp_probeset.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_log.h"
#include "base/rp_time.h"
#include "engine/rp_probeset.h"
#include "topo/rp_numa.h"

/* The probe's binding: its rail's NUMA node (CPUs and memory), never the
 * rail's own core or --pin_cores' CPU; none when the node is unknown. */
static void rp_probe_bind_of(const struct rp_bind *rail, struct rp_bind *b)
{
	*b = (struct rp_bind){ .why = RP_BIND_NONE, .node = -1, .cpu = -1 };
	if (rail->node < 0 || rail->why == RP_BIND_NONE ||
	    rail->why == RP_BIND_EXTERNAL || rail->why == RP_BIND_CORES)
		return;
	b->why = rail->why == RP_BIND_CORE ? RP_BIND_DEVICE : rail->why;
	b->node = rail->node;
}

static void *rp_probe_main(void *arg)
{
	struct rp_probe_thread *t = arg;
	struct rp_probeset *ps = t->set;
	struct sched_param fifo = { .sched_priority = 1 };
	struct rp_bound bound;
	struct rp_bind b;
	char name[16];

	/* "probe:DEV" in /proc/PID/task/TID/comm, beside "rail:DEV" */
	snprintf(name, sizeof(name), "probe:%.9s", t->rail->dev.name);
	pthread_setname_np(pthread_self(), name);
	rp_probe_bind_of(&t->rail->bind, &b);
	if (b.why != RP_BIND_NONE && rp_numa_bind_self(&b, &bound))
		rp_warn("latency probe of %s: %s", t->rail->dev.name,
			bound.why_not);
	/* ahead of the rails' busy threads when a completion wakes it (it
	 * sleeps between probes and spins cfg.spin_ns at most); without
	 * the privilege, at normal priority (the JSON says which) */
	ps->realtime[t - ps->th] =
		!pthread_setschedparam(pthread_self(), SCHED_FIFO, &fifo);
	if (t->echoed)
		t->ret = rp_probe_echo(t->rail, &ps->cfg, &t->stop, t->echoed);
	else
		t->ret = rp_probe_run(t->rail, &ps->cfg, &t->stop, t->out);
	return NULL;
}

void rp_probeset_init(struct rp_probeset *ps, unsigned int n,
		      const struct rp_probe_cfg *c)
{
	memset(ps, 0, sizeof(*ps));
	ps->n = n < RP_MAX_RAILS ? n : RP_MAX_RAILS;
	ps->cfg = *c;
}

/* Rail @i's thread for one phase (@out) or the echo (@echoed). */
static int rp_probeset_spawn(struct rp_probeset *ps, unsigned int i,
			     struct rp_rail *r, const struct rp_probe_stop *st,
			     struct rp_probe_samples *out, uint64_t *echoed)
{
	struct rp_probe_thread *t = &ps->th[i];
	int ret;

	*t = (struct rp_probe_thread){
		.set = ps, .rail = r, .stop = *st, .out = out, .echoed = echoed
	};
	ret = pthread_create(&t->thread, NULL, rp_probe_main, t);
	if (ret) {
		rp_err("starting the latency probe thread of %s: %s",
		       r->dev.name, strerror(ret));
		return -ret;
	}
	t->started = true;
	return 0;
}

/* Wait for every thread started; a rail's first error kept in err[].
 * Returns the first rail's error, or 0. */
static int rp_probeset_join(struct rp_probeset *ps)
{
	unsigned int i;
	int ret = 0;

	for (i = 0; i < ps->n; i++) {
		if (!ps->th[i].started)
			continue;
		pthread_join(ps->th[i].thread, NULL);
		ps->th[i].started = false;
		if (ps->th[i].ret && !ps->err[i])
			ps->err[i] = ps->th[i].ret;
		if (!ret)
			ret = ps->th[i].ret;
	}
	return ret;
}

int rp_probeset_stop(struct rp_probeset *ps)
{
	__atomic_store_n(&ps->stop, 1, __ATOMIC_RELAXED);
	return rp_probeset_join(ps);
}

int rp_probeset_idle(struct rp_probeset *ps, struct rp_rail *rails,
		     uint64_t idle_ns)
{
	struct rp_probe_stop st = { .flag = { &ps->stop } };
	uint64_t want = ps->cfg.rate * (idle_ns / RP_NSEC_PER_SEC + 1);
	unsigned int i;
	int ret = 0, jret;

	__atomic_store_n(&ps->stop, 0, __ATOMIC_RELAXED);
	st.until_ns = rp_now_ns() + idle_ns;
	for (i = 0; i < ps->n && !ret; i++)
		ret = rp_probe_reserve(&ps->idle[i], (size_t)want);
	for (i = 0; i < ps->n && !ret; i++)
		ret = rp_probeset_spawn(ps, i, &rails[i], &st, &ps->idle[i],
					NULL);
	if (ret) /* those started end at once */
		__atomic_store_n(&ps->stop, 1, __ATOMIC_RELAXED);
	jret = rp_probeset_join(ps);
	return ret ? ret : jret;
}

int rp_probeset_loaded(struct rp_probeset *ps, struct rp_rail *rails,
		       const int *const *done, const int *cancel,
		       unsigned int expect_s)
{
	uint64_t want = (uint64_t)ps->cfg.rate * (expect_s ? expect_s + 1 : 4);
	struct rp_probe_stop st;
	unsigned int i;
	int ret = 0;

	__atomic_store_n(&ps->stop, 0, __ATOMIC_RELAXED);
	for (i = 0; i < ps->n && !ret; i++)
		ret = rp_probe_reserve(&ps->loaded[i], (size_t)want);
	for (i = 0; i < ps->n && !ret; i++) {
		/* the rail's end, the rails' cancel, the set's stop */
		st = (struct rp_probe_stop){
			.until_ns = UINT64_MAX,
			.flag = { done[i], cancel, &ps->stop },
		};
		ret = rp_probeset_spawn(ps, i, &rails[i], &st, &ps->loaded[i],
					NULL);
	}
	return ret;
}

int rp_probeset_echo(struct rp_probeset *ps, struct rp_rail *rails)
{
	struct rp_probe_stop st = { .until_ns = UINT64_MAX,
				    .flag = { &ps->stop } };
	unsigned int i;
	int ret = 0;

	__atomic_store_n(&ps->stop, 0, __ATOMIC_RELAXED);
	for (i = 0; i < ps->n && !ret; i++)
		ret = rp_probeset_spawn(ps, i, &rails[i], &st, NULL,
					&ps->echoed[i]);
	return ret;
}

void rp_probeset_free(struct rp_probeset *ps)
{
	unsigned int i;

	for (i = 0; i < RP_MAX_RAILS; i++) {
		rp_probe_samples_free(&ps->idle[i]);
		rp_probe_samples_free(&ps->loaded[i]);
	}
}
