// SPDX-License-Identifier: MIT
/*
 * rail_cluster_bw's run (rp_mpi_cluster.h): the ranks, the wiring map,
 * rank 0's plan of rounds, each round through rp_mpi_clrun, rank 0's
 * matrices and their output. Built into rail_cluster_bw alone, as the
 * MPI wrapper is.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/rp_precheck.h"
#include "base/rp_log.h"
#include "base/rp_signal.h"
#include "base/rp_text.h"
#include "base/rp_time.h"
#include "base/rp_version.h"
#include "cluster/rp_clfleet.h"
#include "cluster/rp_clopts.h"
#include "cluster/rp_clpattern.h"
#include "cluster/rp_clreport.h"
#include "cluster/rp_mpi.h"
#include "cluster/rp_mpi_cluster.h"
#include "cluster/rp_mpi_clrun.h"
#include "cluster/rp_wiretext.h"

#define CLB_PAIRS_MAX (1 << 20) /* --pairs file, bytes */

/* What each rank tells rank 0 first, in a layout no version may change:
 * its build (with the sizes of the structs below) and the options every
 * rank must share (rp_clopts_sig). */
struct clb_hello {
	char version[64];
	char opts[192];
};

/* What each rank tells rank 0 at the start. */
struct clb_info {
	int32_t ok; /* its rails were found */
	uint32_t n; /* how many */
	char dev[RP_MAX_RAILS][RP_CL_NAME_LEN];
	struct rp_ident_host id; /* fleet checks: what it runs on */
};

/* The launcher's rank before MPI starts (Open MPI, MPICH, PMIx, Slurm),
 * -1 when not started by one: who prints a refused command line. */
static int clb_env_rank(void)
{
	return rp_mpi_env_rank();
}

/* Parse argv on every rank; only rank 0 (or a lone run) prints. */
static int clb_parse(struct rp_clopts *c, int argc, char **argv)
{
	int quiet = clb_env_rank() > 0, saved = -1, null, ret;

	if (quiet) {
		fflush(stderr);
		saved = dup(STDERR_FILENO);
		null = open("/dev/null", O_WRONLY);
		if (null >= 0) {
			dup2(null, STDERR_FILENO);
			close(null);
		}
	}
	ret = rp_clopts_parse(c, argc, argv);
	if (saved >= 0) {
		dup2(saved, STDERR_FILENO);
		close(saved);
	}
	/* the launcher ends the job at the first rank that exits non-zero and
	 * may drop the output of the others: rank 0, the one that printed,
	 * goes first */
	if (ret && quiet)
		sleep(2);
	if (!ret && !quiet && c->help)
		rp_clopts_usage(stdout);
	if (!ret && !quiet && c->version)
		rp_fprintf(stdout, "rail_cluster_bw (railperf) %s\n",
			   RP_VERSION);
	return ret;
}

/* Rank 0: --pairs's text (heap), or NULL after one line. */
static char *clb_read_pairs(const char *path)
{
	char *text = calloc(1, CLB_PAIRS_MAX + 1);
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f || !text) {
		rp_err("--pairs %s: %s", path, strerror(errno));
		free(text);
		if (f)
			fclose(f);
		return NULL;
	}
	n = fread(text, 1, CLB_PAIRS_MAX + 1, f);
	fclose(f);
	if (n > CLB_PAIRS_MAX) {
		rp_err("--pairs %s: larger than %d bytes", path, CLB_PAIRS_MAX);
		free(text);
		return NULL;
	}
	return text;
}

/* Rank 0: every rank's rails; the matrices' names come later. */
static int clb_check_infos(struct rp_clrun *b, const struct clb_info *all,
			   char (*devs)[RP_CL_NAME_LEN])
{
	unsigned int h, i, n = all[0].n;

	for (h = 0; h < (unsigned int)b->mpi.size; h++) {
		if (!all[h].ok) {
			rp_err("%s: no rails (see its output)", b->mpi.host[h]);
			return -ENODEV;
		}
		if (all[h].n != n) {
			rp_err("%s has %u rails, %s has %u: give every host "
			       "the same rails with -d",
			       b->mpi.host[h], all[h].n, b->mpi.host[0], n);
			return -EINVAL;
		}
		for (i = 0; i < n; i++) {
			memcpy(devs[h * n + i], all[h].dev[i], RP_CL_NAME_LEN);
			rp_text_clean(devs[h * n + i], RP_CL_NAME_LEN);
		}
	}
	for (h = 0; h < (unsigned int)b->mpi.size; h++)
		rp_clfleet_host(&b->fl, &all[h].id);
	return rp_clfleet_open(&b->fl, &b->c);
}

