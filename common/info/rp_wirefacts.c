// SPDX-License-Identifier: MIT
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <string.h>

#include "base/rp_log.h"
#include "base/rp_sysfs.h"
#include "base/rp_text.h"
#include "info/rp_railinfo_port.h"
#include "info/rp_wirefacts.h"
#include "net/rp_netdev.h"

/* An IPv6 link-local address (fe80::/10). */
static bool rp_is_ll(const uint8_t raw[16])
{
	return raw[0] == 0xfe && (raw[1] & 0xc0) == 0x80;
}

/* "aa:bb:cc:dd:ee:ff" of class/net/NDEV/address into @mac. */
static bool rp_wend_mac(const char *sysroot, const char *ndev, uint8_t mac[6])
{
	unsigned int b[6], i;
	char path[512], line[64];

	snprintf(path, sizeof(path), "%s/class/net/%s/address", sysroot, ndev);
	if (rp_sysfs_line(path, line, sizeof(line)) ||
	    sscanf(line, "%2x:%2x:%2x:%2x:%2x:%2x", &b[0], &b[1], &b[2], &b[3],
		   &b[4], &b[5]) != 6)
		return false;
	for (i = 0; i < 6; i++)
		mac[i] = (uint8_t)b[i];
	return true;
}

/* The port ACTIVE ("4: ACTIVE") and the netdev's carrier on (1; a
 * netdev whose carrier file is missing counts as on). */
static bool rp_wend_up(const char *sysroot, const char *dev, unsigned int port,
		       const char *ndev)
{
	char path[512], line[64];
	long carrier = 1;

	snprintf(path, sizeof(path), "%s/class/infiniband/%s/ports/%u/state",
		 sysroot, dev, port);
	if (rp_sysfs_line(path, line, sizeof(line)) || !strstr(line, "ACTIVE"))
		return false;
	if (!*ndev)
		return true;
	snprintf(path, sizeof(path), "%s/class/net/%s/carrier", sysroot, ndev);
	if (rp_sysfs_long(path, &carrier))
		carrier = 1;
	return carrier == 1;
}

/* The netdev's addresses of @addrs: the first link-local one, then up to
 * RP_WEND_ADDRS others. */
static void rp_wend_addrs(struct rp_wend *e, const struct rp_ifaddrs *addrs)
{
	unsigned int i;

	for (i = 0; addrs && i < addrs->n; i++) {
		const struct rp_ifaddr *a = &addrs->a[i];

		if (strcmp(a->ndev, e->ndev))
			continue;
		if (rp_is_ll(a->raw)) {
			if (!e->has_ll)
				memcpy(e->ll, a->raw, 16);
			e->has_ll = 1;
		} else if (e->naddr < RP_WEND_ADDRS) {
			memcpy(e->addr[e->naddr].raw, a->raw, 16);
			e->addr[e->naddr++].prefix = a->prefix;
		}
	}
}

void rp_wend_read(struct rp_wend *e, const char *sysroot,
		  const struct rp_ifaddrs *addrs, const char *dev,
		  unsigned int port)
{
	unsigned int mtu = 0;

	memset(e, 0, sizeof(*e));
	snprintf(e->dev, sizeof(e->dev), "%s", dev);
	e->port = port;
	rp_ibdev_port_netdev(sysroot, dev, port, e->ndev, sizeof(e->ndev));
	e->up = rp_wend_up(sysroot, dev, port, e->ndev);
	if (!e->ndev[0])
		return;
	if (!rp_netdev_mtu(sysroot, e->ndev, &mtu))
		e->mtu = mtu;
	e->has_mac = rp_wend_mac(sysroot, e->ndev, e->mac);
	rp_wend_addrs(e, addrs);
}

void rp_wend_clean(struct rp_wend *e)
{
	unsigned int i;

	rp_text_clean(e->dev, sizeof(e->dev));
	rp_text_clean(e->ndev, sizeof(e->ndev));
	if (e->naddr > RP_WEND_ADDRS)
		e->naddr = RP_WEND_ADDRS;
	for (i = 0; i < e->naddr; i++) {
		unsigned int max = rp_gid_is_ipv4(e->addr[i].raw) ? 32 : 128;

		if (e->addr[i].prefix > max)
			e->addr[i].prefix = max;
	}
	e->has_mac = !!e->has_mac;
	e->up = !!e->up;
	e->has_ll = !!e->has_ll;
}

