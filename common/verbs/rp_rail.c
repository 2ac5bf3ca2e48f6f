// SPDX-License-Identifier: MIT
#include <endian.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "base/rp_log.h"
#include "base/rp_sysfs.h"
#include "verbs/rp_bufpat.h"
#include "verbs/rp_probeqp.h"
#include "verbs/rp_qp.h"
#include "verbs/rp_rail.h"
#include "topo/rp_nicport.h"
#include "topo/rp_pcie.h"
#include "net/rp_gid_rules.h"
#include "net/rp_netdev.h"

_Static_assert(RP_LINK_LAYER_IB == IBV_LINK_LAYER_INFINIBAND &&
		       RP_LINK_LAYER_ETH == IBV_LINK_LAYER_ETHERNET &&
		       RP_WIRE_MTU_MIN == IBV_MTU_256 &&
		       RP_WIRE_MTU_MAX == IBV_MTU_4096,
	       "RAIL carries libibverbs' link-layer and MTU values");

#define RP_MR_ACCESS \
	(IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | \
	 IBV_ACCESS_REMOTE_READ)

/*
 * ibv_reg_mr failed with @err: one line; when the locked-memory limit
 * (ulimit -l) is below the buffer, that is the likely cause and is named.
 */
static int rp_rail_mr_fail(const struct rp_rail *r, int err)
{
	struct rlimit rl;

	if (r->buf.dmabuf_fd >= 0) {
		rp_err("ibv_reg_dmabuf_mr on %s (%zu bytes of GPU %d memory, "
		       "dma-buf fd %d): %s: %s",
		       r->dev.name, r->buf.len, r->buf.gpu->index,
		       r->buf.dmabuf_fd, strerror(err),
		       err == EOPNOTSUPP || err == ENOSYS ?
			       "this RDMA driver cannot register dma-buf "
			       "memory (Soft-RoCE cannot; GPU memory needs a "
			       "NIC that can, see docs/gpu.md)" :
			       "the NIC could not map the GPU's dma-buf");
		return -err;
	}
	if ((err == ENOMEM || err == EPERM || err == EAGAIN) &&
	    !getrlimit(RLIMIT_MEMLOCK, &rl) && rl.rlim_cur != RLIM_INFINITY &&
	    rl.rlim_cur < r->buf.len)
		rp_err("ibv_reg_mr on %s (%zu bytes): %s: the locked-memory "
		       "limit is %llu KiB (raise it: ulimit -l, "
		       "/etc/security/limits.conf, or LimitMEMLOCK=)",
		       r->dev.name, r->buf.len, strerror(err),
		       (unsigned long long)rl.rlim_cur / 1024);
	else
		rp_err("ibv_reg_mr on %s (%zu bytes): %s", r->dev.name,
		       r->buf.len, strerror(err));
	return -err;
}

/* One registration of the buffer with @access: through its dma-buf
 * (device memory, --use_cuda_dmabuf; iova = the buffer's device address,
 * so slices are addressed as with ibv_reg_mr), else ibv_reg_mr. */
static struct ibv_mr *rp_rail_reg(struct rp_rail *r, int access)
{
	if (r->buf.dmabuf_fd >= 0)
		return ibv_reg_dmabuf_mr(r->pd, r->buf.dmabuf_off, r->buf.len,
					 (uint64_t)(uintptr_t)r->buf.addr,
					 r->buf.dmabuf_fd, access);
	return ibv_reg_mr(r->pd, r->buf.addr, r->buf.len, access);
}

/* The MR of the buffer with @access: relaxed ordering asked for first. */
static int rp_rail_mr_ro(struct rp_rail *r, bool strict_order, int access)
{
	/* RELAXED_ORDERING is an optional flag (rdma-core >= 28): devices
	 * without it ignore it, and so may the kernel (mlx5 drops it when
	 * the function's RO enable is off), so relaxed_ordering says "asked
	 * for", as perftest's header does; kernels that reject it get a
	 * second try.
	 * strict_order: a peer polls the last byte of a WRITE, which must
	 * land last (perftest's write_lat disables it too);
	 * --disable_pcie_relaxed: never asked for (perftest's disable_pcir). */
	r->mr = r->no_relaxed || strict_order ?
			NULL :
			rp_rail_reg(r, access | IBV_ACCESS_RELAXED_ORDERING);
	r->relaxed_ordering = r->mr != NULL;
	if (r->relaxed_ordering)
		rp_pcie_ro_suspect(RP_SYSFS_ROOT, r->dev.name, r->ro_suspect,
				   sizeof(r->ro_suspect));
	if (!r->mr)
		r->mr = rp_rail_reg(r, access);
	if (r->mr)
		return 0;
	return rp_rail_mr_fail(r, errno);
}

