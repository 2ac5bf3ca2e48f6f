// SPDX-License-Identifier: MIT
/*
 * rail_cluster_bw's rounds over MPI (rp_mpi_clrun.h). Built into
 * rail_cluster_bw alone, as the MPI wrapper is.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_log.h"
#include "base/rp_signal.h"
#include "base/rp_text.h"
#include "base/rp_time.h"
#include "cluster/rp_clreport.h"
#include "cluster/rp_mpi_clrun.h"

/* What each rank tells rank 0 after a round: each of its flow ends, in
 * rp_flows_ends's order, with its cell. */
struct clb_report {
	uint32_t nends;
	uint32_t flow[RP_FLOWS_MAX_ENDS];
	uint32_t role[RP_FLOWS_MAX_ENDS]; /* enum rp_end_role */
	struct rp_cell cells[RP_FLOWS_MAX_ENDS];
};

/* The hosts this rank shares a flow with this round, in end order. */
static int clb_peers(const struct rp_clround *s, int *peers)
{
	unsigned int k;
	int n = 0, i;

	for (k = 0; k < s->nends; k++) {
		for (i = 0; i < n && peers[i] != (int)s->ends[k].peer; i++)
			;
		if (i == n)
			peers[n++] = (int)s->ends[k].peer;
	}
	return n;
}

/* Buffers of one exchange with @n peers: out[i] and in[i] of cap[i]. */
struct clb_bufs {
	void *out[RP_FLOWS_MAX_ENDS], *in[RP_FLOWS_MAX_ENDS];
	int len[RP_FLOWS_MAX_ENDS], cap[RP_FLOWS_MAX_ENDS];
	int got[RP_FLOWS_MAX_ENDS];
};

static void clb_bufs_free(struct clb_bufs *x, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		free(x->out[i]);
		free(x->in[i]);
	}
}

/* The ends' addresses with every peer: packed, swapped, unpacked. */
static int clb_addrs(struct rp_clrun *b, unsigned int r, int n,
		     const int *peers)
{
	struct clb_bufs x;
	char what[160];
	int i, ret = 0;

	memset(&x, 0, sizeof(x));
	for (i = 0; i < n && !ret; i++) {
		size_t cap = rp_clround_pack_max(&b->side, (unsigned)peers[i]);

		x.out[i] = malloc(cap);
		x.in[i] = malloc(cap);
		x.cap[i] = (int)cap;
		if (!x.out[i] || !x.in[i])
			ret = -ENOMEM;
		else
			x.len[i] = (int)rp_clround_pack(
				&b->side, (unsigned)peers[i], x.out[i], cap);
	}
	snprintf(what, sizeof(what), "round %u: exchanging the rails", r + 1);
	if (!ret)
		ret = rp_mpi_swapv(&b->mpi, n, peers,
				   rp_mpi_tag(r, RP_MPI_ADDR),
				   (const void *const *)x.out, x.len, x.in,
				   x.cap, x.got, b->tmo_ms, what);
	for (i = 0; i < n && !ret; i++)
		ret = rp_clround_unpack(&b->side, (unsigned)peers[i], x.in[i],
					(size_t)x.got[i]);
	clb_bufs_free(&x, n);
	return ret;
}

/* A word (a mask of ends) swapped with every peer. */
static int clb_words(struct rp_clrun *b, unsigned int r, int n,
		     const int *peers, enum rp_mpi_kind kind,
		     const uint32_t *mine, uint32_t *theirs, const char *what)
{
	const void *out[RP_FLOWS_MAX_ENDS];
	void *in[RP_FLOWS_MAX_ENDS];
	int len[RP_FLOWS_MAX_ENDS], got[RP_FLOWS_MAX_ENDS], i;
	char w[160];

	for (i = 0; i < n; i++) {
		out[i] = &mine[i];
		in[i] = &theirs[i];
		len[i] = 4;
		theirs[i] = 0;
	}
	snprintf(w, sizeof(w), "round %u: %s", r + 1, what);
	return rp_mpi_swapv(&b->mpi, n, peers, rp_mpi_tag(r, kind), out, len,
			    in, len, got, b->tmo_ms, w);
}

/* The exchanges with the partners and the run; cells into @rep. */
static int clb_pair_run(struct rp_clrun *b, unsigned int r,
			struct clb_report *rep, int n, const int *peers)
{
	uint32_t mine = 0, both = 0, mm[RP_FLOWS_MAX_ENDS],
		 tm[RP_FLOWS_MAX_ENDS];
	int i, ret = clb_addrs(b, r, n, peers);

