#!/bin/sh
# Description: two rails, the SEND verb: rail_multi_bw --verb=send -n 100
# --validate over both back-to-back rails of the two guests. Each guest
# reads its own rxe ports' hw_counters (sent_pkts, rcvd_pkts) before and
# after the run, not railperf's lines: a 64 KiB SEND at MTU 1024 is 64
# packets, so on every rail the client must send (and the server receive)
# at least 100 x 64 packets: the data went client to server on both rails;
# and each rail must carry at least a quarter of both rails' packets. Both
# sides print their own row (the server's what it received): each is the
# aggregate of 200 messages and the per-rail lines' messages add up to it;
# the title is perftest's "Send BW Test", the server's header has "RX
# depth"; the server checks what its receives got on both rails and both
# sides print "validation passed". Then -b (both ways at once, each side
# posting receives for the other's SENDs), -n 100 -s 4096 --validate: exit
# 0 on both sides, on every rail each guest sends and receives at least
# 100 x 4 packets (its own counters), the title "Send Bidirectional BW
# Test", and both directions' bytes validated on both sides. Guest a
# ($1 = a) runs the server.
. tests/e2e/lib.sh

M=$B/rail_multi_bw
A0=10.0.1.1
G=$1 # a: the server

rxe_counters "$TMP/before"
if [ "$1" = a ]; then
	timeout 150 $M -d rxe0,rxe1 -p 18697 --verb=send -n 100 --validate \
		>"$TMP/out" 2>&1 || { cat "$TMP/out"; fail "server exit"; }
	col=3 side=server # the server receives the data
	grep -q '^ RX depth        : 100$' "$TMP/out" ||
		{ cat "$TMP/out"; fail "server: no 'RX depth : 100' (-r 512 capped to -n)"; }
else
	timeout 150 $M -d rxe0,rxe1 -p 18697 --verb=send -n 100 --validate \
		$A0 >"$TMP/out" 2>&1 || { cat "$TMP/out"; fail "client exit"; }
	col=2 side=client # the client sends it
fi
rxe_counters "$TMP/after"

rxe_delta "$TMP/before" "$TMP/after" "$TMP/delta"
awk -v c="$col" '{ d = $c
	if (d < 100 * 64) { print $1 ": " d " data packets, want >= 6400"; bad = 1 }
	t += d; p[$1] = d }
	END { for (k in p) if (p[k] * 4 < t) { print k ": under a quarter"; bad = 1 }
	      exit bad }' "$TMP/delta" ||
	fail "the SEND data did not flow client to server on both rails"

grep -q '^ railperf: validation passed' "$TMP/out" ||
	{ cat "$TMP/out"; fail "no 'validation passed'"; }
grep -q '^ *Send BW Test$' "$TMP/out" || fail "title is not Send BW Test"

row=$(rows "$TMP/out"); check_bw_row "$row"
set -- $row; agg=$3
[ "$agg" = 200 ] || fail "aggregate iterations $agg, want 200"
sum=$(rail_msgs_sum "$TMP/out")
[ "$sum" = "$agg" ] || fail "per-rail messages add to $sum, aggregate $agg"
note "rail_multi_bw --verb=send ($side): $(echo "$row" | cut -d" " -f2-)"
grep '^ railperf: rail [01]:' "$TMP/out" | grep messages | sed 's/^/# /'

# -b: both ways on both rails
rxe_counters "$TMP/before"
host=$A0 side=client
[ "$G" = a ] && host= side=server
# shellcheck disable=SC2086
timeout 150 $M -d rxe0,rxe1 -p 18698 --verb=send -b -s 4096 -n 100 \
	--validate $host >"$TMP/bd" 2>&1 || { cat "$TMP/bd"; fail "-b $side exit"; }
rxe_counters "$TMP/after"
rxe_delta "$TMP/before" "$TMP/after" "$TMP/delta"
# 4096 bytes at MTU 1024: 4 packets a message, 100 messages each way
awk '$2 < 400 || $3 < 400 { print $1 ": sent " $2 ", received " $3 \
	" packets, want >= 400 each way"; bad = 1 } END { exit bad }' "$TMP/delta" ||
	fail "-b: the SEND data did not flow both ways on both rails"
grep -q '^ *Send Bidirectional BW Test$' "$TMP/bd" ||
	{ cat "$TMP/bd"; fail "-b $side: title"; }
bd_validated "$TMP/bd" "-b $side"
row=$(rows "$TMP/bd"); check_bw_row "$row"
set -- $row
[ "$2" = 4096 ] || fail "-b $side: row $row"
note "rail_multi_bw --verb=send -b ($side): $row"
