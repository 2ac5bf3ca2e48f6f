// SPDX-License-Identifier: MIT
/*
 * Description: libFuzzer target for the framing of the control stream
 * (proto/rp_frame, what rp_ctrl reads a header with): bytes 0..7 give the
 * sizes of the reads (1..16 bytes each, in turn), byte 8 the type a side
 * waits for and whether its run started, the rest is the stream: headers
 * split anywhere, several messages back to back, partial headers at the
 * end. Properties: reading in pieces sees exactly the messages (type,
 * length) and the first bad header that one pass over the whole stream
 * sees; a header never takes more bytes than it lacks; rp_frame_judge
 * follows its rule (PROGRESS, and a COUNTS of a bounded length, skipped
 * only once the run started).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "proto/rp_frame.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FZ_SPLITS 8
#define FZ_MAX_MSGS 4096

struct fz_seen {
	uint32_t type_len[FZ_MAX_MSGS][2];
	size_t n;
	int bad;     /* the first bad header's error, 0 if none */
	size_t held; /* header bytes held at the end */
};

static void fz_check(bool ok)
{
	if (!ok)
		abort();
}

/* The rule rp_frame_judge must follow. */
static void fz_judge(const struct rp_msg_hdr *h, uint16_t want, bool running)
{
	enum rp_frame_verdict v = rp_frame_judge(h, want, running);

	if (h->type == want)
		fz_check(v == RP_FRAME_TAKE);
	else if ((h->type == RP_MSG_PROGRESS && !h->len) ||
		 (h->type == RP_MSG_COUNTS && h->len <= RP_COUNTS_MAX_LEN))
		fz_check(v == (running ? RP_FRAME_BEAT : RP_FRAME_EARLY));
	else if (h->type == RP_MSG_ERROR)
		fz_check(v == RP_FRAME_PEER_ERROR);
	else
		fz_check(v == RP_FRAME_OTHER);
}

/* A header held whole: record it; false to stop (a bad one). */
static bool fz_header(struct rp_frame *f, struct fz_seen *s, uint32_t *left,
		      uint8_t how)
{
	struct rp_msg_hdr h;
	char err[160];
	int ret = rp_frame_header(f, &h, err, sizeof(err));

	rp_frame_next(f);
	if (ret) {
		fz_check(ret == -EBADMSG || ret == -EPROTONOSUPPORT);
		fz_check(strlen(err) > 0);
		s->bad = ret;
		return false;
	}
	fz_check(h.len <= RP_MSG_MAX_PAYLOAD);
	fz_judge(&h, (uint16_t)(how % 10), how & 0x80);
	if (s->n < FZ_MAX_MSGS) {
		s->type_len[s->n][0] = h.type;
		s->type_len[s->n][1] = h.len;
		s->n++;
	}
	*left = h.len;
	return true;
}

/* Read @p (@n bytes) in pieces of the sizes @split gives, in turn. */
static void fz_read(const uint8_t *p, size_t n, const uint8_t *split,
		    uint8_t how, struct fz_seen *s)
{
	struct rp_frame f;
	uint32_t left = 0; /* payload bytes still to skip */
	size_t i = 0, piece;

	rp_frame_init(&f);
	while (n) {
		piece = (size_t)(split[i++ % FZ_SPLITS] % 16) + 1;
		if (piece > n)
			piece = n;
		while (piece) {
			size_t need = rp_frame_need(&f), took;

			if (left) {
				took = piece < left ? piece : left;
				left -= (uint32_t)took;
			} else {
				took = rp_frame_feed(&f, p, piece);
				fz_check(took <= need &&
					 took == (piece < need ? piece : need));
				if (!rp_frame_need(&f) &&
				    !fz_header(&f, s, &left, how))
					return;
			}
			p += took;
			n -= took;
			piece -= took;
		}
	}
	s->held = f.have;
}

/* The reference: the whole stream at once, headers decoded in place. */
static void fz_whole(const uint8_t *p, size_t n, struct fz_seen *s)
{
	struct rp_msg_hdr h;
	char err[160];
	size_t pos = 0;
	int ret;

	while (n - pos >= RP_MSG_HDR_LEN) {
		ret = rp_msg_hdr_decode(p + pos, &h, err, sizeof(err));
		if (ret) {
			s->bad = ret;
			return;
		}
		if (s->n < FZ_MAX_MSGS) {
			s->type_len[s->n][0] = h.type;
			s->type_len[s->n][1] = h.len;
			s->n++;
		}
		pos += RP_MSG_HDR_LEN;
		if (h.len > n - pos)
			return; /* the payload runs past the end */
		pos += h.len;
	}
	s->held = n - pos;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fz_seen whole, pieces;

	if (size < FZ_SPLITS + 1)
		return 0;
	memset(&whole, 0, sizeof(whole));
	memset(&pieces, 0, sizeof(pieces));
	fz_whole(data + FZ_SPLITS + 1, size - FZ_SPLITS - 1, &whole);
	fz_read(data + FZ_SPLITS + 1, size - FZ_SPLITS - 1, data,
		data[FZ_SPLITS], &pieces);
	fz_check(whole.n == pieces.n && whole.bad == pieces.bad &&
		 whole.held == pieces.held);
	fz_check(!memcmp(whole.type_len, pieces.type_len,
			 whole.n * sizeof(whole.type_len[0])));
	return 0;
}