/* Every rank's rails to rank 0 and its verdict back; rank 0 keeps the
 * device names in @devs (heap, [hosts * rails]). */
static int clb_rails(struct rp_clrun *b, char (**devs)[RP_CL_NAME_LEN])
{
	int tag = rp_mpi_tag(0, RP_MPI_SCHED), ret;
	struct clb_info me = { 0 }, *all = NULL;
	int32_t bad = 0;
	unsigned int i;

	me.ok = !rp_clround_init(&b->side, &b->c, b->mpi.host[b->mpi.rank]);
	me.n = b->side.n;
	for (i = 0; i < b->side.n; i++)
		snprintf(me.dev[i], RP_CL_NAME_LEN, "%s", b->side.spec[i].dev);
	if (rp_fleet_opts_any(&b->c.o.fleet))
		rp_clfleet_me(&me.id, &b->side, b->mpi.host[b->mpi.rank]);
	if (!b->mpi.rank) {
		all = calloc((size_t)b->mpi.size, sizeof(*all));
		*devs = calloc((size_t)b->mpi.size * RP_MAX_RAILS,
			       sizeof(**devs));
		if (!all || !*devs) {
			free(all);
			return -ENOMEM;
		}
	}
	ret = rp_mpi_gather(&b->mpi, tag, &me, sizeof(me), all, NULL,
			    b->round_ms, "gathering the rails");
	if (!ret && !b->mpi.rank)
		bad = clb_check_infos(b, all, *devs) ? 1 : 0;
	free(all);
	if (!ret)
		ret = rp_mpi_spread(&b->mpi, tag, &bad, sizeof(bad),
				    b->round_ms, "checking the rails");
	return ret ? ret : bad ? -EINVAL : 0; /* rank 0 said why */
}

/* Rank 0: the matrices of the plan, named, cells without a path marked. */
static int clb_matrices(struct rp_clrun *b, char (*devs)[RP_CL_NAME_LEN])
{
	unsigned int h, n = b->side.n;

	if (rp_matrix_init(&b->mx, (unsigned int)b->mpi.size, n, b->plan.cross))
		return -ENOMEM;
	for (h = 0; h < b->mx.hosts; h++) {
		memcpy(b->mx.host[h], b->mpi.host[h], RP_CL_NAME_LEN);
		rp_text_clean(b->mx.host[h], RP_CL_NAME_LEN);
		memcpy(b->mx.dev[h * n], devs[h * n],
		       (size_t)n * RP_CL_NAME_LEN);
	}
	b->mx.size = b->c.o.size;
	b->mx.duration = b->c.o.duration;
	rp_clplan_nopath(&b->plan, b->wire.on ? &b->wire.map : NULL, &b->mx);
	return 0;
}

/* Rank 0: the JSON's own parts: the wiring map, the pairing. */
static void clb_extra(struct rp_clrun *b)
{
	b->extra = cJSON_CreateObject();
	if (!b->extra)
		return;
	if (b->wire.on)
		cJSON_AddItemToObject(
			b->extra, "wiring",
			rp_wiretext_json(
				&b->wire.map,
				(const char(*)[RP_CL_NAME_LEN])b->wire.names));
	cJSON_AddStringToObject(b->extra, "pairing",
				b->plan.pairing == RP_PAIRING_MAP ? "map" :
								    "index");
	b->mx.extra = b->extra;
}

