/* SPDX-License-Identifier: MIT */
/*
 * rp_opts_nic.h - perftest's switches for a real NIC: the CQE poll batch
 * (--cqe_poll, --disable_dynamic_polling), the traffic class (--tclass,
 * -T/--tos), PCIe relaxed ordering (--disable_pcie_relaxed), the posting
 * API (--use_old_post_send; railperf's own --use_new_post_send) and the
 * NUMA placement (--numa_node, --pin_cores, --disable_numa), with perftest's
 * meaning (perftest_parameters.c). Their rows are in the option table
 * (rp_optable.c); their cross-checks are here.
 */
#ifndef RP_OPTS_NIC_H
#define RP_OPTS_NIC_H

#include <stdbool.h>

struct rp_nic_opts {
	unsigned int cqe_poll;	   /* --cqe_poll, CQEs; 0 = dynamic */
	bool no_dynamic_poll;	   /* --disable_dynamic_polling: 16 */
	int tclass;		   /* --tclass, GRH traffic class; -1 */
	int tos;		   /* -T, rdma_cm type of service; -1 */
	bool disable_pcie_relaxed; /* --disable_pcie_relaxed */
	const char *numa_node;	   /* --numa_node (a list per rail), NULL */
	const char *pin_cores;	   /* --pin_cores CPU list, NULL */
	bool disable_numa;	   /* --disable_numa: no binding */
	bool old_post_send;	   /* --use_old_post_send: ibv_post_send */
	bool new_post_send;	   /* --use_new_post_send: ibv_wr_* anywhere */
};

/* rp_nic_opts_init - nothing given: dynamic polling, no class, NUMA auto. */
void rp_nic_opts_init(struct rp_nic_opts *n);

/*
 * rp_nic_cqe_poll - CQEs per ibv_poll_cq for the engine: --cqe_poll; 16
 * (perftest's CTX_POLL_BATCH) with --disable_dynamic_polling; else 0,
 * perftest's dynamic batch.
 */
static inline unsigned int rp_nic_cqe_poll(const struct rp_nic_opts *n)
{
	return n->cqe_poll ? n->cqe_poll : n->no_dynamic_poll ? 16 : 0;
}

/*
 * rp_opts_nic_check - the cross-checks of these options (perftest's):
 * -T only with -R (@rdma_cm), --tclass only without it, --numa_node and
 * --pin_cores not together, --use_old_post_send and --use_new_post_send
 * not together; one line and -EINVAL on conflict, else 0.
 */
int rp_opts_nic_check(const struct rp_nic_opts *o, bool rdma_cm);

#endif /* RP_OPTS_NIC_H */
