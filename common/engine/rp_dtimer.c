// SPDX-License-Identifier: MIT
#include <errno.h>
#include <time.h>

#include "base/rp_time.h"
#include "engine/rp_dtimer.h"

static void rp_dtimer_sleep_until(uint64_t ns)
{
	struct timespec ts = {
		.tv_sec = (time_t)(ns / RP_NSEC_PER_SEC),
		.tv_nsec = (long)(ns % RP_NSEC_PER_SEC),
	};

	/* at most a tick long: the thread checks t->stop after each wake */
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) ==
	       EINTR)
		;
}

static void *rp_dtimer_main(void *arg)
{
	struct rp_dtimer *t = arg;
	uint64_t d = t->dur_ns, tick = t->t0_ns + RP_DTIMER_TICK_NS;
	const uint64_t at[] = { t->t0_ns + d / 4, t->t0_ns + d - d / 4,
				t->t0_ns + d };
	int i = d ? 0 : 3; /* no -D: ticks only */

	/* no pthread_cancel: a thread cancelled in its sleep unwinds through
	 * sanitizer-intercepted frames (ASan reports its teardown); a flag
	 * checked at every wake ends it within a tick */
	while (!__atomic_load_n(&t->stop, __ATOMIC_ACQUIRE)) {
		uint64_t wake = i < 3 && at[i] < tick ? at[i] : tick;

		rp_dtimer_sleep_until(wake);
		if (i < 3 && wake == at[i])
			__atomic_store_n(&t->phase, ++i, __ATOMIC_RELEASE);
		else {
			__atomic_add_fetch(&t->ticks, 1, __ATOMIC_RELEASE);
			tick += RP_DTIMER_TICK_NS;
		}
	}
	return NULL;
}

int rp_dtimer_start(struct rp_dtimer *t, uint64_t t0_ns, uint64_t dur_ns)
{
	int ret;

	*t = (struct rp_dtimer){ .t0_ns = t0_ns, .dur_ns = dur_ns };
	ret = pthread_create(&t->thread, NULL, rp_dtimer_main, t);
	if (ret)
		return -ret;
	t->started = 1;
	return 0;
}

void rp_dtimer_stop(struct rp_dtimer *t)
{
	if (!t->started)
		return;
	__atomic_store_n(&t->stop, 1, __ATOMIC_RELEASE);
	pthread_join(t->thread, NULL);
	t->started = 0;
}
