/* SPDX-License-Identifier: MIT */
/*
 * rp_header.h - the values of perftest's header block for one side of a
 * run (rp_report_header): its plan's title and settings, and what the
 * open session's rails are. Shared by the bandwidth and the latency
 * reporters, and their --out_json documents.
 */
#ifndef RP_HEADER_H
#define RP_HEADER_H

#include "app/rp_plan.h"
#include "app/rp_session.h"
#include "output/rp_report.h"

/*
 * rp_header_of - @h for plan @p over the open session @s: the title, the
 * rails' devices joined by ',', the total QP count, the smallest path
 * MTU, rail 0's link, GID and MR facts, and the lines of a BW test (CQ
 * moderation, inline size, post list), of a verb that pulls (outstanding
 * reads) or of a side that posts receives (rx depth, as perftest prints
 * it: SEND's server, or -b). h->device and h->title point into @s and @p.
 */
void rp_header_of(const struct rp_plan *p, const struct rp_session *s,
		  struct rp_header *h);

#endif /* RP_HEADER_H */
