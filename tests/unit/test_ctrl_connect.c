/* Description: SIGINT stops the client's control connect while it
 * retries a connect() that fails at once (ENETUNREACH, as with no route
 * to the server): this program's own connect() (it takes the place of the
 * C library's for the railperf code linked in, as the LD_PRELOAD shim
 * tests/shim/shim_netunreach.c does for a binary) always fails so. With
 * --timeout 6 and SIGINT after 1 s, rp_ctrl_connect_from returns -EINTR
 * within 200 ms of the signal, with the one line "interrupted while
 * connecting to HOST:PORT"; without a signal it still gives up at the
 * timeout, naming the error. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

#include "capture.h"
#include "base/rp_signal.h"
#include "base/rp_time.h"
#include "ctrl/rp_ctrl.h"

#define HOST "192.0.2.1" /* TEST-NET-1: never reached, connect() fails */

static int connects; /* calls of connect() below */

/* Every connect() fails at once: no route to the network. */
int connect(int fd, const struct sockaddr *addr, socklen_t len)
{
	(void)fd;
	(void)addr;
	(void)len;
	__atomic_add_fetch(&connects, 1, __ATOMIC_RELAXED);
	errno = ENETUNREACH;
	return -1;
}

static void *sigint_after_1s(void *arg)
{
	(void)arg;
	usleep(1000 * 1000);
	kill(getpid(), SIGINT);
	return NULL;
}

static void test_sigint_while_unreachable(void **state)
{
	struct rp_ctrl c = { .fd = 123 };
	struct capture cap;
	pthread_t t;
	uint64_t t0;
	char err[512];
	double dt;
	int ret;

	(void)state;
	assert_int_equal(rp_signal_install(), 0);
	connects = 0;
	t0 = rp_now_ns();
	assert_int_equal(pthread_create(&t, NULL, sigint_after_1s, NULL), 0);
	capture_begin(&cap);
	ret = rp_ctrl_connect_from(HOST, 18515, NULL, 6, &c);
	dt = (double)(rp_now_ns() - t0) / 1e9;
	capture_end(&cap, err, sizeof(err));
	pthread_join(t, NULL);
	rp_stop_reset();
	assert_int_equal(ret, -EINTR);
	assert_int_equal(c.fd, -1);
	if (dt < 0.95 || dt > 1.0 + 0.2 + 0.1)
		fail_msg("returned %.3f s after the start, SIGINT came at 1 s",
			 dt);
	assert_true(connects >= 5); /* it did retry, every 100 ms */
	assert_string_equal(err, "test_ctrl_connect: interrupted while "
				 "connecting to " HOST ":18515\n");
}

static void test_unreachable_times_out(void **state)
{
	struct rp_ctrl c = { .fd = 123 };
	struct capture cap;
	uint64_t t0 = rp_now_ns();
	char err[512];
	double dt;
	int ret;

	(void)state;
	capture_begin(&cap);
	ret = rp_ctrl_connect_from(HOST, 18515, NULL, 1, &c);
	dt = (double)(rp_now_ns() - t0) / 1e9;
	capture_end(&cap, err, sizeof(err));
	assert_int_equal(ret, -ETIMEDOUT);
	if (dt < 0.95 || dt > 1.5)
		fail_msg("gave up after %.3f s, want 1 s", dt);
	assert_string_equal(err,
			    "test_ctrl_connect: could not connect to " HOST
			    ":18515 within 1 s: Network is unreachable (is the "
			    "server running? --timeout sets the wait)\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sigint_while_unreachable),
		cmocka_unit_test(test_unreachable_times_out),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
