/* SPDX-License-Identifier: MIT */
/*
 * rp_signature.h - grey-failure signatures in a rail list's verdict: what
 * a rail's throughput, set against what it should move, and its port's
 * counters over the run say together.
 *
 * What a rail should move (its baseline): the median goodput of its like
 * rails in the same run (the other rails that did not fail, of the same
 * port speed and ceiling; two unknown speeds are alike); a rail with no
 * like rail, its own ceiling (none known: no signature). Its ratio is its
 * goodput over the baseline.
 *   - "throttled NIC signature": under 25 % of the baseline, with its
 *     loss counters flat (no packet sent again, no retry event), no CNP
 *     or pause frame, no link event or carrier change during the run and
 *     its PCIe path healthy (trained at its maximum, no AER count). On
 *     DGX Spark a ConnectX function that links at 200G on a healthy Gen5
 *     x4 link and moves 12 to 13 Gb/s (public reports, 2026) was cured by
 *     a power drain, else by the current driver and firmware.
 *   - "congested": its retransmission or out-of-sequence counters grew
 *     while it moved at least 75 % of the baseline, its fair share: a
 *     link it shares drops packets under load (two flows on one switch
 *     link at a fair 82/82 Gb/s split with packet_seq_err growing, in a
 *     public report), not a broken path.
 *   - "lossy path": the counters grew and it moved under 75 %, or it is
 *     lossy (rp_report_multi.h: more than 1 % of its packets sent again
 *     or retried) whatever it moved: the rail's "lossy:" line and its
 *     signature never disagree.
 * The counters grew: packets sent again plus retry events above 1 in
 * 10000 of the data packets the run needed (at least one).
 */
#ifndef RP_SIGNATURE_H
#define RP_SIGNATURE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <cjson/cJSON.h>

#define RP_SIG_THROTTLED_BELOW 0.25 /* of the baseline */
#define RP_SIG_FAIR_SHARE 0.75	    /* of the baseline: near a fair share */

enum rp_sig {
	RP_SIG_NONE = 0,
	RP_SIG_THROTTLED,
	RP_SIG_CONGESTED,
	RP_SIG_LOSSY,
};

/* One rail's facts over the run. */
struct rp_sig_in {
	double got;	 /* goodput, Gb/s */
	double ceiling;	 /* its ceiling, Gb/s, 0 unknown */
	double speed;	 /* its port speed, Gb/s, 0 unknown */
	bool failed;	 /* it failed mid-run: neither judged nor a baseline */
	uint64_t needed; /* data packets its messages needed */
	uint64_t resent; /* packets sent again (sending side; else 0) */
	uint64_t retry;	 /* retry counter events (rp_counters.h) */
	bool lossy;	 /* above 1 % (struct rp_lossy) */
	bool quiet;	 /* no CNP, no pause frame during the run */
	bool link_ok;	 /* no link event or carrier change during the run,
			  * its PCIe path healthy */
};

struct rp_sig_out {
	enum rp_sig sig;
	bool judged;	 /* it had a baseline */
	bool alone;	 /* the baseline is its ceiling, not like rails' */
	double baseline; /* Gb/s */
	double ratio;	 /* got / baseline */
	bool grew;	 /* its loss counters grew (see above) */
};

/*
 * rp_signature - each of the @n rails of @in judged as above into
 * @out[i] (RP_SIG_NONE where no signature applies or no baseline is
 * known).
 */
void rp_signature(const struct rp_sig_in *in, unsigned int n,
		  struct rp_sig_out *out);

/* rp_sig_name - "throttled NIC signature", "congested", "lossy path";
 * NULL for RP_SIG_NONE. */
const char *rp_sig_name(enum rp_sig s);

/* rp_sig_remedy - the known remedy for a signature, one sentence; NULL
 * when none is known. */
const char *rp_sig_remedy(enum rp_sig s);

/*
 * rp_sig_line - rail @index's signature line, " railperf: rail 1:
 * throttled NIC signature: 0.38 Gb/sec, 9.6% of what its like rails move
 * (median 3.96 Gb/sec), ...: REMEDY", the goodputs in the report's unit
 * (@gbits: Gb/sec, 10^9 bit/s; else MB/sec, 2^20 B/s), a ceiling in Gb/s;
 * nothing for RP_SIG_NONE.
 */
void rp_sig_line(FILE *f, unsigned int index, const struct rp_sig_in *in,
		 const struct rp_sig_out *o, bool gbits);

/*
 * rp_sig_json - the signature as { "name", "ratio" (of the baseline),
 * "baseline" ("like_rails" or "ceiling"), "baseline_gbps", "remedy" },
 * or JSON null for RP_SIG_NONE. A new item or NULL (ENOMEM).
 */
cJSON *rp_sig_json(const struct rp_sig_out *o);

#endif /* RP_SIGNATURE_H */