const char *rp_waddr_str(const struct rp_waddr *a, char *buf)
{
	struct rp_ifaddr x = { .prefix = a->prefix };

	memcpy(x.raw, a->raw, 16);
	return rp_ifaddr_str(&x, buf);
}

/* @raw with every bit past @bits of its family cleared into @out. */
static void rp_waddr_mask(const uint8_t raw[16], unsigned int bits,
			  uint8_t out[16])
{
	unsigned int first = rp_gid_is_ipv4(raw) ? 96 : 0, i, b;

	b = first + bits;
	for (i = 0; i < 16; i++) {
		if (b >= (i + 1) * 8)
			out[i] = raw[i];
		else if (b <= i * 8)
			out[i] = 0;
		else
			out[i] = raw[i] & (uint8_t)(0xff << (8 - (b - i * 8)));
	}
}

const char *rp_waddr_net(const struct rp_waddr *a, char *buf)
{
	struct rp_waddr n = { .prefix = a->prefix };

	rp_waddr_mask(a->raw, a->prefix, n.raw);
	return rp_waddr_str(&n, buf);
}

bool rp_waddr_same_net(const struct rp_waddr *a, const struct rp_waddr *b)
{
	unsigned int bits = a->prefix > b->prefix ? a->prefix : b->prefix;
	uint8_t ma[16], mb[16];

	if (rp_gid_is_ipv4(a->raw) != rp_gid_is_ipv4(b->raw))
		return false;
	rp_waddr_mask(a->raw, bits, ma);
	rp_waddr_mask(b->raw, bits, mb);
	return !memcmp(ma, mb, 16);
}

bool rp_wend_subnet(const struct rp_wend *a, const struct rp_wend *b,
		    unsigned int *ia, unsigned int *ib)
{
	unsigned int i, j;

	for (i = 0; i < a->naddr && i < RP_WEND_ADDRS; i++)
		for (j = 0; j < b->naddr && j < RP_WEND_ADDRS; j++)
			if (rp_waddr_same_net(&a->addr[i], &b->addr[j])) {
				*ia = i;
				*ib = j;
				return true;
			}
	return false;
}

/* Which subnet of @e holds neighbour address @raw: "link local", the
 * subnet, or "outside every subnet of NDEV"; into @buf (96 bytes). */
static const char *rp_wend_where(const struct rp_wend *e, const uint8_t raw[16],
				 char *buf)
{
	struct rp_waddr n = { .prefix = 0 };
	unsigned int i;

	memcpy(n.raw, raw, 16);
	if (rp_is_ll(raw))
		return "link local";
	for (i = 0; i < e->naddr; i++) {
		n.prefix = e->addr[i].prefix;
		if (rp_waddr_same_net(&n, &e->addr[i]))
			return rp_waddr_net(&e->addr[i], buf);
	}
	snprintf(buf, 96, "outside every subnet of %s", e->ndev);
	return buf;
}

/* The rail's own line: device, port, netdev, MAC, link, MTU, addresses. */
static void rp_wend_print_head(FILE *f, const struct rp_wend *e)
{
	char mac[RP_MAC_STR_LEN], a[RP_IFADDR_STR_LEN], ll[RP_GID_STR_LEN];
	char addrs[256] = "";
	size_t off = 0;
	unsigned int i;

	for (i = 0; i < e->naddr && off < sizeof(addrs); i++)
		off += (size_t)snprintf(addrs + off, sizeof(addrs) - off,
					", %s", rp_waddr_str(&e->addr[i], a));
	if (e->has_ll)
		rp_gid_to_str(e->ll, ll);
	rp_fprintf(f, "%s port %u: netdev %s%s%s, link %s, MTU %u%s%s%s\n",
		   e->dev, e->port, e->ndev[0] ? e->ndev : "(none)",
		   e->has_mac ? " " : "",
		   e->has_mac ? rp_mac_str(e->mac, mac) : "",
		   e->up ? "up" : "down", e->mtu, addrs,
		   e->has_ll ? ", link local " : "", e->has_ll ? ll : "");
}

