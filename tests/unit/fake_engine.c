// SPDX-License-Identifier: MIT
/*
 * The app tests' fake engine (fake.h): rp_bw.h's run and rp_bwpost.h's
 * pre-posted receives, rp_lat.h's run and samples. A run moves one
 * message's bytes per QP where the NIC would put them (a WRITE or SEND
 * into the peer's slice, which is told on the wire; a READ from it into
 * this side's), checks its settings as the real engine does
 * (rp_bw_check), and reports iterations in a window of FAKE_NS_PER_MSG
 * per message; a side that receives waits until the peer's messages
 * landed. An atomic adds its count to the word at the peer's slice start
 * (a FETCH_AND_ADD of 1 per message, or a CMP_AND_SWAP chain: the same
 * word) and returns the last old value; rp_atomword_read reads that word.
 * Linked before the library: rp_bw.o, rp_bwpost.o, rp_lat.o and
 * rp_atomword.o stay out.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fake.h"
#include "base/rp_log.h"
#include "engine/rp_atomword.h"
#include "engine/rp_bw.h"
#include "engine/rp_bwpost.h"
#include "engine/rp_lat.h"
#include "engine/rp_probe.h"
#include "engine/rp_stats.h"

#define FAKE_DUR_MSGS 1000 /* messages per QP of a -D run */

/* @msgs atomics on the word at @remote, the last old value into @local;
 * fake.corrupt: one more (a doubled add). */
static void fake_atomics(char *local, char *remote, uint64_t msgs)
{
	uint64_t w;

	memcpy(&w, remote, sizeof(w));
	w += msgs - 1;
	memcpy(local, &w, sizeof(w));
	w += 1 + (fake.corrupt ? 1 : 0);
	memcpy(remote, &w, sizeof(w));
}

int rp_atomword_read(struct rp_rail *r, const struct rp_rail_addr *peer,
		     unsigned int q, uint64_t *val)
{
	(void)r;
	memcpy(val, (void *)(uintptr_t)peer->qp[q].addr, sizeof(*val));
	return 0;
}

/* One message of cfg->size bytes on QP @q: READ pulls the peer's slice
 * into this side's; the others push this side's into the peer's, SEND
 * and WRITE with immediate into receives the peer posted (else -EIO, as
 * a real run ends on RNR retries). */
static int fake_move(struct rp_rail *r, const struct rp_rail_addr *peer,
		     const struct rp_bw_cfg *cfg, unsigned int q, uint64_t msgs)
{
	char *local = (char *)rp_rail_slice(r, q) + cfg->local_off;
	char *remote = (char *)(uintptr_t)peer->qp[q].addr;
	char *dst = cfg->verb == RP_VERB_READ ? local : remote;

	if (rp_verb_atomic(cfg->verb)) {
		fake_atomics(local, remote, msgs);
		return 0;
	}
	if (rp_verb_recv(cfg->verb) && !fake_wire_posted(peer->qp[q].addr)) {
		rp_err("fake: a message without a receive posted at the peer");
		return -EIO;
	}
	memcpy(dst, cfg->verb == RP_VERB_READ ? remote : local, cfg->size);
	if (fake.corrupt)
		dst[0] ^= 0x5a;
	if (cfg->verb != RP_VERB_READ)
		fake_wire_deliver(peer->qp[q].addr, msgs);
	return 0;
}

