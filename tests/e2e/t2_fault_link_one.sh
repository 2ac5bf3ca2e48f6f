#!/bin/sh
# Description: a link taken down mid-run under rail_write_bw and
# rail_read_lat, in two guests (control over rail 0, RDMA on rxe1):
# rail_write_bw with the client's link down (guest b takes eth1 down 2 s
# in): the client exits 1 naming the work-completion status and its link
# that is down; the server exits 1 with the client's reason ("gave up").
# rail_read_lat with the server's link down (guest a takes eth1 down): the
# client's READ fails (exit 1) with the work-completion status, or, as
# Soft-RoCE does (its requester does not time out a READ whose responder
# went away), with railperf's stall bound: "no completion ... for 30 s";
# the server exits 1 with the client's reason. Both within a bound (the
# stall limit plus a margin there), no result row, nothing left behind; eth1 comes back with its GIDs and the guests
# meet over rail 1 before the next case.
# Guest a ($1 = a) runs the servers, guest b the clients.
. tests/e2e/lib.sh
. tests/e2e/fault.sh

role=$1
A0=10.0.1.1
DOWN_AFTER=2
WC_ERR="work completion error on rxe1 QP 0x[0-9a-f]+: IBV_WC_[A-Z_]+"
STALL="no completion of an RDMA READ on rxe1 QP 0x[0-9a-f]+ for 30 s"
STALL_MS=30000	# the engines' stall limit (rp_lat.c)

# down_wait_up PID: DOWN_AFTER s on, eth1 down until PID exits (its time
# in GONE_MS), then up again with its GIDs; $up is empty if rxe1 did not
# come back (checked after the meeting, so that the other guest is not
# left waiting).
down_wait_up() {
	gids=$(gid_table rxe1)
	sleep $DOWN_AFTER
	trap 'ip link set eth1 up' EXIT
	ip link set eth1 down
	wait_gone $1 60
	up=ok
	( link_up eth1 rxe1 "$gids" ) || up=
	trap - EXIT
}

# meet PORT: the guests meet over rail 1 (b listens on 10.0.2.2:PORT).
meet() {
	rail_meet $role 10.0.2.2 $1 60 ||
		fail "rail 1: the guests did not meet over 10.0.2.2:$1"
}

# Case 1: rail_write_bw, the client's link goes down.
if [ "$role" = a ]; then
	bg "$TMP/w.server" $W -d rxe1 -p 18895 -D 30 --timeout 60
	spid=$BG_PID
	wait_file "$TMP/w.server" "remote address" 90 $spid ||
		{ cat "$TMP/w.server"; fail "write_bw: the run did not start"; }
	wait_gone $spid 60
	meet 18897
	exits_nonzero "rail_write_bw server, the client's link down" $GONE_RC
	has "$TMP/w.server" "peer 10\.0\.1\.2:[0-9]+ gave up" \
		"rail_write_bw server, the client's link down"
	no_rows "$TMP/w.server" "rail_write_bw server, the client's link down"
	note "rail_write_bw server: $(grep 'gave up' "$TMP/w.server")"
	no_leftovers "rail_write_bw server, the client's link down"
else
	bg "$TMP/w.client" $W -d rxe1 -p 18895 -D 30 --timeout 60 $A0
	cpid=$BG_PID
	wait_file "$TMP/w.client" "remote address" 90 $cpid ||
		{ cat "$TMP/w.client"; fail "write_bw: the run did not start"; }
	down_wait_up $cpid
	meet 18897
	[ -n "$up" ] || fail "rxe1 did not come back ACTIVE with its GIDs"
	exits_nonzero "rail_write_bw client, its link down" $GONE_RC
	has "$TMP/w.client" "$WC_ERR .*; the link of rxe1 port 1 is down" \
		"rail_write_bw client, its link down"
	no_rows "$TMP/w.client" "rail_write_bw client, its link down"
	within "rail_write_bw client fails after its link went down" \
		$GONE_MS $PEER_MS
	note "rail_write_bw client: $(grep 'work completion' "$TMP/w.client")"
	no_leftovers "rail_write_bw client, its link down"
fi

# Case 2: rail_read_lat, the server's link goes down.
if [ "$role" = a ]; then
	bg "$TMP/l.server" $L -d rxe1 -p 18896 -D 30 --timeout 60
	spid=$BG_PID
	wait_file "$TMP/l.server" "remote address" 90 $spid ||
		{ cat "$TMP/l.server"; fail "read_lat: the run did not start"; }
	down_wait_up $spid
	meet 18898
	[ -n "$up" ] || fail "rxe1 did not come back ACTIVE with its GIDs"
	exits_nonzero "rail_read_lat server, its link down" $GONE_RC
	has "$TMP/l.server" "peer 10\.0\.1\.2:[0-9]+ gave up" \
		"rail_read_lat server, its link down"
	within "rail_read_lat server fails after its link went down" \
		$GONE_MS $((STALL_MS + PEER_MS))
	note "rail_read_lat server: $(grep 'gave up' "$TMP/l.server")"
	no_leftovers "rail_read_lat server, its link down"
else
	bg "$TMP/l.client" $L -d rxe1 -p 18896 -D 30 --timeout 60 $A0
	cpid=$BG_PID
	wait_file "$TMP/l.client" "remote address" 90 $cpid ||
		{ cat "$TMP/l.client"; fail "read_lat: the run did not start"; }
	wait_gone $cpid 60
	meet 18898
	exits_nonzero "rail_read_lat client, the server's link down" $GONE_RC
	has "$TMP/l.client" "$WC_ERR|$STALL" \
		"rail_read_lat client, the server's link down"
	no_rows "$TMP/l.client" "rail_read_lat client, the server's link down"
	within "rail_read_lat client fails after the server's link went down" \
		$GONE_MS $((DOWN_AFTER * 1000 + STALL_MS + PEER_MS))
	note "rail_read_lat client: $(grep -E 'work completion|no completion' "$TMP/l.client")"
	no_leftovers "rail_read_lat client, the server's link down"
fi
