// SPDX-License-Identifier: MIT
/*
 * The app tests' fake device and rail (fake.h): every function of
 * rp_dev.h and rp_rail.h, over host memory. A device is any name: one
 * RoCE port, ACTIVE, MTU 1024, of a vendor perftest does not know; a
 * rail's QPs are numbers, its buffer calloc'd (the pattern filled as
 * rp_rail_init fills it), its MR a pair of keys. Linked before the
 * library, these keep rp_dev.o and rp_rail.o out of the test programs.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fake.h"
#include "verbs/rp_bufpat.h"
#include "verbs/rp_dev.h"
#include "verbs/rp_rail.h"

struct fake_knobs fake;

void fake_reset(void)
{
	memset(&fake, 0, sizeof(fake));
}

/* --- the wire: messages landed per buffer -------------------------- */

#define FAKE_BUFS 64

static struct {
	const char *base;
	size_t len;
	uint64_t landed, taken;
	bool posted; /* receives posted (fake_wire_post) */
} wire[FAKE_BUFS];
static pthread_mutex_t wire_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wire_cond = PTHREAD_COND_INITIALIZER;

static void wire_add(const void *base, size_t len)
{
	int i;

	pthread_mutex_lock(&wire_lock);
	for (i = 0; i < FAKE_BUFS && wire[i].base; i++)
		;
	if (i < FAKE_BUFS) {
		wire[i].base = base;
		wire[i].len = len;
		wire[i].landed = wire[i].taken = 0;
		wire[i].posted = false;
	}
	pthread_mutex_unlock(&wire_lock);
}

static void wire_del(const void *base)
{
	int i;

	pthread_mutex_lock(&wire_lock);
	for (i = 0; i < FAKE_BUFS; i++)
		if (wire[i].base == base)
			wire[i].base = NULL;
	pthread_mutex_unlock(&wire_lock);
}

void fake_wire_deliver(uint64_t addr, uint64_t msgs)
{
	const char *p = (const char *)(uintptr_t)addr;
	int i;

	pthread_mutex_lock(&wire_lock);
	for (i = 0; i < FAKE_BUFS; i++)
		if (wire[i].base && p >= wire[i].base &&
		    p < wire[i].base + wire[i].len)
			wire[i].landed += msgs;
	pthread_cond_broadcast(&wire_cond);
	pthread_mutex_unlock(&wire_lock);
}

int fake_wire_await(const void *base, uint64_t msgs)
{
	struct timespec end;
	int i, ret = 0;

	clock_gettime(CLOCK_REALTIME, &end);
	end.tv_sec += 10;
	pthread_mutex_lock(&wire_lock);
	for (i = 0; i < FAKE_BUFS && wire[i].base != base; i++)
		;
	while (i < FAKE_BUFS && !ret && wire[i].landed - wire[i].taken < msgs)
		ret = pthread_cond_timedwait(&wire_cond, &wire_lock, &end);
	if (i < FAKE_BUFS && !ret)
		wire[i].taken += msgs;
	pthread_mutex_unlock(&wire_lock);
	return i < FAKE_BUFS && !ret ? 0 : -ETIMEDOUT;
}

void fake_wire_post(const void *base)
{
	int i;

	pthread_mutex_lock(&wire_lock);
	for (i = 0; i < FAKE_BUFS; i++)
		if (wire[i].base == base)
			wire[i].posted = true;
	pthread_mutex_unlock(&wire_lock);
}

bool fake_wire_posted(uint64_t addr)
{
	const char *p = (const char *)(uintptr_t)addr;
	bool posted = false;
	int i;

	pthread_mutex_lock(&wire_lock);
	for (i = 0; i < FAKE_BUFS; i++)
		if (wire[i].base && p >= wire[i].base &&
		    p < wire[i].base + wire[i].len)
			posted = wire[i].posted;
	pthread_mutex_unlock(&wire_lock);
	return posted;
}

/* --- the device ----------------------------------------------------- */

/* A context whose async fd is an empty non-blocking pipe: no events. */
struct fake_ctx {
	struct ibv_context ctx;
	struct ibv_device dev;
	int pipe[2];
};

int rp_dev_open(struct rp_dev *d, const char *name, unsigned int port)
{
	struct fake_ctx *f = calloc(1, sizeof(*f));

	memset(d, 0, sizeof(*d));
	if (!f || pipe2(f->pipe, O_NONBLOCK | O_CLOEXEC)) {
		free(f);
		return -ENOMEM;
	}
	f->dev.transport_type = IBV_TRANSPORT_IB;
	f->ctx.device = &f->dev;
	f->ctx.async_fd = f->pipe[0];
	d->ctx = &f->ctx;
	d->port = port;
	snprintf(d->name, sizeof(d->name), "%s", name ? name : "fake0");
	d->attr.vendor_id = FAKE_VENDOR;
	d->attr.phys_port_cnt = 1;
	d->attr.max_qp_rd_atom = 16;
	d->port_attr.state = IBV_PORT_ACTIVE;
	d->port_attr.link_layer = IBV_LINK_LAYER_ETHERNET;
	d->port_attr.active_mtu = IBV_MTU_1024;
	d->port_attr.max_mtu = IBV_MTU_4096;
	return 0;
}

