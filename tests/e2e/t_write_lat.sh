#!/bin/sh
# Description: rail_write_lat server and client on one rxe device: default
# flags, -D 2, -H, --output=latency (-a: t_compat_write_lat_all, which
# checks the 23 rows of -a -n 100 on both sides the same way). Both sides run the
# ping-pong and both print the table (as ib_write_lat): one row of 9
# numbers per size with t_min <= t_typical <= p99 <= p99.9 <= t_max and the
# requested count; the header is ib_write_lat's ("RDMA_Write Latency Test",
# "PCIe relax order: OFF", "Max inline data", TX depth on the client only)
# and a railperf line says the latency is half the round trip; the -H
# samples are sorted and numbered; --out_json_file on both sides holds
# RDMA_Write_Latency_Test with Max_inline_data; -D 2 prints the 4-field
# duration table and the railperf statistics line on both sides;
# --validate and -b are refused.
. tests/e2e/lib.sh

RP=$B/rail_write_lat
BIN=$RP

ok() {
	[ "$CLI_RC" = 0 ] || { cat "$TMP/$1.client" "$TMP/$1.server"; fail "$1: client exit $CLI_RC"; }
	[ "$SRV_RC" = 0 ] || { cat "$TMP/$1.server"; fail "$1: server exit $SRV_RC"; }
}

# Default: both sides a row of 2 B x 1000; header lines; JSON on both.
rm -f "$TMP/wl.json" "$TMP/wls.json"
pair wl 18720 --out_json_file="$TMP/wls.json" -- --out_json_file="$TMP/wl.json"
ok wl
for side in client server; do
	rows "$TMP/wl.$side" >"$TMP/wl.rows"
	[ "$(wc -l <"$TMP/wl.rows")" = 1 ] || fail "wl.$side: rows: $(cat "$TMP/wl.rows")"
	lat_row "$(cat "$TMP/wl.rows")" 2 1000
	grep -q '^                    RDMA_Write Latency Test$' "$TMP/wl.$side" ||
		fail "wl.$side: no title"
	grep -q '^ PCIe relax order: OFF$' "$TMP/wl.$side" ||
		fail "wl.$side: relaxed ordering must be off (the last byte is polled)"
	grep -q '^ Max inline data : [0-9]*\[B\]$' "$TMP/wl.$side" ||
		fail "wl.$side: no Max inline data line"
	! grep -q 'Outstand reads' "$TMP/wl.$side" || fail "wl.$side: Outstand reads"
	grep -q '^ railperf: latency is half the round trip of the WRITE ping pong' "$TMP/wl.$side" ||
		fail "wl.$side: no method line"
	note "rail_write_lat $side: $(cat "$TMP/wl.rows")"
done
grep -q '^ TX depth        : 1$' "$TMP/wl.client" || fail "wl.client: no TX depth"
! grep -q 'TX depth' "$TMP/wl.server" || fail "wl.server: TX depth (perftest: client only)"
for j in wl wls; do
	python3 - "$TMP/$j.json" <<'PY' || fail "$j.json: keys or values"
import json, sys
d = json.load(open(sys.argv[1]))
i, r = d["test_info"], d["results"]
assert i["test"] == "RDMA_Write_Latency_Test", i["test"]
assert "Max_inline_data" in i and "Outstand_reads" not in i
assert r["MsgSize"] == 2 and r["n_iterations"] == 1000
assert r["t_min"] <= r["t_typical"] <= r["percentile_99.9"] <= r["t_max"]
PY
done

# -D 2: the duration table on both sides, the railperf statistics line
pair wlD 18722 -D 2 -- -D 2
ok wlD
for side in client server; do
	row=$(rows "$TMP/wlD.$side")
	set -- $row
	[ "$1" = 4 ] || fail "-D 2 $side: want 4 fields: $row"
	[ "$2" = 2 ] && [ "$3" -gt 10 ] || fail "-D 2 $side: size or iterations: $row"
	grep -q "^ railperf: the timed run's [0-9]* samples: t_min " "$TMP/wlD.$side" ||
		fail "-D 2 $side: no railperf statistics line"
	note "rail_write_lat -D 2 $side: $row"
done

# -H: the halved samples, sorted and numbered, then the header again
pair wlH 18723 -n 20 -H -- -n 20 -H
ok wlH
awk '/^#, usec$/ { h = 1; next } h && /^[0-9]+, / { n++; v = $2 + 0
	if (n != $1 + 0 || v < last) bad = 1; last = v } END { exit bad || n != 20 }' \
	"$TMP/wlH.client" || fail "-H: want 20 sorted samples numbered 1 .. 20"
[ "$(grep -c '^ #bytes' "$TMP/wlH.client")" = 2 ] || fail "-H: table header not repeated"

# --output=latency: one number on each side
pair wlo 18724 --output=latency -- --output=latency
ok wlo
for side in client server; do
	[ "$(wc -l <"$TMP/wlo.$side")" = 1 ] && is_number "$(cat "$TMP/wlo.$side")" ||
		fail "--output=latency $side: $(cat "$TMP/wlo.$side")"
done

"$RP" --validate >"$TMP/bad.out" 2>&1 && fail "--validate accepted"
grep -q 'option --validate is not supported by rail_write_lat' "$TMP/bad.out" ||
	fail "--validate: $(cat "$TMP/bad.out")"
"$RP" -b >"$TMP/bad.out" 2>&1 && fail "-b accepted"
grep -q 'option -b is not supported by rail_write_lat' "$TMP/bad.out" ||
	fail "-b: $(cat "$TMP/bad.out")"
exit 0
