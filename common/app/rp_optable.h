/* SPDX-License-Identifier: MIT */
/*
 * rp_optable.h - railperf's one table of command-line options. Each row
 * holds an option's long and short names, its argument and range, where
 * it lands in struct rp_opts (or that its binary's own code takes it),
 * which binaries take it, its --help text and its perftest status. From
 * it come getopt_long's tables, the per-binary gating, dispatch and
 * --help of every binary (rail_cluster_bw and rail_info included).
 */
#ifndef RP_OPTABLE_H
#define RP_OPTABLE_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct rp_opts;
struct rp_test_desc;

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
};

/* The perftest-style binaries: one getopt table, one --help layout. */
#define RP_BIN_PERFTEST \
	(RP_BIN_WRITE_BW | RP_BIN_READ_LAT | RP_BIN_MULTI_BW | \
	 RP_BIN_WRITE_LAT | RP_BIN_READ_BW | RP_BIN_SEND_BW | RP_BIN_SEND_LAT)
#define RP_BIN_BW \
	(RP_BIN_WRITE_BW | RP_BIN_MULTI_BW | RP_BIN_READ_BW | RP_BIN_SEND_BW)
#define RP_BIN_LAT (RP_BIN_READ_LAT | RP_BIN_WRITE_LAT | RP_BIN_SEND_LAT)

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

#define RP_OPT_HELPS 5

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

/* rp_optable_rows - the table: *@n rows, in --help order. Static. */
const struct rp_optrow *rp_optable_rows(size_t *n);

/*
 * rp_optable_bin - the rp_bin bit of the binary @d describes: its .bin,
 * else the one of its test (the test descriptors in unit tests).
 */
unsigned int rp_optable_bin(const struct rp_test_desc *d);

/* rp_optable_family - the rows a binary's getopt sees: every row of the
 * perftest-style binaries for any of them, else the binary's own. */
unsigned int rp_optable_family(unsigned int bin);

/* rp_optable_takes - true when binary @bin takes row @r. */
static inline bool rp_optable_takes(const struct rp_optrow *r, unsigned int bin)
{
	return (r->bins & bin) != 0;
}

#define RP_OPT_LONG_MAX 128 /* getopt entries: every row and alias + 1 */
#define RP_OPT_SHORT_MAX 96

/*
 * rp_optable_getopt - getopt_long's tables for binary @bin, into the
 * caller's @lo (RP_OPT_LONG_MAX entries, NULL-terminated) and @so
 * (RP_OPT_SHORT_MAX bytes, ':' first): every row of its family, val the
 * short letter or 256 + the row's index.
 */
void rp_optable_getopt(unsigned int bin, struct option *lo, char *so);

/* rp_optable_row_of - the row of getopt's value @c, NULL if none. */
const struct rp_optrow *rp_optable_row_of(int c);

/* rp_optable_name - "-s" for a row with a short letter, else "--timeout";
 * into @buf (@len bytes), returned. */
const char *rp_optable_name(const struct rp_optrow *r, char *buf, size_t len);

/*
 * rp_optable_parse - getopt_long over argv for the binary of @o->desc:
 * each option it takes set in @o, or handed to @own (RP_OK_OWN rows, with
 * @ctx; returns 0 or -EINVAL after its one line); an option of the family
 * it does not take, an unknown one, a bad value refused as one line on
 * stderr and -EINVAL. Stops at the first operand (optind left there).
 * Pointers in @o point into argv.
 */
int rp_optable_parse(struct rp_opts *o, int argc, char **argv,
		     int (*own)(void *ctx, const struct rp_optrow *r,
				const char *arg),
		     void *ctx);

/* rp_optable_find - the row of long name @name, NULL if none. */
const struct rp_optrow *rp_optable_find(const char *name);

/* rp_optable_help_of - row @r's --help text for @bin, NULL when none. */
const struct rp_opthelp *rp_optable_help_of(const struct rp_optrow *r,
					    unsigned int bin);

/*
 * rp_optable_bad_value - the one line "invalid NAME value 'ARG': VALID" for
 * option @name as given ("-s", "--timeout"); returns -EINVAL. Also for
 * the binaries' own options (RP_OK_OWN).
 */
int rp_optable_bad_value(const char *name, const char *arg, const char *valid);

#endif /* RP_OPTABLE_H */
