// SPDX-License-Identifier: MIT
#define _GNU_SOURCE
#include <errno.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "verbs/rp_dev.h"
#include "verbs/rp_devkind.h"
#include "net/rp_ifaddr.h"
#include "base/rp_log.h"
#include "base/rp_sysfs.h"
#include "net/rp_netdev.h"
#include "net/rp_gid_rules.h"
#include "net/rp_gid_sysfs.h"

#define RP_SYSFS_IB RP_SYSFS_ROOT "/class/infiniband"

static void rp_dev_list_names(struct ibv_device **list, int n, char *buf,
			      size_t len)
{
	size_t off = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < n && off < len; i++) {
		int w = snprintf(buf + off, len - off, "%s%s", i ? ", " : "",
				 ibv_get_device_name(list[i]));
		if (w < 0)
			break;
		off += (size_t)w;
	}
}

const char *rp_dev_none_hint(int err)
{
	static __thread char buf[320];

	if (!err)
		return "no RDMA devices found: load the NIC's driver (mlx5_ib "
		       "for a ConnectX) and install rdma-core's providers "
		       "(Debian: ibverbs-providers); for a try-out without a "
		       "NIC: modprobe rdma_rxe; rdma link add rxe0 type rxe "
		       "netdev eth0";
	if (err == ENOSYS)
		return "no RDMA devices: /sys/class/infiniband_verbs is "
		       "missing: load ib_uverbs (modprobe ib_uverbs; a NIC's "
		       "driver such as mlx5_ib loads it), or for a try-out "
		       "without a NIC: modprobe rdma_rxe; rdma link add rxe0 "
		       "type rxe netdev eth0";
	snprintf(buf, sizeof(buf),
		 "no RDMA devices: ibv_get_device_list: %s (is rdma-core "
		 "installed? Debian: rdma-core ibverbs-providers)",
		 strerror(err));
	return buf;
}

static struct ibv_device *rp_dev_pick(struct ibv_device **list, int n,
				      const char *name)
{
	char names[512];
	int i;

	if (n <= 0) {
		rp_err("%s", rp_dev_none_hint(0));
		return NULL;
	}
	if (!name)
		return list[0];
	for (i = 0; i < n; i++)
		if (!strcmp(ibv_get_device_name(list[i]), name))
			return list[i];
	rp_dev_list_names(list, n, names, sizeof(names));
	rp_err("device '%s' not found; devices present: %s", name, names);
	return NULL;
}

static int rp_dev_check_port(struct rp_dev *d)
{
	if (d->port < 1 || d->port > d->attr.phys_port_cnt) {
		rp_err("port %u does not exist on %s; valid ports: 1..%u",
		       d->port, d->name, d->attr.phys_port_cnt);
		return -EINVAL;
	}
	if (ibv_query_port(d->ctx, (uint8_t)d->port, &d->port_attr)) {
		rp_err("ibv_query_port %s port %u: %s", d->name, d->port,
		       strerror(errno));
		return -errno;
	}
	if (d->port_attr.state != IBV_PORT_ACTIVE) {
		rp_err("port %u of %s is %s, not ACTIVE (check the link and "
		       "its netdev)",
		       d->port, d->name,
		       ibv_port_state_str(d->port_attr.state));
		return -ENETDOWN;
	}
	return 0;
}

/* The device list, or NULL with the reason printed and *err set. */
static struct ibv_device **rp_dev_list(int *n, int *err)
{
	struct ibv_device **list = ibv_get_device_list(n);

	if (!list) {
		*err = errno ? -errno : -ENODEV;
		rp_err("%s", rp_dev_none_hint(-*err));
	}
	return list;
}

int rp_dev_exists(const char *name)
{
	struct ibv_device **list;
	int n, ret = 0;

	list = rp_dev_list(&n, &ret);
	if (!list)
		return ret;
	if (!rp_dev_pick(list, n, name))
		ret = -ENODEV;
	ibv_free_device_list(list);
	return ret;
}

int rp_dev_first_name(char *buf, size_t len)
{
	struct ibv_device **list;
	int n, ret = -ENODEV;

	list = ibv_get_device_list(&n);
	if (!list)
		return errno ? -errno : -ENODEV;
	if (n > 0 && len) {
		snprintf(buf, len, "%s", ibv_get_device_name(list[0]));
		ret = 0;
	}
	ibv_free_device_list(list);
	return ret;
}

int rp_dev_all_names(char *buf, size_t len)
{
	struct ibv_device **list;
	size_t off = 0;
	int i, n, ret = 0;

	list = rp_dev_list(&n, &ret);
	if (!list)
		return ret;
	if (n <= 0) {
		rp_err("%s", rp_dev_none_hint(0));
		ret = -ENODEV;
	}
	if (len)
		buf[0] = '\0';
	for (i = 0; i < n && !ret; i++) {
		int w = snprintf(buf + off, len - off, "%s%s", i ? "," : "",
				 ibv_get_device_name(list[i]));

		if (w < 0 || (size_t)w >= len - off) {
			rp_err("the names of the %d RDMA devices exceed %zu "
			       "bytes; name the rails with -d",
			       n, len);
			ret = -ENAMETOOLONG;
		} else {
			off += (size_t)w;
		}
	}
	ibv_free_device_list(list);
	return ret;
}

