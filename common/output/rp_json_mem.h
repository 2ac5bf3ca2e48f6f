/* SPDX-License-Identifier: MIT */
/*
 * rp_json_mem.h - --out_json's "memory" key: which memory held the test
 * buffer when a GPU's was asked for (--use_cuda), beside perftest's
 * "cuda_device".
 */
#ifndef RP_JSON_MEM_H
#define RP_JSON_MEM_H

#include <cjson/cJSON.h>

#include "verbs/rp_mem.h"

/*
 * rp_json_mem - {"kind": "pinned_host" | "device_dmabuf" |
 * "device_peermem", "gpu": ordinal, "pci": "0000:01:00.0", "name": the
 * GPU's, "why": "integrated GPU: pinned host memory"} for a GPU buffer
 * @b; NULL for host memory (no key). A new object, or NULL.
 */
cJSON *rp_json_mem(const struct rp_buf *b);

#endif /* RP_JSON_MEM_H */
