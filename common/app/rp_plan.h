/* SPDX-License-Identifier: MIT */
/*
 * rp_plan.h - a run decoded once from its options: the sizes, this
 * side's role (rp_roles.h), perftest's title, where the text goes, every
 * rail's settings and the engine's, made before any device is opened and
 * read by everything after (the session, the run skeleton, the apps,
 * their reporters, the cluster's rounds). What cannot be known from the
 * options comes in two steps of its own: the GPU of --use_cuda
 * (rp_plan_gpu, before any RDMA device) and what perftest decides from
 * the device (rp_plan_device: its extra separator, inline data off on a
 * device it does not know, the latency binaries' inline default).
 */
#ifndef RP_PLAN_H
#define RP_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "app/rp_opts.h"
#include "app/rp_railspec.h"
#include "app/rp_roles.h"
#include "engine/rp_bwcfg.h"
#include "engine/rp_lat.h"
#include "engine/rp_probestats.h"
#include "proto/rp_msg.h"
#include "verbs/rp_cuda.h"
#include "verbs/rp_devid.h"
#include "verbs/rp_rail_types.h"

#define RP_PLAN_MAX_SIZES 32  /* -a: 2 B .. 8 MiB is 23 */
#define RP_SCATTER_CQE_MAX 64 /* perftest: scatter to CQE up to this */

/*
 * The BW-peak rule, one for every bandwidth binary: perftest's (measured in
 * -n runs only, not with -N, -D or --run_infinitely, and not above 20000
 * iterations per QP: perftest_parameters.c, force_dependecies), plus a cap
 * on the WRs of one rail's timeline (iterations x QPs), railperf's own:
 * the timeline takes 32 bytes per WR, faulted in before the run, per
 * rail. The peak search itself is linear (rp_stats.c, rp_bw_peak: 2.56 M
 * WRs in tens of ms), so the cap bounds memory, not time.
 */
#define RP_PEAK_MAX_ITERS 20000

/* A -D run's wait for the WRs still in flight at its end, ns
 * (rp_bw_cfg.drain_ns). */
#define RP_PLAN_DRAIN_NS (1000ULL * 1000 * 1000)
#define RP_PEAK_MAX_WRS 100000

struct rp_plan {
	const struct rp_opts *o;
	bool server; /* no host given */
	bool bw;     /* a bandwidth test (RP_FEAT_BW), else latency */
	bool multi;  /* a rail list (RP_FEAT_MULTI) */
	const struct rp_verbrow *verb;
	const struct rp_role *role;	   /* this side's, in verb's row */
	uint64_t sizes[RP_PLAN_MAX_SIZES]; /* bytes: -s, or -a's 2 .. 8 MiB */
	size_t n_sizes;
	uint64_t max_size;
	/* each QP's slice holds two messages: -b (what is sent, what
	 * arrives), a latency ping-pong (each side's) */
	bool halves;
	char title[64]; /* perftest's, with its Bidirectional and Post List
			 * variants */
	/* where the result text goes: @out (stdout) perftest's lines only
	 * (the block, its rows); under --output only the number, to out,
	 * and text is NULL (rp_fprintf prints nothing to NULL) */
	FILE *out;
	FILE *text;
	/* railperf's own lines (" railperf: ..."): stderr, or NULL under
	 * --output (a failed --validate verdict still reaches stderr).
	 * The one place a run's stream for them is chosen: every reporter
	 * writes them here, the end-of-run lines after text's closing dash
	 * line (rp_fprintf flushes each line), events as they happen
	 * (docs/measuring.md, Output). A test may point it elsewhere. */
	FILE *extra;
	int inline_size; /* -I, or as the device has it (rp_plan_device);
			  * -1: none given, 0 in a BW test */
	/* every rail's settings (one rail: -d's device, bound as perftest
	 * binds; a rail list: rp_plan_rail), and the engines' (size 0:
	 * the run sets each size) */
	struct rp_rail_cfg rail;
	struct rp_bw_cfg bwcfg;
	struct rp_lat_cfg latcfg;
	bool extra_line; /* perftest 6.06's extra separator first
			  * (rp_plan_device) */
	/* --lat_probe (a rail list): the probe's settings, and this side's
	 * role in the latency row of the probe's verb: the client measures
	 * (it probes); the peer of a WRITE ping-pong measures too (it
	 * answers, rp_probe_echo), a READ probe's peer is passive */
	bool probe;
	struct rp_probe_cfg probecfg;
	const struct rp_role *probe_role;
	/* --use_cuda's GPU (its primary context); --use_cuda_near: a GPU
	 * per rail (rp_plan_gpu_near); closed by rp_plan_fini */
	struct rp_gpu gpu;
	struct rp_gpu gpus[RP_MAX_RAILS];
	unsigned int ngpus; /* gpus[] slots used */
};

