/* SPDX-License-Identifier: MIT */
/*
 * rp_devkind.h - what current perftest decides from a device's PCI vendor
 * and part IDs alone: whether it knows the device at all, whether it posts
 * with the ibv_wr_* API there, and ib_write_lat's default inline size.
 * One table for both decisions (perftest head, 2026: ConnectX-4 .. 10,
 * BlueField 1 .. 4, EFA, HNS, Yunsilicon among others).
 */
#ifndef RP_DEVKIND_H
#define RP_DEVKIND_H

#include <stdbool.h>
#include <stdint.h>

struct rp_devkind {
	bool known;		       /* perftest's ib_dev_name != UNKNOWN */
	bool wr_api;		       /* perftest posts with ibv_wr_* here */
	unsigned int write_lat_inline; /* ib_write_lat's default -I, RC */
	unsigned int send_lat_inline;  /* ib_send_lat's: 236 where the
					* WRITE's is perftest's 220, else
					* the family's one value */
};

/*
 * rp_devkind_of - @vendor_id / @part_id (ibv_device_attr's vendor_id and
 * vendor_part_id) as current perftest classifies them:
 * perftest_parameters.c ib_dev_name (the device enum), ctx_set_max_inline
 * (WRITE latency on RC: DEF_INLINE_WRITE 220 B, with the per-family
 * overrides; 0 on an unknown device) and perftest_resources.c
 * verify_params_with_device_context (the devices that keep the new post
 * send, i.e. ibv_wr_*). Soft-RoCE and siw are unknown: no inline, no
 * ibv_wr_*. Pure; fills *@k.
 */
void rp_devkind_of(uint32_t vendor_id, uint32_t part_id, struct rp_devkind *k);

#endif /* RP_DEVKIND_H */
