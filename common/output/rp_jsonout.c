// SPDX-License-Identifier: MIT
#include <errno.h>
#include <string.h>

#include "output/rp_json.h"
#include "output/rp_jsonout.h"
#include "base/rp_log.h"

int rp_jsonout_init(struct rp_jsonout *j, const char *path,
		    enum rp_output output)
{
	*j = (struct rp_jsonout){ .output = output, .path = path };
	if (!path)
		return 0;
	j->rows = cJSON_CreateArray();
	j->extra = cJSON_CreateObject();
	if (j->rows && j->extra)
		return 0;
	rp_jsonout_fini(j);
	return -ENOMEM;
}

/* Append @row (NULL: it could not be built, remembered for the write). */
static void rp_jsonout_push(struct rp_jsonout *j, cJSON *row)
{
	if (!row || !cJSON_AddItemToArray(j->rows, row)) {
		cJSON_Delete(row);
		j->failed = true;
	}
}

void rp_jsonout_add_bw(struct rp_jsonout *j, const struct rp_result *r)
{
	if (!j->rows)
		return;
	if (j->output == RP_OUTPUT_BANDWIDTH)
		rp_jsonout_push(j, rp_json_value_result("bw_avg", r->bw_avg));
	else if (j->output == RP_OUTPUT_MSG_RATE)
		rp_jsonout_push(j, rp_json_value_result("msgRate_avg",
							r->msg_rate));
	else
		rp_jsonout_push(j, rp_json_bw_result(r));
}

void rp_jsonout_add_lat(struct rp_jsonout *j, uint64_t size,
			const struct rp_latstats *st, double tps, bool duration)
{
	if (!j->rows)
		return;
	if (j->output == RP_OUTPUT_LATENCY)
		rp_jsonout_push(j, rp_json_value_result("avg_lat", st->t_avg));
	else if (duration) /* perftest's -D keys */
		rp_jsonout_push(j, rp_json_lat_dur_result(size, st->n,
							  st->t_avg, tps));
	else
		rp_jsonout_push(j, rp_json_lat_result(size, st->n, st));
}

void rp_jsonout_add_extra(struct rp_jsonout *j, const char *key, cJSON *value)
{
	if (!j->extra || !value) {
		cJSON_Delete(value);
		return;
	}
	cJSON_AddItemToObject(j->extra, key, value);
}

/* One row: perftest's object; several (-a): the array. */
static cJSON *rp_jsonout_results(struct rp_jsonout *j)
{
	cJSON *rows = j->rows;

	j->rows = NULL;
	if (cJSON_GetArraySize(rows) == 1) {
		cJSON *one = cJSON_DetachItemFromArray(rows, 0);

		cJSON_Delete(rows);
		return one;
	}
	return rows;
}

int rp_jsonout_write(struct rp_jsonout *j, const struct rp_header *h)
{
	cJSON *doc, *item;
	int ret;

	if (!j->rows)
		return 0;
	doc = j->failed ?
		      NULL :
		      rp_json_doc(rp_json_test_info(h), rp_jsonout_results(j));
	if (!doc) {
		rp_jsonout_fini(j);
		rp_err("building the JSON document for '%s': %s", j->path,
		       strerror(ENOMEM));
		return -ENOMEM;
	}
	while (j->extra && (item = j->extra->child)) {
		cJSON_DetachItemViaPointer(j->extra, item);
		cJSON_AddItemToObject(doc, item->string, item);
	}
	ret = rp_json_write(j->path, doc);
	cJSON_Delete(doc);
	rp_jsonout_fini(j);
	return ret;
}

void rp_jsonout_fini(struct rp_jsonout *j)
{
	cJSON_Delete(j->rows);
	cJSON_Delete(j->extra);
	j->rows = NULL;
	j->extra = NULL;
}
