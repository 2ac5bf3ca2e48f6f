/* SPDX-License-Identifier: MIT */
/*
 * rp_signal.h - SIGINT/SIGTERM handling: the handler only sets a flag; the
 * test loops and every control-connection wait check it and unwind.
 */
#ifndef RP_SIGNAL_H
#define RP_SIGNAL_H

#include <stdbool.h>

/*
 * rp_signal_install - route SIGINT and SIGTERM to the stop flag, and ignore
 * SIGPIPE (a vanished peer is an error return, not a death). Returns 0 or
 * -errno.
 */
int rp_signal_install(void);

/* rp_stop_requested - true once SIGINT or SIGTERM arrived. */
bool rp_stop_requested(void);

/*
 * rp_stop_reset - forget a stop request that ended a run on purpose
 * (--run_infinitely), so that the orderly goodbye can still wait; a second
 * SIGINT interrupts that too.
 */
void rp_stop_reset(void);

#endif /* RP_SIGNAL_H */
