// SPDX-License-Identifier: MIT
#include <errno.h>
#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "net/rp_ethstats.h"

#define RP_ETHSTATS_MAX 65536 /* entries: far above any NIC's table */
#define RP_ETHSTATS_TRIES 4   /* reads of a table that keeps changing */

/* "rx_prio3_pause" -> true, *@prio 3; "rx_prio3_pause_duration" -> false. */
static bool rp_pause_prio(const char *name, const char *dir, unsigned int *prio)
{
	char pre[16];
	size_t len;
	char *end;
	unsigned long v;

	len = (size_t)snprintf(pre, sizeof(pre), "%s_prio", dir);
	if (strncmp(name, pre, len) || name[len] < '0' || name[len] > '9')
		return false;
	v = strtoul(name + len, &end, 10);
	if (strcmp(end, "_pause") || v >= RP_PAUSE_PRIOS)
		return false;
	*prio = (unsigned int)v;
	return true;
}

static void rp_pause_one(const char *name, uint64_t v, struct rp_pause *p)
{
	unsigned int prio;

	if (rp_pause_prio(name, "rx", &prio)) {
		p->prios |= 1u << prio;
		p->rx_prio[prio] = v;
	} else if (rp_pause_prio(name, "tx", &prio)) {
		p->prios |= 1u << prio;
		p->tx_prio[prio] = v;
	} else if (!strcmp(name, "rx_global_pause")) {
		p->have_global = true;
		p->rx_global = v;
	} else if (!strcmp(name, "tx_global_pause")) {
		p->have_global = true;
		p->tx_global = v;
	} else if (!strcmp(name, "rx_pause_ctrl_phy")) {
		p->have_ctrl = true;
		p->rx_ctrl = v;
	} else if (!strcmp(name, "tx_pause_ctrl_phy")) {
		p->have_ctrl = true;
		p->tx_ctrl = v;
	}
}

void rp_pause_parse(const char *const *names, const uint64_t *values, size_t n,
		    struct rp_pause *p)
{
	size_t i;

	memset(p, 0, sizeof(*p));
	for (i = 0; i < n; i++)
		rp_pause_one(names[i], values[i], p);
}

static uint64_t rp_pause_sum(const struct rp_pause *p, const uint64_t *prio,
			     uint64_t global, uint64_t ctrl)
{
	uint64_t s = 0;
	unsigned int i;

	if (!p->prios && !p->have_global)
		return p->have_ctrl ? ctrl : 0;
	for (i = 0; i < RP_PAUSE_PRIOS; i++)
		s += prio[i];
	return s + (p->have_global ? global : 0);
}

uint64_t rp_pause_rx(const struct rp_pause *p)
{
	return rp_pause_sum(p, p->rx_prio, p->rx_global, p->rx_ctrl);
}

uint64_t rp_pause_tx(const struct rp_pause *p)
{
	return rp_pause_sum(p, p->tx_prio, p->tx_global, p->tx_ctrl);
}

/* a - b into *d; false when it went backwards. */
static bool rp_pause_sub(uint64_t b, uint64_t a, uint64_t *d)
{
	*d = a >= b ? a - b : 0;
	return a >= b;
}

void rp_pause_delta(const struct rp_pause *b, const struct rp_pause *a,
		    struct rp_pause *d)
{
	bool ok = true;
	unsigned int i;

	memset(d, 0, sizeof(*d));
	d->prios = a->prios & b->prios;
	for (i = 0; i < RP_PAUSE_PRIOS; i++)
		if (d->prios & (1u << i)) {
			ok &= rp_pause_sub(b->rx_prio[i], a->rx_prio[i],
					   &d->rx_prio[i]);
			ok &= rp_pause_sub(b->tx_prio[i], a->tx_prio[i],
					   &d->tx_prio[i]);
		}
	d->have_global = a->have_global && b->have_global;
	if (d->have_global) {
		ok &= rp_pause_sub(b->rx_global, a->rx_global, &d->rx_global);
		ok &= rp_pause_sub(b->tx_global, a->tx_global, &d->tx_global);
	}
	d->have_ctrl = a->have_ctrl && b->have_ctrl;
	if (d->have_ctrl) {
		ok &= rp_pause_sub(b->rx_ctrl, a->rx_ctrl, &d->rx_ctrl);
		ok &= rp_pause_sub(b->tx_ctrl, a->tx_ctrl, &d->tx_ctrl);
	}
	if (!ok)
		*d = (struct rp_pause){ .reset = true };
}

static int rp_ethtool(int fd, const char *ifname, void *data)
{
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname);
	ifr.ifr_data = data;
	return ioctl(fd, SIOCETHTOOL, &ifr) ? -errno : 0;
}

/* How many ETH_SS_STATS entries @ifname has (ETHTOOL_GSSET_INFO). */
static int rp_ethstats_count(int fd, const char *ifname, uint32_t *n)
{
	struct ethtool_sset_info *s =
		calloc(1, sizeof(*s) + sizeof(s->data[0]));
	int ret;

	if (!s)
		return -ENOMEM;
	s->cmd = ETHTOOL_GSSET_INFO;
	s->sset_mask = 1ULL << ETH_SS_STATS;
	ret = rp_ethtool(fd, ifname, s);
	if (!ret && (!(s->sset_mask & (1ULL << ETH_SS_STATS)) || !s->data[0] ||
		     s->data[0] > RP_ETHSTATS_MAX))
		ret = -EOPNOTSUPP;
	if (!ret)
		*n = s->data[0];
	free(s);
	return ret;
}

