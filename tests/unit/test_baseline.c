/* Description: the baseline file (output/rp_baseline.c) with identities
 * read from the DGX Spark host fixtures (topo/rp_identity.c): spark's
 * rocep1s0f0 and roceP2p1s0f0 at Gen5 x4, firmware 28.41.1000, against
 * spark-x2, where the 0002 link trained to x2 and the firmware is
 * 28.43.1000. The saved file's exact JSON; saved and loaded back, the same
 * baseline; a bad document refused with the key and what it must be (not
 * JSON, not a baseline, a missing or mistyped key, a rail's port out of
 * range, a flag twice, no results); saved as a new file renamed over
 * the old one; a file that is not regular (a
 * directory, a FIFO: no hang) or too large refused by its path; the
 * refusals by name (another binary, another value of a flag or a flag
 * missing either side, another host, another number of rails, another
 * device or PCI function); the comparison lines of a failing run (rail 1
 * down 50.6 %, its firmware and link changes, the kernel in full, the
 * FAILED line naming rail 1 alone) and of a passing one (no '-' in any
 * line: the kernel "changed"); the "fleet" JSON's changes in full. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "capture.h"
#include "fleetrecs.h"
#include "hosts.h"
#include "output/rp_baseline.h"
#include "output/rp_baseline_read.h"

static char hosts[PATH_MAX];

/* Baseline of host fixture @fix as host "dgx01" with kernel @kernel,
 * railperf @ver, flags -s 65536 -q 4, rails rocep1s0f0, roceP2p1s0f0. */
static void fixture_bl(struct rp_baseline *b, const char *fix,
		       const char *kernel, const char *ver)
{
	struct rp_ident_host h;
	char root[PATH_MAX + 64];

	snprintf(root, sizeof(root), "%s/%s", hosts, fix);
	memset(&h, 0, sizeof(h));
	snprintf(h.host, sizeof(h.host), "dgx01");
	snprintf(h.kernel, sizeof(h.kernel), "%s", kernel);
	assert_int_equal(rp_identity_add(&h, root, "rocep1s0f0", 1), 0);
	assert_int_equal(rp_identity_add(&h, root, "roceP2p1s0f0", 1), 0);
	rp_baseline_init(b, "rail_multi_bw");
	snprintf(b->version, sizeof(b->version), "%s", ver);
	b->saved = 1795863516;
	assert_int_equal(rp_baseline_add_host(b, &h), 0);
	assert_int_equal(rp_baseline_flag(b, "-s", "65536"), 0);
	assert_int_equal(rp_baseline_flag(b, "-q", "4"), 0);
}

/* spark's baseline with its two results. */
static void was_bl(struct rp_baseline *b)
{
	fixture_bl(b, "spark", "6.8.0-1015-nvidia", "0.1.0");
	assert_int_equal(
		rp_baseline_add_result(b, "rail 0 (rocep1s0f0)", 111.5), 0);
	assert_int_equal(
		rp_baseline_add_result(b, "rail 1 (roceP2p1s0f0)", 111.25), 0);
}

