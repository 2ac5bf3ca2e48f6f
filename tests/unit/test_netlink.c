/* Description: netdev link changes from netlink (rp_netlink_parse), on
 * messages built here as the kernel lays them out (rtnetlink(7)): a link
 * up (IFF_UP and IFF_LOWER_UP) and down (IFF_UP without carrier, or not
 * IFF_UP) with their names and indexes; an RTM_NEWADDR in a link's
 * layout (family 0) and a link without a name skipped; at most @max
 * events; a message cut short ends the parse; a name of IF_NAMESIZE bytes
 * or more is cut and terminated. Address changes: an IPv4 address removed
 * and added (IFA_LOCAL and IFA_LABEL: "10.0.2.2/24" on eth1), a global
 * IPv6 one without a label (empty name, its index), an IPv6 link-local
 * one skipped (it comes and goes with the link). rp_netlink_read over
 * this file's recv: a loss the kernel reports (ENOBUFS) sets *lost and
 * the events after it are still returned; rp_netlink_resync sends one
 * RTM_GETLINK dump request to the kernel (this file's sendto sees its
 * bytes). */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <linux/if_addr.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <errno.h>
#include <sys/socket.h>

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

/* Append an rtattr @type of @n bytes at @data to message @h. */
static void add_attr(struct nlmsghdr *h, unsigned short type, const void *data,
		     size_t n)
{
	struct rtattr *a =
		(struct rtattr *)((char *)h + NLMSG_ALIGN(h->nlmsg_len));

	a->rta_type = type;
	a->rta_len = (unsigned short)RTA_LENGTH(n);
	memcpy(RTA_DATA(a), data, n);
	h->nlmsg_len = NLMSG_ALIGN(h->nlmsg_len) + RTA_ALIGN(a->rta_len);
}

/* Append an address message @type of @family address @ip (text) /
 * @prefix on link @index, scope @scope, labelled @label (NULL: none). */
static void add_addr(uint16_t type, int family, const char *ip,
		     unsigned int prefix, int index, unsigned char scope,
		     const char *label)
{
	struct nlmsghdr *h = (struct nlmsghdr *)((char *)buf + used);
	struct ifaddrmsg *ifa = NLMSG_DATA(h);
	unsigned char bin[16];

	memset(h, 0, NLMSG_SPACE(sizeof(*ifa)) + 3 * RTA_SPACE(32));
	h->nlmsg_type = type;
	h->nlmsg_len = NLMSG_LENGTH(sizeof(*ifa));
	ifa->ifa_family = (unsigned char)family;
	ifa->ifa_prefixlen = (unsigned char)prefix;
	ifa->ifa_scope = scope;
	ifa->ifa_index = (unsigned int)index;
	assert_int_equal(inet_pton(family, ip, bin), 1);
	add_attr(h, IFA_ADDRESS, bin, family == AF_INET ? 4 : 16);
	if (family == AF_INET)
		add_attr(h, IFA_LOCAL, bin, 4);
	if (label)
		add_attr(h, IFA_LABEL, label, strlen(label) + 1);
	used += NLMSG_ALIGN(h->nlmsg_len);
}

