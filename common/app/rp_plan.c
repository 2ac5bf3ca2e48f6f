// SPDX-License-Identifier: MIT
/* A run decoded once from its options (rp_plan.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/rp_opts_nic.h"
#include "app/rp_place.h"
#include "app/rp_plan.h"
#include "base/rp_log.h"
#include "base/rp_sysfs.h"
#include "engine/rp_bidir.h"
#include "engine/rp_cycle.h"
#include "output/rp_report_lat.h"
#include "verbs/rp_devkind.h"
#include "verbs/rp_railbuf.h"

/* -s, or -a's powers of two from 2 B to 8 MiB (perftest's sweep). */
static void plan_sizes(struct rp_plan *p)
{
	uint64_t s;

	p->n_sizes = 0;
	if (!p->o->all_sizes)
		p->sizes[p->n_sizes++] = p->o->size;
	for (s = 2; p->o->all_sizes && s <= RP_ALL_SIZES_MAX &&
		    p->n_sizes < RP_PLAN_MAX_SIZES;
	     s <<= 1)
		p->sizes[p->n_sizes++] = s;
	p->max_size = p->sizes[p->n_sizes - 1];
}

/* perftest's title: the verb's, a BW test's Bidirectional and Post List
 * variants (perftest_parameters.c ctx_print_test_info). */
static void plan_title(struct rp_plan *p)
{
	const struct rp_opts *o = p->o;

	if (!p->bw)
		snprintf(p->title, sizeof(p->title), "%s Latency Test",
			 p->verb->title);
	else
		snprintf(p->title, sizeof(p->title), "%s%s%s BW Test",
			 p->verb->title, o->bidir ? " Bidirectional" : "",
			 o->post_list > 1 ? " Post List" : "");
}

/* Every rail's settings: -d's device, -x, -q, -t, -m, -u, -I, --ipv6, the
 * hugepage choice and the NIC flags; its slices hold the largest size
 * (twice with halves); one outstanding READ per QP unless -o or the
 * verb's default; bound as perftest binds its process. */
static void plan_rail(struct rp_plan *p)
{
	const struct rp_opts *o = p->o;
	struct rp_rail_cfg *c = &p->rail;

	*c = (struct rp_rail_cfg){
		.dev = o->dev,
		.port = o->ib_port,
		.gid_index = o->gid_index,
		.num_qps = p->bw ? o->num_qps : 1,
		.tx_depth = o->tx_depth,
		.rx_depth = o->rx_depth, /* SEND's -r; else 0: one */
		.slice = rp_railbuf_slice((p->halves ? 2 : 1) * p->max_size),
		.max_msg = p->max_size,
		.mtu = o->mtu,
		.verb = o->verb,
		.rd_atomic = o->outs, /* 0: the verb's default (rp_rail) */
		.qp_timeout = o->qp_timeout,
		.hugepages = o->hugepages,
		.traffic_class = o->nic.tclass > 0 ? (uint8_t)o->nic.tclass : 0,
		.no_relaxed = o->nic.disable_pcie_relaxed,
		.old_post_send = o->nic.old_post_send,
		.new_post_send = o->nic.new_post_send,
		/* WRITE's ping-pong polls the last byte, which must land
		 * last (ib_write_lat's disable_pcir); a verb that consumes
		 * receives is ordered by the receive's CQE and keeps relaxed
		 * ordering (ib_send_lat) */
		.strict_order = !p->bw && p->halves && !p->verb->consumes,
		.ipv6 = o->ipv6,
		.probe = p->probe,
		.probe_verb = o->lat_probe_verb,
	};
	/* --validate of a verb that pulls: the bytes read are there before
	 * the rkey is sent (-b: the lower halves, what is sent); an
	 * atomic's words start at 0 */
	if (o->validate && p->role->leaves && p->verb->pulls &&
	    !p->verb->atomic)
		c->fill_bytes = p->halves ? c->slice / 2 : c->slice;
	/* one rail: checked by rp_precheck, so it cannot fail here */
	if (rp_place_bind(o, o->dev, 0, -1, &c->bind))
		c->bind = (struct rp_bind){ .node = -1, .cpu = -1 };
}

