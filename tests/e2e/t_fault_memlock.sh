#!/bin/sh
# Description: buffers over the locked-memory limit: each binary runs
# without CAP_IPC_LOCK (setpriv drops it; root would bypass the limit)
# under ulimit -l 16 (KiB), less than its buffer (-s 65536). Each is
# refused before any device is opened, by the memory check
# (rp_memcheck), with exit 1 and exactly one line naming the bytes
# needed, the limit and the way out (ulimit -l, -s, -q); no process is
# left. Before the device: rail_write_bw and rail_read_lat give the same
# line with -d naming no device (they would say "no device" once one was
# looked for). The time is bounded by FAST_MS as every refusal before a
# connection (a shared TCG host makes a tighter bound flaky); the notes
# show it beside a refusal of a bad -s by the option parser.
. tests/e2e/lib.sh
. tests/e2e/fault.sh

command -v setpriv >/dev/null || fail "no setpriv (util-linux)"
MEMLOCK="the buffers need (65536|131072) bytes of locked memory \(1 rail x 1 QP x [0-9]+ bytes( \(2 x -s\))?\), RLIMIT_MEMLOCK allows 16384 bytes: raise it \(ulimit -l\) or lower -s or -q"

# without CAP_IPC_LOCK, under ulimit -l 16 (a command prefix)
NOCAP="setpriv --bounding-set=-ipc_lock --inh-caps=-ipc_lock sh -c"
LIM='ulimit -l 16 && exec "$@"'

# shellcheck disable=SC2086 # NOCAP is a word list
for b in $BINS; do
	n=${b##*/}
	t0=$(now_ms)
	$b -d "$DEV" -s 0 >/dev/null 2>&1
	base=$(( $(now_ms) - t0 ))
	note "$n: a bad -s refused in $base ms"
	expect_fail "$n, ulimit -l 16" "^$n: $MEMLOCK\$" \
		"$FAST_MS" $NOCAP "$LIM" sh $b -d "$DEV" -p 18951 -s 65536
	[ "$(wc -l <"$TMP/ef.out")" = 1 ] ||
		fail "$n: more than one line: $(cat "$TMP/ef.out")"
	[ "$n" = rail_multi_bw ] && continue # its -d names are looked up first
	expect_fail "$n -d nosuch0, ulimit -l 16" "^$n: $MEMLOCK\$" \
		"$FAST_MS" $NOCAP "$LIM" sh $b -d nosuch0 -p 18951 -s 65536
done
