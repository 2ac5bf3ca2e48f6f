// SPDX-License-Identifier: MIT
#include <arpa/inet.h>
#include <errno.h>
#include <linux/if_addr.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <stdint.h>
#include <stdio.h>
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
				  .nl_groups = RTMGRP_LINK |
					       RTMGRP_IPV4_IFADDR |
					       RTMGRP_IPV6_IFADDR };
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
	ev->kind = RP_NL_LINK;
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

/* One RTM_NEWADDR / RTM_DELADDR message @h into @ev; 0 when it is not
 * an IPv4 address or a global IPv6 one. IFA_LOCAL is the address of this
 * end (IFA_ADDRESS the peer's on a point-to-point link), else
 * IFA_ADDRESS. */
static int rp_netlink_addr(const struct nlmsghdr *h, struct rp_link_event *ev)
{
	const struct ifaddrmsg *ifa = NLMSG_DATA(h);
	const struct rtattr *a;
	const void *ip = NULL;
	int len = (int)h->nlmsg_len - (int)NLMSG_LENGTH(sizeof(*ifa));
	char txt[INET6_ADDRSTRLEN];

	if (len < 0 || (ifa->ifa_family != AF_INET &&
			(ifa->ifa_family != AF_INET6 ||
			 ifa->ifa_scope != RT_SCOPE_UNIVERSE)))
		return 0;
	memset(ev, 0, sizeof(*ev));
	ev->kind = h->nlmsg_type == RTM_NEWADDR ? RP_NL_ADDR_NEW :
						  RP_NL_ADDR_DEL;
	ev->ifindex = (int)ifa->ifa_index;
	a = (const struct rtattr *)((const char *)ifa +
				    NLMSG_ALIGN(sizeof(*ifa)));
	for (; RTA_OK(a, len); a = RTA_NEXT(a, len)) {
		size_t n = RTA_PAYLOAD(a);

		if ((a->rta_type == IFA_LOCAL ||
		     (a->rta_type == IFA_ADDRESS && !ip)) &&
		    n == (ifa->ifa_family == AF_INET ? 4u : 16u))
			ip = RTA_DATA(a);
		if (a->rta_type == IFA_LABEL && n) {
			if (n > sizeof(ev->ifname))
				n = sizeof(ev->ifname);
			memcpy(ev->ifname, RTA_DATA(a), n);
			ev->ifname[sizeof(ev->ifname) - 1] = '\0';
		}
	}
	if (!ip || !inet_ntop(ifa->ifa_family, ip, txt, sizeof(txt)))
		return 0;
	snprintf(ev->addr, sizeof(ev->addr), "%s/%u", txt, ifa->ifa_prefixlen);
	return 1;
}

const struct nlmsghdr *rp_netlink_next(const char **p, size_t *left)
{
	const struct nlmsghdr *h = (const struct nlmsghdr *)*p;
	size_t step;

	if (*left < sizeof(*h) || h->nlmsg_len < sizeof(*h) ||
	    h->nlmsg_len > *left)
		return NULL;
	step = NLMSG_ALIGN(h->nlmsg_len);
	step = step < *left ? step : *left;
	*p += step;
	*left -= step;
	return h;
}

unsigned int rp_netlink_parse(const void *buf, size_t len,
			      struct rp_link_event *ev, unsigned int max)
{
	const char *p = buf;
	const struct nlmsghdr *h;
	unsigned int n = 0;

	while (n < max && (h = rp_netlink_next(&p, &len))) {
		if (h->nlmsg_type == RTM_NEWLINK && rp_netlink_link(h, &ev[n]))
			n++;
		else if ((h->nlmsg_type == RTM_NEWADDR ||
			  h->nlmsg_type == RTM_DELADDR) &&
			 rp_netlink_addr(h, &ev[n]))
			n++;
	}
	return n;
}

int rp_netlink_read(int fd, struct rp_link_event *ev, unsigned int max,
		    bool *lost)
{
	/* aligned for struct nlmsghdr: 8 KiB, netlink(7)'s suggestion */
	uint64_t buf[1024];
	unsigned int n = 0, k;
	ssize_t got;

	*lost = false;
	while (n < max) {
		got = recv(fd, buf, sizeof(buf), 0);
		if (got < 0 && errno == ENOBUFS) {
			*lost = true; /* reported once; the socket goes on */
			continue;
		}
		if (got < 0)
			return errno == EAGAIN || errno == EWOULDBLOCK ?
				       (int)n :
				       -errno;
		k = n;
		n += rp_netlink_parse(buf, (size_t)got, ev + n, max - n);
		for (; k < n; k++) /* IPv6 addresses carry no label */
			if (!ev[k].ifname[0] &&
			    !if_indextoname((unsigned int)ev[k].ifindex,
					    ev[k].ifname))
				ev[k].ifname[0] = '\0';
	}
	return (int)n;
}

int rp_netlink_resync(int fd)
{
	struct {
		struct nlmsghdr h;
		struct ifinfomsg i;
	} req = {
		.h = { .nlmsg_len = sizeof(req),
		       .nlmsg_type = RTM_GETLINK,
		       .nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP,
		       .nlmsg_seq = 1 },
		.i = { .ifi_family = AF_UNSPEC },
	};
	struct sockaddr_nl to = { .nl_family = AF_NETLINK }; /* the kernel */

	if (sendto(fd, &req, sizeof(req), 0, (struct sockaddr *)&to,
		   sizeof(to)) < 0)
		return -errno;
	return 0;
}
