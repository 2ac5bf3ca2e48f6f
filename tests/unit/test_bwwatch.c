/* Description: rp_bwapp_size, the bandwidth app's timed phase, over fake
 * rails: this file's rp_bw_run (a message a millisecond for 200 ms, the
 * engine's tick every 10 ms on one rail, a stop at cfg->cancel) and the
 * other entry points of engine/rp_bw.c, rp_bwpost.c and verbs/rp_async.c
 * it uses, and its netlink (scripted events), all linked before the
 * library's (rp_bwcfg.c's pure rules are the real ones): no
 * device, no socket. A rail list of two runs a thread per rail while the
 * calling thread watches (the watcher reads the netdev events every
 * 20 ms): each rail's messages in its result and the sum in the
 * aggregate; one rail runs on the calling thread, its events read at the
 * engine's tick. A netdev's link DOWN is the event of the rail on that
 * netdev (rail 0: lo) and of no other; an address event with no name is
 * the rail's whose netdev has its index, never the InfiniBand rail's
 * (no netdev). Events the kernel dropped (ENOBUFS) are one stderr line
 * with their time, and the links are asked for again (their states then
 * read as events). make tsan runs it under
 * ThreadSanitizer: the watcher and the rail threads share no plain
 * memory. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "capture.h"
#include "app/rp_bwapp.h"
#include "app/rp_opts.h"
#include "app/rp_plan.h"
#include "base/rp_time.h"
#include "engine/rp_bw.h"
#include "engine/rp_bwpost.h"
#include "net/rp_netlink.h"
#include "verbs/rp_async.h"

#define WINDOW_MS 200 /* each fake rail's run */

static void nap_ms(unsigned int ms)
{
	struct timespec t = { .tv_nsec = (long)ms * 1000 * 1000 };

	nanosleep(&t, NULL);
}

/* --- the engine, faked ---------------------------------------------------- */

int rp_bw_run(struct rp_rail *r, const struct rp_rail_addr *peer,
	      const struct rp_bw_cfg *cfg, struct rp_bw_out *out)
{
	unsigned int ms;

	(void)r;
	(void)peer;
	memset(out, 0, sizeof(*out));
	out->start_ns = rp_now_ns();
	for (ms = 0; ms < WINDOW_MS; ms++) {
		if (cfg->cancel &&
		    __atomic_load_n(cfg->cancel, __ATOMIC_RELAXED))
			return -ECANCELED;
		if (cfg->tick && ms % 10 == 0 && cfg->tick(cfg->tick_arg) < 0)
			return -EIO;
		nap_ms(1);
		out->msgs++;
		if (cfg->progress)
			__atomic_store_n(cfg->progress, out->msgs,
					 __ATOMIC_RELAXED);
	}
	out->end_ns = rp_now_ns();
	return 0;
}

int rp_bw_recv_prepost(struct rp_rail *r, const struct rp_bw_cfg *cfg)
{
	(void)r;
	(void)cfg;
	return 0;
}

/* --- device events: none --------------------------------------------------- */

int rp_async_nonblock(struct ibv_context *ctx)
{
	(void)ctx;
	return 0;
}

int rp_async_poll(struct ibv_context *ctx, struct rp_event *ev)
{
	(void)ctx;
	(void)ev;
	return 0;
}

/* verbs/rp_async.c's third entry point (the watcher's filter of a port
 * state it knew): never reached, as no device event comes */
bool rp_async_news(const struct rp_event *ev, bool *down)
{
	(void)ev;
	(void)down;
	fail_msg("rp_async_news without a device event");
	return true;
}

/* --- netlink, scripted ----------------------------------------------------- */

static struct rp_link_event nl_script[8];
static unsigned int nl_n;     /* events scripted */
static unsigned int nl_reads; /* rp_netlink_read calls (the watching thread) */
static unsigned int nl_lost_at;	  /* the read that finds ENOBUFS */
static unsigned int nl_resync_at; /* the read after which it resynced */

int rp_netlink_open(void)
{
	return open("/dev/null", O_RDONLY | O_CLOEXEC); /* closed by the app */
}

