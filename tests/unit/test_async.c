/* Description: a device's async events as a run reports them
 * (rp_async_describe): port DOWN and ACTIVE name their port, a QP's events
 * its QP number, GID change, CQ error and device fatal their phrases, and
 * an event railperf has no phrase for ibv_event_type_str()'s name; the
 * struct is cleared first (no port left from an earlier event). */
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_port_events),
		cmocka_unit_test(test_qp_and_device_events),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
