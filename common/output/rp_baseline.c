// SPDX-License-Identifier: MIT
/*
 * The baseline file (rp_baseline.h): a run's records saved, and a run
 * compared with a baseline read back (rp_baseline_read.c).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/rp_atomic.h"
#include "base/rp_log.h"
#include "base/rp_version.h"
#include "output/rp_baseline.h"

void rp_baseline_init(struct rp_baseline *b, const char *test)
{
	memset(b, 0, sizeof(*b));
	snprintf(b->test, sizeof(b->test), "%s", test);
	snprintf(b->version, sizeof(b->version), "%s", RP_VERSION);
	b->saved = (long long)time(NULL);
}

void rp_baseline_fini(struct rp_baseline *b)
{
	free(b->host);
	free(b->res);
	b->host = NULL;
	b->res = NULL;
	b->nhosts = b->nres = 0;
}

int rp_baseline_flag(struct rp_baseline *b, const char *name, const char *value)
{
	if (b->nflags >= RP_BL_FLAGS)
		return -ENOSPC;
	snprintf(b->flag[b->nflags].name, sizeof(b->flag[0].name), "%s", name);
	snprintf(b->flag[b->nflags].value, sizeof(b->flag[0].value), "%s",
		 value);
	b->nflags++;
	return 0;
}

int rp_baseline_add_host(struct rp_baseline *b, const struct rp_ident_host *h)
{
	struct rp_ident_host *p =
		realloc(b->host, (b->nhosts + 1) * sizeof(*b->host));

	if (!p)
		return -ENOMEM;
	b->host = p;
	b->host[b->nhosts++] = *h;
	return 0;
}

int rp_baseline_add_result(struct rp_baseline *b, const char *name, double gbps)
{
	struct rp_bl_result *p =
		realloc(b->res, (b->nres + 1) * sizeof(*b->res));

	if (!p)
		return -ENOMEM;
	b->res = p;
	snprintf(p[b->nres].name, sizeof(p[0].name), "%s", name);
	p[b->nres++].gbps = gbps;
	return 0;
}

static cJSON *rp_bl_rail_json(const struct rp_ident_rail *r)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "device", r->dev);
	cJSON_AddNumberToObject(o, "port", r->port);
	cJSON_AddStringToObject(o, "pci", r->pci);
	cJSON_AddStringToObject(o, "link_speed", r->speed);
	cJSON_AddNumberToObject(o, "link_width", r->width);
	cJSON_AddStringToObject(o, "firmware", r->fw);
	return o;
}

static cJSON *rp_bl_host_json(const struct rp_ident_host *h)
{
	cJSON *o = cJSON_CreateObject(), *rails;
	unsigned int i;

	cJSON_AddStringToObject(o, "host", h->host);
	cJSON_AddStringToObject(o, "kernel", h->kernel);
	rails = cJSON_AddArrayToObject(o, "rails");
	for (i = 0; rails && i < h->n; i++)
		cJSON_AddItemToArray(rails, rp_bl_rail_json(&h->rail[i]));
	return o;
}

cJSON *rp_baseline_json(const struct rp_baseline *b)
{
	cJSON *o = cJSON_CreateObject(), *a, *r;
	unsigned int i;

	if (!o)
		return NULL;
	cJSON_AddNumberToObject(o, "railperf_baseline", RP_BL_FORMAT);
	cJSON_AddStringToObject(o, "test", b->test);
	cJSON_AddStringToObject(o, "railperf", b->version);
	cJSON_AddNumberToObject(o, "saved_unix", (double)b->saved);
	a = cJSON_AddArrayToObject(o, "hosts");
	for (i = 0; a && i < b->nhosts; i++)
		cJSON_AddItemToArray(a, rp_bl_host_json(&b->host[i]));
	a = cJSON_AddObjectToObject(o, "flags");
	for (i = 0; a && i < b->nflags; i++)
		cJSON_AddStringToObject(a, b->flag[i].name, b->flag[i].value);
	a = cJSON_AddArrayToObject(o, "results");
	for (i = 0; a && i < b->nres; i++) {
		r = cJSON_CreateObject();
		cJSON_AddStringToObject(r, "name", b->res[i].name);
		cJSON_AddNumberToObject(r, "gbps", b->res[i].gbps);
		cJSON_AddItemToArray(a, r);
	}
	return o;
}

int rp_baseline_save(const char *path, const struct rp_baseline *b)
{
	cJSON *doc = rp_baseline_json(b);
	char *text = doc ? cJSON_Print(doc) : NULL;
	size_t len = text ? strlen(text) : 0;
	char *full = text ? malloc(len + 2) : NULL;
	int ret;

	cJSON_Delete(doc);
	if (!full) {
		cJSON_free(text);
		rp_err("cannot write '%s': %s", path, strerror(ENOMEM));
		return -ENOMEM;
	}
	memcpy(full, text, len);
	memcpy(full + len, "\n", 2);
	cJSON_free(text);
	ret = rp_atomic_write(path, full, len + 1);
	free(full);
	return ret;
}

int rp_baseline_save_recs(const char *path, struct rp_baseline *b,
			  const struct rp_fleet_rec *r, unsigned int n)
{
	unsigned int i;
	int ret = 0;

	for (i = 0; i < n; i++) {
		if (r[i].failed) {
			rp_err("--save-baseline '%s' not written: %s failed "
			       "(a baseline keeps a healthy run)",
			       path, r[i].name);
			return -EIO;
		}
		ret = ret ? ret :
			    rp_baseline_add_result(b, r[i].name, r[i].gbps);
	}
	if (!ret)
		return rp_baseline_save(path, b);
	rp_err("cannot write '%s': %s", path, strerror(-ret));
	return ret;
}

static const struct rp_bl_flag *rp_bl_flag_of(const struct rp_baseline *b,
					      const char *name)
{
	unsigned int i;

	for (i = 0; i < b->nflags; i++)
		if (!strcmp(b->flag[i].name, name))
			return &b->flag[i];
	return NULL;
}

/* A flag of @a that @b lacks or has with another value: named in @why. */
static bool rp_bl_flag_diff(const struct rp_baseline *a,
			    const struct rp_baseline *b, bool a_was, char *why,
			    size_t len)
{
	const struct rp_bl_flag *f, *g;
	unsigned int i;
	char fa[96], fb[96];

	for (i = 0; i < a->nflags; i++) {
		f = &a->flag[i];
		g = rp_bl_flag_of(b, f->name);
		if (g && !strcmp(g->value, f->value))
			continue;
		snprintf(fa, sizeof(fa), "%s %s", f->name, f->value);
		snprintf(fb, sizeof(fb), "%s %s", f->name, g ? g->value : "");
		if (!g)
			snprintf(fb, sizeof(fb), "no %s", f->name);
		snprintf(why, len, "%s there, %s here", a_was ? fa : fb,
			 a_was ? fb : fa);
		return true;
	}
	return false;
}

