// SPDX-License-Identifier: MIT
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_parse.h"

static int rp_parse_digits(const char *s, const char **end, uint64_t *out)
{
	unsigned long long v;
	char *e;

	if (!s || !isdigit((unsigned char)*s))
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &e, 10);
	if (errno == ERANGE)
		return -ERANGE;
	*end = e;
	*out = v;
	return 0;
}

static int rp_suffix_shift(const char *end, unsigned int *shift)
{
	if (!end[0]) {
		*shift = 0;
		return 0;
	}
	if (end[1])
		return -EINVAL;
	switch (end[0]) {
	case 'K':
	case 'k': *shift = 10; return 0;
	case 'M':
	case 'm': *shift = 20; return 0;
	case 'G':
	case 'g': *shift = 30; return 0;
	}
	return -EINVAL;
}

/* Digits, then a K/M/G suffix when @suffix allows it, then the range. */
static int rp_parse_scaled(const char *s, bool suffix, uint64_t min,
			   uint64_t max, uint64_t *out)
{
	unsigned int shift = 0;
	const char *end;
	uint64_t v;
	int ret;

	ret = rp_parse_digits(s, &end, &v);
	if (ret)
		return ret;
	ret = suffix ? rp_suffix_shift(end, &shift) : *end ? -EINVAL : 0;
	if (ret)
		return ret;
	if (v > (UINT64_MAX >> shift))
		return -ERANGE;
	v <<= shift;
	if (v < min || v > max)
		return -ERANGE;
	*out = v;
	return 0;
}

int rp_parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
	return rp_parse_scaled(s, false, min, max, out);
}

int rp_parse_size(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
	return rp_parse_scaled(s, true, min, max, out);
}

int rp_parse_list_item(const char *list, unsigned int i, char *buf, size_t len)
{
	const char *p = list, *end;

	while (i--) {
		p = strchr(p, ',');
		if (!p)
			return -ENOENT;
		p++;
	}
	end = strchr(p, ',');
	if (!end)
		end = p + strlen(p);
	if ((size_t)(end - p) >= len)
		return -E2BIG;
	memcpy(buf, p, (size_t)(end - p));
	buf[end - p] = '\0';
	return 0;
}
