/* SPDX-License-Identifier: MIT */
/*
 * rp_ctrl.h - the TCP control connection (perftest's "Data ex. method :
 * Ethernet"): connect with retries, accept one client, and send/receive
 * rp_msg messages with a timeout on every wait.
 */
#ifndef RP_CTRL_H
#define RP_CTRL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "proto/rp_frame.h"
#include "proto/rp_msg.h"

/* The largest side message payload the connection keeps, bytes. */
#define RP_CTRL_SIDE_MAX 256

struct rp_ctrl {
	int fd;		    /* connected socket, -1 when closed */
	int timeout_ms;	    /* bound on each wait for a message, and on
			      * each send (<= 0: RP_CTRL_SEND_MS) */
	char peer[64];	    /* "host:port" for messages */
	bool running;	    /* the run started (READY passed): PROGRESS
			      * heartbeats are accepted from now on */
	struct rp_frame rx; /* a header partly received, kept for later */
	/* the latest side message the peer sent during the run (one that
	 * rp_frame_judge lets through a wait, with a payload: -b
	 * --interval's COUNTS), for rp_exchange to read; side_len 0: none
	 * yet */
	uint16_t side_type;
	uint32_t side_len;
	uint8_t side[RP_CTRL_SIDE_MAX];
	uint64_t end_ns;    /* the run's deadline (rp_now_ns), 0 = none: no
			    * wait for a message goes past it, heartbeats
			    * or not (rp_ctrl_set_deadline) */
	unsigned int end_s; /* its distance from the run's start, s */
};

/* The bound on a send when c->timeout_ms is not set, ms. */
#define RP_CTRL_SEND_MS 60000
/* The bound on reading an ERROR's text, and on sending our own, ms. */
#define RP_CTRL_ERROR_MS 1000

/*
 * rp_ctrl_listen - bind a listening TCP socket on @port (all addresses, or
 * @bind_addr when not NULL) for one client. EADDRINUSE is reported as "control
 * port N already in use". Returns the fd, or -errno (one line printed).
 */
int rp_ctrl_listen(const char *bind_addr, unsigned int port);

/*
 * rp_ctrl_accept - wait up to @timeout_s for the client on @lfd (0: until
 * one comes or a stop is requested, as perftest's server blocks in
 * accept(), perftest_communication.c ethernet_server_connect), then close
 * @lfd (only one client per test). With @hello_ms 0 the first connection
 * is the client. Else the client is the first connection that sends a
 * byte (its HELLO: a railperf client speaks first); one that sends
 * nothing within @hello_ms of its connect (an idle connection: a port
 * scan, a health check) or ends without a byte is closed with one line
 * naming it, and the wait goes on, so such a connection never takes the
 * test; at most RP_CTRL_PENDING wait at once (the oldest is dropped).
 * Fills @c. Returns 0, -ETIMEDOUT, -EINTR (stop requested) or -errno;
 * one line printed on failure.
 */
int rp_ctrl_accept(int lfd, unsigned int timeout_s, unsigned int hello_ms,
		   struct rp_ctrl *c);

/*
 * rp_ctrl_connect_from - connect to @host:@port from local address @source
 * (--bind_source_ip; NULL = any), retrying every 100 ms for up to
 * @timeout_s (the server may start later). Fills @c. Returns 0, or
 * -ETIMEDOUT / -errno with one line naming host, port and the last error.
 * A source that does not resolve or is not local fails at once (-EINVAL,
 * -EADDRNOTAVAIL), one line naming it. A stop request (SIGINT, SIGTERM)
 * ends the wait within 200 ms, whether connect() is pending or fails at
 * once (no route): -EINTR, "interrupted while connecting to HOST:PORT".
 */
int rp_ctrl_connect_from(const char *host, unsigned int port,
			 const char *source, unsigned int timeout_s,
			 struct rp_ctrl *c);

/*
 * rp_ctrl_set_deadline - from now, the run has @budget_ms (its expected
 * length plus --timeout; 0: no deadline, --run_infinitely): every later
 * rp_ctrl_recv ends by then, however many heartbeats or side messages
 * the peer sends, with "... by the run's deadline (N s after its
 * start ...)".
 */