bool rp_baseline_refuse_flags(const struct rp_baseline *was,
			      const struct rp_baseline *now, char *why,
			      size_t len)
{
	if (strcmp(was->test, now->test)) {
		snprintf(why, len, "a baseline of %s, this is %s", was->test,
			 now->test);
		return true;
	}
	return rp_bl_flag_diff(was, now, true, why, len) ||
	       rp_bl_flag_diff(now, was, false, why, len);
}

/* Rail @i of @a against the same of @b: another device, port or PCI
 * function. */
static bool rp_bl_rail_hw(const struct rp_ident_rail *a,
			  const struct rp_ident_rail *b, unsigned int i,
			  char *why, size_t len)
{
	if (strcmp(a->dev, b->dev) || a->port != b->port) {
		snprintf(why, len,
			 "rail %u is %s port %u there, %s port %u here", i,
			 a->dev, a->port, b->dev, b->port);
		return true;
	}
	if (strcmp(a->pci, b->pci)) {
		snprintf(why, len,
			 "rail %u (%s) is at PCI %s there, at PCI %s here", i,
			 b->dev, a->pci[0] ? a->pci : "(none)",
			 b->pci[0] ? b->pci : "(none)");
		return true;
	}
	return false;
}

bool rp_baseline_refuse_hw(const struct rp_baseline *was,
			   const struct rp_baseline *now, char *why, size_t len)
{
	const struct rp_ident_host *a, *b;
	unsigned int h, i;
	char tmp[256];

	if (was->nhosts != now->nhosts) {
		snprintf(why, len, "%u hosts there, %u here", was->nhosts,
			 now->nhosts);
		return true;
	}
	for (h = 0; h < was->nhosts; h++) {
		a = &was->host[h];
		b = &now->host[h];
		if (strcmp(a->host, b->host)) {
			snprintf(why, len, "host %s there, %s here", a->host,
				 b->host);
			return true;
		}
		if (a->n != b->n) {
			snprintf(why, len, "%s: %u rails there, %u here",
				 b->host, a->n, b->n);
			return true;
		}
		for (i = 0; i < a->n; i++)
			if (rp_bl_rail_hw(&a->rail[i], &b->rail[i], i, tmp,
					  sizeof(tmp))) {
				snprintf(why, len, "%s%s%s",
					 was->nhosts > 1 ? b->host : "",
					 was->nhosts > 1 ? ": " : "", tmp);
				return true;
			}
	}
	return false;
}

