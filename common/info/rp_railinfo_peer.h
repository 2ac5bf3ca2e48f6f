/* SPDX-License-Identifier: MIT */
/*
 * rp_railinfo_peer.h - rail_info --peer_json FILE: the far end of each
 * rail, from the peer host's own `rail_info --json` (copied here), so
 * that --check can name a netdev MTU that differs between the two ends
 * of a rail (RoCE then runs at the smaller path MTU, and IP packets
 * larger than the smaller MTU are dropped). The two ends of a rail are
 * the local netdev and the peer's netdev with an IPv4 address in the
 * same subnet (the local address's prefix), as back-to-back cables and
 * rail-per-subnet fabrics are laid out. The binaries learn the far end's
 * MTU from their peer instead (RAIL carries it).
 */
#ifndef RP_RAILINFO_PEER_H
#define RP_RAILINFO_PEER_H

#include <cjson/cJSON.h>

#include "info/rp_railinfo_port.h"

/*
 * rp_railinfo_peer_load - read and parse @path, another host's rail_info
 * --json, before any device is opened. Returns the document (the caller
 * cJSON_Deletes it), or NULL with errno and one line naming @path and
 * what is wrong (it cannot be read, it is not rail_info's JSON).
 */
cJSON *rp_railinfo_peer_load(const char *path);

/*
 * rp_railinfo_peer_apply - for each rail of @ri whose netdev has an IPv4
 * address, the rail of @peer (rp_railinfo_peer_load's) whose netdev has
 * one in the same subnet: its netdev MTU into @p->peer_mtu (0 when the
 * file gives none) and "DEV (NDEV)" into @p->peer_rail.
 */
void rp_railinfo_peer_apply(struct rp_railinfo *ri, const cJSON *peer);

#endif /* RP_RAILINFO_PEER_H */
