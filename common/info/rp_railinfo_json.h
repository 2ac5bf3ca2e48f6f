/* SPDX-License-Identifier: MIT */
/*
 * rp_railinfo_json.h - rail_info --json.
 */
#ifndef RP_RAILINFO_JSON_H
#define RP_RAILINFO_JSON_H

#include <cjson/cJSON.h>

#include "info/rp_railinfo_port.h"

/*
 * rp_railinfo_json - the same as a cJSON tree: { "source", "rails": [ {
 * "device", "port", "state", ..., "gids": [...], "gid_index", "gid_reason",
 * "warnings": [...] } ], "none": why (only when there are no rails) }.
 * Snake-case keys with units (rate_gbps, wire_ceiling_gbps). Returns the
 * root or NULL (errno ENOMEM).
 */
cJSON *rp_railinfo_json(const struct rp_railinfo *ri);

#endif /* RP_RAILINFO_JSON_H */
