// SPDX-License-Identifier: MIT
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "base/rp_log.h"
#include "engine/rp_multi.h"
#include "engine/rp_stats.h"
#include "base/rp_time.h"

static uint64_t rp_tv_ns(const struct timeval *tv)
{
	return (uint64_t)tv->tv_sec * RP_NSEC_PER_SEC +
	       (uint64_t)tv->tv_usec * 1000;
}

/* The thread's CPU (RUSAGE_THREAD, Linux 2.6.26) from @r0 and @t0_ns,
 * taken before its run, to now; with the bytes its messages carried. */
static void rp_worker_cpu(struct rp_worker *w, const struct rusage *r0,
			  uint64_t t0_ns)
{
	struct rusage r1;

	if (getrusage(RUSAGE_THREAD, &r1))
		return; /* left 0: not measured */
	w->used.user_ns = rp_tv_ns(&r1.ru_utime) - rp_tv_ns(&r0->ru_utime);
	w->used.sys_ns = rp_tv_ns(&r1.ru_stime) - rp_tv_ns(&r0->ru_stime);
	w->used.wall_ns = rp_now_ns() - t0_ns;
	w->used.bytes =
		__atomic_load_n(&w->progress, __ATOMIC_RELAXED) * w->cfg.size;
}

/* After a worker's run: a stop request (SIGINT) stops every rail; a
 * rail's own failure is kept (time from the common start) and stops the
 * others only when it was the last rail running. */
static void rp_worker_ended(struct rp_worker *w)
{
	struct rp_multi *m = w->m;
	struct rp_fail *f = &w->out.fail;

	if (!w->ret || w->ret == -ECANCELED)
		return;
	if (w->ret == -EINTR) {
		__atomic_store_n(&m->cancel, 1, __ATOMIC_RELAXED);
		return;
	}
	if (!f->failed) { /* it failed before its loop: no line of its own */
		f->failed = 1;
		snprintf(f->why, sizeof(f->why), "%s", strerror(-w->ret));
		w->out.start_ns = w->out.end_ns = rp_now_ns();
	}
	f->at_ns = w->out.end_ns > m->t0_ns ? w->out.end_ns - m->t0_ns : 0;
	if (__atomic_add_fetch(&m->failed, 1, __ATOMIC_ACQ_REL) >= (int)m->n)
		__atomic_store_n(&m->cancel, 1, __ATOMIC_RELAXED);
}

static void *rp_worker_main(void *arg)
{
	struct rp_worker *w = arg;
	struct rp_multi *m = w->m;
	struct rusage r0;
	uint64_t t0_ns;
	bool cpu;
	char name[16];

	/* "rail:DEV" in /proc/PID/task/TID/comm, for ps, top and the tests */
	snprintf(name, sizeof(name), "rail:%.10s", w->rail->dev.name);
	pthread_setname_np(pthread_self(), name);

	/* Bind before anything else, as the rail was built (rp_place), or pin
	 * to w->cpu; a failure costs locality, not the run. */
	if (w->rail->bind.why != RP_BIND_NONE &&
	    w->rail->bind.why != RP_BIND_EXTERNAL) {
		struct rp_bound b;

		if (rp_numa_bind_self(&w->rail->bind, &b))
			rp_warn("rail %s: %s", w->rail->dev.name, b.why_not);
	} else if (w->cpu >= 0 && rp_topo_bind_thread(w->topo, w->cpu)) {
		rp_warn("rail %s runs unpinned", w->rail->dev.name);
	}
	pthread_mutex_lock(&m->lock);
	m->ready++;
	pthread_cond_broadcast(&m->cond);
	while (!m->go)
		pthread_cond_wait(&m->cond, &m->lock);
	pthread_mutex_unlock(&m->lock);
	if (w->cfg.duration)
		w->cfg.t0_ns = m->t0_ns;
	cpu = !getrusage(RUSAGE_THREAD, &r0);
	t0_ns = rp_now_ns();
	w->ret = rp_bw_run(w->rail, w->peer, &w->cfg, &w->out);
	if (cpu)
		rp_worker_cpu(w, &r0, t0_ns);
	rp_worker_ended(w);
	__atomic_store_n(&w->done, 1, __ATOMIC_RELEASE);
	__atomic_add_fetch(&m->finished, 1, __ATOMIC_RELEASE);
	return NULL;
}

static int rp_multi_spawn(struct rp_multi *m, unsigned int i)
{
	int ret =
		pthread_create(&m->w[i].thread, NULL, rp_worker_main, &m->w[i]);

	if (ret) {
		rp_err("starting the thread of rail %s: %s",
		       m->w[i].rail->dev.name, strerror(ret));
		return -ret;
	}
	m->w[i].started = true;
	return 0;
}

static void rp_worker_init(struct rp_multi *m, unsigned int i,
			   struct rp_rail *r, const struct rp_rail_addr *peer,
			   const struct rp_bw_cfg *cfg, struct rp_topo *topo,
			   int cpu)
{
	struct rp_worker *w = &m->w[i];

	w->m = m;
	w->rail = r;
	w->peer = peer;
	w->cfg = *cfg;
	w->cfg.tick = NULL;
	w->cfg.progress = &w->progress;
	w->cfg.cancel = &m->cancel;
	if (cfg->qp_done) /* each rail its own row of counts */
		w->cfg.qp_done = cfg->qp_done + (size_t)i * RP_MAX_QPS;
	w->topo = topo;
	w->cpu = topo ? cpu : -1;
}

