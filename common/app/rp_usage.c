// SPDX-License-Identifier: MIT
/* --help of the perftest-style binaries: the usage lines, then the option
 * table's rows (rp_optable.c) the binary takes. */
#include <stdio.h>
#include <string.h>

#include "base/rp_log.h"
#include "app/rp_optable.h"
#include "app/rp_usage.h"

#define RP_USAGE_COL 28 /* where an option's text starts */

/* An @ field of a help text: a default of @o. */
static unsigned long long rp_usage_field(const struct rp_opts *o, char k)
{
	switch (k) {
	case 's': return o->size;
	case 'n': return o->iters;
	case 'N': return rp_opts_max_iters(o->desc);
	case 't': return o->tx_depth;
	case 'D': return o->duration;
	case 'T': return o->timeout;
	case 'p': return o->tcp_port;
	case 'u': return o->qp_timeout;
	}
	return 0;
}

/* @text with its @ fields filled and each line after the first indented
 * to @col, into @buf (@len bytes). */
static void rp_usage_fill(const struct rp_opts *o, const char *text,
			  unsigned int col, char *buf, size_t len)
{
	size_t n = 0;

	for (; *text && n + col + 24 < len; text++) {
		if (*text == '@' && text[1]) {
			n += (size_t)snprintf(buf + n, len - n, "%llu",
					      rp_usage_field(o, *++text));
		} else if (*text == '\n') {
			n += (size_t)snprintf(buf + n, len - n, "\n%*s",
					      (int)col, "");
		} else {
			buf[n++] = *text;
		}
	}
	buf[n] = '\0';
}

static void rp_usage_row(FILE *f, const struct rp_opts *o,
			 const struct rp_optrow *r, unsigned int bin,
			 unsigned int col)
{
	const struct rp_opthelp *h = rp_optable_help_of(r, bin);
	char head[64], text[1024];
	size_t n;

	if (!h)
		return;
	if (r->short_opt)
		snprintf(head, sizeof(head), "  -%c, --%s", r->short_opt,
			 r->name);
	else
		snprintf(head, sizeof(head), "      --%s", r->name);
	n = strlen(head);
	if (r->has_arg == required_argument)
		snprintf(head + n, sizeof(head) - n, "=<%s>",
			 h->arg ? h->arg : r->arg);
	else if (r->has_arg == optional_argument)
		snprintf(head + n, sizeof(head) - n, "[=<%s>]",
			 h->arg ? h->arg : r->arg);
	n = strlen(head);
	rp_usage_fill(o, h->text, col, text, sizeof(text));
	rp_fprintf(f, "%s%*s%s\n", head, n < col ? (int)(col - n) : 2, "",
		   text);
}

void rp_usage_options(FILE *f, const struct rp_opts *o, unsigned int bin,
		      unsigned int col, const char *const *order)
{
	const struct rp_optrow *rows, *r;
	size_t i, n;

	rows = rp_optable_rows(&n);
	for (i = 0; order && order[i]; i++) {
		r = rp_optable_find(order[i]);
		if (r)
			rp_usage_row(f, o, r, bin, col);
	}
	for (i = 0; !order && i < n; i++) {
		r = &rows[i];
		if (r->section && rp_optable_help_of(r, bin))
			rp_fprintf(f, "\nrailperf options:\n");
		rp_usage_row(f, o, r, bin, col);
	}
}

void rp_opts_usage(const struct rp_opts *o, FILE *f)
{
	const char *name = o->desc->name;
	struct rp_opts def; /* --help shows the defaults, not what is given */

	rp_opts_init(&def, o->desc);

	rp_fprintf(f,
		   "Usage:\n"
		   "  %s [options]          start a server\n"
		   "  %s [options] <host>   start a client, connect to the "
		   "server on <host>\n"
		   "\n"
		   "Options (perftest's meaning and defaults):\n",
		   name, name);
	rp_usage_options(f, &def, rp_optable_bin(o->desc), RP_USAGE_COL, NULL);
}
