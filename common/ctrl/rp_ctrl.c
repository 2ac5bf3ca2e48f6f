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
#include "base/rp_log.h"
#include "proto/rp_msg.h"
#include "base/rp_signal.h"
#include "base/rp_time.h"

#define RP_CONNECT_RETRY_MS 100
#define RP_CTRL_PENDING 8 /* connections that have not spoken, at most */
#define RP_BEAT_NS RP_NSEC_PER_SEC /* heartbeat period during a run */

/* Keepalive: a peer host that vanishes is noticed within about 20 s. */
static void rp_ctrl_tune(int fd)
{
	int one = 1, idle = 10, intvl = 2, cnt = 5;

	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof(one));
	setsockopt(fd, IPPROTO_TCP, TCP_KEEPIDLE, &idle, sizeof(idle));
	setsockopt(fd, IPPROTO_TCP, TCP_KEEPINTVL, &intvl, sizeof(intvl));
	setsockopt(fd, IPPROTO_TCP, TCP_KEEPCNT, &cnt, sizeof(cnt));
}

static int rp_ctrl_bind(const struct addrinfo *ai, unsigned int port)
{
	int fd, one = 1, ret;

	fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC,
		    ai->ai_protocol);
	if (fd < 0)
		return -errno;
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, ai->ai_addr, ai->ai_addrlen) || listen(fd, 1)) {
		ret = -errno;
		close(fd);
		if (ret == -EADDRINUSE)
			rp_err("control port %u already in use (another "
			       "server running? choose another with -p)",
			       port);
		return ret;
	}
	return fd;
}

int rp_ctrl_listen(const char *bind_addr, unsigned int port)
{
	struct addrinfo hints = {
		.ai_family = AF_INET, /* perftest's default family */
		.ai_socktype = SOCK_STREAM,
		.ai_flags = AI_PASSIVE,
	};
	struct addrinfo *res;
	char service[16];
	int ret;

	snprintf(service, sizeof(service), "%u", port);
	if (bind_addr)
		hints.ai_family = AF_UNSPEC; /* an IPv6 address too */
	ret = getaddrinfo(bind_addr, service, &hints, &res);
	if (ret) {
		rp_err("cannot resolve bind address '%s': %s",
		       bind_addr ? bind_addr : "*", gai_strerror(ret));
		return -EINVAL;
	}
	ret = rp_ctrl_bind(res, port);
	freeaddrinfo(res);
	if (ret < 0 && ret != -EADDRINUSE)
		rp_err("listening on control port %u%s%s: %s", port,
		       bind_addr ? " at " : "", bind_addr ? bind_addr : "",
		       strerror(-ret));
	return ret;
}

static void rp_ctrl_name(struct rp_ctrl *c, const struct sockaddr *sa,
			 socklen_t len)
{
	char host[INET6_ADDRSTRLEN], serv[8];

	if (getnameinfo(sa, len, host, sizeof(host), serv, sizeof(serv),
			NI_NUMERICHOST | NI_NUMERICSERV))
		snprintf(c->peer, sizeof(c->peer), "?");
	else
		snprintf(c->peer, sizeof(c->peer), "%s:%s", host, serv);
}

/*
 * Wait for @events on @fd up to @timeout_ms (< 0: no bound); 0 when ready.
 * A stop request ends the wait (-EINTR) unless !@stoppable (the ERROR that
 * says so).
 */
static int rp_ctrl_wait_for(int fd, short events, int timeout_ms,
			    bool stoppable)
{
	uint64_t end = timeout_ms < 0 ?
			       UINT64_MAX :
			       rp_now_ns() + (uint64_t)timeout_ms * 1000000ULL;
	struct pollfd p = { .fd = fd, .events = events };
	int ret;

	for (;;) {
		uint64_t now = rp_now_ns();
		/* rounded up: -ETIMEDOUT only once @end has passed; at most
		 * 200 ms, to notice a stop request */
		uint64_t ms = now >= end ? 0 :
					   (end - now + 999999ULL) / 1000000ULL;
		int left = ms < 200 ? (int)ms : 200;

		if (stoppable && rp_stop_requested())
			return -EINTR;
		ret = poll(&p, 1, left);
		if (ret > 0)
			return 0;
		if (ret < 0 && errno != EINTR)
			return -errno;
		if (!left)
			return -ETIMEDOUT;
	}
}

static int rp_ctrl_wait(int fd, short events, int timeout_ms)
{
	return rp_ctrl_wait_for(fd, events, timeout_ms, true);
}

/* Milliseconds from now to @deadline_ns (rounded up), 0 when past. */
static int rp_ctrl_left_ms(uint64_t deadline_ns)
{
	uint64_t now = rp_now_ns();

	return now >= deadline_ns ?
		       0 :
		       (int)((deadline_ns - now + 999999ULL) / 1000000ULL);
}

