#!/bin/sh
# Description: SIGINT reaches a client that retries a control connect
# failing at once (no route: the LD_PRELOAD shim
# tests/shim/shim_netunreach.c makes every TCP connect() fail with
# ENETUNREACH). Each binary's client, --timeout 30, gets SIGINT after 1 s
# of retrying (the shim's first refusal says when retrying began): it
# exits 1 with the one line "interrupted while connecting to SERVER:PORT"
# within 3 s of the signal, before the fix it ran to --timeout. (The
# connect loop itself returns within 200 ms, 1-5 ms measured by
# test_ctrl_connect; the bound here covers closing the rail, 0.5-0.9 s
# measured in the TCG guest, and this script's 100 ms polling.) Without a
# signal, --timeout 2 ends it naming "Network is unreachable" (bound 20 s:
# the rail's set-up in the guest comes first).
. tests/e2e/lib.sh
. tests/e2e/fault.sh

SHIM=$(pwd)/$B/tests/shim_netunreach.so
[ -f "$SHIM" ] || fail "$SHIM not built (make unit-bins)"

port=18990
for b in $BINS; do
	n=${b##*/} port=$((port + 1))
	bg "$TMP/u.client" env LD_PRELOAD="$SHIM" $b -d "$DEV" -p $port \
		--timeout 30 "$SERVER_IP"
	cpid=$BG_PID
	wait_file "$TMP/u.client" "shim_netunreach: connect refused" 30 $cpid ||
		{ cat "$TMP/u.client"; fail "$n: never tried to connect"; }
	sleep 1
	kill -0 $cpid 2>/dev/null || { cat "$TMP/u.client"; fail "$n: gone before SIGINT"; }
	t0=$(now_ms)
	kill -INT $cpid
	wait_pid $cpid 40; rc=$?
	el=$(( $(now_ms) - t0 ))
	exits_nonzero "$n, SIGINT while connecting" $rc
	within "$n: exit after SIGINT" $el 3000
	has "$TMP/u.client" "^$n: interrupted while connecting to $SERVER_IP:$port\$" "$n client"
	[ "$(grep -v "warning:" "$TMP/u.client" | grep -c "^$n:")" = 1 ] ||
		{ cat "$TMP/u.client"; fail "$n: want one error line"; }
	no_leftovers "$n"
done
b=$(echo $BINS | awk '{ print $1 }')
expect_fail "${b##*/}, no route, --timeout 2" \
	"could not connect to $SERVER_IP:18999 within 2 s: Network is unreachable" 20000 \
	env LD_PRELOAD="$SHIM" $b -d "$DEV" -p 18999 --timeout 2 "$SERVER_IP"
