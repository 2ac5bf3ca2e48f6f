/* Description: the TCP control connection over loopback inside one process:
 * connect retries until the timeout (and succeeds when the server comes up
 * late), a second listener on a port gets -EADDRINUSE, accept times out
 * (or, with no bound, waits until SIGINT), serves the client that speaks
 * over an idle connection that came first, and closes a connection silent
 * past the HELLO bound or ended without a byte, one line each,
 * messages round-trip, and rp_ctrl_recv returns -ETIMEDOUT on silence,
 * -ECONNRESET on EOF, -EBADMSG on foreign bytes / another type / a header
 * announcing more than 64 KiB, -EREMOTEIO on an ERROR message, while
 * PROGRESS heartbeats restart its deadline once the run started (and are
 * refused at once before it); a send to a peer that stops reading ends at
 * its deadline, or within 200 ms of SIGINT; rp_ctrl_beat never waits for
 * the rest of a partial header (it resumes it at the next beat);
 * rp_ctrl_beat sends one
 * PROGRESS a second and reports a peer that closed or sent ERROR during a
 * run, and -ESHUTDOWN silently for its BYE (--run_infinitely);
 * rp_ctrl_connect_from binds the source address (--bind_source_ip) and
 * fails at once for one that is not local; rp_ctrl_peek names the next
 * message without consuming it; -b --interval's COUNTS are taken while a
 * side waits, polls or beats, the latest read through
 * rp_exchange_counts_latest (a malformed one named when it is read).
 * Every test is bounded by alarm(). */
#define _GNU_SOURCE
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

#include "capture.h"
#include "ctrl/rp_ctrl.h"
#include "ctrl/rp_exchange.h"
#include "proto/rp_msg.h"
#include "base/rp_signal.h"
#include "base/rp_time.h"

#define ALARM_S 8 /* safety net per test; each needs < 5 s */
#define HOST "127.0.0.1"

static int setup_alarm(void **state)
{
	(void)state;
	alarm(ALARM_S);
	return 0;
}

static int teardown_alarm(void **state)
{
	(void)state;
	alarm(0);
	return 0;
}

static double since_s(uint64_t t0)
{
	return (double)(rp_now_ns() - t0) / 1e9;
}

/* A TCP port nobody listens on right now (bind port 0, read, close). */
static unsigned int free_port(void)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	socklen_t len = sizeof(sa);
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	assert_true(fd >= 0);
	assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	assert_int_equal(getsockname(fd, (struct sockaddr *)&sa, &len), 0);
	close(fd);
	return ntohs(sa.sin_port);
}

/* rp_ctrl_listen on a free port (retrying if another process took it). */
static int listen_free(unsigned int *port)
{
	struct capture cap;
	char err[256];
	int i, lfd = -1;

	for (i = 0; i < 5 && lfd < 0; i++) {
		*port = free_port();
		capture_begin(&cap);
		lfd = rp_ctrl_listen(NULL, *port);
		capture_end(&cap, err, sizeof(err));
	}
	assert_true(lfd >= 0);
	return lfd;
}

/* A connected pair: cli from rp_ctrl_connect_from, srv from rp_ctrl_accept. */
struct pair {
	struct rp_ctrl srv, cli;
	unsigned int port;
};

static void pair_open(struct pair *p)
{
	int lfd = listen_free(&p->port);
	char want[32];

	/* the kernel completes the handshake before accept() is called */
	assert_int_equal(rp_ctrl_connect_from(HOST, p->port, NULL, 2, &p->cli),
			 0);
	assert_int_equal(rp_ctrl_accept(lfd, 2, 0, &p->srv), 0);
	p->srv.timeout_ms = p->cli.timeout_ms = 1000;
	snprintf(want, sizeof(want), HOST ":%u", p->port);
	assert_string_equal(p->cli.peer, want);
	assert_non_null(strstr(p->srv.peer, HOST ":"));
}

static void pair_close(struct pair *p)
{
	rp_ctrl_close(&p->srv);
	rp_ctrl_close(&p->cli);
}

/* rp_ctrl_recv with stderr captured into @err. */
static int recv_msg(struct rp_ctrl *c, uint16_t type, void *buf, size_t cap,
		    size_t *len, int timeout_ms, char *err, size_t err_len)
{
	struct capture cs;
	int ret;

	capture_begin(&cs);
	ret = rp_ctrl_recv(c, type, buf, cap, len, timeout_ms);
	capture_end(&cs, err, err_len);
	return ret;
}

static void err_has(const char *err, const char *want)
{
	if (!strstr(err, want))
		fail_msg("stderr \"%s\" lacks \"%s\"", err, want);
}

/* Raw bytes from the client side, bypassing rp_ctrl_send. */
static void send_raw(struct rp_ctrl *c, const void *p, size_t n)
{
	assert_int_equal(send(c->fd, p, n, MSG_NOSIGNAL), (ssize_t)n);
}

/* --- a peer thread for timed sequences ---------------------------------- */

struct peer {
	pthread_t th;
	struct rp_ctrl *c;
	void (*fn)(struct peer *);
	int ret;
	unsigned int port; /* for the late server */
	struct rp_ctrl srv;
};

static void *peer_main(void *arg)
{
	struct peer *p = arg;

	p->fn(p);
	return NULL;
}

static void peer_start(struct peer *p, struct rp_ctrl *c,
		       void (*fn)(struct peer *))
{
	p->c = c;
	p->fn = fn;
	p->ret = -1;
	assert_int_equal(pthread_create(&p->th, NULL, peer_main, p), 0);
}

static void peer_join(struct peer *p)
{
	assert_int_equal(pthread_join(p->th, NULL), 0);
}

/* --- connect, listen, accept -------------------------------------------- */

static void test_connect_refused_times_out(void **state)
{
	unsigned int port = free_port();
	struct rp_ctrl c = { .fd = 123 };
	struct capture cap;
	char err[512], want[64];
	uint64_t t0 = rp_now_ns();
	double dt;
	int ret;

	(void)state;
	capture_begin(&cap);
	ret = rp_ctrl_connect_from(HOST, port, NULL, 1, &c);
	dt = since_s(t0);
	capture_end(&cap, err, sizeof(err));
	assert_int_equal(ret, -ETIMEDOUT);
	assert_int_equal(c.fd, -1);
	if (dt < 0.9 || dt > 3.0)
		fail_msg("gave up after %.3f s, want about 1 s", dt);
	snprintf(want, sizeof(want),
		 "could not connect to " HOST ":%u "
		 "within 1 s",
		 port);
	err_has(err, want);
	err_has(err, "Connection refused");
}

