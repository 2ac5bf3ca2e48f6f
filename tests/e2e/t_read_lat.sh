#!/bin/sh
# Description: rail_read_lat server and client on one rxe device: default
# flags, -s 4096, -D 2 (ib_read_lat's duration table: 4 fields), -a -n 5,
# -H. Each other client row parses as 9 numbers
# with a positive median and t_min <= t_typical <= p99 <= p99.9 <= t_max;
# -a with --validate passes on both sides (-R --validate too);
# the servers print no row; header keys (in order), the table header and the
# row shape match ib_read_lat's recording from this guest image with the
# same flags (tests/data/perftest-6.06); -a gives the 23 sizes 2 ..
# 8388608; -H lists the samples sorted; --out_json_file writes valid JSON
# on the client (an array with -a) and nothing on the server; -t and an -n
# above the sample cap are refused.
. tests/e2e/lib.sh

RP=$B/rail_read_lat

# ok NAME: both sides of the last pair exited 0.
ok() {
	[ "$CLI_RC" = 0 ] || { cat "$TMP/$1.client"; fail "$1: client exit $CLI_RC"; }
	[ "$SRV_RC" = 0 ] || { cat "$TMP/$1.server"; fail "$1: server exit $SRV_RC"; }
}

# same_shape RP_NAME PT_NAME: header keys (of the whole output, and of the
# output after the first separator: ib_read_lat prints an extra one first on
# rxe, which leaves header_keys an empty block; so does rail_read_lat),
# table header and server silence are ib_read_lat's.
same_shape() {
	for side in client server; do
		header_keys "$TMP/$1.$side" >"$TMP/k.rp"
		header_keys "$TMP/$2.$side" >"$TMP/k.pt"
		diff "$TMP/k.pt" "$TMP/k.rp" || fail "$1.$side: header keys differ"
		sed '0,/^-\+$/d' "$TMP/$1.$side" | header_keys /dev/stdin >"$TMP/k.rp"
		sed '0,/^-\+$/d' "$TMP/$2.$side" | header_keys /dev/stdin >"$TMP/k.pt"
		[ -s "$TMP/k.rp" ] || fail "$1.$side: no header block"
		diff "$TMP/k.pt" "$TMP/k.rp" || fail "$1.$side: header block differs"
		[ -z "$(rows "$TMP/$1.$side" | grep -v "^9 ")" ] ||
			fail "$1.$side: a row without 9 fields"
	done
	[ "$(table_header "$TMP/$1.client")" = "$(table_header "$TMP/$2.client")" ] ||
		fail "$1: table header differs from ib_read_lat's"
	[ -z "$(rows "$TMP/$1.server")" ] || fail "$1: the server printed a row"
	[ -z "$(rows "$TMP/$2.server")" ] || fail "$2: ib_read_lat's server printed a row"
}

# recorded NAME REC: perftest's recorded output REC as NAME.client and
# NAME.server.
recorded() {
	for side in client server; do
		cp "tests/data/perftest-6.06/$2.$side.txt" "$TMP/$1.$side" ||
			fail "no recording $2"
	done
}

valid_json() {
	python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$1" ||
		fail "$1 is not valid JSON"
}

# Default flags (2 B, 1000 iterations), with --out_json_file on both sides.
BIN=$RP
rm -f "$TMP/rp.json" "$TMP/rps.json"
pair rp 18700 --out_json_file="$TMP/rps.json" -- --out_json_file="$TMP/rp.json"
ok rp
rows "$TMP/rp.client" >"$TMP/rp.rows"
[ "$(wc -l <"$TMP/rp.rows")" = 1 ] || fail "rp: rows: $(cat "$TMP/rp.rows")"
lat_row "$(cat "$TMP/rp.rows")" 2 1000
valid_json "$TMP/rp.json"
python3 - "$TMP/rp.json" <<'EOF' || fail "rp.json: keys or values"
import json, sys
d = json.load(open(sys.argv[1]))
r = d["results"]
assert d["test_info"]["test"] == "RDMA_Read_Latency_Test"
assert d["test_info"]["Outstand_reads"] > 0
assert list(r) == ["MsgSize", "n_iterations", "t_min", "t_max", "t_typical",
                   "t_avg", "t_stdev", "percentile_99", "percentile_99.9"], list(r)
assert r["MsgSize"] == 2 and r["n_iterations"] == 1000
assert r["t_min"] <= r["t_typical"] <= r["percentile_99.9"] <= r["t_max"]
EOF
[ ! -e "$TMP/rps.json" ] || fail "the server wrote $TMP/rps.json"

# ib_read_lat's side: its recording of the same flags from this guest
# image (tests/data/perftest-6.06; t_compat_read_lat runs it live)
recorded pt read_lat-default
lat_row "$(rows "$TMP/pt.client")" 2 1000
same_shape rp pt
note "rail_read_lat: $(cat "$TMP/rp.rows")"

