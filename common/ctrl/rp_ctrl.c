// SPDX-License-Identifier: MIT
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "ctrl/rp_ctrl.h"
#include "ctrl/rp_sock.h"
#include "base/rp_log.h"
#include "proto/rp_msg.h"
#include "base/rp_signal.h"
#include "base/rp_time.h"

#define RP_CTRL_PENDING 8 /* connections that have not spoken, at most */
#define RP_BEAT_NS RP_NSEC_PER_SEC /* heartbeat period during a run */

static int rp_ctrl_wait(int fd, short events, int timeout_ms)
{
	return rp_sock_wait(fd, events, timeout_ms, true);
}

/* A connection just made: no header held, no run started. */
static void rp_ctrl_fresh(struct rp_ctrl *c)
{
	c->running = false;
	c->end_ns = 0;
	c->end_s = 0;
	rp_frame_init(&c->rx);
	c->side_type = 0;
	c->side_len = 0;
}

/* A connection accepted, not yet known to be the client. */
struct rp_conn {
	int fd;
	uint64_t since_ns; /* accepted then (rp_now_ns) */
	struct sockaddr_storage ss;
	socklen_t len;
};

/* The connections of rp_ctrl_accept's wait, the listener first. */
struct rp_accepting {
	int lfd;
	unsigned int hello_ms; /* 0: the first connection is the client */
	uint64_t end_ns;       /* UINT64_MAX: no bound (no --timeout) */
	struct rp_conn q[RP_CTRL_PENDING];
	unsigned int n;
};

/* Close pending connection @i with one line saying what it did (@what)
 * and that the server goes on waiting; the last one takes its place. */
static void rp_accept_drop(struct rp_accepting *w, unsigned int i,
			   const char *what)
{
	char peer[64];

	rp_sock_name((struct sockaddr *)&w->q[i].ss, w->q[i].len, peer,
		     sizeof(peer));
	rp_warn("a connection from %s %s: closed, still waiting for the "
		"client",
		peer, what);
	close(w->q[i].fd);
	w->q[i] = w->q[--w->n];
}

/* One more connection from the listener (the oldest dropped when there
 * are RP_CTRL_PENDING). 0 or -errno of accept. */
static int rp_accept_more(struct rp_accepting *w)
{
	struct rp_conn *k;

	if (w->n == RP_CTRL_PENDING)
		rp_accept_drop(w, 0, "sent nothing while others came");
	k = &w->q[w->n];
	k->len = sizeof(k->ss);
	k->fd = accept4(w->lfd, (struct sockaddr *)&k->ss, &k->len,
			SOCK_CLOEXEC);
	if (k->fd < 0)
		return errno == EAGAIN || errno == ECONNABORTED ? 0 : -errno;
	k->since_ns = rp_now_ns();
	w->n++;
	return 0;
}

/* Connection @i became readable: 1 when it sent a byte (the client),
 * 0 when it closed without one (dropped). */
static int rp_accept_spoke(struct rp_accepting *w, unsigned int i)
{
	char b;
	ssize_t got = recv(w->q[i].fd, &b, 1, MSG_PEEK | MSG_DONTWAIT);

	if (got > 0)
		return 1;
	if (got < 0 && (errno == EAGAIN || errno == EINTR))
		return 0;
	rp_accept_drop(w, i, "ended without sending anything");
	return 0;
}

/* Drop the connections silent for hello_ms; the next time (ns) one of
 * them is due, or w->end_ns. */
static uint64_t rp_accept_expire(struct rp_accepting *w, uint64_t now)
{
	uint64_t next = w->end_ns, due;
	char what[64];
	unsigned int i;

	for (i = w->n; w->hello_ms && i-- > 0;) {
		due = w->q[i].since_ns + (uint64_t)w->hello_ms * 1000000ULL;
		if (now < due) {
			next = due < next ? due : next;
			continue;
		}
		snprintf(what, sizeof(what), "sent nothing in %g s",
			 (double)w->hello_ms / 1000);
		rp_accept_drop(w, i, what);
	}
	return next;
}

