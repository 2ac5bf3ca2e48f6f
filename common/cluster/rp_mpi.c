// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/rp_log.h"
#include "base/rp_text.h"
#include "base/rp_signal.h"
#include "base/rp_time.h"
#include "cluster/rp_mpi.h"

#define RP_MPI_POLL_NS 1000000 /* 1 ms between tests */
#define RP_MPI_ROUNDS 4096     /* tags: (round mod this) * kinds + kind */

/* A request in flight and the rank at its other end. */
struct rp_mpi_req {
	MPI_Request r;
	int peer;
	bool recv;
};

int rp_mpi_tag(unsigned int round, enum rp_mpi_kind kind)
{
	return (int)((round % RP_MPI_ROUNDS) * RP_MPI_KINDS + kind);
}

static int rp_mpi_error(int rc, const char *what)
{
	char text[MPI_MAX_ERROR_STRING];
	int len = 0;

	MPI_Error_string(rc, text, &len);
	rp_err("MPI: %s: %s", what, text);
	return -EIO;
}

/* Give up the requests still in flight (receives cancelled). */
static void rp_mpi_drop(struct rp_mpi_req *q, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		if (q[i].r == MPI_REQUEST_NULL)
			continue;
		if (q[i].recv)
			MPI_Cancel(&q[i].r);
		MPI_Request_free(&q[i].r);
	}
}

/* "HOST (rank R), ..." of the requests still in flight, into @out;
 * marks them in @missing (may be NULL). */
static void rp_mpi_peers(const struct rp_mpi *m, const struct rp_mpi_req *q,
			 int n, bool *missing, char *out, size_t len)
{
	size_t off = 0;
	int i;

	out[0] = '\0';
	for (i = 0; i < n; i++) {
		if (q[i].r == MPI_REQUEST_NULL)
			continue;
		if (missing)
			missing[q[i].peer] = true;
		if (i && q[i - 1].peer == q[i].peer &&
		    q[i - 1].r != MPI_REQUEST_NULL)
			continue; /* a swap: one peer, two requests */
		if (off < len)
			off += (size_t)snprintf(out + off, len - off,
						"%s%s (rank %d)",
						off ? ", " : "",
						m->host[q[i].peer], q[i].peer);
	}
}

/* One line naming the hosts of the requests still in flight. */
static void rp_mpi_late(const struct rp_mpi *m, const struct rp_mpi_req *q,
			int n, unsigned int timeout_ms, const char *what,
			bool *missing)
{
	char names[1024];

	rp_mpi_peers(m, q, n, missing, names, sizeof(names));
	rp_err("%s: no answer from %s within %u s", what, names,
	       (timeout_ms + 999) / 1000);
}

/* The watchdog's backstop over an exchange: its own deadline plus
 * --timeout, naming what it waits for and from whom. */
static void rp_mpi_watch(struct rp_mpi *m, const struct rp_mpi_req *q, int n,
			 unsigned int timeout_ms, const char *what)
{
	char names[200], missing[256];

	rp_mpi_peers(m, q, n, NULL, names, sizeof(names));
	snprintf(missing, sizeof(missing), "%s: %s", what, names);
	rp_wd_enter(&m->wd, "MPI_Test", missing,
		    (uint64_t)timeout_ms + m->tmo_ms);
}

/* rp_mpi_wait's loop. */
static int rp_mpi_test_all(const struct rp_mpi *m, struct rp_mpi_req *q, int n,
			   MPI_Status *st, unsigned int timeout_ms,
			   const char *what, bool *missing)
{
	const struct timespec nap = { .tv_nsec = RP_MPI_POLL_NS };
	uint64_t end = rp_now_ns() + (uint64_t)timeout_ms * 1000000;
	int i, done, rc, pending;

	for (;;) {
		for (i = 0, pending = 0; i < n; i++) {
			if (q[i].r == MPI_REQUEST_NULL)
				continue;
			rc = MPI_Test(&q[i].r, &done,
				      st ? &st[i] : MPI_STATUS_IGNORE);
			if (rc != MPI_SUCCESS) {
				rp_mpi_drop(q, n);
				return rp_mpi_error(rc, what);
			}
			pending += !done;
		}
		if (!pending)
			return 0;
		if (rp_stop_requested() || rp_now_ns() > end)
			break;
		nanosleep(&nap, NULL);
	}
	if (!rp_stop_requested())
		rp_mpi_late(m, q, n, timeout_ms, what, missing);
	rp_mpi_drop(q, n);
	return rp_stop_requested() ? -EINTR : -ETIMEDOUT;
}