/* One change "WHAT A to B" (", " before all but the first), when @a and
 * @b differ; "WHAT changed" when either holds a '-' and !@dashes. */
static void rp_bl_item(FILE *f, unsigned int *n, const char *what,
		       const char *a, const char *b, bool dashes)
{
	if (!strcmp(a, b))
		return;
	fprintf(f, "%s%s ", (*n)++ ? ", " : "", what);
	if (!dashes && (strchr(a, '-') || strchr(b, '-')))
		fputs("changed", f);
	else
		fprintf(f, "%s to %s", *a ? a : "none", *b ? b : "none");
}

/* A link's width as "x4", "" when unknown (0). */
static void rp_bl_width(char *buf, size_t len, unsigned int width)
{
	if (width)
		snprintf(buf, len, "x%u", width);
	else
		buf[0] = '\0';
}

static void rp_bl_rail_items(FILE *f, unsigned int *n,
			     const struct rp_ident_rail *a,
			     const struct rp_ident_rail *b, bool dashes)
{
	char x[16], y[16];

	rp_bl_item(f, n, "device", a->dev, b->dev, dashes);
	snprintf(x, sizeof(x), "%u", a->port);
	snprintf(y, sizeof(y), "%u", b->port);
	rp_bl_item(f, n, "port", x, y, dashes);
	rp_bl_item(f, n, "PCI", a->pci, b->pci, dashes);
	rp_bl_item(f, n, "firmware", a->fw, b->fw, dashes);
	rp_bl_item(f, n, "link", a->speed, b->speed, dashes);
	rp_bl_width(x, sizeof(x), a->width);
	rp_bl_width(y, sizeof(y), b->width);
	rp_bl_item(f, n, "link", x, y, dashes);
}

unsigned int rp_baseline_changes(FILE *f, const struct rp_ident_host *was,
				 const struct rp_ident_host *now, int rail,
				 const char *ver_was, const char *ver_now,
				 bool dashes)
{
	unsigned int n = 0;

	if (rail >= 0) {
		if ((unsigned int)rail < was->n && (unsigned int)rail < now->n)
			rp_bl_rail_items(f, &n, &was->rail[rail],
					 &now->rail[rail], dashes);
		return n;
	}
	rp_bl_item(f, &n, "host", was->host, now->host, dashes);
	rp_bl_item(f, &n, "kernel", was->kernel, now->kernel, dashes);
	if (ver_was && ver_now)
		rp_bl_item(f, &n, "railperf", ver_was, ver_now, dashes);
	return n;
}

