/* SPDX-License-Identifier: MIT */
/*
 * rp_report_lat.h - ib_read_lat's text output (perftest 6.06), byte for
 * byte: the latency table header and rows (RESULT_FMT_LAT, REPORT_FMT_LAT
 * of perftest_parameters.h, tabs and trailing spaces included), the -H
 * sample list, and the extra separator 6.06 prints on devices it does not
 * know. railperf's own latency lines start with " railperf:" and come
 * after the perftest block. The header block and address lines are
 * rp_report's.
 */
#ifndef RP_REPORT_LAT_H
#define RP_REPORT_LAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/rp_latstats.h"

/* rp_report_lat_title - the table header (ends with a space), then "\n". */
void rp_report_lat_title(FILE *f);

/*
 * rp_report_lat_row - one row: @size bytes, @iters samples, then t_min,
 * t_max, t_typical, t_avg, t_stdev, p99, p99.9 of @st in usec, in
 * REPORT_FMT_LAT ("%-7.2f" fields separated by spaces and tabs).
 */
void rp_report_lat_row(FILE *f, uint64_t size, uint64_t iters,
		       const struct rp_latstats *st);

/*
 * rp_report_lat_samples_div - perftest's -H list: "#, usec", then "%d, %g"
 * (1-based index, sample in usec) for each of the @n sorted samples @ns
 * (ns) divided by @div first (WRITE: round trips halved, as perftest's -H;
 * 0 or 1: as is), then RESULT_LINE. print_report_lat() prints the table
 * header again after it (rp_report_lat_title).
 */
void rp_report_lat_samples_div(FILE *f, const uint64_t *ns, size_t n,
			       unsigned int div);

/* rp_report_lat_title_dur - -D's table header (RESULT_FMT_LAT_DUR). */
void rp_report_lat_title_dur(FILE *f);

/*
 * rp_report_lat_row_dur - -D's row (REPORT_FMT_LAT_DUR): @size, @iters
 * samples, @t_avg usec, @tps transactions per second.
 */
void rp_report_lat_row_dur(FILE *f, uint64_t size, uint64_t iters, double t_avg,
			   double tps);

/*
 * rp_report_lat_dur_stats - one " railperf:" line with the statistics
 * perftest's -D table leaves out (t_min, t_max, t_typical, t_stdev, 99%,
 * 99.9% over every sample).
 */
void rp_report_lat_dur_stats(FILE *f, const struct rp_latstats *st);

/*
 * rp_report_lat_extra_line - true when perftest 6.06's ib_dev_name() does
 * not recognize the device by @vendor_id / @vendor_part_id (Soft-RoCE,
 * siw, ...): there ctx_set_max_inline() prints an extra RESULT_LINE before
 * everything else (with "Device not recognized to implement inline
 * feature" on stderr) for a READ test, or a WRITE latency test given -I,
 * and sets the inline size to 0.
 */
bool rp_report_lat_extra_line(uint32_t vendor_id, uint32_t vendor_part_id);

/*
 * rp_report_lat_method - one " railperf:" line saying how the table was
 * measured: the full round trip of @verb ("READ", "FETCH_AND_ADD"), every
 * sample kept, @warmup iterations per size not counted (in words up to
 * twelve: no digit that could be the message size).
 */
void rp_report_lat_method(FILE *f, const char *verb, unsigned int warmup);

/*
 * rp_report_lat_method_write - rail_write_lat's " railperf:" line: half
 * the ping-pong's round trip, every sample kept, @warmup exchanges per
 * size not counted.
 */
void rp_report_lat_method_write(FILE *f, unsigned int warmup);

/* rp_report_lat_method_pingpong - the same line for the ping-pong of
 * @verb ("WRITE", "SEND"). */
void rp_report_lat_method_pingpong(FILE *f, const char *verb,
				   unsigned int warmup);

/*
 * rp_report_lat_capped - one " railperf:" line for a -D run that stopped
 * at the sample cap: @n samples kept after @secs seconds of @duration.
 */
void rp_report_lat_capped(FILE *f, uint64_t n, double secs,
			  unsigned int duration);

#endif /* RP_REPORT_LAT_H */
