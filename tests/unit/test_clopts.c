/* Description: rp_clopts, rail_cluster_bw's command line: the defaults
 * (-s 65536, -D 5, --timeout 10, Gb/s, CQ moderation 1 above 8 KiB);
 * every flag read into its field; --out_json a flag (perftest's
 * meaning), --out_json_file naming the file; each refused value, flag and argument
 * as exactly one line on stderr (checked byte for byte); -h and -V
 * accepted without the other checks; the --help text names every long
 * option of the parser. rp_clopts_sig / rp_clopts_sig_diff, what ranks
 * compare at the start: the text of the defaults, equal texts agree, the
 * first differing option named with both values. --pairing=map|index and
 * --pattern=pairs|ring|incast:HOST read, in the signature, each bad value
 * and each combination that does not go together (--cross with map or a
 * pattern, --pairs with a pattern, a pattern with --verb=read) refused in
 * one line. */
#define _GNU_SOURCE
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "capture.h"
#include "cases.h"
#include "memout.h"
#include "cluster/rp_clopts.h"

struct parsed {
	int ret;
	struct rp_clopts c;
	char err[1024];
};

/* argv from a NULL-terminated list after the program name. */
static void parse(struct parsed *p, const char *const *args)
{
	char *argv[32] = { "rail_cluster_bw" };
	struct capture cap;
	int argc = 1;

	while (args && args[argc - 1] && argc < 31) {
		argv[argc] = (char *)args[argc - 1];
		argc++;
	}
	capture_begin(&cap);
	p->ret = rp_clopts_parse(&p->c, argc, argv);
	capture_end(&cap, p->err, sizeof(p->err));
}

static void test_defaults(void **state)
{
	struct parsed p;

	(void)state;
	parse(&p, NULL);
	assert_int_equal(p.ret, 0);
	assert_string_equal(p.err, "");
	assert_int_equal(p.c.o.size, 65536);
	assert_int_equal(p.c.o.duration, 5);
	assert_int_equal(p.c.o.timeout, 10);
	assert_int_equal(p.c.o.num_qps, 1);
	assert_int_equal(p.c.o.tx_depth, 128);
	assert_int_equal(p.c.o.cq_mod, 1); /* above 8 KiB, as perftest */
	assert_true(p.c.o.report_gbits);
	assert_false(p.c.cross || p.c.expect);
	assert_null(p.c.pairs);
	assert_null(p.c.o.dev);
	assert_int_equal(p.c.pairing, RP_PAIRING_DEFAULT);
	assert_int_equal(p.c.pattern, RP_PATTERN_PAIRS);
}

static void test_pairing_pattern(void **state)
{
	static const char *const a[] = { "--pairing=index",
					 "--pattern=incast:softroce-h1", NULL };
	static const char *const b[] = { "--pairing", "map", "--pattern",
					 "ring", NULL };
	char sig[192];
	struct parsed p;

	(void)state;
	parse(&p, a);
	assert_int_equal(p.ret, 0);
	assert_int_equal(p.c.pairing, RP_PAIRING_INDEX);
	assert_int_equal(p.c.pattern, RP_PATTERN_INCAST);
	assert_string_equal(p.c.incast, "softroce-h1");
	assert_string_equal(rp_clopts_sig(&p.c, sig, sizeof(sig)),
			    "-s 65536 -D 5 -q 1 -t 128 -m 0 -u 14 --timeout 10 "
			    "--cross 0 --verb write --pairing index --pattern "
			    "incast:softroce-h1");
	parse(&p, b);
	assert_int_equal(p.ret, 0);
	assert_int_equal(p.c.pairing, RP_PAIRING_MAP);
	assert_int_equal(p.c.pattern, RP_PATTERN_RING);
}

static void test_flags(void **state)
{
	static const char *const a[] = { "-d",	    "rxe0,rxe1:1",
					 "-x",	    "1,3",
					 "-s",	    "4K",
					 "-D",	    "2",
					 "-q",	    "2",
					 "--cross", "--pairs",
					 "p.txt",   "--csv",
					 "c.csv",   "--out_json_file",
					 "c.json",  "--expect",
					 "90",	    "--timeout",
					 "3",	    "--no_hugepages",
					 NULL };
	struct parsed p;

	(void)state;
	parse(&p, a);
	assert_int_equal(p.ret, 0);
	assert_string_equal(p.c.o.dev, "rxe0,rxe1:1");
	assert_string_equal(p.c.o.gid_list, "1,3");
	assert_int_equal(p.c.o.size, 4096);
	assert_int_equal(p.c.o.duration, 2);
	assert_int_equal(p.c.o.num_qps, 2);
	assert_int_equal(p.c.o.cq_mod, 100); /* 4 KiB: perftest's 100 */
	assert_true(p.c.cross && p.c.expect);
	assert_int_equal(p.c.o.expect, 90);
	assert_int_equal(p.c.o.timeout, 3);
	assert_string_equal(p.c.pairs, "p.txt");
	assert_string_equal(p.c.csv, "c.csv");
	assert_string_equal(p.c.json, "c.json");
	assert_false(p.c.o.hugepages);
}

