/* Description: rp_json builds perftest 6.29's --out_json document: the
 * test_info keys in perftest's order for a READ latency client and server
 * and a WRITE BW client (TX_depth, CQ_Moderation, Max_inline_data or
 * Outstand_reads only where the header shows them), the latency and BW
 * result keys with the row's decimals, -a as an array of results; the
 * printed text parses back with cJSON_Parse; rp_json_write replaces a file
 * (a symlink at the path refused, it and its target untouched) and names the
 * file when it cannot write it. rp_jsonout, the one collector
 * of all three binaries, writes BW rows, latency rows (perftest's keys,
 * its -D keys, --output's one value) and railperf's keys beside
 * perftest's, one row as an object and several as an array, and writes
 * nothing when disabled. */
#define _GNU_SOURCE
#include <errno.h>
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
#include "output/rp_json.h"
#include "output/rp_jsonout.h"

static const struct rp_header lat_client = {
	.title = "RDMA_Read Latency Test",
	.device = "rxe1",
	.num_qps = 1,
	.transport = "IB",
	.relaxed_ordering = true,
	.wr_api = false,
	.tx_depth = 1,
	.cq_mod = -1,
	.mtu = 1024,
	.link_type = "Ethernet",
	.gid_index = 1,
	.max_inline = -1,
	.out_reads = 128,
};

static const struct rp_latstats lat_st = {
	.n = 1000,
	.t_min = 30.154,
	.t_max = 740.366,
	.t_typical = 62.05,
	.t_avg = 72.4349,
	.t_stdev = 54.971,
	.p99 = 349.17,
	.p99_9 = 740.0,
};

/* Print @o, parse it back (proves it is valid JSON); caller deletes. */
static cJSON *roundtrip(const cJSON *o)
{
	char *text = cJSON_Print(o);
	cJSON *back;

	assert_non_null(text);
	back = cJSON_Parse(text);
	cJSON_free(text);
	assert_non_null(back);
	return back;
}

/* The object's keys, in order, equal @keys (NULL-terminated). */
static void expect_keys(const cJSON *o, const char *const *keys)
{
	const cJSON *c;
	size_t i = 0;

	assert_true(cJSON_IsObject(o));
	for (c = o->child; c; c = c->next, i++) {
		if (!keys[i])
			fail_msg("extra key '%s'", c->string);
		assert_string_equal(c->string, keys[i]);
	}
	if (keys[i])
		fail_msg("missing key '%s'", keys[i]);
}

static double num(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	assert_true(cJSON_IsNumber(v));
	return v->valuedouble;
}

static const char *str(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	assert_true(cJSON_IsString(v));
	return v->valuestring;
}

static void test_info_lat_client(void **state)
{
	static const char *const keys[] = {
		"test",
		"Dual_port",
		"Device",
		"Number_of_qps",
		"Transport_type",
		"Connection_type",
		"Using_SRQ",
		"PCIe_relax_order",
		"ibv_wr_API",
		"TX_depth",
		"Mtu",
		"Link_type",
		"GID_index",
		"Outstand_reads",
		"rdma_cm_QPs",
		"Use_ROCm_memory",
		"Use_MUSA_memory",
		"Data_ex_method",
		NULL,
	};
	cJSON *o = rp_json_test_info(&lat_client), *back;

	(void)state;
	assert_non_null(o);
	back = roundtrip(o);
	expect_keys(back, keys);
	assert_string_equal(str(back, "test"), "RDMA_Read_Latency_Test");
	assert_string_equal(str(back, "Dual_port"), "OFF");
	assert_string_equal(str(back, "Device"), "rxe1");
	assert_string_equal(str(back, "PCIe_relax_order"), "ON");
	assert_string_equal(str(back, "ibv_wr_API"), "OFF");
	assert_string_equal(str(back, "Link_type"), "Ethernet");
	assert_string_equal(str(back, "Data_ex_method"), "Ethernet");
	assert_true(num(back, "Number_of_qps") == 1);
	assert_true(num(back, "TX_depth") == 1);
	assert_true(num(back, "Mtu") == 1024);
	assert_true(num(back, "GID_index") == 1);
	assert_true(num(back, "Outstand_reads") == 128);
	cJSON_Delete(back);
	cJSON_Delete(o);
}