void rp_ctrl_set_deadline(struct rp_ctrl *c, uint64_t budget_ms);

/* rp_ctrl_close - close the connection; safe to call twice. */
void rp_ctrl_close(struct rp_ctrl *c);

/*
 * rp_ctrl_send - send one message (@len <= RP_MSG_MAX_PAYLOAD bytes of
 * payload), all of it within c->timeout_ms (a peer that stops reading
 * cannot hold this side). Returns 0; -ETIMEDOUT when the send did not
 * complete in time; -EINTR on a stop request (SIGINT, SIGTERM), seen
 * within 200 ms; -EMSGSIZE or another -errno. One line printed on failure.
 */
int rp_ctrl_send(struct rp_ctrl *c, uint16_t type, const void *payload,
		 size_t len);

/*
 * rp_ctrl_recv - receive one message of type @type into @payload (capacity
 * @cap), its length in @len; waits at most @timeout_ms (< 0: c->timeout_ms)
 * of silence: once the run started (c->running) each PROGRESS heartbeat
 * from the peer (and each side message, kept in c->side) restarts the
 * wait, never past the run's deadline
 * (rp_ctrl_set_deadline; -ETIMEDOUT there); before it a PROGRESS is a protocol
 * error (-EBADMSG), so that heartbeats cannot hold a side before a run.
 * An ERROR message from the peer is printed as "peer: <text>" and returns
 * -EREMOTEIO; EOF -ECONNRESET; a bad header, another type or a payload
 * larger than @cap -EBADMSG; no message in time -ETIMEDOUT; a stop request
 * -EINTR, after telling the peer (ERROR RP_CTRL_INTERRUPTED). One line
 * printed on every failure.
 */
int rp_ctrl_recv(struct rp_ctrl *c, uint16_t type, void *payload, size_t cap,
		 size_t *len, int timeout_ms);

/*
 * rp_ctrl_send_error - tell the peer we are giving up, with @text (best
 * effort, errors ignored: the connection may already be gone). Sent even
 * after a stop request; waits at most RP_CTRL_ERROR_MS for the socket.
 */
void rp_ctrl_send_error(struct rp_ctrl *c, const char *text);

/* The ERROR text a side sends when SIGINT or SIGTERM stops it. */
#define RP_CTRL_INTERRUPTED "interrupted by SIGINT or SIGTERM"

/*
 * rp_ctrl_beat - during a run, at most once a second (*@last_ns, ns, is the
 * last beat): look for anything from the peer, which sends nothing while
 * this side runs (so its ERROR, or EOF when it died), then send a PROGRESS
 * heartbeat. Never waits for the rest of a partial header: the bytes are
 * kept in c->rx and the check resumes at the next beat (only an ERROR's
 * text is waited for, RP_CTRL_ERROR_MS at most). Returns 0; -EREMOTEIO when the peer gave up ("peer ... gave
 * up: <text>"), -ECONNRESET when the connection closed ("control
 * connection ... closed by the peer during the run"), or another -errno;
 * one line printed on failure. -ESHUTDOWN, with no line, when the peer
 * sent BYE: it ended the run (--run_infinitely).
 */
int rp_ctrl_beat(struct rp_ctrl *c, uint64_t *last_ns);

/*
 * rp_ctrl_peek - wait up to @timeout_ms for the next message's header and
 * give its type without consuming it (read it with rp_ctrl_recv; the
 * header is held in c->rx). Returns
 * 0; -ETIMEDOUT when none is complete yet, -EINTR on a stop request,
 * -ECONNRESET on EOF (no line for these), -EBADMSG (line printed).
 */
int rp_ctrl_peek(struct rp_ctrl *c, int timeout_ms, uint16_t *type);

/*
 * rp_ctrl_poll - during a run, without waiting: take every complete
 * heartbeat and side message the peer sent (the latest side message kept
 * in c->side); stop at the first other message and leave it for
 * rp_ctrl_recv (a peer that finished first sends its RESULT while this
 * side still runs). Returns 0; -EREMOTEIO when the peer gave up,
 * -ECONNRESET when the connection closed, -EBADMSG for a bad message;
 * one line printed on failure.
 */
int rp_ctrl_poll(struct rp_ctrl *c);

#endif /* RP_CTRL_H */