int rp_dev_open(struct rp_dev *d, const char *name, unsigned int port)
{
	struct ibv_device **list, *dev;
	int n, ret;

	memset(d, 0, sizeof(*d));
	d->port = port;
	list = rp_dev_list(&n, &ret);
	if (!list)
		return ret;
	dev = rp_dev_pick(list, n, name);
	if (!dev) {
		ibv_free_device_list(list);
		return -ENODEV;
	}
	snprintf(d->name, sizeof(d->name), "%s", ibv_get_device_name(dev));
	d->ctx = ibv_open_device(dev);
	ret = d->ctx ? 0 : -errno;
	ibv_free_device_list(list);
	if (ret) {
		rp_err("ibv_open_device %s: %s", d->name, strerror(-ret));
		return ret;
	}
	if (ibv_query_device(d->ctx, &d->attr)) {
		ret = -errno;
		rp_err("ibv_query_device %s: %s", d->name, strerror(errno));
		goto close_dev;
	}
	ret = rp_dev_check_port(d);
	if (!ret)
		return 0;
close_dev:
	rp_dev_close(d);
	return ret;
}

int rp_dev_attach(struct rp_dev *d, struct ibv_context *ctx, unsigned int port)
{
	memset(d, 0, sizeof(*d));
	d->port = port;
	d->ctx = ctx;
	d->borrowed = true;
	snprintf(d->name, sizeof(d->name), "%s",
		 ibv_get_device_name(ctx->device));
	if (ibv_query_device(d->ctx, &d->attr)) {
		rp_err("ibv_query_device %s: %s", d->name, strerror(errno));
		return -errno;
	}
	return rp_dev_check_port(d);
}

void rp_dev_close(struct rp_dev *d)
{
	if (d->borrowed)
		d->ctx = NULL;
	if (d->ctx && ibv_close_device(d->ctx))
		rp_err("ibv_close_device %s: %s", d->name, strerror(errno));
	d->ctx = NULL;
}

bool rp_dev_is_roce(const struct rp_dev *d)
{
	return d->port_attr.link_layer == IBV_LINK_LAYER_ETHERNET;
}

/*
 * May the port still read ACTIVE although a lost link caused status @st?
 * Only for the status rxe gives a send whose route is gone
 * (IBV_WC_LOC_QP_OP_ERR), which can beat its port-down event. A ConnectX
 * reports a lost link as IBV_WC_RETRY_EXC_ERR after its retries, long
 * after the port went DOWN, and the same status from a peer that died must
 * not wait.
 */
static bool rp_link_may_lag(enum ibv_wc_status st)
{
	return st == IBV_WC_LOC_QP_OP_ERR;
}

const char *rp_dev_link_note(const struct rp_dev *d, enum ibv_wc_status st,
			     char *buf, size_t len)
{
	const struct timespec step = { 0, RP_LINK_NOTE_STEP_MS * 1000000L };
	struct ibv_port_attr a;
	int waited = 0;

	for (;;) {
		if (ibv_query_port(d->ctx, (uint8_t)d->port, &a))
			return ""; /* cannot tell: nothing to add */
		if (a.state != IBV_PORT_ACTIVE)
			break;
		if (!rp_link_may_lag(st) || waited >= RP_LINK_NOTE_GRACE_MS)
			return "";
		nanosleep(&step, NULL);
		waited += RP_LINK_NOTE_STEP_MS;
	}
	snprintf(buf, len, "; the link of %s port %u is %s", d->name, d->port,
		 ibv_port_state_str(a.state));
	return buf;
}

static enum rp_gid_type rp_gid_type_from_verbs(uint32_t t)
{
	switch (t) {
	case IBV_GID_TYPE_ROCE_V2: return RP_GID_TYPE_ROCE_V2;
	case IBV_GID_TYPE_ROCE_V1: return RP_GID_TYPE_ROCE_V1;
	}
	return RP_GID_TYPE_IB;
}

static int rp_dev_read_gids_verbs(const struct rp_dev *d,
				  struct rp_gid_table *t)
{
	struct ibv_gid_entry ents[RP_GID_TABLE_MAX];
	ssize_t n, i;

	n = ibv_query_gid_table(d->ctx, ents, RP_GID_TABLE_MAX, 0);
	if (n < 0)
		return (int)n;
	t->n = 0;
	for (i = 0; i < n && t->n < RP_GID_TABLE_MAX; i++) {
		struct rp_gid_entry *e = &t->e[t->n];

		if (ents[i].port_num != d->port)
			continue;
		memcpy(e->raw, ents[i].gid.raw, sizeof(e->raw));
		if (rp_gid_is_zero(e->raw))
			continue;
		e->index = ents[i].gid_index;
		e->type = rp_gid_type_from_verbs(ents[i].gid_type);
		if (!ents[i].ndev_ifindex ||
		    !if_indextoname(ents[i].ndev_ifindex, e->ndev))
			e->ndev[0] = '\0';
		t->n++;
	}
	return 0;
}

