// SPDX-License-Identifier: MIT
#include <errno.h>
#include <string.h>

#include "proto/rp_frame.h"

void rp_frame_init(struct rp_frame *f)
{
	f->have = 0;
}

size_t rp_frame_need(const struct rp_frame *f)
{
	return RP_MSG_HDR_LEN - f->have;
}

size_t rp_frame_feed(struct rp_frame *f, const uint8_t *p, size_t n)
{
	size_t take = rp_frame_need(f);

	if (take > n)
		take = n;
	memcpy(f->hdr + f->have, p, take);
	f->have += take;
	return take;
}

int rp_frame_header(const struct rp_frame *f, struct rp_msg_hdr *h, char *err,
		    size_t err_len)
{
	if (rp_frame_need(f))
		return -EAGAIN;
	return rp_msg_hdr_decode(f->hdr, h, err, err_len);
}

void rp_frame_next(struct rp_frame *f)
{
	f->have = 0;
}

enum rp_frame_verdict rp_frame_judge(const struct rp_msg_hdr *h, uint16_t want,
				     bool running)
{
	if (h->type == want)
		return RP_FRAME_TAKE;
	if ((h->type == RP_MSG_PROGRESS && !h->len) ||
	    (h->type == RP_MSG_COUNTS && h->len <= RP_COUNTS_MAX_LEN))
		return running ? RP_FRAME_BEAT : RP_FRAME_EARLY;
	if (h->type == RP_MSG_ERROR)
		return RP_FRAME_PEER_ERROR;
	return RP_FRAME_OTHER;
}