/* A connection just made: no header held, no run started. */
static void rp_ctrl_fresh(struct rp_ctrl *c)
{
	c->running = false;
	c->end_ns = 0;
	c->end_s = 0;
	rp_frame_init(&c->rx);
	memset(&c->peer_counts, 0, sizeof(c->peer_counts));
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
	struct rp_ctrl tmp;

	rp_ctrl_name(&tmp, (struct sockaddr *)&w->q[i].ss, w->q[i].len);
	rp_warn("a connection from %s %s: closed, still waiting for the "
		"client",
		tmp.peer, what);
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
		   rp_ctrl_left_ms(next < now + 200000000ULL ?
					   next :
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
	rp_ctrl_name(c, (struct sockaddr *)&w.q[ret].ss, w.q[ret].len);
	rp_ctrl_tune(c->fd);
	rp_ctrl_fresh(c);
	return 0;
}

/* --bind_source_ip: bind @fd to the source of @ai's family, if any. */
static int rp_ctrl_bind_source(int fd, const struct addrinfo *ai,
			       const struct addrinfo *src)
{
	for (; src; src = src->ai_next)
		if (src->ai_family == ai->ai_family)
			return bind(fd, src->ai_addr, src->ai_addrlen) ?
				       -errno :
				       0;
	return -EAFNOSUPPORT;
}

/* One non-blocking connect attempt bounded by @timeout_ms. */
static int rp_ctrl_try(const struct addrinfo *ai, const struct addrinfo *src,
		       int timeout_ms)
{
	int fd, ret, err = 0;
	socklen_t len = sizeof(err);

	fd = socket(ai->ai_family,
		    ai->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK,
		    ai->ai_protocol);
	if (fd < 0)
		return -errno;
	ret = src ? rp_ctrl_bind_source(fd, ai, src) : 0;
	if (ret) {
		close(fd);
		return ret == -EAFNOSUPPORT ? -ECONNREFUSED : ret;
	}
	ret = connect(fd, ai->ai_addr, ai->ai_addrlen) ? -errno : 0;
	if (ret == -EINPROGRESS) {
		ret = rp_ctrl_wait(fd, POLLOUT, timeout_ms);
		if (!ret && getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len))
			ret = -errno;
		else if (!ret)
			ret = -err;
	}
	if (ret) {
		close(fd);
		return ret;
	}
	/* Back to blocking: every later wait goes through poll(). */
	ret = fcntl(fd, F_SETFL, 0);
	(void)ret;
	return fd;
}

/* Errors that another try cannot cure. */
static bool rp_ctrl_final(int ret)
{
	return ret == -EINTR || ret == -EADDRNOTAVAIL || ret == -EADDRINUSE;
}

static int rp_ctrl_try_all(const struct addrinfo *res,
			   const struct addrinfo *src, int timeout_ms,
			   struct rp_ctrl *c)
{
	const struct addrinfo *ai;
	int ret = -ECONNREFUSED;

	for (ai = res; ai; ai = ai->ai_next) {
		ret = rp_ctrl_try(ai, src, timeout_ms);
		if (ret >= 0) {
			c->fd = ret;
			rp_ctrl_name(c, ai->ai_addr, ai->ai_addrlen);
			return 0;
		}
		if (rp_ctrl_final(ret))
			break;
	}
	return ret;
}

/* @source (--bind_source_ip), resolved once; *@src NULL when unset. */
static int rp_ctrl_source(const char *source, struct addrinfo **src)
{
	struct addrinfo hints = { .ai_family = AF_UNSPEC,
				  .ai_socktype = SOCK_STREAM,
				  .ai_flags = AI_PASSIVE };
	int ret;

	*src = NULL;
	if (!source)
		return 0;
	ret = getaddrinfo(source, NULL, &hints, src);
	if (!ret)
		return 0;
	rp_err("cannot resolve source address '%s' (--bind_source_ip): %s",
	       source, gai_strerror(ret));
	return -EINVAL;
}

/* The one line for a connect that failed with @ret (not -EINVAL, which
 * rp_ctrl_source told); returns the caller's error. */
static int rp_ctrl_connect_err(const char *host, unsigned int port,
			       const char *source, unsigned int timeout_s,
			       int ret)
{
	if (ret == -EINVAL)
		return ret;
	if (ret == -EADDRNOTAVAIL || ret == -EADDRINUSE) {
		rp_err("cannot connect to %s:%u from %s (--bind_source_ip): "
		       "%s",
		       host, port, source ? source : "?", strerror(-ret));
		return ret;
	}
	if (ret == -EINTR) {
		rp_err("interrupted while connecting to %s:%u", host, port);
		return ret;
	}
	rp_err("could not connect to %s:%u within %u s: %s (is the server "
	       "running? --timeout sets the wait)",
	       host, port, timeout_s, strerror(-ret));
	return -ETIMEDOUT;
}

