/* SPDX-License-Identifier: MIT */
/*
 * rp_baseline.h - --save-baseline FILE and --baseline FILE: a run's
 * results per rail (per cell) with what it ran on, saved as JSON (cJSON),
 * and a later run compared with it (the file read back:
 * rp_baseline_read.h). The file:
 *   { "railperf_baseline": 1, "test": "rail_multi_bw", "railperf": VERSION,
 *     "saved_unix": S,
 *     "hosts": [ { "host", "kernel", "rails": [ { "device", "port",
 *                  "pci", "link_speed", "link_width", "firmware" } ] } ],
 *     "flags": { "-s": "65536", "-q": "1", ... },
 *     "results": [ { "name": "rail 0 (rxe0)", "gbps": 97.9 } ] }
 * "flags" are the options that change the numbers (message size, QPs, TX
 * depth, verb, direction, ...). A baseline of another test, other flags
 * or other hardware (another host, other rails: device, port or PCI
 * function) is refused by name (rp_baseline_refuse); what may explain a
 * change and is no reason to refuse (kernel, firmware, the PCIe link's
 * speed and width, railperf's version) is named beside the numbers
 * (rp_baseline_changes).
 */
#ifndef RP_BASELINE_H
#define RP_BASELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <cjson/cJSON.h>

#include "output/rp_fleet.h"
#include "topo/rp_identity.h"

#define RP_BL_FLAGS 24 /* number-changing options kept */
#define RP_BL_FORMAT 1 /* "railperf_baseline": the file's layout */

struct rp_bl_flag {
	char name[24];	/* as given: "-s", "--verb" */
	char value[64]; /* "65536", "write" */
};

struct rp_bl_result {
	char name[320]; /* a record's name (rp_fleet_rec.name) */
	double gbps;
};

struct rp_baseline {
	char test[32];	  /* the binary */
	char version[32]; /* railperf's */
	long long saved;  /* when, s since the epoch */
	unsigned int nhosts;
	struct rp_ident_host *host; /* [nhosts], heap */
	unsigned int nflags;
	struct rp_bl_flag flag[RP_BL_FLAGS];
	unsigned int nres;
	struct rp_bl_result *res; /* [nres], heap */
};

/* rp_baseline_init - an empty baseline of binary @test, this railperf's
 * version, saved now. Release with rp_baseline_fini. */
void rp_baseline_init(struct rp_baseline *b, const char *test);

/* rp_baseline_fini - release @b's arrays; safe on a zeroed one. */
void rp_baseline_fini(struct rp_baseline *b);

/* rp_baseline_flag - append option @name with @value. 0 or -ENOSPC. */
int rp_baseline_flag(struct rp_baseline *b, const char *name,
		     const char *value);

/* rp_baseline_add_host - append a copy of @h. 0 or -ENOMEM. */
int rp_baseline_add_host(struct rp_baseline *b, const struct rp_ident_host *h);

/* rp_baseline_add_result - append result @name at @gbps. 0 or -ENOMEM. */
int rp_baseline_add_result(struct rp_baseline *b, const char *name,
			   double gbps);

/* rp_baseline_json - @b as the document above (caller deletes; NULL on
 * ENOMEM). */
cJSON *rp_baseline_json(const struct rp_baseline *b);

/* rp_baseline_save - @b to @path atomically (rp_atomic_write). 0, or
 * -errno after one line naming the file. */
int rp_baseline_save(const char *path, const struct rp_baseline *b);

/*
 * rp_baseline_save_recs - --save-baseline: the @n records' goodput (by
 * name) appended to @b's results, then @b saved to @path; not when a
 * record failed (one line naming it, -EIO: a baseline keeps a healthy
 * run). Returns 0 or -errno after one line.
 */
int rp_baseline_save_recs(const char *path, struct rp_baseline *b,
			  const struct rp_fleet_rec *r, unsigned int n);

/*
 * rp_baseline_refuse_flags - does baseline @was come from another binary
 * or other number-changing options than @now? Compares the test and every
 * flag in either; the first difference named in @why ("-s 65536 there,
 * -s 4096 here"). True when refused.
 */
bool rp_baseline_refuse_flags(const struct rp_baseline *was,
			      const struct rp_baseline *now, char *why,
			      size_t len);

/*
 * rp_baseline_refuse_hw - is @was of other hardware than @now: another
 * number of hosts, another host name, another number of rails, or a rail
 * on another device, port or PCI function? The first difference named in
 * @why ("rail 1 is mlx5_9 port 1 there, rxe1 port 1 here"). True when
 * refused.
 */
bool rp_baseline_refuse_hw(const struct rp_baseline *was,
			   const struct rp_baseline *now, char *why,
			   size_t len);

/*
 * rp_baseline_changes - what differs between two identities, as ", "
 * separated items to @f: for rail @rail (>= 0) of the hosts its device,
 * port, PCI function, firmware ("firmware 28.41 to 28.43"), link speed and
 * width ("link x4 to x2"); for @rail -1 the host's name, kernel and (with
 * @ver_was, @ver_now) railperf's version. An item whose values hold a '-'
 * is written as "kernel changed" unless @dashes (railperf's lines on a
 * healthy run carry none). Returns the number of items.
 */
unsigned int rp_baseline_changes(FILE *f, const struct rp_ident_host *was,
				 const struct rp_ident_host *now, int rail,
				 const char *ver_was, const char *ver_now,
				 bool dashes);

/*
 * rp_baseline_judge - each of the @n records found in @was gets its
 * baseline goodput and @tolerance (rp_fleet_judge then judges it).
 * Returns how many were found.
 */
unsigned int rp_baseline_judge(const struct rp_baseline *was,
			       struct rp_fleet_rec *r, unsigned int n,
			       unsigned int tolerance);

/*
 * rp_baseline_lines - the comparison of the @n judged records with @was,
 * to @f (NULL: the summary of a failure only, to stderr): a line per
 * record " railperf: NAME: baseline B Gb/s, now N Gb/s, down X%" ("up",
 * ", below the tolerance of T%" when it is), the identity changes of its
 * rail after it (one host); a line of the hosts' own changes; then
 * " railperf: baseline: every WHAT within T%" or, when some are below,
 * " railperf: --baseline: FAILED: K of N WHATs below the tolerance of
 * T%: NAME down X%, ..." (to stderr also when @f is NULL). @what: "rail"
 * or "cell". Returns K.
 */
unsigned int rp_baseline_lines(FILE *f, const struct rp_baseline *was,
			       const struct rp_baseline *now,
			       const struct rp_fleet_rec *r, unsigned int n,
			       const char *what);

/*
 * rp_baseline_cmp_json - --out_json's "fleet" "baseline": file, tolerance
 * percent, forced, saved_unix, railperf, "changes" (every difference,
 * full values) and "below" (the names under the tolerance). NULL on
 * ENOMEM.
 */
cJSON *rp_baseline_cmp_json(const char *file, const struct rp_baseline *was,
			    const struct rp_baseline *now,
			    const struct rp_fleet_rec *r, unsigned int n,
			    bool forced);

#endif /* RP_BASELINE_H */