/* The buffer's MR: RP_MR_ACCESS, with the peer's atomics in their runs
 * (perftest_resources.c create_single_mr: IBV_ACCESS_REMOTE_ATOMIC for
 * ATOMIC), and relaxed ordering as rp_rail_mr_ro says. */
static int rp_rail_mr(struct rp_rail *r, bool strict_order)
{
	int access = RP_MR_ACCESS |
		     (rp_verb_atomic(r->verb) ? IBV_ACCESS_REMOTE_ATOMIC : 0);

	return rp_rail_mr_ro(r, strict_order, access);
}

/* One CQE per outstanding WR of every QP (-Q 1 signals each), send and
 * receive (the QPs share the CQ), so that the CQ can never overflow; a
 * device whose CQ is smaller is refused. */
static int rp_rail_cq(struct rp_rail *r)
{
	uint64_t need =
		((uint64_t)r->tx_depth + (r->rx_depth > 1 ? r->rx_depth : 0)) *
		r->num_qps;
	int cqe = (int)need;

	if (need > (uint64_t)r->dev.attr.max_cqe) {
		rp_err("%u QPs x TX depth %u need a CQ of %llu entries; %s "
		       "holds at most %d: lower -q or -t",
		       r->num_qps, r->tx_depth, (unsigned long long)need,
		       r->dev.name, r->dev.attr.max_cqe);
		return -EINVAL;
	}
	r->cq = ibv_create_cq(r->dev.ctx, cqe, NULL, NULL, 0);
	if (r->cq)
		return 0;
	rp_err("ibv_create_cq on %s (%d CQEs): %s", r->dev.name, cqe,
	       strerror(errno));
	return -errno;
}

static int rp_rail_qp_arrays(struct rp_rail *r)
{
	r->qp = calloc(r->num_qps, sizeof(*r->qp));
	r->qpx = calloc(r->num_qps, sizeof(*r->qpx));
	r->psn = calloc(r->num_qps, sizeof(*r->psn));
	if (!r->qp || !r->qpx || !r->psn)
		return -ENOMEM;
	/* as perftest: ibv_wr_* on the devices it uses it on (rp_dev.h);
	 * --use_new_post_send: on any device */
	r->wr_api = r->new_post_send ||
		    (!r->old_post_send && rp_dev_wr_api(&r->dev));
	return 0;
}

static int rp_rail_qps(struct rp_rail *r)
{
	unsigned int i;
	int ret;

	ret = rp_rail_qp_arrays(r);
	if (ret)
		return ret;
	for (i = 0; i < r->num_qps; i++) {
		ret = rp_qp_create(r, i);
		if (ret)
			return ret;
		r->psn[i] = rp_qp_random_psn();
	}
	return 0;
}

static int rp_rail_check_cfg(struct rp_rail *r, const struct rp_rail_cfg *c)
{
	const struct ibv_device_attr *da = &r->dev.attr;
	enum ibv_mtu mtu = rp_mtu_from_bytes(c->mtu);
	bool capped;

	/* Before any buffer is allocated: -s 2G must not fill memory first. */
	if (rp_dev_check_msg(&r->dev, c->max_msg))
		return -EINVAL;
	if (rp_verb_atomic(c->verb) && da->atomic_cap == IBV_ATOMIC_NONE) {
		rp_err("%s does not do atomic operations (atomic_cap "
		       "IBV_ATOMIC_NONE)",
		       r->dev.name);
		return -EOPNOTSUPP;
	}
	if (c->tx_depth > (unsigned int)da->max_qp_wr) {
		rp_err("TX depth %u exceeds what %s allows (max_qp_wr %d)",
		       c->tx_depth, r->dev.name, da->max_qp_wr);
		return -EINVAL;
	}
	if (c->rx_depth > (unsigned int)da->max_qp_wr) {
		rp_err("RX depth %u exceeds what %s allows (max_qp_wr %d)",
		       c->rx_depth, r->dev.name, da->max_qp_wr);
		return -EINVAL;
	}
	r->mtu = r->dev.port_attr.active_mtu;
	if (mtu && mtu < r->mtu)
		r->mtu = mtu; /* -m above the active MTU is capped to it */
	r->rd_atomic = rp_rail_rd_atomic(c, da, &capped);
	if (capped) /* perftest says so too, and goes on with the max */
		rp_warn("-o %u is above what %s allows; %u outstanding reads",
			c->rd_atomic, r->dev.name, r->rd_atomic);
	return 0;
}

