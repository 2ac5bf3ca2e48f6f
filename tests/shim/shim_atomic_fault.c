// SPDX-License-Identifier: MIT
/*
 * Description: LD_PRELOAD shim for tests/e2e/t_atomic.sh, a real fault in
 * the atomics a client posts through ibv_post_send (the provider's
 * post_send, wrapped when the device is opened): the 10th atomic
 * (RP_SHIM_ATOMIC_AT to change it) goes to the NIC altered, once. A
 * FETCH_AND_ADD adds 2 instead of its 1 (a doubled add); a CMP_AND_SWAP
 * swaps in the value it compares (a step of the chain skipped: every
 * later compare misses). The WR completes as usual; only the word on the
 * server is wrong, which --validate must catch. The caller's WRs are
 * never changed: the altered one is posted from a copy.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include <infiniband/verbs.h>

#define SHIM_LIST_MAX 1024 /* WRs of one post the shim copies */

struct ibv_context *ibv_open_device(struct ibv_device *dev);

static int (*shim_real_post)(struct ibv_qp *, struct ibv_send_wr *,
			     struct ibv_send_wr **);
static unsigned long shim_atomics; /* atomics posted so far */
static unsigned long shim_at;	   /* the one to alter, 1-based */

static int shim_is_atomic(const struct ibv_send_wr *wr)
{
	return wr->opcode == IBV_WR_ATOMIC_FETCH_AND_ADD ||
	       wr->opcode == IBV_WR_ATOMIC_CMP_AND_SWP;
}

/* @wr, the atomic to alter: a doubled add, or a skipped swap. */
static void shim_alter(struct ibv_send_wr *wr)
{
	if (wr->opcode == IBV_WR_ATOMIC_FETCH_AND_ADD)
		wr->wr.atomic.compare_add *= 2;
	else
		wr->wr.atomic.swap = wr->wr.atomic.compare_add;
}

/* The provider's post_send, the target atomic altered in a copy of the
 * list. */
static int shim_post(struct ibv_qp *qp, struct ibv_send_wr *wr,
		     struct ibv_send_wr **bad)
{
	static struct ibv_send_wr copy[SHIM_LIST_MAX];
	struct ibv_send_wr *w;
	size_t n = 0, hit = SHIM_LIST_MAX;
	int ret;

	for (w = wr; w && n < SHIM_LIST_MAX; w = w->next, n++)
		if (shim_is_atomic(w) && ++shim_atomics == shim_at)
			hit = n;
	if (hit == SHIM_LIST_MAX)
		return shim_real_post(qp, wr, bad);
	for (w = wr, n = 0; w && n < SHIM_LIST_MAX; w = w->next, n++) {
		copy[n] = *w;
		copy[n].next = w->next ? &copy[n + 1] : NULL;
	}
	shim_alter(&copy[hit]);
	ret = shim_real_post(qp, copy, bad);
	if (ret)
		*bad = wr; /* the caller's list, not the copy */
	return ret;
}

struct ibv_context *ibv_open_device(struct ibv_device *dev)
{
	static struct ibv_context *(*real)(struct ibv_device *);
	struct ibv_context *ctx;
	const char *at = getenv("RP_SHIM_ATOMIC_AT");

	if (!real)
		real = (struct ibv_context * (*)(struct ibv_device *))
			dlsym(RTLD_NEXT, "ibv_open_device");
	shim_at = at ? strtoul(at, NULL, 10) : 10;
	ctx = real(dev);
	if (ctx && ctx->ops.post_send != shim_post) {
		shim_real_post = ctx->ops.post_send;
		ctx->ops.post_send = shim_post;
	}
	return ctx;
}