unsigned int rp_baseline_judge(const struct rp_baseline *was,
			       struct rp_fleet_rec *r, unsigned int n,
			       unsigned int tolerance)
{
	unsigned int i, k, found = 0;

	for (i = 0; i < n; i++) {
		r[i].tolerance = tolerance;
		r[i].base_gbps = 0;
		for (k = 0; k < was->nres; k++) {
			if (strcmp(was->res[k].name, r[i].name))
				continue;
			r[i].base_gbps = was->res[k].gbps;
			found++;
			break;
		}
	}
	return found;
}

/* Record @r's comparison line into @m; its rail's identity changes after
 * it. */
static void rp_bl_line(FILE *m, const struct rp_baseline *was,
		       const struct rp_baseline *now,
		       const struct rp_fleet_rec *r, bool dashes)
{
	double change = rp_fleet_change_pct(r->base_gbps, r->gbps);
	char b[32], g[32];

	if (r->base_gbps <= 0) {
		fprintf(m, " railperf: %s: not in the baseline\n", r->name);
		return;
	}
	fprintf(m, " railperf: %s: baseline %s Gb/s, now %s Gb/s, %s %.1f%%",
		r->name, rp_fleet_gbps(b, sizeof(b), r->base_gbps),
		rp_fleet_gbps(g, sizeof(g), r->gbps),
		change < 0 ? "down" : "up", change < 0 ? -change : change);
	if (r->verdict == RP_FV_BELOW_BASELINE)
		fprintf(m, ", below the tolerance of %u%%", r->tolerance);
	if (r->rail >= 0 && was->nhosts == 1 && now->nhosts == 1) {
		fputs("; ", m);
		if (!rp_baseline_changes(m, &was->host[0], &now->host[0],
					 r->rail, NULL, NULL, dashes))
			fputs("the same hardware and firmware", m);
	}
	fputc('\n', m);
}

/* With several hosts: "rail I (DEV): CHANGES" of host @a/@b's rail @i to
 * @t ("; " first when @sep), when it has any. Returns 1 or 0. */
static unsigned int rp_bl_rail_line(FILE *t, const struct rp_ident_host *a,
				    const struct rp_ident_host *b,
				    unsigned int i, bool sep, bool dashes)
{
	char *text = NULL;
	size_t len = 0;
	FILE *r = open_memstream(&text, &len);
	unsigned int k;

	if (!r)
		return 0;
	k = rp_baseline_changes(r, a, b, (int)i, NULL, NULL, dashes);
	fclose(r);
	if (k)
		fprintf(t, "%srail %u (%s): %s", sep ? "; " : "", i,
			b->rail[i].dev, text);
	free(text);
	return k ? 1 : 0;
}

/* Host @h's own changes (and, with several hosts, its rails') into @m
 * as one line; nothing when none. */
static void rp_bl_host_line(FILE *m, const struct rp_baseline *was,
			    const struct rp_baseline *now, unsigned int h,
			    bool dashes)
{
	const struct rp_ident_host *a = &was->host[h], *b = &now->host[h];
	char *text = NULL;
	size_t len = 0;
	FILE *t = open_memstream(&text, &len);
	unsigned int n, i;

	if (!t)
		return;
	n = rp_baseline_changes(t, a, b, -1, h ? NULL : was->version,
				h ? NULL : now->version, dashes);
	for (i = 0; now->nhosts > 1 && i < a->n && i < b->n; i++)
		n += rp_bl_rail_line(t, a, b, i, n > 0, dashes);
	fclose(t);
	if (n && now->nhosts > 1)
		fprintf(m, " railperf: baseline: %s: %s\n", b->host, text);
	else if (n)
		fprintf(m, " railperf: baseline: %s\n", text);
	free(text);
}

/* The closing line: every record within the tolerance, or those below. */
static void rp_bl_summary(FILE *m, const struct rp_fleet_rec *r, unsigned int n,
			  unsigned int below, const char *what)
{
	unsigned int i, k = 0;
	double change;

	if (!below) {
		fprintf(m, " railperf: baseline: every %s within %u%%\n", what,
			n ? r[0].tolerance : 0);
		return;
	}
	fprintf(m,
		" railperf: --baseline: FAILED: %u of %u %ss below the "
		"tolerance of %u%%:",
		below, n, what, r[0].tolerance);
	for (i = 0; i < n; i++) {
		if (r[i].verdict != RP_FV_BELOW_BASELINE)
			continue;
		change = rp_fleet_change_pct(r[i].base_gbps, r[i].gbps);
		fprintf(m, "%s %s down %.1f%%", k++ ? "," : "", r[i].name,
			-change);
	}
	fputc('\n', m);
}

