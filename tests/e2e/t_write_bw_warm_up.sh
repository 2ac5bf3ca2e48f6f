#!/bin/sh
# Description: --perform_warm_up does what perftest's does, seen from the
# port counters (rxe1's hw_counters sent_pkts, read by the test): with
# -n 128 -t 128 -s 65536 a warmed-up run sends 128 more 64 KiB messages
# (TX depth per QP, perftest_resources.c perform_warm_up: 128 x 64 data
# packets, plus their ACKs, against run-to-run noise of a few hundred
# packets) than the same run without, for rail_write_bw as for ib_write_bw
# in the same guest; the row still counts -n 128 (the warm-up is not
# timed). rail_send_bw and rail_write_lat accept the flag (no effect there,
# as in perftest).
. tests/e2e/lib.sh
. tests/e2e/fault.sh

command -v ib_write_bw >/dev/null || skip "no ib_write_bw (perftest)"
FLAGS="-n 128 -t 128 -s 65536"
MSG_PKTS=64 # 65536 B at the guest's MTU 1024
PORT=19470

# pkts BIN EXTRA...: rxe1's packets sent during one pair of BIN with
# $FLAGS and EXTRA (perftest also gets -x 1), printed; rows in $TMP/wu.*
pkts() {
	pk_bin=$1; shift
	pk_x=""; case $pk_bin in ib_*) pk_x="-x 1" ;; esac
	PORT=$((PORT + 1))
	rxe_counters "$TMP/wu.before"
	# shellcheck disable=SC2086
	$pk_bin -d "$DEV" $pk_x -p $PORT $FLAGS "$@" >"$TMP/wu.server" 2>&1 &
	pk_s=$!
	wait_listen $PORT 20 "$pk_s"
	# shellcheck disable=SC2086
	timeout 60 $pk_bin -d "$DEV" $pk_x -p $PORT $FLAGS "$@" "$SERVER_IP" \
		>"$TMP/wu.client" 2>&1 || { cat "$TMP/wu.client"; fail "$pk_bin $*: client failed"; }
	wait_pid "$pk_s" 30 || { cat "$TMP/wu.server"; fail "$pk_bin $*: server failed"; }
	rxe_counters "$TMP/wu.after"
	[ "$(rows "$TMP/wu.client" | awk '{ print $3 }')" = 128 ] ||
		{ cat "$TMP/wu.client"; fail "$pk_bin $*: the row does not count -n 128"; }
	join "$TMP/wu.before" "$TMP/wu.after" | awk '$1 == "rxe1" { print $4 - $2 }'
}

# (a failure inside $(...) ends only the subshell: its words are passed on)
pt0=$(pkts ib_write_bw) || fail "$pt0"
pt1=$(pkts ib_write_bw --perform_warm_up) || fail "$pt1"
rp0=$(pkts "$B/rail_write_bw") || fail "$rp0"
rp1=$(pkts "$B/rail_write_bw" --perform_warm_up) || fail "$rp1"
note "rxe1 packets sent: ib_write_bw $pt0, warmed up $pt1; rail_write_bw $rp0, warmed up $rp1"
awk -v p0="$pt0" -v p1="$pt1" -v r0="$rp0" -v r1="$rp1" -v m=$MSG_PKTS 'BEGIN {
	want = 128 * m	# the data packets of the warm-up, without ACKs
	pt = p1 - p0; rp = r1 - r0
	printf "# warm-up packets: perftest %d, railperf %d (128 x %d data packets: %d)\n", pt, rp, m, want
	ok = rp >= 0.9 * want && rp <= 1.3 * want && pt >= 0.9 * want &&
	     rp >= 0.85 * pt && rp <= 1.15 * pt
	exit !ok }' || fail "rail_write_bw --perform_warm_up sent $((rp1 - rp0)) more packets, ib_write_bw $((pt1 - pt0)) (want about 128 x $MSG_PKTS more for both)"

# Accepted by the binaries where perftest accepts and ignores it.
for b in rail_send_bw rail_write_lat; do
	BIN=$B/$b
	pair wu_$b $((PORT + 10)) -n 20 --perform_warm_up -- -n 20 --perform_warm_up
	PORT=$((PORT + 10))
	[ "$CLI_RC/$SRV_RC" = 0/0 ] || { cat "$TMP/wu_$b.client" "$TMP/wu_$b.server"; fail "$b --perform_warm_up: exit $CLI_RC/$SRV_RC"; }
done
no_leftovers "warm-up"
exit 0