struct err_case {
	const char *name;
	const char *args[6];
	const char *line; /* after "<program>: " */
};

static const struct err_case err_cases[] = {
	{ "clopts: -s 0",
	  { "-s", "0" },
	  "invalid -s value '0': valid sizes are 1 .. 2147483648 bytes, "
	  "K/M/G suffixes allowed" },
	{ "clopts: -D 0",
	  { "-D", "0" },
	  "invalid -D value '0': valid values are 1 .. 86400" },
	{ "clopts: --expect 101",
	  { "--expect", "101" },
	  "invalid --expect value '101': valid values are 1 .. 100" },
	{ "clopts: --timeout x",
	  { "--timeout", "x" },
	  "invalid --timeout value 'x': valid values are 1 .. 3600" },
	{ "clopts: -m 1000",
	  { "-m", "1000" },
	  "invalid -m value '1000': valid MTUs are 256, 512, 1024, 2048, 4096" },
	{ "clopts: --csv empty",
	  { "--csv", "" },
	  "invalid --csv value '': give a file name" },
	{ "clopts: unknown", { "-b" }, "unknown option '-b'; see --help" },
	{ "clopts: no value",
	  { "--pairs" },
	  "option '--pairs' needs a value; see --help" },
	{ "clopts: a host",
	  { "node1" },
	  "unexpected argument 'node1': rail_cluster_bw takes no host (the "
	  "MPI launcher starts one rank per host)" },
	{ "clopts: -x list without -d",
	  { "-x", "1,2" },
	  "invalid -x value '1,2': a list of GID indexes needs the rails "
	  "named with -d" },
	{ "clopts: --out_json is a flag",
	  { "--out_json", "c.json" },
	  "unexpected argument 'c.json': rail_cluster_bw takes no host (the "
	  "MPI launcher starts one rank per host)" },
	{ "clopts: --out_json_file empty",
	  { "--out_json_file=" },
	  "invalid --out_json_file value '': give a file name" },
	{ "clopts: --verb atomic",
	  { "--verb=atomic" },
	  "invalid --verb value 'atomic': valid verbs are write, read, send" },
	{ "clopts: --write_with_imm not taken",
	  { "--verb=send", "--write_with_imm" },
	  "unknown option '--write_with_imm'; see --help" },
	{ "clopts: -d repeated",
	  { "-d", "rxe0,rxe0" },
	  "rail rxe0:1 is given twice in -d" },
	{ "clopts: --pairing x",
	  { "--pairing=x" },
	  "invalid --pairing value 'x': valid values are map and index" },
	{ "clopts: --pattern x",
	  { "--pattern", "star" },
	  "invalid --pattern value 'star': valid values are pairs, ring and "
	  "incast:HOST (a host name or rank)" },
	{ "clopts: --pattern incast without a host",
	  { "--pattern=incast:" },
	  "invalid --pattern value 'incast:': valid values are pairs, ring and "
	  "incast:HOST (a host name or rank)" },
	{ "clopts: --cross with map",
	  { "--cross", "--pairing=map" },
	  "--cross joins every rail to every rail; --pairing=map joins the "
	  "rails the wiring map links: give one" },
	{ "clopts: --cross with ring",
	  { "--cross", "--pattern=ring" },
	  "--cross is for --pattern=pairs" },
	{ "clopts: --pairs with incast",
	  { "--pairs", "p.txt", "--pattern=incast:h1" },
	  "--pairs is for --pattern=pairs" },
	{ "clopts: ring with read",
	  { "--pattern=ring", "--verb=read" },
	  "--pattern=ring and incast count what arrives at the receiver: "
	  "--verb=write (as RDMA WRITE with immediate) or --verb=send" },
};

static void test_error(void **state)
{
	const struct err_case *e = *state;
	char want[1024];
	struct parsed p;

	parse(&p, e->args);
	snprintf(want, sizeof(want), "%s: %s\n", program_invocation_short_name,
		 e->line);
	assert_int_equal(p.ret, -EINVAL);
	assert_string_equal(p.err, want);
}

/* --out_json is perftest's flag, as in every binary: the default file. */
static void test_out_json_flag(void **state)
{
	static const char *const a[] = { "--out_json", NULL };
	static const char *const none[] = { "--csv", "c.csv", NULL };
	struct parsed p;

	(void)state;
	parse(&p, a);
	assert_int_equal(p.ret, 0);
	assert_string_equal(p.c.json, "perftest_out.json");
	parse(&p, none);
	assert_int_equal(p.ret, 0);
	assert_null(p.c.json);
}

static void test_help_version(void **state)
{
	static const char *const h[] = { "-h", "-s", "7", NULL };
	static const char *const v[] = { "--version", NULL };
	struct parsed p;

	(void)state;
	parse(&p, h);
	assert_int_equal(p.ret, 0);
	assert_true(p.c.help);
	parse(&p, v);
	assert_int_equal(p.ret, 0);
	assert_true(p.c.version);
}

