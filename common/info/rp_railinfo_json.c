// SPDX-License-Identifier: MIT
/* rail_info --json: the rails as one cJSON tree. */
#include <errno.h>
#include <stdlib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "info/rp_railinfo_host.h"
#include "info/rp_railinfo_json.h"

/* Gb/s with two decimals, as the text shows them; null when unknown. */
static cJSON *rp_json_gbps(double v)
{
	return v > 0 ? cJSON_CreateNumber(round(v * 100.0) / 100.0) :
		       cJSON_CreateNull();
}

static cJSON *rp_json_uint_or_null(unsigned int v)
{
	return v ? cJSON_CreateNumber(v) : cJSON_CreateNull();
}

static cJSON *rp_json_gid(const struct rp_gid_entry *e, int chosen)
{
	cJSON *g = cJSON_CreateObject();
	char s[RP_GID_STR_LEN];

	cJSON_AddNumberToObject(g, "index", e->index);
	cJSON_AddStringToObject(g, "type", rp_gid_type_str(e->type));
	cJSON_AddStringToObject(g, "gid", rp_gid_to_str(e->raw, s));
	cJSON_AddStringToObject(g, "family", rp_gid_family_str(e->raw));
	cJSON_AddBoolToObject(g, "link_local", rp_gid_is_link_local(e->raw));
	if (e->ndev[0])
		cJSON_AddStringToObject(g, "netdev", e->ndev);
	else
		cJSON_AddNullToObject(g, "netdev");
	cJSON_AddBoolToObject(g, "chosen", (int)e->index == chosen);
	return g;
}

/* { "role": "bond" | "member", "name": "bond0", "members": [...] } */
static cJSON *rp_json_bond(const struct rp_bond *b)
{
	cJSON *o, *m;
	char members[sizeof(b->members)], *tok, *save = NULL;

	if (b->role == RP_BOND_NONE)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "role",
				b->role == RP_BOND_MASTER ? "bond" : "member");
	cJSON_AddStringToObject(o, "name", b->bond);
	m = cJSON_AddArrayToObject(o, "members");
	memcpy(members, b->members, sizeof(members));
	for (tok = strtok_r(members, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save))
		cJSON_AddItemToArray(m, cJSON_CreateString(tok));
	return o;
}

static cJSON *rp_json_netdev(const struct rp_port_info *p)
{
	cJSON *n = cJSON_CreateObject(), *a;
	char s[RP_IFADDR_STR_LEN];
	unsigned int i;

	cJSON_AddStringToObject(n, "name", p->ndev);
	cJSON_AddItemToObject(n, "mtu", rp_json_uint_or_null(p->ndev_mtu));
	a = cJSON_AddArrayToObject(n, "addresses");
	for (i = 0; i < p->naddrs; i++)
		cJSON_AddItemToArray(
			a, cJSON_CreateString(rp_ifaddr_str(&p->addrs[i], s)));
	cJSON_AddItemToObject(n, "bond", rp_json_bond(&p->bond));
	return n;
}

/* The devices of other rails behind the same PCIe link as rail @k. */
static cJSON *rp_json_shared(const struct rp_railinfo *ri, unsigned int k)
{
	cJSON *a = cJSON_CreateArray();
	unsigned int i;

	for (i = 0; i < ri->n; i++)
		if (i != k && ri->p[k].pcie.link[0] &&
		    !strcmp(ri->p[i].pcie.link, ri->p[k].pcie.link))
			cJSON_AddItemToArray(a,
					     cJSON_CreateString(ri->p[i].dev));
	return a;
}

/* "nearest_gpu": {"pci", "relation", "gpus"}, or null without one. */
static cJSON *rp_json_gpu(const struct rp_gpunear *g)
{
	cJSON *o;

	if (!g->pci[0])
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "pci", g->pci);
	cJSON_AddStringToObject(o, "relation", rp_gpurel_name(g->rel));
	cJSON_AddNumberToObject(o, "gpus", g->ngpus);
	return o;
}

