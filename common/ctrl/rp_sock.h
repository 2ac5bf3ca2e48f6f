/* SPDX-License-Identifier: MIT */
/*
 * rp_sock.h - the control connection's TCP socket, below the messages
 * (rp_ctrl.h): listening on -p, connecting to the server with retries
 * from --bind_source_ip, a socket tuned to notice a vanished peer, and
 * every wait bounded and cut short by a stop request (SIGINT, SIGTERM).
 */
#ifndef RP_SOCK_H
#define RP_SOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>

/*
 * rp_sock_listen - bind a listening TCP socket on @port (all addresses, or
 * @bind_addr when not NULL) for one client. EADDRINUSE is reported as
 * "control port N already in use". Returns the fd, or -errno (one line
 * printed).
 */
int rp_sock_listen(const char *bind_addr, unsigned int port);

/*
 * rp_sock_connect - connect to @host:@port from local address @source
 * (NULL = any), retrying every 100 ms for up to @timeout_s (the server may
 * start later); the peer's "host:port" into @name (@len bytes). Returns
 * the connected, tuned fd, or -errno after one line: -ETIMEDOUT naming
 * host, port and the last error; a source that does not resolve or is not
 * local at once (-EINVAL, -EADDRNOTAVAIL); -EINTR within 200 ms of a stop
 * request, whether connect() is pending or fails at once (no route).
 */
int rp_sock_connect(const char *host, unsigned int port, const char *source,
		    unsigned int timeout_s, char *name, size_t len);

/*
 * rp_sock_wait - wait for @events on @fd up to @timeout_ms (< 0: no
 * bound). Returns 0 when ready, -ETIMEDOUT, -EINTR on a stop request
 * (seen within 200 ms) unless !@stoppable (the wait that sends the ERROR
 * saying so), or poll's -errno.
 */
int rp_sock_wait(int fd, short events, int timeout_ms, bool stoppable);

/* rp_sock_name - "host:port" of @sa (@len bytes; numeric), "?" if it has
 * none, into @buf (@size bytes). */
void rp_sock_name(const struct sockaddr *sa, socklen_t len, char *buf,
		  size_t size);

/* rp_sock_tune - TCP_NODELAY, and keepalive: a peer host that vanishes is
 * noticed within about 20 s. */
void rp_sock_tune(int fd);

#endif /* RP_SOCK_H */