/*
 * Test @q[@n] until all are done, @timeout_ms pass or a stop is asked
 * for; @st[i] (NULL: none) gets request i's status.
 */
static int rp_mpi_wait(struct rp_mpi *m, struct rp_mpi_req *q, int n,
		       MPI_Status *st, unsigned int timeout_ms,
		       const char *what, bool *missing)
{
	int ret;

	rp_mpi_watch(m, q, n, timeout_ms, what);
	ret = rp_mpi_test_all(m, q, n, st, timeout_ms, what, missing);
	rp_wd_leave(&m->wd);
	return ret;
}

int rp_mpi_swap(struct rp_mpi *m, int peer, int tag, const void *out,
		int out_len, void *in, int cap, int *got,
		unsigned int timeout_ms, const char *what)
{
	struct rp_mpi_req q[2] = { { MPI_REQUEST_NULL, peer, true },
				   { MPI_REQUEST_NULL, peer, false } };
	MPI_Status st[2];
	int rc, ret;

	rc = MPI_Irecv(in, cap, MPI_BYTE, peer, tag, m->comm, &q[0].r);
	if (rc == MPI_SUCCESS)
		rc = MPI_Isend(out, out_len, MPI_BYTE, peer, tag, m->comm,
			       &q[1].r);
	if (rc != MPI_SUCCESS) {
		rp_mpi_drop(q, 2);
		return rp_mpi_error(rc, what);
	}
	ret = rp_mpi_wait(m, q, 2, st, timeout_ms, what, NULL);
	if (!ret && MPI_Get_count(&st[0], MPI_BYTE, got) != MPI_SUCCESS)
		*got = 0;
	return ret;
}

int rp_mpi_swapv(struct rp_mpi *m, int n, const int *peers, int tag,
		 const void *const *out, const int *out_len, void *const *in,
		 const int *cap, int *got, unsigned int timeout_ms,
		 const char *what)
{
	struct rp_mpi_req *q = calloc(2 * (size_t)n + 1, sizeof(*q));
	MPI_Status *st = calloc(2 * (size_t)n + 1, sizeof(*st));
	int i, rc = MPI_SUCCESS, ret;

	if (!q || !st) {
		free(q);
		free(st);
		return -ENOMEM;
	}
	for (i = 0; i < n; i++) {
		q[2 * i] =
			(struct rp_mpi_req){ MPI_REQUEST_NULL, peers[i], true };
		q[2 * i + 1] = (struct rp_mpi_req){ MPI_REQUEST_NULL, peers[i],
						    false };
		if (rc == MPI_SUCCESS)
			rc = MPI_Irecv(in[i], cap[i], MPI_BYTE, peers[i], tag,
				       m->comm, &q[2 * i].r);
		if (rc == MPI_SUCCESS)
			rc = MPI_Isend(out[i], out_len[i], MPI_BYTE, peers[i],
				       tag, m->comm, &q[2 * i + 1].r);
	}
	if (rc != MPI_SUCCESS) {
		rp_mpi_drop(q, 2 * n);
		ret = rp_mpi_error(rc, what);
	} else {
		ret = rp_mpi_wait(m, q, 2 * n, st, timeout_ms, what, NULL);
	}
	for (i = 0; !ret && i < n; i++)
		if (MPI_Get_count(&st[2 * i], MPI_BYTE, &got[i]) != MPI_SUCCESS)
			got[i] = 0;
	free(q);
	free(st);
	return ret;
}

/* Rank 0's side of rp_mpi_gather: a receive from every other rank. */
static int rp_mpi_collect(struct rp_mpi *m, int tag, const void *out, int len,
			  void *in, bool *missing, unsigned int timeout_ms,
			  const char *what)
{
	struct rp_mpi_req *q = calloc((size_t)m->size, sizeof(*q));
	int i, rc = MPI_SUCCESS, ret;

	if (!q)
		return -ENOMEM;
	memcpy(in, out, (size_t)len);
	q[0].r = MPI_REQUEST_NULL;
	for (i = 1; i < m->size; i++) {
		q[i] = (struct rp_mpi_req){ MPI_REQUEST_NULL, i, true };
		if (rc == MPI_SUCCESS)
			rc = MPI_Irecv((char *)in + (size_t)i * (size_t)len,
				       len, MPI_BYTE, i, tag, m->comm, &q[i].r);
	}
	if (rc != MPI_SUCCESS) {
		rp_mpi_drop(q, m->size);
		free(q);
		return rp_mpi_error(rc, what);
	}
	ret = rp_mpi_wait(m, q, m->size, NULL, timeout_ms, what, missing);
	free(q);
	return ret;
}

