// SPDX-License-Identifier: MIT
#include <errno.h>

#include "rp_json.h"
#include "rp_jsonout.h"
#include "rp_log.h"

int rp_jsonout_init(struct rp_jsonout *j, const struct rp_opts *o)
{
	j->rows = NULL;
	j->extra = NULL;
	j->output = o->output;
	if (!o->out_json)
		return 0;
	j->rows = cJSON_CreateArray();
	j->extra = cJSON_CreateObject();
	if (j->rows && j->extra)
		return 0;
	rp_jsonout_fini(j);
	return -ENOMEM;
}

void rp_jsonout_add_bw(struct rp_jsonout *j, const struct rp_result *r)
{
	cJSON *row;

	if (!j->rows)
		return;
	if (j->output == RP_OUTPUT_BANDWIDTH)
		row = rp_json_value_result("bw_avg", r->bw_avg);
	else if (j->output == RP_OUTPUT_MSG_RATE)
		row = rp_json_value_result("msgRate_avg", r->msg_rate);
	else
		row = rp_json_bw_result(r);
	if (row)
		cJSON_AddItemToArray(j->rows, row);
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

int rp_jsonout_write(struct rp_jsonout *j, const struct rp_opts *o,
		     const struct rp_header *h)
{
	cJSON *doc, *item;
	int ret;

	if (!j->rows)
		return 0;
	doc = rp_json_doc(rp_json_test_info(h), rp_jsonout_results(j));
	if (!doc) {
		rp_jsonout_fini(j);
		rp_err("building the JSON report: %s", "out of memory");
		return -ENOMEM;
	}
	while (j->extra && (item = j->extra->child)) {
		cJSON_DetachItemViaPointer(j->extra, item);
		cJSON_AddItemToObject(doc, item->string, item);
	}
	ret = rp_json_write(o->out_json_file, doc);
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
