/* SPDX-License-Identifier: MIT */
/*
 * rp_main.h - the start every railperf test binary shares: options, -h,
 * --version, derived defaults, the binary's own checks, signal handlers,
 * perftest's notices.
 */
#ifndef RP_MAIN_H
#define RP_MAIN_H

#include "app/rp_opts.h"
#include "app/rp_plan.h"

enum rp_main_next {
	RP_MAIN_RUN,  /* *o is ready: run the test */
	RP_MAIN_DONE, /* -h or --version answered on stdout: exit 0 */
	RP_MAIN_FAIL, /* an error line was printed: exit 1 */
};

/*
 * rp_main_start - parse argv into the caller-owned @o with @desc's
 * (perftest's) defaults; answer -h (usage) and --version ("NAME (railperf)
 * VERSION, output format of perftest X") on stdout; apply the derived
 * defaults (rp_opts_finish), then @check if not NULL (the binary's own
 * limits: it prints its error and returns non-zero), then what the command
 * line names outside railperf (rp_precheck: host, port, JSON file); make
 * the run's plan in the caller-owned @p (rp_plan_make, its text to
 * stdout) and open the GPU of --use_cuda into it (rp_plan_gpu), all
 * before any device is opened; install the SIGINT / SIGTERM handlers;
 * print perftest's notices to stdout. Returns what the caller does next;
 * whatever it is, release @p with rp_plan_fini.
 */
enum rp_main_next rp_main_start(struct rp_opts *o, struct rp_plan *p,
				const struct rp_test_desc *desc, int argc,
				char **argv,
				int (*check)(const struct rp_opts *o));

/*
 * rp_main - a binary's whole main(): rp_main_start, then @run over the
 * plan when there is a test to run; the plan released after. Returns the
 * exit status: 0 after -h, --version or a run that returned 0; 1 after
 * a refused command line or a failed run (perftest's statuses).
 */
int rp_main(const struct rp_test_desc *desc, int argc, char **argv,
	    int (*check)(const struct rp_opts *o),
	    int (*run)(struct rp_plan *p));

#endif /* RP_MAIN_H */
