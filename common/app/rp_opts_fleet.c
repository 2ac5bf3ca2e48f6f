// SPDX-License-Identifier: MIT
#include <errno.h>
#include <string.h>

#include "app/rp_opts_fleet.h"
#include "base/rp_atomic.h"
#include "base/rp_log.h"

/* The file of option @name can be written (a temporary file beside it). */
static int rp_fleet_probe(const char *name, const char *path)
{
	const char *why = NULL;
	int err;

	if (!path)
		return 0;
	err = -rp_atomic_probe(path, &why);
	if (!err)
		return 0;
	if (why)
		rp_err("invalid %s value '%s': %s", name, path, why);
	else
		rp_err("invalid %s value '%s': cannot write it (%s)", name,
		       path, strerror(err));
	return -EINVAL;
}

int rp_fleet_opts_rules(const struct rp_fleet_opts *f, const char *json)
{
	const char *name[] = { "--save-baseline", "--openmetrics", "--junit",
			       "--out_json_file" };
	const char *path[] = { f->save_baseline, f->openmetrics, f->junit,
			       json };
	unsigned int i, k;

	if (!f->baseline && (f->tolerance_given || f->force)) {
		rp_err("%s needs --baseline FILE",
		       f->force ? "--baseline-force" : "--tolerance");
		return -EINVAL;
	}
	for (i = 0; i < 4; i++)
		for (k = i + 1; k < 4; k++)
			if (path[i] && path[k] && !strcmp(path[i], path[k])) {
				rp_err("invalid %s value '%s': %s writes it "
				       "too; give each file its own name",
				       name[k], path[k], name[i]);
				return -EINVAL;
			}
	return 0;
}

int rp_fleet_opts_files(const struct rp_fleet_opts *f)
{
	if (rp_fleet_probe("--save-baseline", f->save_baseline) ||
	    rp_fleet_probe("--openmetrics", f->openmetrics) ||
	    rp_fleet_probe("--junit", f->junit))
		return -EINVAL;
	return 0;
}

int rp_fleet_opts_check(const struct rp_fleet_opts *f, const char *json)
{
	if (rp_fleet_opts_rules(f, json) || rp_fleet_opts_files(f))
		return -EINVAL;
	return 0;
}
