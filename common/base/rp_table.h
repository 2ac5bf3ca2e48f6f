/* SPDX-License-Identifier: MIT */
/*
 * rp_table.h - text tables with aligned columns (ibv_devinfo / show_gids
 * style): rows of strings, every column as wide as its widest cell, two
 * spaces between columns, no trailing blanks.
 */
#ifndef RP_TABLE_H
#define RP_TABLE_H

#include <stdio.h>

struct rp_table {
	unsigned int ncols;
	unsigned int nrows;
	char **cells; /* nrows * ncols copies, heap */
};

/* rp_table_init - an empty table of @ncols (1..32). Returns 0 or -EINVAL. */
int rp_table_init(struct rp_table *t, unsigned int ncols);

/*
 * rp_table_add - append one row of @ncols cells (NULL cells print as
 * nothing). Returns 0 or -ENOMEM.
 */
int rp_table_add(struct rp_table *t, const char *const *cells);

/* rp_table_print - every row to @f, each after @indent. */
void rp_table_print(const struct rp_table *t, FILE *f, const char *indent);

/* rp_table_fini - free the cells; safe on a zeroed or failed table. */
void rp_table_fini(struct rp_table *t);

#endif /* RP_TABLE_H */
