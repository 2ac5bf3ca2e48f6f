/* SPDX-License-Identifier: MIT */
/*
 * rp_optrows.h - the rows of railperf's one option table (rp_optable.h):
 * every option of every binary, one row each, in --help order (the fleet
 * checks' rows: rp_optrows_fleet.h; --lat_probe's: rp_optrows_probe.h),
 * and the types a row is made of; the checks of a value that the rows' setters
 * and the table's dispatch share.
 */
#ifndef RP_OPTROWS_H
#define RP_OPTROWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct rp_opts;

/* The binaries, one bit each (struct rp_test_desc's .bin). */
enum rp_bin {
	RP_BIN_WRITE_BW = 1 << 0,
	RP_BIN_READ_LAT = 1 << 1,
	RP_BIN_MULTI_BW = 1 << 2,
	RP_BIN_WRITE_LAT = 1 << 3,
	RP_BIN_CLUSTER_BW = 1 << 4,
	RP_BIN_INFO = 1 << 5,
	RP_BIN_READ_BW = 1 << 6,
	RP_BIN_SEND_BW = 1 << 7,
	RP_BIN_SEND_LAT = 1 << 8,
	RP_BIN_ATOMIC_BW = 1 << 9,
	RP_BIN_ATOMIC_LAT = 1 << 10,
};

/* The perftest-style binaries: one getopt table, one --help layout. */
#define RP_BIN_PERFTEST \
	(RP_BIN_WRITE_BW | RP_BIN_READ_LAT | RP_BIN_MULTI_BW | \
	 RP_BIN_WRITE_LAT | RP_BIN_READ_BW | RP_BIN_SEND_BW | \
	 RP_BIN_SEND_LAT | RP_BIN_ATOMIC_BW | RP_BIN_ATOMIC_LAT)
#define RP_BIN_BW \
	(RP_BIN_WRITE_BW | RP_BIN_MULTI_BW | RP_BIN_READ_BW | RP_BIN_SEND_BW | \
	 RP_BIN_ATOMIC_BW)
#define RP_BIN_LAT \
	(RP_BIN_READ_LAT | RP_BIN_WRITE_LAT | RP_BIN_SEND_LAT | \
	 RP_BIN_ATOMIC_LAT)

/* Where a value goes. */
enum rp_optkind {
	RP_OK_NONE,  /* accepted, nothing to set (-F) */
	RP_OK_TRUE,  /* bool at .off = true */
	RP_OK_FALSE, /* bool at .off = false */
	RP_OK_UINT,  /* unsigned int at .off, .min .. .max */
	RP_OK_INT,   /* int at .off, .min .. .max */
	RP_OK_STR,   /* const char * at .off, not empty (.valid says why) */
	RP_OK_SET,   /* .set does it */
	RP_OK_OWN,   /* the binary's own handler (rail_cluster_bw, rail_info) */
	RP_OK_REFUSE, /* perftest's flag railperf does not implement */
};

/* perftest's view of the option (a row without .pt: supported). */
enum rp_ptstat {
	RP_PT_SUPPORTED, /* perftest's flag, perftest's meaning */
	RP_PT_OWN,	 /* railperf's own option, not perftest's */
	RP_PT_IGNORED,	 /* perftest's flag, accepted and ignored */
	RP_PT_REFUSED,	 /* perftest's flag, refused by name (.why) */
};

/* One --help text of an option, for the binaries in .bins. */
struct rp_opthelp {
	unsigned int bins; /* enum rp_bin bits; 0 ends the list */
	const char *arg;   /* the value's name ("bytes"), NULL: the row's */
	const char *text;  /* lines, '\n' between; @s @n @N @t @D @T @p @u
			    * are rp_opts defaults (rp_usage_options) */
};

#define RP_OPT_HELPS 6

struct rp_optrow {
	const char *name;  /* long name, without "--" */
	const char *alias; /* a second long spelling, or NULL */
	char short_opt;	   /* 0 = long only */
	char has_arg;	   /* no_argument or required_argument */
	char kind;	   /* enum rp_optkind */
	char pt;	   /* enum rp_ptstat */
	unsigned int bins; /* enum rp_bin bits: the binaries that take it */
	bool one_rail;	   /* refusal says "one-rail runs only" */
	bool section;	   /* --help: "railperf options:" starts here */
	size_t off;	   /* offsetof(struct rp_opts, ...) */
	uint64_t min, max; /* RP_OK_UINT / RP_OK_INT range */
	const char *valid; /* the error's "valid ..." text, NULL: the range */
	int (*set)(struct rp_opts *o, const struct rp_optrow *r,
		   const char *arg); /* RP_OK_SET: 0 or -EINVAL */
	const char *why;	     /* RP_PT_REFUSED: shown in parentheses */
	const char *arg;	     /* --help's value name ("bytes") */
	struct rp_opthelp help[RP_OPT_HELPS]; /* first match shows */
};

/*
 * rp_optrows_head - the rows before the fleet checks' (rp_optrows_fleet.h),
 * *@n of them, in --help order; rp_optrows_tail - the rows after them up
 * to --lat_probe's (rp_optrows_probe.h); rp_optrows_end - the rows after
 * those. The table (rp_optable_rows) is head, fleet, tail, probe, end,
 * perftest's refused flags (rp_optrows_pt.h). Static storage.
 */
const struct rp_optrow *rp_optrows_head(size_t *n);
const struct rp_optrow *rp_optrows_tail(size_t *n);
const struct rp_optrow *rp_optrows_end(size_t *n);

/*
 * rp_optrows_bad_value - the one line "invalid NAME value 'ARG': VALID" for
 * option @name as given ("-s", "--timeout"); returns -EINVAL. Also for
 * the binaries' own options (RP_OK_OWN).
 */
int rp_optrows_bad_value(const char *name, const char *arg, const char *valid);

/*
 * rp_optrows_value_uint - @arg (option @name) as an unsigned int in
 * [@min, @max] into *@out; else "valid values are MIN .. MAX" (one line)
 * and -EINVAL.
 */
int rp_optrows_value_uint(const char *name, const char *arg, uint64_t min,
			  uint64_t max, unsigned int *out);

#endif /* RP_OPTROWS_H */