/* Server: no TX_depth; LID routing: no GID_index. */
static void test_info_lat_server(void **state)
{
	struct rp_header h = lat_client;
	cJSON *o;

	(void)state;
	h.tx_depth = -1;
	h.gid_index = -1;
	o = rp_json_test_info(&h);
	assert_non_null(o);
	assert_null(cJSON_GetObjectItemCaseSensitive(o, "TX_depth"));
	assert_null(cJSON_GetObjectItemCaseSensitive(o, "GID_index"));
	assert_non_null(cJSON_GetObjectItemCaseSensitive(o, "Outstand_reads"));
	cJSON_Delete(o);
}

static void test_info_bw(void **state)
{
	static const char *const keys[] = {
		"test",
		"Dual_port",
		"Device",
		"Number_of_qps",
		"Transport_type",
		"Connection_type",
		"Using_SRQ",
		"PCIe_relax_order",
		"ibv_wr_API",
		"TX_depth",
		"CQ_Moderation",
		"Mtu",
		"Link_type",
		"GID_index",
		"Max_inline_data",
		"rdma_cm_QPs",
		"Use_ROCm_memory",
		"Use_MUSA_memory",
		"Data_ex_method",
		NULL,
	};
	struct rp_header h = lat_client;
	cJSON *o;

	(void)state;
	h.title = "RDMA_Write BW Test";
	h.tx_depth = 128;
	h.cq_mod = 100;
	h.max_inline = 0;
	h.out_reads = -1;
	h.wr_api = true;
	o = rp_json_test_info(&h);
	assert_non_null(o);
	expect_keys(o, keys);
	assert_string_equal(str(o, "test"), "RDMA_Write_BW_Test");
	assert_string_equal(str(o, "ibv_wr_API"), "ON");
	assert_true(num(o, "CQ_Moderation") == 100);
	assert_true(num(o, "Max_inline_data") == 0);
	cJSON_Delete(o);
}

/* -l and -R in test_info: Post_List after TX_depth, rdma_cm keys ON. */
static void test_info_post_list_cm(void **state)
{
	static const char *const keys[] = {
		"test",
		"Dual_port",
		"Device",
		"Number_of_qps",
		"Transport_type",
		"Connection_type",
		"Using_SRQ",
		"PCIe_relax_order",
		"ibv_wr_API",
		"TX_depth",
		"Post_List",
		"CQ_Moderation",
		"Mtu",
		"Link_type",
		"GID_index",
		"Max_inline_data",
		"rdma_cm_QPs",
		"Use_ROCm_memory",
		"Use_MUSA_memory",
		"Data_ex_method",
		NULL,
	};
	struct rp_header h = lat_client;
	cJSON *o;

	(void)state;
	h.title = "RDMA_Write Post List BW Test";
	h.tx_depth = 128;
	h.post_list = 4;
	h.cq_mod = 4;
	h.max_inline = 64;
	h.out_reads = -1;
	h.rdma_cm = true;
	o = rp_json_test_info(&h);
	assert_non_null(o);
	expect_keys(o, keys);
	assert_string_equal(str(o, "test"), "RDMA_Write_Post_List_BW_Test");
	assert_true(num(o, "Post_List") == 4);
	assert_true(num(o, "Max_inline_data") == 64);
	assert_string_equal(str(o, "rdma_cm_QPs"), "ON");
	assert_string_equal(str(o, "Data_ex_method"), "rdma_cm");
	cJSON_Delete(o);
}

/* -T with -R: perftest's "TOS" after "Data_ex_method"; --tclass:
 * railperf's "traffic_class" (perftest has no key for it); without them
 * neither key. */
static void test_info_tos_tclass(void **state)
{
	struct rp_header h = lat_client;
	cJSON *o;

	(void)state;
	o = rp_json_test_info(&h);
	assert_non_null(o);
	assert_null(cJSON_GetObjectItemCaseSensitive(o, "TOS"));
	assert_null(cJSON_GetObjectItemCaseSensitive(o, "traffic_class"));
	cJSON_Delete(o);
	h.rdma_cm = true;
	h.has_tos = true;
	h.tos = 96;
	h.has_tclass = true;
	h.tclass = 106;
	o = rp_json_test_info(&h);
	assert_non_null(o);
	assert_true(num(o, "TOS") == 96);
	assert_true(num(o, "traffic_class") == 106);
	cJSON_Delete(o);
}

