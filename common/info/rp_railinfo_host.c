// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "info/rp_railinfo_host.h"

/* "rocep1s0f0" for port 1, "mlx5_0:2" otherwise (rail_multi_bw's -d). */
static void rp_host_name(const struct rp_port_info *p, char *b, size_t len)
{
	if (p->port == 1)
		snprintf(b, len, "%s", p->dev);
	else
		snprintf(b, len, "%s:%u", p->dev, p->port);
}

/* The rails: every ACTIVE port, as the set ceiling sees it. */
static int rp_host_rails(const struct rp_railinfo *ri,
			 struct rp_railinfo_host *h)
{
	const struct rp_port_info *p;
	unsigned int i;

	for (i = 0; i < ri->n; i++) {
		p = &ri->p[i];
		if (strcmp(p->state, "ACTIVE"))
			continue;
		if (h->n >= RP_RAILSET_MAX)
			return -E2BIG;
		h->idx[h->n] = i;
		h->r[h->n++] = (struct rp_railset_rail){
			.name = p->dev,
			.cap = p->ceiling,
			.port_cap = p->wire_ceiling,
			.port_key = p->nic.key,
			.nic = p->nic.guid,
			.pcie = p->pcie.addr[0] ? &p->pcie : NULL,
		};
		if (p->ceiling <= 0 && !h->why[0])
			snprintf(h->why, sizeof(h->why),
				 "%s port %u has no known ceiling", p->dev,
				 p->port);
	}
	return 0;
}

/* The aggregate ceiling sending: @h's rails with their send ceilings. */
static double rp_host_send(const struct rp_railinfo *ri,
			   const struct rp_railinfo_host *h)
{
	struct rp_railset_rail r[RP_RAILSET_MAX];
	unsigned int i;

	for (i = 0; i < h->n; i++) {
		r[i] = h->r[i];
		r[i].cap = ri->p[h->idx[i]].ceiling_send;
		r[i].dir = RP_PCIE_SEND;
	}
	return rp_railset_ceiling(r, h->n, NULL);
}

/* "@sep@item" appended to @b (@len bytes) at *@off; false when full. */
static bool rp_host_add(char *b, size_t len, size_t *off, const char *item)
{
	*off += (size_t)snprintf(b + *off, len - *off, "%s%s", *off ? "," : "",
				 item);
	return *off < len;
}

/* The suggested -d value from the rails set in @pick, and the same rails
 * for NCCL_IB_HCA ("=" and dev:port each: exact names, the port given)
 * and UCX_NET_DEVICES (dev:port each). */
static void rp_host_suggest(const struct rp_railinfo *ri,
			    struct rp_railinfo_host *h, const bool *pick)
{
	size_t off = 0, onccl = 0, oucx = 0;
	const struct rp_port_info *p;
	char name[80];
	unsigned int i;

	snprintf(h->nccl, sizeof(h->nccl), "=");
	for (i = 0; i < h->n; i++) {
		if (!pick[i])
			continue;
		p = &ri->p[h->idx[i]];
		rp_host_name(p, name, sizeof(name));
		if (!rp_host_add(h->suggest, sizeof(h->suggest), &off, name))
			break;
		snprintf(name, sizeof(name), "%s:%u", p->dev, p->port);
		if (!rp_host_add(h->ucx, sizeof(h->ucx), &oucx, name) ||
		    !rp_host_add(h->nccl + 1, sizeof(h->nccl) - 1, &onccl,
				 name))
			break;
	}
}

int rp_railinfo_host(const struct rp_railinfo *ri, struct rp_railinfo_host *h)
{
	bool pick[RP_RAILSET_MAX];
	int ret;

	memset(h, 0, sizeof(*h));
	ret = rp_host_rails(ri, h);
	if (ret)
		return ret;
	h->ngroups =
		rp_railset_groups(h->r, h->n, NULL, h->g, RP_RAILINFO_GROUPS);
	if (!h->n)
		snprintf(h->why, sizeof(h->why), "no ACTIVE port");
	if (h->why[0])
		return 0;
	h->aggregate = rp_railset_ceiling(h->r, h->n, NULL);
	h->aggregate_send = rp_host_send(ri, h);
	h->nsuggest = rp_railset_smallest(h->r, h->n, pick);
	if (h->nsuggest)
		rp_host_suggest(ri, h, pick);
	return 0;
}

const char *rp_railinfo_group_names(const struct rp_railinfo_host *h,
				    const struct rp_railset_group *g, char *buf,
				    size_t len)
{
	size_t off = 0;
	unsigned int i;

	buf[0] = '\0';
	for (i = 0; i < h->n && off < len; i++)
		if (g->member[i])
			off += (size_t)snprintf(buf + off, len - off, "%s%s",
						off ? ", " : "", h->r[i].name);
	return buf;
}