void rp_wend_print_peers(FILE *f, const struct rp_wend *e,
			 const struct rp_neighs *nb)
{
	char a[RP_GID_STR_LEN], mac[RP_MAC_STR_LEN], where[96];
	uint8_t seen[RP_NEIGH_MAX][6];
	unsigned int i, k, nseen = 0, rows = 0;

	rp_wend_print_head(f, e);
	for (i = 0; i < nb->n; i++) {
		const struct rp_neigh *x = &nb->a[i];

		if (!e->ndev[0] || strcmp(x->ndev, e->ndev) ||
		    rp_neigh_multicast(x->raw))
			continue;
		if (!rows++)
			rp_fprintf(f, "  %-26s %-17s %-10s %s\n", "NEIGHBOUR",
				   "MAC", "STATE", "SUBNET");
		rp_fprintf(f, "  %-26s %-17s %-10s %s\n",
			   rp_gid_is_ipv4(x->raw) ?
				   inet_ntop(AF_INET, x->raw + 12, a,
					     sizeof(a)) :
				   rp_gid_to_str(x->raw, a),
			   x->has_mac ? rp_mac_str(x->mac, mac) : "none",
			   rp_neigh_state_name(x->state),
			   rp_wend_where(e, x->raw, where));
		if (!x->has_mac || !rp_neigh_resolved(x->state))
			continue;
		for (k = 0; k < nseen && memcmp(seen[k], x->mac, 6); k++)
			;
		if (k == nseen)
			memcpy(seen[nseen++], x->mac, 6);
	}
	rp_fprintf(f, "  seen: %u neighbour%s by MAC%s\n", nseen,
		   nseen == 1 ? "" : "s",
		   rows ? "" : " (the kernel's table has no entry here)");
}

/* The neighbours of @l, from the fixture's "neigh" (a sysfs tree: none
 * when it is missing) or, live, after an echo to all nodes on each
 * rail's netdev and RP_WEND_PING_WAIT_MS for the answers. */
static int rp_wirefacts_neighs(const struct rp_railinfo *ri, const char *sysfs,
			       struct rp_neighs *l)
{
	const struct timespec nap = { .tv_nsec =
					      RP_WEND_PING_WAIT_MS * 1000000L };
	char path[512];
	unsigned int i, pinged = 0;
	int ret;

	if (sysfs) {
		snprintf(path, sizeof(path), "%s/neigh", sysfs);
		ret = rp_neigh_read(path, l);
		return ret == -ENOENT ? 0 : ret;
	}
	for (i = 0; i < ri->n; i++) {
		if (!ri->p[i].ndev[0])
			continue;
		ret = rp_neigh_ping_all(ri->p[i].ndev);
		if (ret && ret != -ENODEV)
			rp_warn("no echo to all nodes on %s (%s): the table "
				"shows only the neighbours already seen",
				ri->p[i].ndev, strerror(-ret));
		pinged += !ret;
	}
	if (pinged)
		nanosleep(&nap, NULL);
	return rp_neigh_live(l);
}

int rp_wirefacts_peers(FILE *f, const struct rp_railinfo *ri, const char *sysfs)
{
	struct rp_ifaddrs *addrs = calloc(1, sizeof(*addrs));
	struct rp_neighs *nb = calloc(1, sizeof(*nb));
	const char *root = sysfs ? sysfs : RP_SYSFS_ROOT;
	char path[512];
	struct rp_wend e;
	unsigned int i;
	int ret = addrs && nb ? 0 : -ENOMEM;

	if (!ret && sysfs) {
		snprintf(path, sizeof(path), "%s/ifaddrs", sysfs);
		ret = rp_ifaddrs_read(path, addrs);
		ret = ret == -ENOENT ? 0 : ret;
	} else if (!ret) {
		ret = rp_ifaddrs_live(addrs);
	}
	if (!ret)
		ret = rp_wirefacts_neighs(ri, sysfs, nb);
	if (ret)
		rp_err("reading the neighbour table: %s", strerror(-ret));
	for (i = 0; !ret && i < ri->n; i++) {
		rp_wend_read(&e, root, addrs, ri->p[i].dev, ri->p[i].port);
		rp_wend_print_peers(f, &e, nb);
	}
	free(addrs);
	free(nb);
	return ret;
}
