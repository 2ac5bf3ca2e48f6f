// SPDX-License-Identifier: MIT
#include <errno.h>
#include <signal.h>
#include <stddef.h>

#include "base/rp_signal.h"

/* The only mutable global: all a signal handler may safely write. Read
 * and written by several threads (the rails, the watcher, the control
 * waits) and the handler: lock-free atomics, relaxed (a flag, ordering
 * nothing else), which are async-signal-safe. */
static sig_atomic_t rp_stop_flag;
_Static_assert(__atomic_always_lock_free(sizeof(sig_atomic_t), 0),
	       "the stop flag's atomics must be lock-free in a handler");

static void rp_on_signal(int sig)
{
	(void)sig;
	__atomic_store_n(&rp_stop_flag, 1, __ATOMIC_RELAXED);
}

int rp_signal_install(void)
{
	struct sigaction sa = { .sa_handler = rp_on_signal };
	struct sigaction ign = { .sa_handler = SIG_IGN };

	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGINT, &sa, NULL) || sigaction(SIGTERM, &sa, NULL) ||
	    sigaction(SIGPIPE, &ign, NULL))
		return -errno;
	return 0;
}

bool rp_stop_requested(void)
{
	return __atomic_load_n(&rp_stop_flag, __ATOMIC_RELAXED) != 0;
}

void rp_stop_reset(void)
{
	__atomic_store_n(&rp_stop_flag, 0, __ATOMIC_RELAXED);
}
