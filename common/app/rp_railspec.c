// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_log.h"
#include "base/rp_parse.h"
#include "base/rp_sysfs.h"
#include "app/rp_railspec.h"
#include "verbs/rp_dev.h"

/* Copy element @i of comma list @list into @buf; -ENOENT past the end. */
/* rp_parse_list_item, with one line quoting an element too long to be valid. */
static int rp_list_get(const char *list, const char *flag, unsigned int i,
		       char *buf, size_t len)
{
	const char *p = list;
	unsigned int k;
	int ret = rp_parse_list_item(list, i, buf, len);

	if (ret != -E2BIG)
		return ret;
	for (k = 0; k < i; k++)
		p = strchr(p, ',') + 1;
	if (!strcmp(flag, "-d"))
		rp_err("rail name '%.*s' in -d is too long (at most %d "
		       "characters)",
		       (int)strcspn(p, ","), p, RP_RAIL_NAME_LEN - 1);
	else
		rp_err("invalid GID index '%.*s' in -x: valid values are "
		       "0 .. 255",
		       (int)strcspn(p, ","), p);
	return ret;
}

static unsigned int rp_list_len(const char *list)
{
	unsigned int n = 1;

	for (; *list; list++)
		n += *list == ',';
	return n;
}

static int rp_spec_dev(const char *item, unsigned int def_port,
		       struct rp_railspec *r)
{
	const char *colon = strchr(item, ':');
	size_t name_len = colon ? (size_t)(colon - item) : strlen(item);
	uint64_t port = def_port;

	if (!*item) {
		rp_err("empty rail in -d: give dev or dev:port, comma-separated");
		return -EINVAL;
	}
	if (name_len >= sizeof(r->dev)) {
		rp_err("rail name '%.*s' in -d is too long (at most %zu "
		       "characters)",
		       (int)name_len, item, sizeof(r->dev) - 1);
		return -EINVAL;
	}
	if (!name_len || (colon && rp_parse_u64(colon + 1, 1, 254, &port))) {
		rp_err("invalid rail '%s' in -d: want dev or dev:port "
		       "with port 1..254",
		       item);
		return -EINVAL;
	}
	memcpy(r->dev, item, name_len);
	r->dev[name_len] = '\0';
	r->port = (unsigned int)port;
	return 0;
}

static int rp_spec_gid(const char *item, struct rp_railspec *r)
{
	uint64_t v;

	if (rp_parse_u64(item, 0, 255, &v)) {
		rp_err("invalid GID index '%s' in -x: valid values are 0 .. 255",
		       item);
		return -EINVAL;
	}
	r->gid_index = (int)v;
	return 0;
}

static int rp_spec_unique(const struct rp_railspec *out, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (!strcmp(out[i].dev, out[n].dev) &&
		    out[i].port == out[n].port) {
			rp_err("rail %s:%u is given twice in -d", out[n].dev,
			       out[n].port);
			return -EINVAL;
		}
	}
	return 0;
}

int rp_railspec_parse(const char *devs, const char *gids, unsigned int def_port,
		      struct rp_railspec *out, size_t max)
{
	unsigned int n, ng, i;
	char item[RP_RAIL_NAME_LEN + 8];

	if (!devs || !*devs) {
		rp_err("name the rails with -d, e.g. -d mlx5_0,mlx5_1");
		return -EINVAL;
	}
	n = rp_list_len(devs);
	ng = gids ? rp_list_len(gids) : 0;
	if (n > max) {
		rp_err("%u rails given with -d; at most %zu", n, max);
		return -EINVAL;
	}
	if (ng > 1 && ng != n) {
		rp_err("-x lists %u GID indexes for %u rails: give one for "
		       "all rails or one per rail",
		       ng, n);
		return -EINVAL;
	}
	for (i = 0; i < n; i++) {
		if (rp_list_get(devs, "-d", i, item, sizeof(item)) ||
		    rp_spec_dev(item, def_port, &out[i]) ||
		    rp_spec_unique(out, i))
			return -EINVAL;
		out[i].gid_index = -1;
		if (ng && (rp_list_get(gids, "-x", ng > 1 ? i : 0, item,
				       sizeof(item)) ||
			   rp_spec_gid(item, &out[i])))
			return -EINVAL;
	}
	return (int)n;
}