/*
 * One turn of rp_ctrl_accept's wait: the silent connections past their
 * bound dropped, then a poll of the listener and the others (at most
 * 200 ms: a stop request is seen). Returns the index of the client (the
 * first connection, without hello_ms; else the first that sent a byte),
 * -EAGAIN when there is none yet, or -ETIMEDOUT, -EINTR, -errno.
 */
static int rp_accept_turn(struct rp_accepting *w)
{
	struct pollfd p[RP_CTRL_PENDING + 1];
	uint64_t now = rp_now_ns(), next = rp_accept_expire(w, now);
	unsigned int i, n = w->n;
	int ret;

	if (now >= w->end_ns)
		return -ETIMEDOUT;
	if (rp_stop_requested())
		return -EINTR;
	p[0] = (struct pollfd){ .fd = w->lfd, .events = POLLIN };
	for (i = 0; i < n; i++)
		p[i + 1] =
			(struct pollfd){ .fd = w->q[i].fd, .events = POLLIN };
	ret = poll(p, n + 1,
		   rp_left_ms(next < now + 200000000ULL ? next :
							  now + 200000000ULL));
	if (ret < 0)
		return errno == EINTR ? -EAGAIN : -errno;
	for (i = n; i-- > 0;) /* down: a drop moves the last one to i */
		if (p[i + 1].revents && rp_accept_spoke(w, i))
			return (int)i;
	if (!(p[0].revents & POLLIN))
		return -EAGAIN;
	ret = rp_accept_more(w);
	if (ret)
		return ret;
	return w->hello_ms || !w->n ? -EAGAIN : (int)w->n - 1;
}

int rp_ctrl_accept(int lfd, unsigned int timeout_s, unsigned int hello_ms,
		   struct rp_ctrl *c)
{
	struct rp_accepting w = {
		.lfd = lfd,
		.hello_ms = hello_ms,
		.end_ns = timeout_s ?
				  rp_now_ns() + timeout_s * RP_NSEC_PER_SEC :
				  UINT64_MAX,
	};
	unsigned int i;
	int ret;

	c->fd = -1;
	(void)fcntl(lfd, F_SETFL, O_NONBLOCK); /* poll says, accept takes */
	do
		ret = rp_accept_turn(&w);
	while (ret == -EAGAIN);
	for (i = 0; i < w.n; i++) /* the client's rivals: no word needed */
		if ((int)i != ret)
			close(w.q[i].fd);
	close(lfd);
	if (ret == -ETIMEDOUT)
		rp_err("no client connected within %u s (--timeout)",
		       timeout_s);
	else if (ret == -EINTR)
		rp_err("interrupted while waiting for a client");
	else if (ret < 0)
		rp_err("accept on the control port: %s", strerror(-ret));
	if (ret < 0)
		return ret;
	c->fd = w.q[ret].fd;
	rp_sock_name((struct sockaddr *)&w.q[ret].ss, w.q[ret].len, c->peer,
		     sizeof(c->peer));
	rp_sock_tune(c->fd);
	rp_ctrl_fresh(c);
	return 0;
}

int rp_ctrl_listen(const char *bind_addr, unsigned int port)
{
	return rp_sock_listen(bind_addr, port);
}

int rp_ctrl_connect_from(const char *host, unsigned int port,
			 const char *source, unsigned int timeout_s,
			 struct rp_ctrl *c)
{
	c->fd = rp_sock_connect(host, port, source, timeout_s, c->peer,
				sizeof(c->peer));
	if (c->fd < 0) {
		int ret = c->fd;

		c->fd = -1;
		return ret;
	}
	rp_ctrl_fresh(c);
	return 0;
}

void rp_ctrl_set_deadline(struct rp_ctrl *c, uint64_t budget_ms)
{
	c->end_ns = budget_ms ? rp_now_ns() + budget_ms * 1000000ULL : 0;
	c->end_s = (unsigned int)((budget_ms + 999) / 1000);
}

/* @t_ns, or the run's deadline when that comes first. */
static uint64_t rp_ctrl_cap(const struct rp_ctrl *c, uint64_t t_ns)
{
	return c->end_ns && t_ns > c->end_ns ? c->end_ns : t_ns;
}