unsigned int rp_rail_rd_atomic(const struct rp_rail_cfg *c,
			       const struct ibv_device_attr *da, bool *capped)
{
	unsigned int max = UINT8_MAX, n = c->rd_atomic;

	if (max > (unsigned int)da->max_qp_rd_atom)
		max = (unsigned int)da->max_qp_rd_atom;
	if (max > (unsigned int)da->max_qp_init_rd_atom)
		max = (unsigned int)da->max_qp_init_rd_atom;
	if (!max)
		max = 1;
	*capped = n > max;
	if (!n) /* READ and the atomics: the device's (perftest's) */
		n = c->verb == RP_VERB_READ || rp_verb_atomic(c->verb) ? max :
									 1;
	return n > max ? max : n;
}

static int rp_rail_buffers(struct rp_rail *r, const struct rp_rail_cfg *c)
{
	unsigned int q;
	int ret;

	r->pd = ibv_alloc_pd(r->dev.ctx);
	if (!r->pd) {
		rp_err("ibv_alloc_pd on %s: %s", r->dev.name, strerror(errno));
		return -errno;
	}
	if (c->gpu) /* its one line on failure */
		ret = rp_buf_alloc_gpu(&r->buf, r->slice * r->num_qps, c->gpu);
	else
		ret = rp_buf_alloc(&r->buf, r->slice * r->num_qps, c->hugepages,
				   c->bind_numa ? c->numa_node : -1);
	if (ret && !c->gpu)
		rp_err("allocating a %llu-byte buffer: %s",
		       (unsigned long long)(r->slice * r->num_qps),
		       strerror(-ret));
	for (q = 0; !ret && c->fill_bytes && q < r->num_qps; q++)
		ret = rp_bufpat_fill(
			&r->buf, (uint64_t)q * r->slice,
			c->fill_bytes < r->slice ? c->fill_bytes : r->slice, q);
	return ret ? ret : rp_rail_mr(r, c->strict_order);
}

/* A blank rail with @c's sizes, before the device is opened. */
static void rp_rail_reset(struct rp_rail *r, const struct rp_rail_cfg *c)
{
	memset(r, 0, sizeof(*r));
	r->buf.dmabuf_fd = -1;
	r->gid_index = -1;
	r->num_qps = c->num_qps;
	r->tx_depth = c->tx_depth;
	r->rx_depth = c->rx_depth ? c->rx_depth : 1;
	r->max_inline = c->max_inline;
	r->verb = c->verb;
	r->qp_timeout = c->qp_timeout;
	r->traffic_class = c->traffic_class;
	r->no_relaxed = c->no_relaxed;
	r->old_post_send = c->old_post_send;
	r->new_post_send = c->new_post_send;
	r->slice = c->slice;
}

int rp_rail_init(struct rp_rail *r, const struct rp_rail_cfg *c)
{
	struct rp_gid_prefs prefs;
	int ret;

	rp_rail_reset(r, c);
	ret = rp_dev_open(&r->dev, c->dev, c->port);
	if (ret)
		return ret;
	ret = rp_rail_check_cfg(r, c);
	if (ret)
		goto fail;
	/* Peer unknown here for now: no subnet rule (see rp_gid.h). */
	prefs = (struct rp_gid_prefs){ .prefer_ipv6 = c->ipv6,
				       .peer_known = c->peer_known };
	memcpy(prefs.peer, c->peer, sizeof(prefs.peer));
	ret = rp_dev_select_gid(&r->dev, c->gid_index, &prefs, &r->gid_index,
				&r->gid, r->gid_why, sizeof(r->gid_why));
	if (ret)
		goto fail;
	ret = rp_rail_buffers(r, c);
	if (!ret)
		ret = rp_rail_cq(r);
	if (!ret)
		ret = rp_rail_qps(r);
	if (!ret && c->probe)
		ret = rp_probeqp_init(r, c->probe_verb);
	if (!ret)
		return 0;
fail:
	rp_rail_fini(r);
	return ret;
}

