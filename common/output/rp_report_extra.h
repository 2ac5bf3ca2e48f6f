/* SPDX-License-Identifier: MIT */
/*
 * rp_report_extra.h - railperf's own lines, printed after the perftest block.
 * Each starts with " railperf:" so no script that looks for a number at
 * the start of a row can mistake it for a result.
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
 * rp_report_extra_verdict - the --validate outcome: "validation passed: ..." or
 * "validation FAILED: QP q offset o: expected 0x.., found 0x..".
 */
void rp_report_extra_verdict(FILE *f, const struct rp_verdict *v,
			     uint64_t bytes, unsigned int num_qps);

/*
 * rp_report_extra_verdict_out - rp_report_extra_verdict where it belongs: on stdout
 * after the perftest block when @full (the full output), else (--output:
 * stdout holds only the number) a FAILED verdict on stderr and a passed one
 * nowhere.
 */
void rp_report_extra_verdict_out(bool full, const struct rp_verdict *v,
				 uint64_t bytes, unsigned int num_qps);

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
 * rp_report_extra_verdict_out puts its line.
 */
void rp_report_extra_word_verdict_out(bool full, const struct rp_verdict *v,
				      const char *op, const uint64_t *want_got);

#endif /* RP_REPORT_EXTRA_H */