	if (ret)
		return ret;
	rp_clround_connect(&b->side, &mine);
	for (i = 0; i < n; i++)
		mm[i] = rp_clround_mask(&b->side, (unsigned)peers[i], mine,
					false);
	ret = clb_words(b, r, n, peers, RP_MPI_READY, mm, tm,
			"the connected rails");
	for (i = 0; i < n && !ret; i++)
		both |= rp_clround_mask(&b->side, (unsigned)peers[i],
					mm[i] & tm[i], true);
	if (!ret)
		ret = rp_clround_run(&b->side, both,
				     (const char(*)[RP_CL_NAME_LEN])b->mpi.host,
				     rep->cells);
	if (ret)
		return ret;
	/* both runs over before either side's QPs go: a QP destroyed under
	 * the partner's last WRITEs would stall them; the READY swap
	 * started the runs together: a partner not done within --timeout
	 * of this side's end is gone */
	ret = clb_words(b, r, n, peers, RP_MPI_DONE, mm, tm,
			"the end of the run");
	/* every sender's run is over: what its receivers' loops left in
	 * their CQs arrived within the run (the receiver's count) */
	if (!ret)
		rp_clround_reap(&b->side, rep->cells);
	return ret;
}

/* Every end's cell of this round failed for @why. */
static void clb_fail_all(struct clb_report *rep, const char *why)
{
	unsigned int k;

	for (k = 0; k < rep->nends; k++) {
		memset(&rep->cells[k], 0, sizeof(rep->cells[k]));
		rep->cells[k].status = RP_CELL_FAIL;
		snprintf(rep->cells[k].reason, RP_CELL_REASON_LEN, "%s", why);
	}
}

/* This rank's ends in round @r: open, exchange, run, close. */
static int clb_pair(struct rp_clrun *b, unsigned int r, struct clb_report *rep,
		    const struct rp_fend *ends)
{
	char why[RP_CELL_REASON_LEN], who[48];
	int peers[RP_FLOWS_MAX_ENDS], n, ret;

	rp_clround_open(&b->side, ends, rep->nends);
	n = clb_peers(&b->side, peers);
	ret = clb_pair_run(b, r, rep, n, peers);
	rp_clround_close(&b->side);
	snprintf(who, sizeof(who), "%.40s",
		 n == 1 ? b->mpi.host[peers[0]] : "its partners");
	if (ret == -ETIMEDOUT)
		snprintf(why, sizeof(why), "no answer from %s within %u s", who,
			 b->c.o.timeout);
	else
		snprintf(why, sizeof(why), "exchange with %s failed: %s", who,
			 strerror(-ret));
	if (ret && ret != -EINTR)
		clb_fail_all(rep, why);
	return ret == -EINTR ? ret : 0;
}

/* Rank 0: a one-way flow's end into its cell: the sender's count beside,
 * the receiver's as the cell's own; a failure at either end fails it. */
static void clb_merge_oneway(struct rp_cell *c, const struct rp_cell *in,
			     enum rp_end_role role)
{
	c->oneway = 1;
	c->qps = in->qps;
	if (role == RP_END_SEND) {
		c->tx_all = in->tx_all;
		c->tx_gbps = in->status == RP_CELL_OK ? in->gbps : 0;
		if (in->status == RP_CELL_FAIL) {
			c->status = RP_CELL_FAIL;
			snprintf(c->reason, sizeof(c->reason), "sender: %.80s",
				 in->reason);
		}
		return;
	}
	c->gbps = in->gbps;
	c->bytes = in->bytes;
	c->msgs = in->msgs;
	c->rx_all = in->rx_all;
	c->ceiling = in->ceiling;
	if (c->status == RP_CELL_FAIL)
		return; /* the sender's reason stands */
	c->status = in->status;
	memcpy(c->reason, in->reason, sizeof(c->reason));
}

/* Rank 0: host @h's end @k of round @r into the matrices: a pairs end at
 * its data's sender and receiver (h's WRITEs go to the partner, its READs
 * come from it), a one-way end at its flow's cell. */
static void clb_merge_end(struct rp_clrun *b, const struct rp_flow *f,
			  unsigned int h, enum rp_end_role role,
			  struct rp_cell *in)
{
	bool read = b->side.plan.verb->pulls, a = f->a == h;
	uint32_t me = a ? f->ra : f->rb, o = a ? f->b : f->a;
	uint32_t orail = a ? f->rb : f->ra;
	struct rp_matrix *m = &b->mx;
	struct rp_cell *c;

	in->reason[RP_CELL_REASON_LEN - 1] = '\0';
	rp_text_clean(in->reason, RP_CELL_REASON_LEN);
	if (role != RP_END_BOTH) {
		c = rp_matrix_at(m, rp_matrix_index(m, f->ra, f->rb), f->a,
				 f->b);
		clb_merge_oneway(c, in, role);
		return;
	}
	c = rp_matrix_at(m,
			 read ? rp_matrix_index(m, orail, me) :
				rp_matrix_index(m, me, orail),
			 read ? o : h, read ? h : o);
	*c = *in;
}

/* Rank 0: a rank's report of round @r, each end checked against the
 * round's flows before it is merged. */
