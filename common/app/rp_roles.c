// SPDX-License-Identifier: MIT
/*
 * The verbs and their roles (rp_roles.h), one row per verb. Each side's
 * role follows perftest: the one-way bandwidth client posts and sends its
 * results to the server, which prints them (perftest_communication.c
 * exchanges the report); SEND's server measures the receives it posts
 * itself (run_iter_bw_server); -b runs both sides alike (run_iter_bi);
 * ib_read_lat's server is passive, ib_write_lat and ib_send_lat run a
 * ping-pong on both sides (run_iter_lat_write, run_iter_lat_send). The
 * atomics run as READ does (perftest's ATOMIC shares READ's paths:
 * run_iter_bw, run_iter_lat), their old values returned to the poster.
 */
#include <stdio.h>
#include <string.h>

#include "app/rp_roles.h"
#include "proto/rp_msg.h"

/*
 * A role, as the columns of the table below say it (1: yes): it measures,
 * posts the verb's WRs, keeps receives posted, meets the peer at READY
 * before each size, swaps RESULTs after each size, sends (client) or
 * prints (server) the one-way RESULT, the data lands here, its data
 * leaves for the peer; the PCIe direction of its data.
 */
#define ROLE(m, po, rc, rd, sw, rs, la, le, pc) \
	{ \
		.measures = (m), .posts = (po), .receives = (rc), \
		.ready = (rd), .swaps = (sw), .result = (rs), .lands = (la), \
		.leaves = (le), .pcie = RP_PCIE_##pc \
	}
/* a latency run judges no ceiling: any direction will do */
#define RP_PCIE_NONE RP_PCIE_RECV

/*
 * An atomic's row (@v, its --verb name @nm or NULL, perftest's name of
 * the operation @op, its HELLO flag @pf, --validate's chain @ch): READ's
 * roles and -n default,
 * perftest's address lines of a SEND (no rkey, no address), the title
 * "Atomic <op>" (perftest_parameters.c ctx_print_test_info); -A picks the
 * CMP_AND_SWAP row. -b is refused for atomics (rp_opts.c): its role is
 * READ's, never used.
 */
#define ATOMIC_ROW(v, nm, op, pf, ch) \
	{ \
		.verb = (v), .name = (nm), .wr = (op), .title = "Atomic " op, \
		.addr = RP_ADDR_SEND, .bw_iters = 1000, .hello = (pf), \
		.pulls = true, .atomic = true, .imm = -1, \
		.cas = RP_VERB_CMP_SWAP, .chain = (ch), \
		.bw = { ROLE(1, 1, 0, 0, 0, 1, 1, 0, RECV), \
			ROLE(0, 0, 0, 0, 0, 1, 0, 1, SEND) }, \
		.bidir = ROLE(1, 1, 0, 1, 1, 0, 1, 1, BOTH), \
		.lat = { ROLE(1, 0, 0, 0, 0, 0, 1, 0, NONE), \
			 ROLE(0, 0, 0, 0, 0, 0, 0, 1, NONE) }, \
		.lat_rtt = 1, \
	}

