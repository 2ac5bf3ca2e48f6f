// SPDX-License-Identifier: MIT
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/rp_json.h"
#include "base/rp_atomic.h"
#include "base/rp_log.h"

/* A number with @dec decimals, as perftest's "%.2f" prints it. */
static double rp_json_round(double v, int dec)
{
	double k = dec == 6 ? 1e6 : 1e2;

	return round(v * k) / k;
}

static void rp_jnum(cJSON *o, const char *key, double v, bool *ok)
{
	if (!cJSON_AddNumberToObject(o, key, v))
		*ok = false;
}

static void rp_jstr(cJSON *o, const char *key, const char *v, bool *ok)
{
	if (!cJSON_AddStringToObject(o, key, v))
		*ok = false;
}

static const char *rp_jonoff(bool on)
{
	return on ? "ON" : "OFF";
}

/* @o when every add succeeded, else NULL (tree freed, errno ENOMEM). */
static cJSON *rp_jdone(cJSON *o, bool ok)
{
	if (o && ok)
		return o;
	cJSON_Delete(o);
	errno = ENOMEM;
	return NULL;
}

/* perftest's "test" value: the title with '_' for each ' '. */
static void rp_json_test_name(const char *title, char *out, size_t len)
{
	size_t i;

	snprintf(out, len, "%s", title);
	for (i = 0; out[i]; i++)
		if (out[i] == ' ')
			out[i] = '_';
}

/* The keys after "Connection_type"; split for length. */
static void rp_json_info_tail(cJSON *o, const struct rp_header *h, bool *ok)
{
	rp_jstr(o, "Using_SRQ", "OFF", ok);
	rp_jstr(o, "PCIe_relax_order", rp_jonoff(h->relaxed_ordering), ok);
	rp_jstr(o, "ibv_wr_API", rp_jonoff(h->wr_api), ok);
	if (h->tx_depth >= 0)
		rp_jnum(o, "TX_depth", h->tx_depth, ok);
	if (h->post_list > 1)
		rp_jnum(o, "Post_List", h->post_list, ok);
	if (h->rx_depth > 0)
		rp_jnum(o, "RX_depth", h->rx_depth, ok);
	if (h->cq_mod >= 0)
		rp_jnum(o, "CQ_Moderation", h->cq_mod, ok);
	rp_jnum(o, "Mtu", h->mtu, ok);
	rp_jstr(o, "Link_type", h->link_type, ok);
	if (h->gid_index >= 0)
		rp_jnum(o, "GID_index", h->gid_index, ok);
	if (h->max_inline >= 0)
		rp_jnum(o, "Max_inline_data", h->max_inline, ok);
	else if (h->out_reads >= 0)
		rp_jnum(o, "Outstand_reads", h->out_reads, ok);
	rp_jstr(o, "rdma_cm_QPs", rp_jonoff(h->rdma_cm), ok);
	rp_jstr(o, "Use_ROCm_memory", "OFF", ok);
	rp_jstr(o, "Use_MUSA_memory", "OFF", ok);
	rp_jstr(o, "Data_ex_method", h->rdma_cm ? "rdma_cm" : "Ethernet", ok);
	if (h->rdma_cm && h->has_tos)
		rp_jnum(o, "TOS", h->tos, ok);
	if (h->has_tclass)
		rp_jnum(o, "traffic_class", h->tclass, ok);
}

cJSON *rp_json_test_info(const struct rp_header *h)
{
	cJSON *o = cJSON_CreateObject();
	char test[128];
	bool ok = o != NULL;

	if (!ok)
		return rp_jdone(o, ok);
	rp_json_test_name(h->title, test, sizeof(test));
	rp_jstr(o, "test", test, &ok);
	rp_jstr(o, "Dual_port", "OFF", &ok);
	rp_jstr(o, "Device", h->device, &ok);
	rp_jnum(o, "Number_of_qps", h->num_qps, &ok);
	rp_jstr(o, "Transport_type", h->transport, &ok);
	rp_jstr(o, "Connection_type", "RC", &ok);
	rp_json_info_tail(o, h, &ok);
	return rp_jdone(o, ok);
}