static const char want_file[] = "{\n"
				"\t\"railperf_baseline\":\t1,\n"
				"\t\"test\":\t\"rail_multi_bw\",\n"
				"\t\"railperf\":\t\"0.1.0\",\n"
				"\t\"saved_unix\":\t1795863516,\n"
				"\t\"hosts\":\t[{\n"
				"\t\t\t\"host\":\t\"dgx01\",\n"
				"\t\t\t\"kernel\":\t\"6.8.0-1015-nvidia\",\n"
				"\t\t\t\"rails\":\t[{\n"
				"\t\t\t\t\t\"device\":\t\"rocep1s0f0\",\n"
				"\t\t\t\t\t\"port\":\t1,\n"
				"\t\t\t\t\t\"pci\":\t\"0000:01:00.0\",\n"
				"\t\t\t\t\t\"link_speed\":\t\"32.0 GT/s\",\n"
				"\t\t\t\t\t\"link_width\":\t4,\n"
				"\t\t\t\t\t\"firmware\":\t\"28.41.1000\"\n"
				"\t\t\t\t}, {\n"
				"\t\t\t\t\t\"device\":\t\"roceP2p1s0f0\",\n"
				"\t\t\t\t\t\"port\":\t1,\n"
				"\t\t\t\t\t\"pci\":\t\"0002:01:00.0\",\n"
				"\t\t\t\t\t\"link_speed\":\t\"32.0 GT/s\",\n"
				"\t\t\t\t\t\"link_width\":\t4,\n"
				"\t\t\t\t\t\"firmware\":\t\"28.41.1000\"\n"
				"\t\t\t\t}]\n"
				"\t\t}],\n"
				"\t\"flags\":\t{\n"
				"\t\t\"-s\":\t\"65536\",\n"
				"\t\t\"-q\":\t\"4\"\n"
				"\t},\n"
				"\t\"results\":\t[{\n"
				"\t\t\t\"name\":\t\"rail 0 (rocep1s0f0)\",\n"
				"\t\t\t\"gbps\":\t111.5\n"
				"\t\t}, {\n"
				"\t\t\t\"name\":\t\"rail 1 (roceP2p1s0f0)\",\n"
				"\t\t\t\"gbps\":\t111.25\n"
				"\t\t}]\n"
				"}\n";

static void test_save_load(void **state)
{
	struct rp_baseline b, back;
	char dir[64], path[128], *got;
	struct stat before, after;

	(void)state;
	was_bl(&b);
	scratch_make(dir);
	snprintf(path, sizeof(path), "%s/base.json", dir);
	spit(path, "an older baseline, longer than nothing\n");
	assert_int_equal(stat(path, &before), 0);
	assert_int_equal(rp_baseline_save(path, &b), 0);
	assert_int_equal(stat(path, &after), 0);
	assert_int_not_equal(after.st_ino, before.st_ino); /* renamed over */
	got = slurp(path);
	assert_string_equal(got, want_file);
	free(got);
	assert_int_equal(scratch_entries(dir), 1); /* replaced whole */
	assert_int_equal(rp_baseline_load(path, &back), 0);
	assert_string_equal(back.test, "rail_multi_bw");
	assert_string_equal(back.version, "0.1.0");
	assert_int_equal(back.saved, 1795863516);
	assert_int_equal(back.nhosts, 1);
	assert_memory_equal(&back.host[0], &b.host[0], sizeof(b.host[0]));
	assert_int_equal(back.nflags, 2);
	assert_string_equal(back.flag[1].name, "-q");
	assert_string_equal(back.flag[1].value, "4");
	assert_int_equal(back.nres, 2);
	assert_string_equal(back.res[1].name, "rail 1 (roceP2p1s0f0)");
	assert_true(back.res[1].gbps == 111.25);
	rp_baseline_fini(&back);
	rp_baseline_fini(&b);
	scratch_drop(dir);
}

/* want_file with the first @from replaced by @to (heap). */
static char *edited(const char *from, const char *to)
{
	const char *at = strstr(want_file, from);
	char *out = calloc(1, sizeof(want_file) + strlen(to) + 1);

	assert_non_null(at);
	assert_non_null(out);
	memcpy(out, want_file, (size_t)(at - want_file));
	strcat(out, to);
	strcat(out, at + strlen(from));
	return out;
}

static void test_parse_errors(void **state)
{
	static const struct {
		const char *from, *to, *why;
	} cases[] = {
		{ "{\n", "nonsense{\n", "not JSON (near byte 0)" },
		{ "\"railperf_baseline\":\t1", "\"railperf_baseline\":\t2",
		  "not a railperf baseline (\"railperf_baseline\": 1)" },
		{ "\"test\":\t\"rail_multi_bw\"", "\"test\":\t5",
		  "\"test\" must be a string of at most 31 characters" },
		{ "\"port\":\t1,\n\t\t\t\t\t\"pci\":\t\"0002",
		  "\"port\":\t0,\n\t\t\t\t\t\"pci\":\t\"0002",
		  "hosts[0].rails[1]: \"port\" must be a number 1 .. 255" },
		{ "\"kernel\":\t\"6.8.0-1015-nvidia\",", "",
		  "hosts[0]: \"kernel\" must be a string of at most 95 "
		  "characters" },
		{ "\"-q\":\t\"4\"", "\"-q\":\t\"4\", \"-q\": \"8\"",
		  "flags: \"-q\" appears twice" },
		{ "\"gbps\":\t111.25", "\"gbps\":\t\"fast\"",
		  "results[1]: \"gbps\" must be a number 0 .. 1e+06" },
		{ "\"hosts\":\t[{", "\"hosts\": [], \"x\":\t[{",
		  "\"hosts\" must be an array of one host or more" },
	};
	struct rp_baseline b;
	char why[256], *text;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		text = edited(cases[i].from, cases[i].to);
		why[0] = '\0';
		assert_int_equal(rp_baseline_parse(text, &b, why, sizeof(why)),
				 -EINVAL);
		assert_string_equal(why, cases[i].why);
		assert_null(b.host);
		assert_null(b.res);
		free(text);
	}
}

