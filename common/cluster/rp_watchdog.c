// SPDX-License-Identifier: MIT
/* rp_watchdog.c - a bound on blocking calls (see rp_watchdog.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cluster/rp_watchdog.h"

void rp_wd_init(struct rp_watchdog *w, const struct rp_wd_hooks *hooks,
		int rank, const char *host)
{
	memset(w, 0, sizeof(*w));
	pthread_mutex_init(&w->lock, NULL);
	w->hooks = *hooks;
	w->rank = rank;
	snprintf(w->host, sizeof(w->host), "%s", host ? host : "?");
}

void rp_wd_identity(struct rp_watchdog *w, int rank, const char *host)
{
	pthread_mutex_lock(&w->lock);
	w->rank = rank;
	snprintf(w->host, sizeof(w->host), "%s", host ? host : "?");
	pthread_mutex_unlock(&w->lock);
}

void rp_wd_up(struct rp_watchdog *w, bool up)
{
	pthread_mutex_lock(&w->lock);
	w->up = up;
	pthread_mutex_unlock(&w->lock);
}

void rp_wd_enter(struct rp_watchdog *w, const char *call, const char *missing,
		 uint64_t bound_ms)
{
	uint64_t now = w->hooks.now_ns(w->hooks.ctx);

	pthread_mutex_lock(&w->lock);
	w->call = call;
	snprintf(w->missing, sizeof(w->missing), "%s", missing ? missing : "");
	w->start_ns = now;
	w->bound_ns = bound_ms * 1000000;
	pthread_mutex_unlock(&w->lock);
}

void rp_wd_leave(struct rp_watchdog *w)
{
	pthread_mutex_lock(&w->lock);
	w->call = NULL;
	pthread_mutex_unlock(&w->lock);
}

/* The line, under the lock: who, which call, its bound, whom it missed. */
static void rp_wd_line(const struct rp_watchdog *w, char *line, size_t len)
{
	char who[96];

	if (w->rank >= 0)
		snprintf(who, sizeof(who), "rank %d (%s)", w->rank, w->host);
	else
		snprintf(who, sizeof(who), "a rank on %s", w->host);
	snprintf(line, len, "%s: %s did not finish in %llu s; %s%s%s", who,
		 w->call,
		 (unsigned long long)((w->bound_ns + 999999999) / 1000000000),
		 w->missing[0] ? "peers missing: " : "peers missing: not known",
		 w->missing,
		 w->up ? "" : " (MPI_Abort is not allowed here: exiting)");
}

int rp_wd_check(struct rp_watchdog *w)
{
	uint64_t now = w->hooks.now_ns(w->hooks.ctx);
	char line[512];
	bool fire, up;

	pthread_mutex_lock(&w->lock);
	fire = w->call && !w->fired && now - w->start_ns > w->bound_ns;
	if (fire) {
		w->fired = true;
		rp_wd_line(w, line, sizeof(line));
	}
	up = w->up;
	pthread_mutex_unlock(&w->lock);
	if (!fire)
		return 0;
	w->hooks.fire(w->hooks.ctx, line, up);
	return 1;
}

static void *rp_wd_thread(void *arg)
{
	struct rp_watchdog *w = arg;
	const struct timespec tick = { .tv_sec = w->tick_ms / 1000,
				       .tv_nsec =
					       (w->tick_ms % 1000) * 1000000L };
	bool stop = false;

	while (!stop) {
		nanosleep(&tick, NULL);
		rp_wd_check(w);
		pthread_mutex_lock(&w->lock);
		stop = w->stop;
		pthread_mutex_unlock(&w->lock);
	}
	return NULL;
}

int rp_wd_start(struct rp_watchdog *w, unsigned int tick_ms)
{
	int ret;

	w->tick_ms = tick_ms ? tick_ms : RP_WD_TICK_MS;
	ret = pthread_create(&w->thread, NULL, rp_wd_thread, w);
	if (ret)
		return -ret;
	w->running = true;
	return 0;
}

void rp_wd_fini(struct rp_watchdog *w)
{
	if (w->running) {
		pthread_mutex_lock(&w->lock);
		w->stop = true;
		pthread_mutex_unlock(&w->lock);
		pthread_join(w->thread, NULL);
		w->running = false;
	}
	pthread_mutex_destroy(&w->lock);
}
