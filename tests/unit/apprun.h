/* SPDX-License-Identifier: MIT */
/*
 * apprun.h - the harness of the app tests (test_bwapp.c, test_latapp.c):
 * a binary's server and client made from its real option table and
 * descriptor, each with its plan (its text and railperf's extra stream
 * each into a memory stream, its --out_json file in a temporary folder),
 * run at once on two threads over loopback TCP and the fake device, rail
 * and engine (fake.h); then each side's text, railperf's lines, perftest
 * rows, exit value and JSON document. Include
 * <cmocka.h> (with its prerequisites) and define _GNU_SOURCE first.
 */
#ifndef RP_TEST_APPRUN_H
#define RP_TEST_APPRUN_H

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "capture.h"
#include "fake.h"
#include "memout.h"
#include "opts_run.h"
#include "app/rp_plan.h"

/* One side: its options, plan, text and outcome. */
struct side {
	struct run r;
	struct rp_plan p;
	char *text; /* what it printed (perftest's block) */
	size_t len;
	FILE *f;
	char *extra; /* railperf's own lines (the plan's extra stream) */
	size_t elen;
	FILE *ef;
	char json[128]; /* its --out_json file */
	int ret;	/* the app's return */
};

struct pair {
	struct side srv, cli;
	int (*app)(struct rp_plan *p);
	char dir[64];	 /* the JSON files' folder */
	char err[16384]; /* both sides' stderr */
	char out[16384]; /* what they printed to stdout itself (nothing: the
			  * text and extra streams are memory) */
};

/* A TCP port below the ephemeral range (no outgoing connection takes
 * one there) that binds now. */
static inline unsigned int app_port(void)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	unsigned int port;
	int fd, i;

	for (i = 0; i < 100; i++) {
		port = 20000 + (unsigned int)(rand() % 12000);
		sa.sin_port = htons((uint16_t)port);
		fd = socket(AF_INET, SOCK_STREAM, 0);
		assert_true(fd >= 0);
		if (!bind(fd, (struct sockaddr *)&sa, sizeof(sa))) {
			close(fd);
			return port;
		}
		close(fd);
	}
	fail_msg("no free TCP port");
	return 0;
}

/* Side @s of binary @t: @args (NULL-terminated) plus -p, --timeout 5,
 * --out_json_file and, on the client, the host. */
static inline void side_make(struct pair *pr, struct side *s, enum rp_test t,
			     bool client, unsigned int port,
			     const char *const *args)
{
	const char *argv[MAX_ARGS];
	static char portbuf[2][16];
	char *ps = portbuf[client];
	int n = 0;

	memset(s, 0, sizeof(*s));
	snprintf(ps, 16, "%u", port);
	snprintf(s->json, sizeof(s->json), "%s/%s.json", pr->dir,
		 client ? "client" : "server");
	while (*args && n < MAX_ARGS - 8)
		argv[n++] = *args++;
	argv[n++] = "-p";
	argv[n++] = ps;
	argv[n++] = "--timeout";
	argv[n++] = "5";
	argv[n++] = "--out_json_file";
	argv[n++] = s->json;
	if (client)
		argv[n++] = "127.0.0.1";
	argv[n] = NULL;
	optind = 0; /* getopt's state from the other side's parse */
	assert_int_equal(run_list(&s->r, rp_test_desc_of(t), 1, argv), 0);
	s->f = open_memstream(&s->text, &s->len);
	assert_non_null(s->f);
	rp_plan_make(&s->p, &s->r.o, s->f);
	s->ef = open_memstream(&s->extra, &s->elen);
	assert_non_null(s->ef);
	if (s->p.extra) /* stderr with the full output, NULL under --output */
		s->p.extra = s->ef;
}

/* Remove the JSON files and their folder, free the texts. */
static inline void app_done(struct pair *pr)
{
	unlink(pr->srv.json);
	unlink(pr->cli.json);
	rmdir(pr->dir);
	free(pr->srv.text);
	free(pr->cli.text);
	free(pr->srv.extra);
	free(pr->cli.extra);
}

static void *app_server(void *arg)
{
	struct pair *pr = arg;

	pr->srv.ret = pr->app(&pr->srv.p);
	return NULL;
}

/*
 * app_pair2 - binary @t's server with @sargs and client with @cargs, run
 * at once by @app; stderr of both into pr->err. A server that found its
 * port taken (by another process in between) is run again on another.
 */
