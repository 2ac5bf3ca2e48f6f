/* SPDX-License-Identifier: MIT */
/*
 * rp_roles.h - the verbs a test moves its data with, one row each: what
 * perftest calls them, and what each side of a run does with them (who
 * measures, what is exchanged per size, where the data lands, which
 * PCIe direction bounds the side). The one place a verb is decoded: the
 * plan (rp_plan.h), the apps and the cluster read these rows; the
 * engine (rp_bwpost.c, rp_bw.c's post step, rp_lat.c) and the rail
 * (rp_rail.c, rp_qp.c: access flags, outstanding READs, ibv_wr_* ops)
 * hold each verb's post and completion code. Adding a verb is a row
 * here plus that code (docs/architecture.md, "Adding a binary, a verb,
 * an output format").
 */
#ifndef RP_ROLES_H
#define RP_ROLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "output/rp_report.h"
#include "proto/rp_proto.h"
#include "topo/rp_pcie.h"

/*
 * What one side of a run does. The run skeleton (rp_run.c) sends the
 * control messages these say; the apps set up the engine from them.
 */
struct rp_role {
	bool measures; /* runs the timed phase of each size, prints rows */
	bool posts;    /* posts the verb's work requests */
	bool receives; /* keeps receives posted for the peer's messages */
	bool ready;    /* READY before each size (after its receives) */
	bool swaps;    /* RESULT swapped after each size: both measured */
	bool result;   /* one-way: the client's RESULT after its sizes, the
			* server prints it as its row */
	bool lands;    /* the data lands here: --validate checks it here and
			* sends the VERDICT */
	bool leaves;   /* this side's data lands at the peer (--validate:
			* the pattern is filled here) */
	/* the PCIe direction of this side's data (its ceiling, --expect):
	 * the side whose data leaves reads host memory (RP_PCIE_SEND: a
	 * WRITE's or SEND's sender, a READ's server), the side it lands on
	 * writes it (RP_PCIE_RECV: their receiver, a READ's client) */
	enum rp_pcie_dir pcie;
};

#define RP_ROLE_CLIENT 0
#define RP_ROLE_SERVER 1

/* A verb: its names, and each side's role in a bandwidth run (one way
 * and -b) and in a latency run. */
struct rp_verbrow {
	enum rp_verb verb;
	const char *name;      /* --verb's value; NULL: none (WRITE with imm) */
	const char *wr;	       /* its work request, "RDMA WRITE" (lines) */
	const char *title;     /* perftest's title stem, "RDMA_Write" (perftest_
			    * parameters.c ctx_print_test_info) */
	enum rp_addr_fmt addr; /* perftest's address lines */
	uint16_t hello;	       /* its HELLO flag (RP_PF_*), 0 for WRITE */
	bool pulls;    /* the poster reads the peer's memory (READ): the data
			* flows to the side that posts; -o, no inline data */
	bool consumes; /* each message takes a receive the peer posted
			* (SEND, WRITE with immediate); -r */
	bool fills;    /* its data fills the buffer of the receive it takes
			* (SEND; a WRITE with immediate's lands by rkey): a
			* provider may scatter a small one into the CQE */
	int imm;       /* its variant that also takes a receive per message
		  * (--write_with_imm; an enum rp_verb), -1: none */
	bool atomic;   /* an 8-byte atomic on a word of the peer's (perftest's
			* ATOMIC): -s 8 only, no -a, no -b; --validate reads
			* the word back (rp_atomword.h) */
	int cas;       /* its CMP_AND_SWAP variant (-A CMP_AND_SWAP; an enum
			* rp_verb), -1: none */
	bool chain;    /* --validate runs its atomics as a chain: each
			* compares its count and swaps in one more */
	bool warms_up; /* --perform_warm_up posts it before each size's
			* timed run (perftest's write_bw.c, read_bw.c; not
			* SEND nor WRITE with immediate) */
	uint64_t bw_iters;     /* perftest's -n default in a BW test */
	struct rp_role bw[2];  /* one way: client, server (RP_ROLE_*) */
	struct rp_role bidir;  /* -b: both sides */
	struct rp_role lat[2]; /* latency: client, server; none: no
				* latency binary */
	unsigned int lat_rtt;  /* trips per latency sample: READ 1, a
				* ping-pong 2 (perftest's rtt_factor) */
};

/* rp_roles_verb - the row of verb @v (every enum rp_verb has one). */
const struct rp_verbrow *rp_roles_verb(enum rp_verb v);

/* rp_roles_by_name - the row whose --verb name is @name, NULL if none. */
const struct rp_verbrow *rp_roles_by_name(const char *name);

/*
 * rp_roles_names - the --verb names, "write, read, send" and with
 * @atomics ", atomic", into @buf (@len bytes, truncated at worst);
 * returns @buf.
 */
const char *rp_roles_names(char *buf, size_t len, bool atomics);

/*
 * rp_roles_of - this side's role: @v's latency role (@bw false) or its
 * bandwidth role, -b's with @bidir; @server picks the side.
 */
const struct rp_role *rp_roles_of(const struct rp_verbrow *v, bool bw,
				  bool bidir, bool server);

#endif /* RP_ROLES_H */
