// SPDX-License-Identifier: MIT
/*
 * rail_cluster_bw's run (rp_mpi_cluster.h): the ranks, the schedule of
 * rounds, each round's pairs through rp_clround, rank 0's matrices and
 * their output. Built into rail_cluster_bw alone, as the MPI wrapper is.
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
#include "cluster/rp_clround.h"
#include "cluster/rp_matrix.h"
#include "cluster/rp_mpi.h"
#include "cluster/rp_mpi_cluster.h"
#include "cluster/rp_clreport.h"
#include "cluster/rp_sched.h"

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

/* What each rank tells rank 0 after a round. */
struct clb_report {
	int32_t partner; /* -1: sat out */
	int32_t first;
	uint32_t shift;
	uint32_t pad;
	struct rp_cell cells[RP_MAX_RAILS]; /* its rail i -> the partner */
};

struct clb {
	struct rp_clopts c;
	struct rp_mpi mpi;
	struct rp_clround side;
	struct rp_sched sched;
	struct rp_matrix mx;   /* rank 0 */
	unsigned int tmo_ms;   /* --timeout */
	unsigned int round_ms; /* a round's bound at rank 0, from its start */
	uint8_t *out, *in;     /* rp_clround_pack buffers */
	size_t cap;
	int files;	      /* rank 0: the last --csv/--out_json write */
	unsigned int merged;  /* rank 0: rounds whose cells are in mx */
	struct rp_clfleet fl; /* rank 0: --baseline, --junit ... */
	int fleet;	      /* rank 0: their verdict (rp_clfleet_report) */
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

/* Rank 0: the --pairs file's text (heap), or NULL after one line. */
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

/* Rank 0: the rounds, circle method or --pairs. */
static int clb_build_sched(struct clb *b)
{
	unsigned int hosts = (unsigned int)b->mpi.size, n, i;
	const char **names;
	struct rp_pair *list;
	char *text;
	int ret;

	if (hosts < 2) {
		rp_err("one rank: rail_cluster_bw measures between hosts; "
		       "start one rank on each of 2 or more hosts");
		return -EINVAL;
	}
	if (!b->c.pairs)
		return rp_sched_circle(&b->sched, hosts, b->side.n, b->c.cross);
	text = clb_read_pairs(b->c.pairs);
	if (!text)
		return -EINVAL;
	names = calloc(hosts, sizeof(*names)); /* [hosts]: any job size */
	if (!names) {
		free(text);
		return -ENOMEM;
	}
	for (i = 0; i < hosts; i++)
		names[i] = b->mpi.host[i];
	ret = rp_sched_parse(text, b->c.pairs, names, hosts, &list, &n);
	free(names);
	free(text);
	if (!ret)
		ret = rp_sched_pack(&b->sched, list, n, hosts, b->side.n,
				    b->c.cross);
	if (!ret)
		free(list);
	return ret;
}

/* Rank 0: every rank's rails; the matrices' names. */
static int clb_check_infos(struct clb *b, const struct clb_info *all)
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
	}
	if (rp_matrix_init(&b->mx, (unsigned int)b->mpi.size, n, b->c.cross))
		return -ENOMEM;
	for (h = 0; h < b->mx.hosts; h++) {
		memcpy(b->mx.host[h], b->mpi.host[h], RP_CL_NAME_LEN);
		for (i = 0; i < n; i++) {
			memcpy(b->mx.dev[h * n + i], all[h].dev[i],
			       RP_CL_NAME_LEN);
			rp_text_clean(b->mx.dev[h * n + i], RP_CL_NAME_LEN);
		}
	}
	b->mx.size = b->c.o.size;
	b->mx.duration = b->c.o.duration;
	for (h = 0; h < b->mx.hosts; h++)
		rp_clfleet_host(&b->fl, &all[h].id);
	return rp_clfleet_open(&b->fl, &b->c);
}

