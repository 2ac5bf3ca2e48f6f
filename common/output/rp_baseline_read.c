// SPDX-License-Identifier: MIT
/*
 * Reading a --baseline file (rp_baseline_read.h): the file read whole,
 * then every key checked with cJSON before the run uses any of it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/rp_log.h"
#include "output/rp_baseline_read.h"

/* Why a document is refused: into @why, -EINVAL. */
static int rp_bl_bad(char *why, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int rp_bl_bad(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/* String @key of @o into @out (@len bytes, no longer). */
static int rp_bl_str(const cJSON *o, const char *key, char *out, size_t len,
		     const char *where, char *why, size_t wlen)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	if (!cJSON_IsString(v) || strlen(v->valuestring) >= len)
		return rp_bl_bad(why, wlen,
				 "%s\"%s\" must be a string of at most %zu "
				 "characters",
				 where, key, len - 1);
	memcpy(out, v->valuestring, strlen(v->valuestring) + 1);
	return 0;
}

/* Number @key of @o, in [@min, @max], into *@out. */
static int rp_bl_num(const cJSON *o, const char *key, double min, double max,
		     double *out, const char *where, char *why, size_t wlen)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	if (!cJSON_IsNumber(v) || !(v->valuedouble >= min) ||
	    !(v->valuedouble <= max))
		return rp_bl_bad(why, wlen,
				 "%s\"%s\" must be a number %g .. %g", where,
				 key, min, max);
	*out = v->valuedouble;
	return 0;
}

static int rp_bl_parse_rail(const cJSON *o, struct rp_ident_rail *r,
			    const char *where, char *why, size_t wlen)
{
	double port = 0, width = 0;

	memset(r, 0, sizeof(*r));
	if (!cJSON_IsObject(o))
		return rp_bl_bad(why, wlen, "%sa rail must be an object",
				 where);
	if (rp_bl_str(o, "device", r->dev, sizeof(r->dev), where, why, wlen) ||
	    rp_bl_num(o, "port", 1, 255, &port, where, why, wlen) ||
	    rp_bl_str(o, "pci", r->pci, sizeof(r->pci), where, why, wlen) ||
	    rp_bl_str(o, "link_speed", r->speed, sizeof(r->speed), where, why,
		      wlen) ||
	    rp_bl_num(o, "link_width", 0, 64, &width, where, why, wlen) ||
	    rp_bl_str(o, "firmware", r->fw, sizeof(r->fw), where, why, wlen))
		return -EINVAL;
	r->port = (unsigned int)port;
	r->width = (unsigned int)width;
	return 0;
}

static int rp_bl_parse_host(const cJSON *o, struct rp_ident_host *h,
			    unsigned int k, char *why, size_t wlen)
{
	const cJSON *rails, *r;
	char where[48];

	memset(h, 0, sizeof(*h));
	snprintf(where, sizeof(where), "hosts[%u]: ", k);
	if (!cJSON_IsObject(o))
		return rp_bl_bad(why, wlen, "%smust be an object", where);
	if (rp_bl_str(o, "host", h->host, sizeof(h->host), where, why, wlen) ||
	    rp_bl_str(o, "kernel", h->kernel, sizeof(h->kernel), where, why,
		      wlen))
		return -EINVAL;
	rails = cJSON_GetObjectItemCaseSensitive(o, "rails");
	if (!cJSON_IsArray(rails) || !cJSON_GetArraySize(rails) ||
	    cJSON_GetArraySize(rails) > RP_MAX_RAILS)
		return rp_bl_bad(why, wlen,
				 "%s\"rails\" must be an array of 1 .. %d "
				 "rails",
				 where, RP_MAX_RAILS);
	cJSON_ArrayForEach(r, rails)
	{
		snprintf(where, sizeof(where), "hosts[%u].rails[%u]: ", k,
			 h->n);
		if (rp_bl_parse_rail(r, &h->rail[h->n++], where, why, wlen))
			return -EINVAL;
	}
	return 0;
}

static int rp_bl_parse_hosts(const cJSON *doc, struct rp_baseline *b, char *why,
			     size_t wlen)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(doc, "hosts"), *o;
	struct rp_ident_host h;

	if (!cJSON_IsArray(a) || !cJSON_GetArraySize(a))
		return rp_bl_bad(why, wlen,
				 "\"hosts\" must be an array of one host or "
				 "more");
	cJSON_ArrayForEach(o, a)
	{
		if (rp_bl_parse_host(o, &h, b->nhosts, why, wlen))
			return -EINVAL;
		if (rp_baseline_add_host(b, &h))
			return rp_bl_bad(why, wlen, "%s", strerror(ENOMEM));
	}
	return 0;
}

