/* SPDX-License-Identifier: MIT */
/*
 * rp_frame.h - the framing of the control stream, without sockets: a
 * header gathered from reads of any size (a partial header is kept until
 * the rest arrives), and the rule that decides what a complete header
 * means to a side waiting for one type of message. rp_ctrl moves the
 * bytes; tests/fuzz/fuzz_frame.c feeds this split and back to back.
 */
#ifndef RP_FRAME_H
#define RP_FRAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "proto/rp_msg.h"

/* A header being received. Owned by the caller (inside struct rp_ctrl). */
struct rp_frame {
	uint8_t hdr[RP_MSG_HDR_LEN];
	size_t have; /* bytes of hdr received, 0 .. RP_MSG_HDR_LEN */
};

/* What a complete header is to a side waiting for a message of one type. */
enum rp_frame_verdict {
	RP_FRAME_TAKE,	     /* the type waited for: read its payload */
	RP_FRAME_BEAT,	     /* a PROGRESS heartbeat or COUNTS during a run:
			      * not what was waited for; the wait goes on */
	RP_FRAME_EARLY,	     /* either before the run started: refuse */
	RP_FRAME_PEER_ERROR, /* the peer's ERROR: read and show its text */
	RP_FRAME_OTHER,	     /* any other type, a PROGRESS with a payload, a
			      * COUNTS longer than RP_COUNTS_MAX_LEN */
};

/* rp_frame_init - no header bytes held. */
void rp_frame_init(struct rp_frame *f);

/*
 * rp_frame_need - header bytes still missing, 0 when a whole header is
 * held. A reader asks for at most this many, so it never reads past the
 * header into the payload or the next message.
 */
size_t rp_frame_need(const struct rp_frame *f);

/*
 * rp_frame_feed - append up to rp_frame_need() bytes of @p (@n bytes);
 * returns how many were taken (the rest belongs to the payload).
 */
size_t rp_frame_feed(struct rp_frame *f, const uint8_t *p, size_t n);

/*
 * rp_frame_header - decode the held header into @h: 0; -EAGAIN while it is
 * incomplete; rp_msg_hdr_decode's -EBADMSG / -EPROTONOSUPPORT with a
 * one-line reason in @err (@err_len bytes) for a bad one.
 */
int rp_frame_header(const struct rp_frame *f, struct rp_msg_hdr *h, char *err,
		    size_t err_len);

/* rp_frame_next - forget the held header: its message was taken. */
void rp_frame_next(struct rp_frame *f);

/*
 * rp_frame_judge - what header @h means to a side waiting for @want:
 * PROGRESS (and COUNTS, whose payload the caller reads) restarts the wait
 * only once the run has started (@running, set after READY), so a peer
 * cannot hold a side with heartbeats before it.
 */
enum rp_frame_verdict rp_frame_judge(const struct rp_msg_hdr *h, uint16_t want,
				     bool running);

#endif /* RP_FRAME_H */
