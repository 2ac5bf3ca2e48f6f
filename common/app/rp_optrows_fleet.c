// SPDX-License-Identifier: MIT
/*
 * The option table's rows of the fleet checks (rp_optrows_fleet.h) and
 * --tolerance's setter.
 */
#include <getopt.h>
#include <stddef.h>

#include "app/rp_optrows.h"
#include "app/rp_optrows_fleet.h"
#include "app/rp_opts_fleet.h"
#include "app/rp_opts_types.h"

/* The binaries of --save-baseline, --baseline and its two options. */
#define RP_BIN_FLEET (RP_BIN_BW | RP_BIN_CLUSTER_BW)
/* The one-rail bandwidth binaries. */
#define RP_FLEET_BW1 (RP_BIN_WRITE_BW | RP_BIN_READ_BW | RP_BIN_SEND_BW)
#define RP_FLEET_OFF(f) offsetof(struct rp_opts, fleet.f)
/* One help text for every binary of RP_BIN_FLEET. */
#define RP_FLEET_H1(t) \
	{ \
		{ \
			RP_BIN_FLEET, NULL, (t) \
		} \
	}
#define RP_FLEET_XSTR(x) #x
#define RP_FLEET_STR(x) RP_FLEET_XSTR(x)

/* --tolerance: % below the baseline, 0 .. 99 (rp_opts_fleet.h). */
static int rp_fleet_set_tolerance(struct rp_opts *o, const struct rp_optrow *r,
				  const char *arg)
{
	unsigned int v = 0;
	int ret = rp_optrows_value_uint("--tolerance", arg, r->min, r->max, &v);

	o->fleet.tolerance = v;
	o->fleet.tolerance_given = !ret;
	return ret;
}

/* clang-format off */
static const struct rp_optrow rp_fleet_rows[] = {
	{ .name = "save-baseline", .has_arg = required_argument, .arg = "file",
	  .bins = RP_BIN_FLEET, .kind = RP_OK_STR,
	  .off = RP_FLEET_OFF(save_baseline), .valid = "give a file name",
	  .pt = RP_PT_OWN,
	  .help = { { RP_BIN_BW, NULL,
		      "save each rail's result and what it ran on (host,\n"
		      "devices, PCIe, firmware, kernel, the flags that\n"
		      "change the numbers) to <file>, JSON" },
		    { RP_BIN_CLUSTER_BW, NULL,
		      "save each cell's result and every host's rails,\n"
		      "firmware and kernel to <file> (rank 0), JSON" } } },
	{ .name = "baseline", .has_arg = required_argument, .arg = "file",
	  .bins = RP_BIN_FLEET, .kind = RP_OK_STR,
	  .off = RP_FLEET_OFF(baseline), .valid = "give a file name",
	  .pt = RP_PT_OWN,
	  .help = RP_FLEET_H1(
		     "compare with a --save-baseline <file>: a line per\n"
		     "rail (cell) and what changed; exit 1 when one is\n"
		     "below --tolerance; refused when it is of other\n"
		     "hardware or other flags") },
	{ .name = "tolerance", .has_arg = required_argument, .arg = "pct",
	  .bins = RP_BIN_FLEET, .kind = RP_OK_SET,
	  .set = rp_fleet_set_tolerance, .min = 0, .max = 99, .pt = RP_PT_OWN,
	  .help = RP_FLEET_H1(
		     "with --baseline: how far below it a rail may\n"
		     "go, 0 .. 99 % (default: "
		     RP_FLEET_STR(RP_FLEET_DEF_TOLERANCE) ")") },
	{ .name = "baseline-force", .has_arg = no_argument,
	  .bins = RP_BIN_FLEET, .kind = RP_OK_TRUE, .off = RP_FLEET_OFF(force),
	  .pt = RP_PT_OWN,
	  .help = RP_FLEET_H1(
		     "with --baseline: compare even with a baseline\n"
		     "of other hardware or other flags") },
	{ .name = "openmetrics", .has_arg = required_argument, .arg = "file",
	  .bins = RP_BIN_BW | RP_BIN_INFO, .kind = RP_OK_STR,
	  .off = RP_FLEET_OFF(openmetrics), .valid = "give a file name",
	  .pt = RP_PT_OWN,
	  .help = { { RP_BIN_MULTI_BW, NULL,
		      "per rail Gb/s, ceiling, verdict and counters in\n"
		      "the text format of node_exporter's textfile\n"
		      "collector, rewritten at each --interval and at\n"
		      "the end" },
		    { RP_FLEET_BW1, NULL,
		      "the rail's Gb/s, ceiling, verdict and counters\n"
		      "in the text format of node_exporter's textfile\n"
		      "collector, written at the end" },
		    { RP_BIN_INFO, NULL,
		      "also write each port's ceilings, health and\n"
		      "counters since boot to <file>, in the text\n"
		      "format of node_exporter's textfile collector" } } },
	{ .name = "junit", .has_arg = required_argument, .arg = "file",
	  .bins = RP_BIN_MULTI_BW | RP_BIN_CLUSTER_BW, .kind = RP_OK_STR,
	  .off = RP_FLEET_OFF(junit), .valid = "give a file name",
	  .pt = RP_PT_OWN,
	  .help = { { RP_BIN_MULTI_BW, NULL,
		      "JUnit XML for CI: a test case per rail and\n"
		      "direction, a failure naming its verdict" },
		    { RP_BIN_CLUSTER_BW, NULL,
		      "JUnit XML for CI (rank 0): a test case per cell,\n"
		      "a failure naming its verdict" } } },
};
/* clang-format on */

const struct rp_optrow *rp_optrows_fleet(size_t *n)
{
	*n = sizeof(rp_fleet_rows) / sizeof(rp_fleet_rows[0]);
	return rp_fleet_rows;
}