static void test_load_errors(void **state)
{
	char dir[64], path[128], err[512], want[512];
	struct rp_baseline b;
	struct capture c;
	int ret, fd;

	(void)state;
	scratch_make(dir);
	capture_begin(&c);
	ret = rp_baseline_load(dir, &b); /* a directory */
	capture_end(&c, err, sizeof(err));
	assert_int_equal(ret, -EINVAL);
	snprintf(want, sizeof(want),
		 "test_baseline: cannot read --baseline '%s': not a regular "
		 "file\n",
		 dir);
	assert_string_equal(err, want);
	snprintf(path, sizeof(path), "%s/fifo", dir);
	assert_int_equal(mkfifo(path, 0600), 0);
	capture_begin(&c);
	ret = rp_baseline_load(path, &b); /* O_NONBLOCK: no hang */
	capture_end(&c, err, sizeof(err));
	assert_int_equal(ret, -EINVAL);
	snprintf(want, sizeof(want),
		 "test_baseline: cannot read --baseline '%s': not a regular "
		 "file\n",
		 path);
	assert_string_equal(err, want);
	unlink(path);
	snprintf(path, sizeof(path), "%s/big.json", dir);
	fd = open(path, O_WRONLY | O_CREAT, 0600);
	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, RP_BL_MAX_FILE + 1), 0);
	close(fd);
	capture_begin(&c);
	ret = rp_baseline_load(path, &b);
	capture_end(&c, err, sizeof(err));
	assert_int_equal(ret, -EFBIG);
	snprintf(want, sizeof(want),
		 "test_baseline: cannot read --baseline '%s': larger than 16 "
		 "MiB\n",
		 path);
	assert_string_equal(err, want);
	snprintf(path, sizeof(path), "%s/bad.json", dir);
	spit(path, "{\"railperf_baseline\": 1, \"test\": \"x\"}");
	capture_begin(&c);
	ret = rp_baseline_load(path, &b);
	capture_end(&c, err, sizeof(err));
	assert_int_equal(ret, -EINVAL);
	snprintf(want, sizeof(want),
		 "test_baseline: invalid --baseline file '%s': \"railperf\" "
		 "must be a string of at most 31 characters\n",
		 path);
	assert_string_equal(err, want);
	scratch_drop(dir);
}

/* @b's flag @name set to @value (appended when absent; NULL: removed). */
static void set_flag(struct rp_baseline *b, const char *name, const char *value)
{
	unsigned int i;

	for (i = 0; i < b->nflags; i++)
		if (!strcmp(b->flag[i].name, name))
			break;
	if (i == b->nflags && value) {
		assert_int_equal(rp_baseline_flag(b, name, value), 0);
		return;
	}
	if (!value) {
		b->flag[i] = b->flag[--b->nflags];
		return;
	}
	snprintf(b->flag[i].value, sizeof(b->flag[i].value), "%s", value);
}

/* rp_baseline_refuse_flags(@was, @now): refused with @why (NULL: not). */
static void flags_say(const struct rp_baseline *was,
		      const struct rp_baseline *now, const char *why)
{
	char got[256] = "";

	assert_int_equal(rp_baseline_refuse_flags(was, now, got, sizeof(got)),
			 why != NULL);
	if (why)
		assert_string_equal(got, why);
}

