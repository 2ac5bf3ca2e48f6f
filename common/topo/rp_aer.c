// SPDX-License-Identifier: MIT
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_sysfs.h"
#include "topo/rp_aer.h"

static const char *const rp_aer_files[RP_AER_KINDS] = {
	[RP_AER_FATAL] = "aer_dev_fatal",
	[RP_AER_NONFATAL] = "aer_dev_nonfatal",
	[RP_AER_CORRECTABLE] = "aer_dev_correctable",
};

const char *rp_aer_file(enum rp_aer_kind kind)
{
	return kind < RP_AER_KINDS ? rp_aer_files[kind] : "?";
}

/* One "Name count" line into @name and @n; false for any other line. */
static bool rp_aer_line(const char *line, char *name, size_t len, uint64_t *n)
{
	char word[64], end;
	uint64_t v;

	if (sscanf(line, "%63s %" SCNu64 " %c", word, &v, &end) != 2)
		return false;
	snprintf(name, len, "%s", word);
	*n = v;
	return true;
}

int rp_aer_parse(const char *text, enum rp_aer_kind kind, struct rp_aer_dev *d)
{
	char line[128], name[64];
	uint64_t n, sum = 0, total = 0;
	bool any = false, has_total = false;
	const char *p = text, *nl;

	d->nnamed[kind] = 0;
	while (p && *p) {
		nl = strchr(p, '\n');
		snprintf(line, sizeof(line), "%.*s",
			 (int)(nl ? (size_t)(nl - p) : strlen(p)), p);
		p = nl ? nl + 1 : NULL;
		if (!rp_aer_line(line, name, sizeof(name), &n))
			continue;
		any = true;
		if (!strncmp(name, "TOTAL_", 6)) {
			has_total = true;
			total = n;
			continue;
		}
		sum += n;
		if (n && d->nnamed[kind] < RP_AER_NAMES) {
			struct rp_aer_count *c =
				&d->named[kind][d->nnamed[kind]++];

			snprintf(c->name, sizeof(c->name), "%.23s", name);
			c->n = n;
		}
	}
	d->total[kind] = has_total ? total : sum;
	d->known[kind] = any;
	return any ? 0 : -EINVAL;
}

/* Directory @dir's aer_dev_* files into @d; true when one was read. */
static bool rp_aer_dev_read(const char *dir, struct rp_aer_dev *d)
{
	char path[PATH_MAX + 32], text[2048];
	bool any = false;
	size_t n;
	FILE *f;
	int k;

	for (k = 0; k < RP_AER_KINDS; k++) {
		snprintf(path, sizeof(path), "%s/%s", dir, rp_aer_files[k]);
		f = rp_sysfs_open(path);
		if (!f)
			continue;
		n = fread(text, 1, sizeof(text) - 1, f);
		fclose(f);
		text[n] = '\0';
		any |= !rp_aer_parse(text, (enum rp_aer_kind)k, d);
	}
	return any;
}

/* True for a directory name that is a PCI address, "0000:01:00.0". */
static bool rp_aer_is_bdf(const char *name)
{
	unsigned int dom, bus, slot, fn;
	char end;

	return sscanf(name, "%x:%x:%x.%x%c", &dom, &bus, &slot, &fn, &end) == 4;
}

int rp_aer_read(const char *sysroot, const char *ibdev, struct rp_aer *a)
{
	char dev[512], path[PATH_MAX], *slash;
	struct rp_aer_dev *d;

	memset(a, 0, sizeof(*a));
	snprintf(dev, sizeof(dev), "%s/class/infiniband/%s/device", sysroot,
		 ibdev);
	if (!realpath(dev, path))
		return -ENOENT;
	while (a->n < RP_AER_DEVS && (slash = strrchr(path, '/')) &&
	       rp_aer_is_bdf(slash + 1)) {
		d = &a->dev[a->n++];
		snprintf(d->addr, sizeof(d->addr), "%.15s", slash + 1);
		a->known |= rp_aer_dev_read(path, d);
		*slash = '\0';
	}
	if (a->n > 1)
		a->dev[a->n - 1].root = true;
	return a->n ? 0 : -ENOENT;
}

uint64_t rp_aer_errors(const struct rp_aer *a)
{
	uint64_t n = 0;
	unsigned int i, k;

	for (i = 0; i < a->n; i++)
		for (k = 0; k < RP_AER_KINDS; k++)
			n += a->dev[i].total[k];
	return n;
}
