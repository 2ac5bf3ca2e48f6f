// SPDX-License-Identifier: MIT
#include <arpa/inet.h>
#include <errno.h>
#include <linux/neighbour.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <net/if.h>
#include <netinet/icmp6.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "base/rp_log.h"
#include "net/rp_ifaddr.h"
#include "net/rp_neigh.h"
#include "net/rp_netlink.h"

#define RP_NEIGH_RECV_TMO_S 2 /* a dump that stops answering */
/* the kernel's NUD_VALID (include/net/neighbour.h; not in the uapi) */
#define RP_NUD_VALID \
	(NUD_PERMANENT | NUD_NOARP | NUD_REACHABLE | NUD_PROBE | NUD_STALE | \
	 NUD_DELAY)

static const struct {
	uint16_t bit;
	const char *name;
} rp_nud[] = {
	{ NUD_INCOMPLETE, "INCOMPLETE" }, { NUD_REACHABLE, "REACHABLE" },
	{ NUD_STALE, "STALE" },		  { NUD_DELAY, "DELAY" },
	{ NUD_PROBE, "PROBE" },		  { NUD_FAILED, "FAILED" },
	{ NUD_NOARP, "NOARP" },		  { NUD_PERMANENT, "PERMANENT" },
};

#define RP_NUD_N (sizeof(rp_nud) / sizeof(rp_nud[0]))

const char *rp_neigh_state_name(uint16_t state)
{
	size_t i;

	for (i = 0; i < RP_NUD_N; i++)
		if (state & rp_nud[i].bit)
			return rp_nud[i].name;
	return "NONE";
}

bool rp_neigh_multicast(const uint8_t raw[16])
{
	static const uint8_t v4[12] = {
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff
	};

	if (!memcmp(raw, v4, 12))
		return (raw[12] & 0xf0) == 0xe0; /* 224.0.0.0/4 */
	return raw[0] == 0xff;			 /* ff00::/8 */
}

bool rp_neigh_resolved(uint16_t state)
{
	return (state & RP_NUD_VALID) != 0;
}

const char *rp_mac_str(const uint8_t mac[6], char *buf)
{
	snprintf(buf, RP_MAC_STR_LEN, "%02x:%02x:%02x:%02x:%02x:%02x", mac[0],
		 mac[1], mac[2], mac[3], mac[4], mac[5]);
	return buf;
}

const struct rp_neigh *rp_neigh_find(const struct rp_neighs *l,
				     const char *ndev, const uint8_t raw[16])
{
	unsigned int i;

	for (i = 0; i < l->n; i++)
		if (!strcmp(l->a[i].ndev, ndev) &&
		    !memcmp(l->a[i].raw, raw, 16))
			return &l->a[i];
	return NULL;
}

/* One RTM_NEWNEIGH message into @e; false when it is no IPv4 or IPv6
 * entry with an address. */
static bool rp_neigh_msg(const struct nlmsghdr *h, struct rp_neigh *e)
{
	const struct ndmsg *nd = NLMSG_DATA(h);
	const struct rtattr *a;
	int len = (int)h->nlmsg_len - (int)NLMSG_LENGTH(sizeof(*nd));
	bool addr = false;

	if (len < 0 ||
	    (nd->ndm_family != AF_INET && nd->ndm_family != AF_INET6))
		return false;
	memset(e, 0, sizeof(*e));
	e->ifindex = nd->ndm_ifindex;
	e->state = nd->ndm_state;
	a = (const struct rtattr *)((const char *)nd +
				    NLMSG_ALIGN(sizeof(*nd)));
	for (; RTA_OK(a, len); a = RTA_NEXT(a, len)) {
		size_t n = RTA_PAYLOAD(a);

		if (a->rta_type == NDA_DST && nd->ndm_family == AF_INET &&
		    n == 4) {
			e->raw[10] = e->raw[11] = 0xff;
			memcpy(e->raw + 12, RTA_DATA(a), 4);
			addr = true;
		} else if (a->rta_type == NDA_DST && n == 16) {
			memcpy(e->raw, RTA_DATA(a), 16);
			addr = true;
		} else if (a->rta_type == NDA_LLADDR && n == 6) {
			memcpy(e->mac, RTA_DATA(a), 6);
			e->has_mac = true;
		}
	}
	return addr;
}

