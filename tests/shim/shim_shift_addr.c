// SPDX-License-Identifier: MIT
/*
 * Description: LD_PRELOAD shim for tests/e2e/t_fault_validate.sh, a real
 * data corruption: the RAIL message the process sends (over send(2))
 * announces each QP's buffer one byte past where it is, so the peer's
 * RDMA WRITEs land, and its READs read, one byte off. The message stays
 * well-formed; only the data is wrong, which --validate must catch.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>

#include "proto/rp_msg.h"

#define HDR_LEN RP_MSG_HDR_LEN
#define RAIL_TYPE RP_MSG_RAIL
#define RAIL_FIXED RP_MSG_RAIL_FIXED_LEN /* the RAIL payload before its QPs */
#define RAIL_QP RP_MSG_RAIL_QP_LEN	 /* one QP entry */
#define QP_ADDR RP_MSG_RAIL_QP_ADDR_OFF	 /* the addr field in an entry */
#define PAYLOAD_MAX 65536

ssize_t send(int fd, const void *buf, size_t len, int flags);

static int shim_rail_next; /* the next send() is a RAIL payload */

/* A railperf header of a RAIL message ("RPF1", version, type 2). */
static int shim_is_rail_hdr(const uint8_t *p, size_t len)
{
	return len == HDR_LEN && !memcmp(p, "RPF1", 4) && p[6] == 0 &&
	       p[7] == RAIL_TYPE;
}

/* Add 1 to the big-endian u64 at @p. */
static void shim_inc_be64(uint8_t *p)
{
	int i;

	for (i = 7; i >= 0; i--)
		if (++p[i])
			break;
}

/* send(2), with every QP's addr in a RAIL payload moved one byte on. */
ssize_t send(int fd, const void *buf, size_t len, int flags)
{
	static ssize_t (*real)(int, const void *, size_t, int);
	static uint8_t copy[PAYLOAD_MAX];
	size_t off;

	if (!real)
		real = (ssize_t(*)(int, const void *, size_t,
				   int))dlsym(RTLD_NEXT, "send");
	if (shim_is_rail_hdr(buf, len)) {
		shim_rail_next = 1;
		return real(fd, buf, len, flags);
	}
	if (!shim_rail_next || len < RAIL_FIXED || len > sizeof(copy))
		return real(fd, buf, len, flags);
	shim_rail_next = 0;
	memcpy(copy, buf, len);
	for (off = RAIL_FIXED; off + RAIL_QP <= len; off += RAIL_QP)
		shim_inc_be64(copy + off + QP_ADDR);
	return real(fd, copy, len, flags);
}
