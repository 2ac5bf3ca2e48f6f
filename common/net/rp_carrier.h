/* SPDX-License-Identifier: MIT */
/*
 * rp_carrier.h - how often a netdev's link went down and came back since
 * boot, from its carrier counters in sysfs (Documentation/ABI/testing/
 * sysfs-class-net): class/net/NDEV/carrier_up_count and
 * carrier_down_count (Linux 4.16), else carrier_changes (3.15; their
 * sum). A drop is a carrier loss the link came back from: each carrier
 * up after the first one. Drivers count their bring-up differently
 * (virtio-net counts a down before its first up, 1 and 1; others may
 * count the up alone), so the first up is the baseline either way; from
 * carrier_changes alone, (changes - 1) / 2 rounded down does the same.
 * `ip link set down` counts only on drivers that drop the carrier when
 * the netdev is stopped (mlx5 does; virtio-net does not).
 */
#ifndef RP_CARRIER_H
#define RP_CARRIER_H

#include <stdbool.h>

struct rp_carrier {
	bool known;	       /* a counter was read */
	bool split;	       /* carrier_up_count and carrier_down_count */
	unsigned long up;      /* carrier_up_count (split) */
	unsigned long down;    /* carrier_down_count (split) */
	unsigned long changes; /* carrier_changes, or up + down */
	unsigned long drops;   /* times the link went down and came back */
};

/*
 * rp_carrier_read - @ndev's carrier counters under @sysroot into @c and
 * its drops since boot (see above). An empty @ndev, or a netdev with none
 * of the files, leaves @c->known false. Returns 0, or -ENOENT then.
 */
int rp_carrier_read(const char *sysroot, const char *ndev,
		    struct rp_carrier *c);

/* rp_carrier_drops - the drops for @c's counters (see above). */
unsigned long rp_carrier_drops(const struct rp_carrier *c);

#endif /* RP_CARRIER_H */