int rp_railspec_list(const char *devs, const char *gids, unsigned int def_port,
		     struct rp_railspec *out, size_t max)
{
	char all[1024];
	int ret;

	if (!devs) {
		ret = rp_dev_all_names(all, sizeof(all));
		if (ret)
			return ret;
		devs = all;
	}
	return rp_railspec_parse(devs, gids, def_port, out, max);
}

/* One device's port -i, as sysfs shows it. */
struct rp_port_seen {
	char dev[RP_RAIL_NAME_LEN];
	char state[32];	     /* "ACTIVE", "DOWN", ... or "" (no such port) */
	char link_layer[32]; /* "Ethernet", "InfiniBand" */
};

/* "4: ACTIVE" -> "ACTIVE" from <sysroot>/class/infiniband/<dev>/ports/<port>. */
static void rp_port_read(const char *sysroot, unsigned int port,
			 struct rp_port_seen *p)
{
	char path[512], line[64];
	const char *v;

	snprintf(path, sizeof(path),
		 "%.300s/class/infiniband/%.63s/ports/%u/state", sysroot,
		 p->dev, port);
	if (!rp_sysfs_line(path, line, sizeof(line))) {
		v = strstr(line, ": ");
		snprintf(p->state, sizeof(p->state), "%.31s", v ? v + 2 : line);
	}
	snprintf(path, sizeof(path),
		 "%.300s/class/infiniband/%.63s/ports/%u/link_layer", sysroot,
		 p->dev, port);
	if (rp_sysfs_line(path, p->link_layer, sizeof(p->link_layer)))
		snprintf(p->link_layer, sizeof(p->link_layer), "?");
}

/* The link layer most ACTIVE ports have (a tie: the first one's); NULL
 * when none is ACTIVE. */
static const char *rp_port_layer(const struct rp_port_seen *p, unsigned int n)
{
	unsigned int i, j, best = 0, cnt;
	const char *layer = NULL;

	for (i = 0; i < n; i++) {
		if (strcmp(p[i].state, "ACTIVE"))
			continue;
		for (j = 0, cnt = 0; j < n; j++)
			cnt += !strcmp(p[j].state, "ACTIVE") &&
			       !strcmp(p[j].link_layer, p[i].link_layer);
		if (cnt > best) {
			best = cnt;
			layer = p[i].link_layer;
		}
	}
	return layer;
}

/* One line for a port left out, naming why. */
static void rp_port_left_out(const struct rp_port_seen *p, unsigned int port,
			     const char *layer)
{
	if (!p->state[0])
		rp_warn("%s left out of the rails: it has no port %u", p->dev,
			port);
	else if (strcmp(p->state, "ACTIVE"))
		rp_warn("%s port %u left out of the rails: %s, not ACTIVE",
			p->dev, port, p->state);
	else
		rp_warn("%s port %u left out of the rails: link layer %s, the "
			"rails' is %s",
			p->dev, port, p->link_layer, layer);
}

int rp_railspec_active(const char *sysroot, const char *all, unsigned int port,
		       bool quiet, char *out, size_t len)
{
	struct rp_port_seen seen[RP_MAX_DEVICES]; /* 32 KiB */
	const char *layer;
	unsigned int i, n = 0, kept = 0;
	size_t off = 0;

	memset(seen, 0, sizeof(seen));
	for (i = 0;
	     n < RP_MAX_DEVICES &&
	     !rp_parse_list_item(all, i, seen[n].dev, sizeof(seen[n].dev));
	     i++)
		rp_port_read(sysroot, port, &seen[n++]);
	layer = rp_port_layer(seen, n);
	if (!layer) {
		rp_err("no RDMA device has an ACTIVE port %u (devices: %s); "
		       "name the rails with -d",
		       port, all);
		return -ENETDOWN;
	}
	for (i = 0, out[0] = '\0'; i < n; i++) {
		if (strcmp(seen[i].state, "ACTIVE") ||
		    strcmp(seen[i].link_layer, layer)) {
			if (!quiet)
				rp_port_left_out(&seen[i], port, layer);
			continue;
		}
		off += (size_t)snprintf(out + off, off < len ? len - off : 0,
					"%s%s", kept++ ? "," : "", seen[i].dev);
	}
	if (off >= len)
		return -EINVAL; /* cannot happen: out is as long as all */
	return (int)kept;
}
