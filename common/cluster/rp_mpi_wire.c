// SPDX-License-Identifier: MIT
/*
 * rail_cluster_bw's wiring map over MPI (rp_mpi_wire.h). Built into
 * rail_cluster_bw alone, as the MPI wrapper is.
 */
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "base/rp_log.h"
#include "base/rp_signal.h"
#include "base/rp_sysfs.h"
#include "base/rp_text.h"
#include "base/rp_time.h"
#include "cluster/rp_mpi_wire.h"

/* This rank's rail ends, from the live sysfs and addresses. */
static void rp_wire_local(struct rp_wend *mine, const struct rp_railspec *spec,
			  unsigned int rails)
{
	struct rp_ifaddrs *a = calloc(1, sizeof(*a));
	unsigned int i;

	if (a && rp_ifaddrs_live(a))
		a->n = 0; /* no addresses: subnets unknown */
	for (i = 0; i < rails; i++)
		rp_wend_read(&mine[i], RP_SYSFS_ROOT, a, spec[i].dev,
			     spec[i].port);
	free(a);
}

/* Every rank's ends at every rank (gathered at rank 0, then spread). */
static int rp_wire_share(struct rp_mpi *m, struct rp_wire *w,
			 const struct rp_wend *mine, unsigned int rails,
			 unsigned int tmo)
{
	size_t e = (size_t)m->size * rails, i;
	int tag = rp_mpi_tag(0, RP_MPI_WIRE),
	    len = (int)(rails * sizeof(*mine));
	int ret;

	w->ends = calloc(e, sizeof(*w->ends));
	if (!w->ends)
		return -ENOMEM;
	ret = rp_mpi_gather(m, tag, mine, len, w->ends, NULL, tmo,
			    "gathering the wiring map's rails");
	if (!ret)
		ret = rp_mpi_spread(m, tag, w->ends, (int)(e * sizeof(*mine)),
				    tmo, "spreading the wiring map's rails");
	for (i = 0; !ret && i < e; i++)
		rp_wend_clean(&w->ends[i]);
	return ret;
}

/* Whether end @x (this rank's) should look for end @y (another host's). */
static bool rp_wire_target(const struct rp_wend *x, const struct rp_wend *y)
{
	return x->ndev[0] && x->has_ll && y->has_ll &&
	       !(x->has_mac && y->has_mac && !memcmp(x->mac, y->mac, 6));
}

/* One UDP datagram from each of this rank's rails to every target. */
static unsigned int rp_wire_nudge(const struct rp_wend *ends, size_t e,
				  unsigned int me, unsigned int rails)
{
	int fd = socket(AF_INET6, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	unsigned int i, targets = 0;
	size_t y;

	if (fd < 0) {
		rp_warn("no IPv6 socket (%s): the wiring map trusts the "
			"subnets alone",
			strerror(errno));
		return 0;
	}
	for (i = 0; i < rails; i++) {
		const struct rp_wend *x = &ends[(size_t)me * rails + i];

		for (y = 0; y < e; y++)
			if (y / rails != me && rp_wire_target(x, &ends[y]) &&
			    !rp_neigh_nudge(fd, x->ndev, ends[y].ll))
				targets++;
	}
	close(fd);
	return targets;
}

/* This rank's rows of heard from table @nb: how many targets are decided
 * (resolved, or failed). */
static unsigned int rp_wire_rows(const struct rp_wend *ends, size_t e,
				 unsigned int me, unsigned int rails,
				 const struct rp_neighs *nb, uint8_t *rows)
{
	unsigned int i, decided = 0;
	size_t y;

	for (i = 0; i < rails; i++) {
		const struct rp_wend *x = &ends[(size_t)me * rails + i];

		for (y = 0; y < e; y++) {
			const struct rp_neigh *n;

			if (y / rails == me || !rp_wire_target(x, &ends[y]))
				continue;
			n = rp_neigh_find(nb, x->ndev, ends[y].ll);
			if (!n)
				continue;
			rows[i * e + y] = rp_neigh_resolved(n->state) &&
					  n->has_mac &&
					  (!ends[y].has_mac ||
					   !memcmp(n->mac, ends[y].mac, 6));
			decided += rows[i * e + y] ||
				   (n->state & 0x20); /* NUD_FAILED */
		}
	}
	return decided;
}

/* What this rank's rails resolved, into @rows ([rails][E]). */
static void rp_wire_look(const struct rp_wend *ends, size_t e, unsigned int me,
			 unsigned int rails, uint8_t *rows)
{
	const struct timespec nap = { .tv_nsec = RP_WIRE_POLL_MS * 1000000L };
	struct rp_neighs *nb = calloc(1, sizeof(*nb));
	uint64_t end = rp_now_ns() + (uint64_t)RP_WIRE_WAIT_MS * 1000000;
	unsigned int targets = rp_wire_nudge(ends, e, me, rails);

	while (nb && targets && !rp_stop_requested()) {
		if (rp_neigh_live(nb))
			break;
		if (rp_wire_rows(ends, e, me, rails, nb, rows) >= targets ||
		    rp_now_ns() > end)
			break;
		nanosleep(&nap, NULL);
	}
	free(nb);
}

/* Rank 0: the host names, printable, and the map. */
static int rp_wire_draw(struct rp_mpi *m, struct rp_wire *w, unsigned int rails)
{
	int h, ret;

	w->names = calloc((size_t)m->size, sizeof(*w->names));
	if (!w->names)
		return -ENOMEM;
	for (h = 0; h < m->size; h++) {
		memcpy(w->names[h], m->host[h], RP_CL_NAME_LEN);
		rp_text_clean(w->names[h], RP_CL_NAME_LEN);
	}
	ret = rp_wmap_build(&w->map, (unsigned int)m->size, rails, w->ends,
			    w->heard);
	w->on = !ret;
	return ret == -ENOMEM ? ret : 0;
}

int rp_mpi_wire(struct rp_mpi *m, struct rp_wire *w,
		const struct rp_railspec *spec, unsigned int rails,
		unsigned int timeout_ms)
{
	size_t e = (size_t)m->size * rails;
	struct rp_wend mine[RP_MAX_RAILS];
	uint8_t *rows = NULL;
	int ret;

	memset(w, 0, sizeof(*w));
	if (e > RP_WMAP_MAX_ENDS) {
		snprintf(w->why_off, sizeof(w->why_off),
			 "%zu rails in all, more than the %d it is drawn for",
			 e, RP_WMAP_MAX_ENDS);
		return 0;
	}
	rp_wire_local(mine, spec, rails);
	ret = rp_wire_share(m, w, mine, rails, timeout_ms);
	rows = ret ? NULL : calloc(rails * e, 1);
	if (!ret && !m->rank)
		w->heard = calloc(e * e, 1);
	if (!ret && (!rows || (!m->rank && !w->heard)))
		ret = -ENOMEM;
	if (!ret)
		rp_wire_look(w->ends, e, (unsigned int)m->rank, rails, rows);
	if (!ret)
		ret = rp_mpi_gather(m, rp_mpi_tag(0, RP_MPI_WIRE), rows,
				    (int)(rails * e), w->heard, NULL,
				    timeout_ms + RP_WIRE_WAIT_MS,
				    "gathering what each rail resolved");
	free(rows);
	if (!ret && !m->rank)
		ret = rp_wire_draw(m, w, rails);
	return ret;
}

void rp_wire_fini(struct rp_wire *w)
{
	rp_wmap_fini(&w->map);
	free(w->ends);
	free(w->heard);
	free(w->names);
	memset(w, 0, sizeof(*w));
}
