// SPDX-License-Identifier: MIT
/*
 * ib_read_lat's output formats (perftest_parameters.h and .c of tag
 * v4.5-0.17, perftest 6.06), reproduced byte for byte.
 */
#include <inttypes.h>

#include "base/rp_log.h"
#include "output/rp_report.h"
#include "output/rp_report_lat.h"

#define RP_FMT_LAT_TITLE \
	" #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]" \
	"    t_avg[usec]    t_stdev[usec]   99% percentile[usec]" \
	"   99.9% percentile[usec] "
#define RP_FMT_LAT_ROW \
	" %-7" PRIu64 " %" PRIu64 "          %-7.2f        %-7.2f      %-7.2f" \
	"  \t       %-7.2f     \t%-7.2f\t\t%-7.2f \t\t%-7.2f"

#define RP_FMT_LAT_DUR_TITLE \
	" #bytes        #iterations       t_avg[usec]    tps average"
#define RP_FMT_LAT_DUR_ROW \
	" %-7" PRIu64 "       %" PRIu64 "            %-7.2f        %-7.2f"

#define RP_VENDOR_CHELSIO 5157
#define RP_VENDOR_INTEL 0x8086

/* vendor_part_ids 6.06's ib_dev_name() knows (ConnectX, BlueField,
 * Emulex, QLogic, Broadcom NetXtreme, EFA), ascending. */
static const uint32_t rp_known_parts[] = {
	1824,  4099,  4100,  4103,  4104,  4113,  4115,	 4116,	4117,
	4118,  4119,  4120,  4121,  4122,  4123,  4124,	 4125,	4126,
	4127,  4129,  5638,  5652,  5684,  5700,  5716,	 5718,	5734,
	5824,  5825,  5827,  5839,  5846,  5847,  5848,	 5849,	5855,
	5858,  5859,  5861,  5867,  5869,  5871,  5872,	 5873,	5968,
	25408, 25418, 25428, 25448, 26418, 26428, 26438, 26448, 26458,
	26468, 26478, 32880, 32881, 32882, 32883, 32912, 33136, 33168,
	41682, 41683, 41686, 41692, 55296, 55298, 55300, 61344, 61345,
};

void rp_report_lat_title(FILE *f)
{
	rp_fprintf(f, "%s", RP_FMT_LAT_TITLE "\n"); /* "99%" is no conversion */
}

void rp_report_lat_row(FILE *f, uint64_t size, uint64_t iters,
		       const struct rp_latstats *st)
{
	rp_fprintf(f, RP_FMT_LAT_ROW "\n", size, iters, st->t_min, st->t_max,
		   st->t_typical, st->t_avg, st->t_stdev, st->p99, st->p99_9);
}

void rp_report_lat_samples_div(FILE *f, const uint64_t *ns, size_t n,
			       unsigned int div)
{
	double d = div > 1 ? 1000.0 * div : 1000.0;
	size_t i;

	rp_fprintf(f, "#, usec\n");
	for (i = 0; i < n; i++)
		rp_fprintf(f, "%d, %g\n", (int)(i + 1), (double)ns[i] / d);
	rp_fprintf(f, RP_RESULT_LINE);
}

void rp_report_lat_title_dur(FILE *f)
{
	rp_fprintf(f, "%s", RP_FMT_LAT_DUR_TITLE "\n");
}

void rp_report_lat_row_dur(FILE *f, uint64_t size, uint64_t iters, double t_avg,
			   double tps)
{
	rp_fprintf(f, RP_FMT_LAT_DUR_ROW "\n", size, iters, t_avg, tps);
}

void rp_report_lat_dur_stats(FILE *f, const struct rp_latstats *st)
{
	rp_fprintf(f,
		   " railperf: the timed run's %" PRIu64
		   " samples: t_min %.2f, "
		   "t_max %.2f, t_typical %.2f, t_stdev %.2f, 99%% %.2f, "
		   "99.9%% %.2f usec\n",
		   (uint64_t)st->n, st->t_min, st->t_max, st->t_typical,
		   st->t_stdev, st->p99, st->p99_9);
}

bool rp_report_lat_extra_line(uint32_t vendor_id, uint32_t vendor_part_id)
{
	size_t i;

	if (vendor_id == RP_VENDOR_CHELSIO) {
		switch (vendor_part_id >> 12) {
		case 4:
		case 5:
		case 6:
		case 10:
		case 11: return false; /* T4, T5, T6 */
		}
		return true;
	}
	if (vendor_id == RP_VENDOR_INTEL)
		return false;
	for (i = 0; i < sizeof(rp_known_parts) / sizeof(rp_known_parts[0]); i++)
		if (rp_known_parts[i] == vendor_part_id)
			return false;
	return true;
}

/* @n in words up to twelve, so that a railperf line never holds a small
 * message size such as an atomic's 8 (the output rule, docs/measuring.md);
 * digits above that, in @buf. */
static const char *rp_count_words(unsigned int n, char *buf, size_t len)
{
	static const char *const w[] = { "no",	  "one",  "two", "three",
					 "four",  "five", "six", "seven",
					 "eight", "nine", "ten", "eleven",
					 "twelve" };

	if (n < sizeof(w) / sizeof(w[0]))
		return w[n];
	snprintf(buf, len, "%u", n);
	return buf;
}

void rp_report_lat_method(FILE *f, const char *verb, unsigned int warmup)
{
	char n[16];

	rp_fprintf(f,
		   " railperf: latency is the full %s round trip; every "
		   "sample counted (no trimming), after %s untimed iterations "
		   "per size\n",
		   verb, rp_count_words(warmup, n, sizeof(n)));
}

void rp_report_lat_method_write(FILE *f, unsigned int warmup)
{
	rp_report_lat_method_pingpong(f, "WRITE", warmup);
}

void rp_report_lat_method_pingpong(FILE *f, const char *verb,
				   unsigned int warmup)
{
	char n[16];

	rp_fprintf(f,
		   " railperf: latency is half the round trip of the %s "
		   "ping pong; every sample counted (no trimming), after %s "
		   "untimed exchanges per size\n",
		   verb, rp_count_words(warmup, n, sizeof(n)));
}

void rp_report_lat_capped(FILE *f, uint64_t n, double secs,
			  unsigned int duration)
{
	rp_fprintf(f,
		   " railperf: the timed run of %u s stopped after %.2f s "
		   "at the cap of %" PRIu64 " samples; the table covers "
		   "them\n",
		   duration, secs, n);
}