/* -R: the table entry of rdma_cm's source GID, RoCE v2 before v1. */
static int rp_rail_gid_by_raw(struct rp_rail *r, const uint8_t sgid[16])
{
	struct rp_gid_table t;
	const struct rp_gid_entry *best = NULL;
	char str[RP_GID_STR_LEN];
	unsigned int i;

	if (!rp_dev_is_roce(&r->dev)) {
		snprintf(r->gid_why, sizeof(r->gid_why),
			 "InfiniBand: "
			 "rdma_cm's route, no GRH");
		return 0;
	}
	if (rp_dev_read_gids(&r->dev, &t))
		t.n = 0;
	for (i = 0; i < t.n; i++)
		if (!memcmp(t.e[i].raw, sgid, 16) &&
		    (!best || (best->type != RP_GID_TYPE_ROCE_V2 &&
			       t.e[i].type == RP_GID_TYPE_ROCE_V2)))
			best = &t.e[i];
	if (!best) {
		rp_err("-R: rdma_cm's source GID %s is not in the GID table "
		       "of %s port %u",
		       rp_gid_to_str(sgid, str), r->dev.name, r->dev.port);
		return -ENOENT;
	}
	r->gid = *best;
	r->gid_index = (int)best->index;
	snprintf(r->gid_why, sizeof(r->gid_why),
		 "%s %s on %s (rdma_cm's "
		 "route)",
		 rp_gid_type_str(best->type), rp_gid_to_str(best->raw, str),
		 best->ndev);
	return 0;
}

int rp_rail_init_ctx(struct rp_rail *r, const struct rp_rail_cfg *c,
		     struct ibv_context *ctx, unsigned int port,
		     const uint8_t sgid[16])
{
	int ret;

	rp_rail_reset(r, c);
	ret = rp_dev_attach(&r->dev, ctx, port);
	if (!ret)
		ret = rp_rail_check_cfg(r, c);
	if (!ret)
		ret = rp_rail_gid_by_raw(r, sgid);
	if (!ret)
		ret = rp_rail_buffers(r, c);
	if (!ret)
		ret = rp_rail_cq(r);
	if (!ret)
		ret = rp_rail_qp_arrays(r);
	if (ret)
		rp_rail_fini(r);
	return ret;
}

static void rp_rail_destroy_qps(struct rp_rail *r)
{
	unsigned int i;

	for (i = 0; r->qp && i < r->num_qps; i++) {
		if (r->qp[i] && ibv_destroy_qp(r->qp[i]))
			rp_err("ibv_destroy_qp on %s QP %u: %s", r->dev.name, i,
			       strerror(errno));
	}
	free(r->qp);
	free(r->qpx);
	free(r->psn);
	r->qp = NULL;
	r->qpx = NULL;
	r->psn = NULL;
}

void rp_rail_fini(struct rp_rail *r)
{
	rp_probeqp_fini(r);
	rp_rail_destroy_qps(r);
	if (r->cq && ibv_destroy_cq(r->cq))
		rp_err("ibv_destroy_cq on %s: %s", r->dev.name,
		       strerror(errno));
	r->cq = NULL;
	if (r->mr && ibv_dereg_mr(r->mr))
		rp_err("ibv_dereg_mr on %s: %s", r->dev.name, strerror(errno));
	r->mr = NULL;
	rp_buf_free(&r->buf);
	if (r->pd && ibv_dealloc_pd(r->pd))
		rp_err("ibv_dealloc_pd on %s: %s", r->dev.name,
		       strerror(errno));
	r->pd = NULL;
	rp_dev_close(&r->dev);
}

/* The NIC (sys_image_guid, from verbs), physical port and netdev MTU
 * (sysfs) of @r. */
static void rp_rail_nic(const struct rp_rail *r, struct rp_rail_addr *a)
{
	struct rp_nicport n;

	a->nic_guid = be64toh(r->dev.attr.sys_image_guid);
	rp_nicport_read(RP_SYSFS_ROOT, r->dev.name, r->dev.port, r->gid.ndev,
			NULL, &n);
	snprintf(a->phys_port, sizeof(a->phys_port), "%.15s", n.port);
	if (!r->gid.ndev[0] ||
	    rp_netdev_mtu(RP_SYSFS_ROOT, r->gid.ndev, &a->ndev_mtu))
		a->ndev_mtu = 0; /* unknown */
}

