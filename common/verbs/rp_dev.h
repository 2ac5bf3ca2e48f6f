/* SPDX-License-Identifier: MIT */
/*
 * rp_dev.h - an opened RDMA device and one of its ports.
 */
#ifndef RP_DEV_H
#define RP_DEV_H

#include <stdbool.h>
#include <infiniband/verbs.h>

#include "net/rp_gid.h"
#include "net/rp_gid_rules.h"

struct rp_dev {
	struct ibv_context *ctx;
	struct ibv_device_attr attr;
	struct ibv_port_attr port_attr;
	unsigned int port;
	char name[IBV_SYSFS_NAME_MAX];
	bool borrowed; /* ctx is rdma_cm's: rp_dev_close keeps it */
};

/*
 * rp_dev_open - open device @name (NULL: the first one) and check that
 * @port exists and is ACTIVE. On failure prints one line (an unknown name
 * lists the devices present) and returns -ENODEV, -EINVAL (no such port),
 * -ENETDOWN (port not ACTIVE) or another -errno. @d is caller-owned; close
 * it with rp_dev_close().
 */
int rp_dev_open(struct rp_dev *d, const char *name, unsigned int port);

/*
 * rp_dev_attach - as rp_dev_open, on a context someone else opened and
 * keeps (-R: the device rdma_cm routed to); rp_dev_close leaves it open.
 */
int rp_dev_attach(struct rp_dev *d, struct ibv_context *ctx, unsigned int port);

/*
 * rp_dev_exists - whether RDMA device @name is present, without opening it
 * (a cheap check before slow set-up). Returns 0, or prints the line
 * rp_dev_open would (no devices; or the name and the devices present) and
 * returns -ENODEV or another -errno.
 */
int rp_dev_exists(const char *name);

/*
 * One line for a host where ibv_get_device_list() found no device: err 0
 * when the list was empty, else the errno it failed with (ENOSYS: no
 * /sys/class/infiniband_verbs, see rdma-core libibverbs/init.c,
 * find_sysfs_devs). The line says what to install or load. Static storage
 * (thread-local for the errno case); not freed by the caller.
 */
const char *rp_dev_none_hint(int err);

/*
 * The first RDMA device's name into @buf (@len bytes), printing nothing:
 * for a lookup whose failure the caller's next step reports (no devices:
 * -ENODEV, or the errno of ibv_get_device_list). Returns 0 or -errno.
 */
int rp_dev_first_name(char *buf, size_t len);

/*
 * rp_dev_all_names - the names of every RDMA device, comma separated, in
 * @buf (@len bytes), in libibverbs' order. Returns 0; or prints why and
 * returns -ENODEV (none, or no RDMA in the kernel) or -ENAMETOOLONG (the
 * names do not fit).
 */
int rp_dev_all_names(char *buf, size_t len);

/* rp_dev_close - release what rp_dev_open() took; safe on a zeroed @d. */
void rp_dev_close(struct rp_dev *d);

/*
 * rp_dev_wr_api - whether perftest posts with ibv_wr_* (the extended QP
 * API) on this device by default: current perftest's list
 * (perftest_resources.c verify_params_with_device_context: Connect-IB,
 * ConnectX-4 .. 10, mlx5 VFs, BlueField 1 .. 4, EFA, HNS, Yunsilicon; see
 * rp_devkind.h); elsewhere it calls ibv_post_send (its header's "ibv_wr*
 * API : OFF", Soft-RoCE included). railperf does the same.
 */
bool rp_dev_wr_api(const struct rp_dev *d);

/* rp_dev_is_roce - true if the port's link layer is Ethernet (RoCE). */
bool rp_dev_is_roce(const struct rp_dev *d);

/*
 * rp_dev_link_note - for an error line: "; the link of rxe1 port 1 is
 * down" (in @buf, @len bytes) when the port is no longer ACTIVE, else "".
 * A link that went down mid-run shows up as a work completion error whose
 * name does not say so (rxe: IBV_WC_LOC_QP_OP_ERR, a ConnectX:
 * IBV_WC_RETRY_EXC_ERR). rxe's completion can beat the port state: it
 * fails the send as soon as the route is gone, before its own netdev
 * notifier marks the port down. So for IBV_WC_LOC_QP_OP_ERR (@st) a port
 * still ACTIVE is asked again every RP_LINK_NOTE_STEP_MS for up to
 * RP_LINK_NOTE_GRACE_MS; any other status is answered at once. Called
 * only on the fatal-error path. Returns @buf or a static "".
 */
#define RP_LINK_NOTE_GRACE_MS 1000
#define RP_LINK_NOTE_STEP_MS 10
const char *rp_dev_link_note(const struct rp_dev *d, enum ibv_wc_status st,
			     char *buf, size_t len);

/*
 * rp_dev_read_gids - the port's non-empty GID entries with type and netdev:
 * ibv_query_gid_table() (rdma-core >= 32), else sysfs. Returns 0 or -errno.
 */
int rp_dev_read_gids(const struct rp_dev *d, struct rp_gid_table *t);

/*
 * rp_dev_select_gid - the GID index this port uses, in *@index: @want >= 0
 * (-x) is checked against the table (in range, non-empty; else an error
 * listing the valid entries); @want < 0 chooses by rp_gid_choose_ex() with
 * @prefs (NULL: IPv4 preferred, peer unknown; with a peer and no address
 * list, the host's addresses are read with getifaddrs) on RoCE, and gives
 * -1 (LID routing, no GRH) on InfiniBand. Fills @gid with the entry used
 * (zeroed for -1) and @why with the one-line reason ("RoCE v2
 * ::ffff:10.0.1.1 on eth0", the binaries print "GID index N: " before it).
 * When the entry's netdev is a bond or a bond member, warns on stderr that
 * RDMA bypasses the bond. Returns 0 or -errno (one line printed).
 */
int rp_dev_select_gid(const struct rp_dev *d, int want,
		      const struct rp_gid_prefs *prefs, int *index,
		      struct rp_gid_entry *gid, char *why, size_t why_len);

/* rp_mtu_from_bytes - IBV_MTU_* for 256..4096 bytes, 0 if not valid. */
enum ibv_mtu rp_mtu_from_bytes(unsigned int bytes);

/* rp_mtu_bytes - bytes of an IBV_MTU_* value (1 << (7 + mtu)). */
unsigned int rp_mtu_bytes(enum ibv_mtu mtu);

/*
 * rp_dev_check_msg - @size bytes fit one message of @d's port
 * (port_attr.max_msg_sz). Returns 0, or -EINVAL with one line naming both.
 */
int rp_dev_check_msg(const struct rp_dev *d, uint64_t size);

#endif /* RP_DEV_H */
