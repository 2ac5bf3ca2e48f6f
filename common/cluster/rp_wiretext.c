// SPDX-License-Identifier: MIT
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_log.h"
#include "base/rp_table.h"
#include "cluster/rp_wiretext.h"

#define RP_WT_LINE 512

static const struct rp_wend *rp_wt_end(const struct rp_wmap *m, unsigned int h,
				       unsigned int i)
{
	return &m->ends[(size_t)h * m->rails + i];
}

/* An end's first address (the link's when @k is given), or "none". */
static const char *rp_wt_addr(const struct rp_wend *e, int k, char *buf)
{
	if (!e->naddr)
		return "none";
	return rp_waddr_str(&e->addr[k >= 0 && (uint32_t)k < e->naddr ? k : 0],
			    buf);
}

/* How a link was found. */
static const char *rp_wt_found(uint32_t seen)
{
	return seen == RP_WSEEN_YES ? "neighbours" :
	       seen == RP_WSEEN_NO  ? "subnet only" :
				      "subnet (no link local)";
}

/* The six cells of one end of link @l (@b: its second end). */
static void rp_wt_cells(const struct rp_wmap *m,
			const char (*names)[RP_CL_NAME_LEN],
			const struct rp_wlink *l, bool b, char c[6][64])
{
	uint32_t h = b ? l->b : l->a, r = b ? l->rb : l->ra;
	const struct rp_wend *e = rp_wt_end(m, h, r);
	char a[RP_IFADDR_STR_LEN];

	snprintf(c[0], 64, "%s", names[h]);
	snprintf(c[1], 64, "%s", e->dev);
	snprintf(c[2], 64, "%u", e->port);
	snprintf(c[3], 64, "%s", e->ndev[0] ? e->ndev : "none");
	snprintf(c[4], 64, "%s", rp_wt_addr(e, (int)(b ? l->ib : l->ia), a));
	snprintf(c[5], 64, "%u", e->mtu);
}

/* The table of links. */
static void rp_wt_table(FILE *f, const struct rp_wmap *m,
			const char (*names)[RP_CL_NAME_LEN])
{
	static const char *const head[14] = { "LINK", "HOST",	 "DEVICE",
					      "PORT", "NETDEV",	 "ADDRESS",
					      "MTU",  "HOST",	 "DEVICE",
					      "PORT", "NETDEV",	 "ADDRESS",
					      "MTU",  "FOUND BY" };
	char c[2][6][64], no[16];
	const char *row[14];
	struct rp_table t;
	unsigned int k, j;

	if (rp_table_init(&t, 14) || rp_table_add(&t, head))
		goto out;
	for (k = 0; k < m->nlinks; k++) {
		rp_wt_cells(m, names, &m->links[k], false, c[0]);
		rp_wt_cells(m, names, &m->links[k], true, c[1]);
		snprintf(no, sizeof(no), "%u", k + 1);
		row[0] = no;
		for (j = 0; j < 12; j++)
			row[1 + j] = c[j / 6][j % 6];
		row[13] = rp_wt_found(m->links[k].seen);
		if (rp_table_add(&t, row))
			goto out;
	}
	rp_table_print(&t, f, "   ");
out:
	rp_table_fini(&t);
}

/* "softroce-h1 rxe1 (eth1, 10.1.1.1/24)" of end (@h, @i). */
static const char *rp_wt_who(const struct rp_wmap *m,
			     const char (*names)[RP_CL_NAME_LEN],
			     unsigned int h, unsigned int i, char *buf)
{
	const struct rp_wend *e = rp_wt_end(m, h, i);
	char a[RP_IFADDR_STR_LEN];

	snprintf(buf, 200, "%s %s (%s, %s)", names[h], e->dev,
		 e->ndev[0] ? e->ndev : "no netdev", rp_wt_addr(e, -1, a));
	return buf;
}

const char *rp_wiretext_miswire(const struct rp_wmap *m,
				const char (*names)[RP_CL_NAME_LEN],
				unsigned int k, char *buf, size_t len)
{
	const struct rp_wmis *x = &m->mis[k];
	const struct rp_wend *a = rp_wt_end(m, x->a, x->ra),
			     *b = rp_wt_end(m, x->b, x->rb);
	char wa[200], wb[200];

	rp_wt_who(m, names, x->a, x->ra, wa);
	rp_wt_who(m, names, x->b, x->rb, wb);
	if (x->kind == RP_WMIS_SUBNET)
		snprintf(buf, len,
			 "%s and %s are cabled (one segment) but share no "
			 "subnet: give both ends addresses in one subnet",
			 wa, wb);
	else if (x->kind == RP_WMIS_PORT)
		snprintf(buf, len,
			 "%s is cabled to %s: the rest of the ring joins rail "
			 "%u of a host to rail %u of the next: cable %s rail "
			 "%u to %s rail %u",
			 wa, wb, x->want_ra, x->want_rb, names[x->a],
			 x->want_ra, names[x->b], x->want_rb);
	else
		snprintf(
			buf, len,
			"MTU %u at %s, %u at %s: RoCE runs at the path MTU the "
			"smaller allows and IP packets over %u bytes are "
			"dropped on the way: set both ends alike",
			a->mtu, wa, b->mtu, wb,
			a->mtu < b->mtu ? a->mtu : b->mtu);
	return buf;
}

