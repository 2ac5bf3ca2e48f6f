/* SPDX-License-Identifier: MIT */
/*
 * rp_clreport.h - rail_cluster_bw's results from a matrix set (rp_matrix.h):
 * the text at rank 0 (a table per matrix, statistics, failed cells,
 * outliers, slow hosts), --csv (a row per cell) and --out_json (cJSON);
 * both files written whole, as FILE.tmp renamed over FILE, so that a
 * reader (or a job killed mid-write) never sees half a file. Call
 * rp_matrix_analyze() first. No MPI here.
 */
#ifndef RP_CLREPORT_H
#define RP_CLREPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <cjson/cJSON.h>

#include "cluster/rp_matrix.h"

/*
 * rp_clreport_gbps - a rate in Gb/s as the matrices print it: at least 2
 * decimals and at least 3 significant digits, at most 6 decimals (a
 * Soft-RoCE cell is about 0.01 Gb/s; a hardware one 100.00), into @buf
 * (@len bytes). Returns @buf.
 */
const char *rp_clreport_gbps(char *buf, size_t len, double g);

/*
 * rp_clreport_tables - every matrix as a text table to @f: a title line
 * " railperf: rail 0 (rxe0): Gb/s, rows send, columns receive", a header
 * of host names, a row per sender; cells with 2 decimals, "-" on the
 * diagonal, "FAIL(reason)", "no path" (the wiring map has none) and
 * "n/a" (not measured).
 */
void rp_clreport_tables(FILE *f, const struct rp_matrix *m);

/*
 * rp_clreport_summary - to @f: min / median / max per matrix and over all of
 * them, a line per failed cell, per outlier (with its limit and what the
 * limit is taken from) and per slow host, and a closing verdict line
 * naming the threshold (@expect: --expect given, else the default
 * listing threshold m->pct, which fails nothing).
 */
void rp_clreport_summary(FILE *f, const struct rp_matrix *m, bool expect);

/*
 * rp_clreport_csv - the CSV text (heap, caller frees) of every off-diagonal
 * cell: a header line, then sender, receiver, sender_rail, receiver_rail,
 * sender_dev, receiver_dev, gbps (2 decimals, empty unless ok), bytes,
 * msgs, status (ok, fail, pending), ceiling_gbps (empty when unknown),
 * outlier (0/1), reason (quoted). NULL on -ENOMEM.
 */
char *rp_clreport_csv(const struct rp_matrix *m);

/*
 * rp_clreport_json - the --out_json document (caller deletes): "partial",
 * "size", "duration_s", "cross", "threshold_pct", "hosts" (name and rail
 * devices of each), "cells" (sender, receiver, sender_rail, receiver_rail,
 * gbps, bytes, msgs, status: ok, fail, pending or nopath, reason,
 * ceiling_gbps, outlier; a one-way flow's also sender_msgs_all,
 * receiver_msgs_all, sender_gbps), "stats" (per matrix and "all": n, min,
 * median, max Gb/s), "slow_hosts", then every item of m->extra. NULL on
 * -ENOMEM.
 */
cJSON *rp_clreport_json(const struct rp_matrix *m);

/*
 * rp_clreport_files - the CSV to @csv and the JSON to @json (each NULL =
 * not asked for), each written atomically (rp_atomic_write; one line
 * naming the file on failure); the JSON is written even when the CSV
 * could not be. Returns 0 or the first -errno.
 */
int rp_clreport_files(const struct rp_matrix *m, const char *csv,
		      const char *json);

#endif /* RP_CLREPORT_H */
