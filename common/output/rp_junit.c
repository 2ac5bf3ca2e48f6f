// SPDX-License-Identifier: MIT
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_atomic.h"
#include "base/rp_log.h"
#include "output/rp_junit.h"

void rp_junit_escape(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	for (; *p; p++) {
		switch (*p) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&apos;", f); break;
		case '\t':
		case '\n': fputc(*p, f); break;
		default: fputc(*p < 0x20 || *p == 0x7f ? '?' : *p, f);
		}
	}
}

/* One testcase: its failure (a failing verdict) and its numbers. */
static void rp_junit_case(FILE *f, const struct rp_junit_suite *s,
			  const struct rp_fleet_rec *r)
{
	fputs("    <testcase classname=\"", f);
	rp_junit_escape(f, s->name);
	fputc('.', f);
	rp_junit_escape(f, s->host);
	fputs("\" name=\"", f);
	rp_junit_escape(f, r->name);
	fprintf(f, "\" time=\"%.3f\">\n", r->seconds > 0 ? r->seconds : 0);
	if (rp_fleet_verdict_fails(r->verdict)) {
		fprintf(f, "      <failure type=\"%s\" message=\"",
			rp_fleet_verdict_name(r->verdict));
		rp_junit_escape(f, r->name);
		fputs(": ", f);
		rp_junit_escape(f, r->message);
		fprintf(f, "\">%s: ", rp_fleet_verdict_name(r->verdict));
		rp_junit_escape(f, r->message);
		fputs("</failure>\n", f);
	}
	fprintf(f, "      <system-out>%s, %s: ", r->direction,
		rp_fleet_verdict_name(r->verdict));
	rp_junit_escape(f, r->message);
	fputs("</system-out>\n    </testcase>\n", f);
}

/* The <testsuites> and <testsuite> start tags. */
static void rp_junit_head(FILE *f, const struct rp_junit_suite *s,
			  unsigned int n, unsigned int failed)
{
	char when[32] = "";
	struct tm tm;

	if (gmtime_r(&s->start, &tm))
		strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%S", &tm);
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
	fprintf(f,
		"<testsuites name=\"railperf\" tests=\"%u\" failures=\"%u\" "
		"errors=\"0\" time=\"%.3f\">\n",
		n, failed, s->seconds);
	fputs("  <testsuite name=\"", f);
	rp_junit_escape(f, s->name);
	fprintf(f,
		"\" tests=\"%u\" failures=\"%u\" errors=\"0\" skipped=\"0\" "
		"time=\"%.3f\" timestamp=\"%s\" hostname=\"",
		n, failed, s->seconds, when);
	rp_junit_escape(f, s->host);
	fputs("\">\n", f);
}

char *rp_junit_text(const struct rp_junit_suite *s,
		    const struct rp_fleet_rec *r, unsigned int n)
{
	unsigned int i, failed = 0;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return NULL;
	for (i = 0; i < n; i++)
		failed += rp_fleet_verdict_fails(r[i].verdict);
	rp_junit_head(f, s, n, failed);
	for (i = 0; i < n; i++)
		rp_junit_case(f, s, &r[i]);
	fputs("  </testsuite>\n</testsuites>\n", f);
	if (fclose(f)) {
		free(text);
		return NULL;
	}
	return text;
}

int rp_junit_write(const char *path, const struct rp_junit_suite *s,
		   const struct rp_fleet_rec *r, unsigned int n)
{
	char *text = rp_junit_text(s, r, n);
	int ret;

	if (!text) {
		rp_err("cannot write '%s': %s", path, strerror(ENOMEM));
		return -ENOMEM;
	}
	ret = rp_atomic_write(path, text, strlen(text));
	free(text);
	return ret;
}