static int rp_bl_parse_flags(const cJSON *doc, struct rp_baseline *b, char *why,
			     size_t wlen)
{
	const cJSON *o = cJSON_GetObjectItemCaseSensitive(doc, "flags"), *f;
	unsigned int i;

	if (!cJSON_IsObject(o))
		return rp_bl_bad(why, wlen, "\"flags\" must be an object");
	cJSON_ArrayForEach(f, o)
	{
		for (i = 0; i < b->nflags; i++)
			if (!strcmp(b->flag[i].name, f->string))
				return rp_bl_bad(why, wlen,
						 "flags: \"%s\" appears twice",
						 f->string);
		if (!cJSON_IsString(f) ||
		    strlen(f->string) >= sizeof(b->flag[0].name) ||
		    strlen(f->valuestring) >= sizeof(b->flag[0].value) ||
		    rp_baseline_flag(b, f->string, f->valuestring))
			return rp_bl_bad(why, wlen,
					 "flags: \"%s\" must be a short string "
					 "(at most %d flags)",
					 f->string, RP_BL_FLAGS);
	}
	return 0;
}

static int rp_bl_parse_results(const cJSON *doc, struct rp_baseline *b,
			       char *why, size_t wlen)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(doc, "results"), *o;
	char where[40], name[320];
	double gbps = 0;

	if (!cJSON_IsArray(a) || !cJSON_GetArraySize(a))
		return rp_bl_bad(why, wlen,
				 "\"results\" must be an array of one result "
				 "or more");
	cJSON_ArrayForEach(o, a)
	{
		snprintf(where, sizeof(where), "results[%u]: ", b->nres);
		if (rp_bl_str(o, "name", name, sizeof(name), where, why,
			      wlen) ||
		    rp_bl_num(o, "gbps", 0, 1e6, &gbps, where, why, wlen))
			return -EINVAL;
		if (rp_baseline_add_result(b, name, gbps))
			return rp_bl_bad(why, wlen, "%s", strerror(ENOMEM));
	}
	return 0;
}

int rp_baseline_parse(const char *text, struct rp_baseline *b, char *why,
		      size_t len)
{
	cJSON *doc = cJSON_Parse(text);
	double v, saved = 0;
	int ret;

	memset(b, 0, sizeof(*b));
	if (!doc)
		return rp_bl_bad(why, len, "not JSON (near byte %zu)",
				 (size_t)(cJSON_GetErrorPtr() - text));
	if (!cJSON_IsObject(doc) ||
	    rp_bl_num(doc, "railperf_baseline", RP_BL_FORMAT, RP_BL_FORMAT, &v,
		      "", why, len))
		ret = rp_bl_bad(
			why, len,
			"not a railperf baseline (\"railperf_baseline\": "
			"%d)",
			RP_BL_FORMAT);
	else
		ret = rp_bl_str(doc, "test", b->test, sizeof(b->test), "", why,
				len) ||
				      rp_bl_str(doc, "railperf", b->version,
						sizeof(b->version), "", why,
						len) ||
				      rp_bl_num(doc, "saved_unix", 0, 1e12,
						&saved, "", why, len) ||
				      rp_bl_parse_hosts(doc, b, why, len) ||
				      rp_bl_parse_flags(doc, b, why, len) ||
				      rp_bl_parse_results(doc, b, why, len) ?
			      -EINVAL :
			      0;
	cJSON_Delete(doc);
	if (!ret)
		b->saved = (long long)saved;
	else
		rp_baseline_fini(b);
	return ret;
}

/* The whole of regular file @path (at most RP_BL_MAX_FILE bytes), NUL
 * ended, into *@text (heap). 0 or -errno (-EFBIG: too large, -EINVAL:
 * not a regular file). */
static int rp_bl_read(const char *path, char **text)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK), ret = 0;
	struct stat st;
	size_t got = 0;
	ssize_t n;

	*text = NULL;
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st))
		ret = -errno;
	else if (!S_ISREG(st.st_mode))
		ret = -EINVAL;
	else if ((unsigned long long)st.st_size > RP_BL_MAX_FILE)
		ret = -EFBIG;
	else if (!(*text = malloc((size_t)st.st_size + 1)))
		ret = -ENOMEM;
	while (!ret && got < (size_t)st.st_size) {
		n = read(fd, *text + got, (size_t)st.st_size - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			ret = n < 0 ? -errno : -EIO;
		else
			got += (size_t)n;
	}
	close(fd);
	if (!ret)
		(*text)[got] = '\0';
	return ret;
}

int rp_baseline_load(const char *path, struct rp_baseline *b)
{
	char *text, why[256];
	int ret = rp_bl_read(path, &text);

	memset(b, 0, sizeof(*b));
	if (ret) {
		rp_err("cannot read --baseline '%s': %s", path,
		       ret == -EINVAL ? "not a regular file" :
		       ret == -EFBIG  ? "larger than 16 MiB" :
					strerror(-ret));
	} else if ((ret = rp_baseline_parse(text, b, why, sizeof(why)))) {
		rp_err("invalid --baseline file '%s': %s", path, why);
	}
	free(text);
	return ret;
}
