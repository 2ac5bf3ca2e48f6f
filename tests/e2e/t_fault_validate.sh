#!/bin/sh
# Description: a real data corruption that --validate must catch: the
# server runs under an LD_PRELOAD shim (tests/shim/shim_shift_addr.c) that
# announces its buffer one byte past where it is. rail_write_bw: the
# client's WRITEs land one byte off, the server's check fails; rail_read_lat
# (-s 4000, so a READ one byte on stays in the page-rounded slice): the
# client's READs bring shifted bytes, its check fails. Both sides exit 1
# (not a timeout or crash), both print "validation FAILED" naming the QP
# and offset, within a bound; no process is left. The control case, the
# same pair without the shim, passes (so the shim, not the setup, fails it).
. tests/e2e/lib.sh
. tests/e2e/fault.sh

SHIM=$(pwd)/$B/tests/shim_shift_addr.so
[ -f "$SHIM" ] || fail "$SHIM not built (make unit-bins)"
FAILED="^ railperf: validation FAILED: rail 0 QP 0 offset [0-9]+: expected"

# corrupt BIN PORT ARGS: the pair with the shim in the server.
corrupt() {
	b=$1 port=$2; shift 2
	n=${b##*/}
	bg "$TMP/c.server" env LD_PRELOAD="$SHIM" $b -d "$DEV" -p $port "$@"
	spid=$BG_PID
	wait_listen $port 20 $spid || fail "$n: server not listening"
	t0=$(now_ms)
	timeout 60 $b -d "$DEV" -p $port "$@" "$SERVER_IP" >"$TMP/c.client" 2>&1
	crc=$?
	wait_pid $spid 30
	src=$?
	el=$(( $(now_ms) - t0 ))
	exits_nonzero "$n client, data shifted by one byte" $crc
	exits_nonzero "$n server, data shifted by one byte" $src
	has "$TMP/c.client" "$FAILED" "$n client, data shifted"
	has "$TMP/c.server" "$FAILED" "$n server, data shifted"
	within "$n: both sides failed --validate" $el $FAST_MS
	note "$n: $(grep 'validation FAILED' "$TMP/c.client")"
	no_leftovers "$n, data shifted"
}

# The control case: without the shim the same flags validate.
BIN=$W pair ok 18931 -s 4000 -n 20 --validate -- -s 4000 -n 20 --validate
[ $CLI_RC = 0 ] && [ $SRV_RC = 0 ] ||
	{ cat "$TMP/ok.client" "$TMP/ok.server"; fail "control case failed"; }
has "$TMP/ok.server" "validation passed" "control case"

corrupt $W 18932 -s 4000 -n 20 --validate
corrupt $L 18933 -s 4000 -n 20 --validate
