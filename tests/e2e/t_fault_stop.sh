#!/bin/sh
# Description: a peer stopped (SIGSTOP) mid-run: the client stopped, the
# server (--timeout 3) exits 1 naming the message it waited for within the
# timeout plus a margin; the server stopped, the client ends its -D 2 run
# and exits 1 the same way. SIGTERM mid-run stops a side as SIGINT does
# (exit 1, "interrupted", the peer told). -R (rdma_cm): no server, a busy
# rdma_cm port, and a connection rejected (a control peer that agrees to
# everything, but no rdma_cm listener) each fail with exit 1 and a line
# naming the cause (the busy port held by rping -s), within a bound; no
# process is left.
. tests/e2e/lib.sh
. tests/e2e/fault.sh

TMO=3	# --timeout of the side that waits on a stopped peer

# start BIN PORT SARGS -- CARGS: a pair, the run under way on return.
start() {
	b=$1 port=$2; shift 2
	sargs="" cargs="" side=s
	for a in "$@"; do
		if [ "$a" = "--" ]; then side=c; continue; fi
		if [ $side = s ]; then sargs="$sargs $a"; else cargs="$cargs $a"; fi
	done
	# shellcheck disable=SC2086
	bg "$TMP/s.server" $b -d "$DEV" -p $port $sargs
	spid=$BG_PID
	wait_listen $port 20 $spid || fail "${b##*/}: server not listening"
	# shellcheck disable=SC2086
	bg "$TMP/s.client" $b -d "$DEV" -p $port $cargs "$SERVER_IP"
	cpid=$BG_PID
	wait_file "$TMP/s.client" "remote address" 20 $cpid ||
		{ cat "$TMP/s.client"; fail "${b##*/}: the run did not start"; }
}

# The client stopped: the server gives up after --timeout of silence.
for b in $W $L; do
	n=${b##*/}
	start $b 18941 -D 30 --timeout $TMO -- -D 30
	sleep 1
	kill -STOP $cpid
	wait_gone $spid 30
	kill -9 $cpid; wait $cpid 2>/dev/null
	exits_nonzero "$n server, client stopped" $GONE_RC
	has "$TMP/s.server" \
		"no (RESULT|BYE) from $SERVER_IP:[0-9]+ within the timeout \(--timeout\)" \
		"$n server, client stopped"
	no_rows "$TMP/s.server" "$n server, client stopped"
	within "$n server gives up on a stopped client" $GONE_MS \
		$((TMO * 1000 + PEER_MS))
	no_leftovers "$n, client stopped"
done

# The server stopped: the client's run (kernel RDMA) ends, its wait does not.
start $W 18942 -D 2 -- -D 2 --timeout $TMO
kill -STOP $spid
wait_gone $cpid 40
kill -9 $spid; wait $spid 2>/dev/null
exits_nonzero "rail_write_bw client, server stopped" $GONE_RC
has "$TMP/s.client" "no (VERDICT|BYE) from $SERVER_IP:18942 within the timeout" \
	"rail_write_bw client, server stopped"
within "rail_write_bw client gives up on a stopped server" $GONE_MS \
	$((2000 + TMO * 1000 + PEER_MS))
no_leftovers "rail_write_bw, server stopped"

# SIGTERM, to the client of rail_write_bw, to the server of rail_read_lat.
start $W 18943 -D 30 -- -D 30
sleep 1
kill -TERM $cpid
wait_gone $cpid 30; crc=$GONE_RC
wait_gone $spid 30; src=$GONE_RC
exits_nonzero "rail_write_bw client, SIGTERM" $crc
exits_nonzero "rail_write_bw server, client SIGTERM" $src
has "$TMP/s.client" "interrupted: run on $DEV stopped" "rail_write_bw client, SIGTERM"
has "$TMP/s.server" "gave up: interrupted by SIGINT or SIGTERM" \
	"rail_write_bw server, client SIGTERM"
within "rail_write_bw server gone after the client's SIGTERM" $GONE_MS $PEER_MS
no_leftovers "rail_write_bw, SIGTERM"
start $L 18944 -D 30 -- -D 30
sleep 1
kill -TERM $spid
wait_gone $spid 30; src=$GONE_RC
wait_gone $cpid 30; crc=$GONE_RC
exits_nonzero "rail_read_lat server, SIGTERM" $src
exits_nonzero "rail_read_lat client, server SIGTERM" $crc
has "$TMP/s.server" "interrupted while waiting for BYE" "rail_read_lat server, SIGTERM"
has "$TMP/s.client" "gave up: interrupted by SIGINT or SIGTERM" \
	"rail_read_lat client, server SIGTERM"
within "rail_read_lat client gone after the server's SIGTERM" $GONE_MS $PEER_MS
no_leftovers "rail_read_lat, SIGTERM"

# -R: no server at all.
for b in $W $L; do
	expect_fail "${b##*/} -R, no server" \
		"could not connect to $SERVER_IP:18945 within 2 s" \
		$((2000 + FAST_MS)) $b -d "$DEV" -p 18945 -R --timeout 2 "$SERVER_IP"
done
# -R: the rdma_cm port is taken by another program (rping's server).
rping -s -a 0.0.0.0 -p 18946 >"$TMP/s.rping" 2>&1 &
rpid=$!
i=0	# until its cm_id listens (rdma resource show cm_id)
until rdma resource show cm_id 2>/dev/null | grep -q "18946"; do
	i=$((i + 1))
	[ $i -lt 100 ] && kill -0 $rpid 2>/dev/null ||
		{ cat "$TMP/s.rping"; fail "rping -s is not listening on 18946"; }
	sleep 0.1
done
for b in $W $L; do
	expect_fail "${b##*/} -R, rdma_cm port busy" \
		"-R: rdma_cm listen on \* port 18946: port in use by another rdma_cm listener \(another server running\? choose another port with -p\)" \
		"$FAST_MS" $b -d "$DEV" -p 18946 -R
done
kill $rpid 2>/dev/null; wait $rpid 2>/dev/null
# -R: a control peer that echoes HELLO (so every parameter agrees) and
# anything else, with no rdma_cm listener behind it: rejected.
python3 -c '
import socket, sys, time
ls = socket.socket(); ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
ls.bind(("0.0.0.0", 18947)); ls.listen(1); ls.settimeout(60)
print("listening", flush=True)
c, _ = ls.accept(); c.settimeout(60)
hello = b""
while len(hello) < 44:	# header and payload come in two sends
    hello += c.recv(44 - len(hello))
c.sendall(hello)
time.sleep(30)' >"$TMP/s.echo" 2>&1 &
epid=$!
wait_file "$TMP/s.echo" listening 10 $epid || fail "echo peer did not start"
expect_fail "rail_write_bw -R, connection rejected" \
	"-R: rdma_cm: RDMA_CM_EVENT_(REJECTED|UNREACHABLE) while waiting for" \
	"$FAST_MS" $W -d "$DEV" -p 18947 -R --timeout 20 "$SERVER_IP"
kill $epid 2>/dev/null
wait $epid 2>/dev/null || :	# its SIGTERM status is not the test's