static void test_addresses(void **state)
{
	struct rp_link_event ev[8];

	(void)state;
	used = 0;
	add_addr(RTM_DELADDR, AF_INET, "10.0.2.2", 24, 3, RT_SCOPE_UNIVERSE,
		 "eth1");
	add_addr(RTM_DELADDR, AF_INET6, "fe80::5054:ff:fe12:3402", 64, 3,
		 RT_SCOPE_LINK, NULL); /* link-local: skipped */
	add_addr(RTM_NEWADDR, AF_INET6, "2001:db8::2", 64, 3, RT_SCOPE_UNIVERSE,
		 NULL);
	add_addr(RTM_NEWADDR, AF_INET, "10.0.2.2", 24, 3, RT_SCOPE_UNIVERSE,
		 "eth1");
	add_link(RTM_NEWLINK, 3, IFF_UP | IFF_LOWER_UP, "eth1");
	assert_int_equal(rp_netlink_parse(buf, used, ev, 8), 4);
	assert_int_equal(ev[0].kind, RP_NL_ADDR_DEL);
	assert_string_equal(ev[0].ifname, "eth1");
	assert_int_equal(ev[0].ifindex, 3);
	assert_string_equal(ev[0].addr, "10.0.2.2/24");
	assert_int_equal(ev[1].kind, RP_NL_ADDR_NEW);
	assert_string_equal(ev[1].ifname, "");
	assert_int_equal(ev[1].ifindex, 3);
	assert_string_equal(ev[1].addr, "2001:db8::2/64");
	assert_int_equal(ev[2].kind, RP_NL_ADDR_NEW);
	assert_string_equal(ev[2].addr, "10.0.2.2/24");
	assert_int_equal(ev[3].kind, RP_NL_LINK);
	assert_true(ev[3].up);
}

/* --- the socket, faked: recv answers from a script, sendto records ------ */

static int recv_step; /* 0: ENOBUFS, 1: buf's messages, then EAGAIN */
static uint8_t sent[64];
static ssize_t sent_len;
static struct sockaddr_nl sent_to;

ssize_t recv(int fd, void *out, size_t len, int flags)
{
	(void)fd;
	(void)flags;
	switch (recv_step++) {
	case 0: errno = ENOBUFS; return -1;
	case 1:
		memcpy(out, buf, used < len ? used : len);
		return (ssize_t)(used < len ? used : len);
	default: errno = EAGAIN; return -1;
	}
}

ssize_t sendto(int fd, const void *msg, size_t len, int flags,
	       const struct sockaddr *to, socklen_t tolen)
{
	(void)fd;
	(void)flags;
	sent_len = (ssize_t)(len < sizeof(sent) ? len : sizeof(sent));
	memcpy(sent, msg, (size_t)sent_len);
	if (to && tolen >= sizeof(sent_to))
		memcpy(&sent_to, to, sizeof(sent_to));
	return (ssize_t)len;
}

/* A loss, then a link message: lost is set, the event still read. */
static void test_read_after_loss(void **state)
{
	struct rp_link_event ev[4];
	bool lost = false;

	(void)state;
	used = 0;
	add_link(RTM_NEWLINK, 3, IFF_UP | IFF_LOWER_UP, "eth1");
	recv_step = 0;
	assert_int_equal(rp_netlink_read(-1, ev, 4, &lost), 1);
	assert_true(lost);
	assert_string_equal(ev[0].ifname, "eth1");
	assert_true(ev[0].up);
	recv_step = 2; /* nothing pending, nothing lost */
	assert_int_equal(rp_netlink_read(-1, ev, 4, &lost), 0);
	assert_false(lost);
}

/* The dump request: RTM_GETLINK, NLM_F_REQUEST | NLM_F_DUMP, any family,
 * to the kernel (port 0). */
static void test_resync_request(void **state)
{
	const struct nlmsghdr *h = (const struct nlmsghdr *)sent;
	const struct ifinfomsg *ifi = NLMSG_DATA(h);

	(void)state;
	assert_int_equal(rp_netlink_resync(-1), 0);
	assert_int_equal(sent_len, NLMSG_LENGTH(sizeof(*ifi)));
	assert_int_equal(h->nlmsg_len, sent_len);
	assert_int_equal(h->nlmsg_type, RTM_GETLINK);
	assert_int_equal(h->nlmsg_flags, NLM_F_REQUEST | NLM_F_DUMP);
	assert_int_equal(ifi->ifi_family, AF_UNSPEC);
	assert_int_equal(sent_to.nl_family, AF_NETLINK);
	assert_int_equal(sent_to.nl_pid, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_up_down),
		cmocka_unit_test(test_short_and_long),
		cmocka_unit_test(test_addresses),
		cmocka_unit_test(test_read_after_loss),
		cmocka_unit_test(test_resync_request),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