static void late_server(struct peer *p)
{
	usleep(300 * 1000);
	p->ret = rp_ctrl_listen(NULL, p->port);
	if (p->ret >= 0)
		p->ret = rp_ctrl_accept(p->ret, 3, 0, &p->srv);
}

/* The server may start after the client: connect keeps retrying. */
static void test_connect_retries_until_server_up(void **state)
{
	struct peer p = { .port = free_port() };
	struct rp_ctrl c;
	uint64_t t0 = rp_now_ns();
	int ret;

	(void)state;
	peer_start(&p, NULL, late_server);
	ret = rp_ctrl_connect_from(HOST, p.port, NULL, 3, &c);
	peer_join(&p);
	assert_int_equal(ret, 0);
	assert_int_equal(p.ret, 0);
	assert_true(since_s(t0) >= 0.25);
	rp_ctrl_close(&c);
	rp_ctrl_close(&p.srv);
}

static void test_listen_twice(void **state)
{
	struct capture cap;
	unsigned int port;
	char err[512], want[64];
	int lfd = listen_free(&port), ret;

	(void)state;
	capture_begin(&cap);
	ret = rp_ctrl_listen(NULL, port);
	capture_end(&cap, err, sizeof(err));
	close(lfd);
	if (ret >= 0)
		close(ret);
	assert_int_equal(ret, -EADDRINUSE);
	snprintf(want, sizeof(want), "control port %u already in use", port);
	err_has(err, want);
}

static void test_listen_bind_address(void **state)
{
	struct rp_ctrl c;
	unsigned int port = free_port();
	int lfd = rp_ctrl_listen(HOST, port);

	(void)state;
	assert_true(lfd >= 0);
	assert_int_equal(rp_ctrl_connect_from(HOST, port, NULL, 1, &c), 0);
	rp_ctrl_close(&c);
	close(lfd);
}

static void test_accept_times_out(void **state)
{
	struct rp_ctrl c = { .fd = 123 };
	struct capture cap;
	unsigned int port;
	char err[512];
	int lfd = listen_free(&port), ret, closed;
	uint64_t t0 = rp_now_ns();
	double dt;

	(void)state;
	capture_begin(&cap);
	ret = rp_ctrl_accept(lfd, 1, 0, &c);
	dt = since_s(t0);
	closed = close(lfd) == -1 && errno == EBADF; /* accept closed it */
	capture_end(&cap, err, sizeof(err));
	assert_int_equal(ret, -ETIMEDOUT);
	assert_int_equal(c.fd, -1);
	assert_true(closed);
	if (dt < 0.9 || dt > 3.0)
		fail_msg("accept gave up after %.3f s, want about 1 s", dt);
	err_has(err, "no client connected within 1 s");
}

/* A raw TCP connection to 127.0.0.1:@port (the kernel completes it before
 * accept); its local port into *@local. */
