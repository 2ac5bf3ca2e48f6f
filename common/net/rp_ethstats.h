/* SPDX-License-Identifier: MIT */
/*
 * rp_ethstats.h - a netdev's pause-frame counters through the ethtool
 * ioctl (SIOCETHTOOL: ETHTOOL_GSSET_INFO, ETHTOOL_GSTRINGS, ETHTOOL_GSTATS,
 * what `ethtool -S` prints). On a lossless (PFC) RoCE fabric congestion
 * shows up as pause frames, not as retransmissions. Names as mlx5 defines
 * them (drivers/net/ethernet/mellanox/mlx5/core/en_stats.c):
 *   rx_prio<N>_pause, tx_prio<N>_pause (PFC frames per priority, N 0..7;
 *     the _duration and _transition counters beside them are not frames),
 *   rx_global_pause, tx_global_pause (802.3x pause, when PFC is off),
 *   rx_pause_ctrl_phy, tx_pause_ctrl_phy (the PHY's pause MAC control
 *     frames, IEEE 802.3 aPAUSEMACCtrlFramesReceived/Transmitted).
 * Every counter is port-wide: all traffic of the port, not only a run's.
 */
#ifndef RP_ETHSTATS_H
#define RP_ETHSTATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RP_PAUSE_PRIOS 8

struct rp_pause {
	unsigned int prios;		  /* bit N: rx/tx_prio<N>_pause seen */
	uint64_t rx_prio[RP_PAUSE_PRIOS]; /* rx_prio<N>_pause */
	uint64_t tx_prio[RP_PAUSE_PRIOS]; /* tx_prio<N>_pause */
	bool have_global;		  /* rx/tx_global_pause seen */
	uint64_t rx_global, tx_global;
	bool have_ctrl; /* rx/tx_pause_ctrl_phy seen */
	uint64_t rx_ctrl, tx_ctrl;
	bool reset; /* a delta only: a counter went backwards: all absent */
};

/*
 * rp_pause_parse - pick the pause counters out of an ethtool stats table:
 * @names[i] (NUL-terminated) has value @values[i], @n entries. Names that
 * are not pause-frame counters are skipped. Pure; fills *@p (all absent
 * when none is there, as on Soft-RoCE's virtio or e1000 netdev).
 */
void rp_pause_parse(const char *const *names, const uint64_t *values, size_t n,
		    struct rp_pause *p);

/* rp_pause_any - true when @p holds at least one pause counter. */
static inline bool rp_pause_any(const struct rp_pause *p)
{
	return p->prios || p->have_global || p->have_ctrl;
}

/*
 * rp_pause_rx / rp_pause_tx - pause frames received / sent: the PFC
 * frames of every priority plus the global (802.3x) ones; the PHY's
 * ctrl_phy count only when neither kind is there (it counts the same
 * frames once more on mlx5).
 */
uint64_t rp_pause_rx(const struct rp_pause *p);
uint64_t rp_pause_tx(const struct rp_pause *p);

/*
 * rp_pause_delta - @after - @before into @d; a counter present in only
 * one is absent. A counter that went backwards (driver reload, port
 * reset) makes every counter absent and sets @d->reset.
 */
void rp_pause_delta(const struct rp_pause *before, const struct rp_pause *after,
		    struct rp_pause *d);

/*
 * rp_pause_read - read netdev @ifname's stats table through SIOCETHTOOL
 * and parse it (rp_pause_parse). Returns 0 (possibly with no pause
 * counter), or -errno (no such netdev, no ethtool stats, no memory);
 * prints nothing: the caller reports the counters as absent.
 */
int rp_pause_read(const char *ifname, struct rp_pause *p);

#endif /* RP_ETHSTATS_H */