int rp_neigh_parse(const void *buf, size_t len, struct rp_neighs *l)
{
	const char *p = buf;
	const struct nlmsghdr *h;

	while ((h = rp_netlink_next(&p, &len))) {
		if (h->nlmsg_type == NLMSG_DONE)
			return 1;
		if (h->nlmsg_type == NLMSG_ERROR) {
			const struct nlmsgerr *e = NLMSG_DATA(h);

			if (h->nlmsg_len < NLMSG_LENGTH(sizeof(*e)))
				return -EIO;
			return e->error ? -EIO : 1;
		}
		if (h->nlmsg_type != RTM_NEWNEIGH || l->n >= RP_NEIGH_MAX)
			continue;
		if (rp_neigh_msg(h, &l->a[l->n]))
			l->n++;
	}
	return 0;
}

/* The dump request on @fd. */
static int rp_neigh_ask(int fd)
{
	struct {
		struct nlmsghdr h;
		struct ndmsg nd;
	} req;
	struct sockaddr_nl to = { .nl_family = AF_NETLINK };

	memset(&req, 0, sizeof(req));
	req.h.nlmsg_len = NLMSG_LENGTH(sizeof(req.nd));
	req.h.nlmsg_type = RTM_GETNEIGH;
	req.h.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
	req.h.nlmsg_seq = 1;
	req.nd.ndm_family = AF_UNSPEC;
	if (sendto(fd, &req, req.h.nlmsg_len, 0, (struct sockaddr *)&to,
		   sizeof(to)) < 0)
		return -errno;
	return 0;
}

int rp_neigh_live(struct rp_neighs *l)
{
	struct timeval tmo = { .tv_sec = RP_NEIGH_RECV_TMO_S };
	uint64_t buf[2048]; /* aligned for struct nlmsghdr: 16 KiB */
	int fd, ret, done = 0;
	unsigned int i;
	ssize_t got;

	l->n = 0;
	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
	if (fd < 0)
		return -errno;
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tmo, sizeof(tmo));
	ret = rp_neigh_ask(fd);
	while (!ret && !done) {
		got = recv(fd, buf, sizeof(buf), 0);
		if (got <= 0) {
			ret = got < 0 ? -errno : -EIO;
			break;
		}
		done = rp_neigh_parse(buf, (size_t)got, l);
		if (done < 0)
			ret = done;
	}
	close(fd);
	for (i = 0; i < l->n; i++)
		if (!if_indextoname((unsigned int)l->a[i].ifindex,
				    l->a[i].ndev))
			l->a[i].ndev[0] = '\0';
	return ret;
}

/* NUD_* of a state word of `ip neigh`; 0 when it is none. */
static uint16_t rp_neigh_word(const char *w)
{
	size_t i;

	for (i = 0; i < RP_NUD_N; i++)
		if (!strcmp(w, rp_nud[i].name))
			return rp_nud[i].bit;
	return 0;
}

/* "aa:bb:cc:dd:ee:ff" into @mac; 0 or -EINVAL. */
static int rp_mac_parse(const char *s, uint8_t mac[6])
{
	unsigned int b[6], i;
	char end;

	if (sscanf(s, "%2x:%2x:%2x:%2x:%2x:%2x%c", &b[0], &b[1], &b[2], &b[3],
		   &b[4], &b[5], &end) != 6)
		return -EINVAL;
	for (i = 0; i < 6; i++)
		mac[i] = (uint8_t)b[i];
	return 0;
}

