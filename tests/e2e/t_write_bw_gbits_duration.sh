#!/bin/sh
# Description: --report_gbits -D 2: the table header says Gb/sec exactly as
# ib_write_bw's does, the peak is 0.00 (not measured with -D, as perftest),
# the iteration count is positive, and the server's row equals the client's.
. tests/e2e/lib.sh

BIN=$B/rail_write_bw
pair rp 18621 --report_gbits -D 2 -- --report_gbits -D 2
[ "$CLI_RC" = 0 ] || { cat "$TMP/rp.client"; fail "client exit $CLI_RC"; }
[ "$SRV_RC" = 0 ] || { cat "$TMP/rp.server"; fail "server exit $SRV_RC"; }
crow=$(rows "$TMP/rp.client")
check_bw_row "$crow"
set -- $crow
[ "$4" = "0.00" ] || [ "$4" = "0.000000" ] || fail "peak '$4' with -D"
[ "$3" -gt 0 ] || fail "no iterations counted: $crow"
[ "$crow" = "$(rows "$TMP/rp.server")" ] || fail "server row differs"
table_header "$TMP/rp.client" | grep -q 'BW average\[Gb/sec\]' ||
	fail "no Gb/sec header"

BIN=ib_write_bw
pair pt 18622 -x 1 --report_gbits -D 2 -- -x 1 --report_gbits -D 2
if [ "$CLI_RC" != 0 ]; then
	sed 's/^/    | /' "$TMP/pt.client"
	skip_part ib_write_bw "ib_write_bw -D failed here (exit $CLI_RC); rail_write_bw's own checks passed"
	exit 0
fi
[ "$(table_header "$TMP/rp.client")" = "$(table_header "$TMP/pt.client")" ] ||
	fail "table header differs from ib_write_bw"
diff "$(header_keys "$TMP/pt.client" >"$TMP/a"; echo "$TMP/a")" \
	"$(header_keys "$TMP/rp.client" >"$TMP/b"; echo "$TMP/b")" ||
	fail "header differs from ib_write_bw"
note "rail_write_bw: $crow"
note "ib_write_bw:   $(rows "$TMP/pt.client")"