/* Rank 0: the map printed, the plan made, the matrices ready. */
static int clb_plan(struct rp_clrun *b, char (*devs)[RP_CL_NAME_LEN])
{
	struct rp_clplan_in in = {
		.c = &b->c,
		.hosts = (unsigned int)b->mpi.size,
		.rails = b->side.n,
		.map = b->wire.on ? &b->wire.map : NULL,
		.why_nomap = b->wire.why_off,
	};
	const char **names = calloc((size_t)b->mpi.size, sizeof(*names));
	char *text = NULL;
	int h, ret = names ? 0 : -ENOMEM;

	if (b->wire.on)
		b->nmis = rp_wiretext_print(
			stdout, &b->wire.map,
			(const char(*)[RP_CL_NAME_LEN])b->wire.names);
	else
		rp_fprintf(stdout, " railperf: no wiring map: %s\n",
			   b->wire.why_off);
	if (!ret && b->c.pairs) {
		text = clb_read_pairs(b->c.pairs);
		ret = text ? 0 : -EINVAL;
	}
	for (h = 0; !ret && h < b->mpi.size; h++)
		names[h] = b->mpi.host[h];
	in.names = names;
	in.pairs_text = text;
	if (!ret)
		ret = rp_clplan_make(&b->plan, &in, stdout);
	if (!ret)
		ret = clb_matrices(b, devs);
	if (!ret)
		clb_extra(b);
	free(names);
	free(text);
	return ret;
}

/* Every rank but 0: room for @words of rank 0's rounds, or NULL with
 * one line when no valid schedule of this job is that long. */
static uint32_t *clb_sched_room(const struct rp_clrun *b, uint32_t words)
{
	uint64_t max = rp_flows_words_max((unsigned int)b->mpi.size, b->side.n);

	if (words > max || (uint64_t)words * 4 > INT32_MAX) {
		rp_err("%s: rank 0 announced a schedule of %u words, more "
		       "than %llu (the same railperf on every host?)",
		       b->mpi.host[b->mpi.rank], words,
		       (unsigned long long)max);
		return NULL;
	}
	return calloc((size_t)words + 1, sizeof(uint32_t));
}

/* Every rank but 0: rank 0's rounds, checked before any use. */
static int clb_sched_from(struct rp_clrun *b, const uint32_t *w, uint32_t len)
{
	char why[160];
	int ret;

	ret = rp_flows_decode(&b->flows, w, len, (unsigned int)b->mpi.size,
			      b->side.n, why, sizeof(why));
	if (ret == -EBADMSG)
		rp_err("%s: the schedule from rank 0 is not valid: %s (the "
		       "same railperf on every host?)",
		       b->mpi.host[b->mpi.rank], why);
	return ret;
}

/* Rank 0's plan (or its refusal), then the rounds to every rank. */
static int clb_share_sched(struct rp_clrun *b, char (*devs)[RP_CL_NAME_LEN])
{
	uint32_t head[2] = { 1, 0 }, *w = NULL;
	int tag = rp_mpi_tag(0, RP_MPI_SCHED), ret;

	if (!b->mpi.rank && !clb_plan(b, devs))
		head[0] = rp_flows_encode(&b->plan.flows, &w, &head[1]) ? 1 : 0;
	ret = rp_mpi_spread(&b->mpi, tag, head, sizeof(head), b->round_ms,
			    "sharing the schedule");
	if (!ret && head[0])
		ret = -EINVAL; /* rank 0 said why */
	if (!ret && b->mpi.rank) {
		w = clb_sched_room(b, head[1]);
		ret = w ? 0 : -EINVAL;
	}
	if (!ret)
		ret = rp_mpi_spread(&b->mpi, tag, w, (int)(head[1] * 4),
				    b->round_ms, "sharing the schedule");
	if (!ret && b->mpi.rank)
		ret = clb_sched_from(b, w, head[1]);
	if (!ret && !b->mpi.rank)
		ret = clb_sched_from(b, w, head[1]); /* rank 0 runs it too */
	free(w);
	return ret;
}

/* Rank 0: every rank's build and options against its own; the first
 * mismatch is one line naming the rank and both values. */
static int clb_check_hellos(const struct rp_clrun *b, struct clb_hello *all)
{
	char va[192], vb[192];
	int h;

	for (h = 1; h < b->mpi.size; h++) {
		all[h].version[sizeof(all[h].version) - 1] = '\0';
		all[h].opts[sizeof(all[h].opts) - 1] = '\0';
		if (strcmp(all[h].version, all[0].version)) {
			rp_err("rank %d (%s) runs %s, rank 0 (%s) runs %s: "
			       "start the same railperf build on every host",
			       h, b->mpi.host[h], all[h].version,
			       b->mpi.host[0], all[0].version);
			return -EPROTO;
		}
		if (rp_clopts_sig_diff(all[h].opts, all[0].opts, va, vb,
				       sizeof(va))) {
			rp_err("rank %d (%s) has %s, rank 0 (%s) has %s: give "
			       "every rank the same options",
			       h, b->mpi.host[h], va, b->mpi.host[0], vb);
			return -EPROTO;
		}
	}
	return 0;
}

