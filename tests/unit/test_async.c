/* Description: a device's async events as a run reports them
 * (rp_async_describe): port DOWN and ACTIVE name their port, a QP's events
 * its QP number, GID change, CQ error and device fatal their phrases, and
 * an event railperf has no phrase for ibv_event_type_str()'s name; the
 * struct is cleared first (no port left from an earlier event); a port
 * event that reports the state the port already had is no news
 * (rp_async_news). */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "verbs/rp_async.h"

static void test_port_events(void **state)
{
	struct ibv_async_event e = { .event_type = IBV_EVENT_PORT_ERR };
	struct rp_event ev;

	(void)state;
	e.element.port_num = 2;
	rp_async_describe(&e, &ev);
	assert_string_equal(ev.what, "port DOWN");
	assert_int_equal(ev.port, 2);
	assert_int_equal(ev.qp_num, 0);
	assert_int_equal(ev.type, IBV_EVENT_PORT_ERR);
	e.event_type = IBV_EVENT_PORT_ACTIVE;
	e.element.port_num = 1;
	rp_async_describe(&e, &ev);
	assert_string_equal(ev.what, "port ACTIVE");
	assert_int_equal(ev.port, 1);
	e.event_type = IBV_EVENT_GID_CHANGE;
	rp_async_describe(&e, &ev);
	assert_string_equal(ev.what, "GID table changed");
	assert_int_equal(ev.port, 1);
}

static void test_qp_and_device_events(void **state)
{
	struct ibv_qp qp = { .qp_num = 0x11 };
	struct ibv_async_event e = { .event_type = IBV_EVENT_QP_FATAL };
	struct rp_event ev;

	(void)state;
	e.element.qp = &qp;
	rp_async_describe(&e, &ev);
	assert_string_equal(ev.what, "QP fatal");
	assert_int_equal(ev.qp_num, 0x11);
	assert_int_equal(ev.port, 0);
	e.event_type = IBV_EVENT_QP_ACCESS_ERR;
	rp_async_describe(&e, &ev);
	assert_string_equal(ev.what, "QP access error");
	e = (struct ibv_async_event){ .event_type = IBV_EVENT_DEVICE_FATAL };
	rp_async_describe(&e, &ev);
	assert_string_equal(ev.what, "device fatal");
	assert_int_equal(ev.qp_num, 0);
	e.event_type = IBV_EVENT_CQ_ERR;
	rp_async_describe(&e, &ev);
	assert_string_equal(ev.what, "CQ error");
	e.event_type = IBV_EVENT_LID_CHANGE; /* no phrase of its own */
	e.element.port_num = 1;
	rp_async_describe(&e, &ev);
	assert_string_equal(ev.what, ibv_event_type_str(IBV_EVENT_LID_CHANGE));
	assert_int_equal(ev.port, 1);
}

/* rp_async_news: a PORT_ACTIVE of a port that was up (what Soft-RoCE
 * queues as a run starts) is no news and changes nothing; DOWN, then
 * ACTIVE again, are; a repeated DOWN is not; other events always are. */
static void test_port_news(void **state)
{
	struct rp_event up = { .type = IBV_EVENT_PORT_ACTIVE, .port = 1 };
	struct rp_event down = { .type = IBV_EVENT_PORT_ERR, .port = 1 };
	struct rp_event gid = { .type = IBV_EVENT_GID_CHANGE, .port = 1 };
	bool is_down = false;

	(void)state;
	assert_false(rp_async_news(&up, &is_down));
	assert_false(is_down);
	assert_true(rp_async_news(&gid, &is_down));
	assert_false(is_down);
	assert_true(rp_async_news(&down, &is_down));
	assert_true(is_down);
	assert_false(rp_async_news(&down, &is_down));
	assert_true(is_down);
	assert_true(rp_async_news(&gid, &is_down));
	assert_true(is_down);
	assert_true(rp_async_news(&up, &is_down));
	assert_false(is_down);
	assert_false(rp_async_news(&up, &is_down));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_port_events),
		cmocka_unit_test(test_qp_and_device_events),
		cmocka_unit_test(test_port_news),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
