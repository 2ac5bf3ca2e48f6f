#!/bin/sh
# Description: -a -n 5 sweeps 2 B .. 8 MiB: the client prints 23 rows with
# sizes 2, 4, ..., 8388608, each five numbers; the server prints one row,
# the last size (as ib_write_bw does); ib_write_bw -a -n 5 in the same guest
# prints the same sizes. Sizes above 64 KiB must work (perftest #394).
. tests/e2e/lib.sh

BIN=$B/rail_write_bw
pair rp 18611 -a -n 5 --validate -- -a -n 5 --validate
[ "$CLI_RC" = 0 ] || { cat "$TMP/rp.client"; fail "client exit $CLI_RC"; }
[ "$SRV_RC" = 0 ] || { cat "$TMP/rp.server"; fail "server exit $SRV_RC"; }
rows "$TMP/rp.client" >"$TMP/rp.rows"
[ "$(wc -l <"$TMP/rp.rows")" = 23 ] || fail "want 23 rows, got: $(cat "$TMP/rp.rows")"
want=2
while read -r line; do
	check_bw_row "$line"
	set -- $line
	[ "$2" = "$want" ] || fail "size $2, want $want"
	[ "$3" = 5 ] || fail "iterations $3, want 5"
	want=$((want * 2))
done <"$TMP/rp.rows"
srow=$(rows "$TMP/rp.server")
set -- $srow
[ "$2" = 8388608 ] || fail "server row: '$srow', want size 8388608"
grep -q 'validation passed' "$TMP/rp.server" || fail "server: no validation"
grep -q 'validation passed' "$TMP/rp.client" || fail "client: no validation"

BIN=ib_write_bw
pair pt 18612 -x 1 -a -n 5 -- -x 1 -a -n 5
if [ "$CLI_RC" != 0 ]; then
	sed 's/^/    | /' "$TMP/pt.client"
	skip_part ib_write_bw "ib_write_bw -a failed here (exit $CLI_RC); rail_write_bw's own checks passed"
	exit 0
fi
rows "$TMP/pt.client" | awk '{ print $2 }' >"$TMP/pt.sizes"
awk '{ print $2 }' "$TMP/rp.rows" >"$TMP/rp.sizes"
diff "$TMP/pt.sizes" "$TMP/rp.sizes" || fail "sizes differ from ib_write_bw"
