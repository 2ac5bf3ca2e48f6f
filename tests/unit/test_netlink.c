/* Description: netdev link changes from netlink (rp_netlink_parse), on
 * messages built here as the kernel lays them out (rtnetlink(7)): a link
 * up (IFF_UP and IFF_LOWER_UP) and down (IFF_UP without carrier, or not
 * IFF_UP) with their names and indexes; an RTM_NEWADDR and a link without
 * a name skipped; at most @max events; a message cut short ends the
 * parse; a name of IF_NAMESIZE bytes or more is cut and terminated. */
#define _GNU_SOURCE
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "net/rp_netlink.h"

#ifndef IFF_LOWER_UP
#define IFF_LOWER_UP 0x10000
#endif

static uint64_t buf[512]; /* aligned for struct nlmsghdr */
static size_t used;

/* Append a message of @type for link @index with @flags, named @name
 * (NULL: no IFLA_IFNAME). */
static void add_link(uint16_t type, int index, unsigned int flags,
		     const char *name)
{
	struct nlmsghdr *h = (struct nlmsghdr *)((char *)buf + used);
	struct ifinfomsg *ifi = NLMSG_DATA(h);
	struct rtattr *a;
	size_t len = NLMSG_LENGTH(sizeof(*ifi));

	memset(h, 0, NLMSG_SPACE(sizeof(*ifi)) + RTA_SPACE(32));
	ifi->ifi_index = index;
	ifi->ifi_flags = flags;
	if (name) {
		a = (struct rtattr *)((char *)h + NLMSG_ALIGN(len));
		a->rta_type = IFLA_IFNAME;
		a->rta_len = RTA_LENGTH(strlen(name) + 1);
		memcpy(RTA_DATA(a), name, strlen(name) + 1);
		len = NLMSG_ALIGN(len) + RTA_ALIGN(a->rta_len);
	}
	h->nlmsg_type = type;
	h->nlmsg_len = (uint32_t)len;
	used += NLMSG_ALIGN(len);
}

static void test_up_down(void **state)
{
	struct rp_link_event ev[8];

	(void)state;
	used = 0;
	add_link(RTM_NEWLINK, 3, IFF_UP | IFF_LOWER_UP, "eth1");
	add_link(RTM_NEWADDR, 3, 0, "eth1");		/* not a link message */
	add_link(RTM_NEWLINK, 3, IFF_UP, "eth1");	/* no carrier */
	add_link(RTM_NEWLINK, 4, 0, NULL);		/* no name: skipped */
	add_link(RTM_NEWLINK, 2, IFF_LOWER_UP, "eth0"); /* admin down */
	assert_int_equal(rp_netlink_parse(buf, used, ev, 8), 3);
	assert_string_equal(ev[0].ifname, "eth1");
	assert_int_equal(ev[0].ifindex, 3);
	assert_true(ev[0].up);
	assert_string_equal(ev[1].ifname, "eth1");
	assert_false(ev[1].up);
	assert_string_equal(ev[2].ifname, "eth0");
	assert_int_equal(ev[2].ifindex, 2);
	assert_false(ev[2].up);
	assert_int_equal(rp_netlink_parse(buf, used, ev, 1), 1);
}

static void test_short_and_long(void **state)
{
	struct rp_link_event ev[4];

	(void)state;
	used = 0;
	add_link(RTM_NEWLINK, 3, IFF_UP | IFF_LOWER_UP, "eth1");
	/* the first message alone, less one byte: nothing */
	assert_int_equal(rp_netlink_parse(buf, used - 1, ev, 4), 0);
	add_link(RTM_NEWLINK, 9, IFF_UP | IFF_LOWER_UP,
		 "a-name-longer-than-ifnamsiz");
	assert_int_equal(rp_netlink_parse(buf, used, ev, 4), 2);
	assert_int_equal(strlen(ev[1].ifname), IF_NAMESIZE - 1);
	assert_memory_equal(ev[1].ifname, "a-name-longer-t", IF_NAMESIZE - 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_up_down),
		cmocka_unit_test(test_short_and_long),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