/* The run's deadline has passed (none set: never). */
static bool rp_ctrl_past_end(const struct rp_ctrl *c)
{
	return c->end_ns && rp_now_ns() >= c->end_ns;
}

void rp_ctrl_close(struct rp_ctrl *c)
{
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
}

/*
 * Send @n bytes, all within @deadline_ns; a stop request ends the wait
 * (-EINTR) when @stoppable. Never blocks in send(): a peer that stops
 * reading fills the socket buffer and the wait for room is bounded.
 */
static int rp_ctrl_write_all(int fd, const uint8_t *p, size_t n,
			     uint64_t deadline_ns, bool stoppable)
{
	while (n) {
		ssize_t w = send(fd, p, n, MSG_NOSIGNAL | MSG_DONTWAIT);
		int ret;

		if (w > 0) {
			p += w;
			n -= (size_t)w;
			continue;
		}
		if (w == 0)
			return -EIO;
		if (errno == EINTR)
			continue;
		if (errno != EAGAIN && errno != EWOULDBLOCK)
			return -errno;
		ret = rp_sock_wait(fd, POLLOUT, rp_left_ms(deadline_ns),
				   stoppable);
		if (ret)
			return ret;
	}
	return 0;
}

static void rp_ctrl_send_fail(struct rp_ctrl *c, uint16_t type, int ret)
{
	if (ret == -ETIMEDOUT)
		rp_err("sending %s to %s: not sent within %d ms (the peer "
		       "does not read; --timeout)",
		       rp_msg_type_str(type), c->peer,
		       c->timeout_ms > 0 ? c->timeout_ms : RP_CTRL_SEND_MS);
	else if (ret == -EINTR)
		rp_err("interrupted while sending %s to %s",
		       rp_msg_type_str(type), c->peer);
	else
		rp_err("sending %s to %s: %s", rp_msg_type_str(type), c->peer,
		       strerror(-ret));
}

int rp_ctrl_send(struct rp_ctrl *c, uint16_t type, const void *payload,
		 size_t len)
{
	int ms = c->timeout_ms > 0 ? c->timeout_ms : RP_CTRL_SEND_MS;
	uint64_t deadline = rp_now_ns() + (uint64_t)ms * 1000000ULL;
	uint8_t hdr[RP_MSG_HDR_LEN];
	int ret;

	if (len > RP_MSG_MAX_PAYLOAD) {
		rp_err("%s message of %zu bytes exceeds the limit of %u",
		       rp_msg_type_str(type), len, RP_MSG_MAX_PAYLOAD);
		return -EMSGSIZE;
	}
	rp_msg_hdr_encode(hdr, type, (uint32_t)len);
	ret = rp_ctrl_write_all(c->fd, hdr, sizeof(hdr), deadline, true);
	if (!ret && len)
		ret = rp_ctrl_write_all(c->fd, payload, len, deadline, true);
	if (ret)
		rp_ctrl_send_fail(c, type, ret);
	return ret;
}

/* Read exactly @n bytes, all within @deadline_ns. */
/* Up to @n bytes into @p by @deadline_ns; *@got says how many arrived,
 * also when it fails (-ETIMEDOUT, -ECONNRESET, -errno). */
