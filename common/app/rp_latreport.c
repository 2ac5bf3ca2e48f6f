// SPDX-License-Identifier: MIT
/*
 * The latency run's reporter (rp_latreport.h): every print and JSON key
 * of rail_read_lat, rail_write_lat, rail_send_lat and rail_atomic_lat.
 */
#include <errno.h>
#include <stdio.h>

#include "app/rp_header.h"
#include "app/rp_latreport.h"
#include "base/rp_log.h"
#include "output/rp_json_mem.h"
#include "output/rp_report_extra.h"
#include "output/rp_report_lat.h"

int rp_latreport_init(struct rp_latreport *r, const struct rp_plan *p,
		      const struct rp_session *s)
{
	r->p = p;
	rp_header_of(p, s, &r->h);
	return rp_jsonout_init(&r->j, rp_opts_json_path(p->o), p->o->output) ?
		       -ENOMEM :
		       0;
}

void rp_latreport_fini(struct rp_latreport *r)
{
	rp_jsonout_fini(&r->j);
}

void rp_latreport_header(const struct rp_latreport *r,
			 const struct rp_session *s)
{
	const struct rp_plan *p = r->p;

	rp_report_header(p->text, &r->h);
	rp_report_addresses_fmt(p->text, &s->local[0], &s->remote[0], 1,
				p->o->rdma_cm ? RP_ADDR_CM : p->verb->addr);
}

void rp_latreport_title(const struct rp_latreport *r)
{
	if (r->p->o->duration)
		rp_report_lat_title_dur(r->p->text);
	else
		rp_report_lat_title(r->p->text);
}

void rp_latreport_size(struct rp_latreport *r, uint64_t size,
		       const struct rp_lat_samples *smp,
		       const struct rp_latstats *st, double tps)
{
	const struct rp_plan *p = r->p;
	const struct rp_opts *o = p->o;

	if (o->histogram) {
		rp_report_lat_samples_div(p->text, smp->ns, smp->n,
					  p->verb->lat_rtt);
		rp_latreport_title(r);
	}
	if (!p->text)
		rp_report_value(p->out, st->t_avg);
	else if (o->duration)
		rp_report_lat_row_dur(p->text, size, st->n, st->t_avg, tps);
	else
		rp_report_lat_row(p->text, size, st->n, st);
	rp_jsonout_add_lat(&r->j, size, st, tps, o->duration);
}

void rp_latreport_end(const struct rp_latreport *r, int ret,
		      const struct rp_lat_cfg *cfg,
		      const struct rp_lat_samples *smp,
		      const struct rp_latstats *st)
{
	const struct rp_verbrow *v = r->p->verb;
	FILE *f = r->p->extra;

	if (!ret || ret == -EILSEQ)
		rp_fprintf(r->p->text, RP_RESULT_LINE);
	if (ret)
		return;
	if (v->pulls)
		rp_report_lat_method(f, v->atomic ? v->wr : "READ",
				     cfg->warmup);
	else if (v->consumes)
		rp_report_lat_method_pingpong(f, v->wr, cfg->warmup);
	else
		rp_report_lat_method_write(f, cfg->warmup);
	if (cfg->duration) /* -D: a single size */
		rp_report_lat_dur_stats(f, st);
	if (smp->capped) /* -D only, so a single size */
		rp_report_lat_capped(f, smp->n, smp->run_ns / 1e9,
				     cfg->duration);
}

void rp_latreport_verdict(const struct rp_latreport *r,
			  const struct rp_verdict *v, const uint64_t *word)
{
	if (r->p->verb->atomic)
		rp_report_extra_word_verdict_out(r->p->extra, v, r->p->verb->wr,
						 word);
	else
		rp_report_extra_verdict_out(r->p->extra, v, 1);
}

void rp_latreport_rail(const struct rp_latreport *r, const struct rp_session *s)
{
	rp_report_extra_rail(r->p->extra, &s->rails[0], r->p->o->hugepages,
			     &s->local[0], &s->remote[0]);
}

int rp_latreport_json(struct rp_latreport *r, const struct rp_session *s)
{
	if (!r->j.rows)
		return 0;
	rp_jsonout_add_extra(&r->j, "same_nic",
			     cJSON_CreateBool(rp_rail_addr_same_port(
				     &s->local[0], &s->remote[0])));
	rp_jsonout_add_extra(&r->j, "memory", rp_json_mem(&s->rails[0].buf));
	return rp_jsonout_write(&r->j, &r->h);
}
