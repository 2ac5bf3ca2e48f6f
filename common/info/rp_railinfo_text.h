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
 * per rail in at most 100 columns (DEVICE PORT STATE LINK RATE MTU NETDEV
 * GID CEILING; RATE without lane names on Ethernet, MTU the RoCE MTU and
 * the netdev's, "4096/9000"), then per rail its netdev and addresses, MTUs, locality,
 * PCIe link, ceiling, the GID table (index, type, address, netdev; the
 * chosen entry marked "<- chosen"), the binaries' line "GID index N: ..."
 * and any warning. With no rails, @ri->none_why. Returns 0 or -ENOMEM.
 */
int rp_railinfo_print(FILE *f, const struct rp_railinfo *ri);

#endif /* RP_RAILINFO_TEXT_H */
