// SPDX-License-Identifier: MIT
/* rp_main.c - the shared start of the test binaries (see rp_main.h). */
#include "base/rp_log.h"
#include "app/rp_main.h"

#include <errno.h>
#include <stdio.h>

#include "base/rp_signal.h"
#include "base/rp_sysfs.h"
#include "base/rp_version.h"
#include "app/rp_precheck.h"
#include "app/rp_usage.h"
#include "verbs/rp_cuda.h"

/* The GPU of --use_cuda (one per process, its primary context); with
 * --use_cuda_near one per rail. */
static struct rp_gpu rp_main_gpu;
static struct rp_gpu rp_main_gpus[RP_MAX_RAILS];
static unsigned int rp_main_ngpus; /* rp_main_gpus[] slots used */

/* --use_cuda / --use_cuda_bus_id: load the driver, choose the memory,
 * refuse what cannot use it; all before any RDMA device is opened. With
 * --use_cuda_near, the same for GPU 0, released: the driver and a GPU are
 * there; each rail's own is opened by rp_main_gpu_near. */
static int rp_main_cuda(struct rp_opts *o)
{
	struct rp_gpu_req probe = { .index = 0 };

	if (!rp_opts_cuda_given(o))
		return 0;
	if (rp_gpu_open(&rp_main_gpu, o->cuda.near ? &probe : &o->cuda))
		return -1;
	if (rp_opts_gpu_check(o, &rp_main_gpu)) {
		rp_gpu_close(&rp_main_gpu);
		return -1;
	}
	if (o->cuda.near)
		rp_gpu_close(&rp_main_gpu);
	else
		o->gpu = &rp_main_gpu;
	return 0;
}

int rp_main_gpu_near(const struct rp_opts *o, const char *ibdev,
		     unsigned int rail, const struct rp_gpu **gpu)
{
	struct rp_gpu *g;

	*gpu = o->gpu;
	if (!o->cuda.near)
		return 0;
	if (rail >= RP_MAX_RAILS)
		return -ENODEV;
	g = &rp_main_gpus[rail];
	if (rp_gpu_open_near(g, RP_SYSFS_ROOT, ibdev, o->cuda.dmabuf))
		return -ENODEV;
	if (rail >= rp_main_ngpus)
		rp_main_ngpus = rail + 1;
	if (rp_opts_gpu_check(o, g)) {
		rp_gpu_close(g);
		return -EINVAL;
	}
	*gpu = g;
	return 0;
}

enum rp_main_next rp_main_start(struct rp_opts *o,
				const struct rp_test_desc *desc, int argc,
				char **argv,
				int (*check)(const struct rp_opts *o))
{
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
	if (rp_opts_finish(o) || (check && check(o)) || rp_precheck(o) ||
	    rp_main_cuda(o) || rp_signal_install())
		return RP_MAIN_FAIL;
	if (rp_opts_gpu_env(o) && rp_opts_full(o))
		rp_fprintf(stdout, " railperf: GPU memory: the provider's "
				   "scatter to CQE is off for small SENDs, as "
				   "perftest does\n");
	rp_opts_notices(o, stdout);
	return RP_MAIN_RUN;
}

int rp_main(const struct rp_test_desc *desc, int argc, char **argv,
	    int (*check)(const struct rp_opts *o),
	    int (*run)(const struct rp_opts *o))
{
	struct rp_opts o;
	int ret;

	switch (rp_main_start(&o, desc, argc, argv, check)) {
	case RP_MAIN_RUN:
		ret = run(&o) ? 1 : 0;
		rp_gpu_close(&rp_main_gpu); /* the buffers are released */
		for (unsigned int i = 0; i < rp_main_ngpus; i++)
			rp_gpu_close(&rp_main_gpus[i]);
		return ret;
	case RP_MAIN_DONE: return 0;
	default: return 1;
	}
}
