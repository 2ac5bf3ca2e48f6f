// SPDX-License-Identifier: MIT
#include <errno.h>

#include "base/rp_log.h"
#include "engine/rp_cqpoll.h"
#include "engine/rp_cycle.h"
#include "output/rp_posting.h"

static unsigned int rp_wrs_per_post(const struct rp_bw_cfg *c)
{
	return c->post_list > 0 ? c->post_list : 1;
}

void rp_posting_line(FILE *f, const struct rp_bw_cfg *c, bool wr_api)
{
	unsigned int n = rp_wrs_per_post(c);

	rp_fprintf(f, " railperf: posting: %u WR%s per %s", n, n > 1 ? "s" : "",
		   wr_api ? "ibv_wr_start .. ibv_wr_complete" :
			    "ibv_post_send");
	if (c->cycle_buffer)
		rp_fprintf(f,
			   "; addresses walk a cycle buffer of %llu KiB in "
			   "steps of the size rounded up to a %u byte cache "
			   "line (sizes up to %llu KiB)",
			   (unsigned long long)c->cycle_buffer >> 10,
			   rp_cycle_line(),
			   (unsigned long long)c->cycle_buffer / 2 >> 10);
	else
		rp_fprintf(f, "; every WR at the start of its QP's slice");
	if (c->cqe_poll)
		rp_fprintf(f, "; CQE poll batch %u\n", c->cqe_poll);
	else
		rp_fprintf(f, "; CQE poll batch dynamic (%u down to %u)\n",
			   RP_CQPOLL_MAX, RP_CQPOLL_MIN);
}

cJSON *rp_posting_json(const struct rp_bw_cfg *c, bool wr_api)
{
	cJSON *o = cJSON_CreateObject();
	bool ok = o != NULL;

	ok = ok &&
	     cJSON_AddNumberToObject(o, "wrs_per_post", rp_wrs_per_post(c));
	ok = ok && cJSON_AddStringToObject(o, "api",
					   wr_api ? "ibv_wr" : "ibv_post_send");
	ok = ok && cJSON_AddNumberToObject(o, "cycle_buffer_bytes",
					   (double)c->cycle_buffer);
	ok = ok &&
	     cJSON_AddNumberToObject(o, "cache_line_bytes", rp_cycle_line());
	if (c->cqe_poll)
		ok = ok && cJSON_AddNumberToObject(o, "cqe_poll", c->cqe_poll);
	else
		ok = ok && cJSON_AddStringToObject(o, "cqe_poll", "dynamic");
	if (ok)
		return o;
	cJSON_Delete(o);
	errno = ENOMEM;
	return NULL;
}
