#!/bin/sh
# Description: SIGINT during a run, to the client, then to the server, of
# each binary: both sides exit 1 within a bound; the interrupted side says
# "interrupted", the other names the cause the peer sent ("gave up:
# interrupted by SIGINT or SIGTERM"); no result row is printed on either
# side (a partial run is not a result); nothing is left behind. Under ASan
# the teardown of QPs, MRs and buffers on this path is leak-checked.
. tests/e2e/lib.sh
. tests/e2e/fault.sh

GAVE_UP="gave up: interrupted by SIGINT or SIGTERM"

# run BIN PORT: a -D 30 pair; the run is under way on return.
run() {
	bg "$TMP/i.server" $1 -d "$DEV" -p $2 -D 30
	spid=$BG_PID
	wait_listen $2 20 $spid || fail "${1##*/}: server not listening"
	bg "$TMP/i.client" $1 -d "$DEV" -p $2 -D 30 "$SERVER_IP"
	cpid=$BG_PID
	wait_file "$TMP/i.client" "remote address" 20 $cpid ||
		{ cat "$TMP/i.client"; fail "${1##*/}: the run did not start"; }
	sleep 1
}

# both WHAT: wait for both sides; their exit codes in $CRC, $SRC.
both() {
	t0=$(now_ms)
	wait_pid $cpid 30; CRC=$?
	wait_pid $spid 30; SRC=$?
	el=$(( $(now_ms) - t0 ))
	exits_nonzero "$1: client" $CRC
	exits_nonzero "$1: server" $SRC
	no_rows "$TMP/i.client" "$1: client"
	no_rows "$TMP/i.server" "$1: server"
	within "$1: both sides gone" $el $PEER_MS
	no_leftovers "$1"
}

port=18850
for b in $BINS; do
	n=${b##*/} port=$((port + 2))
	case $n in
	rail_read_lat) stopped="interrupted: RDMA READ latency run of [0-9]+ bytes stopped after [0-9]+ samples; no result"
		wait_for=BYE ;;
	*) stopped="interrupted: run on $DEV stopped after [0-9]+ of its WRs completed; no result"
		wait_for=RESULT ;;
	esac

	run $b $port
	kill -INT $cpid
	both "$n, SIGINT to the client"
	has "$TMP/i.client" "$stopped" "$n client, SIGINT"
	has "$TMP/i.server" "peer $SERVER_IP:[0-9]+ $GAVE_UP" "$n server, client SIGINT"

	run $b $((port + 1))
	kill -INT $spid
	both "$n, SIGINT to the server"
	has "$TMP/i.server" "interrupted while waiting for $wait_for" "$n server, SIGINT"
	has "$TMP/i.client" "peer $SERVER_IP:[0-9]+ $GAVE_UP" "$n client, server SIGINT"
done