/* -D latency and --output: perftest's keys for those. */
static void test_dur_and_value_results(void **state)
{
	static const char *const dur[] = {
		"MsgSize", "n_iterations", "t_avg", "tps_average", NULL,
	};
	static const char *const one[] = { "bw_avg", NULL };
	cJSON *o = rp_json_lat_dur_result(2, 5000, 61.234, 16330.126), *back;

	(void)state;
	back = roundtrip(o);
	expect_keys(back, dur);
	assert_true(num(back, "t_avg") == 61.23);
	assert_true(num(back, "tps_average") == 16330.13);
	cJSON_Delete(back);
	cJSON_Delete(o);
	o = rp_json_value_result("bw_avg", 40.0712345);
	back = roundtrip(o);
	expect_keys(back, one);
	assert_true(num(back, "bw_avg") == 40.071235);
	cJSON_Delete(back);
	cJSON_Delete(o);
}

static void test_lat_result(void **state)
{
	static const char *const keys[] = {
		"MsgSize",	   "n_iterations", "t_min",   "t_max",
		"t_typical",	   "t_avg",	   "t_stdev", "percentile_99",
		"percentile_99.9", NULL,
	};
	cJSON *o = rp_json_lat_result(2, 1000, &lat_st), *back;

	(void)state;
	assert_non_null(o);
	back = roundtrip(o);
	expect_keys(back, keys);
	assert_true(num(back, "MsgSize") == 2);
	assert_true(num(back, "n_iterations") == 1000);
	/* 2 decimals, as perftest's "%.2f" */
	assert_true(num(back, "t_min") == 30.15);
	assert_true(num(back, "t_max") == 740.37);
	assert_true(num(back, "t_typical") == 62.05);
	assert_true(num(back, "t_avg") == 72.43);
	assert_true(num(back, "t_stdev") == 54.97);
	assert_true(num(back, "percentile_99") == 349.17);
	assert_true(num(back, "percentile_99.9") == 740.0);
	cJSON_Delete(back);
	cJSON_Delete(o);
}

static void test_bw_result(void **state)
{
	static const char *const keys[] = {
		"MsgSize",    "n_iterations", "BW_peak",
		"BW_average", "MsgRate",      NULL,
	};
	const struct rp_result r = {
		.size = 65536,
		.iters = 5000,
		.bw_peak = 11051.9249,
		.bw_avg = 11050.371,
		.msg_rate = 0.17680612,
	};
	const struct rp_result small = {
		.size = 2,
		.iters = 5,
		.bw_peak = 0.0123456,
		.bw_avg = 0.0098765,
		.msg_rate = 0.6,
	};
	cJSON *o = rp_json_bw_result(&r);

	(void)state;
	assert_non_null(o);
	expect_keys(o, keys);
	assert_true(num(o, "MsgSize") == 65536);
	assert_true(num(o, "n_iterations") == 5000);
	assert_true(num(o, "BW_peak") == 11051.92);
	assert_true(num(o, "BW_average") == 11050.37);
	assert_true(num(o, "MsgRate") == 0.176806);
	cJSON_Delete(o);
	o = rp_json_bw_result(&small); /* below 0.1: 6 decimals */
	assert_non_null(o);
	assert_true(num(o, "BW_peak") == 0.012346);
	assert_true(num(o, "BW_average") == 0.009877);
	cJSON_Delete(o);
}

/* -a: "results" is an array with one object per size, in order. */
static void test_doc_all_sizes(void **state)
{
	cJSON *arr = cJSON_CreateArray(), *doc, *back, *res;
	uint64_t size;
	int i = 0;

	(void)state;
	assert_non_null(arr);
	for (size = 2; size <= 8; size *= 2)
		assert_true(cJSON_AddItemToArray(
			arr, rp_json_lat_result(size, 100, &lat_st)));
	doc = rp_json_doc(rp_json_test_info(&lat_client), arr);
	assert_non_null(doc);
	back = roundtrip(doc);
	assert_true(cJSON_IsObject(
		cJSON_GetObjectItemCaseSensitive(back, "test_info")));
	res = cJSON_GetObjectItemCaseSensitive(back, "results");
	assert_true(cJSON_IsArray(res));
	assert_int_equal(cJSON_GetArraySize(res), 3);
	for (size = 2; size <= 8; size *= 2, i++)
		assert_true(num(cJSON_GetArrayItem(res, i), "MsgSize") ==
			    (double)size);
	cJSON_Delete(back);
	cJSON_Delete(doc);
}

