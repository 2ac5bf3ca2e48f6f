// SPDX-License-Identifier: MIT
/* rp_main.c - the shared start of the test binaries (see rp_main.h). */
#include "base/rp_log.h"
#include "app/rp_main.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "base/rp_signal.h"
#include "base/rp_version.h"
#include "app/rp_precheck.h"
#include "app/rp_usage.h"

enum rp_main_next rp_main_start(struct rp_opts *o, struct rp_plan *p,
				const struct rp_test_desc *desc, int argc,
				char **argv,
				int (*check)(const struct rp_opts *o))
{
	memset(p, 0, sizeof(*p)); /* rp_plan_fini is safe from here */
	rp_opts_init(o, desc);
	if (rp_opts_parse(o, argc, argv))
		return RP_MAIN_FAIL;
	if (o->help) {
		rp_opts_usage(o, stdout);
		return RP_MAIN_DONE;
	}
	if (o->version) {
		rp_fprintf(stdout,
			   "%s (railperf) %s, output format of perftest %s\n",
			   desc->name, RP_VERSION, RP_PERFTEST_FORMAT);
		return RP_MAIN_DONE;
	}
	if (rp_opts_finish(o) || (check && check(o)) || rp_precheck(o))
		return RP_MAIN_FAIL;
	rp_plan_make(p, o, stdout);
	if (rp_plan_gpu(p) || rp_signal_install())
		return RP_MAIN_FAIL;
	/* railperf's note, on its stream (stderr): stdout holds perftest's
	 * lines only (docs/measuring.md, Output) */
	if (rp_plan_gpu_env(p))
		rp_fprintf(p->extra,
			   " railperf: GPU memory: the provider's "
			   "scatter to CQE is off for small SENDs, as "
			   "perftest does\n");
	rp_opts_notices(o, stdout);
	return RP_MAIN_RUN;
}

int rp_main(const struct rp_test_desc *desc, int argc, char **argv,
	    int (*check)(const struct rp_opts *o),
	    int (*run)(struct rp_plan *p))
{
	enum rp_main_next next;
	struct rp_plan p;
	struct rp_opts o;
	int ret = 1;

	next = rp_main_start(&o, &p, desc, argc, argv, check);
	if (next == RP_MAIN_RUN)
		ret = run(&p) ? 1 : 0;
	else if (next == RP_MAIN_DONE)
		ret = 0;
	rp_plan_fini(&p); /* after the run: its buffers are released */
	return ret;
}