/* The rail pairs of hosts @h, @g whose why is @w, as "rails 0-0, 1-1"
 * (or "every rail pair") into @buf; false when there is none. */
static bool rp_wt_combos(const struct rp_wmap *m, unsigned int h,
			 unsigned int g, enum rp_wwhy w, char *buf, size_t len)
{
	unsigned int i, j, n = 0;
	size_t off;

	off = (size_t)snprintf(buf, len, "rails");
	for (i = 0; i < m->rails; i++)
		for (j = 0; j < m->rails; j++) {
			if (rp_wmap_why(m, h, i, g, j) != w)
				continue;
			if (off < len)
				off += (size_t)snprintf(buf + off, len - off,
							"%s %u-%u",
							n ? "," : "", i, j);
			n++;
		}
	if (n == m->rails * m->rails)
		snprintf(buf, len, "every rail pair");
	return n > 0;
}

/* The pairs of hosts no rail joins, a line per reason. */
static void rp_wt_nopath(FILE *f, const struct rp_wmap *m,
			 const char (*names)[RP_CL_NAME_LEN])
{
	char combos[RP_WT_LINE];
	unsigned int h, g, w;

	for (h = 0; h < m->hosts; h++)
		for (g = h + 1; g < m->hosts; g++) {
			if (rp_wmap_linked(m, h, g))
				continue;
			for (w = RP_WWHY_NOCABLE; w < RP_WWHY_KINDS; w++)
				if (w != RP_WWHY_DOWN &&
				    rp_wt_combos(m, h, g, (enum rp_wwhy)w,
						 combos, sizeof(combos)))
					rp_fprintf(f,
						   " railperf: no path: %s - "
						   "%s, %s: %s\n",
						   names[h], names[g], combos,
						   rp_wmap_why_text(
							   (enum rp_wwhy)w));
		}
}

/* The ends whose port or link is down. */
static void rp_wt_down(FILE *f, const struct rp_wmap *m,
		       const char (*names)[RP_CL_NAME_LEN])
{
	unsigned int h, i;

	for (h = 0; h < m->hosts; h++)
		for (i = 0; i < m->rails; i++) {
			const struct rp_wend *e = rp_wt_end(m, h, i);

			if (!e->up)
				rp_fprintf(
					f,
					" railperf: down: %s %s port %u "
					"(%s): the port is not ACTIVE or its "
					"netdev has no carrier: no path to or "
					"from it\n",
					names[h], e->dev, e->port,
					e->ndev[0] ? e->ndev : "no netdev");
		}
}

/* The ring's line: the hosts in ring order. */
static void rp_wt_ring(FILE *f, const struct rp_wmap *m,
		       const char (*names)[RP_CL_NAME_LEN])
{
	char line[4096];
	size_t off = 0;
	unsigned int k;

	for (k = 0; k <= m->hosts && off < sizeof(line); k++)
		off += (size_t)snprintf(line + off, sizeof(line) - off, "%s%s",
					k ? " > " : "",
					names[m->order[k % m->hosts]]);
	rp_fprintf(f, " railperf: wiring map: a ring of %u hosts: %s\n",
		   m->hosts, line);
}

unsigned int rp_wiretext_print(FILE *f, const struct rp_wmap *m,
			       const char (*names)[RP_CL_NAME_LEN])
{
	char line[1024];
	unsigned int k;

	rp_fprintf(f,
		   " railperf: wiring map: %u hosts, %u rails each, %u "
		   "links (IPv6 neighbour discovery on each rail's netdev, "
		   "and the rails' subnets)\n",
		   m->hosts, m->rails, m->nlinks);
	if (m->nlinks)
		rp_wt_table(f, m, names);
	if (m->ring)
		rp_wt_ring(f, m, names);
	rp_wt_down(f, m, names);
	rp_wt_nopath(f, m, names);
	for (k = 0; k < m->nmis; k++)
		rp_fprintf(f, " railperf: miswire: %s\n",
			   rp_wiretext_miswire(m, names, k, line,
					       sizeof(line)));
	return m->nmis;
}