void rp_rail_local_addr(const struct rp_rail *r, struct rp_rail_addr *a)
{
	unsigned int i;

	memset(a, 0, sizeof(*a));
	a->lid = r->dev.port_attr.lid;
	a->link_layer = r->dev.port_attr.link_layer;
	a->gid_type = (uint8_t)r->gid.type;
	a->gid_index = r->gid_index;
	memcpy(a->gid, r->gid.raw, sizeof(a->gid));
	a->mtu = (uint8_t)r->mtu;
	a->rd_atomic = r->rd_atomic;
	rp_rail_nic(r, a);
	a->num_qps = r->num_qps;
	for (i = 0; i < r->num_qps; i++) {
		a->qp[i] = (struct rp_qp_addr){
			.qpn = r->qp[i]->qp_num,
			.psn = r->psn[i],
			.rkey = r->mr->rkey,
			.addr = (uint64_t)(uintptr_t)rp_rail_slice(r, i),
			.len = r->slice,
		};
	}
	if (r->probe.on)
		rp_probeqp_addr(r, a);
}

/*
 * Both sides choose their GID independently (perftest#44): a RoCE v1 / v2
 * or IPv4 / IPv6 mismatch never connects, so name both choices and stop.
 */
static int rp_rail_check_gid_peer(const struct rp_rail *r,
				  const struct rp_rail_addr *peer)
{
	char ls[RP_GID_STR_LEN], rs[RP_GID_STR_LEN];
	const char *what;

	if (r->gid_index < 0 || peer->gid_index < 0 || !rp_dev_is_roce(&r->dev))
		return 0;
	if ((unsigned int)r->gid.type != peer->gid_type)
		what = "RoCE versions differ";
	else if (rp_gid_is_ipv4(r->gid.raw) != rp_gid_is_ipv4(peer->gid))
		what = "address families differ";
	else
		return 0;
	rp_err("GID mismatch on %s: %s: local GID index %d (%s %s %s), "
	       "remote GID index %d (%s %s %s); give -x with entries of one "
	       "type and family on both sides (rail_info lists them)",
	       r->dev.name, what, r->gid_index, rp_gid_type_str(r->gid.type),
	       rp_gid_family_str(r->gid.raw), rp_gid_to_str(r->gid.raw, ls),
	       peer->gid_index,
	       rp_gid_type_str((enum rp_gid_type)peer->gid_type),
	       rp_gid_family_str(peer->gid), rp_gid_to_str(peer->gid, rs));
	return -EPROTO;
}

static int rp_rail_check_peer(const struct rp_rail *r,
			      const struct rp_rail_addr *peer)
{
	if (peer->num_qps != r->num_qps) {
		rp_err("QP count mismatch on %s: local %u, remote %u",
		       r->dev.name, r->num_qps, peer->num_qps);
		return -EPROTO;
	}
	if (r->probe.on != (peer->num_probe != 0)) {
		rp_err("latency probe mismatch on %s: local %s, remote %s "
		       "(give --lat_probe on both sides or on neither)",
		       r->dev.name, r->probe.on ? "on" : "off",
		       peer->num_probe ? "on" : "off");
		return -EPROTO;
	}
	if ((r->gid_index >= 0) != (peer->gid_index >= 0)) {
		rp_err("GRH mismatch on %s: local GID index %d, remote %d "
		       "(give -x on both sides or on neither)",
		       r->dev.name, r->gid_index, peer->gid_index);
		return -EPROTO;
	}
	return rp_rail_check_gid_peer(r, peer);
}

int rp_rail_connect(struct rp_rail *r, const struct rp_rail_addr *peer)
{
	unsigned int i;
	int ret;

	ret = rp_rail_check_peer(r, peer);
	if (ret)
		return ret;
	if (peer->mtu && peer->mtu < r->mtu)
		r->mtu = peer->mtu;
	if (peer->rd_atomic && peer->rd_atomic < r->rd_atomic)
		r->rd_atomic = peer->rd_atomic;
	for (i = 0; i < r->num_qps; i++) {
		ret = rp_qp_to_rts(r, i, peer);
		if (ret)
			return ret;
	}
	return r->probe.on ? rp_probeqp_connect(r, peer) : 0;
}