/* The pause between two tries: RP_CONNECT_RETRY_MS, less when @end_ns
 * comes first; -EINTR as soon as a stop is requested (the signal also
 * cuts the sleep short: no SA_RESTART), else 0. */
static int rp_ctrl_retry_pause(uint64_t end_ns)
{
	int left = rp_ctrl_left_ms(end_ns);

	if (!rp_stop_requested())
		usleep((useconds_t)(left < RP_CONNECT_RETRY_MS ?
					    left :
					    RP_CONNECT_RETRY_MS) *
		       1000);
	return rp_stop_requested() ? -EINTR : 0;
}

int rp_ctrl_connect_from(const char *host, unsigned int port,
			 const char *source, unsigned int timeout_s,
			 struct rp_ctrl *c)
{
	struct addrinfo hints = { .ai_family = AF_UNSPEC,
				  .ai_socktype = SOCK_STREAM };
	uint64_t end = rp_now_ns() + timeout_s * RP_NSEC_PER_SEC;
	struct addrinfo *res, *src;
	char service[16];
	int ret;

	c->fd = -1;
	snprintf(service, sizeof(service), "%u", port);
	ret = getaddrinfo(host, service, &hints, &res);
	if (ret) {
		rp_err("cannot resolve server host '%s': %s", host,
		       gai_strerror(ret));
		return -EHOSTUNREACH;
	}
	ret = rp_ctrl_source(source, &src);
	while (!ret) {
		int left = rp_ctrl_left_ms(end);

		ret = rp_ctrl_try_all(res, src, left ? left : 1, c);
		if (!ret || rp_ctrl_final(ret) || rp_now_ns() >= end)
			break;
		/* refused or unreachable: try again, unless stopped */
		ret = rp_ctrl_retry_pause(end);
	}
	if (src)
		freeaddrinfo(src);
	freeaddrinfo(res);
	if (ret)
		return rp_ctrl_connect_err(host, port, source, timeout_s, ret);
	rp_ctrl_tune(c->fd);
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
		ret = rp_ctrl_wait_for(fd, POLLOUT,
				       rp_ctrl_left_ms(deadline_ns), stoppable);
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

		ret = rp_ctrl_wait(c->fd, POLLIN, rp_ctrl_left_ms(deadline_ns));
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
					   rp_ctrl_left_ms(deadline_ns));
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

/* A COUNTS payload of @len bytes, read by @deadline (ns), into
 * c->peer_counts. */
static int rp_ctrl_take_counts(struct rp_ctrl *c, uint32_t len,
			       uint64_t deadline)
{
	uint8_t buf[RP_COUNTS_MAX_LEN];
	struct rp_counts k;
	int ret;

	if (len > sizeof(buf)) {
		rp_err("protocol error from %s: COUNTS of %u bytes (at most "
		       "%zu)",
		       c->peer, len, sizeof(buf));
		return -EBADMSG;
	}
	ret = rp_ctrl_read_all(c, buf, len, deadline);
	if (ret) {
		rp_err("COUNTS from %s cut short: %s", c->peer, strerror(-ret));
		return ret;
	}
	if (rp_msg_decode_counts(buf, len, &k)) {
		rp_err("protocol error from %s: bad COUNTS of %u bytes",
		       c->peer, len);
		return -EBADMSG;
	}
	if (k.seq > c->peer_counts.seq)
		c->peer_counts = k;
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
 * Read and check one header. Once the run started, PROGRESS heartbeats
 * (and COUNTS) restart the deadline, up to the run's (c->end_ns); before
 * it, one is refused.
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
			ret = h->len ? rp_ctrl_take_counts(c, h->len,
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
		return -ESHUTDOWN;   /* the peer ended the run (no line) */
	if (h.type == RP_MSG_COUNTS) /* -b --interval: the peer's tick */
		return rp_ctrl_take_counts(
			c, h.len, rp_now_ns() + RP_CTRL_ERROR_MS * 1000000ULL);
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

/* One message rp_ctrl_poll takes: COUNTS, PROGRESS, or an ERROR's text. */
static int rp_ctrl_poll_take(struct rp_ctrl *c, uint16_t type)
{
	struct rp_msg_hdr h;
	int ret;

	ret = rp_ctrl_take_hdr(c, &h);
	if (ret)
		return ret;
	if (type == RP_MSG_ERROR)
		return rp_ctrl_recv_error(c, h.len);
	if (type == RP_MSG_PROGRESS && !h.len)
		return 0;
	return rp_ctrl_take_counts(c, h.len,
				   rp_now_ns() + RP_CTRL_ERROR_MS * 1000000ULL);
}

int rp_ctrl_poll(struct rp_ctrl *c)
{
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
		if (type != RP_MSG_COUNTS && type != RP_MSG_PROGRESS &&
		    type != RP_MSG_ERROR)
			return 0; /* RESULT and the like: for rp_ctrl_recv */
		ret = rp_ctrl_poll_take(c, type);
		if (ret)
			return ret;
	}
	return 0;
}