/* Wait (at most 10 s) for @n workers to be ready, then open the gate. */
static int rp_multi_release(struct rp_multi *m, unsigned int n, bool cancel)
{
	struct timespec until;
	int ret = 0;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += 10;
	pthread_mutex_lock(&m->lock);
	while (m->ready < n && !ret)
		ret = pthread_cond_timedwait(&m->cond, &m->lock, &until);
	if (ret || cancel)
		__atomic_store_n(&m->cancel, 1, __ATOMIC_RELAXED);
	m->t0_ns = rp_now_ns();
	m->go = true;
	pthread_cond_broadcast(&m->cond);
	pthread_mutex_unlock(&m->lock);
	if (ret)
		rp_err("rail threads not ready within 10 s");
	return -ret;
}

/* rp_multi_start's work; @each: @cfg holds one configuration a rail. */
static int rp_multi_launch(struct rp_multi *m, struct rp_rail *rails,
			   const struct rp_rail_addr *peers, unsigned int n,
			   const struct rp_bw_cfg *cfg, bool each,
			   struct rp_topo *topo, const int *cpus)
{
	unsigned int i;
	int ret = 0, rel;

	memset(m, 0, sizeof(*m));
	if (!n || n > RP_MAX_RAILS)
		return -EINVAL;
	pthread_mutex_init(&m->lock, NULL);
	pthread_cond_init(&m->cond, NULL);
	for (i = 0; i < n; i++)
		rp_worker_init(m, i, &rails[i], &peers[i], each ? &cfg[i] : cfg,
			       topo, cpus ? cpus[i] : -1);
	for (i = 0; i < n && !ret; i++)
		ret = rp_multi_spawn(m, i);
	m->n = n;
	rel = rp_multi_release(m, ret ? i - 1 : n, ret != 0);
	return ret ? ret : rel;
}

int rp_multi_start(struct rp_multi *m, struct rp_rail *rails,
		   const struct rp_rail_addr *peers, unsigned int n,
		   const struct rp_bw_cfg *cfg, struct rp_topo *topo,
		   const int *cpus)
{
	return rp_multi_launch(m, rails, peers, n, cfg, false, topo, cpus);
}

int rp_multi_start_each(struct rp_multi *m, struct rp_rail *rails,
			const struct rp_rail_addr *peers, unsigned int n,
			const struct rp_bw_cfg *cfgs, struct rp_topo *topo,
			const int *cpus)
{
	return rp_multi_launch(m, rails, peers, n, cfgs, true, topo, cpus);
}

bool rp_multi_done(struct rp_multi *m)
{
	unsigned int started = 0, i;

	for (i = 0; i < m->n; i++)
		started += m->w[i].started;
	return __atomic_load_n(&m->finished, __ATOMIC_ACQUIRE) >= (int)started;
}

uint64_t rp_multi_progress(struct rp_multi *m, unsigned int i)
{
	return __atomic_load_n(&m->w[i].progress, __ATOMIC_RELAXED);
}

int rp_multi_join(struct rp_multi *m)
{
	unsigned int i;
	int ret = 0;

	for (i = 0; i < m->n; i++) {
		if (!m->w[i].started)
			continue;
		pthread_join(m->w[i].thread, NULL);
		if (!ret && m->w[i].ret && m->w[i].ret != -ECANCELED)
			ret = m->w[i].ret;
	}
	pthread_cond_destroy(&m->cond);
	pthread_mutex_destroy(&m->lock);
	if (!__atomic_load_n(&m->cancel, __ATOMIC_RELAXED))
		return 0; /* every rail ran to its end, or some failed alone */
	return ret ? ret : -ECANCELED;
}

unsigned int rp_multi_failed(const struct rp_multi *m)
{
	unsigned int i, n = 0;

	for (i = 0; i < m->n; i++)
		n += m->w[i].started && m->w[i].out.fail.failed;
	return n;
}

void rp_multi_aggregate(const struct rp_bw_out *outs, unsigned int n,
			uint64_t size, bool gbits, struct rp_result *agg)
{
	uint64_t msgs = 0, start = UINT64_MAX, end = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (outs[i].fail.failed)
			continue;
		msgs += outs[i].msgs;
		if (outs[i].start_ns < start)
			start = outs[i].start_ns;
		if (outs[i].end_ns > end)
			end = outs[i].end_ns;
	}
	agg->size = size;
	agg->iters = msgs;
	agg->bw_peak = n == 1 && !outs[0].fail.failed ? outs[0].peak : 0;
	agg->bw_avg = end > start ? rp_bw(msgs * size, end - start, gbits) : 0;
	agg->msg_rate = end > start ? rp_msg_rate(msgs, end - start) : 0;
	agg->fail = (struct rp_fail){ 0 };
}