/* clang-format off */
static const struct rp_verbrow rp_verbs[] = {
	[RP_VERB_WRITE] = {
		.verb = RP_VERB_WRITE, .name = "write", .wr = "RDMA WRITE",
		.title = "RDMA_Write", .addr = RP_ADDR_WRITE, .bw_iters = 5000,
		.imm = RP_VERB_WRITE_IMM, .cas = -1, .warms_up = true,
		/*           meas post recv ready swap result lands leaves pcie */
		.bw = { ROLE(1,   1,   0,   0,    0,   1,     0,    1,     SEND),
			ROLE(0,   0,   0,   0,    0,   1,     1,    0,     RECV) },
		.bidir = ROLE(1,  1,   0,   1,    1,   0,     1,    1,     BOTH),
		.lat = { ROLE(1,  0,   0,   0,    0,   0,     0,    0,     NONE),
			 ROLE(1,  0,   0,   0,    0,   0,     0,    0,     NONE) },
		.lat_rtt = 2,
	},
	[RP_VERB_READ] = {
		.verb = RP_VERB_READ, .name = "read", .wr = "RDMA READ",
		.title = "RDMA_Read", .addr = RP_ADDR_READ, .bw_iters = 1000,
		.hello = RP_PF_READ, .pulls = true, .imm = -1, .cas = -1,
		.warms_up = true,
		/*           meas post recv ready swap result lands leaves pcie */
		.bw = { ROLE(1,   1,   0,   0,    0,   1,     1,    0,     RECV),
			ROLE(0,   0,   0,   0,    0,   1,     0,    1,     SEND) },
		.bidir = ROLE(1,  1,   0,   1,    1,   0,     1,    1,     BOTH),
		.lat = { ROLE(1,  0,   0,   0,    0,   0,     1,    0,     NONE),
			 ROLE(0,  0,   0,   0,    0,   0,     0,    1,     NONE) },
		.lat_rtt = 1,
	},
	[RP_VERB_SEND] = {
		.verb = RP_VERB_SEND, .name = "send", .wr = "SEND",
		.title = "Send", .addr = RP_ADDR_SEND, .bw_iters = 1000,
		.hello = RP_PF_SEND, .consumes = true, .fills = true,
		.imm = -1, .cas = -1,
		/*           meas post recv ready swap result lands leaves pcie */
		.bw = { ROLE(1,   1,   0,   1,    0,   0,     0,    1,     SEND),
			ROLE(1,   0,   1,   1,    0,   0,     1,    0,     RECV) },
		.bidir = ROLE(1,  1,   1,   1,    1,   0,     1,    1,     BOTH),
		.lat = { ROLE(1,  0,   1,   1,    0,   0,     0,    0,     NONE),
			 ROLE(1,  0,   1,   1,    0,   0,     0,    0,     NONE) },
		.lat_rtt = 2,
	},
	[RP_VERB_WRITE_IMM] = {
		.verb = RP_VERB_WRITE_IMM, .wr = "RDMA WRITE with immediate",
		.title = "RDMA_Write_imm", .addr = RP_ADDR_SEND, .bw_iters = 5000,
		.hello = RP_PF_IMM, .consumes = true, .imm = RP_VERB_WRITE_IMM,
		.cas = -1,
		/*           meas post recv ready swap result lands leaves pcie */
		.bw = { ROLE(1,   1,   0,   1,    0,   0,     0,    1,     SEND),
			ROLE(1,   0,   1,   1,    0,   0,     1,    0,     RECV) },
		.bidir = ROLE(1,  1,   1,   1,    1,   0,     1,    1,     BOTH),
	},
	[RP_VERB_FETCH_ADD] = ATOMIC_ROW(RP_VERB_FETCH_ADD, "atomic",
					 "FETCH_AND_ADD", RP_PF_FETCH_ADD, 0),
	[RP_VERB_CMP_SWAP] = ATOMIC_ROW(RP_VERB_CMP_SWAP, NULL, "CMP_AND_SWAP",
					RP_PF_CMP_SWAP, 1),
};
/* clang-format on */

#define RP_NVERBS (sizeof(rp_verbs) / sizeof(rp_verbs[0]))

const struct rp_verbrow *rp_roles_verb(enum rp_verb v)
{
	return (size_t)v < RP_NVERBS ? &rp_verbs[v] : &rp_verbs[0];
}

const struct rp_verbrow *rp_roles_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < RP_NVERBS; i++)
		if (rp_verbs[i].name && !strcmp(rp_verbs[i].name, name))
			return &rp_verbs[i];
	return NULL;
}

const char *rp_roles_names(char *buf, size_t len, bool atomics)
{
	size_t i, off = 0;

	if (len)
		buf[0] = '\0';
	for (i = 0; i < RP_NVERBS && off < len; i++)
		if (rp_verbs[i].name && (atomics || !rp_verbs[i].atomic))
			off += (size_t)snprintf(buf + off, len - off, "%s%s",
						off ? ", " : "",
						rp_verbs[i].name);
	return buf;
}

const struct rp_role *rp_roles_of(const struct rp_verbrow *v, bool bw,
				  bool bidir, bool server)
{
	if (!bw)
		return &v->lat[server];
	return bidir ? &v->bidir : &v->bw[server];
}
