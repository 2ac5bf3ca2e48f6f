// SPDX-License-Identifier: MIT
/* rp_json_mem.c - --out_json's "memory"; see rp_json_mem.h. */
#include "verbs/rp_cuda.h"

#include "output/rp_json_mem.h"

static const char *rp_json_mem_kind(enum rp_gpu_mem m)
{
	switch (m) {
	case RP_GPU_MEM_DMABUF: return "device_dmabuf";
	case RP_GPU_MEM_PEERMEM: return "device_peermem";
	case RP_GPU_MEM_HOST: return "pinned_host";
	case RP_GPU_MEM_NONE: break;
	}
	return "none";
}

cJSON *rp_json_mem(const struct rp_buf *b)
{
	const struct rp_gpu *g = b->gpu;
	cJSON *o;

	if (b->kind != RP_BUF_GPU || !g)
		return NULL;
	o = cJSON_CreateObject();
	if (!o ||
	    !cJSON_AddStringToObject(o, "kind", rp_json_mem_kind(g->mem)) ||
	    !cJSON_AddNumberToObject(o, "gpu", g->index) ||
	    !cJSON_AddStringToObject(o, "pci", g->pci) ||
	    !cJSON_AddStringToObject(o, "name", g->name) ||
	    !cJSON_AddStringToObject(o, "why", g->why)) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}
