/* SPDX-License-Identifier: MIT */
/*
 * rp_matrix.h - what rail_cluster_bw measured: for each rail (with --cross
 * each pair of rails) an N x N matrix of cells, rows the sending host,
 * columns the receiving one; each cell's Gb/s (10^9 b/s) over the middle
 * half of -D, bytes and messages counted, status and reason. Statistics
 * (min / median / max), outliers (below PCT % of the cell's ceiling, or
 * where none is known of its matrix's median) and hosts slow against all
 * others. Printing and files: rp_clreport.h. No MPI here.
 */
#ifndef RP_MATRIX_H
#define RP_MATRIX_H

#include <stdbool.h>
#include <stdint.h>

#define RP_CL_NAME_LEN 64     /* host and device names, NUL included */
#define RP_CELL_REASON_LEN 96 /* a failed cell's reason, NUL included */
#define RP_MATRIX_DEF_PCT 80  /* outliers listed without --expect */

enum rp_cell_status {
	RP_CELL_PENDING = 0, /* not measured (yet) */
	RP_CELL_OK = 1,
	RP_CELL_FAIL = 2,
	RP_CELL_NOPATH = 3, /* the wiring map has no path: not measured */
};

/* One (sender, receiver, sender's rail, receiver's rail). Plain data: it
 * travels between ranks as bytes (every host runs the same build). */
struct rp_cell {
	uint32_t status;  /* enum rp_cell_status */
	uint32_t outlier; /* set by rp_matrix_analyze */
	double gbps;	  /* Gb/s over the counted window */
	double ceiling;	  /* Gb/s: min of both ends' rail ceilings, 0 unknown */
	double limit;	  /* Gb/s below which it is an outlier, 0 none */
	uint64_t bytes;	  /* bytes counted in the window */
	uint64_t msgs;	  /* messages counted in the window */
	/* a one-way flow (--pattern=ring, incast): gbps, bytes and msgs are
	 * the receiver's count; these the whole run's messages at each end
	 * and the sender's own window */
	uint64_t tx_all;		 /* WRs the sender completed */
	uint64_t rx_all;		 /* messages the receiver counted */
	double tx_gbps;			 /* Gb/s over the sender's window */
	uint32_t oneway;		 /* a one-way flow's cell */
	uint32_t qps;			 /* QPs of the flow (-q) */
	char reason[RP_CELL_REASON_LEN]; /* RP_CELL_FAIL, NOPATH: why */
};

/* Minimum, median (mean of the middle two for an even count), maximum of
 * @n measured cells, Gb/s; all 0 when n is 0. */
struct rp_mstats {
	unsigned int n;
	double min, median, max;
};

struct rp_matrix {
	unsigned int hosts;
	unsigned int rails;
	bool cross;	  /* a matrix per (rail i, rail j), else per rail */
	bool partial;	  /* not every round has reported yet */
	unsigned int pct; /* outlier threshold, % (rp_matrix_analyze) */
	uint64_t size;	  /* message size, bytes (for the files) */
	unsigned int duration;	      /* -D per round, s */
	char (*host)[RP_CL_NAME_LEN]; /* [hosts] */
	char (*dev)[RP_CL_NAME_LEN];  /* [hosts * rails]: host h's rail i */
	struct rp_cell *cells;	      /* [nmat * hosts * hosts] */
	double *median;		      /* [nmat], by rp_matrix_analyze */
	bool *slow;		      /* [nmat * hosts], by rp_matrix_analyze */
	/* more of the --out_json document (the wiring map, a pattern's
	 * figures): each item of this object copied in; NULL none; the
	 * caller's */
	const struct cJSON *extra;
};

/*
 * rp_matrix_init - an empty (every cell pending, partial) matrix set of
 * @hosts (>= 1) by @rails (1 .. RP_MAX_RAILS); names empty. @m is
 * caller-owned; free with rp_matrix_fini(). Returns 0, -EINVAL or -ENOMEM.
 */
int rp_matrix_init(struct rp_matrix *m, unsigned int hosts, unsigned int rails,
		   bool cross);

/* rp_matrix_fini - free; safe on a zeroed or failed matrix set. */
void rp_matrix_fini(struct rp_matrix *m);

/* rp_matrix_nopath - true when every cell of matrix @idx off the
 * diagonal is RP_CELL_NOPATH (the wiring map joins those rails nowhere:
 * rp_clreport leaves the matrix out). */
bool rp_matrix_nopath(const struct rp_matrix *m, unsigned int idx);

/* rp_matrix_count - matrices in the set: R, with --cross R * R. */
unsigned int rp_matrix_count(const struct rp_matrix *m);

/* rp_matrix_index - the matrix of sender rail @si, receiver rail @di. */
unsigned int rp_matrix_index(const struct rp_matrix *m, unsigned int si,
			     unsigned int di);

/* rp_matrix_rails - the sender's and receiver's rail of matrix @idx. */
void rp_matrix_rails(const struct rp_matrix *m, unsigned int idx,
		     unsigned int *si, unsigned int *di);

/* rp_matrix_at - the cell of sender @s, receiver @d in matrix @idx. */
struct rp_cell *rp_matrix_at(const struct rp_matrix *m, unsigned int idx,
			     unsigned int s, unsigned int d);

/*
 * rp_matrix_label - "rail 0 (rxe0)", with --cross "rail 0 (rxe0) -> rail 1
 * (rxe1)"; the device name only when every host has the same one there.
 */
void rp_matrix_label(const struct rp_matrix *m, unsigned int idx, char *buf,
		     unsigned int len);

/*
 * rp_matrix_stats - the measured (RP_CELL_OK) cells of matrix @idx, or of
 * every matrix for @idx < 0, into @st.
 */
void rp_matrix_stats(const struct rp_matrix *m, int idx, struct rp_mstats *st);

/*
 * rp_matrix_analyze - with threshold @pct (1 .. 100): each matrix's median,
 * each measured cell's limit (pct % of its ceiling when known, else of its
 * matrix's median) and outlier flag (gbps below the limit), and the slow
 * hosts: with 3 or more hosts, a host all of whose measured cells of a
 * matrix (sent and received, 2 or more) are outliers. Returns the number
 * of outlier cells.
 */
int rp_matrix_analyze(struct rp_matrix *m, unsigned int pct);

/* rp_matrix_failed - cells whose status is RP_CELL_FAIL. */
unsigned int rp_matrix_failed(const struct rp_matrix *m);

#endif /* RP_MATRIX_H */