/*
 * Room for a stat table of @n entries: the kernel's ETHTOOL_GSTRINGS and
 * ETHTOOL_GSTATS copy as many entries as the device has at that moment,
 * whatever length the caller gave (net/ethtool/ioctl.c,
 * ethtool_get_strings and ethtool_get_stats), so a count that grew since
 * it was read would be written past a buffer of exactly @n: twice as much
 * and a margin.
 */
static uint32_t rp_ethstats_room(uint32_t n)
{
	return 2 * n + 16;
}

/* The names (ETHTOOL_GSTRINGS) of the @n entries counted, in *@out
 * (malloc'ed, room for rp_ethstats_room(n)); then the count again, into
 * *@n: the values' buffer is sized from this second answer. */
static int rp_ethstats_names(int fd, const char *ifname, uint32_t *n,
			     struct ethtool_gstrings **out)
{
	uint32_t room = rp_ethstats_room(*n);
	struct ethtool_gstrings *str =
		calloc(1, sizeof(*str) + (size_t)room * ETH_GSTRING_LEN);
	int ret;

	if (!str)
		return -ENOMEM;
	*str = (struct ethtool_gstrings){ .cmd = ETHTOOL_GSTRINGS,
					  .string_set = ETH_SS_STATS,
					  .len = *n };
	ret = rp_ethtool(fd, ifname, str);
	if (!ret && str->len > room)
		ret = -EAGAIN; /* grew past the margin: not trusted */
	if (!ret)
		ret = rp_ethstats_count(fd, ifname, n);
	if (ret)
		free(str);
	else
		*out = str;
	return ret;
}

/* The values (ETHTOOL_GSTATS) of @n entries into *@out (malloc'ed). */
static int rp_ethstats_values(int fd, const char *ifname, uint32_t n,
			      struct ethtool_stats **out)
{
	uint32_t room = rp_ethstats_room(n);
	struct ethtool_stats *st =
		calloc(1, sizeof(*st) + (size_t)room * sizeof(uint64_t));
	int ret;

	if (!st)
		return -ENOMEM;
	*st = (struct ethtool_stats){ .cmd = ETHTOOL_GSTATS, .n_stats = n };
	ret = rp_ethtool(fd, ifname, st);
	if (!ret && st->n_stats > room)
		ret = -EAGAIN;
	if (ret)
		free(st);
	else
		*out = st;
	return ret;
}

/*
 * The names and values of @n entries (GSSET_INFO's count), parsed. The
 * count is read again between the two ioctls and the values' buffer
 * sized from it; names and values of different lengths (the table
 * changed in between) are -EAGAIN: they would not belong together.
 */
static int rp_ethstats_table(int fd, const char *ifname, uint32_t n,
			     struct rp_pause *p)
{
	struct ethtool_gstrings *str = NULL;
	struct ethtool_stats *st = NULL;
	const char **names = NULL;
	uint64_t *vals = NULL;
	int ret = rp_ethstats_names(fd, ifname, &n, &str);
	uint32_t i;

	if (!ret)
		ret = rp_ethstats_values(fd, ifname, n, &st);
	if (!ret && str->len != st->n_stats)
		ret = -EAGAIN;
	if (!ret) {
		names = calloc(str->len + 1, sizeof(*names));
		vals = calloc(str->len + 1, sizeof(*vals));
		ret = names && vals ? 0 : -ENOMEM;
	}
	for (i = 0; !ret && i < str->len; i++) {
		names[i] =
			(const char *)str->data + (size_t)i * ETH_GSTRING_LEN;
		str->data[(size_t)i * ETH_GSTRING_LEN + ETH_GSTRING_LEN - 1] =
			'\0';
		vals[i] = st->data[i];
	}
	if (!ret)
		rp_pause_parse(names, vals, str->len, p);
	free(vals);
	free(names);
	free(st);
	free(str);
	return ret;
}

int rp_pause_read(const char *ifname, struct rp_pause *p)
{
	uint32_t n = 0;
	int fd, ret = 0, try;

	memset(p, 0, sizeof(*p));
	if (!ifname || !*ifname || strlen(ifname) >= IFNAMSIZ)
		return -EINVAL;
	/* a netdev that is not there is ENODEV before any ethtool call
	 * (where SIOCETHTOOL itself is missing, as under qemu-user, the
	 * ioctl would say ENOSYS instead) */
	if (!if_nametoindex(ifname))
		return -ENODEV;
	fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	/* a table that changed while it was read: read it again */
	for (try = 0; try < RP_ETHSTATS_TRIES; try++) {
		ret = rp_ethstats_count(fd, ifname, &n);
		if (!ret)
			ret = rp_ethstats_table(fd, ifname, n, p);
		if (ret != -EAGAIN)
			break;
		memset(p, 0, sizeof(*p));
	}
	close(fd);
	return ret;
}
