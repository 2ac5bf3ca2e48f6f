#!/bin/sh
# Description: client and server with different sizes, iterations or QP
# counts both fail (non-zero) with a message naming the field.
. tests/e2e/lib.sh

BIN=$B/rail_write_bw
check() { # field server-args -- client-args
	field=$1; shift
	pair mm 18641 "$@"
	[ "$CLI_RC" != 0 ] || fail "client accepted a $field mismatch"
	[ "$SRV_RC" != 0 ] || fail "server accepted a $field mismatch"
	grep -q "parameter mismatch.*$field: local" "$TMP/mm.client" ||
		{ cat "$TMP/mm.client"; fail "client message does not name $field"; }
	grep -q "parameter mismatch.*$field: local" "$TMP/mm.server" ||
		{ cat "$TMP/mm.server"; fail "server message does not name $field"; }
}
check size -s 4096 -- -s 8192
check iterations -n 100 -- -n 200
check "number of QPs" -q 1 -- -q 2
