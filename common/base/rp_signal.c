// SPDX-License-Identifier: MIT
#include <errno.h>
#include <signal.h>
#include <stddef.h>

#include "base/rp_signal.h"

/* The only mutable global: all a signal handler may safely write. */
static volatile sig_atomic_t rp_stop_flag;

static void rp_on_signal(int sig)
{
	(void)sig;
	rp_stop_flag = 1;
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
	return rp_stop_flag != 0;
}

void rp_stop_reset(void)
{
	rp_stop_flag = 0;
}
