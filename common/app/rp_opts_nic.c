// SPDX-License-Identifier: MIT
#include <errno.h>

#include "base/rp_log.h"
#include "base/rp_parse.h"
#include "app/rp_opts_nic.h"

#define RP_CQE_POLL_MAX 65535 /* perftest: a uint16_t, 1 .. 65535 */

static int rp_nic_uint(const char *name, const char *arg, uint64_t max,
		       uint64_t *v)
{
	if (!rp_parse_u64(arg, 0, max, v))
		return 0;
	rp_err("invalid %s value '%s': valid values are 0 .. %llu", name, arg,
	       (unsigned long long)max);
	return -EINVAL;
}

static int rp_nic_get_cqe_poll(struct rp_nic_opts *o, const char *arg)
{
	uint64_t v;

	if (rp_parse_u64(arg, 1, RP_CQE_POLL_MAX, &v)) {
		rp_err("invalid --cqe_poll value '%s': valid values are "
		       "1 .. %u CQEs per poll",
		       arg, RP_CQE_POLL_MAX);
		return -EINVAL;
	}
	o->cqe_poll = (unsigned int)v;
	return 0;
}

void rp_nic_opts_init(struct rp_nic_opts *n)
{
	*n = (struct rp_nic_opts){ .tclass = -1, .tos = -1 };
}

int rp_opt_nic(struct rp_nic_opts *o, int c, const char *arg)
{
	uint64_t v;
	int ret;

	switch (c) {
	case OPT_CQE_POLL: return rp_nic_get_cqe_poll(o, arg);
	case OPT_DISABLE_DYN_POLL: o->no_dynamic_poll = true; return 0;
	case OPT_DISABLE_PCIR: o->disable_pcie_relaxed = true; return 0;
	case OPT_DISABLE_NUMA: o->disable_numa = true; return 0;
	case OPT_OLD_POST_SEND: o->old_post_send = true; return 0;
	case OPT_TCLASS:
		ret = rp_nic_uint("--tclass", arg, 255, &v);
		o->tclass = ret ? -1 : (int)v;
		return ret;
	case 'T':
		ret = rp_nic_uint("-T", arg, 255, &v);
		o->tos = ret ? -1 : (int)v;
		return ret;
	case OPT_NUMA_NODE:
		if (!*arg) {
			rp_err("invalid --numa_node value '': give a NUMA node "
			       "number (one per rail for rail_multi_bw)");
			return -EINVAL;
		}
		o->numa_node = arg;
		return 0;
	case OPT_PIN_CORES:
		if (!*arg) {
			rp_err("invalid --pin_cores value '': give a CPU list "
			       "such as 2,4-5 (one CPU per rail for "
			       "rail_multi_bw)");
			return -EINVAL;
		}
		o->pin_cores = arg;
		return 0;
	}
	return 1;
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
	if (!why)
		return 0;
	rp_err("%s", why);
	return -EINVAL;
}
