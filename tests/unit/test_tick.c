/* Description: rp_tick, the latency loops' timestamp: the counter is read
 * only where Linux's clocksource is that counter (fixture sysfs trees:
 * tsc, arch_sys_counter, kvm-clock, hpet, none); tick intervals scale to
 * ns at the rate between two marks (fixed numbers, rounding, a counter
 * that did not move); and on this machine a tick interval inside a span,
 * scaled, is the CLOCK_MONOTONIC time it took within 0.1 % + 10 us. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/rp_tick.h"

#define CS_DIR "/devices/system/clocksource/clocksource0"
#define CS_FILE CS_DIR "/current_clocksource"

/* A sysfs tree in @root whose clocksource0 names @source (NULL: no such
 * file). */
static void tree(char *root, const char *source)
{
	const char *dirs[] = { "/devices", "/devices/system",
			       "/devices/system/clocksource", CS_DIR };
	char path[512];
	size_t i;
	FILE *f;

	assert_non_null(mkdtemp(root));
	if (!source)
		return;
	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(path, sizeof(path), "%s%s", root, dirs[i]);
		assert_int_equal(mkdir(path, 0755), 0);
	}
	snprintf(path, sizeof(path), "%s" CS_FILE, root);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "%s\n", source);
	assert_int_equal(fclose(f), 0);
}

/* Remove what tree() made, deepest first. */
static void untree(const char *root)
{
	const char *paths[] = {
		CS_FILE,	   CS_DIR,     "/devices/system/clocksource",
		"/devices/system", "/devices", ""
	};
	char path[512];
	size_t i;

	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		snprintf(path, sizeof(path), "%s%s", root, paths[i]);
		(void)remove(path);
	}
}

static void source_ok(const char *source, bool want)
{
	char root[] = "/tmp/rp-tick.XXXXXX";

	tree(root, source);
	if (rp_tick_source_ok(root) != want)
		fail_msg("clocksource %s: counter %s, want %s",
			 source ? source : "(none)", want ? "not read" : "read",
			 want ? "read" : "not");
	untree(root);
}

static void test_source(void **state)
{
	(void)state;
#if defined(__x86_64__)
	source_ok("tsc", true);
	source_ok("arch_sys_counter", false);
#elif defined(__aarch64__)
	source_ok("arch_sys_counter", true);
	source_ok("tsc", false);
#else
	source_ok("tsc", false);
#endif
	source_ok("kvm-clock", false);
	source_ok("hpet", false);
	source_ok("tsc-early", false);
	source_ok(NULL, false);
}

static void test_scale(void **state)
{
	struct rp_tick_mark a = { .tick = 1000, .ns = 500 },
			    b = { .tick = 3000, .ns = 1500 };
	uint64_t v[3] = { 10, 2001, 0 };
	bool saved = rp_tick_counter;

	(void)state;
	rp_tick_counter = false; /* ticks are ns: nothing to do */
	rp_tick_scale(v, 3, a, b);
	assert_int_equal(v[0], 10);
	assert_int_equal(v[1], 2001);
	rp_tick_counter = true; /* 0.5 ns a tick, rounded to nearest */
	rp_tick_scale(v, 3, a, b);
	assert_int_equal(v[0], 5);
	assert_int_equal(v[1], 1001);
	assert_int_equal(v[2], 0);
	v[0] = 77;
	rp_tick_scale(v, 1, b, b); /* no ticks between: left alone */
	assert_int_equal(v[0], 77);
	rp_tick_counter = saved;
}

/* Both clocks, the tick bracketing the ns read: [*lo, *hi]. */
static uint64_t bracket(uint64_t *lo, uint64_t *hi, uint64_t width)
{
	uint64_t ns;

	do {
		*lo = rp_tick();
		ns = rp_now_ns();
		*hi = rp_tick();
	} while (*hi - *lo > width); /* preempted between: read again */
	return ns;
}

static void test_live(void **state)
{
	double per_ns = rp_tick_init();
	uint64_t width = (uint64_t)(5000 * per_ns) + 1; /* 5 us */
	struct timespec pause = { .tv_nsec = 5000000 };
	struct rp_tick_mark a, b;
	uint64_t lo, hi, ns, v[2], tol, want;

	(void)state;
	assert_true(per_ns > 0);
	a.ns = bracket(&a.tick, &hi, width);
	nanosleep(&pause, NULL);
	ns = bracket(&lo, &hi, width);
	nanosleep(&pause, NULL);
	b.ns = bracket(&b.tick, &v[0], width);
	v[0] = lo - a.tick;
	v[1] = hi - a.tick;
	rp_tick_scale(v, 2, a, b);
	want = ns - a.ns;
	tol = 10000 + want / 1000;
	if (want + tol < v[0] || want > v[1] + tol)
		fail_msg("%llu ns of CLOCK_MONOTONIC read as %llu .. %llu ns "
			 "of ticks (counter %s)",
			 (unsigned long long)want, (unsigned long long)v[0],
			 (unsigned long long)v[1],
			 rp_tick_counter ? "read" : "not read");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_source),
		cmocka_unit_test(test_scale),
		cmocka_unit_test(test_live),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