int rp_dev_read_gids(const struct rp_dev *d, struct rp_gid_table *t)
{
	int ret;

	memset(t, 0, sizeof(*t));
	t->tbl_len = (unsigned int)d->port_attr.gid_tbl_len;
	ret = rp_dev_read_gids_verbs(d, t);
	if (!ret)
		return 0;
	ret = rp_gid_read_sysfs(RP_SYSFS_IB, d->name, d->port, t);
	if (ret)
		rp_err("reading the GID table of %s port %u: %s", d->name,
		       d->port, strerror(-ret));
	return ret;
}

static int rp_dev_check_gid(const struct rp_dev *d,
			    const struct rp_gid_table *t, int want,
			    struct rp_gid_entry *gid, char *why, size_t len)
{
	const struct rp_gid_entry *e = rp_gid_find(t, (unsigned int)want);
	char valid[1024], desc[128];

	if ((unsigned int)want >= t->tbl_len || !e) {
		rp_err("GID index %d of %s port %u is %s; valid entries: %s",
		       want, d->name, d->port,
		       (unsigned int)want >= t->tbl_len ? "out of range" :
							  "empty",
		       rp_gid_list(t, valid, sizeof(valid)));
		return -EINVAL;
	}
	*gid = *e;
	snprintf(why, len, "%s (given with -x)",
		 rp_gid_describe(e, desc, sizeof(desc)));
	return want;
}

/* The choice; with a peer but no address list, the host's addresses. */
static int rp_dev_choose_gid(const struct rp_dev *d,
			     const struct rp_gid_table *t,
			     const struct rp_gid_prefs *prefs,
			     struct rp_gid_entry *gid, char *why, size_t len)
{
	struct rp_gid_prefs p = prefs ? *prefs : (struct rp_gid_prefs){ 0 };
	struct rp_ifaddrs *addrs = NULL;
	int idx;

	if (p.peer_known && !p.addrs) {
		addrs = calloc(1, sizeof(*addrs));
		if (addrs && !rp_ifaddrs_live(addrs))
			p.addrs = addrs;
	}
	idx = rp_gid_choose_ex(t, &p, why, len);
	free(addrs);
	if (idx < 0) {
		rp_err("no usable GID on %s port %u: %s", d->name, d->port,
		       why);
		return idx;
	}
	*gid = *rp_gid_find(t, (unsigned int)idx);
	return idx;
}

static void rp_dev_warn_bond(const struct rp_dev *d,
			     const struct rp_gid_entry *gid)
{
	struct rp_bond b;
	char msg[384];

	rp_netdev_bond(RP_SYSFS_ROOT, gid->ndev, &b);
	if (rp_bond_warning(gid->ndev, &b, msg, sizeof(msg)))
		rp_warn("%s port %u: %s", d->name, d->port, msg);
}

int rp_dev_select_gid(const struct rp_dev *d, int want,
		      const struct rp_gid_prefs *prefs, int *index,
		      struct rp_gid_entry *gid, char *why, size_t why_len)
{
	struct rp_gid_table *t;
	int ret;

	memset(gid, 0, sizeof(*gid));
	*index = -1;
	if (want < 0 && !rp_dev_is_roce(d)) {
		snprintf(why, why_len, "InfiniBand: LID routing, no GRH");
		return 0;
	}
	t = calloc(1, sizeof(*t));
	if (!t)
		return -ENOMEM;
	ret = rp_dev_read_gids(d, t);
	if (!ret)
		ret = want >= 0 ?
			      rp_dev_check_gid(d, t, want, gid, why, why_len) :
			      rp_dev_choose_gid(d, t, prefs, gid, why, why_len);
	free(t);
	if (ret < 0)
		return ret;
	*index = ret;
	rp_dev_warn_bond(d, gid);
	return 0;
}

enum ibv_mtu rp_mtu_from_bytes(unsigned int bytes)
{
	switch (bytes) {
	case 256: return IBV_MTU_256;
	case 512: return IBV_MTU_512;
	case 1024: return IBV_MTU_1024;
	case 2048: return IBV_MTU_2048;
	case 4096: return IBV_MTU_4096;
	}
	return 0;
}

unsigned int rp_mtu_bytes(enum ibv_mtu mtu)
{
	return 1u << (7 + (unsigned int)mtu);
}

int rp_dev_check_msg(const struct rp_dev *d, uint64_t size)
{
	if (size <= d->port_attr.max_msg_sz)
		return 0;
	rp_err("size %llu exceeds the largest message %s allows (max_msg_sz %u)",
	       (unsigned long long)size, d->name, d->port_attr.max_msg_sz);
	return -EINVAL;
}

bool rp_dev_wr_api(const struct rp_dev *d)
{
	struct rp_devkind k;

	rp_devkind_of(d->attr.vendor_id, d->attr.vendor_part_id, &k);
	return k.wr_api;
}
