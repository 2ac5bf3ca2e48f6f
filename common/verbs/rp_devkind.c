// SPDX-License-Identifier: MIT
#include <stddef.h>

#include "verbs/rp_devkind.h"

#define RP_DK_INLINE 220      /* perftest's DEF_INLINE_WRITE */
#define RP_DK_INLINE_SEND 236 /* perftest's DEF_INLINE_SEND_RC_UC_XRC */

/* Vendors ib_dev_name tells apart before its vendor_part_id switch. */
#define RP_VENDOR_CHELSIO 5157
#define RP_VENDOR_INTEL 0x8086
#define RP_VENDOR_TCU 0x209b
#define RP_VENDOR_YUNSILICON 0x1f67
#define RP_VENDOR_NBL 0x1f0f
#define RP_VENDOR_PENSANDO 0x1dd8

/* One run of vendor_part_ids of one device family (any other vendor). */
struct rp_dk_range {
	uint32_t lo, hi;
	unsigned short inl; /* ctx_set_max_inline's WRITE latency default */
	bool wr_api;	    /* in verify_params_with_device_context's list */
};

/* ib_dev_name's vendor_part_id switch, ascending; families in comments. */
static const struct rp_dk_range rp_dk_parts[] = {
	{ 1824, 1824, 220, false },   /* SKYHAWK */
	{ 4099, 4100, 220, false },   /* CONNECTX3 */
	{ 4103, 4104, 220, false },   /* CONNECTX3_PRO */
	{ 4113, 4113, 220, true },    /* CONNECTIB */
	{ 4115, 4127, 220, true },    /* CONNECTX4 .. CONNECTX6LX, MLX5GENVF */
	{ 4129, 4129, 220, true },    /* CONNECTX7 */
	{ 4131, 4131, 220, true },    /* CONNECTX8 */
	{ 4133, 4133, 220, true },    /* CONNECTX9 */
	{ 4135, 4135, 220, true },    /* CONNECTX10 */
	{ 4223, 4223, 96, false },    /* ERDMA */
	{ 5638, 5638, 96, false },    /* NETXTREME */
	{ 5652, 5652, 96, false },    /* NETXTREME */
	{ 5684, 5684, 128, false },   /* QLOGIC_E4 */
	{ 5700, 5700, 128, false },   /* QLOGIC_E4 */
	{ 5716, 5716, 128, false },   /* QLOGIC_E4 */
	{ 5718, 5718, 128, false },   /* QLOGIC_E4 */
	{ 5734, 5734, 128, false },   /* QLOGIC_E4 */
	{ 5824, 5825, 96, false },    /* NETXTREME */
	{ 5827, 5827, 96, false },    /* NETXTREME */
	{ 5839, 5839, 96, false },    /* NETXTREME */
	{ 5846, 5849, 96, false },    /* NETXTREME */
	{ 5855, 5855, 96, false },    /* NETXTREME */
	{ 5858, 5859, 96, false },    /* NETXTREME */
	{ 5861, 5861, 96, false },    /* NETXTREME */
	{ 5867, 5867, 96, false },    /* NETXTREME */
	{ 5869, 5869, 96, false },    /* NETXTREME */
	{ 5871, 5873, 96, false },    /* NETXTREME */
	{ 5968, 5968, 96, false },    /* NETXTREME */
	{ 5984, 5984, 96, false },    /* NETXTREME */
	{ 6169, 6169, 96, false },    /* NETXTREME */
	{ 25408, 25408, 220, false }, /* CONNECTX */
	{ 25418, 25418, 220, false }, /* CONNECTX */
	{ 25428, 25428, 220, false }, /* CONNECTX */
	{ 25448, 25448, 220, false }, /* CONNECTX */
	{ 26418, 26418, 220, false }, /* CONNECTX2 */
	{ 26428, 26428, 220, false }, /* CONNECTX2 */
	{ 26438, 26438, 220, false }, /* CONNECTX2 */
	{ 26448, 26448, 220, false }, /* CONNECTX2 */
	{ 26458, 26458, 220, false }, /* CONNECTX2 */
	{ 26468, 26468, 220, false }, /* CONNECTX2 */
	{ 26478, 26478, 220, false }, /* CONNECTX2 */
	{ 32880, 32883, 220, false }, /* QLOGIC_AH */
	{ 32912, 32912, 220, false }, /* QLOGIC_AH */
	{ 33136, 33136, 220, false }, /* QLOGIC_AHP */
	{ 33168, 33168, 220, false }, /* QLOGIC_AHP */
	{ 41506, 41510, 32, true },   /* HNS */
	{ 41512, 41512, 32, true },   /* HNS */
	{ 41519, 41519, 32, true },   /* HNS */
	{ 41682, 41683, 220, true },  /* BLUEFIELD */
	{ 41686, 41686, 220, true },  /* BLUEFIELD2 */
	{ 41692, 41692, 220, true },  /* BLUEFIELD3 */
	{ 41695, 41695, 220, true },  /* BLUEFIELD4 */
	{ 55296, 55296, 96, false },  /* NETXTREME */
	{ 55298, 55298, 96, false },  /* NETXTREME */
	{ 55300, 55300, 96, false },  /* NETXTREME */
	{ 61344, 61348, 32, true },   /* EFA (efa0 .. efa4) */
};