int rp_bw_run(struct rp_rail *r, const struct rp_rail_addr *peer,
	      const struct rp_bw_cfg *cfg, struct rp_bw_out *out)
{
	uint64_t per_qp = cfg->duration ? FAKE_DUR_MSGS : cfg->iters;
	uint64_t msgs = per_qp * r->num_qps, ns = msgs * FAKE_NS_PER_MSG;
	unsigned int q;
	int ret;

	memset(out, 0, sizeof(*out));
	__atomic_add_fetch(&fake.runs, 1, __ATOMIC_RELAXED);
	ret = rp_bw_check(r, peer, cfg);
	if (ret)
		return ret;
	for (q = 0; !cfg->recv && !ret && q < r->num_qps; q++) {
		ret = fake_move(r, peer, cfg, q, per_qp);
		if (cfg->qp_done)
			cfg->qp_done[q] = per_qp;
	}
	if (ret)
		return ret;
	if ((cfg->recv || cfg->duplex) && fake_wire_await(r->buf.addr, msgs)) {
		rp_err("fake: the peer's %llu messages did not arrive",
		       (unsigned long long)msgs);
		return -ETIMEDOUT;
	}
	if (cfg->tick && (ret = cfg->tick(cfg->tick_arg)) < 0)
		return ret;
	if (cfg->progress)
		__atomic_store_n(cfg->progress, msgs, __ATOMIC_RELAXED);
	out->msgs = msgs;
	out->rx_msgs = cfg->duplex ? msgs : 0;
	out->bytes = cfg->recv || cfg->duplex ? msgs * cfg->size : 0;
	out->start_ns = FAKE_T0_NS;
	out->end_ns = FAKE_T0_NS + ns;
	out->peak = cfg->peak ? rp_bw(msgs * cfg->size, ns, cfg->gbits) : 0;
	return 0;
}

int rp_bw_recv_prepost(struct rp_rail *r, const struct rp_bw_cfg *cfg)
{
	(void)cfg;
	fake_wire_post(r->buf.addr);
	return 0;
}

int rp_lat_reserve(struct rp_lat_samples *o, size_t want)
{
	uint64_t *ns;

	if (want <= o->cap)
		return 0;
	ns = realloc(o->ns, want * sizeof(*ns));
	if (!ns)
		return -ENOMEM;
	o->ns = ns;
	o->cap = want;
	return 0;
}

void rp_lat_samples_free(struct rp_lat_samples *s)
{
	free(s->ns);
	memset(s, 0, sizeof(*s));
}

int rp_lat_recv_prepost(struct rp_rail *r, const struct rp_lat_cfg *c)
{
	(void)r;
	if (c->rx_posted)
		*c->rx_posted = c->rx_depth;
	return 0;
}

int rp_lat_run(struct rp_rail *r, const struct rp_rail_addr *peer,
	       const struct rp_lat_cfg *cfg, struct rp_lat_samples *out)
{
	size_t i, n = cfg->duration ? FAKE_DUR_MSGS : cfg->iters;
	char *local = rp_rail_slice(r, 0);

	__atomic_add_fetch(&fake.runs, 1, __ATOMIC_RELAXED);
	if (!cfg->size || cfg->size > r->slice ||
	    (cfg->verb != RP_VERB_READ && !rp_verb_atomic(cfg->verb) &&
	     cfg->size > r->slice / 2))
		return -EINVAL;
	/* SEND: the peer's message needs a receive posted here (the run's
	 * arm, rp_lat_recv_prepost, before each size's READY) */
	if (cfg->verb == RP_VERB_SEND &&
	    (!cfg->rx_posted || !*cfg->rx_posted)) {
		rp_err("fake: SEND without a receive posted");
		return -EIO;
	}
	if (rp_lat_reserve(out, n))
		return -ENOMEM;
	for (i = 0; i < n; i++)
		out->ns[i] = FAKE_LAT_NS;
	out->n = n;
	out->run_ns = n * FAKE_LAT_NS;
	out->capped = false;
	out->ops = n;
	if (rp_verb_atomic(cfg->verb))
		fake_atomics(local, (char *)(uintptr_t)peer->qp[0].addr, n);
	if (cfg->verb == RP_VERB_READ) {
		memcpy(local, (void *)(uintptr_t)peer->qp[0].addr, cfg->size);
		if (fake.corrupt)
			local[0] ^= 0x5a;
	}
	return cfg->tick ? cfg->tick(cfg->tick_arg) : 0;
}

/* --- the latency probe (rp_probe.h) --------------------------------- */

