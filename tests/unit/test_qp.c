/* Description: rp_qp_ah, the address vector a QP moves to RTR with: with a
 * GID index a GRH with that source index, the peer's GID, --tclass and
 * hop limit 255 (perftest_resources.c ctx_modify_qp_to_rtr), LID and port
 * as given, SL 0; without a GID index (InfiniBand, no -x) no GRH at all. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "verbs/rp_qp.h"

static void peer_init(struct rp_rail_addr *p)
{
	unsigned int i;

	memset(p, 0, sizeof(*p));
	p->lid = 0x1234;
	for (i = 0; i < sizeof(p->gid); i++)
		p->gid[i] = (uint8_t)(0xa0 + i);
}

/* The requester's give-up time: (retry_cnt 7 + 1) x 4.096 us x 2^-u:
 * perftest's default -u 14 is 67.1 ms a try, 536.9 ms in all; -u 0
 * never times out; the largest -u does not overflow. */
static void test_give_up(void **state)
{
	(void)state;
	assert_int_equal(rp_qp_give_up_ns(14), 536870912ULL);
	assert_int_equal(rp_qp_give_up_ns(1), 65536ULL);
	assert_int_equal(rp_qp_give_up_ns(0), 0);
	assert_int_equal(rp_qp_give_up_ns(31), 8ULL * 4096 * (1ULL << 31));
	assert_int_equal(rp_qp_give_up_ns(32), 0);
}

static void test_ah_grh(void **state)
{
	struct rp_rail r = { .gid_index = 3, .traffic_class = 106 };
	struct rp_rail_addr peer;
	struct ibv_ah_attr ah;

	(void)state;
	r.dev.port = 1;
	peer_init(&peer);
	memset(&ah, 0x5a, sizeof(ah));
	rp_qp_ah(&r, &peer, &ah);
	assert_int_equal(ah.is_global, 1);
	assert_int_equal(ah.grh.hop_limit, 255);
	assert_int_equal(ah.grh.sgid_index, 3);
	assert_int_equal(ah.grh.traffic_class, 106);
	assert_int_equal(ah.grh.flow_label, 0);
	assert_memory_equal(ah.grh.dgid.raw, peer.gid, 16);
	assert_int_equal(ah.dlid, 0x1234);
	assert_int_equal(ah.sl, 0);
	assert_int_equal(ah.port_num, 1);
	assert_int_equal(ah.src_path_bits, 0);
	assert_int_equal(ah.static_rate, 0);
}

static void test_ah_no_gid(void **state)
{
	struct rp_rail r = { .gid_index = -1 };
	struct rp_rail_addr peer;
	struct ibv_ah_attr ah;

	(void)state;
	r.dev.port = 2;
	peer_init(&peer);
	memset(&ah, 0x5a, sizeof(ah));
	rp_qp_ah(&r, &peer, &ah);
	assert_int_equal(ah.is_global, 0);
	assert_int_equal(ah.grh.hop_limit, 0);
	assert_int_equal(ah.dlid, 0x1234);
	assert_int_equal(ah.port_num, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_give_up),
		cmocka_unit_test(test_ah_grh),
		cmocka_unit_test(test_ah_no_gid),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