static void rp_dk_set(struct rp_devkind *k, unsigned int inl, bool wr_api)
{
	k->known = true;
	k->write_lat_inline = inl;
	/* ctx_set_max_inline: SEND RC's DEF_INLINE_SEND_RC_UC_XRC where
	 * WRITE gets DEF_INLINE_WRITE; a family's override is both verbs' */
	k->send_lat_inline = inl == RP_DK_INLINE ? RP_DK_INLINE_SEND : inl;
	k->wr_api = wr_api;
}

/* NBL (0x1f0f): DF200, DRACO and RNIC400 465 B on RC, LEONIS (the rest) 32. */
static unsigned int rp_dk_nbl_inline(uint32_t part)
{
	if (part == 0x1047 || part == 0x1226 || part == 0x1227 ||
	    part == 0x1610 || (part >= 0x3500 && part <= 0x350a))
		return 465;
	return 32;
}

/* The vendors ib_dev_name tests first; false for any other vendor. */
static bool rp_dk_vendor(uint32_t vendor, uint32_t part, struct rp_devkind *k)
{
	switch (vendor) {
	case RP_VENDOR_CHELSIO: /* T4, T5, T6 by part >> 12 */
		if ((part >> 12) == 4 || (part >> 12) == 5 ||
		    (part >> 12) == 6 || (part >> 12) == 10 ||
		    (part >> 12) == 11)
			rp_dk_set(k, RP_DK_INLINE, false);
		return true;
	case RP_VENDOR_INTEL: /* GEN1 14289, every other part GEN2 */
		rp_dk_set(k, part == 14289 ? 48 : 101, false);
		return true;
	case RP_VENDOR_TCU:
		if (part == 0x1000)
			rp_dk_set(k, RP_DK_INLINE, false);
		return true;
	case RP_VENDOR_YUNSILICON: /* DIAMOND(_NEXT) 64, ANDES (rest) 32 */
		rp_dk_set(k, part == 0x1021 || part == 0x1023 ? 64 : 32, true);
		return true;
	case RP_VENDOR_NBL:
		rp_dk_set(k, rp_dk_nbl_inline(part), false);
		return true;
	case RP_VENDOR_PENSANDO: rp_dk_set(k, RP_DK_INLINE, false); return true;
	}
	return false;
}

void rp_devkind_of(uint32_t vendor_id, uint32_t part_id, struct rp_devkind *k)
{
	size_t i;

	*k = (struct rp_devkind){ 0 };
	if (rp_dk_vendor(vendor_id, part_id, k))
		return;
	for (i = 0; i < sizeof(rp_dk_parts) / sizeof(rp_dk_parts[0]); i++)
		if (part_id >= rp_dk_parts[i].lo &&
		    part_id <= rp_dk_parts[i].hi) {
			rp_dk_set(k, rp_dk_parts[i].inl, rp_dk_parts[i].wr_api);
			return;
		}
}
