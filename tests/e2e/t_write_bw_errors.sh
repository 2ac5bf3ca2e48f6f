#!/bin/sh
# Description: bad devices, ports and GID indexes fail fast with one line
# naming the bad value and the valid ones; a client with no server gives up
# within its --timeout with a clear error; nothing hangs.
. tests/e2e/lib.sh

BIN=$B/rail_write_bw
expect_err() { # pattern cmd...
	pat=$1; shift
	out=$("$@" 2>&1); rc=$?
	[ $rc != 0 ] || fail "'$*' succeeded"
	echo "$out" | grep -q -- "$pat" || fail "'$*' said: $out (want: $pat)"
}
expect_err "device 'nosuch' not found; devices present: rxe0, rxe1" \
	timeout 20 $BIN -d nosuch
expect_err "port 2 does not exist on rxe1; valid ports: 1..1" \
	timeout 20 $BIN -d rxe1 -i 2
expect_err "GID index 7 of rxe1 port 1 is empty; valid entries: 0 (RoCE v2 fe80::" \
	timeout 20 $BIN -d rxe1 -x 7
expect_err "1 (RoCE v2 ::ffff:10.0.2.1 on eth1)" timeout 20 $BIN -d rxe1 -x 7
expect_err "invalid -x value .300.: valid values are 0 .. 255" \
	timeout 20 $BIN -d rxe1 -x 300
start=$(date +%s)
expect_err "could not connect to 127.0.0.1:18651 within 2 s" \
	timeout 20 $BIN -d rxe1 -p 18651 --timeout 2 127.0.0.1
el=$(( $(date +%s) - start ))
[ "$el" -le 6 ] || fail "client took ${el}s to give up with --timeout 2"
