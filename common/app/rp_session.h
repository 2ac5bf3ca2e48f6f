/* SPDX-License-Identifier: MIT */
/*
 * rp_session.h - set-up and tear-down of a test between a client and a
 * server: the rails, the control connection, HELLO, RAIL per rail, the QPs
 * moved to RTS, and the READY barrier. Every binary opens one session.
 */
#ifndef RP_SESSION_H
#define RP_SESSION_H

#include <stdbool.h>

#include "verbs/rp_cm.h"
#include "ctrl/rp_ctrl.h"
#include "engine/rp_bw.h"
#include "proto/rp_msg.h"
#include "app/rp_opts.h"
#include "output/rp_report.h"
#include "verbs/rp_rail.h"
#include "verbs/rp_devkind.h"

struct rp_session {
	const struct rp_opts *o;
	bool server;
	unsigned int num_rails;
	struct rp_rail rails[RP_MAX_RAILS];
	struct rp_rail_addr *local;  /* [num_rails], heap */
	struct rp_rail_addr *remote; /* [num_rails], heap */
	struct rp_ctrl ctrl;
	/* this side's HELLO parameters as agreed: a passive server given no
	 * -D holds the client's -D and -n (rp_params_follow) */
	struct rp_params params;
	struct rp_cm cm;				 /* -R only */
	char devices[RP_MAX_RAILS * IBV_SYSFS_NAME_MAX]; /* "rxe0,rxe1" */
};

/*
 * rp_session_open - bring up @num_rails rails from @cfg[], then (server)
 * print the waiting banner, listen on -p and accept one client or (client)
 * connect to o->server, exchange parameters and addressing, connect every
 * QP and pass the READY barrier. With -R (one rail) the QPs are connected
 * through rdma_cm instead, on the device the address routes to
 * (rp_cm.h). On failure the peer is told (ERROR) when the connection is
 * up, everything is released, and -errno is returned (the cause printed
 * once). @s is caller-owned; close with rp_session_close() after success
 * only.
 */
int rp_session_open(struct rp_session *s, const struct rp_opts *o,
		    const struct rp_rail_cfg *cfg, unsigned int num_rails);

/* rp_session_close - close the connection and release every rail. */
void rp_session_close(struct rp_session *s);

/*
 * rp_session_fail - tell the peer this side gives up (@why, one line; for
 * @err -EINTR, RP_CTRL_INTERRUPTED) and return @err; for failures after
 * rp_session_open().
 */
int rp_session_fail(struct rp_session *s, const char *why, int err);

/*
 * rp_session_run_failed - rp_session_fail() for this side's measurement:
 * the peer is told "the client's (server's) run failed (see its output)";
 * returns @err.
 */
int rp_session_run_failed(struct rp_session *s, int err);

/* rp_session_params - fill @p with this run's parameters from @o. */
void rp_session_params(const struct rp_opts *o, unsigned int num_rails,
		       struct rp_params *p);

/*
 * rp_session_run - a one-rail test from start to end: open the session on
 * the rail @cfg, run @server or @client for this side, close it. Returns
 * what rp_session_open() or the side's function returned.
 */
int rp_session_run(const struct rp_opts *o, const struct rp_rail_cfg *cfg,
		   int (*server)(struct rp_session *s),
		   int (*client)(struct rp_session *s));

/*
 * rp_session_rail_defaults - the rail configuration every test starts
 * from, for the device and port of -d/-i: -x, -q, -t, -m, the hugepage
 * choice, one outstanding READ per QP and slices of the largest size.
 * Tests change what differs (rail_read_lat: one QP, the device's READ
 * limit; rail_multi_bw: a device, port and NUMA node per rail).
 */
void rp_session_rail_defaults(const struct rp_opts *o, struct rp_rail_cfg *c);

/* A -D run's wait for the WRs still in flight at its end, ns. */
#define RP_SESSION_DRAIN_NS (1000ULL * 1000 * 1000)

/*
 * rp_session_bw_defaults - the bandwidth run every BW test starts from:
 * -n, -D, -Q, -l, -I, --cqe_poll, --report_gbits, --perform_warm_up
 * (WRITE and READ), perftest's cycle buffer (none with --validate, whose
 * pattern must stay where it is) and, with -D, RP_SESSION_DRAIN_NS for
 * the WRs still in flight at the end (rp_bw_cfg.drain_ns). Size, peak,
 * ticks and progress are the test's to set.
 */
void rp_session_bw_defaults(const struct rp_opts *o, struct rp_bw_cfg *cfg);

/*
 * rp_session_header - the values of perftest's header block for this
 * session's side (rp_report_header): the title of the test (the Post List
 * variant with -l > 1), the rails' devices joined by ',', the total QP
 * count, the smallest path MTU, rail 0's link, GID and MR facts, and the
 * lines of a BW test (CQ moderation, inline size, post list) or of a READ
 * test (outstanding reads). h->device points into @s.
 */
void rp_session_header(const struct rp_session *s, struct rp_header *h);

/*
 * rp_session_dev_unknown - *@unknown: perftest 6.06 does not recognize
 * -d's device (-i's port) by its vendor and part IDs
 * (rp_report_lat_extra_line: its READ tests then print an extra
 * separator first); *@kind (unless NULL): what current perftest's device
 * table says of it (rp_devkind_of: inline defaults, the ibv_wr_* API).
 * Opens the device once. Returns 0 or -errno (one line).
 */
int rp_session_dev_unknown(const struct rp_opts *o, bool *unknown,
			   struct rp_devkind *kind);

#endif /* RP_SESSION_H */
