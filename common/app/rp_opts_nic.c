// SPDX-License-Identifier: MIT
#include <errno.h>

#include "base/rp_log.h"
#include "app/rp_opts_nic.h"

void rp_nic_opts_init(struct rp_nic_opts *n)
{
	*n = (struct rp_nic_opts){ .tclass = -1, .tos = -1 };
}

int rp_opts_nic_check(const struct rp_nic_opts *o, bool rdma_cm)
{
	const char *why = NULL;

	if (o->tos >= 0 && !rdma_cm)
		why = "-T (type of service) works only with -R (rdma_cm QPs), "
		      "as in perftest; without -R use --tclass";
	else if (o->tclass >= 0 && rdma_cm)
		why = "--tclass sets the GRH of QPs railperf connects itself; "
		      "with -R use -T";
	else if (o->numa_node && o->pin_cores)
		why = "--numa_node and --pin_cores cannot be used together "
		      "(as in perftest)";
	else if (o->old_post_send && o->new_post_send)
		why = "--use_old_post_send (ibv_post_send) and "
		      "--use_new_post_send (ibv_wr_*) cannot be used together";
	if (!why)
		return 0;
	rp_err("%s", why);
	return -EINVAL;
}