/* The bandwidth engine's settings from this side's role (size 0). */
static void plan_bw(struct rp_plan *p)
{
	const struct rp_opts *o = p->o;
	const struct rp_role *r = p->role;
	struct rp_bw_cfg *c = &p->bwcfg;

	*c = (struct rp_bw_cfg){
		.verb = o->verb,
		/* SEND's server: receives only; -b SEND: both */
		.recv = r->receives && !r->posts,
		.duplex = r->receives && r->posts,
		.iters = o->iters,
		.duration = o->duration,
		.cq_mod = o->cq_mod,
		.post_list = o->post_list,
		.cycle_buffer = o->validate ? 0 : rp_cycle_page(),
		.cas_chain = o->validate && p->verb->chain,
		/* -b READ reads into the upper half of each slice */
		.local_off = p->halves && p->verb->pulls ? p->rail.slice / 2 :
							   0,
		.infinite = o->run_infinitely,
		.peak = r->posts && !o->no_peak && !o->duration &&
			o->iters <= RP_PEAK_MAX_ITERS &&
			o->iters * o->num_qps <= RP_PEAK_MAX_WRS,
		.gbits = o->report_gbits,
		.cqe_poll = rp_nic_cqe_poll(&o->nic),
		/* -D: perftest stops at the end without waiting for the WRs
		 * in flight; railperf waits a little for them (at the link
		 * rate tx depth x 8 MiB drains in ms; on Soft-RoCE it would
		 * take a minute) */
		.drain_ns = o->duration && !o->run_infinitely ?
				    RP_PLAN_DRAIN_NS :
				    0,
		/* perftest warms up WRITE and READ only, not an endless run
		 * (write_bw.c, read_bw.c: perform_warm_up) */
		.warmup = o->perform_warm_up && !o->run_infinitely &&
			  p->verb->warms_up,
	};
	if (r->receives) { /* a receiving side's queue */
		c->rx_depth = o->rx_depth;
		c->rx_pre = rp_bw_rx_pre(c);
	}
}

/* The latency engine's settings (size 0; the app adds its tick and the
 * count of SEND's receives posted). */
static void plan_lat(struct rp_plan *p)
{
	const struct rp_opts *o = p->o;

	p->latcfg = (struct rp_lat_cfg){
		.iters = o->iters,
		.duration = o->duration,
		.warmup = RP_LAT_WARMUP,
		.max_samples = RP_LAT_MAX_SAMPLES,
		.verb = o->verb,
		.cas_chain = o->validate && p->verb->chain,
		.first = p->server, /* perftest's server posts first */
		.rx_depth = o->rx_depth,
	};
}

/* --lat_probe on a rail list: the probe's settings (a cache line per
 * probe, at most --lat_probe_rate a second, the verb's trips per
 * sample) and this side's role in its verb's latency row. */
static void plan_probe(struct rp_plan *p)
{
	const struct rp_opts *o = p->o;
	const struct rp_verbrow *v = rp_roles_verb(o->lat_probe_verb);

	p->probe = p->multi && p->bw && o->lat_probe;
	if (!p->probe)
		return;
	p->probecfg = (struct rp_probe_cfg){
		.verb = v->verb,
		.size = RP_PROBE_SIZE,
		.rate = o->lat_probe_rate,
		.spin_ns = RP_PROBE_SPIN_NS,
		.warmup = RP_PROBE_WARMUP,
		.rtt = v->lat_rtt,
	};
	p->probe_role = rp_roles_of(v, false, false, p->server);
}

/* -I (@n bytes; < 0 none given) where the QPs and the engines take it. */
static void plan_inline(struct rp_plan *p, int n)
{
	unsigned int bytes = n > 0 ? (unsigned int)n : 0;

	p->inline_size = n;
	p->rail.max_inline = bytes;
	p->bwcfg.inline_size = bytes;
	p->latcfg.inline_size = bytes;
}

void rp_plan_make(struct rp_plan *p, const struct rp_opts *o, FILE *out)
{
	memset(p, 0, sizeof(*p));
	p->o = o;
	p->server = !o->server;
	p->bw = o->desc->features & RP_FEAT_BW;
	p->multi = o->desc->features & RP_FEAT_MULTI;
	p->verb = rp_roles_verb(o->verb);
	p->role = rp_roles_of(p->verb, p->bw, o->bidir, p->server);
	plan_sizes(p);
	p->halves = p->bw ? o->bidir : p->verb->lat_rtt > 1;
	plan_title(p);
	p->out = out;
	p->text = rp_opts_full(o) ? out : NULL;
	p->extra = rp_opts_full(o) ? stderr : NULL;
	plan_probe(p);
	plan_rail(p);
	if (p->bw)
		plan_bw(p);
	else
		plan_lat(p);
	plan_inline(p, o->inline_size);
}

int rp_plan_gpu(struct rp_plan *p)
{
	const struct rp_opts *o = p->o;
	struct rp_gpu_req probe = { .index = 0 };

	if (!rp_opts_cuda_given(o))
		return 0;
	if (rp_gpu_open(&p->gpu, o->cuda.near ? &probe : &o->cuda))
		return -1;
	if (rp_opts_gpu_check(o, &p->gpu)) {
		rp_gpu_close(&p->gpu);
		return -1;
	}
	if (o->cuda.near)
		rp_gpu_close(&p->gpu);
	else
		p->rail.gpu = &p->gpu;
	return 0;
}

int rp_plan_gpu_near(struct rp_plan *p, const char *ibdev, unsigned int rail,
		     const struct rp_gpu **gpu)
{
	struct rp_gpu *g;

	*gpu = p->rail.gpu;
	if (!p->o->cuda.near)
		return 0;
	if (rail >= RP_MAX_RAILS)
		return -ENODEV;
	g = &p->gpus[rail];
	if (rp_gpu_open_near(g, RP_SYSFS_ROOT, ibdev, p->o->cuda.dmabuf))
		return -ENODEV;
	if (rail >= p->ngpus)
		p->ngpus = rail + 1;
	if (rp_opts_gpu_check(p->o, g)) {
		rp_gpu_close(g);
		return -EINVAL;
	}
	*gpu = g;
	return 0;
}