int rp_mpi_gather(struct rp_mpi *m, int tag, const void *out, int len, void *in,
		  bool *missing, unsigned int timeout_ms, const char *what)
{
	struct rp_mpi_req q = { MPI_REQUEST_NULL, 0, false };
	int rc;

	if (!m->rank)
		return rp_mpi_collect(m, tag, out, len, in, missing, timeout_ms,
				      what);
	rc = MPI_Isend(out, len, MPI_BYTE, 0, tag, m->comm, &q.r);
	if (rc != MPI_SUCCESS)
		return rp_mpi_error(rc, what);
	return rp_mpi_wait(m, &q, 1, NULL, timeout_ms, what, NULL);
}

int rp_mpi_spread(struct rp_mpi *m, int tag, void *buf, int len,
		  unsigned int timeout_ms, const char *what)
{
	struct rp_mpi_req *q;
	int i, n = m->rank ? 1 : m->size - 1, rc = MPI_SUCCESS, ret;

	q = calloc((size_t)n + 1, sizeof(*q));
	if (!q)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		q[i] = (struct rp_mpi_req){ MPI_REQUEST_NULL,
					    m->rank ? 0 : i + 1, m->rank != 0 };
		if (rc != MPI_SUCCESS)
			continue;
		if (m->rank)
			rc = MPI_Irecv(buf, len, MPI_BYTE, 0, tag, m->comm,
				       &q[i].r);
		else
			rc = MPI_Isend(buf, len, MPI_BYTE, i + 1, tag, m->comm,
				       &q[i].r);
	}
	ret = rc != MPI_SUCCESS ?
		      rp_mpi_error(rc, what) :
		      rp_mpi_wait(m, q, n, NULL, timeout_ms, what, NULL);
	if (rc != MPI_SUCCESS)
		rp_mpi_drop(q, n);
	free(q);
	return ret;
}

/* Names shared by several ranks (one guest, containers) get "/rank". */
static int rp_mpi_unique(struct rp_mpi *m)
{
	char name[RP_CL_NAME_LEN];
	bool *shared = m->size > 0 ? calloc((size_t)m->size, sizeof(*shared)) :
				     NULL;
	int i, j;

	if (!shared)
		return -ENOMEM;
	for (i = 0; i < m->size; i++)
		for (j = i + 1; j < m->size; j++)
			if (!strncmp(m->host[i], m->host[j], RP_CL_NAME_LEN))
				shared[i] = shared[j] = true;
	for (i = 0; i < m->size; i++) {
		if (!shared[i])
			continue;
		snprintf(name, sizeof(name), "%.50s/%d", m->host[i], i);
		memcpy(m->host[i], name, sizeof(name));
	}
	free(shared);
	return 0;
}

/* Every rank's host name, at every rank. */
static int rp_mpi_names(struct rp_mpi *m, unsigned int timeout_ms)
{
	char me[RP_CL_NAME_LEN] = "";
	int len = RP_CL_NAME_LEN, ret;
	int tag = rp_mpi_tag(0, RP_MPI_NAMES);

	m->host = calloc((size_t)m->size, sizeof(*m->host));
	if (!m->host)
		return -ENOMEM;
	for (ret = 0; ret < m->size; ret++) /* until the names are in */
		snprintf(m->host[ret], RP_CL_NAME_LEN, "rank %d", ret);
	if (gethostname(me, sizeof(me) - 1))
		snprintf(me, sizeof(me), "rank%d", m->rank);
	ret = rp_mpi_gather(m, tag, me, len, m->host, NULL, timeout_ms,
			    "gathering the host names");
	if (!ret)
		ret = rp_mpi_spread(m, tag, m->host, m->size * len, timeout_ms,
				    "spreading the host names");
	for (int i = 0; !ret && i < m->size; i++) /* printed: data only */
		rp_text_clean(m->host[i], RP_CL_NAME_LEN);
	return ret ? ret : rp_mpi_unique(m);
}

int rp_mpi_env_rank(void)
{
	static const char *const vars[] = { "OMPI_COMM_WORLD_RANK", "PMI_RANK",
					    "PMIX_RANK", "SLURM_PROCID" };
	const char *v;
	size_t i;

	for (i = 0; i < sizeof(vars) / sizeof(vars[0]); i++) {
		v = getenv(vars[i]);
		if (v && *v)
			return atoi(v);
	}
	return -1;
}