/* One size: "results" is an object; a missing part frees the other. */
static void test_doc_single(void **state)
{
	cJSON *doc, *back;

	(void)state;
	doc = rp_json_doc(rp_json_test_info(&lat_client),
			  rp_json_lat_result(4096, 1000, &lat_st));
	assert_non_null(doc);
	back = roundtrip(doc);
	assert_true(cJSON_IsObject(
		cJSON_GetObjectItemCaseSensitive(back, "results")));
	cJSON_Delete(back);
	cJSON_Delete(doc);
	assert_null(rp_json_doc(NULL, rp_json_lat_result(2, 5, &lat_st)));
	assert_null(rp_json_doc(rp_json_test_info(&lat_client), NULL));
}

static void test_write(void **state)
{
	char path[] = "/tmp/rp_json_test.XXXXXX", text[4096];
	cJSON *doc, *back;
	size_t len;
	FILE *f;
	int fd;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "old contents, longer than nothing", 33),
			 33);
	close(fd);
	doc = rp_json_doc(rp_json_test_info(&lat_client),
			  rp_json_lat_result(2, 1000, &lat_st));
	assert_non_null(doc);
	assert_int_equal(rp_json_write(path, doc), 0);
	f = fopen(path, "r");
	assert_non_null(f);
	len = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	unlink(path);
	text[len] = '\0';
	assert_true(len > 0 && text[len - 1] == '\n');
	back = cJSON_Parse(text);
	assert_non_null(back);
	cJSON_Delete(back);
	cJSON_Delete(doc);
}

static void test_write_error(void **state)
{
	cJSON *doc = rp_json_lat_result(2, 5, &lat_st);
	struct capture c;
	char err[512];
	int ret;

	(void)state;
	assert_non_null(doc);
	capture_begin(&c);
	ret = rp_json_write("/nonexistent-dir/out.json", doc);
	capture_end(&c, err, sizeof(err));
	assert_int_equal(ret, -ENOENT);
	assert_string_equal(err, "test_json: cannot write "
				 "'/nonexistent-dir/out.json': No such file "
				 "or directory\n");
	cJSON_Delete(doc);
}

/* A symlink at the path (planted in a shared directory) is refused
 * (-ELOOP): the file it points to keeps its bytes, the link stays. */
static void test_write_symlink(void **state)
{
	char dir[] = "/tmp/rp_json_link.XXXXXX", path[64], victim[64];
	char text[64] = "", err[512];
	cJSON *doc = rp_json_lat_result(2, 5, &lat_st);
	struct capture cap;
	struct stat st;
	FILE *f;

	(void)state;
	assert_non_null(doc);
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/out.json", dir);
	snprintf(victim, sizeof(victim), "%s/victim", dir);
	f = fopen(victim, "w");
	assert_non_null(f);
	fputs("precious config\n", f);
	fclose(f);
	assert_int_equal(symlink(victim, path), 0);
	capture_begin(&cap);
	assert_int_equal(rp_json_write(path, doc), -ELOOP);
	capture_end(&cap, err, sizeof(err));
	assert_non_null(strstr(err, "a symbolic link, not to a character "
				    "device or a FIFO"));
	f = fopen(victim, "r");
	assert_non_null(f);
	assert_non_null(fgets(text, sizeof(text), f));
	fclose(f);
	assert_string_equal(text, "precious config\n");
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	unlink(path);
	unlink(victim);
	rmdir(dir);
	cJSON_Delete(doc);
}

/* Write @j to a fresh temporary file and parse it back; caller deletes. */
static cJSON *jsonout_roundtrip(enum rp_output output,
				void (*fill)(struct rp_jsonout *j))
{
	char path[] = "/tmp/rp_jsonout_test.XXXXXX", text[8192];
	struct rp_jsonout j;
	cJSON *back;
	size_t len;
	FILE *f;
	int fd;

	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(rp_jsonout_init(&j, path, output), 0);
	fill(&j);
	assert_int_equal(rp_jsonout_write(&j, &lat_client), 0);
	f = fopen(path, "r");
	assert_non_null(f);
	len = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	unlink(path);
	text[len] = '\0';
	back = cJSON_Parse(text);
	assert_non_null(back);
	assert_string_equal(
		str(cJSON_GetObjectItemCaseSensitive(back, "test_info"),
		    "test"),
		"RDMA_Read_Latency_Test");
	return back;
}

