// SPDX-License-Identifier: MIT
/*
 * Description: libFuzzer target for --pairs (rp_sched_parse, the text a
 * user gives rank 0), then what rank 0 does with the pairs: rp_sched_pack
 * into rounds (with and without --cross), their flows (rp_flows_from_sched,
 * and rp_flows_from_links over a made-up map of the byte's choosing:
 * rail i to rail i, or only rail 0 to rail 1), rp_flows_encode and every
 * rank's rp_flows_decode and rp_flows_ends for every host and round. Byte 0 picks the job (2 .. 9 hosts named h0 ..
 * h8, 1 .. 4 rails, --cross), the rest is the file's text. Properties: no
 * crash, no out-of-bounds access, no undefined behaviour (ASan/UBSan); an
 * accepted file gives pairs of distinct hosts in range, none twice; its
 * rounds have every rail at most once and decode to themselves.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cluster/rp_flows.h"
#include "cluster/rp_sched.h"
#include "fuzz_schedcheck.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const rp_fz_names[] = { "h0", "h1", "h2", "h3", "h4",
					   "h5", "h6", "h7", "h8" };

/* rank 0's words decode, at another rank, to the same words. */
static void rp_fz_wire(const struct rp_flows *f)
{
	uint32_t *w, len;
	struct rp_flows d;
	char why[160];

	rp_fz_rounds(f);
	if (rp_flows_encode(f, &w, &len))
		return;
	if (rp_flows_decode(&d, w, len, f->hosts, f->rails, why, sizeof(why)))
		abort(); /* a schedule rank 0 made is refused */
	rp_fz_same_words(&d, w, len);
	free(w);
	rp_flows_fini(&d);
}

/* A made-up map: rail i to rail i, or (@skew) rail 0 to rail 1 only. */
static bool rp_fz_path(const void *ctx, unsigned int h, unsigned int i,
		       unsigned int g, unsigned int j)
{
	(void)h;
	(void)g;
	return *(const bool *)ctx ? i == 0 && j == 1 : i == j;
}

/* The rounds' flows by index and by the made-up map, each on the wire. */
static void rp_fz_flows(const struct rp_sched *s, bool cross, bool skew)
{
	struct rp_flows f;

	if (!rp_flows_from_sched(&f, s)) {
		rp_fz_wire(&f);
		rp_flows_fini(&f);
	}
	if (!cross && !rp_flows_from_links(&f, s, rp_fz_path, &skew)) {
		rp_fz_wire(&f);
		rp_flows_fini(&f);
	}
}

static void rp_fz_pairs(const struct rp_pair *list, unsigned int n,
			unsigned int hosts)
{
	unsigned int i, j;

	for (i = 0; i < n; i++) {
		if (list[i].a >= hosts || list[i].b >= hosts ||
		    list[i].a == list[i].b)
			abort();
		for (j = 0; j < i; j++)
			if ((list[i].a == list[j].a &&
			     list[i].b == list[j].b) ||
			    (list[i].a == list[j].b && list[i].b == list[j].a))
				abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned int hosts, rails, n;
	struct rp_pair *list;
	struct rp_sched s;
	bool cross;
	char *text;

	if (size < 1)
		return 0;
	hosts = 2 + data[0] % 8;
	rails = 1 + (data[0] >> 3) % 4;
	cross = data[0] & 0x20;
	text = malloc(size); /* the rest, NUL-terminated as the file is */
	if (!text)
		return 0;
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	if (!rp_sched_parse(text, "pairs", rp_fz_names, hosts, &list, &n)) {
		rp_fz_pairs(list, n, hosts);
		if (!rp_sched_pack(&s, list, n, hosts, rails, cross)) {
			rp_fz_flows(&s, cross, data[0] & 0x40);
			rp_sched_fini(&s);
		}
		free(list);
	}
	free(text);
	return 0;
}
