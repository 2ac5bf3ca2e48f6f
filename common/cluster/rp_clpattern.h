/* SPDX-License-Identifier: MIT */
/*
 * rp_clpattern.h - the figures of rail_cluster_bw's one-way patterns from
 * the cells of their one round (rp_matrix.h; each cell holds what its
 * receiver counted, the truth, with the sender's own figures beside):
 * --pattern=incast:HOST (per sender, the receiver's sum per rail, Jain's
 * fairness index per rail, the slowest sender) and --pattern=ring (per
 * hop, the bottleneck hop), with the check that each receiver counted
 * what its senders completed, within one message per QP. No MPI here.
 */
#ifndef RP_CLPATTERN_H
#define RP_CLPATTERN_H

#include <stdint.h>
#include <stdio.h>
#include <cjson/cJSON.h>

#include "cluster/rp_matrix.h"

/*
 * rp_jain - Jain's fairness index of the @n rates @x: (sum x)^2 / (n *
 * sum x^2), from 1/n (one flow takes everything) to 1 (all equal); 0 when
 * @n is 0 or every rate is 0 (undefined). R. Jain, D. Chiu, W. Hawe, "A
 * Quantitative Measure of Fairness and Discrimination for Resource
 * Allocation in Shared Computer Systems", DEC-TR-301, 1984, section 3.
 */
double rp_jain(const double *x, unsigned int n);

/*
 * rp_clpattern_counted - true when cell @c's receiver counted what its
 * sender completed over the whole run within one message per QP (@c->qps
 * at least 1): |rx_all - tx_all| <= qps.
 */
bool rp_clpattern_counted(const struct rp_cell *c);

/*
 * rp_clpattern_incast - --pattern=incast into host @dst: a line per flow
 * (sender, rails, Gb/s counted by the receiver and sent, messages at each
 * end), per receiving rail (the receiver's sum, the senders' sum, Jain's
 * fairness index over the senders, the slowest sender), and for all
 * rails; a "count:" line for each flow whose receiver and sender disagree
 * (rp_clpattern_counted). To @f, and into @json (an object: "incast"),
 * when not NULL. Returns the number of flows that failed or disagree.
 */
unsigned int rp_clpattern_incast(FILE *f, const struct rp_matrix *m,
				 unsigned int dst, cJSON *json);

/*
 * rp_clpattern_ring - --pattern=ring over @m's hosts in ring order
 * @order: a line per hop (its flows' Gb/s counted by the receivers and
 * sent, messages), then the bottleneck hop (the lowest) with the median
 * and the highest; "count:" lines as for incast. To @f, and into @json
 * ("ring") when not NULL. Returns the number of flows that failed or
 * disagree.
 */
unsigned int rp_clpattern_ring(FILE *f, const struct rp_matrix *m,
			       const uint32_t *order, cJSON *json);

#endif /* RP_CLPATTERN_H */