static inline void app_pair2(struct pair *pr, enum rp_test t,
			     int (*app)(struct rp_plan *p),
			     const char *const *sargs, const char *const *cargs)
{
	struct capture cap, cout;
	pthread_t th;
	int tries;

	for (tries = 0; tries < 3; tries++) {
		unsigned int port = app_port();

		if (tries)
			app_done(pr); /* the try whose port was taken */
		memset(pr, 0, sizeof(*pr));
		snprintf(pr->dir, sizeof(pr->dir), "/tmp/rp_apptest.XXXXXX");
		assert_non_null(mkdtemp(pr->dir));
		pr->app = app;
		side_make(pr, &pr->srv, t, false, port, sargs);
		side_make(pr, &pr->cli, t, true, port, cargs);
		capture_fd_begin(&cout, STDOUT_FILENO);
		capture_begin(&cap);
		if (!pthread_create(&th, NULL, app_server, pr)) {
			pr->cli.ret = app(&pr->cli.p);
			pthread_join(th, NULL);
		}
		fclose(pr->srv.f);
		fclose(pr->cli.f);
		fclose(pr->srv.ef);
		fclose(pr->cli.ef);
		rp_plan_fini(&pr->srv.p);
		rp_plan_fini(&pr->cli.p);
		capture_end(&cap, pr->err, sizeof(pr->err));
		capture_end(&cout, pr->out, sizeof(pr->out));
		if (!strstr(pr->err, "already in use"))
			return;
	}
}

/* app_pair - app_pair2 with the same @args on both sides. */
static inline void app_pair(struct pair *pr, enum rp_test t,
			    int (*app)(struct rp_plan *p),
			    const char *const *args)
{
	app_pair2(pr, t, app, args, args);
}

/* The @k-th perftest row of @text (a line after a " #bytes" title that
 * starts with a number), its fields in @v (up to @max); their count, 0
 * when there is no such row. */
static inline int app_row(const char *text, int k, double *v, int max)
{
	const char *p = strstr(text, " #bytes"), *q;
	char line[512];
	int n = 0, used, off;

	while (p && (p = strchr(p, '\n'))) {
		q = strchr(++p, '\n');
		snprintf(line, sizeof(line), "%.*s",
			 (int)(q ? (size_t)(q - p) : strlen(p)), p);
		if (sscanf(line, " %lf%n", &v[0], &used) != 1)
			continue;
		if (k--)
			continue;
		for (n = 1, off = used;
		     n < max && sscanf(line + off, " %lf%n", &v[n], &used) == 1;
		     n++, off += used)
			;
		return n;
	}
	return 0;
}

/*
 * app_rule - side @s of a healthy run kept the output rule
 * (docs/measuring.md, Output): its text (stdout) holds perftest's lines
 * only, no " railperf:" line; railperf's lines went to its extra stream,
 * at least one (@some) or none, each free of '-', "error"/"fail" and the
 * message size @size (assert_rule_lines).
 */
static inline void app_rule(const struct side *s, bool some, const char *size)
{
	if (strstr(s->text, " railperf:"))
		fail_msg("a railperf line on stdout:\n%s", s->text);
	if (!some) {
		assert_string_equal(s->extra, "");
		return;
	}
	assert_rule_lines(s->extra, size);
}

/* The number of lines of @text equal to @line (whole lines). */
static inline int app_lines(const char *text, const char *line)
{
	size_t len = strlen(line);
	const char *p = text;
	int n = 0;

	while (p && *p) {
		if (!strncmp(p, line, len) && (p[len] == '\n' || !p[len]))
			n++;
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	return n;
}

/* perftest's separator line, without its newline (RP_RESULT_LINE) */
#define APP_SEP \
	"---------------------------------------------------------------------------------------"

/* The warning of a side whose -I is turned off on the fake's device */
#define APP_INLINE_OFF \
	"inline data turned off: fake0 is not a device perftest knows"

/* The times @needle occurs in @hay. */
static inline int app_count(const char *hay, const char *needle)
{
	int n = 0;

	while ((hay = strstr(hay, needle))) {
		n++;
		hay += strlen(needle);
	}
	return n;
}

/* The times @needle occurs in railperf's lines of both sides (their
 * extra streams: stderr, after the table). */
static inline int app_count2(const struct pair *pr, const char *needle)
{
	return app_count(pr->cli.extra, needle) +
	       app_count(pr->srv.extra, needle);
}

/* @needle in railperf's lines of either side; NULL when in neither. */
static inline const char *strstr2(const struct pair *pr, const char *needle)
{
	const char *p = strstr(pr->cli.extra, needle);

	return p ? p : strstr(pr->srv.extra, needle);
}

/* The number of lines of @text equal to @line (whole lines, without
 * its newline) before the first that holds @stop; -1 without one. */
static inline int app_lines_before(const char *text, const char *line,
				   const char *stop)
{
	const char *end = strstr(text, stop);
	char *head;
	int n;

	if (!end)
		return -1;
	head = strndup(text, (size_t)(end - text));
	assert_non_null(head);
	n = app_lines(head, line);
	free(head);
	return n;
}

/* The JSON document in @path, NULL when there is none. */
static inline cJSON *app_json(const char *path)
{
	FILE *f = fopen(path, "r");
	char buf[65536];
	size_t n;

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	return cJSON_Parse(buf);
}

/* A number at @path ("results.BW_average") in @j; NAN when missing. */
static inline double app_num(const cJSON *j, const char *a, const char *b)
{
	const cJSON *o = cJSON_GetObjectItemCaseSensitive(j, a);

	if (b)
		o = cJSON_GetObjectItemCaseSensitive(o, b);
	return cJSON_IsNumber(o) ? o->valuedouble : -1.0;
}

#endif /* RP_TEST_APPRUN_H */
