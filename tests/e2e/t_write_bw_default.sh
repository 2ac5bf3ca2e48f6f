#!/bin/sh
# Description: rail_write_bw with default flags (64 KiB, 5000 iterations),
# server and client on one rxe device; the client's row parses as five
# numbers with a positive average, the server prints the same row, and the
# header and table header match ib_write_bw's from the same guest.
. tests/e2e/lib.sh

BIN=$B/rail_write_bw
pair rp 18601 --
[ "$CLI_RC" = 0 ] || { cat "$TMP/rp.client"; fail "client exit $CLI_RC"; }
[ "$SRV_RC" = 0 ] || { cat "$TMP/rp.server"; fail "server exit $SRV_RC"; }

crow=$(rows "$TMP/rp.client")
srow=$(rows "$TMP/rp.server")
[ "$(echo "$crow" | wc -l)" = 1 ] || fail "client rows: $crow"
check_bw_row "$crow"
set -- $crow
[ "$2" = 65536 ] && [ "$3" = 5000 ] || fail "size/iters: $crow"
awk -v a="$5" 'BEGIN { exit !(a > 0) }' || fail "average not positive: $5"
[ "$crow" = "$srow" ] || fail "server row '$srow' != client row '$crow'"

BIN=ib_write_bw
pair pt 18602 -x 1 -- -x 1
if [ "$CLI_RC" != 0 ]; then
	sed 's/^/    | /' "$TMP/pt.client"
	skip_part ib_write_bw "ib_write_bw failed here (exit $CLI_RC); rail_write_bw's own checks passed"
	exit 0
fi
header_keys "$TMP/rp.client" >"$TMP/k.rp"
header_keys "$TMP/pt.client" >"$TMP/k.pt"
diff "$TMP/k.pt" "$TMP/k.rp" || fail "client header differs from ib_write_bw"
header_keys "$TMP/rp.server" >"$TMP/k.rps"
header_keys "$TMP/pt.server" >"$TMP/k.pts"
diff "$TMP/k.pts" "$TMP/k.rps" || fail "server header differs from ib_write_bw"
[ "$(table_header "$TMP/rp.client")" = "$(table_header "$TMP/pt.client")" ] ||
	fail "table header differs"
prow=$(rows "$TMP/pt.client")
check_bw_row "$prow"
note "rail_write_bw: $crow"
note "ib_write_bw:   $prow"