int rp_dev_attach(struct rp_dev *d, struct ibv_context *ctx, unsigned int port)
{
	(void)d;
	(void)ctx;
	(void)port;
	return -ENOTSUP; /* -R: not faked */
}

void rp_dev_close(struct rp_dev *d)
{
	struct fake_ctx *f = (struct fake_ctx *)d->ctx;

	if (f) {
		close(f->pipe[0]);
		close(f->pipe[1]);
		free(f);
	}
	d->ctx = NULL;
}

int rp_dev_exists(const char *name)
{
	(void)name;
	return 0;
}

const char *rp_dev_none_hint(int err)
{
	(void)err;
	return "no fake devices";
}

int rp_dev_first_name(char *buf, size_t len)
{
	snprintf(buf, len, "fake0");
	return 0;
}

int rp_dev_all_names(char *buf, size_t len)
{
	snprintf(buf, len, "fake0,fake1");
	return 0;
}

bool rp_dev_wr_api(const struct rp_dev *d)
{
	(void)d;
	return false;
}

bool rp_dev_is_roce(const struct rp_dev *d)
{
	return d->port_attr.link_layer == IBV_LINK_LAYER_ETHERNET;
}

const char *rp_dev_link_note(const struct rp_dev *d, enum ibv_wc_status st,
			     char *buf, size_t len)
{
	(void)d;
	(void)st;
	(void)len;
	buf[0] = '\0';
	return buf;
}

int rp_dev_read_gids(const struct rp_dev *d, struct rp_gid_table *t)
{
	(void)d;
	memset(t, 0, sizeof(*t));
	return 0;
}

int rp_dev_select_gid(const struct rp_dev *d, int want,
		      const struct rp_gid_prefs *prefs, int *index,
		      struct rp_gid_entry *e, char *why, size_t why_len)
{
	(void)d;
	(void)prefs;
	*index = want >= 0 ? want : 1;
	memset(e, 0, sizeof(*e));
	snprintf(why, why_len, "a fake GID");
	return 0;
}

enum ibv_mtu rp_mtu_from_bytes(unsigned int bytes)
{
	return bytes >= 4096 ? IBV_MTU_4096 :
	       bytes >= 2048 ? IBV_MTU_2048 :
	       bytes >= 1024 ? IBV_MTU_1024 :
	       bytes >= 512  ? IBV_MTU_512 :
			       IBV_MTU_256;
}

unsigned int rp_mtu_bytes(enum ibv_mtu mtu)
{
	return 128u << mtu; /* IBV_MTU_256 is 1 */
}

int rp_dev_check_msg(const struct rp_dev *d, uint64_t size)
{
	(void)d;
	return size > (1ULL << 31) ? -EINVAL : 0;
}

/* --- the rail ------------------------------------------------------- */

static uint32_t fake_qpn = 0x100;

/* --lat_probe: the probe QP (a number), its page and MR (keys), as
 * rp_probeqp_init makes them: apart from the slices. */
static int fake_probe_init(struct rp_rail *r, const struct rp_rail_cfg *c)
{
	struct rp_probeqp *p = &r->probe;

	p->on = true;
	p->verb = c->probe_verb;
	p->len = 4096;
	p->buf = calloc(1, p->len);
	p->qp = calloc(1, sizeof(*p->qp));
	p->mr = calloc(1, sizeof(*p->mr));
	if (!p->buf || !p->qp || !p->mr)
		return -ENOMEM;
	p->qp->qp_num = __atomic_fetch_add(&fake_qpn, 1, __ATOMIC_RELAXED);
	p->mr->lkey = p->mr->rkey = 0x5678;
	p->psn = 0x4242;
	p->rd_atomic = 16;
	return 0;
}

static void fake_probe_fini(struct rp_rail *r)
{
	free(r->probe.buf);
	free(r->probe.qp);
	free(r->probe.mr);
}