int rp_netlink_resync(int fd)
{
	(void)fd;
	nl_resync_at = nl_reads;
	return 0;
}

/* The scripted events, all at the third read (the run under way); with
 * nl_lost_at, that read finds the kernel's loss (ENOBUFS) instead, and
 * the read after a resync brings lo's state (DOWN), as the dump does. */
int rp_netlink_read(int fd, struct rp_link_event *ev, unsigned int max,
		    bool *lost)
{
	unsigned int i;

	(void)fd;
	*lost = ++nl_reads == nl_lost_at;
	if (nl_resync_at && nl_reads == nl_resync_at + 1 && max) {
		ev[0] = (struct rp_link_event){ .kind = RP_NL_LINK,
						.ifindex = (int)if_nametoindex(
							"lo"),
						.up = false };
		snprintf(ev[0].ifname, sizeof(ev[0].ifname), "lo");
		return 1;
	}
	if (nl_reads != 3 || nl_lost_at)
		return 0;
	for (i = 0; i < nl_n && i < max; i++)
		ev[i] = nl_script[i];
	return (int)i;
}

static void script_link(const char *ifname, int ifindex, bool up)
{
	struct rp_link_event *e = &nl_script[nl_n++];

	*e = (struct rp_link_event){ .kind = RP_NL_LINK,
				     .ifindex = ifindex,
				     .up = up };
	snprintf(e->ifname, sizeof(e->ifname), "%s", ifname);
}

/* --- the run --------------------------------------------------------------- */

static struct rp_opts opts;
static struct rp_plan plan; /* the run's, from opts */
static int ctx_token[2];    /* two devices: their contexts' addresses */

/* A run of @n fake rails: rail 0 on netdev lo (RoCE), rail 1 with none
 * (InfiniBand); a rail list when @multi; the server's side (no
 * heartbeats to send). */
static struct rp_bwrun *run_new(unsigned int n, bool multi)
{
	struct rp_bwrun *a = calloc(1, sizeof(*a));
	unsigned int i;

	assert_non_null(a);
	rp_opts_init(&opts, rp_test_desc_of(multi ? RP_TEST_MULTI_BW :
						    RP_TEST_WRITE_BW));
	opts.duration = 1;
	rp_plan_make(&plan, &opts, stdout); /* a rail list or not: its multi */
	a->p = &plan;
	a->o = &opts;
	a->n = n;
	a->s.server = true;
	a->nl_fd = -1;
	a->peers = calloc(n, sizeof(*a->peers));
	assert_non_null(a->peers);
	for (i = 0; i < RP_MAX_RAILS; i++)
		a->cpus[i] = -1;
	for (i = 0; i < n; i++) {
		struct rp_rail *r = &a->s.rails[i];

		snprintf(r->dev.name, sizeof(r->dev.name), "f%u", i);
		r->dev.port = 1;
		r->dev.ctx = (struct ibv_context *)&ctx_token[i];
		r->mtu = 3; /* IBV_MTU_1024 */
		snprintf(r->gid.ndev, sizeof(r->gid.ndev), "%s",
			 i == 0 ? "lo" : "");
	}
	nl_n = nl_reads = nl_lost_at = nl_resync_at = 0;
	return a;
}

static void run_free(struct rp_bwrun *a)
{
	free(a->peers);
	free(a);
}

/* Two rails, a thread each, the calling thread watching: both run their
 * window, the aggregate is their sum; lo's link DOWN is rail 0's only. */
static void test_threads_watched(void **state)
{
	struct rp_bwrun *a = run_new(2, true);

	(void)state;
	script_link("lo", (int)if_nametoindex("lo"), false);
	assert_int_equal(rp_bwapp_size(a, 65536), 0);
	assert_int_equal(a->rail_res[0].iters, WINDOW_MS);
	assert_int_equal(a->rail_res[1].iters, WINDOW_MS);
	assert_true(nl_reads >= 3); /* the watcher read them while it ran */
	assert_int_equal(a->n_events, 1);
	assert_int_equal(a->events[0].rail, 0);
	assert_string_equal(a->events[0].ev.what, "netdev lo link DOWN");
	assert_false(a->link_up[0]);
	assert_true(a->link_up[1]);
	assert_int_equal(a->nl_fd, -1); /* closed after the size */
	run_free(a);
}