static void test_refuse_flags(void **state)
{
	struct rp_baseline was, now;

	(void)state;
	was_bl(&was);
	fixture_bl(&now, "spark-x2", "6.8.0-1017-nvidia", "0.2.0");
	flags_say(&was, &now, NULL); /* kernel, firmware, link: no reason */
	set_flag(&now, "-s", "4096");
	flags_say(&was, &now, "-s 65536 there, -s 4096 here");
	set_flag(&now, "-s", "65536");
	set_flag(&now, "-q", NULL);
	flags_say(&was, &now, "-q 4 there, no -q here");
	set_flag(&now, "-q", "4");
	set_flag(&now, "-b", "on");
	flags_say(&was, &now, "no -b there, -b on here");
	set_flag(&now, "-b", NULL);
	snprintf(now.test, sizeof(now.test), "rail_write_bw");
	flags_say(&was, &now,
		  "a baseline of rail_multi_bw, this is rail_write_bw");
	rp_baseline_fini(&was);
	rp_baseline_fini(&now);
}

/* rp_baseline_refuse_hw(@was, @now): refused with @why (NULL: not). */
static void hw_says(const struct rp_baseline *was,
		    const struct rp_baseline *now, const char *why)
{
	char got[256] = "";

	assert_int_equal(rp_baseline_refuse_hw(was, now, got, sizeof(got)),
			 why != NULL);
	if (why)
		assert_string_equal(got, why);
}

static void test_refuse_hw(void **state)
{
	struct rp_baseline was, now;
	struct rp_ident_host *h;

	(void)state;
	was_bl(&was);
	fixture_bl(&now, "spark-x2", "6.8.0-1017-nvidia", "0.2.0");
	h = &now.host[0];
	hw_says(&was, &now, NULL);
	snprintf(h->rail[1].dev, sizeof(h->rail[1].dev), "mlx5_9");
	hw_says(&was, &now,
		"rail 1 is roceP2p1s0f0 port 1 there, mlx5_9 port 1 here");
	snprintf(h->rail[1].dev, sizeof(h->rail[1].dev), "roceP2p1s0f0");
	h->rail[1].port = 2;
	hw_says(&was, &now,
		"rail 1 is roceP2p1s0f0 port 1 there, roceP2p1s0f0 port 2 "
		"here");
	h->rail[1].port = 1;
	snprintf(h->rail[1].pci, sizeof(h->rail[1].pci), "0003:01:00.0");
	hw_says(&was, &now,
		"rail 1 (roceP2p1s0f0) is at PCI 0002:01:00.0 there, at PCI "
		"0003:01:00.0 here");
	h->n = 1;
	hw_says(&was, &now, "dgx01: 2 rails there, 1 here");
	snprintf(h->host, sizeof(h->host), "dgx02");
	hw_says(&was, &now, "host dgx01 there, dgx02 here");
	now.nhosts = 0;
	hw_says(&was, &now, "1 hosts there, 0 here");
	now.nhosts = 1;
	rp_baseline_fini(&was);
	rp_baseline_fini(&now);
}

/* Two judged records: rail 0 at @g0 Gb/s, rail 1 at @g1, against @was. */
static void two_recs(const struct rp_baseline *was, struct rp_fleet_rec *r,
		     double g0, double g1)
{
	memset(r, 0, 2 * sizeof(*r));
	snprintf(r[0].name, sizeof(r[0].name), "rail 0 (rocep1s0f0)");
	snprintf(r[1].name, sizeof(r[1].name), "rail 1 (roceP2p1s0f0)");
	r[0].rail = 0;
	r[1].rail = 1;
	r[0].direction = r[1].direction = "send";
	r[0].gbps = g0;
	r[1].gbps = g1;
	assert_int_equal(rp_baseline_judge(was, r, 2, 10), 2);
	rp_fleet_judge(&r[0]);
	rp_fleet_judge(&r[1]);
}

/* rp_baseline_lines to a string; *@below its return. */
static char *lines(const struct rp_baseline *was, const struct rp_baseline *now,
		   const struct rp_fleet_rec *r, unsigned int *below)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	*below = rp_baseline_lines(f, was, now, r, 2, "rail");
	assert_int_equal(fclose(f), 0);
	return text;
}

