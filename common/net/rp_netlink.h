/* SPDX-License-Identifier: MIT */
/*
 * rp_netlink.h - netdev link and address changes during a run: a
 * non-blocking NETLINK_ROUTE socket on the link and address groups
 * (RTMGRP_LINK, RTMGRP_IPV4_IFADDR, RTMGRP_IPV6_IFADDR, rtnetlink(7)),
 * read by a thread that is not on the hot path: each RTM_NEWLINK message
 * as the netdev's name, index and whether its link is up; each
 * RTM_NEWADDR / RTM_DELADDR of an IPv4 address or a global IPv6 one (the
 * addresses a RoCE v2 GID is made of; IPv6 link-local ones come and go
 * with the link and are left out) as the address added or removed.
 */
#ifndef RP_NETLINK_H
#define RP_NETLINK_H

#include <net/if.h>
#include <netinet/in.h>
#include <stdbool.h>
#include <stddef.h>

enum rp_nl_kind {
	RP_NL_LINK,	/* a link's state (RTM_NEWLINK): @up */
	RP_NL_ADDR_NEW, /* an address added (RTM_NEWADDR): @addr */
	RP_NL_ADDR_DEL, /* an address removed (RTM_DELADDR): @addr */
};

struct rp_link_event {
	enum rp_nl_kind kind;
	int ifindex;
	char ifname[IF_NAMESIZE]; /* address events: IFA_LABEL, else the
				   * index's name (rp_netlink_read) */
	bool up; /* IFF_UP and IFF_LOWER_UP: administratively up, carrier */
	char addr[INET6_ADDRSTRLEN + 4]; /* "10.0.2.2/24" */
};

/* rp_netlink_open - a non-blocking socket on the link and address
 * groups. Returns its fd (the caller closes it) or -errno (socket,
 * bind). */
int rp_netlink_open(void);

struct nlmsghdr;

/*
 * rp_netlink_next - the next whole netlink message of a buffer: *@p
 * points at it and *@left holds the bytes from there (start with the
 * buffer and its length). Returns the message and moves *@p and *@left
 * past it, or NULL at the end or at a message cut short. NLMSG_OK and
 * NLMSG_NEXT's walk (netlink(3)), without their comparison of the int
 * length with the u32 one that clang's -Wsign-compare refuses.
 */
const struct nlmsghdr *rp_netlink_next(const char **p, size_t *left);

/*
 * rp_netlink_parse - the RTM_NEWLINK, RTM_NEWADDR and RTM_DELADDR
 * messages in @buf (@len bytes, one recv of the socket) into @ev (at most
 * @max); other messages, links without a name, addresses of another
 * family or IPv6 ones not of global scope are skipped; an address event
 * without IFA_LABEL has an empty name; a message cut short ends the
 * parse. Returns the number of events.
 */
unsigned int rp_netlink_parse(const void *buf, size_t len,
			      struct rp_link_event *ev, unsigned int max);

/*
 * rp_netlink_read - the link and address events pending on @fd into @ev
 * (at most @max, in order; an address event's empty name filled from its
 * index, if_indextoname). *@lost is set when the kernel dropped messages
 * for this socket since the last read (recv's ENOBUFS: its buffer was
 * full), else cleared; the events after the loss are still read. Returns
 * their number (0: none pending), or -errno of recv.
 */
int rp_netlink_read(int fd, struct rp_link_event *ev, unsigned int max,
		    bool *lost);

/*
 * rp_netlink_resync - ask the kernel for every link's state now
 * (RTM_GETLINK, NLM_F_DUMP): after a loss, the links' states come again
 * on @fd as RTM_NEWLINK messages, which rp_netlink_read returns as link
 * events (an address change lost is not known again). Returns 0 or
 * -errno of send.
 */
int rp_netlink_resync(int fd);

#endif /* RP_NETLINK_H */
