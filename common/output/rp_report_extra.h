/* SPDX-License-Identifier: MIT */
/*
 * rp_report_extra.h - railperf's own lines about a rail (GID, buffer,
 * placement, --validate). Each starts with " railperf:" and goes to
 * stderr after the perftest block on stdout (docs/measuring.md, Output:
 * no '-', no message size, no "error" or "fail" on a healthy run).
 */
#ifndef RP_REPORT_EXTRA_H
#define RP_REPORT_EXTRA_H

#include <stdbool.h>
#include <stdio.h>

#include "proto/rp_proto.h"
#include "verbs/rp_rail.h"

/*
 * rp_report_ro_warn - when rail @r asked for relaxed ordering and a root
 * port on its path is one perftest lists as not relaxed-ordering compliant
 * (r->ro_suspect, rp_pcie_ro_suspect), one " railperf:" line saying so and
 * what to do. Returns the lines printed (0 or 1).
 */
int rp_report_ro_warn(FILE *f, const struct rp_rail *r);

/*
 * rp_report_extra_rail - GID choice (then rp_report_ro_warn's line) and
 * buffer pages of one rail, and, when this
 * side's addressing @local and the peer's @remote name one NIC and one
 * physical port (rp_rail_addr_same_port), a line saying that the traffic
 * looped inside that NIC and never reached the wire.
 */
void rp_report_extra_rail(FILE *f, const struct rp_rail *r, bool wanted_huge,
			  const struct rp_rail_addr *local,
			  const struct rp_rail_addr *remote);

/*
 * rp_report_extra_place - one railperf line on where rail @r runs and what its
 * memory got: why it was bound (rp_bind_why_name), the NUMA node asked
 * for, the CPUs its builder thread had (and their node), the memory
 * policy set, the node its buffer pages are on as read back with
 * move_pages(2) (rp_buf.pages_node), and the core kind of its CPU when
 * known (r->bound.kind). rp_report_extra_rail prints it too.
 */
void rp_report_extra_place(FILE *f, const struct rp_rail *r);

/*
 * rp_report_extra_verdict - the --validate outcome over @num_qps QPs:
 * "validation passed: every byte of the message on each of N QP(s)
 * matches the pattern" (the size is the row's, never repeated in a
 * railperf line) or "validation FAILED: rail r QP q offset o: expected
 * 0x.., found 0x..".
 */
void rp_report_extra_verdict(FILE *f, const struct rp_verdict *v,
			     unsigned int num_qps);

/*
 * rp_report_extra_verdict_out - rp_report_extra_verdict where it belongs:
 * to @f, railperf's stream (stderr; the caller prints it after the
 * table's closing line); @f NULL (--output): only a FAILED verdict, to
 * stderr.
 */
void rp_report_extra_verdict_out(FILE *f, const struct rp_verdict *v,
				 unsigned int num_qps);

/*
 * rp_report_extra_word_verdict - --validate's line of an atomic run
 * (atomics of perftest's name @op, "FETCH_AND_ADD") to @f: "validation
 * passed: the word of every QP holds the count of its completed ...
 * atomics", or FAILED naming the rail and QP: with @want_got (this side
 * read the words back: the count, the word) both whole values; without
 * (the peer's verdict, on the side that holds the words) the low bytes it
 * sent.
 */
void rp_report_extra_word_verdict(FILE *f, const struct rp_verdict *v,
				  const char *op, const uint64_t *want_got);

/*
 * rp_report_extra_word_verdict_out - rp_report_extra_word_verdict where
 * rp_report_extra_verdict_out puts its line: to @f, railperf's stream
 * (stderr, after the table); @f NULL (--output): only a FAILED verdict,
 * to stderr.
 */
void rp_report_extra_word_verdict_out(FILE *f, const struct rp_verdict *v,
				      const char *op, const uint64_t *want_got);

#endif /* RP_REPORT_EXTRA_H */
