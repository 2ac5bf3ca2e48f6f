/* Description: rp_ifaddr: rp_ipv4_parse (dotted quads only, stored
 * IPv4-mapped); rp_ifaddrs_add (no duplicates, -ENOSPC when full);
 * rp_ifaddrs_read over the host fixtures' ifaddrs files (comments and
 * blank lines skipped, IPv4 and IPv6 with prefixes), a missing file
 * (-ENOENT) and bad lines (-EINVAL, one line naming file, line and text);
 * rp_ifaddrs_prefix (per netdev, -1 when absent or no list);
 * rp_ifaddr_str; rp_ifaddrs_live on this machine (loopback 127.0.0.1/8
 * when present). */
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "capture.h"
#include "hosts.h"
#include "net/rp_ifaddr.h"

static struct rp_ifaddrs *list_new(void)
{
	struct rp_ifaddrs *l = calloc(1, sizeof(*l));

	assert_non_null(l);
	return l;
}

static void test_ipv4_parse(void **state)
{
	static const uint8_t want[16] = { 0, 0, 0,    0,    0,	 0,   0,   0,
					  0, 0, 0xff, 0xff, 192, 168, 100, 11 };
	uint8_t raw[16];

	(void)state;
	assert_int_equal(rp_ipv4_parse("192.168.100.11", raw), 0);
	assert_memory_equal(raw, want, 16);
	assert_int_equal(rp_ipv4_parse("1.2.3", raw), -EINVAL);
	assert_int_equal(rp_ipv4_parse("256.1.1.1", raw), -EINVAL);
	assert_int_equal(rp_ipv4_parse("::1", raw), -EINVAL);
	assert_int_equal(rp_ipv4_parse("", raw), -EINVAL);
	assert_int_equal(rp_ipv4_parse("10.0.0.1 ", raw), -EINVAL);
}

static void test_add(void **state)
{
	struct rp_ifaddrs *l = list_new();
	uint8_t raw[16];
	unsigned int i;

	(void)state;
	assert_int_equal(rp_ipv4_parse("10.0.1.1", raw), 0);
	assert_int_equal(rp_ifaddrs_add(l, "eth0", raw, 24), 0);
	assert_int_equal(rp_ifaddrs_add(l, "eth0", raw, 24), 0);
	assert_int_equal(l->n, 1);
	assert_int_equal(rp_ifaddrs_add(l, "eth1", raw, 16), 0);
	assert_int_equal(l->n, 2);
	assert_int_equal(rp_ifaddrs_prefix(l, "eth1", raw), 16);
	for (i = 2; i < RP_IFADDRS_MAX; i++) {
		raw[15] = (uint8_t)i;
		raw[14] = (uint8_t)(i >> 8);
		assert_int_equal(rp_ifaddrs_add(l, "eth2", raw, 8), 0);
	}
	raw[13] = 99;
	assert_int_equal(rp_ifaddrs_add(l, "eth2", raw, 8), -ENOSPC);
	assert_int_equal(l->n, RP_IFADDRS_MAX);
	free(l);
}

static void read_host(void **state, const char *host, struct rp_ifaddrs *l)
{
	char path[PATH_MAX + 32];

	snprintf(path, sizeof(path), "%s/%s/ifaddrs", (char *)*state, host);
	assert_int_equal(rp_ifaddrs_read(path, l), 0);
}

static void test_read_fixture(void **state)
{
	struct rp_ifaddrs *l = list_new();
	char s[RP_IFADDR_STR_LEN];
	uint8_t raw[16];

	read_host(state, "connectx", l);
	assert_int_equal(l->n, 5);
	assert_string_equal(l->a[0].ndev, "enp23s0f0np0");
	assert_string_equal(rp_ifaddr_str(&l->a[0], s), "192.168.100.11/24");
	assert_string_equal(rp_ifaddr_str(&l->a[1], s),
			    "fe80::e42:a1ff:fe12:3400/64");
	assert_int_equal(rp_ipv4_parse("192.168.200.5", raw), 0);
	assert_int_equal(rp_ifaddrs_prefix(l, "enp23s0f1np1", raw), 24);
	assert_int_equal(rp_ifaddrs_prefix(l, "enp23s0f0np0", raw), -1);
	assert_int_equal(rp_ifaddrs_prefix(NULL, "enp23s0f1np1", raw), -1);
	read_host(state, "infiniband", l);
	assert_int_equal(l->n, 1);
	assert_string_equal(rp_ifaddr_str(&l->a[0], s), "10.30.0.5/16");
	free(l);
}

