// SPDX-License-Identifier: MIT
#include "engine/rp_stats.h"

double rp_bw(uint64_t bytes, uint64_t ns, bool gbits)
{
	if (!ns)
		return 0;
	if (gbits)
		return (double)bytes * 8.0 / (double)ns; /* b/ns = Gb/s */
	return (double)bytes * 1e9 / (double)ns / RP_MIB;
}

double rp_msg_rate(uint64_t msgs, uint64_t ns)
{
	return ns ? (double)msgs * 1e3 / (double)ns : 0;
}

double rp_goodput_gbps(double mpps, uint64_t size)
{
	return mpps * 1e6 * (double)size * 8 / 1e9;
}

const char *rp_bw_unit(bool gbits)
{
	return gbits ? "Gb/sec" : "MB/sec";
}

double rp_bw_peak(const struct rp_timeline *t, uint64_t size, bool gbits)
{
	double best = 0; /* ns per message, 0 = none yet */
	uint64_t i;
	size_t c, first = 0;

	for (i = 0; i < t->nposted; i++) {
		/* Completions that cannot cover post i come first: skip. */
		while (first < t->ncomp && t->comp_cum[first] <= i)
			first++;
		for (c = first; c < t->ncomp; c++) {
			double per;

			if (t->comp_ns[c] <= t->post_ns[i])
				continue;
			per = (double)(t->comp_ns[c] - t->post_ns[i]) /
			      (double)(t->comp_cum[c] - i);
			if (best == 0 || per < best)
				best = per;
		}
	}
	if (best == 0)
		return 0;
	return gbits ? (double)size * 8.0 / best :
		       (double)size * 1e9 / best / RP_MIB;
}