/* Whether perftest decides anything from -d's device for this run: one
 * rail's READ BW test prints 6.06's extra separator (full output), WRITE
 * and SEND BW with -I lose it on a device perftest does not know; a
 * latency ping-pong takes its inline size from the device, READ's
 * latency its separator. */
static bool plan_device_matters(const struct rp_plan *p)
{
	if (p->bw)
		return !p->multi && (p->verb->pulls ? p->text != NULL :
						      p->o->inline_size >= 0);
	return p->text || p->halves;
}

int rp_plan_device(struct rp_plan *p)
{
	struct rp_devid id;
	int ret;

	if (!plan_device_matters(p))
		return 0;
	ret = rp_devid_read(p->o->dev, p->o->ib_port, &id);
	if (ret)
		return ret;
	rp_plan_device_ids(p, &id);
	return 0;
}

/* A ping-pong's inline size without -I on a device perftest knows, of
 * @kind: 0 with GPU memory (perftest HEAD: no inline data from device
 * memory), else its ib_write_lat / ib_send_lat default. */
static int plan_lat_inline(const struct rp_plan *p,
			   const struct rp_devkind *kind)
{
	if (rp_opts_cuda_given(p->o))
		return 0;
	return (int)(p->verb->consumes ? kind->send_lat_inline :
					 kind->write_lat_inline);
}

void rp_plan_device_ids(struct rp_plan *p, const struct rp_devid *id)
{
	const struct rp_opts *o = p->o;
	bool unknown = rp_report_lat_extra_line(id->vendor, id->part);
	struct rp_devkind kind;

	rp_devkind_of(id->vendor, id->part, &kind);
	p->extra_line = p->text && unknown &&
			(p->verb->pulls || o->inline_size >= 0);
	if (p->verb->pulls) /* no inline data: -I stays as it is */
		return;
	if (unknown && o->inline_size > 0)
		rp_warn("inline data turned off: %s is not a device perftest "
			"knows, and perftest turns it off there",
			o->dev ? o->dev : "the device");
	if (unknown)
		plan_inline(p, 0);
	else if (!p->bw && o->inline_size < 0)
		plan_inline(p, plan_lat_inline(p, &kind));
}

bool rp_plan_gpu_env(const struct rp_plan *p)
{
	if (!rp_opts_cuda_given(p->o) || !p->verb->fills ||
	    p->sizes[0] > RP_SCATTER_CQE_MAX)
		return false;
	return setenv("MLX5_SCATTER_TO_CQE", "0", 1) == 0;
}

void rp_plan_rail(const struct rp_plan *p, const struct rp_railspec *spec,
		  struct rp_rail_cfg *c)
{
	*c = p->rail;
	c->dev = spec->dev;
	c->port = spec->port;
	c->gid_index = spec->gid_index;
}

void rp_plan_peer(const struct rp_plan *p, const struct rp_rail_addr *remote,
		  struct rp_rail_addr *out)
{
	if (!p->o->bidir)
		*out = *remote;
	else if (p->verb->pulls) /* the halves the peer sends from */
		rp_bidir_source(remote, out);
	else /* the halves where this side's bytes arrive */
		rp_bidir_peer(remote, out);
}

/* --lat_probe's HELLO flag: its verb, so that both sides agree on it. */
static unsigned int plan_probe_flag(const struct rp_plan *p)
{
	if (!p->probe)
		return 0;
	return p->probecfg.verb == RP_VERB_READ ? RP_PF_PROBE_READ :
						  RP_PF_PROBE_WRITE;
}

void rp_plan_params(const struct rp_plan *p, unsigned int num_rails,
		    struct rp_params *par)
{
	const struct rp_opts *o = p->o;

	memset(par, 0, sizeof(*par));
	par->test = (uint16_t)o->desc->test;
	par->flags = (uint16_t)((o->all_sizes ? RP_PF_ALL_SIZES : 0) |
				(o->validate ? RP_PF_VALIDATE : 0) |
				(o->run_infinitely ? RP_PF_INFINITE : 0) |
				(o->rdma_cm ? RP_PF_RDMA_CM : 0) |
				(o->bidir ? RP_PF_BIDIR : 0) | p->verb->hello |
				plan_probe_flag(p));
	par->size = o->size;
	par->iters = o->iters;
	par->duration = o->duration;
	par->num_qps = o->num_qps;
	par->num_rails = num_rails;
}

void rp_plan_fini(struct rp_plan *p)
{
	unsigned int i;

	rp_gpu_close(&p->gpu); /* the buffers are released */
	for (i = 0; i < p->ngpus; i++)
		rp_gpu_close(&p->gpus[i]);
	p->ngpus = 0;
}
