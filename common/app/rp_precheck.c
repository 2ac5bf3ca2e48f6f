// SPDX-License-Identifier: MIT
/* Checks before any device is opened; see rp_precheck.h. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "app/rp_bwfleet.h"
#include "base/rp_atomic.h"
#include "base/rp_log.h"
#include "app/rp_place.h"
#include "app/rp_precheck.h"
#include "app/rp_railspec.h"
#include "base/rp_sysfs.h"
#include "net/rp_netdev.h"
#include "topo/rp_ceiling.h"
#include "verbs/rp_dev.h"

/* The client's server host: resolvable as rp_ctrl_connect_from does. */
static int rp_precheck_host(const char *host)
{
	struct addrinfo hints = { .ai_family = AF_UNSPEC,
				  .ai_socktype = SOCK_STREAM };
	struct addrinfo *res;
	int ret;

	ret = getaddrinfo(host, NULL, &hints, &res);
	if (ret) {
		rp_err("cannot resolve server host '%s': %s; give the server's "
		       "host name or IP address",
		       host, gai_strerror(ret));
		return -EHOSTUNREACH;
	}
	freeaddrinfo(res);
	return 0;
}

/* Why binding @addr:@port failed, as one line naming the value. */
static int rp_precheck_bind_err(const char *addr, unsigned int port, int err)
{
	if (err == EADDRINUSE)
		rp_err("invalid -p value '%u': control port %u is in use (%s); "
		       "give a free port, 1 .. 65535",
		       port, port, strerror(err));
	else if (addr && (err == EADDRNOTAVAIL || err == EINVAL))
		rp_err("invalid --bind_source_ip value '%s': not an address "
		       "of this host (%s)",
		       addr, strerror(err));
	else if (err == EACCES)
		rp_err("invalid -p value '%u': ports below 1024 need "
		       "privileges (%s); give a port of 1024 .. 65535",
		       port, strerror(err));
	else
		rp_err("cannot bind control port %u%s%s: %s", port,
		       addr ? " on " : "", addr ? addr : "", strerror(err));
	return -err;
}

/* Bind a TCP socket to @addr (NULL = any) and @port (0 = any), close it. */
static int rp_precheck_bind(const char *addr, unsigned int port)
{
	struct addrinfo hints = { .ai_family = addr ? AF_UNSPEC : AF_INET,
				  .ai_socktype = SOCK_STREAM,
				  .ai_flags = AI_PASSIVE };
	struct addrinfo *res;
	char service[8];
	int fd, one = 1, err = 0;

	snprintf(service, sizeof(service), "%u", port);
	if (getaddrinfo(addr, service, &hints, &res)) {
		rp_err("invalid --bind_source_ip value '%s': not an address "
		       "of this host (it does not resolve)",
		       addr);
		return -EINVAL;
	}
	fd = socket(res->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(fd, res->ai_addr, res->ai_addrlen))
		err = errno;
	if (fd >= 0)
		close(fd);
	freeaddrinfo(res);
	return err ? rp_precheck_bind_err(addr, port, err) : 0;
}

int rp_precheck_file(const char *flag, const char *path)
{
	const char *why = NULL;
	int err = -rp_atomic_probe(path, &why);

	if (err && why)
		rp_err("invalid %s value '%s': %s", flag, path, why);
	else if (err)
		rp_err("invalid %s value '%s': cannot write it (%s); give a "
		       "file in a writable directory",
		       flag, path, strerror(err));
	return -err;
}

/* One rail for --expect: a RoCE port whose netdev reports a speed. */
static int rp_precheck_speed(const struct rp_opts *o, const char *dev,
			     unsigned int port)
{
	char path[1400], ll[32] = "", nd[64] = "";
	const char *why = NULL;

	snprintf(path, sizeof(path),
		 "%s/class/infiniband/%s/ports/%u/link_layer", RP_SYSFS_ROOT,
		 dev, port);
	if (rp_sysfs_line(path, ll, sizeof(ll)))
		why = "no such port in sysfs";
	else if (strcmp(ll, "Ethernet"))
		why = "not a RoCE port: no RoCE v2 wire ceiling";
	else if (rp_ibdev_port_netdev(RP_SYSFS_ROOT, dev, port, nd,
				      sizeof(nd)) ||
		 rp_netdev_speed_gbps(RP_SYSFS_ROOT "/class/net", nd) <= 0)
		why = "its netdev reports no speed, as on Soft-RoCE";
	if (!why)
		return 0;
	rp_err("invalid --%s value '%u': rail %s port %u has no known "
	       "ceiling (%s%s%s); --%s needs every rail's port speed",
	       o->expect ? "expect" : "expect-min",
	       o->expect ? o->expect : o->expect_min, dev, port,
	       nd[0] ? nd : "", nd[0] ? ": " : "", why,
	       o->expect ? "expect" : "expect-min");
	return -EINVAL;
}

/* --expect, --expect-min: every rail the run will use must have a known
 * ceiling. */
static int rp_precheck_expect(const struct rp_opts *o)
{
	struct rp_railspec spec[RP_MAX_RAILS];
	const char *devs = o->dev;
	char all[1024], active[1024];
	int n, i, ret;

	if (!o->expect && !o->expect_min)
		return 0;
	if (!devs) { /* the first device, or (rail_multi_bw) the ACTIVE
		      * ports of one link layer, as bw_rails will take them */
		ret = rp_dev_all_names(all, sizeof(all));
		if (!ret && (o->desc->features & RP_FEAT_MULTI))
			ret = rp_railspec_active(RP_SYSFS_ROOT, all, o->ib_port,
						 true, active, sizeof(active));
		if (ret < 0)
			return ret;
		devs = (o->desc->features & RP_FEAT_MULTI) ? active : all;
	}
	n = rp_railspec_parse(devs, NULL, o->ib_port, spec, RP_MAX_RAILS);
	if (n < 0)
		return n;
	if (!(o->desc->features & RP_FEAT_MULTI))
		n = 1;
	for (i = 0, ret = 0; i < n && !ret; i++)
		ret = rp_precheck_speed(o, spec[i].dev, spec[i].port);
	return ret;
}

int rp_precheck(const struct rp_opts *o)
{
	bool server = !o->server;
	/* perftest's latency server writes no file; railperf's neither */
	bool json = rp_opts_json_path(o) &&
		    !(server && o->desc->test == RP_TEST_READ_LAT);
	int ret = rp_place_check(o); /* --numa_node, --pin_cores */

	if (!ret && !server)
		ret = rp_precheck_host(o->server);
	if (!ret && server)
		ret = rp_precheck_bind(o->bind_source_ip, o->tcp_port);
	else if (!ret && o->bind_source_ip)
		ret = rp_precheck_bind(o->bind_source_ip, 0);
	if (!ret && json)
		ret = rp_precheck_file("--out_json_file", rp_opts_json_path(o));
	if (!ret)
		ret = rp_precheck_expect(o);
	if (!ret)
		ret = rp_bwfleet_check(o);
	return ret;
}