static uint64_t rp_mpi_wd_now(void *ctx)
{
	(void)ctx;
	return rp_now_ns();
}

/* The watchdog's verdict: its line, then the job ends (it is stuck). */
static void rp_mpi_wd_fire(void *ctx, const char *line, bool up)
{
	(void)ctx;
	rp_err("%s", line);
	if (up)
		MPI_Abort(MPI_COMM_WORLD, 1);
	_exit(1);
}

/* The watchdog, before MPI starts: the launcher's rank, this host. */
static void rp_mpi_wd_start(struct rp_mpi *m, unsigned int tmo_ms)
{
	const struct rp_wd_hooks hooks = { rp_mpi_wd_now, rp_mpi_wd_fire, m };
	char host[64] = "";

	if (gethostname(host, sizeof(host) - 1))
		snprintf(host, sizeof(host), "?");
	rp_text_clean(host, sizeof(host));
	m->tmo_ms = tmo_ms;
	rp_wd_init(&m->wd, &hooks, rp_mpi_env_rank(), host);
	if (rp_wd_start(&m->wd, RP_WD_TICK_MS))
		rp_warn("no watchdog thread: MPI_Init and MPI_Finalize are "
			"not bounded by --timeout");
}

/* "not known (all N ranks take part)", for a collective. */
static void rp_mpi_all(char *out, size_t len)
{
	int size = 0;

	MPI_Comm_size(MPI_COMM_WORLD, &size);
	snprintf(out, len, "not known (all %d ranks take part)", size);
}

int rp_mpi_init(struct rp_mpi *m, int *argc, char ***argv, unsigned int tmo_ms,
		unsigned int timeout_ms)
{
	/* start-up: a launcher bringing up many ranks (or TCG guests: 5 s
	 * was seen) takes longer than one exchange, so never below 60 s */
	unsigned int start_ms = tmo_ms > RP_MPI_START_MS ? tmo_ms :
							   RP_MPI_START_MS;
	char all[64];
	int rc, provided;

	memset(m, 0, sizeof(*m));
	m->comm = MPI_COMM_NULL;
	rp_mpi_wd_start(m, tmo_ms);
	rp_wd_enter(&m->wd, "MPI_Init_thread", NULL, start_ms);
	rc = MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
	rp_wd_leave(&m->wd);
	if (rc != MPI_SUCCESS)
		return rp_mpi_error(rc, "MPI_Init_thread");
	rp_wd_up(&m->wd, true);
	rp_mpi_all(all, sizeof(all));
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	rp_wd_enter(&m->wd, "MPI_Comm_dup", all, start_ms);
	rc = MPI_Comm_dup(MPI_COMM_WORLD, &m->comm);
	rp_wd_leave(&m->wd);
	if (rc == MPI_SUCCESS)
		rc = MPI_Comm_set_errhandler(m->comm, MPI_ERRORS_RETURN);
	if (rc == MPI_SUCCESS)
		rc = MPI_Comm_rank(m->comm, &m->rank);
	if (rc == MPI_SUCCESS)
		rc = MPI_Comm_size(m->comm, &m->size);
	if (rc != MPI_SUCCESS)
		return rp_mpi_error(rc, "setting up the communicator");
	rc = rp_mpi_names(m, timeout_ms);
	if (!rc)
		rp_wd_identity(&m->wd, m->rank, m->host[m->rank]);
	return rc;
}

void rp_mpi_fini(struct rp_mpi *m)
{
	char all[64];

	rp_mpi_all(all, sizeof(all));
	rp_wd_enter(&m->wd, "MPI_Comm_free", all, m->tmo_ms);
	MPI_Comm_free(&m->comm);
	rp_wd_up(&m->wd, false); /* no MPI_Abort once finalizing */
	rp_wd_enter(&m->wd, "MPI_Finalize", all, m->tmo_ms);
	MPI_Finalize();
	rp_wd_leave(&m->wd);
	rp_wd_fini(&m->wd);
	free(m->host);
	m->host = NULL;
}

void rp_mpi_abort(struct rp_mpi *m, int code)
{
	MPI_Abort(m->comm != MPI_COMM_NULL ? m->comm : MPI_COMM_WORLD, code);
	_exit(code); /* MPI_Abort does not return; should it, end here */
}
