/* SPDX-License-Identifier: MIT */
/*
 * rp_wrid.h - the wr_id of the bandwidth engine's WRs: the QP's index
 * above bit RP_SEQ_BITS, the WR's sequence number on its QP below. A
 * completion names the last WR it covers (signaled WRs only, completions
 * in order per QP), so its wr_id gives the QP and how many of the QP's WRs
 * are complete. Header only.
 */
#ifndef RP_WRID_H
#define RP_WRID_H

#include <stdint.h>

#define RP_SEQ_BITS 40
#define RP_SEQ_MASK ((1ULL << RP_SEQ_BITS) - 1)

/* rp_wr_id - wr_id of WR @seq (0-based, any 64-bit count) of QP @q. */
static inline uint64_t rp_wr_id(unsigned int q, uint64_t seq)
{
	return ((uint64_t)q << RP_SEQ_BITS) | (seq & RP_SEQ_MASK);
}

/* rp_wr_id_qp - the QP index in @wr_id. */
static inline unsigned int rp_wr_id_qp(uint64_t wr_id)
{
	return (unsigned int)(wr_id >> RP_SEQ_BITS);
}

/*
 * rp_wr_id_upto - WRs of the QP complete once the WR of @wr_id is (its
 * full sequence number + 1), given @completed, the QP's count before it.
 * The wr_id holds the low RP_SEQ_BITS of the sequence only; they are
 * unwrapped against @completed, exact while fewer than 2^40 WRs are
 * outstanding (the TX depth: at most the device's max_qp_wr), for any
 * 64-bit count: runs of more than 2^40 WRs on one QP keep counting. A
 * completion already counted gives a value <= @completed, a stale one a
 * value about 2^40 above it: the caller refuses both (above its posted).
 */
static inline uint64_t rp_wr_id_upto(uint64_t wr_id, uint64_t completed)
{
	return completed + ((wr_id + 1 - completed) & RP_SEQ_MASK);
}

#endif /* RP_WRID_H */