/*
 * rp_plan_make - the plan of options @o (parsed and finished; @o must
 * outlive @p) for this side, its text to @out (stdout; a test's memory
 * stream), railperf's own lines to stderr (p->extra; both NULL under
 * --output). Opens nothing: the GPU and the device come later
 * (rp_plan_gpu, rp_plan_device). Release with rp_plan_fini.
 */
void rp_plan_make(struct rp_plan *p, const struct rp_opts *o, FILE *out);

/*
 * rp_plan_gpu - --use_cuda / --use_cuda_bus_id: load the driver, choose
 * the memory, refuse what cannot use it (rp_opts_gpu_check); the rails'
 * buffers then take it. With --use_cuda_near the same for GPU 0,
 * released: the driver and a GPU are there (each rail's own comes from
 * rp_plan_gpu_near). All before any RDMA device is opened. Returns 0, or
 * -1 after one line.
 */
int rp_plan_gpu(struct rp_plan *p);

/*
 * rp_plan_gpu_near - the GPU of rail number @rail on device @ibdev into
 * *@gpu: rp_plan_gpu's (NULL: host memory) unless --use_cuda_near, then
 * the NVIDIA GPU nearest to @ibdev (rp_gpu_open_near on the live sysfs),
 * opened once per rail, released by rp_plan_fini. Called before the
 * rail's device is opened. One line and -ENODEV (no GPU near it, no
 * driver) or -EINVAL (its memory refused, rp_opts_gpu_check).
 */
int rp_plan_gpu_near(struct rp_plan *p, const char *ibdev, unsigned int rail,
		     const struct rp_gpu **gpu);

/*
 * rp_plan_device - what perftest decides from -d's device before its
 * header (perftest_parameters.c ctx_set_max_inline), when it matters for
 * this run: reads the device's IDs once (rp_devid) and applies them
 * (rp_plan_device_ids). A rail list (rail_multi_bw, no perftest
 * counterpart) asks nothing. Returns 0 or -errno (one line).
 */
int rp_plan_device(struct rp_plan *p);

/*
 * rp_plan_device_ids - the decisions of rp_plan_device for a device of
 * IDs @id, into @p. On a device perftest 6.06 did not recognize
 * (Soft-RoCE, siw, ...; rp_report_lat_extra_line): p->extra_line, its
 * extra separator first (full output), for a verb that pulls (READ) and
 * for the others when -I is given; and inline data off for a verb that
 * sends it (the one-rail BW tools' -I, the latency tools' -I or default:
 * p->inline_size 0, a warning on stderr when -I asked for some). On a
 * device it knows, a latency ping-pong without -I takes current
 * perftest's default of the device (rp_devkind.h: ib_write_lat's, or
 * ib_send_lat's for a verb that consumes receives), 0 with GPU memory
 * (perftest HEAD: no inline data from device memory); -I as given.
 * The rail's and engines' settings follow p->inline_size.
 */
void rp_plan_device_ids(struct rp_plan *p, const struct rp_devid *id);

/*
 * rp_plan_gpu_env - GPU memory (--use_cuda, --use_cuda_bus_id,
 * --use_cuda_near) with a verb whose data fills the receive's buffer
 * (SEND: rail_send_bw, rail_send_lat, --verb=send) and a smallest size
 * of at most RP_SCATTER_CQE_MAX bytes (-s 64 or less, or -a):
 * MLX5_SCATTER_TO_CQE=0 in the environment before any device is opened,
 * so that the mlx5 provider does not scatter small received messages
 * into the CQE, as perftest does (perftest_parameters.c
 * force_dependecies, disable_mlx5_scatter_to_cqe; BW and latency tests
 * alike). Returns true when it set it.
 */
bool rp_plan_gpu_env(const struct rp_plan *p);

/*
 * rp_plan_rail - the settings of a rail of a list, @spec's device, port
 * and GID index, into @c; its binding and GPU are the app's to add.
 */
void rp_plan_rail(const struct rp_plan *p, const struct rp_railspec *spec,
		  struct rp_rail_cfg *c);

/*
 * rp_plan_peer - where this side's WRs go on the peer's rail @remote,
 * into @out: its slices; with -b the halves the verb needs (rp_bidir:
 * the upper, where the peer's bytes arrive; READ the lower, which the
 * peer sends from).
 */
void rp_plan_peer(const struct rp_plan *p, const struct rp_rail_addr *remote,
		  struct rp_rail_addr *out);

/* rp_plan_params - this run's HELLO parameters for @num_rails rails. */
void rp_plan_params(const struct rp_plan *p, unsigned int num_rails,
		    struct rp_params *par);

/* rp_plan_fini - release the GPUs the plan opened; safe to call twice. */
void rp_plan_fini(struct rp_plan *p);

#endif /* RP_PLAN_H */