/* @text's lines to @f, each one rp_fprintf (one serialized line). */
static void rp_bl_emit(FILE *f, char *text)
{
	char *line, *save = NULL;

	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		rp_fprintf(f, "%s\n", line);
}

unsigned int rp_baseline_lines(FILE *f, const struct rp_baseline *was,
			       const struct rp_baseline *now,
			       const struct rp_fleet_rec *r, unsigned int n,
			       const char *what)
{
	unsigned int i, below = 0;
	char *text = NULL, *sum = NULL;
	size_t len = 0, slen = 0;
	FILE *m = open_memstream(&text, &len);
	FILE *s = open_memstream(&sum, &slen);

	for (i = 0; i < n; i++)
		below += r[i].verdict == RP_FV_BELOW_BASELINE;
	for (i = 0; m && i < n; i++)
		rp_bl_line(m, was, now, &r[i], below > 0);
	for (i = 0; m && i < was->nhosts && i < now->nhosts; i++)
		rp_bl_host_line(m, was, now, i, below > 0);
	if (s)
		rp_bl_summary(s, r, n, below, what);
	if (m && !fclose(m))
		rp_bl_emit(f, text);
	if (s && !fclose(s))
		rp_bl_emit(f ? f : below ? stderr : NULL, sum);
	free(text);
	free(sum);
	return below;
}

/* Every change between @was and @now, full values, as strings: "rail 1
 * (mlx5_1): firmware A to B", "kernel A to B" (with several hosts, "HOST: "
 * first). */
static cJSON *rp_bl_changes_json(const struct rp_baseline *was,
				 const struct rp_baseline *now)
{
	cJSON *a = cJSON_CreateArray();
	unsigned int h, i, k;
	char *text;
	size_t len;
	FILE *t;

	for (h = 0; a && h < was->nhosts && h < now->nhosts; h++) {
		for (i = 0; i <= now->host[h].n; i++) {
			text = NULL;
			t = open_memstream(&text, &len);
			if (!t)
				break;
			if (now->nhosts > 1)
				fprintf(t, "%s: ", now->host[h].host);
			if (i < now->host[h].n)
				fprintf(t, "rail %u (%s): ", i,
					now->host[h].rail[i].dev);
			k = rp_baseline_changes(t, &was->host[h], &now->host[h],
						i < now->host[h].n ? (int)i :
								     -1,
						h ? NULL : was->version,
						h ? NULL : now->version, true);
			fclose(t);
			if (k)
				cJSON_AddItemToArray(a,
						     cJSON_CreateString(text));
			free(text);
		}
	}
	return a;
}

cJSON *rp_baseline_cmp_json(const char *file, const struct rp_baseline *was,
			    const struct rp_baseline *now,
			    const struct rp_fleet_rec *r, unsigned int n,
			    bool forced)
{
	cJSON *o = cJSON_CreateObject(), *below;
	unsigned int i;

	if (!o)
		return NULL;
	cJSON_AddStringToObject(o, "file", file);
	cJSON_AddNumberToObject(o, "tolerance_percent", n ? r[0].tolerance : 0);
	cJSON_AddBoolToObject(o, "forced", forced);
	cJSON_AddNumberToObject(o, "saved_unix", (double)was->saved);
	cJSON_AddStringToObject(o, "railperf", was->version);
	cJSON_AddItemToObject(o, "changes", rp_bl_changes_json(was, now));
	below = cJSON_AddArrayToObject(o, "below");
	for (i = 0; below && i < n; i++)
		if (r[i].verdict == RP_FV_BELOW_BASELINE)
			cJSON_AddItemToArray(below,
					     cJSON_CreateString(r[i].name));
	return o;
}