static void test_lines(void **state)
{
	struct rp_baseline was, now;
	struct rp_fleet_rec r[2];
	unsigned int below;
	char *t;

	(void)state;
	was_bl(&was);
	fixture_bl(&now, "spark-x2", "6.8.0-1017-nvidia", "0.2.0");
	two_recs(&was, r, 110, 55);
	assert_int_equal(r[1].verdict, RP_FV_BELOW_BASELINE);
	t = lines(&was, &now, r, &below);
	assert_int_equal(below, 1);
	assert_string_equal(
		t,
		" railperf: rail 0 (rocep1s0f0): baseline 111.50 Gb/s, now "
		"110.00 Gb/s, down 1.3%; firmware 28.41.1000 to 28.43.1000\n"
		" railperf: rail 1 (roceP2p1s0f0): baseline 111.25 Gb/s, now "
		"55.00 Gb/s, down 50.6%, below the tolerance of 10%; firmware "
		"28.41.1000 to 28.43.1000, link x4 to x2\n"
		" railperf: baseline: kernel 6.8.0-1015-nvidia to "
		"6.8.0-1017-nvidia, railperf 0.1.0 to 0.2.0\n"
		" railperf: --baseline: FAILED: 1 of 2 rails below the "
		"tolerance of 10%: rail 1 (roceP2p1s0f0) down 50.6%\n");
	free(t);
	two_recs(&was, r, 110, 112.5);
	t = lines(&was, &now, r, &below);
	assert_int_equal(below, 0);
	assert_string_equal(
		t,
		" railperf: rail 0 (rocep1s0f0): baseline 111.50 Gb/s, now "
		"110.00 Gb/s, down 1.3%; firmware 28.41.1000 to 28.43.1000\n"
		" railperf: rail 1 (roceP2p1s0f0): baseline 111.25 Gb/s, now "
		"112.50 Gb/s, up 1.1%; firmware 28.41.1000 to 28.43.1000, "
		"link x4 to x2\n"
		" railperf: baseline: kernel changed, railperf 0.1.0 to 0.2.0\n"
		" railperf: baseline: every rail within 10%\n");
	assert_null(strchr(t, '-')); /* the output rule: a healthy run */
	free(t);
	rp_baseline_fini(&was);
	rp_baseline_fini(&now);
}

static void test_cmp_json(void **state)
{
	struct rp_baseline was, now;
	struct rp_fleet_rec r[2];
	char *t;
	cJSON *o;

	(void)state;
	was_bl(&was);
	fixture_bl(&now, "spark-x2", "6.8.0-1017-nvidia", "0.2.0");
	two_recs(&was, r, 110, 55);
	o = rp_baseline_cmp_json("base.json", &was, &now, r, 2, false);
	t = cJSON_PrintUnformatted(o);
	assert_string_equal(
		t, "{\"file\":\"base.json\",\"tolerance_percent\":10,"
		   "\"forced\":false,\"saved_unix\":1795863516,"
		   "\"railperf\":\"0.1.0\",\"changes\":[\"rail 0 "
		   "(rocep1s0f0): firmware 28.41.1000 to 28.43.1000\","
		   "\"rail 1 (roceP2p1s0f0): firmware 28.41.1000 to "
		   "28.43.1000, link x4 to x2\",\"kernel 6.8.0-1015-nvidia "
		   "to 6.8.0-1017-nvidia, railperf 0.1.0 to 0.2.0\"],"
		   "\"below\":[\"rail 1 (roceP2p1s0f0)\"]}");
	cJSON_free(t);
	cJSON_Delete(o);
	rp_baseline_fini(&was);
	rp_baseline_fini(&now);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_save_load),
		cmocka_unit_test(test_parse_errors),
		cmocka_unit_test(test_load_errors),
		cmocka_unit_test(test_refuse_flags),
		cmocka_unit_test(test_refuse_hw),
		cmocka_unit_test(test_lines),
		cmocka_unit_test(test_cmp_json),
	};

	hosts_find(argc > 0 ? argv[0] : NULL, hosts);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
