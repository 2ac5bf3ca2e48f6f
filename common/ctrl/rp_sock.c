// SPDX-License-Identifier: MIT
/* The control connection's TCP socket (rp_sock.h). */
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

#include "ctrl/rp_sock.h"
#include "base/rp_log.h"
#include "base/rp_signal.h"
#include "base/rp_time.h"

#define RP_CONNECT_RETRY_MS 100

void rp_sock_tune(int fd)
{
	int one = 1, idle = 10, intvl = 2, cnt = 5;

	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof(one));
	setsockopt(fd, IPPROTO_TCP, TCP_KEEPIDLE, &idle, sizeof(idle));
	setsockopt(fd, IPPROTO_TCP, TCP_KEEPINTVL, &intvl, sizeof(intvl));
	setsockopt(fd, IPPROTO_TCP, TCP_KEEPCNT, &cnt, sizeof(cnt));
}

static int rp_sock_bind(const struct addrinfo *ai, unsigned int port)
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

int rp_sock_listen(const char *bind_addr, unsigned int port)
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
	ret = rp_sock_bind(res, port);
	freeaddrinfo(res);
	if (ret < 0 && ret != -EADDRINUSE)
		rp_err("listening on control port %u%s%s: %s", port,
		       bind_addr ? " at " : "", bind_addr ? bind_addr : "",
		       strerror(-ret));
	return ret;
}

void rp_sock_name(const struct sockaddr *sa, socklen_t len, char *buf,
		  size_t size)
{
	char host[INET6_ADDRSTRLEN], serv[8];

	if (getnameinfo(sa, len, host, sizeof(host), serv, sizeof(serv),
			NI_NUMERICHOST | NI_NUMERICSERV))
		snprintf(buf, size, "?");
	else
		snprintf(buf, size, "%s:%s", host, serv);
}

int rp_sock_wait(int fd, short events, int timeout_ms, bool stoppable)
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

/* --bind_source_ip: bind @fd to the source of @ai's family, if any. */
static int rp_sock_bind_source(int fd, const struct addrinfo *ai,
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
static int rp_sock_try(const struct addrinfo *ai, const struct addrinfo *src,
		       int timeout_ms)
{
	int fd, ret, err = 0;
	socklen_t len = sizeof(err);

	fd = socket(ai->ai_family,
		    ai->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK,
		    ai->ai_protocol);
	if (fd < 0)
		return -errno;
	ret = src ? rp_sock_bind_source(fd, ai, src) : 0;
	if (ret) {
		close(fd);
		return ret == -EAFNOSUPPORT ? -ECONNREFUSED : ret;
	}
	ret = connect(fd, ai->ai_addr, ai->ai_addrlen) ? -errno : 0;
	if (ret == -EINPROGRESS) {
		ret = rp_sock_wait(fd, POLLOUT, timeout_ms, true);
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
static bool rp_sock_final(int ret)
{
	return ret == -EINTR || ret == -EADDRNOTAVAIL || ret == -EADDRINUSE;
}

/* A try on each of @res's addresses; the fd, its peer named in @name
 * (@len bytes), or -errno. */
static int rp_sock_try_all(const struct addrinfo *res,
			   const struct addrinfo *src, int timeout_ms,
			   char *name, size_t len)
{
	const struct addrinfo *ai;
	int ret = -ECONNREFUSED;

	for (ai = res; ai; ai = ai->ai_next) {
		ret = rp_sock_try(ai, src, timeout_ms);
		if (ret >= 0) {
			rp_sock_name(ai->ai_addr, ai->ai_addrlen, name, len);
			return ret;
		}
		if (rp_sock_final(ret))
			break;
	}
	return ret;
}

/* @source (--bind_source_ip), resolved once; *@src NULL when unset. */
static int rp_sock_source(const char *source, struct addrinfo **src)
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
 * rp_sock_source told); returns the caller's error. */
static int rp_sock_connect_err(const char *host, unsigned int port,
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
static int rp_sock_retry_pause(uint64_t end_ns)
{
	int left = rp_left_ms(end_ns);

	if (!rp_stop_requested())
		usleep((useconds_t)(left < RP_CONNECT_RETRY_MS ?
					    left :
					    RP_CONNECT_RETRY_MS) *
		       1000);
	return rp_stop_requested() ? -EINTR : 0;
}

int rp_sock_connect(const char *host, unsigned int port, const char *source,
		    unsigned int timeout_s, char *name, size_t len)
{
	struct addrinfo hints = { .ai_family = AF_UNSPEC,
				  .ai_socktype = SOCK_STREAM };
	uint64_t end = rp_now_ns() + timeout_s * RP_NSEC_PER_SEC;
	struct addrinfo *res, *src;
	char service[16];
	int ret;

	snprintf(service, sizeof(service), "%u", port);
	ret = getaddrinfo(host, service, &hints, &res);
	if (ret) {
		rp_err("cannot resolve server host '%s': %s", host,
		       gai_strerror(ret));
		return -EHOSTUNREACH;
	}
	ret = rp_sock_source(source, &src);
	while (!ret) { /* ret: 0 between tries, then the fd or -errno */
		int left = rp_left_ms(end);

		ret = rp_sock_try_all(res, src, left ? left : 1, name, len);
		if (ret >= 0 || rp_sock_final(ret) || rp_now_ns() >= end)
			break;
		/* refused or unreachable: try again, unless stopped */
		ret = rp_sock_retry_pause(end);
	}
	if (src)
		freeaddrinfo(src);
	freeaddrinfo(res);
	if (ret < 0)
		return rp_sock_connect_err(host, port, source, timeout_s, ret);
	rp_sock_tune(ret);
	return ret;
}