static void test_usage_names_options(void **state)
{
	static const char *const longs[] = {
		"--ib-dev",	   "--ib-port",	      "--gid-index",
		"--size",	   "--duration",      "--qp=",
		"--tx-depth",	   "--mtu",	      "--qp-timeout",
		"--cross",	   "--pairs",	      "--expect",
		"--timeout",	   "--csv",	      "--out_json",
		"--out_json_file", "--use_hugepages", "--no_hugepages",
		"--help",	   "--version",	      "--verb",
		"--pairing",	   "--pattern"
	};
	struct mem out;
	size_t i;

	(void)state;
	rp_clopts_usage(mem_open(&out));
	assert_int_equal(fclose(out.f), 0);
	for (i = 0; i < ARRAY_SIZE(longs); i++)
		if (!strstr(out.buf, longs[i]))
			fail_msg("--help does not name %s", longs[i]);
	assert_non_null(strstr(out.buf, "(default: 5)"));
	free(out.buf);
}

static void test_sig(void **state)
{
	static const char *const mine[] = { "-s", "4096", "--cross", NULL };
	char a[192], b[192], va[192], vb[192];
	struct parsed p;

	(void)state;
	parse(&p, NULL);
	assert_string_equal(
		rp_clopts_sig(&p.c, a, sizeof(a)),
		"-s 65536 -D 5 -q 1 -t 128 -m 0 -u 14 --timeout 10 "
		"--cross 0 --verb write --pairing default --pattern "
		"pairs");
	assert_false(rp_clopts_sig_diff(a, a, va, vb, sizeof(va)));
	parse(&p, mine);
	rp_clopts_sig(&p.c, b, sizeof(b));
	assert_true(rp_clopts_sig_diff(b, a, va, vb, sizeof(va)));
	assert_string_equal(va, "-s 4096");
	assert_string_equal(vb, "-s 65536");
	/* a READ rank among WRITE ranks */
	assert_true(rp_clopts_sig_diff("-s 1 --verb read", "-s 1 --verb write",
				       va, vb, sizeof(va)));
	assert_string_equal(va, "--verb read");
	assert_string_equal(vb, "--verb write");
	/* the last option too */
	assert_true(rp_clopts_sig_diff("-s 1 --cross 1", "-s 1 --cross 0", va,
				       vb, sizeof(va)));
	assert_string_equal(va, "--cross 1");
	assert_string_equal(vb, "--cross 0");
	/* another shape (another version's list): the rest of each */
	assert_true(rp_clopts_sig_diff("-s 1 -X 2 -D 3", "-s 1 -D 3", va, vb,
				       sizeof(va)));
	assert_string_equal(va, "-X 2 -D 3");
	assert_string_equal(vb, "-D 3");
	assert_true(
		rp_clopts_sig_diff("-s 1", "-s 1 -D 3", va, vb, sizeof(va)));
	assert_string_equal(va, "");
	assert_string_equal(vb, "-D 3");
}

/* --verb=send: the verb in the options and in the signature every rank
 * compares (a SEND rank among WRITE ranks is named), -r's receives
 * (perftest's default 512) for the receives each host keeps posted. */
static void test_verb_send(void **state)
{
	static const char *const a[] = { "--verb=send", NULL };
	char sig[192], w[192], va[192], vb[192];
	struct parsed p;

	(void)state;
	parse(&p, NULL);
	rp_clopts_sig(&p.c, w, sizeof(w));
	parse(&p, a);
	assert_int_equal(p.ret, 0);
	assert_string_equal(p.err, "");
	assert_int_equal(p.c.o.verb, RP_VERB_SEND);
	assert_int_equal(p.c.o.rx_depth, 512);
	assert_string_equal(rp_clopts_sig(&p.c, sig, sizeof(sig)),
			    "-s 65536 -D 5 -q 1 -t 128 -m 0 -u 14 --timeout 10 "
			    "--cross 0 --verb send --pairing default --pattern "
			    "pairs");
	assert_true(rp_clopts_sig_diff(sig, w, va, vb, sizeof(va)));
	assert_string_equal(va, "--verb send");
	assert_string_equal(vb, "--verb write");
}

int main(void)
{
	static const struct CMUnitTest first[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_flags),
		cmocka_unit_test(test_pairing_pattern),
		cmocka_unit_test(test_out_json_flag),
		cmocka_unit_test(test_help_version),
		cmocka_unit_test(test_usage_names_options),
		cmocka_unit_test(test_sig),
		cmocka_unit_test(test_verb_send),
	};
	struct CMUnitTest tests[ARRAY_SIZE(first) + ARRAY_SIZE(err_cases)];
	size_t n = 0;

	TESTS_ADD(tests, n, first);
	CASES_ADD(tests, n, test_error, err_cases);
	return RUN_TESTS(tests, n);
}