# -s 4096
BIN=$RP
pair rp4k 18702 -s 4096 -- -s 4096
ok rp4k
lat_row "$(rows "$TMP/rp4k.client")" 4096 1000
recorded pt4k read_lat-s4096
same_shape rp4k pt4k
note "rail_read_lat -s 4096: $(rows "$TMP/rp4k.client")"

# -D 2: ib_read_lat's duration table (#bytes #iterations t_avg[usec] tps
# average); the full statistics follow in a railperf line
BIN=$RP
pair rpD 18704 -D 2 -- -D 2
ok rpD
row=$(rows "$TMP/rpD.client")
set -- $row
[ "$1" = 4 ] || fail "-D 2: want 4 fields (size iters t_avg tps): $row"
[ "$2" = 2 ] && [ "$3" -gt 100 ] || fail "-D 2: size or iterations: $row"
is_number "$4" && is_number "$5" || fail "-D 2: t_avg / tps: $row"
grep -q "^ railperf: the timed run's [0-9]* samples: t_min " "$TMP/rpD.client" ||
	fail "-D 2: no railperf statistics line"
note "rail_read_lat -D 2: $row"

# -a: 23 sizes (ib_read_lat's: 2 .. 8 MiB), each a full row; the JSON
# results an array of 23. -n 5 (the least): an 8 MiB READ takes ~0.2 s under TCG.
# --validate: the client checks after every size that it READ exactly the
# server's pattern; both sides print the verdict for the largest size.
pair rpa 18705 -a -n 5 --validate -- -a -n 5 --validate \
	--out_json_file="$TMP/rpa.json"
ok rpa
for side in client server; do
	# the largest size's (8 MiB: the client's last row, checked below)
	grep -q '^ railperf: validation passed: every byte of the message on each of 1 QP(s) matches the pattern$' \
		"$TMP/rpa.$side" || { cat "$TMP/rpa.$side"; fail "-a --validate: no verdict on the $side"; }
done
rows "$TMP/rpa.client" >"$TMP/rpa.rows"
[ "$(wc -l <"$TMP/rpa.rows")" = 23 ] || fail "-a: want 23 rows: $(cat "$TMP/rpa.rows")"
want=2
while read -r line; do
	lat_row "$line" "$want" 5
	want=$((want * 2))
done <"$TMP/rpa.rows"
valid_json "$TMP/rpa.json"
python3 -c 'import json,sys; r = json.load(open(sys.argv[1]))["results"]
assert [x["MsgSize"] for x in r] == [2 << i for i in range(23)]' "$TMP/rpa.json" ||
	fail "rpa.json: results is not the 23 sizes"

# --validate through rdma_cm (-R): the server's buffer is filled before
# rdma_cm hands its rkey over as well
pair rpR 18708 -R -s 4096 -n 50 --validate -- -R -s 4096 -n 50 --validate
ok rpR
for side in client server; do
	grep -q '^ railperf: validation passed: every byte of the message on each of 1 QP(s) matches the pattern$' \
		"$TMP/rpR.$side" || fail "-R --validate: no verdict on the $side"
done
[ "$(rows "$TMP/rpR.client" | awk '{ print $2 }')" = 4096 ] ||
	fail "-R --validate: the message is not 4096 bytes: $(rows "$TMP/rpR.client")"

# -H: "#, usec", one "i, usec" line per sample (sorted), the header again
BIN=$RP
pair rpH 18707 -n 20 -H -- -n 20 -H
ok rpH
[ "$(grep -c '^#, usec$' "$TMP/rpH.client")" = 1 ] || fail "-H: no '#, usec' line"
awk '/^#, usec$/ { h = 1; next } h && /^[0-9]+, / { n++; v = $2 + 0
	if (n != $1 + 0 || v < last) bad = 1; last = v } END { exit bad || n != 20 }' \
	"$TMP/rpH.client" || fail "-H: want 20 sorted samples numbered 1 .. 20"
[ "$(grep -c '^ #bytes' "$TMP/rpH.client")" = 2 ] || fail "-H: table header not repeated"

# Options a latency test does not take, and the sample cap
"$RP" -t 4 >"$TMP/bad.out" 2>&1 && fail "-t accepted"
grep -q 'option -t is not supported by rail_read_lat' "$TMP/bad.out" || fail "-t: $(cat "$TMP/bad.out")"
"$RP" -n 40000000 >"$TMP/bad.out" 2>&1 && fail "-n 40000000 accepted"
grep -q "invalid -n value '40000000'" "$TMP/bad.out" || fail "-n: $(cat "$TMP/bad.out")"
exit 0