/* One end of a link or miswire as JSON. */
static cJSON *rp_wt_json_end(const struct rp_wmap *m,
			     const char (*names)[RP_CL_NAME_LEN],
			     unsigned int h, unsigned int i, int k)
{
	const struct rp_wend *e = rp_wt_end(m, h, i);
	cJSON *o = cJSON_CreateObject();
	char a[RP_IFADDR_STR_LEN];

	cJSON_AddStringToObject(o, "host", names[h]);
	cJSON_AddNumberToObject(o, "rail", i);
	cJSON_AddStringToObject(o, "dev", e->dev);
	cJSON_AddNumberToObject(o, "port", e->port);
	cJSON_AddStringToObject(o, "netdev", e->ndev);
	cJSON_AddItemToObject(o, "address",
			      e->naddr ?
				      cJSON_CreateString(rp_wt_addr(e, k, a)) :
				      cJSON_CreateNull());
	cJSON_AddNumberToObject(o, "mtu", e->mtu);
	cJSON_AddBoolToObject(o, "up", e->up);
	return o;
}

/* "links" and "miswires". */
static void rp_wt_json_lists(cJSON *o, const struct rp_wmap *m,
			     const char (*names)[RP_CL_NAME_LEN])
{
	static const char *const kinds[] = { "subnet", "port", "mtu" };
	cJSON *links = cJSON_AddArrayToObject(o, "links"), *x;
	cJSON *mis = cJSON_AddArrayToObject(o, "miswires");
	char line[1024];
	unsigned int k;

	for (k = 0; k < m->nlinks; k++) {
		const struct rp_wlink *l = &m->links[k];

		x = cJSON_CreateObject();
		cJSON_AddItemToObject(x, "a",
				      rp_wt_json_end(m, names, l->a, l->ra,
						     (int)l->ia));
		cJSON_AddItemToObject(x, "b",
				      rp_wt_json_end(m, names, l->b, l->rb,
						     (int)l->ib));
		cJSON_AddStringToObject(x, "found_by", rp_wt_found(l->seen));
		cJSON_AddItemToArray(links, x);
	}
	for (k = 0; k < m->nmis; k++) {
		const struct rp_wmis *w = &m->mis[k];

		x = cJSON_CreateObject();
		cJSON_AddStringToObject(x, "kind", kinds[w->kind % 3]);
		cJSON_AddItemToObject(
			x, "a", rp_wt_json_end(m, names, w->a, w->ra, -1));
		cJSON_AddItemToObject(
			x, "b", rp_wt_json_end(m, names, w->b, w->rb, -1));
		cJSON_AddStringToObject(x, "text",
					rp_wiretext_miswire(m, names, k, line,
							    sizeof(line)));
		cJSON_AddItemToArray(mis, x);
	}
}

/* "no_path": the pairs of hosts no rail joins; "down": the ends down. */
static void rp_wt_json_gaps(cJSON *o, const struct rp_wmap *m,
			    const char (*names)[RP_CL_NAME_LEN])
{
	cJSON *np = cJSON_AddArrayToObject(o, "no_path"), *x;
	cJSON *down = cJSON_AddArrayToObject(o, "down");
	char combos[RP_WT_LINE];
	unsigned int h, g, w;

	for (h = 0; h < m->hosts; h++)
		for (g = h + 1; g < m->hosts; g++)
			for (w = RP_WWHY_NOCABLE;
			     !rp_wmap_linked(m, h, g) && w < RP_WWHY_KINDS;
			     w++) {
				if (w == RP_WWHY_DOWN ||
				    !rp_wt_combos(m, h, g, (enum rp_wwhy)w,
						  combos, sizeof(combos)))
					continue;
				x = cJSON_CreateObject();
				cJSON_AddStringToObject(x, "host_a", names[h]);
				cJSON_AddStringToObject(x, "host_b", names[g]);
				cJSON_AddStringToObject(x, "rails", combos);
				cJSON_AddStringToObject(
					x, "reason",
					rp_wmap_why_text((enum rp_wwhy)w));
				cJSON_AddItemToArray(np, x);
			}
	for (h = 0; h < m->hosts; h++)
		for (w = 0; w < m->rails; w++)
			if (!rp_wt_end(m, h, w)->up)
				cJSON_AddItemToArray(down,
						     rp_wt_json_end(m, names, h,
								    w, -1));
}

cJSON *rp_wiretext_json(const struct rp_wmap *m,
			const char (*names)[RP_CL_NAME_LEN])
{
	cJSON *o = cJSON_CreateObject(), *ring;
	unsigned int k;

	if (!o)
		return NULL;
	rp_wt_json_lists(o, m, names);
	if (m->ring) {
		ring = cJSON_AddArrayToObject(o, "ring");
		for (k = 0; k < m->hosts; k++)
			cJSON_AddItemToArray(
				ring, cJSON_CreateString(names[m->order[k]]));
	} else {
		cJSON_AddNullToObject(o, "ring");
	}
	rp_wt_json_gaps(o, m, names);
	return o;
}