int rp_rail_init(struct rp_rail *r, const struct rp_rail_cfg *c)
{
	size_t len = (size_t)c->slice * c->num_qps;
	unsigned int q;
	int ret;

	memset(r, 0, sizeof(*r));
	ret = rp_dev_open(&r->dev, c->dev, c->port);
	if (ret)
		return ret;
	r->gid_index = c->gid_index >= 0 ? c->gid_index : 1;
	snprintf(r->gid_why, sizeof(r->gid_why), "a fake GID");
	r->slice = c->slice;
	r->num_qps = c->num_qps;
	r->tx_depth = c->tx_depth;
	r->rx_depth = c->rx_depth ? c->rx_depth : 1;
	r->verb = c->verb;
	r->rd_atomic = rp_rail_rd_atomic(c, &r->dev.attr, &(bool){ 0 });
	r->max_inline = c->max_inline;
	pthread_mutex_lock(&wire_lock); /* both sides open rails at once */
	if (c->max_inline > fake.max_inline)
		fake.max_inline = c->max_inline;
	pthread_mutex_unlock(&wire_lock);
	/* asked for, as the real rail's MR says it (rp_rail_mr) */
	r->relaxed_ordering = !c->no_relaxed && !c->strict_order;
	r->qp_timeout = c->qp_timeout;
	r->mtu = IBV_MTU_1024;
	r->bind = c->bind;
	r->buf = (struct rp_buf){ .addr = calloc(1, len ? len : 1),
				  .len = len,
				  .page_size = 4096,
				  .kind = RP_BUF_NORMAL,
				  .numa_node = -1,
				  .pages_node = -1,
				  .dmabuf_fd = -1 };
	r->qp = calloc(c->num_qps, sizeof(*r->qp));
	r->psn = calloc(c->num_qps, sizeof(*r->psn));
	r->mr = calloc(1, sizeof(*r->mr));
	for (q = 0; r->qp && q < c->num_qps; q++) {
		r->qp[q] = calloc(1, sizeof(*r->qp[q]));
		if (r->qp[q])
			r->qp[q]->qp_num = __atomic_fetch_add(&fake_qpn, 1,
							      __ATOMIC_RELAXED);
	}
	if (!r->buf.addr || !r->qp || !r->psn || !r->mr ||
	    (c->probe && fake_probe_init(r, c))) {
		rp_rail_fini(r);
		return -ENOMEM;
	}
	r->mr->lkey = r->mr->rkey = 0x1234;
	wire_add(r->buf.addr, len);
	for (q = 0; c->fill_bytes && q < r->num_qps; q++)
		rp_bufpat_fill(
			&r->buf, (uint64_t)q * r->slice,
			c->fill_bytes < r->slice ? c->fill_bytes : r->slice, q);
	return 0;
}

int rp_rail_init_ctx(struct rp_rail *r, const struct rp_rail_cfg *cfg,
		     struct ibv_context *ctx, unsigned int port,
		     const uint8_t sgid[16])
{
	(void)r;
	(void)cfg;
	(void)ctx;
	(void)port;
	(void)sgid;
	return -ENOTSUP; /* -R: not faked */
}

unsigned int rp_rail_rd_atomic(const struct rp_rail_cfg *c,
			       const struct ibv_device_attr *da, bool *capped)
{
	*capped = false;
	if (c->rd_atomic)
		return c->rd_atomic;
	return c->verb == RP_VERB_READ ? (unsigned int)da->max_qp_rd_atom : 1;
}

void rp_rail_fini(struct rp_rail *r)
{
	unsigned int q;

	if (r->buf.addr)
		wire_del(r->buf.addr);
	for (q = 0; r->qp && q < r->num_qps; q++)
		free(r->qp[q]);
	free(r->qp);
	free(r->psn);
	free(r->mr);
	free(r->buf.addr);
	fake_probe_fini(r);
	rp_dev_close(&r->dev);
	memset(r, 0, sizeof(*r));
}

void rp_rail_local_addr(const struct rp_rail *r, struct rp_rail_addr *a)
{
	unsigned int i;

	memset(a, 0, sizeof(*a));
	a->link_layer = IBV_LINK_LAYER_ETHERNET;
	a->gid_index = r->gid_index;
	a->mtu = (uint8_t)r->mtu;
	a->rd_atomic = r->rd_atomic;
	a->num_qps = r->num_qps;
	for (i = 0; i < r->num_qps; i++)
		a->qp[i] = (struct rp_qp_addr){
			.qpn = r->qp[i]->qp_num,
			.psn = r->psn[i],
			.rkey = r->mr->rkey,
			.addr = (uint64_t)(uintptr_t)rp_rail_slice(r, i),
			.len = r->slice,
		};
	if (!r->probe.on)
		return;
	a->num_probe = 1;
	a->probe = (struct rp_qp_addr){
		.qpn = r->probe.qp->qp_num,
		.psn = r->probe.psn,
		.rkey = r->probe.mr->rkey,
		.addr = (uint64_t)(uintptr_t)r->probe.buf,
		.len = r->probe.len,
	};
	a->probe_rd_atomic = r->probe.rd_atomic;
}

int rp_rail_connect(struct rp_rail *r, const struct rp_rail_addr *peer)
{
	if (peer->num_qps != r->num_qps || r->probe.on != !!peer->num_probe)
		return -EINVAL;
	r->probe.peer = peer->probe;
	if (peer->mtu < r->mtu)
		r->mtu = peer->mtu;
	return 0;
}
