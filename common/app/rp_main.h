/* SPDX-License-Identifier: MIT */
/*
 * rp_main.h - the start every railperf test binary shares: options, -h,
 * --version, derived defaults, the binary's own checks, signal handlers,
 * perftest's notices.
 */
#ifndef RP_MAIN_H
#define RP_MAIN_H

#include "app/rp_opts.h"

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
 * line names outside railperf (rp_precheck: host, port, JSON file), all
 * before any device is opened; install the SIGINT /
 * SIGTERM handlers; print perftest's notices to stdout. Nothing is
 * allocated. Returns what the caller does next.
 */
enum rp_main_next rp_main_start(struct rp_opts *o,
				const struct rp_test_desc *desc, int argc,
				char **argv,
				int (*check)(const struct rp_opts *o));

/*
 * rp_main_gpu_near - the GPU of rail number @rail on device @ibdev into
 * *@gpu: o->gpu (NULL: host memory) unless --use_cuda_near, then the
 * NVIDIA GPU nearest to @ibdev (rp_gpu_open_near on the live sysfs),
 * opened once per rail, released by rp_main after the run. Called before
 * the rail's device is opened. One line and -ENODEV (no GPU near it, no
 * driver) or -EINVAL (its memory refused, rp_opts_gpu_check).
 */
struct rp_gpu;
int rp_main_gpu_near(const struct rp_opts *o, const char *ibdev,
		     unsigned int rail, const struct rp_gpu **gpu);

/*
 * rp_main - a binary's whole main(): rp_main_start, then @run(@o) when
 * there is a test to run. Returns the exit status: 0 after -h, --version
 * or a run that returned 0; 1 after a refused command line or a failed
 * run (perftest's statuses).
 */
int rp_main(const struct rp_test_desc *desc, int argc, char **argv,
	    int (*check)(const struct rp_opts *o),
	    int (*run)(const struct rp_opts *o));

#endif /* RP_MAIN_H */
