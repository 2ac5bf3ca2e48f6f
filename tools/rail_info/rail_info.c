// SPDX-License-Identifier: MIT
/*
 * rail_info - every RDMA device port as a rail: link, MTU, netdev and its
 * addresses, NUMA node and CPUs, PCIe link, the GID table with the entry
 * railperf's binaries would choose, and the RDMA WRITE ceiling. Text by
 * default, --json for scripts, --sysfs DIR to read a sysfs tree instead of
 * the live system (no verbs calls).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/rp_opts.h"
#include "base/rp_log.h"
#include "info/rp_railinfo.h"
#include "info/rp_railinfo_json.h"
#include "info/rp_railinfo_text.h"
#include "base/rp_version.h"

struct ri_opts {
	struct rp_railinfo_opts ro;
	bool json;
	bool check; /* --check: exit 1 when a rail is degraded */
	bool help;
	bool version;
};

enum {
	RI_OPT_SYSFS = 256,
	RI_OPT_JSON,
	RI_OPT_IPV6,
	RI_OPT_PEER,
	RI_OPT_CHECK
};

static const struct option ri_longopts[] = {
	{ "ib-dev", required_argument, NULL, 'd' },
	{ "sysfs", required_argument, NULL, RI_OPT_SYSFS },
	{ "json", no_argument, NULL, RI_OPT_JSON },
	{ "check", no_argument, NULL, RI_OPT_CHECK },
	{ "ipv6", no_argument, NULL, RI_OPT_IPV6 },
	{ "peer", required_argument, NULL, RI_OPT_PEER },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

/* clang-format off */
static void ri_usage(FILE *f)
{
	rp_fprintf(f,
"Usage: rail_info [options]\n"
"\n"
"Lists every RDMA device port as a rail: state, link layer, rate, active\n"
"and max MTU, netdev and its addresses, NUMA node and local CPUs, PCIe\n"
"link, the GID table with the entry railperf chooses marked, and the\n"
"RDMA WRITE wire ceiling (64 KiB messages) at the active MTU.\n"
"\n"
"Options:\n"
"  -d, --ib-dev=<dev>   only this RDMA device (default: all)\n"
"      --json           JSON for scripts instead of text\n"
"      --check          exit 1 when a rail is degraded (a PCIe link trained\n"
"                       below its maximum, a port rate below its netdev's,\n"
"                       an MTU that caps RoCE below 4096, a port not\n"
"                       ACTIVE, a GID on a bond), 0 when all are healthy\n"
"      --ipv6           prefer IPv6 GIDs over IPv4-mapped ones\n"
"      --peer=<ipv4>    prefer GIDs whose subnet holds this peer address\n"
"      --sysfs=<dir>    read the sysfs tree <dir> (laid out like /sys)\n"
"                       instead of the live system; no verbs calls\n"
"  -h, --help           this text\n"
"  -V, --version        version\n"
"\n"
"Exit status: 0 (also on a host with no RDMA devices), 1 on errors: a bad\n"
"option or value, a -d device not found, a --sysfs path that is not a\n"
"sysfs tree; with --check, also 1 when a rail is degraded.\n");
}
/* clang-format on */

static int ri_parse_one(struct ri_opts *o, int c, const char *arg)
{
	switch (c) {
	case 'd': o->ro.dev = arg; return 0;
	case RI_OPT_SYSFS: o->ro.sysfs = arg; return 0;
	case RI_OPT_JSON: o->json = true; return 0;
	case RI_OPT_CHECK: o->check = true; return 0;
	case RI_OPT_IPV6: o->ro.prefs.prefer_ipv6 = true; return 0;
	case 'h': o->help = true; return 0;
	case 'V': o->version = true; return 0;
	case RI_OPT_PEER:
		if (rp_ipv4_parse(arg, o->ro.prefs.peer)) {
			rp_err("invalid --peer value '%s': give an IPv4 "
			       "address such as 192.168.100.12",
			       arg);
			return -EINVAL;
		}
		o->ro.prefs.peer_known = true;
		return 0;
	}
	return -EINVAL;
}

static int ri_parse(struct ri_opts *o, int argc, char **argv)
{
	int c;

	memset(o, 0, sizeof(*o));
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":d:hV", ri_longopts, NULL)) != -1)
		if (c == '?' || c == ':' ? rp_opts_bad_flag(c, argv) :
					   ri_parse_one(o, c, optarg))
			return -EINVAL;
	if (optind < argc) {
		rp_err("unexpected argument '%s': rail_info takes options "
		       "only (see --help)",
		       argv[optind]);
		return -EINVAL;
	}
	return 0;
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

/* --check: one line on stderr per degraded rail; -EIO when any is. */
static int ri_check(const struct rp_railinfo *ri)
{
	unsigned int i, n = 0;

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

int main(int argc, char **argv)
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
	if (!ret)
		ret = o.json ? ri_print_json(&ri) :
			       rp_railinfo_print(stdout, &ri);
	if (!ret && o.check)
		ret = ri_check(&ri);
	rp_railinfo_free(&ri);
	if (fflush(stdout) && !ret) {
		rp_err("writing the output: %s", strerror(errno));
		ret = -EIO;
	}
	return ret ? 1 : 0;
}
