#!/bin/sh
# Description: the client killed mid-run (SIGKILL) over rxe loopback: the
# server of each binary exits 1 within a bound, naming the control
# connection closed by the peer, prints no result row, and nothing is left
# behind; for rail_write_bw and rail_read_lat also with -R (rdma_cm).
# (The server killed mid-run: t2_fault_kill, in two guests.)
. tests/e2e/lib.sh
. tests/e2e/fault.sh

port=18840
for b in $BINS; do
for cm in "" -R; do
	n="${b##*/}${cm:+ $cm}" port=$((port + 1))
	# rdma_cm (-R): QPs connected through librdmacm, not by railperf
	case "$b$cm" in *rail_multi_bw-R) continue ;; esac
	bg "$TMP/k.server" $b -d "$DEV" -p $port -D 30 $cm
	spid=$BG_PID
	wait_listen $port 20 $spid || fail "$n: server not listening"
	bg "$TMP/k.client" $b -d "$DEV" -p $port -D 30 $cm "$SERVER_IP"
	cpid=$BG_PID
	wait_file "$TMP/k.client" "remote address" 20 $cpid ||
		{ cat "$TMP/k.client"; fail "$n: the run did not start"; }
	sleep 1
	kill -9 $cpid
	wait $cpid 2>/dev/null
	wait_gone $spid 30
	exits_nonzero "$n server, client killed" $GONE_RC
	has "$TMP/k.server" \
		"control connection to $SERVER_IP:[0-9]+ closed by the peer while waiting for (RESULT|BYE)" \
		"$n server, client killed"
	no_rows "$TMP/k.server" "$n server, client killed"
	within "$n server exits after its client was killed" $GONE_MS $PEER_MS
	no_leftovers "$n, client killed"
done
done