/* Every rank but 0: rank 0's schedule, checked before any use. */
static int clb_sched_from(struct clb *b, const uint32_t *w, uint32_t len)
{
	char why[160];
	int ret;

	ret = rp_sched_decode(&b->sched, w, len, (unsigned int)b->mpi.size,
			      b->side.n, why, sizeof(why));
	if (ret == -EBADMSG)
		rp_err("%s: the schedule from rank 0 is not valid: %s (the "
		       "same railperf on every host?)",
		       b->mpi.host[b->mpi.rank], why);
	return ret;
}

/* Every rank but 0: room for @words of rank 0's schedule, or NULL with
 * one line when no valid schedule of this job is that long. */
static uint32_t *clb_sched_room(const struct clb *b, uint32_t words)
{
	uint64_t max = rp_sched_words_max((unsigned int)b->mpi.size, b->side.n);

	if (words > max || (uint64_t)words * 4 > INT32_MAX) {
		rp_err("%s: rank 0 announced a schedule of %u words, more "
		       "than %llu (the same railperf on every host?)",
		       b->mpi.host[b->mpi.rank], words,
		       (unsigned long long)max);
		return NULL;
	}
	return calloc((size_t)words + 1, sizeof(uint32_t));
}

/* Rank 0's verdict on the rails and the rounds, then the rounds to all. */
static int clb_share_sched(struct clb *b, const struct clb_info *all)
{
	uint32_t head[2] = { 1, 0 }, *w = NULL;
	int tag = rp_mpi_tag(0, RP_MPI_SCHED), ret;

	if (!b->mpi.rank && !clb_check_infos(b, all) && !clb_build_sched(b))
		head[0] = rp_sched_encode(&b->sched, &w, &head[1]) ? 1 : 0;
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
	free(w);
	return ret;
}

/* Rank 0: every rank's build and options against its own; the first
 * mismatch is one line naming the rank and both values. */
