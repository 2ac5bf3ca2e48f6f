// SPDX-License-Identifier: MIT
/*
 * The option table's rows of rail_cluster_bw and rail_info alone
 * (rp_optrows_own.h). They have no setter: each program's own parser
 * (cluster/rp_clopts.c, app/rp_infoapp.c) reads them.
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <stddef.h>

#include "app/rp_optrows.h"
#include "app/rp_optrows_own.h"

#define CL RP_BIN_CLUSTER_BW
#define INFO RP_BIN_INFO
#define REQ required_argument
#define NO no_argument
/* One help text, for one program. */
#define OWN_H1(b, t) \
	{ \
		{ \
			(b), NULL, (t) \
		} \
	}

/* clang-format off */
static const struct rp_optrow rp_rows_own[] = {
	/* rail_cluster_bw's own (struct rp_clopts) */
	{ .name = "cross", .has_arg = NO, .bins = CL, .kind = RP_OK_OWN,
	  .pt = RP_PT_OWN,
	  .help = OWN_H1(CL, "every rail to every rail (R sub-rounds per\n"
			 "round: rail i to the partner's rail i + k)") },
	{ .name = "pairing", .has_arg = REQ, .arg = "map|index", .bins = CL,
	  .kind = RP_OK_OWN, .pt = RP_PT_OWN,
	  .help = OWN_H1(CL, "map: every link of the wiring map, once, both\n"
			 "ways (the default when a host's rails are in\n"
			 "more than one subnet); index: rail i to the\n"
			 "partner's rail i (the default otherwise)") },
	{ .name = "pattern", .has_arg = REQ, .arg = "pairs|ring|incast:HOST",
	  .bins = CL, .kind = RP_OK_OWN, .pt = RP_PT_OWN,
	  .help = OWN_H1(CL, "pairs: host pairs a round at a time (default);\n"
			 "ring: each host writes to its ring successor,\n"
			 "all at once; incast:HOST: every other host\n"
			 "writes to HOST (name or rank) on every rail at\n"
			 "once") },
	{ .name = "pairs", .has_arg = REQ, .arg = "file", .bins = CL,
	  .kind = RP_OK_OWN, .pt = RP_PT_OWN,
	  .help = OWN_H1(CL, "only these pairs: two hosts (names or ranks) a\n"
			 "line, '#' comments") },
	{ .name = "csv", .has_arg = REQ, .arg = "file", .bins = CL,
	  .kind = RP_OK_OWN, .pt = RP_PT_OWN,
	  .help = OWN_H1(CL, "every cell as CSV, rewritten after each round") },
	/* rail_info's own */
	{ .name = "json", .has_arg = NO, .bins = INFO, .kind = RP_OK_OWN,
	  .pt = RP_PT_OWN,
	  .help = OWN_H1(INFO, "JSON for scripts instead of text") },
	{ .name = "check", .has_arg = NO, .bins = INFO, .kind = RP_OK_OWN,
	  .pt = RP_PT_OWN,
	  .help = OWN_H1(INFO,
		   "exit 1 when a rail is degraded (a PCIe link trained\n"
		   "below its maximum, link drops since boot, PCIe AER\n"
		   "errors on its path, a port with one of its PCI\n"
		   "functions given no address, a port rate below its\n"
		   "netdev's, an MTU that caps RoCE below 4096 or that\n"
		   "differs from --peer_json's, a port not ACTIVE, a GID\n"
		   "on a bond), 0 when all are healthy") },
	{ .name = "peers", .has_arg = NO, .bins = INFO, .kind = RP_OK_OWN,
	  .pt = RP_PT_OWN,
	  .help = OWN_H1(INFO,
		   "each rail's half of the wiring map: its netdev, MAC,\n"
		   "link, MTU and subnets, and the neighbours the kernel\n"
		   "has resolved on it (after an ICMPv6 echo to all\n"
		   "nodes), with the subnet each lies in") },
	{ .name = "peer_json", .has_arg = REQ, .arg = "file", .bins = INFO,
	  .kind = RP_OK_OWN, .pt = RP_PT_OWN,
	  .help = OWN_H1(INFO,
		   "the peer host's rail_info --json: each rail's far\n"
		   "end (its netdev in the same IPv4 subnet), whose MTU\n"
		   "--check compares") },
	{ .name = "peer", .has_arg = REQ, .arg = "ipv4", .bins = INFO,
	  .kind = RP_OK_OWN, .pt = RP_PT_OWN,
	  .help = OWN_H1(INFO,
		   "prefer GIDs whose subnet holds this peer address") },
	{ .name = "sysfs", .has_arg = REQ, .arg = "dir", .bins = INFO,
	  .kind = RP_OK_OWN, .pt = RP_PT_OWN,
	  .help = OWN_H1(INFO, "read the sysfs tree <dir> (laid out like /sys)\n"
			   "instead of the live system; no verbs calls") },
};
/* clang-format on */

const struct rp_optrow *rp_optrows_own(size_t *n)
{
	*n = sizeof(rp_rows_own) / sizeof(rp_rows_own[0]);
	return rp_rows_own;
}
