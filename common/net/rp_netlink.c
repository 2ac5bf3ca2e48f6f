// SPDX-License-Identifier: MIT
#include <errno.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "net/rp_netlink.h"

#ifndef IFF_LOWER_UP
#define IFF_LOWER_UP 0x10000 /* linux/if.h: the driver signals carrier */
#endif

int rp_netlink_open(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK,
				  .nl_groups = RTMGRP_LINK };
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_NONBLOCK | SOCK_CLOEXEC,
			NETLINK_ROUTE);
	int err;

	if (fd < 0)
		return -errno;
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		err = errno;
		close(fd);
		return -err;
	}
	return fd;
}

/* One RTM_NEWLINK message @h into @ev; 0 when it names no link. */
static int rp_netlink_link(const struct nlmsghdr *h, struct rp_link_event *ev)
{
	const struct ifinfomsg *ifi = NLMSG_DATA(h);
	const struct rtattr *a;
	int len = (int)h->nlmsg_len - (int)NLMSG_LENGTH(sizeof(*ifi));

	if (len < 0)
		return 0;
	memset(ev, 0, sizeof(*ev));
	ev->ifindex = ifi->ifi_index;
	ev->up = (ifi->ifi_flags & IFF_UP) && (ifi->ifi_flags & IFF_LOWER_UP);
	a = (const struct rtattr *)((const char *)ifi +
				    NLMSG_ALIGN(sizeof(*ifi)));
	for (; RTA_OK(a, len); a = RTA_NEXT(a, len)) {
		size_t n = RTA_PAYLOAD(a);

		if (a->rta_type != IFLA_IFNAME || !n)
			continue;
		if (n > sizeof(ev->ifname))
			n = sizeof(ev->ifname);
		memcpy(ev->ifname, RTA_DATA(a), n);
		ev->ifname[sizeof(ev->ifname) - 1] = '\0';
		return 1;
	}
	return 0;
}

unsigned int rp_netlink_parse(const void *buf, size_t len,
			      struct rp_link_event *ev, unsigned int max)
{
	const char *p = buf;
	const struct nlmsghdr *h;
	unsigned int n = 0;
	size_t step;

	/* NLMSG_OK and NLMSG_NEXT, without their int/u32 comparison */
	while (len >= sizeof(*h) && n < max) {
		h = (const struct nlmsghdr *)p;
		if (h->nlmsg_len < sizeof(*h) || h->nlmsg_len > len)
			break;
		if (h->nlmsg_type == RTM_NEWLINK && rp_netlink_link(h, &ev[n]))
			n++;
		step = NLMSG_ALIGN(h->nlmsg_len);
		if (step >= len)
			break;
		p += step;
		len -= step;
	}
	return n;
}

int rp_netlink_read(int fd, struct rp_link_event *ev, unsigned int max)
{
	/* aligned for struct nlmsghdr: 8 KiB, netlink(7)'s suggestion */
	uint64_t buf[1024];
	unsigned int n = 0;
	ssize_t got;

	while (n < max) {
		got = recv(fd, buf, sizeof(buf), 0);
		if (got < 0)
			return errno == EAGAIN || errno == EWOULDBLOCK ?
				       (int)n :
				       -errno;
		n += rp_netlink_parse(buf, (size_t)got, ev + n, max - n);
	}
	return (int)n;
}
