/* Description: rp_watchdog's state machine with a fake clock and a fake
 * fire hook: idle never fires; a call fires only once it has run for MORE
 * than its bound, exactly once, with the exact line (rank, host, call,
 * bound in s, the missing peers or "not known", and before MPI_Init
 * completed, or once MPI_Finalize began, the note that MPI_Abort is not
 * allowed); leaving, or entering another
 * call, restarts the count; the thread (real clock) fires within a few
 * ticks of the bound and rp_wd_fini joins it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "base/rp_time.h"
#include "cluster/rp_watchdog.h"

#define S 1000000000ULL

struct fake {
	uint64_t now;
	int fired;
	bool up;
	char line[512];
};

static uint64_t fake_now(void *ctx)
{
	return ((struct fake *)ctx)->now;
}

static void fake_fire(void *ctx, const char *line, bool up)
{
	struct fake *f = ctx;

	f->fired++;
	f->up = up;
	snprintf(f->line, sizeof(f->line), "%s", line);
}

static void setup_wd(struct rp_watchdog *w, struct fake *f)
{
	struct rp_wd_hooks h = { fake_now, fake_fire, f };

	memset(f, 0, sizeof(*f));
	f->now = 100 * S;
	rp_wd_init(w, &h, -1, "vm2");
}

static void idle_never_fires(void **state)
{
	struct rp_watchdog w;
	struct fake f;

	(void)state;
	setup_wd(&w, &f);
	f.now += 100000 * S;
	assert_int_equal(rp_wd_check(&w), 0);
	rp_wd_enter(&w, "MPI_Comm_dup", NULL, 5000);
	rp_wd_leave(&w);
	f.now += 100000 * S;
	assert_int_equal(rp_wd_check(&w), 0);
	assert_int_equal(f.fired, 0);
	rp_wd_fini(&w);
}

static void init_past_bound(void **state)
{
	struct rp_watchdog w;
	struct fake f;

	(void)state;
	setup_wd(&w, &f);
	rp_wd_enter(&w, "MPI_Init_thread", NULL, 5000);
	f.now += 5 * S; /* exactly the bound: not yet */
	assert_int_equal(rp_wd_check(&w), 0);
	f.now += 1;
	assert_int_equal(rp_wd_check(&w), 1);
	assert_int_equal(f.fired, 1);
	assert_false(f.up);
	assert_string_equal(f.line, "a rank on vm2: MPI_Init_thread did not "
				    "finish in 5 s; peers missing: not known "
				    "(MPI_Abort is not allowed here: "
				    "exiting)");
	f.now += 10 * S; /* once only */
	assert_int_equal(rp_wd_check(&w), 0);
	assert_int_equal(f.fired, 1);
	rp_wd_fini(&w);
}

static void exchange_names_peer(void **state)
{
	struct rp_watchdog w;
	struct fake f;

	(void)state;
	setup_wd(&w, &f);
	rp_wd_identity(&w, 1, "vm2");
	rp_wd_up(&w, true);
	rp_wd_enter(&w, "MPI_Finalize", NULL, 3000);
	f.now += 2 * S;
	rp_wd_enter(&w, "MPI_Test", "round 2: the results: vm4 (rank 3)",
		    1500); /* another call: counts from now */
	f.now += 1500 * 1000000ULL;
	assert_int_equal(rp_wd_check(&w), 0);
	f.now += 1;
	assert_int_equal(rp_wd_check(&w), 1);
	assert_true(f.up);
	assert_string_equal(f.line, "rank 1 (vm2): MPI_Test did not finish in "
				    "2 s; peers missing: round 2: the "
				    "results: vm4 (rank 3)");
	rp_wd_fini(&w);
}

static uint64_t real_now(void *ctx)
{
	(void)ctx;
	return rp_now_ns();
}

static void thread_fires(void **state)
{
	struct rp_watchdog w;
	struct fake f = { 0 };
	struct rp_wd_hooks h = { real_now, fake_fire, &f };
	const struct timespec nap = { .tv_nsec = 10000000 };
	uint64_t t0;
	int i;

	(void)state;
	rp_wd_init(&w, &h, 0, "vm1");
	assert_int_equal(rp_wd_start(&w, 20), 0);
	t0 = rp_now_ns();
	rp_wd_enter(&w, "MPI_Finalize", NULL, 200);
	for (i = 0; i < 200; i++) {
		pthread_mutex_lock(&w.lock);
		if (f.fired) {
			pthread_mutex_unlock(&w.lock);
			break;
		}
		pthread_mutex_unlock(&w.lock);
		nanosleep(&nap, NULL);
	}
	t0 = rp_now_ns() - t0;
	rp_wd_fini(&w);
	assert_int_equal(f.fired, 1);
	assert_true(t0 >= 200000000ULL && t0 < 1000000000ULL);
	assert_string_equal(f.line, "rank 0 (vm1): MPI_Finalize did not "
				    "finish in 1 s; peers missing: not known "
				    "(MPI_Abort is not allowed here: "
				    "exiting)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(idle_never_fires),
		cmocka_unit_test(init_past_bound),
		cmocka_unit_test(exchange_names_peer),
		cmocka_unit_test(thread_fires),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
