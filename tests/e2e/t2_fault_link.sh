#!/bin/sh
# Description: a link taken down mid-run on one rail of rail_multi_bw, in
# two guests: 2 s into a -D run on rxe0,rxe1, guest b (the client) takes
# eth1 (rail 1) down. The client exits 1 within a bound, naming rxe1, the
# work-completion status and the link that is down, and prints rxe1's
# device event as it comes (" railperf: rail 1 (rxe1): port DOWN at T
# s", and " railperf: rail 1 (rxe1): netdev eth1 link DOWN at T s" from
# netlink); the thread of rxe0 stops cleanly (cancelled, no error line of
# its own); no result row. The server in a exits 1 with the client's
# reason. eth1 then comes back up in b with its GIDs, and the guests meet
# over rail 1 (a TCP connection from a to b) before the next test.
# Guest a ($1 = a) runs the server, guest b the client.
. tests/e2e/lib.sh
. tests/e2e/fault.sh

role=$1
A0=10.0.1.1
DOWN_AFTER=2
port=18891
if [ "$role" = a ]; then
	bg "$TMP/l.server" $M -d rxe0,rxe1 -p $port -D 30 --timeout 60
	spid=$BG_PID
	wait_file "$TMP/l.server" "remote address" 90 $spid ||
		{ cat "$TMP/l.server"; fail "the run did not start"; }
	wait_gone $spid 60
	# Rail 1 must carry traffic again before the next test; the two guests
	# meet before any check can end this case, so that one failed check
	# does not leave the other guest waiting and fail the next test too.
	rail_meet a 10.0.2.2 18899 60 ||
		fail "rail 1: 10.0.2.2 unreachable after the link came back"
	exits_nonzero "server, rail 1 down in the client" $GONE_RC
	has "$TMP/l.server" "peer 10\.0\.1\.2:[0-9]+ gave up" \
		"server, rail 1 down in the client"
	no_rows "$TMP/l.server" "server, rail 1 down in the client"
	note "server: $(grep 'gave up' "$TMP/l.server")"
	no_leftovers "server, rail 1 down in the client"
else
	gids=$(gid_table rxe1)
	bg "$TMP/l.client" $M -d rxe0,rxe1 -p $port -D 30 --timeout 60 $A0
	cpid=$BG_PID
	wait_file "$TMP/l.client" "remote address" 90 $cpid ||
		{ cat "$TMP/l.client"; fail "the run did not start"; }
	sleep $DOWN_AFTER
	trap 'ip link set eth1 up' EXIT
	ip link set eth1 down
	wait_gone $cpid 60
	# Before any check: back up, and meet guest a over rail 1 (see above);
	# link_up fails in a subshell so that the meeting still happens.
	up=ok
	( link_up eth1 rxe1 "$gids" ) || up=
	trap - EXIT
	rail_meet b 10.0.2.2 18899 60 ||
		fail "rail 1: guest a did not reach 10.0.2.2 after the link came back"
	[ -n "$up" ] || fail "rxe1 did not come back ACTIVE with its GIDs"
	exits_nonzero "client, rail 1 down" $GONE_RC
	has "$TMP/l.client" \
		"rail_multi_bw: work completion error on rxe1 QP 0x[0-9a-f]+: IBV_WC_[A-Z_]+ .*; the link of rxe1 port 1 is down" \
		"client, rail 1 down"
	if grep -E "^rail_multi_bw: .*rxe0" "$TMP/l.client"; then
		fail "rxe0, whose link stayed up, reported an error"
	fi
	no_rows "$TMP/l.client" "client, rail 1 down"
	# the device's event, printed as it came with its time (the link went
	# down DOWN_AFTER s after the header, which comes before the run)
	t=$(sed -n 's/^ railperf: rail 1 (rxe1): port DOWN at \([0-9.]*\) s$/\1/p' \
		"$TMP/l.client")
	[ -n "$t" ] || fail "no 'rail 1 (rxe1): port DOWN at T s' line"
	awk -v t="$t" -v d=$DOWN_AFTER 'BEGIN { exit !(t > 0 && t < d + 10) }' ||
		fail "port DOWN at $t s, want within $DOWN_AFTER + 10 s of the start"
	# and its netdev's link change (netlink)
	grep -Eq '^ railperf: rail 1 \(rxe1\): netdev eth1 link DOWN at [0-9]+\.[0-9]{2} s$' \
		"$TMP/l.client" || fail "no 'rail 1 (rxe1): netdev eth1 link DOWN' line"
	note "client: $(grep -E "port DOWN|link DOWN" "$TMP/l.client" | tr '\n' ' ')"
	if grep -q '^ railperf: rail 0 (rxe0): port' "$TMP/l.client"; then
		fail "an event on rxe0, whose link stayed up"
	fi
	within "client fails after rail 1 went down" $GONE_MS $PEER_MS
	note "client: $(grep -E 'rxe1' "$TMP/l.client" | tail -n 1)"
	no_leftovers "client, rail 1 down"
fi
