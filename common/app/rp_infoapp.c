// SPDX-License-Identifier: MIT
/*
 * rail_info's run (rp_infoapp.h): its options (rows of the one option
 * table, its own handed to ri_own), --help, the rails gathered from verbs
 * or a sysfs tree, printed as text or JSON, --check's verdict.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/rp_infoapp.h"
#include "app/rp_infometrics.h"
#include "app/rp_optable.h"
#include "app/rp_opts.h"
#include "app/rp_usage.h"
#include "base/rp_log.h"
#include "base/rp_sysfs.h"
#include "info/rp_railinfo.h"
#include "info/rp_railinfo_json.h"
#include "info/rp_railinfo_text.h"
#include "info/rp_wirefacts.h"
#include "base/rp_version.h"

struct ri_opts {
	struct rp_railinfo_opts ro;
	bool json;
	bool check; /* --check: exit 1 when a rail is degraded */
	struct rp_fleet_opts fleet; /* --openmetrics */
	bool peers; /* --peers: the local half of the wiring map */
	bool help;
	bool version;
};

/* rail_info in the option table: -d, --ipv6, -h, -V land in struct rp_opts,
 * its own options in struct ri_opts (ri_own). */
static const struct rp_test_desc ri_desc = {
	.name = "rail_info",
	.bin = RP_BIN_INFO,
};

/* clang-format off */
static void ri_usage(FILE *f)
{
	static const char *const order[] = {
		"ib-dev", "json", "check", "openmetrics", "peers", "peer_json",
		"ipv6",	  "peer", "sysfs", "help",	  "version",   NULL,
	};
	struct rp_opts def;

	rp_fprintf(f,
"Usage: rail_info [options]\n"
"\n"
"Lists every RDMA device port as a rail: state, link layer, rate, active\n"
"and max MTU, netdev and its addresses, NUMA node and local CPUs, PCIe\n"
"link, the GID table with the entry railperf chooses marked, and the\n"
"RDMA WRITE ceilings (64 KiB messages) at the active MTU, sending and\n"
"receiving: the wire's, lowered to the PCIe path's for each side; on a\n"
"host with NVIDIA GPUs, the one nearest to each rail's PCI function.\n"
"\n"
"Options:\n");
	rp_opts_init(&def, &ri_desc);
	rp_usage_options(f, &def, RP_BIN_INFO, 23, order);
	rp_fprintf(f,
"\n"
"Exit status: 0 (also on a host with no RDMA devices), 1 on errors: a bad\n"
"option or value, a -d device not found, a --sysfs path that is not a\n"
"sysfs tree; with --check, also 1 when a rail is degraded, and 2 when\n"
"there is no rail to check.\n");
}
/* clang-format on */

/* rail_info's own options (RP_OK_OWN rows of the option table). */
static int ri_own(void *ctx, const struct rp_optrow *r, const char *arg)
{
	struct ri_opts *o = ctx;

	if (!strcmp(r->name, "sysfs"))
		o->ro.sysfs = arg;
	else if (!strcmp(r->name, "peer_json"))
		o->ro.peer_json = arg;
	else if (!strcmp(r->name, "json"))
		o->json = true;
	else if (!strcmp(r->name, "check"))
		o->check = true;
	else if (!strcmp(r->name, "peers"))
		o->peers = true;
	else if (rp_ipv4_parse(arg, o->ro.prefs.peer)) { /* --peer */
		rp_err("invalid --peer value '%s': give an IPv4 "
		       "address such as 192.168.100.12",
		       arg);
		return -EINVAL;
	} else {
		o->ro.prefs.peer_known = true;
	}
	return 0;
}

static int ri_parse(struct ri_opts *o, int argc, char **argv)
{
	struct rp_opts po;

	memset(o, 0, sizeof(*o));
	rp_opts_init(&po, &ri_desc);
	if (rp_optable_parse(&po, argc, argv, ri_own, o))
		return -EINVAL;
	if (optind < argc) {
		rp_err("unexpected argument '%s': rail_info takes options "
		       "only (see --help)",
		       argv[optind]);
		return -EINVAL;
	}
	o->ro.dev = po.dev;
	o->ro.prefs.prefer_ipv6 = po.ipv6;
	o->help = po.help;
	o->version = po.version;
	o->fleet = po.fleet;
	return o->help || o->version ? 0 : rp_fleet_opts_check(&o->fleet, NULL);
}

static int ri_print_json(const struct rp_railinfo *ri)
{
	cJSON *root = rp_railinfo_json(ri);
	char *s = root ? cJSON_Print(root) : NULL;

	cJSON_Delete(root);
	if (!s) {
		rp_err("building the JSON output: %s", strerror(ENOMEM));
		return -ENOMEM;
	}
	rp_fprintf(stdout, "%s\n", s);
	free(s);
	return 0;
}

/*
 * --check: one line on stderr per degraded rail; -EIO when any is. A host
 * with no rail is not healthy: -ENODEV with "no rails to check" and why.
 */
static int ri_check(const struct rp_railinfo *ri)
{
	unsigned int i, n = 0;

	if (!ri->n) {
		rp_err("no rails to check: %s",
		       ri->none_why[0] ? ri->none_why : "no RDMA devices");
		return -ENODEV;
	}
	for (i = 0; i < ri->n; i++) {
		if (!ri->p[i].ndegraded)
			continue;
		rp_err("rail %s port %u is degraded: %s%s", ri->p[i].dev,
		       ri->p[i].port, ri->p[i].degraded[0],
		       ri->p[i].ndegraded > 1 ? " (and more, see above)" : "");
		n++;
	}
	return n ? -EIO : 0;
}

int rp_infoapp_main(int argc, char **argv)
{
	struct rp_railinfo ri;
	struct ri_opts o;
	int ret;

	if (ri_parse(&o, argc, argv))
		return 1;
	if (o.help || o.version) {
		if (o.help)
			ri_usage(stdout);
		else
			rp_fprintf(stdout, "rail_info (railperf) %s\n",
				   RP_VERSION);
		return 0;
	}
	ret = rp_railinfo_gather(&ri, &o.ro);
	if (!ret && o.peers)
		ret = rp_wirefacts_peers(stdout, &ri, o.ro.sysfs);
	else if (!ret)
		ret = o.json ? ri_print_json(&ri) :
			       rp_railinfo_print(stdout, &ri);
	if (!ret && o.fleet.openmetrics)
		ret = rp_infometrics_write(o.fleet.openmetrics, &ri,
					   o.ro.sysfs ? o.ro.sysfs :
							RP_SYSFS_ROOT);
	if (!ret && o.check)
		ret = ri_check(&ri);
	rp_railinfo_free(&ri);
	/* a file refused (FIFO, directory, value out of range) was said */
	if (!ret && rp_sysfs_refused())
		ret = -EINVAL;
	/* main's rp_out_close checks stdout */
	return ret == -ENODEV && o.check ? 2 : ret ? 1 : 0;
}