/* The answers a probe page took: its last 8 bytes count the WRITE
 * probes that landed in it (past both halves' probe bytes). */
static uint64_t *fake_probe_count(uint64_t page, size_t len)
{
	return (uint64_t *)(uintptr_t)(page + len - sizeof(uint64_t));
}

/* One probe's bytes where the NIC would put them: READ pulls the peer's
 * page into this side's, WRITE pushes this side's lower half into the
 * peer's upper half (and counts there). */
static void fake_probe_move(struct rp_rail *r, const struct rp_probe_cfg *c)
{
	struct rp_probeqp *q = &r->probe;
	char *peer = (char *)(uintptr_t)q->peer.addr;

	if (c->verb == RP_VERB_READ) {
		memcpy(q->buf, peer, c->size);
		return;
	}
	memcpy(peer + q->peer.len / 2, q->buf, c->size);
	__atomic_add_fetch(fake_probe_count(q->peer.addr, q->peer.len), 1,
			   __ATOMIC_RELAXED);
}

static int fake_probe_add(struct rp_probe_samples *out, uint64_t t, uint64_t ns)
{
	if (out->n == out->cap && rp_probe_reserve(out, out->cap * 2 + 16))
		return -ENOMEM;
	out->s[out->n++] = (struct rp_probe_sample){ .t_ns = t, .ns = ns };
	return 0;
}

/* Idle (a phase with an end): FAKE_PROBE_IDLE_N samples; loaded:
 * FAKE_PROBE_IN inside the fake's bandwidth window, FAKE_PROBE_OUT of
 * 1 s outside it, half before, half a second after. Each moves its
 * bytes. */
int rp_probe_run(struct rp_rail *r, const struct rp_probe_cfg *c,
		 const struct rp_probe_stop *stop, struct rp_probe_samples *out)
{
	bool idle = stop->until_ns != UINT64_MAX;
	unsigned int k,
		n = idle ? FAKE_PROBE_IDLE_N : FAKE_PROBE_IN + FAKE_PROBE_OUT;
	uint64_t t, ns;
	int ret = 0;

	__atomic_add_fetch(&fake.probe_runs, 1, __ATOMIC_RELAXED);
	if (!r->probe.on || r->probe.verb != c->verb || !r->probe.peer.addr)
		return -EINVAL;
	if (!idle && fake.probe_fail) {
		rp_err("fake: the latency probe on %s stopped", r->dev.name);
		return fake.probe_fail;
	}
	for (k = 0; k < n && !ret; k++) {
		fake_probe_move(r, c);
		t = FAKE_T0_NS + (uint64_t)k * FAKE_NS_PER_MSG;
		ns = idle ? FAKE_PROBE_IDLE_NS : FAKE_PROBE_LOADED_NS;
		if (!idle && k >= FAKE_PROBE_IN) { /* outside the window */
			t = k % 2 ? FAKE_T0_NS - 1 - k : FAKE_T0_NS + 500000000;
			ns = 1000000000;
		}
		ret = fake_probe_add(out, t, ns);
	}
	return ret;
}

/* The peer of a WRITE probe: until the app's stop, then the WRITEs that
 * landed in its page. */
int rp_probe_echo(struct rp_rail *r, const struct rp_probe_cfg *c,
		  const struct rp_probe_stop *stop, uint64_t *echoed)
{
	const struct timespec nap = { .tv_nsec = 1000000 };
	unsigned int i;
	bool end = false;

	if (!r->probe.on || c->verb != RP_VERB_WRITE)
		return -EINVAL;
	while (!end) {
		nanosleep(&nap, NULL);
		for (i = 0; i < RP_PROBE_FLAGS; i++)
			end |= stop->flag[i] &&
			       __atomic_load_n(stop->flag[i], __ATOMIC_RELAXED);
	}
	*echoed = __atomic_load_n(
		fake_probe_count((uint64_t)(uintptr_t)r->probe.buf,
				 r->probe.len),
		__ATOMIC_RELAXED);
	return 0;
}