/* Rank 0: --csv and --out_json can be written at the end of a round,
 * checked before the first one (rp_precheck_file: one line each). */
static int clb_check_files(const struct rp_clrun *b)
{
	int ret = 0;

	if (b->c.csv)
		ret = rp_precheck_file("--csv", b->c.csv);
	if (!ret && b->c.json)
		ret = rp_precheck_file("--out_json_file", b->c.json);
	return ret;
}

/* Every rank's build and options to rank 0, its verdict back (with its
 * results files' check): a job of mixed versions or options, or one whose
 * files cannot be written, ends here, on every rank alike. */
static int clb_hello(struct rp_clrun *b)
{
	int tag = rp_mpi_tag(0, RP_MPI_NAMES), ret;
	struct clb_hello me, *all = NULL;
	int32_t bad = 0;

	memset(&me, 0, sizeof(me));
	snprintf(me.version, sizeof(me.version),
		 "railperf %s (info %zu, report %zu, cell %zu bytes)",
		 RP_VERSION, sizeof(struct clb_info), rp_clrun_report_size(),
		 sizeof(struct rp_cell));
	rp_clopts_sig(&b->c, me.opts, sizeof(me.opts));
	if (!b->mpi.rank) {
		all = calloc((size_t)b->mpi.size, sizeof(*all));
		if (!all)
			return -ENOMEM;
	}
	ret = rp_mpi_gather(&b->mpi, tag, &me, sizeof(me), all, NULL,
			    b->round_ms, "comparing versions and options");
	if (!ret && !b->mpi.rank)
		bad = clb_check_hellos(b, all) || clb_check_files(b) ? 1 : 0;
	free(all);
	if (!ret)
		ret = rp_mpi_spread(&b->mpi, tag, &bad, sizeof(bad),
				    b->round_ms,
				    "comparing versions and options");
	return ret ? ret : bad ? -EPROTO : 0; /* rank 0 said why */
}

/* Every rank's build, options and rails; the wiring map; the rounds. */
static int clb_start(struct rp_clrun *b)
{
	char(*devs)[RP_CL_NAME_LEN] = NULL;
	int ret;

	if (b->mpi.size > RP_SCHED_MAX_HOSTS) {
		if (!b->mpi.rank)
			rp_err("%d ranks: rail_cluster_bw takes at most %d "
			       "(one rank per host)",
			       b->mpi.size, RP_SCHED_MAX_HOSTS);
		return -EINVAL;
	}
	if (b->mpi.size < 2) {
		rp_err("one rank: rail_cluster_bw measures between hosts; "
		       "start one rank on each of 2 or more hosts");
		return -EINVAL;
	}
	ret = clb_hello(b);
	if (!ret)
		ret = clb_rails(b, &devs);
	if (!ret)
		ret = rp_mpi_wire(&b->mpi, &b->wire, b->side.spec, b->side.n,
				  b->round_ms);
	if (!ret)
		ret = clb_share_sched(b, devs);
	free(devs);
	return ret;
}

/* Rank 0: what it has, to the screen and the files; the outliers, and
 * a one-way pattern's flows that failed or whose ends disagree. */
static int clb_results(struct rp_clrun *b, unsigned int *bad)
{
	int n = rp_matrix_analyze(&b->mx, b->c.expect ? b->c.o.expect :
							RP_MATRIX_DEF_PCT);
	cJSON *pat = b->extra ? b->extra : NULL;

	*bad = 0;
	if (b->c.pattern == RP_PATTERN_INCAST)
		*bad = rp_clpattern_incast(stdout, &b->mx, b->plan.dst, pat);
	else if (b->c.pattern == RP_PATTERN_RING)
		*bad = rp_clpattern_ring(stdout, &b->mx, b->plan.ring, pat);
	else
		rp_clreport_tables(stdout, &b->mx);
	if (b->c.pattern == RP_PATTERN_PAIRS)
		rp_clreport_summary(stdout, &b->mx, b->c.expect);
	b->files = rp_clreport_files(&b->mx, b->c.csv, b->c.json);
	if (!b->mx.partial)
		b->fleet = rp_clfleet_report(&b->fl, &b->c, &b->mx, stdout);
	return n;
}

