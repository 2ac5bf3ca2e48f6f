// SPDX-License-Identifier: MIT
#include <inttypes.h>

#include "base/rp_log.h"
#include "output/rp_json.h"
#include "output/rp_report.h"
#include "output/rp_report_bidir.h"
#include "engine/rp_stats.h"

void rp_bidir_sum(const struct rp_result *local, const struct rp_result *remote,
		  struct rp_result *sum)
{
	*sum = (struct rp_result){
		.size = local->size,
		.iters = local->iters,
		.bw_peak = local->bw_peak + remote->bw_peak,
		.bw_avg = local->bw_avg + remote->bw_avg,
		.msg_rate = local->msg_rate + remote->msg_rate,
	};
}

/* One --report-both block: its label, the table header, the row. */
static void rp_report_bidir_block(FILE *f, const char *label,
				  const struct rp_result *r, bool gbits)
{
	rp_fprintf(f, "\n %s results: \n", label);
	rp_fprintf(f, RP_RESULT_LINE);
	rp_report_bw_title(f, gbits);
	rp_report_bw_row(f, r, gbits);
}

void rp_report_bidir_both(FILE *f, const struct rp_result *local,
			  const struct rp_result *remote, bool gbits)
{
	rp_fprintf(f, RP_RESULT_LINE);
	rp_report_bidir_block(f, "Local", local, gbits);
	rp_fprintf(f, RP_RESULT_LINE);
	rp_report_bidir_block(f, "Remote", remote, gbits);
}

void rp_report_bidir_rail(FILE *f, int rail, const char *dev,
			  const struct rp_result *sent,
			  const struct rp_result *rcvd, bool gbits)
{
	const char *u = rp_bw_unit(gbits);
	char who[64];

	if (rail < 0)
		snprintf(who, sizeof(who), "all rails");
	else
		snprintf(who, sizeof(who), "rail %d (%s)", rail, dev);
	rp_fprintf(f,
		   " railperf: %s: bidirectional: sent %.2f %s (%.6f Mpps), "
		   "received "
		   "%.2f %s (%.6f Mpps), both directions %.2f %s\n",
		   who, sent->bw_avg, u, sent->msg_rate, rcvd->bw_avg, u,
		   rcvd->msg_rate, sent->bw_avg + rcvd->bw_avg, u);
}

void rp_report_bidir_verdict(FILE *f, const char *where,
			     const struct rp_verdict *v, unsigned int num_qps)
{
	if (v->ok)
		rp_fprintf(f,
			   " railperf: bidirectional validation of the bytes "
			   "%s passed: every byte of the message on each of "
			   "%u QP(s)\n",
			   where, num_qps);
	else
		rp_fprintf(f ? f : stderr,
			   " railperf: -b validation of the bytes %s FAILED: "
			   "rail %u QP %u offset %" PRIu64 ": expected %#04x, "
			   "found %#04x\n",
			   where, v->rail, v->qp, v->offset, v->expected,
			   v->got);
}

/* One direction's row under railperf's keys (the rails' rows' names). */
static cJSON *rp_json_dir_result(const struct rp_result *r, bool gbits)
{
	cJSON *o = cJSON_CreateObject();
	bool ok = o != NULL;

	ok = ok && cJSON_AddNumberToObject(o, "messages", (double)r->iters);
	ok = ok && cJSON_AddNumberToObject(o,
					   gbits ? "bw_peak_gbit_per_s" :
						   "bw_peak_mib_per_s",
					   r->bw_peak);
	ok = ok && cJSON_AddNumberToObject(o,
					   gbits ? "bw_average_gbit_per_s" :
						   "bw_average_mib_per_s",
					   r->bw_avg);
	ok = ok && cJSON_AddNumberToObject(o, "msg_rate_mpps", r->msg_rate);
	if (ok)
		return o;
	cJSON_Delete(o);
	return NULL;
}

cJSON *rp_json_bidir(const struct rp_result *sent, const struct rp_result *rcvd,
		     bool gbits)
{
	cJSON *o = cJSON_CreateObject();
	struct rp_result sum;

	rp_bidir_sum(sent, rcvd, &sum);
	if (!o ||
	    !cJSON_AddItemToObject(o, "sent",
				   rp_json_dir_result(sent, gbits)) ||
	    !cJSON_AddItemToObject(o, "received",
				   rp_json_dir_result(rcvd, gbits)) ||
	    !cJSON_AddItemToObject(o, "sum", rp_json_dir_result(&sum, gbits))) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

/* " tx X rx Y", with @rx NULL (not known) as "rx unknown". */
static void rp_report_txrx(FILE *f, uint64_t tx, uint64_t tx_ns,
			   const uint64_t *rx, uint64_t rx_ns, bool gbits)
{
	rp_fprintf(f, " tx %.2f", rp_bw(tx, tx_ns, gbits));
	if (rx)
		rp_fprintf(f, " rx %.2f", rp_bw(*rx, rx_ns, gbits));
	else
		rp_fprintf(f, " rx unknown");
}

void rp_report_interval_bidir(FILE *f, double from_s, double to_s,
			      const char *const *devs, const uint64_t *tx,
			      uint64_t tx_ns, const uint64_t *rx,
			      uint64_t rx_ns, unsigned int n, bool gbits)
{
	uint64_t tx_sum = 0, rx_sum = 0;
	unsigned int i;

	rp_fprintf(f, " railperf: interval %5.1f to %5.1f s:", from_s, to_s);
	for (i = 0; i < n; i++) {
		rp_fprintf(f, " %s", devs[i]);
		rp_report_txrx(f, tx[i], tx_ns, rx ? &rx[i] : NULL, rx_ns,
			       gbits);
		rp_fprintf(f, ",");
		tx_sum += tx[i];
		rx_sum += rx ? rx[i] : 0;
	}
	rp_fprintf(f, " sum");
	rp_report_txrx(f, tx_sum, tx_ns, rx ? &rx_sum : NULL, rx_ns, gbits);
	rp_fprintf(f, " %s\n", rp_bw_unit(gbits));
}
