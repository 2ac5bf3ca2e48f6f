// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/rp_opts_fleet.h"
#include "base/rp_log.h"
#include "base/rp_sysfs.h"
#include "base/rp_time.h"
#include "cluster/rp_clfleet.h"
#include "output/rp_baseline_read.h"
#include "output/rp_junit.h"

void rp_clfleet_me(struct rp_ident_host *id, const struct rp_clround *side,
		   const char *host)
{
	unsigned int i;

	rp_identity_self(id);
	snprintf(id->host, sizeof(id->host), "%.*s", (int)sizeof(id->host) - 1,
		 host);
	for (i = 0; i < side->n; i++)
		rp_identity_add(id, RP_SYSFS_ROOT, side->spec[i].dev,
				side->spec[i].port);
}

static void clf_flag_u(struct rp_baseline *b, const char *name,
		       unsigned long long v)
{
	char s[32];

	snprintf(s, sizeof(s), "%llu", v);
	rp_baseline_flag(b, name, s);
}

void rp_clfleet_init(struct rp_clfleet *f, const struct rp_clopts *c)
{
	const struct rp_opts *o = &c->o;

	memset(f, 0, sizeof(*f));
	f->on = rp_fleet_opts_any(&o->fleet);
	f->t0_ns = rp_now_ns();
	f->start = time(NULL);
	rp_baseline_init(&f->now, "rail_cluster_bw");
	rp_baseline_flag(&f->now, "--verb",
			 o->verb == RP_VERB_READ ? "read" :
			 o->verb == RP_VERB_SEND ? "send" :
						   "write");
	clf_flag_u(&f->now, "-s", o->size);
	clf_flag_u(&f->now, "-D", o->duration);
	clf_flag_u(&f->now, "-q", o->num_qps);
	clf_flag_u(&f->now, "-t", o->tx_depth);
	clf_flag_u(&f->now, "-m", o->mtu);
	rp_baseline_flag(&f->now, "--cross", c->cross ? "on" : "off");
}

void rp_clfleet_host(struct rp_clfleet *f, const struct rp_ident_host *id)
{
	struct rp_ident_host h = *id;

	h.host[sizeof(h.host) - 1] = '\0';
	h.kernel[sizeof(h.kernel) - 1] = '\0';
	if (h.n > RP_MAX_RAILS)
		h.n = RP_MAX_RAILS;
	if (f->on)
		rp_baseline_add_host(&f->now, &h);
}

int rp_clfleet_open(struct rp_clfleet *f, const struct rp_clopts *c)
{
	const struct rp_fleet_opts *fo = &c->o.fleet;
	char why[320];
	bool flags;

	if (!f->on)
		return 0;
	if (rp_fleet_opts_files(fo))
		return -EINVAL;
	if (!fo->baseline)
		return 0;
	f->was = calloc(1, sizeof(*f->was));
	if (!f->was || rp_baseline_load(fo->baseline, f->was))
		return -EINVAL;
	if (fo->force)
		return 0;
	flags = rp_baseline_refuse_flags(f->was, &f->now, why, sizeof(why));
	if (!flags && !rp_baseline_refuse_hw(f->was, &f->now, why, sizeof(why)))
		return 0;
	rp_err("--baseline '%s' refused: %s (a baseline of other %s; "
	       "--baseline-force compares anyway)",
	       fo->baseline, why, flags ? "flags" : "hosts or rails");
	return -EINVAL;
}

/* Cell (@idx, @s, @d) of @m as record @r. */
static void clf_record(const struct rp_matrix *m, unsigned int idx,
		       unsigned int s, unsigned int d, struct rp_fleet_rec *r)
{
	const struct rp_cell *c = rp_matrix_at(m, idx, s, d);
	unsigned int si, di;
	char label[160];

	memset(r, 0, sizeof(*r));
	rp_matrix_rails(m, idx, &si, &di);
	rp_matrix_label(m, idx, label, sizeof(label));
	snprintf(r->name, sizeof(r->name), "%s -> %s on %s", m->host[s],
		 m->host[d], label);
	r->rail = -1;
	snprintf(r->device, sizeof(r->device), "%s",
		 m->dev[(size_t)s * m->rails + si]);
	r->port = 0;
	r->direction = "send";
	r->gbps = c->status == RP_CELL_OK ? c->gbps : 0;
	r->ceiling = c->ceiling;
	r->seconds = m->duration;
	r->failed = c->status != RP_CELL_OK;
	snprintf(r->why, sizeof(r->why), "%s",
		 c->status == RP_CELL_FAIL ? c->reason : "not measured");
	r->outlier = c->outlier;
	r->outlier_pct = m->pct;
	r->ref_gbps = c->ceiling > 0 ? c->ceiling : m->median[idx];
}

int rp_clfleet_records(struct rp_clfleet *f, const struct rp_matrix *m)
{
	unsigned int idx, s, d, k = 0;
	size_t n = (size_t)rp_matrix_count(m) * m->hosts * (m->hosts - 1);
	struct rp_fleet_rec *r = calloc(n ? n : 1, sizeof(*r));

	if (!r)
		return -ENOMEM;
	for (idx = 0; idx < rp_matrix_count(m); idx++)
		for (s = 0; s < m->hosts; s++)
			for (d = 0; d < m->hosts; d++)
				if (s != d)
					clf_record(m, idx, s, d, &r[k++]);
	free(f->rec);
	f->rec = r;
	f->n = k;
	return 0;
}

int rp_clfleet_report(struct rp_clfleet *f, const struct rp_clopts *c,
		      const struct rp_matrix *m, FILE *out)
{
	const struct rp_fleet_opts *fo = &c->o.fleet;
	struct rp_junit_suite js = { .name = "rail_cluster_bw",
				     .host = m->hosts ? m->host[0] : "",
				     .start = f->start };
	unsigned int i, below = 0;
	int ret, r2 = 0;

	if (!f->on)
		return 0;
	ret = rp_clfleet_records(f, m);
	if (ret) {
		rp_err("the fleet files: %s", strerror(-ret));
		return ret;
	}
	if (f->was)
		rp_baseline_judge(f->was, f->rec, f->n,
				  rp_fleet_opts_tolerance(fo));
	for (i = 0; i < f->n; i++)
		rp_fleet_judge(&f->rec[i]);
	if (f->was)
		below = rp_baseline_lines(out, f->was, &f->now, f->rec, f->n,
					  "cell");
	if (fo->save_baseline)
		ret = rp_baseline_save_recs(fo->save_baseline, &f->now, f->rec,
					    f->n);
	js.seconds = (double)(rp_now_ns() - f->t0_ns) / 1e9;
	if (fo->junit)
		r2 = rp_junit_write(fo->junit, &js, f->rec, f->n);
	ret = ret ? ret : r2;
	return ret ? ret : below ? -ERANGE : 0;
}

void rp_clfleet_fini(struct rp_clfleet *f)
{
	rp_baseline_fini(&f->now);
	if (f->was)
		rp_baseline_fini(f->was);
	free(f->was);
	free(f->rec);
	f->was = NULL;
	f->rec = NULL;
}
