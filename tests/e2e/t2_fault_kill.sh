#!/bin/sh
# Description: the server killed mid-run (SIGKILL), in two guests: guest a
# runs each binary's server and kills it 2 s into the run; in guest b the
# client exits 1 within a bound, naming the control connection closed by
# the peer (or the work-completion status, e.g. IBV_WC_RETRY_EXC_ERR),
# prints no result row, and nothing is left behind.
# Guest a ($1 = a) runs the servers, guest b the clients.
. tests/e2e/lib.sh
. tests/e2e/fault.sh

role=$1
A0=10.0.1.1
KILL_AFTER=2	# s after the run started (both sides pass READY together)
port=18880
for b in $BINS; do
	n=${b##*/} port=$((port + 1))
	if [ "$role" = a ]; then
		bg "$TMP/k.server" $b -d rxe0 -p $port -D 30 --timeout 60
		spid=$BG_PID
		wait_file "$TMP/k.server" "remote address" 90 $spid ||
			{ cat "$TMP/k.server"; fail "$n: the run did not start"; }
		sleep $KILL_AFTER
		kill -9 $spid
		wait $spid 2>/dev/null
		no_leftovers "$n server killed"
		continue
	fi
	bg "$TMP/k.client" $b -d rxe0 -p $port -D 30 --timeout 60 $A0
	cpid=$BG_PID
	wait_file "$TMP/k.client" "remote address" 90 $cpid ||
		{ cat "$TMP/k.client"; fail "$n: the run did not start"; }
	wait_gone $cpid 40
	exits_nonzero "$n client, server killed" $GONE_RC
	has "$TMP/k.client" \
		"control connection to $A0:$port closed by the peer during the run|IBV_WC_[A-Z_]+_ERR" \
		"$n client, server killed"
	no_rows "$TMP/k.client" "$n client, server killed"
	within "$n client exits after its server was killed" \
		$((GONE_MS - KILL_AFTER * 1000)) $PEER_MS
	note "$n client: $(grep -E "closed by the peer|IBV_WC_" "$TMP/k.client" | head -n 1)"
	no_leftovers "$n client, server killed"
done