/* A result row with perftest's first two keys; *@ok false on failure
 * (cJSON adds nothing to a NULL object). */
static cJSON *rp_json_row(uint64_t size, uint64_t iters, bool *ok)
{
	cJSON *o = cJSON_CreateObject();

	*ok = o != NULL;
	rp_jnum(o, "MsgSize", (double)size, ok);
	rp_jnum(o, "n_iterations", (double)iters, ok);
	return o;
}

cJSON *rp_json_lat_result(uint64_t size, uint64_t iters,
			  const struct rp_latstats *st)
{
	bool ok;
	cJSON *o = rp_json_row(size, iters, &ok);

	rp_jnum(o, "t_min", rp_json_round(st->t_min, 2), &ok);
	rp_jnum(o, "t_max", rp_json_round(st->t_max, 2), &ok);
	rp_jnum(o, "t_typical", rp_json_round(st->t_typical, 2), &ok);
	rp_jnum(o, "t_avg", rp_json_round(st->t_avg, 2), &ok);
	rp_jnum(o, "t_stdev", rp_json_round(st->t_stdev, 2), &ok);
	rp_jnum(o, "percentile_99", rp_json_round(st->p99, 2), &ok);
	rp_jnum(o, "percentile_99.9", rp_json_round(st->p99_9, 2), &ok);
	return rp_jdone(o, ok);
}

cJSON *rp_json_lat_dur_result(uint64_t size, uint64_t iters, double t_avg,
			      double tps)
{
	bool ok;
	cJSON *o = rp_json_row(size, iters, &ok);

	rp_jnum(o, "t_avg", rp_json_round(t_avg, 2), &ok);
	rp_jnum(o, "tps_average", rp_json_round(tps, 2), &ok);
	return rp_jdone(o, ok);
}

cJSON *rp_json_bw_result(const struct rp_result *r)
{
	int dec = r->bw_avg < 0.1 ? 6 : 2; /* perftest's inc_accuracy */
	bool ok;
	cJSON *o = rp_json_row(r->size, r->iters, &ok);

	rp_jnum(o, "BW_peak", rp_json_round(r->bw_peak, dec), &ok);
	rp_jnum(o, "BW_average", rp_json_round(r->bw_avg, dec), &ok);
	rp_jnum(o, "MsgRate", rp_json_round(r->msg_rate, 6), &ok);
	return rp_jdone(o, ok);
}

cJSON *rp_json_value_result(const char *key, double v)
{
	cJSON *o = cJSON_CreateObject();
	bool ok = o != NULL;

	if (ok)
		rp_jnum(o, key, rp_json_round(v, 6), &ok);
	return rp_jdone(o, ok);
}

cJSON *rp_json_doc(cJSON *info, cJSON *results)
{
	cJSON *root = cJSON_CreateObject();

	if (!root || !info || !results ||
	    !cJSON_AddItemToObject(root, "test_info", info)) {
		cJSON_Delete(info);
		cJSON_Delete(results);
		return rp_jdone(root, false);
	}
	if (!cJSON_AddItemToObject(root, "results", results)) {
		cJSON_Delete(results);
		return rp_jdone(root, false);
	}
	return root;
}

int rp_json_write(const char *path, const cJSON *root)
{
	char *text = cJSON_Print(root);
	size_t len;
	int ret;

	if (!text) {
		rp_err("cannot write '%s': %s", path, strerror(ENOMEM));
		return -ENOMEM;
	}
	len = strlen(text);
	text[len] = '\n'; /* cJSON's NUL becomes the last newline */
	ret = rp_atomic_write(path, text, len + 1);
	cJSON_free(text);
	return ret;
}