static cJSON *rp_json_pcie(const struct rp_railinfo *ri, unsigned int k)
{
	const struct rp_pcie *pc = &ri->p[k].pcie;
	cJSON *o;

	if (!pc->addr[0])
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "address", pc->addr);
	cJSON_AddStringToObject(o, "link", pc->link);
	cJSON_AddStringToObject(o, "link_speed", pc->speed);
	cJSON_AddItemToObject(o, "link_gts", rp_json_gbps(pc->gts));
	cJSON_AddItemToObject(o, "link_width", rp_json_uint_or_null(pc->width));
	cJSON_AddItemToObject(o, "max_link_gts", rp_json_gbps(pc->max_gts));
	cJSON_AddItemToObject(o, "max_link_width",
			      rp_json_uint_or_null(pc->max_width));
	cJSON_AddItemToObject(o, "raw_gbps", rp_json_gbps(pc->gbps));
	cJSON_AddNumberToObject(o, "max_payload_bytes", pc->mps);
	cJSON_AddBoolToObject(o, "max_payload_from_config", pc->mps_known);
	cJSON_AddItemToObject(o, "payload_gbps",
			      rp_json_gbps(pc->payload_gbps));
	cJSON_AddItemToObject(o, "send_payload_gbps",
			      rp_json_gbps(pc->send_gbps));
	cJSON_AddItemToObject(o, "send_rcb_payload_gbps",
			      rp_json_gbps(pc->send_rcb_gbps));
	cJSON_AddNumberToObject(o, "max_read_request_bytes", pc->mrrs);
	cJSON_AddBoolToObject(o, "max_read_request_from_config",
			      pc->mrrs_known);
	cJSON_AddNumberToObject(o, "read_completion_boundary_bytes", pc->rcb);
	cJSON_AddBoolToObject(o, "read_completion_boundary_from_config",
			      pc->rcb_known);
	cJSON_AddStringToObject(o, "root_port", pc->root);
	if (pc->nhops)
		cJSON_AddStringToObject(o, "narrowest_link",
					pc->hop[pc->narrow].addr);
	cJSON_AddItemToObject(o, "shared_with", rp_json_shared(ri, k));
	return o;
}

static void rp_json_link(cJSON *r, const struct rp_port_info *p)
{
	cJSON_AddStringToObject(r, "device", p->dev);
	cJSON_AddNumberToObject(r, "port", p->port);
	cJSON_AddStringToObject(r, "state", p->state);
	cJSON_AddStringToObject(r, "phys_state", p->phys_state);
	cJSON_AddStringToObject(r, "link_layer", p->link_layer);
	cJSON_AddItemToObject(r, "rate_gbps", rp_json_gbps(p->rate_gbps));
	cJSON_AddItemToObject(r, "width", rp_json_uint_or_null(p->width));
	cJSON_AddStringToObject(r, "speed", p->speed);
	cJSON_AddItemToObject(r, "active_mtu",
			      rp_json_uint_or_null(p->active_mtu));
	cJSON_AddItemToObject(r, "max_mtu", rp_json_uint_or_null(p->max_mtu));
	cJSON_AddBoolToObject(r, "mtu_from_netdev", p->mtu_from_netdev);
}

static void rp_json_place(cJSON *r, const struct rp_railinfo *ri,
			  unsigned int k)
{
	const struct rp_port_info *p = &ri->p[k];

	if (p->numa_node >= 0)
		cJSON_AddNumberToObject(r, "numa_node", p->numa_node);
	else
		cJSON_AddNullToObject(r, "numa_node");
	cJSON_AddStringToObject(r, "local_cpus", p->cpus);
	cJSON_AddBoolToObject(r, "cpus_device_local", p->cpus_local);
	cJSON_AddItemToObject(r, "pcie", rp_json_pcie(ri, k));
	cJSON_AddItemToObject(r, "nearest_gpu", rp_json_gpu(&p->gpu));
	cJSON_AddStringToObject(r, "nic_guid", p->nic.guid);
	cJSON_AddStringToObject(r, "phys_port", p->nic.port);
	cJSON_AddItemToObject(r, "line_gbps", rp_json_gbps(p->line_gbps));
	cJSON_AddNumberToObject(r, "ceiling_msg_bytes", RP_RAILINFO_MSG);
	cJSON_AddItemToObject(r, "wire_ceiling_gbps",
			      rp_json_gbps(p->wire_ceiling));
	/* ceiling_gbps: the receiving one, as before both were given */
	cJSON_AddItemToObject(r, "ceiling_gbps", rp_json_gbps(p->ceiling));
	cJSON_AddItemToObject(r, "ceiling_recv_gbps", rp_json_gbps(p->ceiling));
	cJSON_AddItemToObject(r, "ceiling_send_gbps",
			      rp_json_gbps(p->ceiling_send));
	cJSON_AddItemToObject(r, "ceiling_send_rcb_gbps",
			      rp_json_gbps(p->ceiling_send_rcb));
	if (p->ceiling_send > 0)
		cJSON_AddStringToObject(r, "ceiling_send_limit",
					p->send_pcie_bound ? "pcie" : "wire");
	else
		cJSON_AddNullToObject(r, "ceiling_send_limit");
	cJSON_AddStringToObject(r, "bottleneck",
				p->ceiling <= 0 ? "unknown" :
				p->pcie_bound	? "pcie" :
						  "wire");
	if (p->ceiling > 0)
		cJSON_AddStringToObject(r, "ceiling_limit",
					p->pcie_bound ? "pcie" : "wire");
	else
		cJSON_AddNullToObject(r, "ceiling_limit");
}

