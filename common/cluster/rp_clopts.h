/* SPDX-License-Identifier: MIT */
/*
 * rp_clopts.h - rail_cluster_bw's command line: perftest's names where
 * they exist (-d -i -x -s -D -q -t -m -u, --timeout, --expect), its own
 * --cross, --pairing, --pattern, --pairs, --csv; --out_json and
 * --out_json_file as in the other
 * binaries), all rows of the option table. Parsed on every rank before
 * MPI starts, so a bad value ends every rank alike before any device is
 * opened. No MPI here.
 */
#ifndef RP_CLOPTS_H
#define RP_CLOPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "app/rp_opts.h"

#define RP_CL_DEF_DURATION 5 /* -D, s per round */
#define RP_CL_DEF_TIMEOUT 10 /* --timeout, s */

/* --pairing: which rail of one host meets which of another. */
enum rp_pairing {
	RP_PAIRING_DEFAULT = 0, /* map or index, by the wiring map */
	RP_PAIRING_MAP,		/* the wiring map's links */
	RP_PAIRING_INDEX,	/* rail i to rail i (--cross: i + k) */
};

/* --pattern: who writes to whom, when. */
enum rp_pattern {
	RP_PATTERN_PAIRS = 0, /* host pairs, a round at a time, both ways */
	RP_PATTERN_RING,      /* each host to its ring successor at once */
	RP_PATTERN_INCAST,    /* every other host to one host at once */
};

struct rp_clopts {
	struct rp_opts o; /* what the rails and the engine take (-D, -s ...) */
	bool cross;	  /* --cross: every rail to every rail */
	enum rp_pairing pairing;
	enum rp_pattern pattern;
	const char *incast; /* --pattern=incast:HOST's HOST */
	const char *pairs;  /* --pairs FILE, NULL = every pair */
	const char *csv;    /* --csv FILE */
	const char *json;   /* --out_json(_file) file, NULL = no JSON */
	bool expect;	    /* --expect given (o.expect its %) */
	bool help;
	bool version;
};

/*
 * rp_clopts_parse - @c from argv: defaults (-s 65536, -D 5, -q 1, -t 128,
 * --timeout 10, Gb/s), the flags, the derived defaults of rp_opts_finish
 * (CQ moderation) and the -d / -x lists (rp_railspec_parse). On a bad
 * flag or value prints one line naming it and what is valid, returns
 * -EINVAL. Pointers in @c point into argv. Does not open any device.
 */
int rp_clopts_parse(struct rp_clopts *c, int argc, char **argv);

/*
 * rp_clopts_sig - the options every rank of a job must share, as text
 * ("-s 65536 -D 5 -q 1 -t 128 -m 0 -u 14 --timeout 10 --cross 0
 * --verb write --pairing default --pattern pairs") into
 * @buf (@len bytes, truncated at worst): rank 0 compares every rank's
 * with its own before the first round. Returns @buf.
 */
const char *rp_clopts_sig(const struct rp_clopts *c, char *buf, size_t len);

/*
 * rp_clopts_sig_diff - compare two rp_clopts_sig texts option by option:
 * false when they agree; else true with the first differing option as
 * given in each ("-s 4096" in @va, "-s 65536" in @vb; @len bytes each;
 * from the first differing option on when the options themselves differ).
 */
bool rp_clopts_sig_diff(const char *a, const char *b, char *va, char *vb,
			size_t len);

/* rp_clopts_usage - --help: every option with its default and unit. */
void rp_clopts_usage(FILE *f);

#endif /* RP_CLOPTS_H */