/* One rail on the calling thread: its events read at the engine's tick. */
static void test_one_rail_here(void **state)
{
	struct rp_bwrun *a = run_new(1, false);

	(void)state;
	script_link("lo", (int)if_nametoindex("lo"), false);
	assert_int_equal(rp_bwapp_size(a, 4096), 0);
	assert_int_equal(a->rail_res[0].iters, WINDOW_MS);
	assert_int_equal(a->n_events, 1);
	assert_string_equal(a->events[0].ev.what, "netdev lo link DOWN");
	run_free(a);
}

static void script_addr(const char *ifname, int ifindex, const char *addr)
{
	struct rp_link_event *e = &nl_script[nl_n++];

	*e = (struct rp_link_event){ .kind = RP_NL_ADDR_NEW,
				     .ifindex = ifindex };
	snprintf(e->ifname, sizeof(e->ifname), "%s", ifname);
	snprintf(e->addr, sizeof(e->addr), "%s", addr);
}

/* Address events are matched to a rail by its own netdev only: an event
 * with no name (IPv6 has no IFA_LABEL; if_indextoname fails once the
 * interface is gone) of another interface is no rail's, not the
 * InfiniBand rail's (whose netdev name is empty too); one with no name
 * but lo's index is rail 0's. */
static void test_events_by_own_netdev(void **state)
{
	struct rp_bwrun *a = run_new(2, true);
	int lo = (int)if_nametoindex("lo");

	(void)state;
	script_addr("", 999999, "2001:db8::7/64"); /* someone else's */
	script_addr("", lo, "2001:db8::1/64");	   /* lo's, unnamed */
	script_link("", 999999, false);		   /* a nameless link */
	assert_int_equal(rp_bwapp_size(a, 65536), 0);
	assert_int_equal(a->n_events, 1);
	assert_int_equal(a->events[0].rail, 0);
	assert_string_equal(a->events[0].ev.what,
			    "netdev lo address 2001:db8::1/64 added");
	assert_true(a->link_up[1]);
	run_free(a);
}

/* The kernel dropped events (ENOBUFS) at the watcher's second read: one
 * line on stderr with its time, the links asked for again at once, and
 * the answer read next (lo DOWN) is rail 0's event, printed after it on
 * stderr too (railperf's lines: the plan's extra stream). */
static void test_events_lost(void **state)
{
	struct rp_bwrun *a = run_new(2, true);
	const char *want = "test_bwwatch: warning: netlink: the kernel dropped "
			   "link and address events at ";
	struct capture c;
	char err[512], *end;
	double t;
	int ret;

	(void)state;
	nl_lost_at = 2;
	capture_begin(&c);
	ret = rp_bwapp_size(a, 65536);
	capture_end(&c, err, sizeof(err));
	assert_int_equal(ret, 0);
	assert_int_equal(strncmp(err, want, strlen(want)), 0);
	t = strtod(err + strlen(want), &end);
	assert_true(t > 0 && t < 0.2); /* the second read: about 40 ms in */
	want = " s (the socket's buffer was full); every rail's link is read "
	       "again, an address changed then is not known\n"
	       " railperf: rail 0 (f0): netdev lo link DOWN at ";
	assert_int_equal(strncmp(end, want, strlen(want)), 0);
	assert_int_equal(nl_resync_at, 2);
	assert_int_equal(a->n_events, 1);
	assert_int_equal(a->events[0].rail, 0);
	assert_string_equal(a->events[0].ev.what, "netdev lo link DOWN");
	run_free(a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_threads_watched),
		cmocka_unit_test(test_one_rail_here),
		cmocka_unit_test(test_events_by_own_netdev),
		cmocka_unit_test(test_events_lost),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
