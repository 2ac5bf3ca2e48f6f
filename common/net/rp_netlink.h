/* SPDX-License-Identifier: MIT */
/*
 * rp_netlink.h - netdev link changes during a run: a non-blocking
 * NETLINK_ROUTE socket on the link group (RTMGRP_LINK, rtnetlink(7)), read
 * by a thread that is not on the hot path, each RTM_NEWLINK message as the
 * netdev's name, index and whether its link is up.
 */
#ifndef RP_NETLINK_H
#define RP_NETLINK_H

#include <net/if.h>
#include <stdbool.h>
#include <stddef.h>

struct rp_link_event {
	int ifindex;
	char ifname[IF_NAMESIZE];
	bool up; /* IFF_UP and IFF_LOWER_UP: administratively up, carrier */
};

/* rp_netlink_open - a non-blocking socket on the link group. Returns its
 * fd (the caller closes it) or -errno (socket, bind). */
int rp_netlink_open(void);

/*
 * rp_netlink_parse - the RTM_NEWLINK messages in @buf (@len bytes, one
 * recv of the socket) into @ev (at most @max); other messages and links
 * without a name are skipped; a message cut short ends the parse. Returns
 * the number of events.
 */
unsigned int rp_netlink_parse(const void *buf, size_t len,
			      struct rp_link_event *ev, unsigned int max);

/*
 * rp_netlink_read - the link events pending on @fd into @ev (at most
 * @max, in order). Returns their number (0: none pending), or -errno of
 * recv (-ENOBUFS: the kernel dropped messages, the socket's buffer was
 * full).
 */
int rp_netlink_read(int fd, struct rp_link_event *ev, unsigned int max);

#endif /* RP_NETLINK_H */
