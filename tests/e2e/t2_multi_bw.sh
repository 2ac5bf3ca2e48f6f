#!/bin/sh
# Description: the DGX Spark topology: two guests joined by two rails
# (rail 0 10.0.1.0/24, rail 1 10.0.2.0/24). rail_multi_bw drives both rails
# from one process: both rails carry traffic (each at least a quarter of
# the packets by its own counters, on both sides), per-rail messages add up
# to the aggregate, --validate passes on both rails, --interval rows appear
# during -D. Then the manual method, two concurrent ib_write_bw pairs, one
# per rail, for comparison (reported, not asserted). The ends of each
# rail are different NICs: no "both ends are one NIC" line; the set's
# ceiling is unknown (virtio reports no speed) and said so.
# Guest a ($1 = a) runs the servers, guest b the clients.
. tests/e2e/lib.sh

M=$B/rail_multi_bw
role=$1
A0=10.0.1.1
A1=10.0.2.1

quarter() { # file: every rail's "<what> N sent/received" >= 1/4 of the sum
	sed -n "s/^ railperf: rail [0-9]*: .*sent_pkts \([0-9]*\) sent, \([0-9]*\) received.*/\1 \2/p" "$1" >"$1.pk"
	[ "$(wc -l <"$1.pk")" = 2 ] || fail "no per-rail counters in $1"
	awk -v c="$2" '{ p[NR] = $c; t += $c } END { for (i in p) if (p[i] * 4 < t) exit 1 }' \
		"$1.pk" || fail "a rail carried under a quarter ($2): $(cat "$1.pk")"
}

# ib_write_bw's client does not retry: try until the server listens.
pt_client() { # out args...
	out=$1; shift
	for i in 1 2 3 4 5 6 7 8 9 10; do
		ib_write_bw "$@" >"$out" 2>&1 && return 0
		grep -q "Couldn't connect" "$out" || return 1
		sleep 1
	done
	return 1
}

if [ "$role" = a ]; then
	timeout 120 $M -d rxe0,rxe1 -p 18681 -n 300 --validate >"$TMP/s1" 2>&1 ||
		{ cat "$TMP/s1"; fail "server exit"; }
	grep -q '^ railperf: validation passed' "$TMP/s1" || fail "server validation"
	quarter "$TMP/s1" 2	# packets received per rail
	# two guests: every rail's ends are two NICs (two rxe devices)
	! grep -q 'both ends are one NIC' "$TMP/s1" || fail "server: one NIC"
	timeout 120 $M -d rxe0,rxe1 -p 18682 -D 4 >"$TMP/s2" 2>&1 ||
		{ cat "$TMP/s2"; fail "-D server exit"; }
	ib_write_bw -d rxe0 -x 1 -p 18683 -D 4 >"$TMP/p0" 2>&1 & p0=$!
	ib_write_bw -d rxe1 -x 1 -p 18684 -D 4 >"$TMP/p1" 2>&1 & p1=$!
	wait_pid $p0 60; wait_pid $p1 60
	exit 0
fi

timeout 120 $M -d rxe0,rxe1 -p 18681 -n 300 --validate $A0 >"$TMP/c1" 2>&1 ||
	{ cat "$TMP/c1"; fail "client exit"; }
row=$(rows "$TMP/c1"); check_bw_row "$row"
set -- $row; agg=$3
[ "$agg" = 600 ] || fail "aggregate iterations $agg, want 600"
sum=$(rail_msgs_sum "$TMP/c1")
[ "$sum" = "$agg" ] || fail "per-rail messages add to $sum, aggregate $agg"
grep -q '^ railperf: validation passed' "$TMP/c1" || fail "client validation"
quarter "$TMP/c1" 1	# packets sent per rail
! grep -q 'both ends are one NIC' "$TMP/c1" || fail "client: one NIC"
grep -q "^ railperf: all rails: .*; the set's ceiling is unknown: rail 0 (rxe0): port speed unknown" \
	"$TMP/c1" || fail "no unknown set ceiling line"

timeout 120 $M -d rxe0,rxe1 -p 18682 -D 4 --interval 1 $A0 >"$TMP/c2" 2>&1 ||
	{ cat "$TMP/c2"; fail "-D client exit"; }
n=$(grep -c '^ railperf: interval' "$TMP/c2")
[ "$n" -ge 3 ] || fail "$n interval rows, want >= 3"
mrow=$(rows "$TMP/c2"); check_bw_row "$mrow"

pt_client "$TMP/q0" -d rxe0 -x 1 -p 18683 -D 4 $A0 & q0=$!
pt_client "$TMP/q1" -d rxe1 -x 1 -p 18684 -D 4 $A1 & q1=$!
wait_pid $q0 60; r0=$?; wait_pid $q1 60; r1=$?
note "rail_multi_bw -D 4, aggregate: $(echo "$mrow" | cut -d" " -f2-)"
grep '^ railperf: rail [01]:' "$TMP/c2" | grep messages | sed 's/^/# /'
if [ $r0 = 0 ] && [ $r1 = 0 ]; then
	note "ib_write_bw -D 4 on rxe0: $(rows "$TMP/q0" | cut -d" " -f2-)"
	note "ib_write_bw -D 4 on rxe1: $(rows "$TMP/q1" | cut -d" " -f2-)"
else
	note "two concurrent ib_write_bw pairs failed: $(tail -n 2 "$TMP/q0" "$TMP/q1")"
fi