static int rp_ctrl_read_some(struct rp_ctrl *c, uint8_t *p, size_t n,
			     uint64_t deadline_ns, size_t *got)
{
	*got = 0;
	while (*got < n) {
		ssize_t r;
		int ret;

		ret = rp_ctrl_wait(c->fd, POLLIN, rp_left_ms(deadline_ns));
		if (ret)
			return ret;
		r = recv(c->fd, p + *got, n - *got, MSG_DONTWAIT);
		if (r < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (r <= 0)
			return r < 0 ? -errno : -ECONNRESET;
		*got += (size_t)r;
	}
	return 0;
}

static int rp_ctrl_read_all(struct rp_ctrl *c, uint8_t *p, size_t n,
			    uint64_t deadline_ns)
{
	size_t got;

	return rp_ctrl_read_some(c, p, n, deadline_ns, &got);
}

/*
 * Receive into c->rx until it holds a whole header: 0. With @wait, for
 * up to @deadline_ns; without, only what is there now (-EAGAIN when that
 * is not a whole header: the bytes stay in c->rx for the next call).
 */
static int rp_ctrl_fill(struct rp_ctrl *c, bool wait, uint64_t deadline_ns)
{
	uint8_t buf[RP_MSG_HDR_LEN];
	ssize_t r;
	int ret;

	while (rp_frame_need(&c->rx)) {
		if (wait) {
			ret = rp_ctrl_wait(c->fd, POLLIN,
					   rp_left_ms(deadline_ns));
			if (ret)
				return ret;
		}
		r = recv(c->fd, buf, rp_frame_need(&c->rx), MSG_DONTWAIT);
		if (r < 0 && (errno == EINTR || (wait && errno == EAGAIN)))
			continue;
		if (r < 0)
			return errno == EAGAIN ? -EAGAIN : -errno;
		if (r == 0)
			return -ECONNRESET;
		rp_frame_feed(&c->rx, buf, (size_t)r);
	}
	return 0;
}

/* The peer's ERROR: its text (@len bytes, RP_CTRL_ERROR_MS at most). */
static int rp_ctrl_recv_error(struct rp_ctrl *c, uint32_t len)
{
	uint64_t deadline = rp_now_ns() + RP_CTRL_ERROR_MS * 1000000ULL;
	uint8_t buf[RP_MSG_ERROR_MAX];
	char text[RP_MSG_ERROR_MAX + 1];
	int ret;

	size_t got;

	if (len > sizeof(buf))
		len = sizeof(buf); /* longer text: shown truncated */
	ret = rp_ctrl_read_some(c, buf, len, deadline, &got);
	rp_msg_decode_error(buf, got, text, sizeof(text));
	if (ret) /* what arrived, and that the rest did not */
		rp_err("peer %s gave up: %s (its text cut short: %zu of %u "
		       "bytes arrived)",
		       c->peer, text, got, len);
	else
		rp_err("peer %s gave up: %s", c->peer, text);
	return -EREMOTEIO;
}

/* A side message of @type, its payload of @len bytes read by @deadline
 * (ns) into c->side: the latest one is kept (rp_exchange reads it). */
static int rp_ctrl_take_side(struct rp_ctrl *c, uint16_t type, uint32_t len,
			     uint64_t deadline)
{
	int ret;

	if (len > sizeof(c->side)) {
		rp_err("protocol error from %s: %s of %u bytes (at most %zu)",
		       c->peer, rp_msg_type_str(type), len, sizeof(c->side));
		return -EBADMSG;
	}
	ret = rp_ctrl_read_all(c, c->side, len, deadline);
	if (ret) {
		c->side_len = 0; /* what it held is overwritten */
		rp_err("%s from %s cut short: %s", rp_msg_type_str(type),
		       c->peer, strerror(-ret));
		return ret;
	}
	c->side_type = type;
	c->side_len = len;
	return 0;
}

static int rp_ctrl_recv_fail(struct rp_ctrl *c, uint16_t type, int ret)
{
	if (ret == -ETIMEDOUT && rp_ctrl_past_end(c))
		rp_err("no %s from %s by the run's deadline, %u s after its "
		       "start (the run's expected length plus --timeout; "
		       "heartbeats do not extend it)",
		       rp_msg_type_str(type), c->peer, c->end_s);
	else if (ret == -ETIMEDOUT)
		rp_err("no %s from %s within the timeout (--timeout)",
		       rp_msg_type_str(type), c->peer);
	else if (ret == -ECONNRESET)
		rp_err("control connection to %s closed by the peer while "
		       "waiting for %s",
		       c->peer, rp_msg_type_str(type));
	else if (ret == -EINTR) {
		rp_err("interrupted while waiting for %s",
		       rp_msg_type_str(type));
		rp_ctrl_send_error(c, RP_CTRL_INTERRUPTED);
	} else
		rp_err("receiving %s from %s: %s", rp_msg_type_str(type),
		       c->peer, strerror(-ret));
	return ret;
}

/* The header held in c->rx, decoded and taken; a bad one is named. */
static int rp_ctrl_take_hdr(struct rp_ctrl *c, struct rp_msg_hdr *h)
{
	char err[160];
	int ret;

	ret = rp_frame_header(&c->rx, h, err, sizeof(err));
	rp_frame_next(&c->rx);
	if (ret)
		rp_err("bad control message from %s: %s", c->peer, err);
	return ret;
}

/*
 * Read and check one header. Once the run started, heartbeats (and side
 * messages, kept) restart the deadline, up to the run's (c->end_ns);
 * before it, one is refused.
 */
static int rp_ctrl_recv_hdr(struct rp_ctrl *c, uint16_t type,
			    struct rp_msg_hdr *h, uint64_t *deadline,
			    uint64_t wait_ns)
{
	int ret;

	for (;;) {
		ret = rp_ctrl_fill(c, true, *deadline);
		if (ret)
			return rp_ctrl_recv_fail(c, type, ret);
		ret = rp_ctrl_take_hdr(c, h);
		if (ret)
			return ret;
		switch (rp_frame_judge(h, type, c->running)) {
		case RP_FRAME_BEAT:
			*deadline = rp_ctrl_cap(c, rp_now_ns() + wait_ns);
			ret = h->len ? rp_ctrl_take_side(c, h->type, h->len,
							 *deadline) :
				       0;
			if (ret)
				return ret; /* line printed */
			continue;
		case RP_FRAME_EARLY:
			rp_err("protocol error from %s: %s before the "
			       "run started (waiting for %s)",
			       c->peer, rp_msg_type_str(h->type),
			       rp_msg_type_str(type));
			return -EBADMSG;
		default: return 0;
		}
	}
}

int rp_ctrl_recv(struct rp_ctrl *c, uint16_t type, void *payload, size_t cap,
		 size_t *len, int timeout_ms)
{
	uint64_t wait_ns =
		(uint64_t)(timeout_ms < 0 ? c->timeout_ms : timeout_ms) *
		1000000ULL;
	uint64_t deadline = rp_ctrl_cap(c, rp_now_ns() + wait_ns);
	struct rp_msg_hdr h;
	int ret;

	ret = rp_ctrl_recv_hdr(c, type, &h, &deadline, wait_ns);
	if (ret)
		return ret;
	if (h.type == RP_MSG_ERROR && type != RP_MSG_ERROR)
		return rp_ctrl_recv_error(c, h.len);
	if (h.type != type || h.len > cap) {
		rp_err("protocol error from %s: expected %s, got %s of %u "
		       "bytes",
		       c->peer, rp_msg_type_str(type), rp_msg_type_str(h.type),
		       h.len);
		return -EBADMSG;
	}
	ret = rp_ctrl_read_all(c, payload, h.len, deadline);
	if (ret)
		return rp_ctrl_recv_fail(c, type, ret);
	*len = h.len;
	return 0;
}

void rp_ctrl_send_error(struct rp_ctrl *c, const char *text)
{
	uint64_t deadline = rp_now_ns() + RP_CTRL_ERROR_MS * 1000000ULL;
	uint8_t hdr[RP_MSG_HDR_LEN];
	size_t len = strnlen(text, RP_MSG_ERROR_MAX);

	if (c->fd < 0)
		return;
	rp_msg_hdr_encode(hdr, RP_MSG_ERROR, (uint32_t)len);
	if (!rp_ctrl_write_all(c->fd, hdr, sizeof(hdr), deadline, false))
		rp_ctrl_write_all(c->fd, (const uint8_t *)text, len, deadline,
				  false);
}

/* What a whole header read during the run means: the peer's end. */
static int rp_ctrl_peer_said(struct rp_ctrl *c)
{
	struct rp_msg_hdr h;
	int ret;

	ret = rp_ctrl_take_hdr(c, &h);
	if (ret)
		return ret;
	if (h.type == RP_MSG_ERROR)
		return rp_ctrl_recv_error(c, h.len);
	if (h.type == RP_MSG_BYE && !h.len)
		return -ESHUTDOWN; /* the peer ended the run (no line) */
	if (h.len && rp_frame_judge(&h, RP_MSG_ERROR, true) == RP_FRAME_BEAT)
		return rp_ctrl_take_side(c, h.type, h.len,
					 rp_now_ns() +
						 RP_CTRL_ERROR_MS * 1000000ULL);
	rp_err("protocol error from %s: %s during the run", c->peer,
	       rp_msg_type_str(h.type));
	return -EBADMSG;
}

/*
 * While this side runs, the peer has nothing to send: anything readable is
 * its ERROR or the end of the connection (the peer died or gave up). Takes
 * only what is there now; a partial header waits in c->rx.
 */
static int rp_ctrl_check_peer(struct rp_ctrl *c)
{
	int ret = rp_ctrl_fill(c, false, 0);

	if (ret == -EAGAIN)
		return 0; /* nothing, or a header not complete yet */
	if (ret == -ECONNRESET) {
		rp_err("control connection to %s closed by the peer during "
		       "the run (peer killed or gone?)",
		       c->peer);
		return ret;
	}
	if (ret)
		return rp_ctrl_recv_fail(c, RP_MSG_PROGRESS, ret);
	return rp_ctrl_peer_said(c);
}

int rp_ctrl_beat(struct rp_ctrl *c, uint64_t *last_ns)
{
	uint64_t now = rp_now_ns();
	int ret;

	if (now - *last_ns < RP_BEAT_NS)
		return 0;
	*last_ns = now;
	ret = rp_ctrl_check_peer(c);
	return ret ? ret : rp_ctrl_send(c, RP_MSG_PROGRESS, NULL, 0);
}

int rp_ctrl_peek(struct rp_ctrl *c, int timeout_ms, uint16_t *type)
{
	struct rp_msg_hdr h;
	char err[160];
	int ret;

	if (rp_frame_need(&c->rx)) {
		ret = rp_ctrl_wait(c->fd, POLLIN, timeout_ms);
		if (ret)
			return ret;
		ret = rp_ctrl_fill(c, false, 0);
		if (ret == -EAGAIN || ret == -EINTR)
			return -ETIMEDOUT; /* the rest is on its way */
		if (ret)
			return ret;
	}
	ret = rp_frame_header(&c->rx, &h, err, sizeof(err));
	if (ret) {
		rp_frame_next(&c->rx);
		rp_err("bad control message from %s: %s", c->peer, err);
		return ret;
	}
	*type = h.type;
	return 0;
}

/* One message rp_ctrl_poll takes: a heartbeat, a side message, or an
 * ERROR's text. */
static int rp_ctrl_poll_take(struct rp_ctrl *c)
{
	struct rp_msg_hdr h;
	int ret;

	ret = rp_ctrl_take_hdr(c, &h);
	if (ret)
		return ret;
	if (h.type == RP_MSG_ERROR)
		return rp_ctrl_recv_error(c, h.len);
	if (!h.len)
		return 0; /* a heartbeat */
	return rp_ctrl_take_side(c, h.type, h.len,
				 rp_now_ns() + RP_CTRL_ERROR_MS * 1000000ULL);
}

int rp_ctrl_poll(struct rp_ctrl *c)
{
	struct rp_msg_hdr h;
	char err[160];
	uint16_t type;
	int ret, k;

	for (k = 0; k < 64; k++) {
		ret = rp_ctrl_peek(c, 0, &type);
		if (ret == -ETIMEDOUT || ret == -EINTR)
			return 0; /* nothing whole yet; a stop is seen elsewhere */
		if (ret == -ECONNRESET)
			rp_err("control connection to %s closed by the peer "
			       "during the run (peer killed or gone?)",
			       c->peer);
		if (ret)
			return ret;
		/* the header peek held is whole and good */
		rp_frame_header(&c->rx, &h, err, sizeof(err));
		if (rp_frame_judge(&h, RP_MSG_ERROR, true) == RP_FRAME_OTHER)
			return 0; /* RESULT and the like: for rp_ctrl_recv */
		ret = rp_ctrl_poll_take(c);
		if (ret)
			return ret;
	}
	return 0;
}