/* Write @text to a temporary file; its path into @path. */
static void tmp_file(const char *text, char *path, size_t len)
{
	int fd;

	snprintf(path, len, "/tmp/rp_ifaddr_XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
}

static int read_text(const char *text, struct rp_ifaddrs *l, char *err,
		     size_t len)
{
	struct capture c;
	char path[64];
	int ret;

	tmp_file(text, path, sizeof(path));
	capture_begin(&c);
	ret = rp_ifaddrs_read(path, l);
	capture_end(&c, err, len);
	unlink(path);
	return ret;
}

static void test_read_bad(void **state)
{
	struct rp_ifaddrs *l = list_new();
	char err[512];

	(void)state;
	assert_int_equal(read_text("# c\n\neth0 10.0.0.1/8\n  \n", l, err,
				   sizeof(err)),
			 0);
	assert_int_equal(l->n, 1);
	assert_string_equal(err, "");
	assert_int_equal(read_text("eth0 10.0.0.1/8\neth1 10.0.0.2\n", l, err,
				   sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "line 2: 'eth1 10.0.0.2' is not "
				    "'NDEV ADDRESS/PREFIX'"));
	assert_int_equal(read_text("eth0 10.0.0.1/33\n", l, err, sizeof(err)),
			 -EINVAL);
	assert_int_equal(read_text("eth0 fe80::1/129\n", l, err, sizeof(err)),
			 -EINVAL);
	assert_int_equal(read_text("eth0 fe80::1/\n", l, err, sizeof(err)),
			 -EINVAL);
	assert_int_equal(read_text("eth0\n", l, err, sizeof(err)), -EINVAL);
	assert_int_equal(read_text("a_netdev_name_too_long 10.0.0.1/8\n", l,
				   err, sizeof(err)),
			 -EINVAL);
	assert_int_equal(read_text("eth0 fe80::1/128\n", l, err, sizeof(err)),
			 0);
	assert_int_equal(rp_ifaddrs_read("/nonexistent/railperf/ifaddrs", l),
			 -ENOENT);
	free(l);
}

static void test_str(void **state)
{
	struct rp_ifaddr a = { .ndev = "eth0", .prefix = 0 };
	char s[RP_IFADDR_STR_LEN];

	(void)state;
	assert_int_equal(rp_ipv4_parse("10.0.1.1", a.raw), 0);
	assert_string_equal(rp_ifaddr_str(&a, s), "10.0.1.1");
	a.prefix = 32;
	assert_string_equal(rp_ifaddr_str(&a, s), "10.0.1.1/32");
	memset(a.raw, 0, 16);
	a.raw[15] = 1;
	a.prefix = 128;
	assert_string_equal(rp_ifaddr_str(&a, s), "::1/128");
}

static void test_live(void **state)
{
	struct rp_ifaddrs *l = list_new();
	uint8_t lo[16];
	unsigned int i;

	(void)state;
	assert_int_equal(rp_ifaddrs_live(l), 0);
	for (i = 0; i < l->n; i++) {
		assert_true(l->a[i].ndev[0] != '\0');
		assert_true(l->a[i].prefix <= 128);
	}
	assert_int_equal(rp_ipv4_parse("127.0.0.1", lo), 0);
	if (rp_ifaddrs_prefix(l, "lo", lo) >= 0)
		assert_int_equal(rp_ifaddrs_prefix(l, "lo", lo), 8);
	free(l);
}

int main(int argc, char **argv)
{
	char hosts[PATH_MAX];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ipv4_parse),
		cmocka_unit_test(test_add),
		cmocka_unit_test_prestate(test_read_fixture, hosts),
		cmocka_unit_test(test_read_bad),
		cmocka_unit_test(test_str),
		cmocka_unit_test(test_live),
	};

	hosts_find(argc > 0 ? argv[0] : NULL, hosts);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
