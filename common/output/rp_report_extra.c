// SPDX-License-Identifier: MIT
#include <inttypes.h>

#include "base/rp_log.h"
#include "output/rp_report_extra.h"

static void rp_report_extra_node(FILE *f, const char *what, int node)
{
	if (node >= 0)
		rp_fprintf(f, "%s node %d", what, node);
	else
		rp_fprintf(f, "%s %s", what,
			   node == -2 ? "several nodes" : "node unknown");
}

void rp_report_extra_place(FILE *f, const struct rp_rail *r)
{
	const struct rp_bound *b = &r->bound;

	rp_fprintf(f, " railperf: rail %s placement: %s", r->dev.name,
		   rp_bind_why_name(b->why));
	if (r->bind.node >= 0)
		rp_fprintf(f, " (NUMA node %d)", r->bind.node);
	rp_fprintf(f, ", thread on CPUs %s (", b->cpus[0] ? b->cpus : "?");
	rp_report_extra_node(f, "NUMA", b->cpu_node);
	rp_fprintf(f, ")");
	if (b->kind[0])
		rp_fprintf(f, ", core kind: %s", b->kind);
	if (b->mem_node >= 0)
		rp_fprintf(f, ", memory bound to node %d", b->mem_node);
	rp_report_extra_node(f, ", buffer pages on", r->buf.pages_node);
	rp_fprintf(f, " (read back)%s%s\n", b->why_not[0] ? "; " : "",
		   b->why_not);
}

int rp_report_ro_warn(FILE *f, const struct rp_rail *r)
{
	if (!r->relaxed_ordering || !r->ro_suspect[0])
		return 0;
	rp_fprintf(f,
		   " railperf: rail %s port %u: PCIe relax order: ON (asked "
		   "for), but root port %s is one perftest lists as not "
		   "relaxed-ordering compliant: run both sides with "
		   "--disable_pcie_relaxed\n",
		   r->dev.name, r->dev.port, r->ro_suspect);
	return 1;
}

void rp_report_extra_rail(FILE *f, const struct rp_rail *r, bool wanted_huge,
			  const struct rp_rail_addr *local,
			  const struct rp_rail_addr *remote)
{
	char pages[128];

	rp_fprintf(f, " railperf: rail %s port %u: ", r->dev.name, r->dev.port);
	if (r->gid_index >= 0)
		rp_fprintf(f, "GID index %d: %s\n", r->gid_index, r->gid_why);
	else
		rp_fprintf(f, "%s\n", r->gid_why);
	rp_report_ro_warn(f, r);
	/* in KiB: the slice (a page multiple) is the message size rounded
	 * up, which railperf's lines never print (docs/measuring.md) */
	rp_fprintf(f, " railperf: buffer: %u x %" PRIu64 " KiB in %s",
		   r->num_qps, r->slice >> 10,
		   rp_buf_describe(&r->buf, wanted_huge, pages, sizeof(pages)));
	if (r->buf.numa_node >= 0)
		rp_fprintf(f, ", bound to NUMA node %d", r->buf.numa_node);
	rp_fprintf(f, "\n");
	if (rp_rail_addr_same_port(local, remote))
		rp_fprintf(f,
			   " railperf: rail %s port %u: both ends are one NIC "
			   "(sys_image_guid %04" PRIx64 ":%04" PRIx64
			   ":%04" PRIx64 ":%04" PRIx64
			   ", port %s): the traffic "
			   "looped inside it and never reached the wire\n",
			   r->dev.name, r->dev.port, local->nic_guid >> 48,
			   local->nic_guid >> 32 & 0xffff,
			   local->nic_guid >> 16 & 0xffff,
			   local->nic_guid & 0xffff, local->phys_port);
	rp_report_extra_place(f, r);
}

void rp_report_extra_verdict_out(FILE *f, const struct rp_verdict *v,
				 unsigned int num_qps)
{
	if (f || !v->ok)
		rp_report_extra_verdict(f ? f : stderr, v, num_qps);
}

void rp_report_extra_verdict(FILE *f, const struct rp_verdict *v,
			     unsigned int num_qps)
{
	if (v->ok)
		rp_fprintf(f,
			   " railperf: validation passed: every byte of the "
			   "message on each of %u QP(s) matches the pattern\n",
			   num_qps);
	else
		rp_fprintf(f,
			   " railperf: validation FAILED: rail %u QP %u "
			   "offset %" PRIu64 ": expected %#04x, found %#04x\n",
			   v->rail, v->qp, v->offset, v->expected, v->got);
}

void rp_report_extra_word_verdict(FILE *f, const struct rp_verdict *v,
				  const char *op, const uint64_t *want_got)
{
	if (v->ok)
		rp_fprintf(f,
			   " railperf: validation passed: the word of every "
			   "QP holds the count of its completed %s atomics\n",
			   op);
	else if (want_got)
		rp_fprintf(f,
			   " railperf: validation FAILED: rail %u QP %u: its "
			   "word holds %" PRIu64 " after %" PRIu64
			   " completed %s atomics\n",
			   v->rail, v->qp, want_got[1], want_got[0], op);
	else
		rp_fprintf(f,
			   " railperf: validation FAILED: rail %u QP %u: the "
			   "peer read this side's word off after its %s "
			   "atomics (low byte %#04x, expected %#04x)\n",
			   v->rail, v->qp, op, v->got, v->expected);
}

void rp_report_extra_word_verdict_out(FILE *f, const struct rp_verdict *v,
				      const char *op, const uint64_t *want_got)
{
	if (f || !v->ok)
		rp_report_extra_word_verdict(f ? f : stderr, v, op, want_got);
}
