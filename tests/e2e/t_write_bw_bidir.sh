#!/bin/sh
# Description: rail_write_bw -b on one rxe device. Both sides print
# "RDMA_Write Bidirectional BW Test" with TX depth and the same summed row
# (5 numbers; its BW average is what this side sent plus what it received,
# by the railperf -b line); --report-both adds the Local and Remote blocks,
# whose averages add up to the summed row; --validate checks both
# directions on both sides; -a -n 5 gives 23 summed rows on both sides;
# --out_json_file on both holds the summed row and a "bidirectional"
# object whose sent and received are the two sides' own, swapped; a
# one-sided -b is a parameter mismatch named on both sides.
. tests/e2e/lib.sh

BIN=$B/rail_write_bw

ok() {
	[ "$CLI_RC" = 0 ] || { cat "$TMP/$1.client" "$TMP/$1.server"; fail "$1: client exit $CLI_RC"; }
	[ "$SRV_RC" = 0 ] || { cat "$TMP/$1.server"; fail "$1: server exit $SRV_RC"; }
}

pair bb 18730 -b -n 500 --report-both --validate --out_json_file="$TMP/bbs.json" -- \
	-b -n 500 --report-both --validate --out_json_file="$TMP/bb.json"
ok bb
for side in client server; do
	bf=$TMP/bb.$side
	grep -q '^                    RDMA_Write Bidirectional BW Test$' "$bf" || fail "$side: title"
	grep -q '^ TX depth        : 128$' "$bf" || fail "$side: TX depth (both sides with -b)"
	[ "$(grep -c '^ #bytes' "$bf")" = 3 ] || fail "$side: want 3 tables (sum, Local, Remote)"
	grep -q '^ Local results: $' "$bf" && grep -q '^ Remote results: $' "$bf" ||
		fail "$side: no Local/Remote blocks"
	rows "$bf" >"$bf.rows"
	[ "$(wc -l <"$bf.rows")" = 3 ] || fail "$side: rows: $(cat "$bf.rows")"
	while read -r r; do check_bw_row "$r"; done <"$bf.rows"
	# summed = local + remote (two decimals each)
	awk 'NR == 1 { s = $5 } NR == 2 { l = $5 } NR == 3 { r = $5 }
		END { d = s - l - r; exit !(d < 0.02 && d > -0.02) }' "$bf.rows" ||
		fail "$side: summed row is not Local + Remote: $(cat "$bf.rows")"
	grep -q "^ railperf: rail 0 (rxe1): bidirectional: sent [0-9.]* MB/sec .* received [0-9.]* MB/sec .* both directions [0-9.]* MB/sec$" "$bf" ||
		fail "$side: no -b railperf line"
	bd_validated "$bf" "$side"
done
# the two sides' Local and Remote are each other's
lc=$(sed -n 2p "$TMP/bb.client.rows" | awk '{ print $5 }')
rs=$(sed -n 3p "$TMP/bb.server.rows" | awk '{ print $5 }')
[ "$lc" = "$rs" ] || fail "client's Local $lc is not the server's Remote $rs"
for j in bb bbs; do
	python3 - "$TMP/$j.json" <<'PY' || fail "$j.json"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["test_info"]["test"] == "RDMA_Write_Bidirectional_BW_Test"
b, r = d["bidirectional"], d["results"]
assert set(b) == {"sent", "received", "sum"}
# each direction under railperf's keys; perftest's BW_average once
k = "bw_average_mib_per_s"
assert abs(b["sum"][k] - r["BW_average"]) < 0.02
assert abs(b["sent"][k] + b["received"][k] - r["BW_average"]) < 0.03
assert open(sys.argv[1]).read().count('"BW_average"') == 1
PY
done
note "rail_write_bw -b: $(rows "$TMP/bb.client" | head -n 1)"

pair ba 18731 -b -a -n 5 -- -b -a -n 5
ok ba
for side in client server; do
	[ "$(rows "$TMP/ba.$side" | wc -l)" = 23 ] || fail "-b -a $side: want 23 rows"
done

pair bm 18732 -b -n 100 -- -n 100
[ "$CLI_RC" != 0 ] && [ "$SRV_RC" != 0 ] || fail "one-sided -b ran"
grep -q -- '-b (bidirectional): local off, remote on' "$TMP/bm.client" ||
	fail "mismatch not named: $(cat "$TMP/bm.client")"
exit 0
