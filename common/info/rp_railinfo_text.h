/* SPDX-License-Identifier: MIT */
/*
 * rp_railinfo_text.h - the text rail_info prints.
 */
#ifndef RP_RAILINFO_TEXT_H
#define RP_RAILINFO_TEXT_H

#include <stdio.h>

#include "info/rp_railinfo_port.h"

/*
 * rp_railinfo_print - the text rail_info prints: one aligned summary row
 * per rail (DEVICE PORT STATE LINK RATE ACTIVE_MTU MAX_MTU NETDEV NUMA CPUS
 * PCIE GID CEILING), then per rail its netdev and addresses, locality,
 * PCIe link, ceiling, the GID table (index, type, address, netdev; the
 * chosen entry marked "<- chosen"), the binaries' line "GID index N: ..."
 * and any warning. With no rails, @ri->none_why. Returns 0 or -ENOMEM.
 */
int rp_railinfo_print(FILE *f, const struct rp_railinfo *ri);

#endif /* RP_RAILINFO_TEXT_H */
