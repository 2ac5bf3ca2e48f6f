// SPDX-License-Identifier: MIT
/* Rails of the live system: verbs for ports and GIDs, sysfs and hwloc for
 * the rest. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "topo/rp_ceiling.h"
#include "verbs/rp_dev.h"
#include "topo/rp_locality.h"
#include "base/rp_log.h"
#include "base/rp_sysfs.h"
#include "info/rp_railinfo_verbs.h"

/* As sysfs names them ("4: ACTIVE"); ibv_port_state_str says "active". */
static const char *rp_state_str(enum ibv_port_state s)
{
	switch (s) {
	case IBV_PORT_NOP: return "NOP";
	case IBV_PORT_DOWN: return "DOWN";
	case IBV_PORT_INIT: return "INIT";
	case IBV_PORT_ARMED: return "ARMED";
	case IBV_PORT_ACTIVE: return "ACTIVE";
	case IBV_PORT_ACTIVE_DEFER: return "ACTIVE_DEFER";
	}
	return "?";
}

static const char *rp_phys_state_str(uint8_t s)
{
	static const char *const names[] = {
		"?",
		"Sleep",
		"Polling",
		"Disabled",
		"PortConfigurationTraining",
		"LinkUp",
		"LinkErrorRecovery",
		"Phy Test",
	};

	return s < sizeof(names) / sizeof(names[0]) ? names[s] : "?";
}

/* Port attributes and GIDs of @d (opened, d->port set) into @p. */
static void rp_verbs_port(struct rp_dev *d, struct rp_port_info *p)
{
	const struct ibv_port_attr *a = &d->port_attr;

	snprintf(p->dev, sizeof(p->dev), "%s", d->name);
	p->port = d->port;
	snprintf(p->state, sizeof(p->state), "%s", rp_state_str(a->state));
	snprintf(p->phys_state, sizeof(p->phys_state), "%s",
		 rp_phys_state_str(a->phys_state));
	p->roce = a->link_layer == IBV_LINK_LAYER_ETHERNET;
	snprintf(p->link_layer, sizeof(p->link_layer), "%s",
		 p->roce ? "Ethernet" : "InfiniBand");
	p->width = rp_ib_width_lanes(a->active_width);
	snprintf(p->speed, sizeof(p->speed), "%s",
		 rp_ib_speed_name(a->active_speed));
	p->rate_gbps = rp_ib_rate_gbps(a->active_speed, a->active_width);
	p->active_mtu = rp_mtu_bytes(a->active_mtu);
	p->max_mtu = rp_mtu_bytes(a->max_mtu);
	if (rp_dev_read_gids(d, &p->gids))
		memset(&p->gids, 0, sizeof(p->gids));
}

static int rp_verbs_device(struct rp_railinfo *ri, struct ibv_device *dev,
			   struct rp_topo *topo, const struct rp_ifaddrs *addrs,
			   const struct rp_railinfo_opts *o)
{
	struct rp_dev d = { .port = 0 };
	struct rp_locality loc;
	struct rp_port_info *p;
	unsigned int port;
	int ret = 0;

	snprintf(d.name, sizeof(d.name), "%s", ibv_get_device_name(dev));
	d.ctx = ibv_open_device(dev);
	if (!d.ctx || ibv_query_device(d.ctx, &d.attr)) {
		rp_err("ibv_open_device/ibv_query_device %s: %s", d.name,
		       strerror(errno));
		rp_dev_close(&d);
		return 0; /* show the others */
	}
	rp_locality_hwloc(topo, d.name, &loc);
	for (port = 1; port <= d.attr.phys_port_cnt && !ret; port++) {
		d.port = port;
		if (ibv_query_port(d.ctx, (uint8_t)port, &d.port_attr))
			continue;
		p = rp_railinfo_add(ri);
		if (!p) {
			ret = -errno;
			break;
		}
		rp_verbs_port(&d, p);
		p->numa_node = loc.numa_node;
		p->cpus_local = loc.local;
		memcpy(p->cpus, loc.cpus, sizeof(p->cpus));
		rp_railinfo_finish(p, RP_SYSFS_ROOT, addrs, &o->prefs);
	}
	rp_dev_close(&d);
	return ret;
}

static int rp_name_cmp(const void *a, const void *b)
{
	return strcmp(ibv_get_device_name(*(struct ibv_device *const *)a),
		      ibv_get_device_name(*(struct ibv_device *const *)b));
}

static int rp_verbs_devices(struct rp_railinfo *ri, struct ibv_device **list,
			    int n, const struct rp_railinfo_opts *o)
{
	struct rp_ifaddrs *addrs = calloc(1, sizeof(*addrs));
	struct rp_topo topo = { 0 };
	int i, ret = 0;

	if (!addrs)
		return -ENOMEM;
	if (rp_ifaddrs_live(addrs))
		addrs->n = 0;
	if (rp_topo_init(&topo))
		topo.t = NULL;
	qsort(list, (size_t)n, sizeof(*list), rp_name_cmp);
	for (i = 0; i < n && !ret; i++)
		if (!o->dev || !strcmp(o->dev, ibv_get_device_name(list[i])))
			ret = rp_verbs_device(ri, list[i], &topo, addrs, o);
	rp_topo_fini(&topo);
	free(addrs);
	if (!ret && o->dev && !ri->n) {
		rp_err("device '%s' not found (see rail_info without -d)",
		       o->dev);
		ret = -ENODEV;
	}
	return ret;
}

int rp_railinfo_from_verbs(struct rp_railinfo *ri,
			   const struct rp_railinfo_opts *o)
{
	struct ibv_device **list;
	int n, ret;

	snprintf(ri->source, sizeof(ri->source), "verbs");
	list = ibv_get_device_list(&n);
	if (!list) {
		snprintf(ri->none_why, sizeof(ri->none_why), "%s",
			 rp_dev_none_hint(errno ? errno : ENODEV));
		return 0;
	}
	if (n <= 0) {
		snprintf(ri->none_why, sizeof(ri->none_why), "%s",
			 rp_dev_none_hint(0));
		ibv_free_device_list(list);
		return 0;
	}
	ret = rp_verbs_devices(ri, list, n, o);
	ibv_free_device_list(list);
	return ret;
}
