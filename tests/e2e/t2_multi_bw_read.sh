#!/bin/sh
# Description: two rails, the READ verb: rail_multi_bw --verb=read -n 300
# --validate over both back-to-back rails of the two guests. Each guest
# reads its own rxe ports' hw_counters (sent_pkts, rcvd_pkts) before and
# after the run, not railperf's lines: a 64 KiB READ at MTU 1024 is one
# request packet from the client and 64 response packets from the server,
# so on every rail the server must send (and the client receive) at least
# four times the packets it receives (sends): the data went server to
# client on both rails; and each rail must carry at least a quarter of
# both rails' packets. The client's one row is the aggregate of 600
# messages, the per-rail lines' messages add up to it, the title is
# perftest's "RDMA_Read BW Test" with "Outstand reads"; the client checks
# what it read on both rails and both sides print "validation passed".
# Guest a ($1 = a) runs the server, guest b the client.
. tests/e2e/lib.sh

M=$B/rail_multi_bw
A0=10.0.1.1

rxe_counters "$TMP/before"
if [ "$1" = a ]; then
	timeout 150 $M -d rxe0,rxe1 -p 18695 --verb=read -n 300 --validate \
		>"$TMP/out" 2>&1 || { cat "$TMP/out"; fail "server exit"; }
	out=2 in=3 # the server sends the data
else
	timeout 150 $M -d rxe0,rxe1 -p 18695 --verb=read -n 300 --validate \
		$A0 >"$TMP/out" 2>&1 || { cat "$TMP/out"; fail "client exit"; }
	out=3 in=2 # the client receives it
fi
rxe_counters "$TMP/after"

rxe_delta "$TMP/before" "$TMP/after" "$TMP/delta"
awk -v o="$out" -v i="$in" '{ d = $o; q = $i
	if (d == 0 || d < 4 * q) { print $1 ": data " d ", requests " q; bad = 1 }
	t += d; p[$1] = d }
	END { for (k in p) if (p[k] * 4 < t) { print k ": under a quarter"; bad = 1 }
	      exit bad }' "$TMP/delta" ||
	fail "the READ data did not flow server to client on both rails"

grep -q '^ railperf: validation passed' "$TMP/out" ||
	{ cat "$TMP/out"; fail "no 'validation passed'"; }
grep -q '^ *RDMA_Read BW Test$' "$TMP/out" || fail "title is not RDMA_Read BW Test"
grep -q '^ Outstand reads  : [0-9]*$' "$TMP/out" || fail "no Outstand reads line"
[ "$1" = a ] && exit 0

row=$(rows "$TMP/out"); check_bw_row "$row"
set -- $row; agg=$3
[ "$agg" = 600 ] || fail "aggregate iterations $agg, want 600"
sum=$(rail_msgs_sum "$TMP/out")
[ "$sum" = "$agg" ] || fail "per-rail messages add to $sum, aggregate $agg"
note "rail_multi_bw --verb=read: $(echo "$row" | cut -d" " -f2-)"
grep '^ railperf: rail [01]:' "$TMP/out" | grep messages | sed 's/^/# /'
