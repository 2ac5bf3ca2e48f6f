// SPDX-License-Identifier: MIT
/*
 * Description: libFuzzer target for rank 0's rounds of flows as another
 * rank receives them (rp_flows_decode: words from the network, from a
 * rank that may run another version). Byte 0 picks the job (2 .. 65
 * hosts, 1 .. 4 rails), the rest are the words (little-endian, a partial
 * last word dropped). Properties: no crash, no out-of-bounds access, no
 * undefined behaviour (ASan/UBSan); a refused schedule says why and
 * leaves nothing allocated; an accepted one has every host and rail in
 * range, no rail in two pairs flows or sending twice in a round, a shift
 * below the rails, each host's ends agreeing with the flows (at most
 * RP_FLOWS_MAX_ENDS), and encodes back to the same words.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cluster/rp_flows.h"
#include "fuzz_schedcheck.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned int hosts, rails;
	size_t len, i;
	uint32_t *w;
	struct rp_flows s;
	char why[160];
	int ret;

	if (size < 1)
		return 0;
	hosts = 2 + data[0] % 64;
	rails = 1 + (data[0] >> 6);
	len = (size - 1) / 4;
	w = malloc(len ? len * sizeof(*w) : 1); /* exactly len words */
	if (!w)
		return 0;
	for (i = 0; i < len; i++)
		w[i] = (uint32_t)data[1 + 4 * i] |
		       (uint32_t)data[2 + 4 * i] << 8 |
		       (uint32_t)data[3 + 4 * i] << 16 |
		       (uint32_t)data[4 + 4 * i] << 24;
	why[0] = '\0';
	ret = rp_flows_decode(&s, w, len, hosts, rails, why, sizeof(why));
	if (ret && (!why[0] || s.rounds || s.all))
		abort();
	if (!ret) {
		rp_fz_rounds(&s);
		rp_fz_same_words(&s, w, (uint32_t)len);
		rp_flows_fini(&s);
	}
	free(w);
	return 0;
}