static const struct rp_result bw_row = {
	.size = 65536,
	.iters = 5000,
	.bw_peak = 40.5,
	.bw_avg = 39.25,
	.msg_rate = 0.000628,
};

static void fill_bw_two_and_rails(struct rp_jsonout *j)
{
	struct rp_result r2 = bw_row;

	r2.size = 131072;
	rp_jsonout_add_bw(j, &bw_row);
	rp_jsonout_add_bw(j, &r2);
	rp_jsonout_add_extra(j, "rails", cJSON_CreateArray());
}

static void fill_lat_one(struct rp_jsonout *j)
{
	rp_jsonout_add_lat(j, 2, &lat_st, 0, false);
}

static void fill_lat_duration(struct rp_jsonout *j)
{
	rp_jsonout_add_lat(j, 2, &lat_st, 13805.5, true);
}

static void fill_bw_one(struct rp_jsonout *j)
{
	rp_jsonout_add_bw(j, &bw_row);
}

static void test_jsonout(void **state)
{
	const char *const bw_keys[] = { "MsgSize",    "n_iterations", "BW_peak",
					"BW_average", "MsgRate",      NULL };
	const char *const avg_lat[] = { "avg_lat", NULL };
	const char *const bw_avg[] = { "bw_avg", NULL };
	const char *const dur_keys[] = { "MsgSize", "n_iterations", "t_avg",
					 "tps_average", NULL };
	cJSON *d, *res;

	(void)state;
	d = jsonout_roundtrip(RP_OUTPUT_FULL, fill_bw_two_and_rails);
	res = cJSON_GetObjectItemCaseSensitive(d, "results");
	assert_int_equal(cJSON_GetArraySize(res), 2);
	expect_keys(cJSON_GetArrayItem(res, 0), bw_keys);
	assert_true(num(cJSON_GetArrayItem(res, 1), "MsgSize") == 131072);
	assert_true(
		cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(d, "rails")));
	cJSON_Delete(d);
	d = jsonout_roundtrip(RP_OUTPUT_FULL, fill_lat_one);
	res = cJSON_GetObjectItemCaseSensitive(d, "results");
	assert_true(cJSON_IsObject(res));
	assert_true(num(res, "t_typical") == 62.05);
	assert_true(num(res, "percentile_99.9") == 740.0);
	cJSON_Delete(d);
	d = jsonout_roundtrip(RP_OUTPUT_FULL, fill_lat_duration);
	expect_keys(cJSON_GetObjectItemCaseSensitive(d, "results"), dur_keys);
	cJSON_Delete(d);
	d = jsonout_roundtrip(RP_OUTPUT_LATENCY, fill_lat_one);
	expect_keys(cJSON_GetObjectItemCaseSensitive(d, "results"), avg_lat);
	cJSON_Delete(d);
	d = jsonout_roundtrip(RP_OUTPUT_BANDWIDTH, fill_bw_one);
	res = cJSON_GetObjectItemCaseSensitive(d, "results");
	expect_keys(res, bw_avg);
	assert_true(num(res, "bw_avg") == 39.25);
	cJSON_Delete(d);
}

/* Without --out_json: nothing collected, nothing written, no error. */
static void test_jsonout_disabled(void **state)
{
	struct rp_jsonout j;

	(void)state;
	assert_int_equal(rp_jsonout_init(&j, NULL, RP_OUTPUT_FULL), 0);
	rp_jsonout_add_bw(&j, &bw_row);
	rp_jsonout_add_lat(&j, 2, &lat_st, 0, false);
	rp_jsonout_add_extra(&j, "rails", cJSON_CreateArray());
	assert_null(j.rows);
	assert_int_equal(rp_jsonout_write(&j, &lat_client), 0);
	rp_jsonout_fini(&j);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_info_lat_client),
		cmocka_unit_test(test_info_tos_tclass),
		cmocka_unit_test(test_info_lat_server),
		cmocka_unit_test(test_info_bw),
		cmocka_unit_test(test_info_post_list_cm),
		cmocka_unit_test(test_dur_and_value_results),
		cmocka_unit_test(test_lat_result),
		cmocka_unit_test(test_bw_result),
		cmocka_unit_test(test_doc_all_sizes),
		cmocka_unit_test(test_doc_single),
		cmocka_unit_test(test_write),
		cmocka_unit_test(test_write_error),
		cmocka_unit_test(test_write_symlink),
		cmocka_unit_test(test_jsonout),
		cmocka_unit_test(test_jsonout_disabled),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