/* One line's words (at most 12) into @e; 0 or -EINVAL. */
static int rp_neigh_words(char **w, unsigned int n, struct rp_neigh *e)
{
	unsigned int i;

	memset(e, 0, sizeof(*e));
	if (n < 3 || strcmp(w[1], "dev") ||
	    (rp_ipv4_parse(w[0], e->raw) &&
	     inet_pton(AF_INET6, w[0], e->raw) != 1))
		return -EINVAL;
	snprintf(e->ndev, sizeof(e->ndev), "%.*s", RP_NDEV_LEN - 1, w[2]);
	for (i = 3; i < n; i++) {
		if (!strcmp(w[i], "lladdr") && i + 1 < n) {
			if (rp_mac_parse(w[++i], e->mac))
				return -EINVAL;
			e->has_mac = true;
		} else {
			e->state |= rp_neigh_word(w[i]);
		}
	}
	return 0;
}

int rp_neigh_read(const char *path, struct rp_neighs *l)
{
	char line[512], *w[12], *save, *t;
	unsigned int no = 0, n;
	FILE *f = fopen(path, "r");

	l->n = 0;
	if (!f)
		return errno == ENOENT ? -ENOENT : -errno;
	while (fgets(line, sizeof(line), f)) {
		no++;
		n = 0;
		for (t = strtok_r(line, " \t\r\n", &save); t && n < 12;
		     t = strtok_r(NULL, " \t\r\n", &save))
			w[n++] = t;
		if (!n || w[0][0] == '#' || l->n >= RP_NEIGH_MAX)
			continue;
		if (rp_neigh_words(w, n, &l->a[l->n])) {
			rp_err("%s:%u: want 'ADDR dev NDEV [lladdr MAC] STATE' "
			       "(as ip neigh shows it)",
			       path, no);
			fclose(f);
			return -EINVAL;
		}
		l->n++;
	}
	fclose(f);
	return 0;
}

int rp_neigh_nudge(int fd, const char *ndev, const uint8_t ll[16])
{
	struct sockaddr_in6 to = { .sin6_family = AF_INET6,
				   .sin6_port = htons(9) };
	static const char what[] = "railperf wiring map";

	memcpy(&to.sin6_addr, ll, 16);
	to.sin6_scope_id = if_nametoindex(ndev);
	if (!to.sin6_scope_id)
		return -ENODEV;
	if (sendto(fd, what, sizeof(what) - 1, MSG_DONTWAIT,
		   (struct sockaddr *)&to, sizeof(to)) < 0 &&
	    errno != EAGAIN && errno != EWOULDBLOCK)
		return -errno;
	return 0;
}

/* An ICMPv6 socket: a ping socket, else a raw one; -errno. */
static int rp_neigh_icmp6(void)
{
	int fd = socket(AF_INET6, SOCK_DGRAM | SOCK_CLOEXEC, IPPROTO_ICMPV6);

	if (fd < 0)
		fd = socket(AF_INET6, SOCK_RAW | SOCK_CLOEXEC, IPPROTO_ICMPV6);
	return fd < 0 ? -errno : fd;
}

int rp_neigh_ping_all(const char *ndev)
{
	struct sockaddr_in6 to = { .sin6_family = AF_INET6 };
	struct icmp6_hdr echo = { .icmp6_type = ICMP6_ECHO_REQUEST };
	int fd, ret = 0;

	to.sin6_scope_id = if_nametoindex(ndev);
	if (!to.sin6_scope_id)
		return -ENODEV;
	inet_pton(AF_INET6, "ff02::1", &to.sin6_addr);
	fd = rp_neigh_icmp6();
	if (fd < 0)
		return fd;
	echo.icmp6_id = htons((uint16_t)getpid());
	echo.icmp6_seq = htons(1);
	if (sendto(fd, &echo, sizeof(echo), 0, (struct sockaddr *)&to,
		   sizeof(to)) < 0)
		ret = -errno;
	close(fd);
	return ret;
}