static void clb_merge(struct rp_clrun *b, unsigned int r, unsigned int h,
		      struct clb_report *p)
{
	const struct rp_fround *rd = &b->flows.rounds[r];
	unsigned int k;

	for (k = 0; k < p->nends && k < RP_FLOWS_MAX_ENDS; k++) {
		const struct rp_flow *f;
		enum rp_end_role role = (enum rp_end_role)p->role[k];

		if (p->flow[k] >= rd->nflows)
			continue;
		f = &rd->flows[p->flow[k]];
		if ((role == RP_END_SEND && f->a != h) ||
		    (role == RP_END_RECV && f->b != h) ||
		    (role == RP_END_BOTH && f->a != h && f->b != h) ||
		    (role > RP_END_RECV))
			continue;
		clb_merge_end(b, f, h, role, &p->cells[k]);
	}
}

/* Rank 0: the round's progress line: its pairs of hosts ("a-b" both
 * ways, "a>b" one way), each once. */
static void clb_progress(struct rp_clrun *b, unsigned int r, double secs)
{
	const struct rp_fround *rd = &b->flows.rounds[r];
	char line[4096], pair[160], last[160] = "", shift[64] = "";
	size_t off = 0;
	unsigned int i;

	line[0] = '\0';
	for (i = 0; i < rd->nflows && off < sizeof(line); i++) {
		const struct rp_flow *f = &rd->flows[i];

		snprintf(pair, sizeof(pair), "%.70s%s%.70s", b->mpi.host[f->a],
			 f->kind == RP_FLOW_BOTH ? "-" : ">",
			 b->mpi.host[f->b]);
		if (!strcmp(pair, last))
			continue;
		memcpy(last, pair, sizeof(last));
		off += (size_t)snprintf(line + off, sizeof(line) - off, " %s",
					pair);
	}
	if (b->c.cross)
		snprintf(shift, sizeof(shift), " (rail i -> rail i+%u)",
			 rd->shift);
	rp_fprintf(stdout, " railperf: round %u/%u%s:%s: done in %.1f s\n",
		   r + 1, b->flows.nrounds, shift, line, secs);
}

/* Rank 0: what is left of the round's bound (-D + --timeout + 10 s from
 * the round's start at @t0, rp_now_ns), at least 1 s: a pair that does
 * not answer gives up within --timeout of its run's end (clb_pair_run),
 * so every live rank has reported by then. */
static unsigned int clb_left_ms(const struct rp_clrun *b, uint64_t t0)
{
	uint64_t spent = (rp_now_ns() - t0) / 1000000;

	return spent + 1000 < b->round_ms ? b->round_ms - (unsigned int)spent :
					    1000;
}

/* Every rank's report of round @r to rank 0, merged and written there. */
static int clb_collect(struct rp_clrun *b, unsigned int r,
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
		clb_merge(b, r, (unsigned int)h, &all[h]);
	free(all);
	if (ret || b->mpi.rank)
		return ret;
	b->merged++;
	clb_progress(b, r, (double)(rp_now_ns() - t0) / 1e9);
	b->files = rp_clreport_files(&b->mx, b->c.csv, b->c.json);
	return 0;
}

/* Rank 0 releases the next round (or, @stop, ends the run). */
static int clb_go(struct rp_clrun *b, unsigned int r, int32_t *stop)
{
	char what[64];

	snprintf(what, sizeof(what), "round %u: waiting for rank 0", r + 1);
	return rp_mpi_spread(
		&b->mpi, rp_mpi_tag(r, RP_MPI_GO), stop, sizeof(*stop),
		b->mpi.rank ? 2 * b->round_ms + b->tmo_ms : b->tmo_ms, what);
}

int rp_clrun_round(struct rp_clrun *b, unsigned int r)
{
	struct rp_fend ends[RP_FLOWS_MAX_ENDS];
	struct clb_report *rep = calloc(1, sizeof(*rep));
	uint64_t t0 = rp_now_ns();
	int32_t stop = 0;
	unsigned int k;
	int ret = rep ? 0 : -ENOMEM;

	if (rep)
		rep->nends = rp_flows_ends(&b->flows.rounds[r],
					   (unsigned int)b->mpi.rank, ends);
	for (k = 0; rep && k < rep->nends; k++) {
		rep->flow[k] = ends[k].flow;
		rep->role[k] = ends[k].role;
	}
	if (!ret && rep->nends)
		ret = clb_pair(b, r, rep, ends);
	if (!ret)
		ret = clb_collect(b, r, rep, t0);
	if (!ret) {
		stop = !b->mpi.rank && rp_stop_requested();
		ret = clb_go(b, r, &stop);
	}
	free(rep);
	if (!ret && stop)
		ret = -EINTR;
	return ret;
}

size_t rp_clrun_report_size(void)
{
	return sizeof(struct clb_report);
}