static int clb_check_hellos(const struct clb *b, struct clb_hello *all)
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
static int clb_check_files(const struct clb *b)
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
static int clb_hello(struct clb *b)
{
	int tag = rp_mpi_tag(0, RP_MPI_NAMES), ret;
	struct clb_hello me, *all = NULL;
	int32_t bad = 0;

	memset(&me, 0, sizeof(me));
	snprintf(me.version, sizeof(me.version),
		 "railperf %s (info %zu, report %zu, cell %zu bytes)",
		 RP_VERSION, sizeof(struct clb_info), sizeof(struct clb_report),
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

/* Every rank's rails to rank 0, the schedule back. */
static int clb_start(struct clb *b)
{
	struct clb_info me = { 0 }, *all = NULL;
	unsigned int i;
	int ret;

	if (b->mpi.size > RP_SCHED_MAX_HOSTS) {
		if (!b->mpi.rank)
			rp_err("%d ranks: rail_cluster_bw takes at most %d "
			       "(one rank per host)",
			       b->mpi.size, RP_SCHED_MAX_HOSTS);
		return -EINVAL;
	}
	ret = clb_hello(b);
	if (ret)
		return ret;

	me.ok = !rp_clround_init(&b->side, &b->c, b->mpi.host[b->mpi.rank]);
	me.n = b->side.n;
	for (i = 0; i < b->side.n; i++)
		snprintf(me.dev[i], RP_CL_NAME_LEN, "%s", b->side.spec[i].dev);
	if (rp_fleet_opts_any(&b->c.o.fleet))
		rp_clfleet_me(&me.id, &b->side, b->mpi.host[b->mpi.rank]);
	if (!b->mpi.rank)
		all = calloc((size_t)b->mpi.size, sizeof(*all));
	if (!b->mpi.rank && !all)
		return -ENOMEM;
	ret = rp_mpi_gather(&b->mpi, rp_mpi_tag(0, RP_MPI_SCHED), &me,
			    sizeof(me), all, NULL, b->round_ms,
			    "gathering the rails");
	if (!ret)
		ret = clb_share_sched(b, all);
	free(all);
	b->cap = rp_clround_pack_max(&b->side);
	b->out = malloc(b->cap);
	b->in = malloc(b->cap);
	return ret || (b->out && b->in) ? ret : -ENOMEM;
}

/* Every rail's cell of this round failed for @why. */
static void clb_fail_all(struct clb *b, struct clb_report *rep, const char *why)
{
	unsigned int i;

	for (i = 0; i < b->side.n; i++) {
		memset(&rep->cells[i], 0, sizeof(rep->cells[i]));
		rep->cells[i].status = RP_CELL_FAIL;
		snprintf(rep->cells[i].reason, RP_CELL_REASON_LEN, "%s", why);
	}
}

/* Rails connected at both ends: bit i when the partner's rail of i is. */
static uint32_t clb_both(const struct clb *b, const struct clb_report *rep,
			 uint32_t mine, uint32_t theirs)
{
	uint32_t both = 0;
	unsigned int i, j;

	for (i = 0; i < b->side.n; i++) {
		j = rp_sched_peer_rail(rep->shift, b->side.n, i, rep->first);
		if ((mine & (1u << i)) && (theirs & (1u << j)))
			both |= 1u << i;
	}
	return both;
}

/* The exchanges with the partner and the run; cells into @rep. */
static int clb_pair_run(struct clb *b, unsigned int r, struct clb_report *rep)
{
	uint32_t mine = 0, theirs = 0;
	char what[160];
	int got = 0, ret;
	size_t len;

	snprintf(what, sizeof(what), "round %u: exchanging the rails", r + 1);
	len = rp_clround_pack(&b->side, b->out, b->cap);
	ret = rp_mpi_swap(&b->mpi, rep->partner, rp_mpi_tag(r, RP_MPI_ADDR),
			  b->out, (int)len, b->in, (int)b->cap, &got, b->tmo_ms,
			  what);
	if (!ret)
		ret = rp_clround_unpack(&b->side, b->in, (size_t)got);
	if (ret)
		return ret;
	rp_clround_connect(&b->side, rep->shift, rep->first, &mine);
	snprintf(what, sizeof(what), "round %u: the connected rails", r + 1);
	ret = rp_mpi_swap(&b->mpi, rep->partner, rp_mpi_tag(r, RP_MPI_READY),
			  &mine, 4, &theirs, 4, &got, b->tmo_ms, what);
	if (ret)
		return ret;
	ret = rp_clround_run(&b->side, rep->shift, rep->first,
			     clb_both(b, rep, mine, theirs),
			     b->mpi.host[rep->partner], rep->cells);
	if (ret)
		return ret;
	/* both runs over before either side's QPs go: a QP destroyed under
	 * the partner's last WRITEs would stall them */
	/* the READY swap started both runs together: a partner not done
	 * within --timeout of this side's end is gone */
	snprintf(what, sizeof(what), "round %u: the end of the run", r + 1);
	return rp_mpi_swap(&b->mpi, rep->partner, rp_mpi_tag(r, RP_MPI_DONE),
			   &mine, 4, &theirs, 4, &got, b->tmo_ms, what);
}

/* This rank's pair in round @r: open, exchange, run, close. */
static int clb_pair(struct clb *b, unsigned int r, struct clb_report *rep)
{
	const char *peer = b->mpi.host[rep->partner];
	char why[RP_CELL_REASON_LEN];
	int ret;

	rp_clround_open(&b->side);
	ret = clb_pair_run(b, r, rep);
	rp_clround_close(&b->side);
	if (ret == -ETIMEDOUT)
		snprintf(why, sizeof(why), "no answer from %.40s within %u s",
			 peer, b->c.o.timeout);
	else
		snprintf(why, sizeof(why), "exchange with %.40s failed: %s",
			 peer, strerror(-ret));
	if (ret && ret != -EINTR)
		clb_fail_all(b, rep, why);
	return ret == -EINTR ? ret : 0;
}

/* Rank 0: a rank's report into the matrices, each cell at its data's
 * sender and receiver: host @h's WRITEs go to its partner, its READs
 * (--verb=read) come from it. */
static void clb_merge(struct clb *b, unsigned int h, const struct clb_report *p)
{
	bool read = b->side.plan.verb->pulls; /* the data flows to h */
	unsigned int i, j, n = b->side.n, q;

	if (p->partner < 0 || p->partner >= b->mpi.size)
		return;
	q = (unsigned int)p->partner;
	for (i = 0; i < n; i++) {
		struct rp_cell *c;

		j = rp_sched_peer_rail(p->shift, n, i, p->first);
		c = rp_matrix_at(&b->mx,
				 read ? rp_matrix_index(&b->mx, j, i) :
					rp_matrix_index(&b->mx, i, j),
				 read ? q : h, read ? h : q);
		*c = p->cells[i];
		/* printed with %s: terminated, control bytes as '?' */
		rp_text_clean(c->reason, RP_CELL_REASON_LEN);
	}
}

/* Rank 0: what it has, to the screen and the files; the outliers. */
static int clb_results(struct clb *b)
{
	int n = rp_matrix_analyze(&b->mx, b->c.expect ? b->c.o.expect :
							RP_MATRIX_DEF_PCT);

	rp_clreport_tables(stdout, &b->mx);
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
static void clb_give_up(struct clb *b, const char *why)
{
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
		clb_results(b);
	}
	rp_mpi_abort(&b->mpi, 1);
}

/* Rank 0: the round's progress line. */
static void clb_progress(struct clb *b, unsigned int r, double secs)
{
	const struct rp_round *rd = &b->sched.rounds[r];
	char line[4096], shift[64] = "";
	size_t off = 0;
	unsigned int i;

	for (i = 0; i < rd->npairs && off < sizeof(line); i++)
		off += (size_t)snprintf(line + off, sizeof(line) - off,
					" %s-%s", b->mpi.host[rd->pairs[i].a],
					b->mpi.host[rd->pairs[i].b]);
	if (b->c.cross)
		snprintf(shift, sizeof(shift), " (rail i -> rail i+%u)",
			 rd->shift);
	rp_fprintf(stdout, " railperf: round %u/%u%s:%s: done in %.1f s\n",
		   r + 1, b->sched.nrounds, shift, line, secs);
}

/* Rank 0: what is left of the round's bound (-D + --timeout + 10 s from
 * the round's start at @t0, rp_now_ns), at least 1 s: a pair that does
 * not answer gives up within --timeout of its run's end (clb_pair_run),
 * so every live rank has reported by then. */
static unsigned int clb_left_ms(const struct clb *b, uint64_t t0)
{
	uint64_t spent = (rp_now_ns() - t0) / 1000000;

	return spent + 1000 < b->round_ms ? b->round_ms - (unsigned int)spent :
					    1000;
}

/* Every rank's report of round @r to rank 0, merged and written there. */
static int clb_collect(struct clb *b, unsigned int r,
		       const struct clb_report *rep, uint64_t t0)
{
	struct clb_report *all = NULL;
	char what[64];
	int ret;

	if (!b->mpi.rank) {
		all = calloc((size_t)b->mpi.size, sizeof(*all));
		if (!all)
			return -ENOMEM;
	}
	snprintf(what, sizeof(what), "round %u: the results", r + 1);
	ret = rp_mpi_gather(&b->mpi, rp_mpi_tag(r, RP_MPI_CELLS), rep,
			    sizeof(*rep), all, NULL,
			    b->mpi.rank ? 2 * b->round_ms : clb_left_ms(b, t0),
			    what);
	for (int h = 0; !ret && !b->mpi.rank && h < b->mpi.size; h++)
		clb_merge(b, (unsigned int)h, &all[h]);
	free(all);
	if (ret || b->mpi.rank)
		return ret;
	b->merged++;
	clb_progress(b, r, (double)(rp_now_ns() - t0) / 1e9);
	b->files = rp_clreport_files(&b->mx, b->c.csv, b->c.json);
	return 0;
}

/* Rank 0 releases the next round (or, @stop, ends the run). */
static int clb_go(struct clb *b, unsigned int r, int32_t *stop)
{
	char what[64];

	snprintf(what, sizeof(what), "round %u: waiting for rank 0", r + 1);
	return rp_mpi_spread(
		&b->mpi, rp_mpi_tag(r, RP_MPI_GO), stop, sizeof(*stop),
		b->mpi.rank ? 2 * b->round_ms + b->tmo_ms : b->tmo_ms, what);
}

/* Round @r at this rank; -EINTR / -ETIMEDOUT / -EIO end the job. */
static int clb_round(struct clb *b, unsigned int r)
{
	const struct rp_round *rd = &b->sched.rounds[r];
	struct clb_report rep;
	uint64_t t0 = rp_now_ns();
	int32_t stop = 0;
	bool first = false;
	int ret = 0;

	memset(&rep, 0, sizeof(rep));
	rep.partner = rp_sched_partner(rd, (unsigned int)b->mpi.rank, &first);
	rep.first = first;
	rep.shift = rd->shift;
	if (rep.partner >= 0)
		ret = clb_pair(b, r, &rep);
	if (!ret)
		ret = clb_collect(b, r, &rep, t0);
	if (!ret) {
		stop = !b->mpi.rank && rp_stop_requested();
		ret = clb_go(b, r, &stop);
	}
	if (!ret && stop)
		ret = -EINTR;
	return ret;
}

/* Rank 0: the run's shape and how long it will take. */
static void clb_intro(const struct clb *b)
{
	unsigned int d = b->c.o.duration, n = b->sched.nrounds;

	rp_fprintf(stdout,
		   " railperf: %d hosts, %u rails, %u rounds of -D %u s "
		   "(the middle half counted), both directions at once: "
		   "about %u s\n",
		   b->mpi.size, b->side.n, n, d, n * (d + 1));
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
 * a cell failed or (--expect) one is an outlier, or the error of a result
 * file that could not be written (each said so). */
static int clb_run(struct clb *b)
{
	unsigned int r;
	int ret, outliers;

	ret = clb_start(b);
	if (ret == -EINTR || ret == -ETIMEDOUT || ret == -EIO)
		clb_give_up(b, clb_why(ret));
	if (ret)
		return ret; /* rank 0 said why; every rank ends alike */
	if (!b->mpi.rank)
		clb_intro(b);
	for (r = 0; r < b->sched.nrounds; r++) {
		ret = clb_round(b, r);
		if (ret)
			clb_give_up(b, clb_why(ret));
	}
	if (b->mpi.rank)
		return 0;
	b->mx.partial = false;
	outliers = clb_results(b);
	if (rp_matrix_failed(&b->mx) || (b->c.expect && outliers > 0))
		return -ERANGE;
	return b->files ? b->files : b->fleet;
}

static int clb_main(struct clb *b, int *argc, char ***argv)
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
	rp_sched_fini(&b->sched);
	rp_matrix_fini(&b->mx);
	rp_clfleet_fini(&b->fl);
	free(b->out);
	free(b->in);
	rp_mpi_fini(&b->mpi);
	return ret;
}

int rp_mpi_cluster_main(int argc, char **argv)
{
	struct clb *b = calloc(1, sizeof(*b));
	int ret;

	if (!b)
		return 1;
	ret = clb_parse(&b->c, argc, argv);
	if (!ret && !b->c.help && !b->c.version)
		ret = clb_main(b, &argc, &argv);
	free(b);
	return ret ? 1 : 0;
}
