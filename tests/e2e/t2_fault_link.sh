#!/bin/sh
# Description: a link taken down mid-run on one rail of rail_multi_bw, in
# two guests (issue 31): 3 s into a -D 8 run on rxe0,rxe1, guest b (the
# client) takes eth1 (rail 1) down. Rail 1 fails alone: the client prints
# its work-completion error with its time ("..., at T s"), rxe1's device
# event as it comes (" railperf: rail 1 (rxe1): port DOWN at T s", and the
# netdev's link DOWN from netlink), while rail 0 runs to the end of the
# window: the row (the healthy rail's, parse-able), rail 0's line with its
# messages, rail 1's line and " railperf: rail 1 (rxe1): FAILED at T s:
# ...", the verdict " railperf: verdict: FAILED: rail 1 (rxe1) failed at
# T s (...)", JSON rails[1].failed {at_s, reason} and rails[0].failed
# null; exit 1, no sooner than the window's end and within the window plus
# --timeout. The server in a, told by RESULT, prints the same row, the
# same FAILED and verdict lines, and exits 1. eth1 then comes back up in b
# with its GIDs, and the guests meet over rail 1 (a TCP connection from a
# to b) before the next test.
# Guest a ($1 = a) runs the server, guest b the client.
. tests/e2e/lib.sh
. tests/e2e/fault.sh

role=$1
A0=10.0.1.1
D=8
DOWN_AFTER=3
TIMEOUT=20
port=18891
FAILED_LINE='^ railperf: rail 1 \(rxe1\): FAILED at [0-9]+\.[0-9]{2} s: work completion error on rxe1 QP 0x[0-9a-f]+: IBV_WC_[A-Z_]+'
VERDICT='^ railperf: verdict: FAILED: rail 1 \(rxe1\) failed at [0-9]+\.[0-9]{2} s \(work completion error on rxe1 QP 0x[0-9a-f]+: IBV_WC_[A-Z_]+'

# failed_side FILE JSON WHAT: the report of a run whose rail 1 failed, as
# both sides print it: one parse-able row, rail 0's line without FAILED,
# rail 1's FAILED line, the verdict, the JSON.
failed_side() {
	r=$(rows "$1")
	[ "$(echo "$r" | grep -c .)" = 1 ] || fail "$3: want one row: $r"
	check_bw_row "$r"
	has "$1" '^ railperf: rail 0: rxe0 port 1, .* [1-9][0-9]* messages, BW average' "$3"
	has "$1" "$FAILED_LINE" "$3"
	has "$1" "$VERDICT" "$3"
	has "$1" '^ railperf: all rails: healthy rails 1 of 2; the row' "$3"
	! grep -Eq '^ railperf: (rail 0 \(rxe0\): FAILED|verdict: FAILED: rail 0)' "$1" ||
		fail "$3: rail 0, whose link stayed up, reported as failed"
	json_check "$2" "d['rails'][0]['failed'] is None and \
		0 < d['rails'][1]['failed']['at_s'] < $D and \
		'IBV_WC_' in d['rails'][1]['failed']['reason'] and \
		d['healthy_rails'] == 1 and \
		[f['rail'] for f in d['failed_rails']] == [1]"
}

if [ "$role" = a ]; then
	bg "$TMP/l.server" $M -d rxe0,rxe1 -p $port -D $D --timeout $TIMEOUT \
		--out_json_file="$TMP/l.server.json"
	spid=$BG_PID
	wait_file "$TMP/l.server" "remote address" 90 $spid ||
		{ cat "$TMP/l.server"; fail "the run did not start"; }
	wait_gone $spid $((D + TIMEOUT + 10))
	# Rail 1 must carry traffic again before the next test; the two guests
	# meet before any check can end this case, so that one failed check
	# does not leave the other guest waiting and fail the next test too.
	rail_meet a 10.0.2.2 18899 60 ||
		fail "rail 1: 10.0.2.2 unreachable after the link came back"
	exits_nonzero "server, rail 1 down in the client" $GONE_RC
	failed_side "$TMP/l.server" "$TMP/l.server.json" \
		"server, rail 1 down in the client"
	note "server: $(grep -E 'verdict' "$TMP/l.server")"
	no_leftovers "server, rail 1 down in the client"
else
	gids=$(gid_table rxe1)
	bg "$TMP/l.client" $M -d rxe0,rxe1 -p $port -D $D --timeout $TIMEOUT \
		--out_json_file="$TMP/l.client.json" $A0
	cpid=$BG_PID
	wait_file "$TMP/l.client" "remote address" 90 $cpid ||
		{ cat "$TMP/l.client"; fail "the run did not start"; }
	t_start=$(now_ms)	# the header: the run starts right after it
	sleep $DOWN_AFTER
	trap 'ip link set eth1 up' EXIT
	ip link set eth1 down
	wait_gone $cpid $((D + TIMEOUT + 10))
	run_ms=$(( $(now_ms) - t_start ))
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
		"^rail_multi_bw: work completion error on rxe1 QP 0x[0-9a-f]+: IBV_WC_[A-Z_]+ .*; the link of rxe1 port 1 is down, at [0-9]+\.[0-9]{2} s$" \
		"client, rail 1 down"
	if grep -E "^rail_multi_bw: .*rxe0" "$TMP/l.client"; then
		fail "rxe0, whose link stayed up, reported an error"
	fi
	failed_side "$TMP/l.client" "$TMP/l.client.json" "client, rail 1 down"
	# the device's event, printed as it came with its time (the link went
	# down DOWN_AFTER s after the header, which comes before the run)
	t=$(sed -n 's/^ railperf: rail 1 (rxe1): port DOWN at \([0-9.]*\) s$/\1/p' \
		"$TMP/l.client")
	[ -n "$t" ] || fail "no 'rail 1 (rxe1): port DOWN at T s' line"
	awk -v t="$t" -v d=$D 'BEGIN { exit !(t > 0 && t < d) }' ||
		fail "port DOWN at $t s, want within the $D s window"
	# and its netdev's link change (netlink)
	grep -Eq '^ railperf: rail 1 \(rxe1\): netdev eth1 link DOWN at [0-9]+\.[0-9]{2} s$' \
		"$TMP/l.client" || fail "no 'rail 1 (rxe1): netdev eth1 link DOWN' line"
	if grep -q '^ railperf: rail 0 (rxe0): port' "$TMP/l.client"; then
		fail "an event on rxe0, whose link stayed up"
	fi
	# the failure's time: after the event's, within a few seconds
	f=$(sed -En 's/^ railperf: rail 1 \(rxe1\): FAILED at ([0-9.]+) s:.*/\1/p' \
		"$TMP/l.client")
	awk -v t="$t" -v f="$f" 'BEGIN { exit !(f > t - 1 && f < t + 5) }' ||
		fail "rail 1 FAILED at $f s, its port DOWN at $t s"
	# rail 0 ran to the window's end: the client ended no sooner than D s
	# after its header (less the 0.1 s the header may have waited to be
	# seen), and within the window plus --timeout (taking eth1 down, the
	# kernel's work under TCG, may take a second or more: the times count
	# from the header, not from the link's change)
	[ "$run_ms" -ge $((D * 1000 - 500)) ] ||
		fail "the client ended $run_ms ms after its header, before the $D s window's end"
	within "client's run, rail 1 down $DOWN_AFTER s in" $run_ms \
		$(((D + TIMEOUT) * 1000))
	note "client: $(grep -E 'port DOWN|link DOWN|FAILED' "$TMP/l.client" | tr '\n' ' ')"
	no_leftovers "client, rail 1 down"
fi