static cJSON *rp_json_info_rail(const struct rp_railinfo *ri, unsigned int k)
{
	const struct rp_port_info *p = &ri->p[k];
	cJSON *r = cJSON_CreateObject(), *gids, *w;
	unsigned int i;

	rp_json_link(r, p);
	cJSON_AddItemToObject(r, "netdev", rp_json_netdev(p));
	rp_json_place(r, ri, k);
	cJSON_AddNumberToObject(r, "gid_table_len", p->gids.tbl_len);
	gids = cJSON_AddArrayToObject(r, "gids");
	for (i = 0; i < p->gids.n; i++)
		cJSON_AddItemToArray(gids,
				     rp_json_gid(&p->gids.e[i], p->gid_index));
	if (p->gid_index >= 0)
		cJSON_AddNumberToObject(r, "gid_index", p->gid_index);
	else
		cJSON_AddNullToObject(r, "gid_index");
	cJSON_AddStringToObject(r, "gid_reason", p->gid_why);
	w = cJSON_AddArrayToObject(r, "warnings");
	if (p->warning[0])
		cJSON_AddItemToArray(w, cJSON_CreateString(p->warning));
	w = cJSON_AddArrayToObject(r, "degraded");
	for (i = 0; i < p->ndegraded; i++)
		cJSON_AddItemToArray(w, cJSON_CreateString(p->degraded[i]));
	return r;
}

static const char *const rp_group_kind[] = {
	[RP_GROUP_PCIE] = "pcie_link",
	[RP_GROUP_PORT] = "physical_port",
	[RP_GROUP_NIC] = "nic",
};

static cJSON *rp_json_group(const struct rp_railinfo_host *h,
			    const struct rp_railset_group *g)
{
	cJSON *o = cJSON_CreateObject(), *a;
	unsigned int i;

	cJSON_AddStringToObject(o, "kind", rp_group_kind[g->kind]);
	cJSON_AddStringToObject(o, "id", g->id);
	cJSON_AddItemToObject(o, "ceiling_gbps", rp_json_gbps(g->cap));
	cJSON_AddItemToObject(o, "ceiling_send_gbps",
			      rp_json_gbps(g->kind == RP_GROUP_PCIE ?
						   g->hop->send_gbps :
						   g->cap));
	a = cJSON_AddArrayToObject(o, "devices");
	for (i = 0; i < h->n; i++)
		if (g->member[i])
			cJSON_AddItemToArray(a,
					     cJSON_CreateString(h->r[i].name));
	return o;
}

/* "host": groups, the aggregate ceiling and the suggested -d value. */
static cJSON *rp_json_host(const struct rp_railinfo *ri)
{
	struct rp_railinfo_host *h = calloc(1, sizeof(*h));
	cJSON *o, *a;
	unsigned int i;

	if (!h || rp_railinfo_host(ri, h)) {
		free(h);
		return cJSON_CreateNull();
	}
	o = cJSON_CreateObject();
	cJSON_AddItemToObject(o, "aggregate_ceiling_gbps",
			      rp_json_gbps(h->aggregate));
	cJSON_AddItemToObject(o, "aggregate_ceiling_send_gbps",
			      rp_json_gbps(h->aggregate_send));
	if (!h->aggregate)
		cJSON_AddStringToObject(o, "aggregate_unknown", h->why);
	a = cJSON_AddArrayToObject(o, "groups");
	for (i = 0; i < h->ngroups; i++)
		cJSON_AddItemToArray(a, rp_json_group(h, &h->g[i]));
	if (h->nsuggest) {
		cJSON_AddStringToObject(o, "suggested_devices", h->suggest);
		cJSON_AddStringToObject(o, "nccl_ib_hca", h->nccl);
		cJSON_AddStringToObject(o, "ucx_net_devices", h->ucx);
	} else {
		cJSON_AddNullToObject(o, "suggested_devices");
		cJSON_AddNullToObject(o, "nccl_ib_hca");
		cJSON_AddNullToObject(o, "ucx_net_devices");
	}
	free(h);
	return o;
}

cJSON *rp_railinfo_json(const struct rp_railinfo *ri)
{
	cJSON *root = cJSON_CreateObject(), *rails;
	unsigned int i;

	if (!root) {
		errno = ENOMEM;
		return NULL;
	}
	cJSON_AddStringToObject(root, "source", ri->source);
	rails = cJSON_AddArrayToObject(root, "rails");
	for (i = 0; i < ri->n; i++)
		cJSON_AddItemToArray(rails, rp_json_info_rail(ri, i));
	if (!ri->n)
		cJSON_AddStringToObject(root, "none", ri->none_why);
	else
		cJSON_AddItemToObject(root, "host", rp_json_host(ri));
	return root;
}
