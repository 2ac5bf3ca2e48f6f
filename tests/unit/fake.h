/* SPDX-License-Identifier: MIT */
/*
 * fake.h - the fake device, rail and engine of the app tests
 * (test_bwapp.c, test_latapp.c), linked before librailperf.a so that
 * they stand in for rp_dev.o, rp_rail.o, rp_bw.o, rp_bwpost.o, rp_lat.o
 * and rp_probe.o (Makefile: APP_FAKES). Both sides of a test run in one
 * process, so a rail's "remote" address is a real pointer into the
 * peer's buffer: the fake engine moves the bytes there as the NIC would
 * (WRITE and SEND into the peer's slice, READ from it), a SEND needs the
 * peer's receives posted, and a side that receives waits until the peer's
 * messages arrived ("the wire" below).
 * Its numbers are fixed: every message takes FAKE_NS_PER_MSG in the
 * counted window, every latency sample FAKE_LAT_NS.
 */
#ifndef RP_TEST_FAKE_H
#define RP_TEST_FAKE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FAKE_T0_NS 1000000000ULL /* the counted window's start */
#define FAKE_NS_PER_MSG 1000	 /* 1 Mpps per rail */
#define FAKE_LAT_NS 2000	 /* each latency sample */
#define FAKE_VENDOR 0x0		 /* a device perftest 6.06 does not know */
/* --lat_probe: the fake probe's samples per rail (rp_probe_run): idle,
 * FAKE_PROBE_IDLE_N of FAKE_PROBE_IDLE_NS; loaded, FAKE_PROBE_IN of
 * FAKE_PROBE_LOADED_NS posted inside the bandwidth window (from
 * FAKE_T0_NS, one a message's time apart) and FAKE_PROBE_OUT of 1 s
 * each posted outside it (before and long after), which the report must
 * leave out */
#define FAKE_PROBE_IDLE_N 100
#define FAKE_PROBE_IDLE_NS 5000
#define FAKE_PROBE_IN 50
#define FAKE_PROBE_LOADED_NS 20000
#define FAKE_PROBE_OUT 10

/* The test's knobs; reset by fake_reset. */
struct fake_knobs {
	bool corrupt;	   /* the data's first byte arrives flipped */
	unsigned int runs; /* rp_bw_run and rp_lat_run calls, both sides */
	unsigned int max_inline; /* the largest inline size a rail opened
				  * with (rp_rail_cfg.max_inline), bytes */
	unsigned int probe_runs; /* rp_probe_run calls, both phases */
	int probe_fail;		 /* rp_probe_run's loaded phase returns it */
};
extern struct fake_knobs fake;

/* fake_reset - the knobs back to a clean run. */
void fake_reset(void);

/*
 * fake_wire_deliver - @msgs messages landed in the buffer that holds
 * address @addr (a fake rail's); fake_wire_await - wait up to 10 s until
 * @msgs more landed in the buffer at @base than this side took so far.
 * 0, or -ETIMEDOUT.
 */
void fake_wire_deliver(uint64_t addr, uint64_t msgs);
int fake_wire_await(const void *base, uint64_t msgs);

/*
 * fake_wire_post - receives were posted in the buffer at @base (SEND's
 * pre-posted receives); fake_wire_posted - whether the buffer that holds
 * address @addr has any: a message that takes a receive finds none
 * otherwise (the RNR a real NIC would end the run with).
 */
void fake_wire_post(const void *base);
bool fake_wire_posted(uint64_t addr);

#endif /* RP_TEST_FAKE_H */
