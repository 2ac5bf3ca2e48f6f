#!/bin/sh
# Description: rail_atomic_bw and rail_atomic_lat (issue 42), server and
# client on one rxe device, in one guest. Conformance against
# ib_atomic_bw's and ib_atomic_lat's outputs recorded in this guest image
# (tests/data/perftest-6.06, tests/compat/lib.sh crec): the header lines
# with their tabs, the extra separator, the address lines (no RKey), the
# table header byte for byte, the rows' columns and formats, exit status
# 0, every parser of the corpus, and the --out_json keys (perftest 6.29's
# holding all of 6.06's): defaults with --out_json, -q 2 -o 4 -n 500,
# -A CMP_AND_SWAP with --validate, and the latency tool's -D 2 table.
# --validate passes (FETCH_AND_ADD and the CMP_AND_SWAP chain, both
# tools, and rail_multi_bw --verb=atomic on both rails), and fails when
# it should: the client under tests/shim/shim_atomic_fault.c, whose 10th
# atomic reaches the NIC as a doubled add (a CMP_AND_SWAP that swaps in
# what it compares: the chain broken), exits 1 on both sides, each
# naming rail 0 QP 0, the client the word and the count (1001 after
# 1000 FETCH_AND_ADDs). The output rule: stdout perftest's lines only
# (shape.py check), the verdicts on stderr. The seconds each part took
# are in the notes.
. tests/e2e/lib.sh
. tests/compat/lib.sh
. tests/e2e/fault.sh

A=$B/rail_atomic_bw
L=$B/rail_atomic_lat
SHIM=$(pwd)/$B/tests/shim_atomic_fault.so
[ -f "$SHIM" ] || fail "$SHIM not built (make unit-bins)"
PASS='^ railperf: validation passed: the word of every QP holds the count of its completed'
t0=$(now_ms)

crec bw_json bw atomic_bw-json "$A" "" "--out_json --out_json_file=@J@.json" bw
crec bw_q2o4 bw atomic_bw-q2-o4 "$A" "-q 2 -o 4 -n 500" "-q 2 -o 4 -n 500"
crec bw_cas bw atomic_bw-cas "$A" "-A CMP_AND_SWAP --validate" \
	"-A CMP_AND_SWAP --validate"
crec lat_json lat atomic_lat-json "$L" "" \
	"--out_json --out_json_file=@J@.json" lat
crec lat_cas lat atomic_lat-cas "$L" "-A CMP_AND_SWAP --validate" \
	"-A CMP_AND_SWAP --validate"
crec lat_D2 lat_dur atomic_lat-D2 "$L" "-D 2" "-D 2"
note "conformance: $(( $(now_ms) - t0 )) ms"
# beside NAME: perftest's (recorded) and railperf's table header and row
beside() {
	for t in pt rp; do
		grep -A1 '^ #bytes' "$CTMP/$1.$t.client" | while IFS= read -r l; do
			note "$1 $t: $l"
		done
	done
}
beside bw_json
beside lat_json

# passed: each side says so on stderr, railperf's stream (stdout holds
# perftest's lines only: shape.py check compared it whole above)
passed() { # NAME SIDE OP
	grep -q "$PASS $3 atomics\$" "$CTMP/$1.rp.$2.err" ||
		cfail "$1 $2: no 'validation passed' for $3 on stderr"
	! grep -q ' railperf:' "$CTMP/$1.rp.$2" ||
		cfail "$1 $2: a railperf line on stdout"
}
passed bw_cas client CMP_AND_SWAP
passed bw_cas server CMP_AND_SWAP
passed lat_cas client CMP_AND_SWAP
passed lat_cas server CMP_AND_SWAP

t1=$(now_ms)
BIN=$B/rail_multi_bw DEV= pair m 18961 -d rxe0,rxe1 --verb=atomic -n 200 \
	--validate -- -d rxe0,rxe1 --verb=atomic -n 200 --validate
[ "$CLI_RC/$SRV_RC" = 0/0 ] ||
	{ cat "$TMP/m.client" "$TMP/m.server"; fail "rail_multi_bw --verb=atomic: exit $CLI_RC/$SRV_RC"; }
grep -q "$PASS FETCH_AND_ADD atomics\$" "$TMP/m.client" ||
	{ cat "$TMP/m.client"; fail "rail_multi_bw --verb=atomic did not validate"; }
row=$(rows "$TMP/m.client"); check_bw_row "$row"
set -- $row
[ "$2/$3" = 8/400 ] || fail "rail_multi_bw --verb=atomic row: $row"
note "rail_multi_bw --verb=atomic: $(( $(now_ms) - t1 )) ms"

# red BIN PORT PATTERN ARGS: the client's 10th atomic altered on its way
red() {
	b=$1 port=$2 pat=$3; shift 3
	n=${b##*/}
	bg "$TMP/r.server" "$b" -d "$DEV" -p "$port" "$@"
	spid=$BG_PID
	wait_listen "$port" 20 "$spid" || fail "$n: server not listening"
	t2=$(now_ms)
	timeout 60 env LD_PRELOAD="$SHIM" "$b" -d "$DEV" -p "$port" "$@" \
		"$SERVER_IP" >"$TMP/r.client" 2>&1
	crc=$?
	wait_pid "$spid" 30
	src=$?
	exits_nonzero "$n client, an atomic altered" $crc
	exits_nonzero "$n server, an atomic altered" $src
	has "$TMP/r.client" "^ railperf: validation FAILED: rail 0 QP 0: its word holds $pat" \
		"$n client, an atomic altered"
	has "$TMP/r.server" "^ railperf: validation FAILED: rail 0 QP 0: the peer read this side's word off" \
		"$n server, an atomic altered"
	within "$n: both sides failed --validate" $(( $(now_ms) - t2 )) $FAST_MS
	note "$n: $(grep 'validation FAILED' "$TMP/r.client")"
	no_leftovers "$n, an atomic altered"
}
red "$A" 18962 "1001 after 1000 completed FETCH_AND_ADD atomics" --validate
# the chain stops at the 10th: 9 swaps, then every compare misses
red "$L" 18963 "9 after 1008 completed CMP_AND_SWAP atomics" \
	-A CMP_AND_SWAP --validate
note "all: $(( $(now_ms) - t0 )) ms"
compat_end
