// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/rp_log.h"
#include "base/rp_table.h"

int rp_table_init(struct rp_table *t, unsigned int ncols)
{
	memset(t, 0, sizeof(*t));
	if (!ncols || ncols > 32)
		return -EINVAL;
	t->ncols = ncols;
	return 0;
}

int rp_table_add(struct rp_table *t, const char *const *cells)
{
	char **c = realloc(t->cells,
			   (size_t)(t->nrows + 1) * t->ncols * sizeof(*c));
	unsigned int i;

	if (!c)
		return -ENOMEM;
	t->cells = c;
	c += (size_t)t->nrows * t->ncols;
	for (i = 0; i < t->ncols; i++)
		c[i] = NULL;
	t->nrows++;
	for (i = 0; i < t->ncols; i++) {
		c[i] = strdup(cells[i] ? cells[i] : "");
		if (!c[i])
			return -ENOMEM;
	}
	return 0;
}

/* The last column of row @r that is not empty, or -1. */
static int rp_table_last(const struct rp_table *t, unsigned int r)
{
	int i;

	for (i = (int)t->ncols - 1; i >= 0; i--) {
		const char *c;

		c = t->cells[(size_t)r * t->ncols + (unsigned int)i];
		if (c && *c)
			return i;
	}
	return -1;
}

void rp_table_print(const struct rp_table *t, FILE *f, const char *indent)
{
	size_t w[32] = { 0 };
	unsigned int r, i;

	for (r = 0; r < t->nrows; r++)
		for (i = 0; i < t->ncols; i++) {
			const char *c = t->cells[(size_t)r * t->ncols + i];
			size_t n = c ? strlen(c) : 0;

			if (n > w[i])
				w[i] = n;
		}
	for (r = 0; r < t->nrows; r++) {
		int last = rp_table_last(t, r);

		rp_fprintf(f, "%s", indent);
		for (i = 0; (int)i <= last; i++) {
			const char *c = t->cells[(size_t)r * t->ncols + i];

			if ((int)i == last)
				rp_fprintf(f, "%s", c ? c : "");
			else
				rp_fprintf(f, "%-*s  ", (int)w[i], c ? c : "");
		}
		rp_fprintf(f, "\n");
	}
}

void rp_table_fini(struct rp_table *t)
{
	size_t i;

	for (i = 0; t->cells && i < (size_t)t->nrows * t->ncols; i++)
		free(t->cells[i]);
	free(t->cells);
	t->cells = NULL;
	t->nrows = 0;
}