static int raw_connect(unsigned int port, unsigned int *local)
{
	struct sockaddr_in sa = { .sin_family = AF_INET,
				  .sin_port = htons((uint16_t)port),
				  .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t len = sizeof(sa);
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	assert_true(fd >= 0);
	assert_int_equal(connect(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	assert_int_equal(getsockname(fd, (struct sockaddr *)&sa, &len), 0);
	*local = ntohs(sa.sin_port);
	return fd;
}

/* The peer's "host:port" for a client whose local port is @local. */
static void peer_of(unsigned int local, char *out, size_t len)
{
	snprintf(out, len, HOST ":%u", local);
}

/* An idle connection (a port scan, a health check) first, then the real
 * client, which sends its HELLO's first byte: the client is served at
 * once (not after the idle one's 500 ms), the idle one closed without a
 * line. Before: the first connection was taken as the client. */
static void test_accept_idle_then_client(void **state)
{
	struct rp_ctrl c = { .fd = 123 };
	unsigned int port, idle_port, real_port;
	int lfd = listen_free(&port), idle, real, ret;
	struct capture cap;
	char err[512], want[64], b;
	uint64_t t0 = rp_now_ns();

	(void)state;
	idle = raw_connect(port, &idle_port);
	real = raw_connect(port, &real_port);
	assert_int_equal(write(real, "R", 1), 1);
	capture_begin(&cap);
	ret = rp_ctrl_accept(lfd, 0, 500, &c);
	capture_end(&cap, err, sizeof(err));
	assert_int_equal(ret, 0);
	peer_of(real_port, want, sizeof(want));
	assert_string_equal(c.peer, want);
	assert_true(since_s(t0) < 0.4);
	assert_string_equal(err, "");
	assert_int_equal(recv(c.fd, &b, 1, 0), 1); /* its byte, still there */
	assert_int_equal(b, 'R');
	assert_int_equal(recv(idle, &b, 1, 0), 0); /* closed */
	close(idle);
	close(real);
	rp_ctrl_close(&c);
}

static void late_client(struct peer *p)
{
	unsigned int local;
	int fd;

	usleep(600 * 1000);
	fd = raw_connect(p->port, &local);
	p->ret = write(fd, "R", 1) == 1 ? (int)local : -1;
	usleep(300 * 1000); /* open until the server has it */
	close(fd);
}

/* With no client yet, a connection that ends without a byte and one that
 * stays silent past the bound (300 ms) are each closed with one line
 * naming it; the client that comes at 600 ms is served. */
static void test_accept_drops_silent(void **state)
{
	struct rp_ctrl c = { .fd = 123 };
	unsigned int port, idle_port, gone_port;
	int lfd = listen_free(&port), idle, gone, ret;
	struct peer p = { .port = port };
	struct capture cap;
	char err[1024], want[512], who[64];
	uint64_t t0 = rp_now_ns();

	(void)state;
	idle = raw_connect(port, &idle_port);
	gone = raw_connect(port, &gone_port);
	close(gone);
	peer_start(&p, NULL, late_client);
	capture_begin(&cap);
	ret = rp_ctrl_accept(lfd, 5, 300, &c);
	capture_end(&cap, err, sizeof(err));
	peer_join(&p);
	assert_int_equal(ret, 0);
	assert_true(p.ret > 0);
	peer_of((unsigned int)p.ret, who, sizeof(who));
	assert_string_equal(c.peer, who);
	assert_true(since_s(t0) >= 0.55);
	snprintf(want, sizeof(want),
		 "test_ctrl: warning: a connection from " HOST ":%u ended "
		 "without sending anything: closed, still waiting for the "
		 "client\n"
		 "test_ctrl: warning: a connection from " HOST ":%u sent "
		 "nothing in 0.3 s: closed, still waiting for the client\n",
		 gone_port, idle_port);
	assert_string_equal(err, want);
	close(idle);
	rp_ctrl_close(&c);
}

/* --- messages ----------------------------------------------------------- */

static void test_round_trip(void **state)
{
	const struct rp_params p = {
		.test = RP_TEST_WRITE_BW,
		.size = 65536,
		.iters = 5000,
		.num_qps = 2,
		.num_rails = 1,
	};
	uint8_t out[64], in[64];
	struct rp_params q;
	struct pair s;
	size_t n, len = 99;

	(void)state;
	pair_open(&s);
	n = rp_msg_encode_params(out, sizeof(out), &p);
	assert_int_equal(n, 32);
	assert_int_equal(rp_ctrl_send(&s.cli, RP_MSG_HELLO, out, n), 0);
	assert_int_equal(rp_ctrl_recv(&s.srv, RP_MSG_HELLO, in, sizeof(in),
				      &len, 1000),
			 0);
	assert_int_equal(len, 32);
	assert_int_equal(rp_msg_decode_params(in, len, &q), 0);
	assert_true(q.size == 65536 && q.iters == 5000 && q.num_qps == 2);
	/* an empty message the other way */
	assert_int_equal(rp_ctrl_send(&s.srv, RP_MSG_READY, NULL, 0), 0);
	assert_int_equal(rp_ctrl_recv(&s.cli, RP_MSG_READY, in, sizeof(in),
				      &len, -1),
			 0);
	assert_int_equal(len, 0);
	pair_close(&s);
}

static void send_big_rail(struct peer *p)
{
	size_t n = 60 + (size_t)RP_MAX_QPS * 28; /* 28732 */
	uint8_t *buf = malloc(n);

	if (buf) {
		memset(buf, 0x5a, n);
		p->ret = rp_ctrl_send(p->c, RP_MSG_RAIL, buf, n);
	}
	free(buf);
}

/* A payload larger than one socket buffer's worth arrives whole. */
static void test_round_trip_large(void **state)
{
	uint8_t *in = malloc(RP_MSG_MAX_PAYLOAD);
	struct peer p;
	struct pair s;
	size_t len = 0, i;

	(void)state;
	assert_non_null(in);
	pair_open(&s);
	peer_start(&p, &s.cli, send_big_rail);
	assert_int_equal(rp_ctrl_recv(&s.srv, RP_MSG_RAIL, in,
				      RP_MSG_MAX_PAYLOAD, &len, 2000),
			 0);
	peer_join(&p);
	assert_int_equal(p.ret, 0);
	assert_int_equal(len, 28732); /* 60 + 1024 * 28 */
	for (i = 0; i < len; i++)
		assert_int_equal(in[i], 0x5a);
	pair_close(&s);
	free(in);
}

static void test_recv_timeout(void **state)
{
	uint8_t in[64];
	char err[512];
	struct pair s;
	size_t len;
	uint64_t t0;
	double dt;

	(void)state;
	pair_open(&s);
	t0 = rp_now_ns();
	assert_int_equal(recv_msg(&s.srv, RP_MSG_HELLO, in, sizeof(in), &len,
				  300, err, sizeof(err)),
			 -ETIMEDOUT);
	dt = since_s(t0);
	if (dt < 0.28 || dt > 1.5)
		fail_msg("timed out after %.3f s, want 0.3 s", dt);
	err_has(err, "no HELLO from " HOST);
	/* timeout_ms < 0 takes c->timeout_ms */
	s.srv.timeout_ms = 300;
	t0 = rp_now_ns();
	assert_int_equal(recv_msg(&s.srv, RP_MSG_HELLO, in, sizeof(in), &len,
				  -1, err, sizeof(err)),
			 -ETIMEDOUT);
	dt = since_s(t0);
	if (dt < 0.28 || dt > 1.5)
		fail_msg("timed out after %.3f s, want 0.3 s", dt);
	pair_close(&s);
}

static void test_peer_closes(void **state)
{
	uint8_t in[64];
	char err[512];
	struct pair s;
	size_t len;

	(void)state;
	pair_open(&s);
	rp_ctrl_close(&s.cli);
	rp_ctrl_close(&s.cli); /* twice is fine */
	assert_int_equal(s.cli.fd, -1);
	assert_int_equal(recv_msg(&s.srv, RP_MSG_RESULT, in, sizeof(in), &len,
				  1000, err, sizeof(err)),
			 -ECONNRESET);
	err_has(err, "closed by the peer while waiting for RESULT");
	pair_close(&s);
}

/* EOF in the middle of a payload is a reset too. */
static void test_peer_closes_mid_message(void **state)
{
	uint8_t hdr[RP_MSG_HDR_LEN], in[64], part[10] = { 0 };
	char err[512];
	struct pair s;
	size_t len;

	(void)state;
	pair_open(&s);
	rp_msg_hdr_encode(hdr, RP_MSG_HELLO, 32);
	send_raw(&s.cli, hdr, sizeof(hdr));
	send_raw(&s.cli, part, sizeof(part));
	rp_ctrl_close(&s.cli);
	assert_int_equal(recv_msg(&s.srv, RP_MSG_HELLO, in, sizeof(in), &len,
				  1000, err, sizeof(err)),
			 -ECONNRESET);
	pair_close(&s);
}

static void test_foreign_bytes(void **state)
{
	static const char http[] = "GET / HTTP/1.1\r\n\r\n";
	uint8_t in[64];
	char err[512];
	struct pair s;
	size_t len;

	(void)state;
	pair_open(&s);
	send_raw(&s.cli, http, sizeof(http) - 1);
	assert_int_equal(recv_msg(&s.srv, RP_MSG_HELLO, in, sizeof(in), &len,
				  1000, err, sizeof(err)),
			 -EBADMSG);
	err_has(err, "not a railperf peer");
	err_has(err, "GET / HT");
	pair_close(&s);
}

static void test_error_message(void **state)
{
	uint8_t in[64];
	char err[1024];
	struct pair s;
	size_t len;

	(void)state;
	pair_open(&s);
	rp_ctrl_send_error(&s.cli, "out of memory on rxe0\n");
	assert_int_equal(recv_msg(&s.srv, RP_MSG_RESULT, in, sizeof(in), &len,
				  1000, err, sizeof(err)),
			 -EREMOTEIO);
	err_has(err, "gave up: out of memory on rxe0?");
	pair_close(&s);
}

/* An ERROR that announces 300 bytes and sends 24: the 24 are shown, and
 * that the rest never came (it was shown empty before). */
static void test_error_cut_short(void **state)
{
	static const char part[] = "cannot register 2 GiB: ";
	uint8_t hdr[RP_MSG_HDR_LEN], in[64];
	char err[1024];
	struct pair s;
	size_t len;

	(void)state;
	pair_open(&s);
	rp_msg_hdr_encode(hdr, RP_MSG_ERROR, 300);
	send_raw(&s.cli, hdr, sizeof(hdr));
	send_raw(&s.cli, part, sizeof(part) - 1);
	assert_int_equal(recv_msg(&s.srv, RP_MSG_RESULT, in, sizeof(in), &len,
				  1000, err, sizeof(err)),
			 -EREMOTEIO);
	err_has(err, "gave up: cannot register 2 GiB:  (its text cut short: "
		     "23 of 300 bytes arrived)");
	pair_close(&s);
}

static void test_wrong_type_or_too_big(void **state)
{
	uint8_t out[32] = { 0 }, in[64];
	char err[512];
	struct pair s;
	size_t len;

	(void)state;
	pair_open(&s);
	assert_int_equal(rp_ctrl_send(&s.cli, RP_MSG_READY, NULL, 0), 0);
	assert_int_equal(recv_msg(&s.srv, RP_MSG_HELLO, in, sizeof(in), &len,
				  1000, err, sizeof(err)),
			 -EBADMSG);
	err_has(err, "expected HELLO, got READY");
	/* 32 bytes offered, room for 16 */
	assert_int_equal(rp_ctrl_send(&s.cli, RP_MSG_HELLO, out, 32), 0);
	assert_int_equal(recv_msg(&s.srv, RP_MSG_HELLO, in, 16, &len, 1000, err,
				  sizeof(err)),
			 -EBADMSG);
	err_has(err, "got HELLO of 32 bytes");
	pair_close(&s);
}

/* 70000 > 65536: rejected from the header alone, without waiting for the
 * 70000 bytes that never come. */
static void test_oversized_header(void **state)
{
	uint8_t hdr[RP_MSG_HDR_LEN], *in = malloc(RP_MSG_MAX_PAYLOAD);
	char err[512];
	struct pair s;
	size_t len;
	uint64_t t0;

	(void)state;
	assert_non_null(in);
	pair_open(&s);
	rp_msg_hdr_encode(hdr, RP_MSG_HELLO, 70000);
	send_raw(&s.cli, hdr, sizeof(hdr));
	t0 = rp_now_ns();
	assert_int_equal(recv_msg(&s.srv, RP_MSG_HELLO, in, RP_MSG_MAX_PAYLOAD,
				  &len, 2000, err, sizeof(err)),
			 -EBADMSG);
	assert_true(since_s(t0) < 0.5);
	err_has(err, "70000 bytes exceeds the limit");
	pair_close(&s);
	free(in);
}

/* Eight PROGRESS heartbeats 150 ms apart, then the HELLO at about 1.2 s. */
static void heartbeats(struct peer *p)
{
	int i;

	for (i = 0; i < 8; i++) {
		usleep(150 * 1000);
		if (rp_ctrl_send(p->c, RP_MSG_PROGRESS, NULL, 0))
			return;
	}
	p->ret = rp_ctrl_send(p->c, RP_MSG_HELLO, "hi", 2);
}

static void test_progress_restarts_deadline(void **state)
{
	uint8_t in[64];
	char err[512];
	struct peer p;
	struct pair s;
	size_t len = 0;
	uint64_t t0;
	int ret;

	(void)state;
	pair_open(&s);
	s.srv.running = true; /* READY passed */
	t0 = rp_now_ns();
	peer_start(&p, &s.cli, heartbeats);
	/* 550 ms of slack per beat: a loaded host (guests on every CPU)
	 * once delayed one past a 500 ms deadline with 200 ms beats. */
	ret = recv_msg(&s.srv, RP_MSG_HELLO, in, sizeof(in), &len, 700, err,
		       sizeof(err));
	peer_join(&p);
	assert_int_equal(ret, 0);
	assert_int_equal(p.ret, 0);
	assert_int_equal(len, 2);
	assert_memory_equal(in, "hi", 2);
	assert_true(since_s(t0) >= 1.1); /* waited past 700 ms */
	pair_close(&s);
}

/* The control case: the same late HELLO without heartbeats times out. */
static void late_hello(struct peer *p)
{
	usleep(900 * 1000);
	p->ret = rp_ctrl_send(p->c, RP_MSG_HELLO, "hi", 2);
}

static void test_no_progress_times_out(void **state)
{
	uint8_t in[64];
	char err[512];
	struct peer p;
	struct pair s;
	size_t len;
	uint64_t t0;
	int ret;

	(void)state;
	pair_open(&s);
	t0 = rp_now_ns();
	peer_start(&p, &s.cli, late_hello);
	ret = recv_msg(&s.srv, RP_MSG_HELLO, in, sizeof(in), &len, 500, err,
		       sizeof(err));
	assert_true(since_s(t0) < 0.85);
	peer_join(&p);
	assert_int_equal(ret, -ETIMEDOUT);
	pair_close(&s);
}

/* A PROGRESS can also be waited for by name. */
static void test_recv_progress_itself(void **state)
{
	uint8_t in[8];
	struct pair s;
	size_t len = 99;

	(void)state;
	pair_open(&s);
	assert_int_equal(rp_ctrl_send(&s.cli, RP_MSG_PROGRESS, NULL, 0), 0);
	assert_int_equal(rp_ctrl_recv(&s.srv, RP_MSG_PROGRESS, in, sizeof(in),
				      &len, 1000),
			 0);
	assert_int_equal(len, 0);
	pair_close(&s);
}

/* Sending to a closed peer is an error return, not a SIGPIPE death. */
static void test_send_to_closed_peer(void **state)
{
	uint8_t out[32] = { 0 };
	struct capture cap;
	char err[1024];
	struct pair s;
	int i, ret = 0;

	(void)state;
	pair_open(&s);
	rp_ctrl_close(&s.srv);
	capture_begin(&cap);
	for (i = 0; i < 20 && !ret; i++) {
		ret = rp_ctrl_send(&s.cli, RP_MSG_HELLO, out, sizeof(out));
		usleep(10 * 1000);
	}
	capture_end(&cap, err, sizeof(err));
	assert_true(ret == -EPIPE || ret == -ECONNRESET);
	err_has(err, "sending HELLO to " HOST);
	pair_close(&s);
}

/* rp_ctrl.h: "Returns 0 or -errno (one line printed)". */
static void test_send_too_large(void **state)
{
	uint8_t *out = calloc(1, RP_MSG_MAX_PAYLOAD + 1);
	struct capture cap;
	char err[512];
	struct pair s;
	int ret;

	(void)state;
	assert_non_null(out);
	pair_open(&s);
	capture_begin(&cap);
	ret = rp_ctrl_send(&s.cli, RP_MSG_RAIL, out, RP_MSG_MAX_PAYLOAD + 1);
	capture_end(&cap, err, sizeof(err));
	pair_close(&s);
	free(out);
	assert_int_equal(ret, -EMSGSIZE);
	if (!strchr(err, '\n'))
		fail_msg("-EMSGSIZE returned without a line on stderr");
}

/* --- heartbeats during a run -------------------------------------------- */

/* rp_ctrl_beat with stderr captured into @err. */
static int beat(struct rp_ctrl *c, uint64_t *last, char *err, size_t err_len)
{
	struct capture cs;
	int ret;

	capture_begin(&cs);
	ret = rp_ctrl_beat(c, last);
	capture_end(&cs, err, err_len);
	return ret;
}

/* A quiet peer: one PROGRESS a second, nothing more often. */
static void test_beat_sends_progress(void **state)
{
	uint64_t last = 0;
	uint8_t in[64];
	char err[512];
	struct pair s;
	size_t len = 99;

	(void)state;
	pair_open(&s);
	assert_int_equal(beat(&s.cli, &last, err, sizeof(err)), 0);
	assert_true(last != 0);
	assert_int_equal(rp_ctrl_recv(&s.srv, RP_MSG_PROGRESS, in, sizeof(in),
				      &len, 1000),
			 0);
	assert_int_equal(len, 0);
	assert_int_equal(beat(&s.cli, &last, err, sizeof(err)), 0);
	assert_int_equal(recv_msg(&s.srv, RP_MSG_PROGRESS, in, sizeof(in), &len,
				  200, err, sizeof(err)),
			 -ETIMEDOUT);
	pair_close(&s);
}

/* The server died mid-run: its end of the connection closes. */
static void test_beat_peer_closed(void **state)
{
	uint64_t last = 0;
	char err[512];
	struct pair s;

	(void)state;
	pair_open(&s);
	rp_ctrl_close(&s.srv);
	assert_int_equal(beat(&s.cli, &last, err, sizeof(err)), -ECONNRESET);
	err_has(err, "control connection to " HOST);
	err_has(err, "closed by the peer during the run");
	pair_close(&s);
}

/* The server gave up mid-run (SIGINT): its ERROR is shown. */
static void test_beat_peer_error(void **state)
{
	uint64_t last = 0;
	char err[1024];
	struct pair s;

	(void)state;
	pair_open(&s);
	rp_ctrl_send_error(&s.srv, RP_CTRL_INTERRUPTED);
	assert_int_equal(beat(&s.cli, &last, err, sizeof(err)), -EREMOTEIO);
	err_has(err, "gave up: " RP_CTRL_INTERRUPTED);
	pair_close(&s);
}

/* The server ended a --run_infinitely run: BYE, no line. */
static void test_beat_peer_bye(void **state)
{
	uint64_t last = 0;
	char err[512];
	struct pair s;

	(void)state;
	pair_open(&s);
	assert_int_equal(rp_ctrl_send(&s.srv, RP_MSG_BYE, NULL, 0), 0);
	assert_int_equal(beat(&s.cli, &last, err, sizeof(err)), -ESHUTDOWN);
	assert_string_equal(err, "");
	pair_close(&s);
}

/* Heartbeats before READY: a peer that sends only PROGRESS is refused at
 * the first one, not waited for (issue 17: it held a server forever). */
static void beats_only(struct peer *p)
{
	int i;

	uint8_t hdr[RP_MSG_HDR_LEN];

	rp_msg_hdr_encode(hdr, RP_MSG_PROGRESS, 0);
	for (i = 0; i < 20; i++) {
		usleep(100 * 1000);
		if (send(p->c->fd, hdr, sizeof(hdr), MSG_NOSIGNAL) < 0)
			return; /* refused: the server closed */
	}
	p->ret = 0;
}

static void test_progress_before_run_refused(void **state)
{
	uint8_t in[64];
	char err[512];
	struct peer p;
	struct pair s;
	size_t len;
	uint64_t t0;
	double dt;
	int ret;

	(void)state;
	pair_open(&s);
	assert_false(s.srv.running);
	t0 = rp_now_ns();
	peer_start(&p, &s.cli, beats_only);
	ret = recv_msg(&s.srv, RP_MSG_HELLO, in, sizeof(in), &len, 700, err,
		       sizeof(err));
	dt = since_s(t0);
	rp_ctrl_close(&s.srv);
	peer_join(&p);
	assert_int_equal(ret, -EBADMSG);
	if (dt > 0.6)
		fail_msg("refused after %.3f s, want the first beat (0.1 s)",
			 dt);
	err_has(err, "PROGRESS before the run started (waiting for HELLO)");
	pair_close(&s);
}

/* READY starts the run: from then on heartbeats are accepted. */
static void ready_then_beat(struct peer *p)
{
	p->ret = rp_exchange_sync(p->c, false, RP_MSG_READY, 1000);
	if (!p->ret)
		p->ret = rp_ctrl_send(p->c, RP_MSG_PROGRESS, NULL, 0);
	if (!p->ret)
		p->ret = rp_ctrl_send(p->c, RP_MSG_RESULT, "r", 1);
}

static void test_ready_starts_run(void **state)
{
	uint8_t in[8];
	struct peer p;
	struct pair s;
	size_t len = 0;

	(void)state;
	pair_open(&s);
	peer_start(&p, &s.cli, ready_then_beat);
	assert_int_equal(rp_exchange_sync(&s.srv, true, RP_MSG_READY, 1000), 0);
	assert_true(s.srv.running);
	assert_int_equal(rp_ctrl_recv(&s.srv, RP_MSG_RESULT, in, sizeof(in),
				      &len, 1000),
			 0);
	peer_join(&p);
	assert_int_equal(p.ret, 0);
	assert_true(s.cli.running);
	assert_int_equal(len, 1);
	pair_close(&s);
}

/* A HELLO with a flag bit this version does not know is refused by name. */
static void hello_new_flag(struct peer *p)
{
	const struct rp_params mine = { .test = RP_TEST_WRITE_BW,
					.flags = RP_PF_VALIDATE | 0x4000,
					.size = 4096,
					.iters = 100,
					.num_qps = 1,
					.num_rails = 1 };
	uint8_t out[64];
	size_t n = rp_msg_encode_params(out, sizeof(out), &mine);

	p->ret = rp_ctrl_send(p->c, RP_MSG_HELLO, out, n);
}

static void test_hello_unknown_flags(void **state)
{
	struct rp_params mine = { .test = RP_TEST_WRITE_BW,
				  .flags = RP_PF_VALIDATE,
				  .size = 4096,
				  .iters = 100,
				  .num_qps = 1,
				  .num_rails = 1 };
	struct rp_params peer_params;
	struct capture cap;
	char err[512];
	struct peer p;
	struct pair s;
	int ret;

	(void)state;
	pair_open(&s);
	peer_start(&p, &s.cli, hello_new_flag);
	capture_begin(&cap);
	ret = rp_exchange_params(&s.srv, true, &mine, &peer_params);
	capture_end(&cap, err, sizeof(err));
	peer_join(&p);
	assert_int_equal(p.ret, 0);
	assert_int_equal(ret, -EPROTO);
	err_has(err, "has unknown flag bits 0x4000");
	pair_close(&s);
}

/* Send 64 KiB messages to a peer that never reads until one fails; the
 * time that one took in *@dt. */
static int send_until_stuck(struct rp_ctrl *c, double *dt, char *err,
			    size_t err_len)
{
	uint8_t *big = calloc(1, RP_MSG_MAX_PAYLOAD);
	struct capture cap;
	uint64_t t0 = 0;
	int i, ret = 0;

	assert_non_null(big);
	capture_begin(&cap);
	for (i = 0; i < 512 && !ret; i++) {
		t0 = rp_now_ns();
		ret = rp_ctrl_send(c, RP_MSG_RAIL, big, RP_MSG_MAX_PAYLOAD);
	}
	*dt = since_s(t0);
	capture_end(&cap, err, err_len);
	free(big);
	return ret;
}

/* A peer that stops reading: the send ends at its deadline (500 ms). */
static void test_send_deadline(void **state)
{
	char err[512];
	struct pair s;
	double dt;

	(void)state;
	pair_open(&s);
	s.cli.timeout_ms = 500;
	assert_int_equal(send_until_stuck(&s.cli, &dt, err, sizeof(err)),
			 -ETIMEDOUT);
	if (dt < 0.45 || dt > 1.5)
		fail_msg("the stuck send ended after %.3f s, want 0.5 s", dt);
	err_has(err, "sending RAIL to " HOST);
	err_has(err, "not sent within 500 ms (the peer does not read");
	pair_close(&s);
}

static void sigint_later(struct peer *p)
{
	usleep(400 * 1000);
	p->ret = kill(getpid(), SIGINT);
}

/* SIGINT ends a stuck send within 200 ms (its --timeout is 5 s). */
static void test_send_sees_sigint(void **state)
{
	char err[512];
	struct peer p;
	struct pair s;
	uint64_t t0;
	double dt, total;
	int ret;

	(void)state;
	assert_int_equal(rp_signal_install(), 0);
	pair_open(&s);
	s.cli.timeout_ms = 5000;
	t0 = rp_now_ns();
	peer_start(&p, &s.cli, sigint_later);
	ret = send_until_stuck(&s.cli, &dt, err, sizeof(err));
	total = since_s(t0);
	peer_join(&p);
	rp_stop_reset();
	assert_int_equal(ret, -EINTR);
	if (total > 0.4 + 0.5)
		fail_msg("stopped %.3f s after the start, SIGINT came at 0.4 s",
			 total);
	err_has(err, "interrupted while sending RAIL to " HOST);
	pair_close(&s);
}

static void sigint_at_1200ms(struct peer *p)
{
	usleep(1200 * 1000);
	p->ret = kill(getpid(), SIGINT);
}

/* No --timeout: the server waits for its client with no bound (perftest's
 * ethernet_server_connect blocks in accept()), yet SIGINT ends the wait
 * within 200 ms. Before: bound 0 gave up at once with -ETIMEDOUT. */
static void test_accept_no_bound_until_sigint(void **state)
{
	struct rp_ctrl c = { .fd = 123 };
	struct capture cap;
	unsigned int port;
	struct peer p;
	char err[512];
	int lfd = listen_free(&port), ret;
	uint64_t t0 = rp_now_ns();
	double dt;

	(void)state;
	assert_true(lfd >= 0);
	assert_int_equal(rp_signal_install(), 0);
	peer_start(&p, NULL, sigint_at_1200ms);
	capture_begin(&cap);
	ret = rp_ctrl_accept(lfd, 0, 0, &c);
	dt = since_s(t0);
	capture_end(&cap, err, sizeof(err));
	peer_join(&p);
	rp_stop_reset();
	assert_int_equal(p.ret, 0);
	assert_int_equal(ret, -EINTR);
	assert_int_equal(c.fd, -1);
	if (dt < 1.15 || dt > 1.2 + 0.5)
		fail_msg("accept without a bound ended after %.3f s, SIGINT "
			 "came at 1.2 s",
			 dt);
	err_has(err, "interrupted while waiting for a client");
}

/* A partial header during a run: the beat returns at once (the peer's
 * --timeout is 3 s) and finishes the header at a later beat. */
static void test_beat_partial_header(void **state)
{
	static const char text[] = "link down";
	uint8_t hdr[RP_MSG_HDR_LEN];
	uint64_t last = 0, t0;
	char err[1024];
	struct pair s;
	double dt;

	(void)state;
	pair_open(&s);
	s.cli.timeout_ms = 3000;
	rp_msg_hdr_encode(hdr, RP_MSG_ERROR, sizeof(text) - 1);
	send_raw(&s.srv, hdr, 5);
	usleep(50 * 1000);
	t0 = rp_now_ns();
	assert_int_equal(beat(&s.cli, &last, err, sizeof(err)), 0);
	dt = since_s(t0);
	if (dt > 0.1)
		fail_msg("the beat waited %.3f s on a partial header", dt);
	assert_int_equal(s.cli.rx.have, 5);
	send_raw(&s.srv, hdr + 5, sizeof(hdr) - 5);
	send_raw(&s.srv, text, sizeof(text) - 1);
	usleep(50 * 1000);
	last = 0; /* the next beat is due */
	assert_int_equal(beat(&s.cli, &last, err, sizeof(err)), -EREMOTEIO);
	err_has(err, "gave up: link down");
	pair_close(&s);
}

/* A header split over reads and held by a beat or a peek is read whole
 * by the next rp_ctrl_recv; the message behind it stays for the next. */
static void test_recv_resumes_held_header(void **state)
{
	uint8_t hdr[RP_MSG_HDR_LEN], in[8];
	uint16_t type = 0;
	uint64_t last = 0;
	char err[256];
	struct pair s;
	size_t len = 9;

	(void)state;
	pair_open(&s);
	rp_msg_hdr_encode(hdr, RP_MSG_READY, 0);
	send_raw(&s.srv, hdr, 7);
	usleep(50 * 1000);
	assert_int_equal(beat(&s.cli, &last, err, sizeof(err)), 0);
	assert_int_equal(rp_ctrl_peek(&s.cli, 50, &type), -ETIMEDOUT);
	send_raw(&s.srv, hdr + 7, sizeof(hdr) - 7);
	assert_int_equal(rp_ctrl_send(&s.srv, RP_MSG_BYE, NULL, 0), 0);
	assert_int_equal(rp_ctrl_peek(&s.cli, 1000, &type), 0);
	assert_int_equal(type, RP_MSG_READY);
	assert_int_equal(rp_ctrl_recv(&s.cli, RP_MSG_READY, in, sizeof(in),
				      &len, 1000),
			 0);
	assert_int_equal(len, 0);
	assert_int_equal(rp_ctrl_recv(&s.cli, RP_MSG_BYE, in, sizeof(in), &len,
				      1000),
			 0);
	pair_close(&s);
}

/* --bind_source_ip: the connection comes from that address. */
static void test_connect_from_source(void **state)
{
	struct sockaddr_in sa;
	socklen_t len = sizeof(sa);
	unsigned int port;
	struct rp_ctrl c, srv;
	int lfd = listen_free(&port);

	(void)state;
	assert_int_equal(rp_ctrl_connect_from(HOST, port, "127.0.0.2", 2, &c),
			 0);
	assert_int_equal(rp_ctrl_accept(lfd, 2, 0, &srv), 0);
	assert_non_null(strstr(srv.peer, "127.0.0.2:"));
	assert_int_equal(getsockname(c.fd, (struct sockaddr *)&sa, &len), 0);
	assert_int_equal(ntohl(sa.sin_addr.s_addr), 0x7f000002);
	rp_ctrl_close(&c);
	rp_ctrl_close(&srv);
}

/* A source that is not ours fails at once, not after the timeout. */
static void test_connect_from_bad_source(void **state)
{
	struct capture cap;
	struct rp_ctrl c;
	uint64_t t0 = rp_now_ns();
	char err[512];
	int ret;

	(void)state;
	capture_begin(&cap);
	ret = rp_ctrl_connect_from(HOST, free_port(), "192.0.2.7", 5, &c);
	capture_end(&cap, err, sizeof(err));
	assert_int_equal(ret, -EADDRNOTAVAIL);
	assert_true(since_s(t0) < 1.0);
	err_has(err, "from 192.0.2.7 (--bind_source_ip)");
	capture_begin(&cap);
	ret = rp_ctrl_connect_from(HOST, free_port(), "no.such.host.invalid", 5,
				   &c);
	capture_end(&cap, err, sizeof(err));
	assert_int_equal(ret, -EINVAL);
	err_has(err, "cannot resolve source address 'no.such.host.invalid'");
}

/* rp_ctrl_peek: the next type, still there for rp_ctrl_recv. */
static void test_peek(void **state)
{
	uint16_t type = 0;
	uint8_t in[8];
	struct pair s;
	size_t len;

	(void)state;
	pair_open(&s);
	assert_int_equal(rp_ctrl_peek(&s.srv, 100, &type), -ETIMEDOUT);
	assert_int_equal(rp_ctrl_send(&s.cli, RP_MSG_BYE, NULL, 0), 0);
	assert_int_equal(rp_ctrl_peek(&s.srv, 1000, &type), 0);
	assert_int_equal(type, RP_MSG_BYE);
	assert_int_equal(rp_ctrl_peek(&s.srv, 1000, &type), 0);
	assert_int_equal(rp_ctrl_recv(&s.srv, RP_MSG_BYE, in, sizeof(in), &len,
				      1000),
			 0);
	rp_ctrl_close(&s.cli);
	assert_int_equal(rp_ctrl_peek(&s.srv, 1000, &type), -ECONNRESET);
	pair_close(&s);
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup_alarm, teardown_alarm)

/* --- COUNTS (-b --interval) ---------------------------------------------- */

static void send_counts(struct rp_ctrl *c, uint32_t seq, uint64_t a, uint64_t b)
{
	struct rp_counts k = { .seq = seq, .n = 2, .done = { a, b } };
	uint8_t buf[64];
	size_t n = rp_msg_encode_counts(buf, sizeof(buf), &k);

	assert_int_equal(n, 24);
	assert_int_equal(rp_ctrl_send(c, RP_MSG_COUNTS, buf, n), 0);
}

/* rp_ctrl_poll with stderr captured into @err. */
static int poll_peer(struct rp_ctrl *c, char *err, size_t err_len)
{
	struct capture cs;
	int ret;

	capture_begin(&cs);
	ret = rp_ctrl_poll(c);
	capture_end(&cs, err, err_len);
	return ret;
}

/* rp_exchange_counts_latest with stderr captured into @err. */
static int latest(struct rp_ctrl *c, struct rp_counts *k, char *err,
		  size_t err_len)
{
	struct capture cs;
	int ret;

	capture_begin(&cs);
	ret = rp_exchange_counts_latest(c, k);
	capture_end(&cs, err, err_len);
	return ret;
}

/* Poll takes every COUNTS and PROGRESS there, keeps the newest counts
 * (rp_exchange_counts_latest reads them), and leaves the next other
 * message (the peer's RESULT) where it is. */
static void test_poll_takes_counts(void **state)
{
	struct rp_counts k;
	uint8_t in[8];
	char err[256];
	struct pair s;
	size_t len = 0;

	(void)state;
	pair_open(&s);
	s.srv.running = true;
	send_counts(&s.cli, 1, 10, 20);
	assert_int_equal(rp_ctrl_send(&s.cli, RP_MSG_PROGRESS, NULL, 0), 0);
	send_counts(&s.cli, 2, 30, 40);
	assert_int_equal(rp_ctrl_send(&s.cli, RP_MSG_RESULT, "ab", 2), 0);
	usleep(50 * 1000); /* all of it in the socket */
	assert_int_equal(poll_peer(&s.srv, err, sizeof(err)), 0);
	assert_string_equal(err, "");
	assert_int_equal(latest(&s.srv, &k, err, sizeof(err)), 0);
	assert_string_equal(err, "");
	assert_int_equal(k.seq, 2);
	assert_int_equal(k.n, 2);
	assert_true(k.done[0] == 30);
	assert_true(k.done[1] == 40);
	assert_int_equal(rp_ctrl_recv(&s.srv, RP_MSG_RESULT, in, sizeof(in),
				      &len, 1000),
			 0);
	assert_int_equal(len, 2);
	pair_close(&s);
}

/* Nothing there: poll returns at once. */
static void test_poll_idle(void **state)
{
	struct rp_counts k = { .seq = 9 };
	char err[256];
	struct pair s;
	uint64_t t0;

	(void)state;
	pair_open(&s);
	s.srv.running = true;
	t0 = rp_now_ns();
	assert_int_equal(latest(&s.srv, &k, err, sizeof(err)), 0);
	assert_true(since_s(t0) < 0.05);
	assert_int_equal(k.seq, 0); /* none yet */
	pair_close(&s);
}

static void test_poll_peer_gone(void **state)
{
	char err[512];
	struct pair s;

	(void)state;
	pair_open(&s);
	s.srv.running = true;
	rp_ctrl_send_error(&s.cli, RP_CTRL_INTERRUPTED);
	usleep(50 * 1000);
	assert_int_equal(poll_peer(&s.srv, err, sizeof(err)), -EREMOTEIO);
	err_has(err, "gave up: " RP_CTRL_INTERRUPTED);
	rp_ctrl_close(&s.cli);
	usleep(50 * 1000);
	assert_int_equal(poll_peer(&s.srv, err, sizeof(err)), -ECONNRESET);
	err_has(err, "closed by the peer during the run");
	pair_close(&s);
}

/* COUNTS left in the socket after the run (the peer's last tick) do not
 * disturb the next exchange; their counts are kept. */
static void test_recv_skips_counts(void **state)
{
	struct rp_counts k;
	uint8_t in[8];
	char err[256];
	struct pair s;
	size_t len = 0;

	(void)state;
	pair_open(&s);
	s.srv.running = true;
	send_counts(&s.cli, 3, 5, 6);
	assert_int_equal(rp_ctrl_send(&s.cli, RP_MSG_RESULT, "xy", 2), 0);
	assert_int_equal(recv_msg(&s.srv, RP_MSG_RESULT, in, sizeof(in), &len,
				  1000, err, sizeof(err)),
			 0);
	assert_int_equal(len, 2);
	assert_int_equal(latest(&s.srv, &k, err, sizeof(err)), 0);
	assert_int_equal(k.seq, 3);
	assert_true(k.done[1] == 6);
	pair_close(&s);
}

/* The client's heartbeat check takes a COUNTS that came in between. */
static void test_beat_takes_counts(void **state)
{
	struct rp_counts k;
	uint64_t last = 0;
	char err[256];
	struct pair s;

	(void)state;
	pair_open(&s);
	s.cli.running = true;
	send_counts(&s.srv, 1, 7, 8);
	usleep(50 * 1000);
	assert_int_equal(beat(&s.cli, &last, err, sizeof(err)), 0);
	assert_int_equal(latest(&s.cli, &k, err, sizeof(err)), 0);
	assert_int_equal(k.seq, 1);
	assert_true(k.done[0] == 7);
	pair_close(&s);
}

/* Before READY a COUNTS is refused like a PROGRESS; a malformed one
 * (no rails) is a protocol error naming it when it is read. */
static void test_counts_refused(void **state)
{
	uint8_t in[8], bad[8] = { 0, 0, 0, 1, 0, 0, 0, 0 };
	struct rp_counts k;
	char err[512];
	struct pair s;
	size_t len;

	(void)state;
	pair_open(&s);
	send_counts(&s.cli, 1, 1, 1);
	assert_int_equal(recv_msg(&s.srv, RP_MSG_HELLO, in, sizeof(in), &len,
				  1000, err, sizeof(err)),
			 -EBADMSG);
	err_has(err, "COUNTS before the run started (waiting for HELLO)");
	pair_close(&s);
	pair_open(&s);
	s.srv.running = true;
	assert_int_equal(rp_ctrl_send(&s.cli, RP_MSG_COUNTS, bad, sizeof(bad)),
			 0);
	usleep(50 * 1000);
	assert_int_equal(latest(&s.srv, &k, err, sizeof(err)), -EBADMSG);
	err_has(err, "bad COUNTS of 8 bytes");
	assert_int_equal(k.seq, 0);
	pair_close(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_connect_refused_times_out),
		T(test_connect_retries_until_server_up),
		T(test_listen_twice),
		T(test_listen_bind_address),
		T(test_accept_times_out),
		T(test_accept_idle_then_client),
		T(test_accept_drops_silent),
		T(test_round_trip),
		T(test_round_trip_large),
		T(test_recv_timeout),
		T(test_peer_closes),
		T(test_peer_closes_mid_message),
		T(test_foreign_bytes),
		T(test_error_message),
		T(test_error_cut_short),
		T(test_wrong_type_or_too_big),
		T(test_oversized_header),
		T(test_progress_restarts_deadline),
		T(test_no_progress_times_out),
		T(test_recv_progress_itself),
		T(test_send_to_closed_peer),
		T(test_send_too_large),
		T(test_beat_sends_progress),
		T(test_beat_peer_closed),
		T(test_beat_peer_error),
		T(test_beat_peer_bye),
		T(test_progress_before_run_refused),
		T(test_ready_starts_run),
		T(test_hello_unknown_flags),
		T(test_send_deadline),
		T(test_send_sees_sigint),
		T(test_accept_no_bound_until_sigint),
		T(test_beat_partial_header),
		T(test_recv_resumes_held_header),
		T(test_connect_from_source),
		T(test_connect_from_bad_source),
		T(test_peek),
		T(test_poll_takes_counts),
		T(test_poll_idle),
		T(test_poll_peer_gone),
		T(test_recv_skips_counts),
		T(test_beat_takes_counts),
		T(test_counts_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
