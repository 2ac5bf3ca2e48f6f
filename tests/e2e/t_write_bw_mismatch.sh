#!/bin/sh
# Description: client and server with different sizes, iterations or QP
# counts both fail with exit 1 (not a crash or a timeout) and a message
# naming the field, both within a bound; no process is left.
. tests/e2e/lib.sh
. tests/e2e/fault.sh

BIN=$B/rail_write_bw
check() { # field server-args -- client-args
	field=$1; shift
	t0=$(now_ms)
	pair mm 18641 "$@"
	el=$(( $(now_ms) - t0 ))
	exits_nonzero "client, $field mismatch" "$CLI_RC"
	exits_nonzero "server, $field mismatch" "$SRV_RC"
	within "$field mismatch: both sides gone" $el $FAST_MS
	no_leftovers "$field mismatch"
	grep -q "parameter mismatch.*$field: local" "$TMP/mm.client" ||
		{ cat "$TMP/mm.client"; fail "client message does not name $field"; }
	grep -q "parameter mismatch.*$field: local" "$TMP/mm.server" ||
		{ cat "$TMP/mm.server"; fail "server message does not name $field"; }
}
check size -s 4096 -- -s 8192
check iterations -n 100 -- -n 200
check "number of QPs" -q 1 -- -q 2