/* Rank 0 cannot go on (a rank gone, a stop): the cells so far, marked
 * partial, then the whole job ends. Before any round's cells came in
 * there is nothing to show: no table, and the results files (an earlier
 * run's, perhaps) are left as they are. */
static void clb_give_up(struct rp_clrun *b, const char *why)
{
	unsigned int bad;

	if (b->mpi.rank) {
		rp_err("%s: ending the job", why);
	} else if (!b->merged) {
		rp_err("%s: ending the job before its first round's results; "
		       "no cell measured, no results file written",
		       why);
	} else {
		rp_err("%s: the cells measured so far follow, marked partial",
		       why);
		b->mx.partial = true;
		clb_results(b, &bad);
	}
	rp_mpi_abort(&b->mpi, 1);
}

/* Rank 0: the run's shape and how long it will take. */
static void clb_intro(const struct rp_clrun *b)
{
	unsigned int d = b->c.o.duration, n = b->flows.nrounds;
	const char *what = b->c.pattern == RP_PATTERN_RING ?
				   "each host to its ring successor at once" :
			   b->c.pattern == RP_PATTERN_INCAST ?
				   "every other host into one at once" :
				   "both directions at once";

	rp_fprintf(stdout,
		   " railperf: %d hosts, %u rails, %u round%s of -D %u s "
		   "(the middle half counted), %s: about %u s\n",
		   b->mpi.size, b->side.n, n, n == 1 ? "" : "s", d, what,
		   n * (d + 1));
}

static const char *clb_why(int err)
{
	switch (err) {
	case -EINTR: return "stopped by a signal";
	case -ETIMEDOUT: return "a rank did not answer in time";
	default: return "an MPI exchange failed";
	}
}

/* Start, every round, the results. Returns 0, or at rank 0 -ERANGE when
 * a cell failed, (--expect) one is an outlier, a miswire was named or a
 * one-way flow failed or was miscounted, or the error of a result file
 * that could not be written (each said so). */
static int clb_run(struct rp_clrun *b)
{
	unsigned int r, bad;
	int ret, outliers;

	ret = clb_start(b);
	if (ret == -EINTR || ret == -ETIMEDOUT || ret == -EIO)
		clb_give_up(b, clb_why(ret));
	if (ret)
		return ret; /* rank 0 said why; every rank ends alike */
	if (!b->mpi.rank)
		clb_intro(b);
	for (r = 0; r < b->flows.nrounds; r++) {
		ret = rp_clrun_round(b, r);
		if (ret)
			clb_give_up(b, clb_why(ret));
	}
	if (b->mpi.rank)
		return 0;
	b->mx.partial = false;
	outliers = clb_results(b, &bad);
	if (rp_matrix_failed(&b->mx) || (b->c.expect && outliers > 0) ||
	    b->nmis || bad)
		return -ERANGE;
	return b->files ? b->files : b->fleet;
}

static int clb_main(struct rp_clrun *b, int *argc, char ***argv)
{
	int ret;

	rp_clfleet_init(&b->fl, &b->c);
	b->tmo_ms = b->c.o.timeout * 1000;
	b->round_ms = (b->c.o.duration + b->c.o.timeout + 10) * 1000;
	ret = rp_mpi_init(&b->mpi, argc, argv, b->tmo_ms, b->round_ms);
	if (ret)
		rp_mpi_abort(&b->mpi, 1);
	if (rp_signal_install())
		rp_mpi_abort(&b->mpi, 1);
	ret = clb_run(b);
	rp_clround_fini(&b->side);
	rp_clplan_fini(&b->plan);
	rp_flows_fini(&b->flows);
	rp_wire_fini(&b->wire);
	rp_matrix_fini(&b->mx);
	rp_clfleet_fini(&b->fl);
	cJSON_Delete(b->extra);
	rp_mpi_fini(&b->mpi);
	return ret;
}

int rp_mpi_cluster_main(int argc, char **argv)
{
	struct rp_clrun *b = calloc(1, sizeof(*b));
	int ret;

	if (!b)
		return 1;
	ret = clb_parse(&b->c, argc, argv);
	if (!ret && !b->c.help && !b->c.version)
		ret = clb_main(b, &argc, &argv);
	free(b);
	return ret ? 1 : 0;
}
