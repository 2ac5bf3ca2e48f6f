#!/bin/sh
# Description: every binary's main paths once, server and client in one
# guest, for the sanitized build (make sanitize-e2e; an s_*.sh test runs
# only when RP_E2E_ONLY names it, so the plain suite does not pay for what
# its own tests cover). Each case: both sides exit as the case says (a
# sanitizer report makes a side exit non-zero: ASan's leak checker 23,
# UBSan aborts), no sanitizer report in either output, and the client's
# result row or number is there.
#   rail_write_bw   default size -n 200; -a -n 5 --validate; -D 1
#                   --output=bandwidth; -R; -b --report-both with JSON;
#                   -l 4 -q 2; the -w gate (client exit 1)
#   rail_read_lat   -n 200 with JSON; -R; -D 1; -s 65536 --validate
#   rail_write_lat  -n 200 with JSON; -R; -D 1 --output=latency; -H
#   rail_multi_bw   both rails -n 200 --validate; -b -D 2 --interval 1
#   rail_info       text and --json
. tests/e2e/lib.sh

SAN='AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|runtime error:'

# case NAME BIN WANT_CLIENT_RC SERVER_ARGS -- CLIENT_ARGS: one pair on
# $DEV; the client exits WANT_CLIENT_RC, the server 0 unless the client
# is meant to fail (then whatever the gate makes it).
case_run() {
	name=$1 BIN=$2 want=$3
	shift 3
	pair "$name" 18650 "$@"
	! grep -Eq "$SAN" "$TMP/$name.client" "$TMP/$name.server" || {
		cat "$TMP/$name.client" "$TMP/$name.server"
		fail "$name: a sanitizer report"
	}
	[ "$CLI_RC" = "$want" ] ||
		{ cat "$TMP/$name.client" "$TMP/$name.server"; fail "$name: client exit $CLI_RC, want $want"; }
	[ "$want" != 0 ] || [ "$SRV_RC" = 0 ] ||
		{ cat "$TMP/$name.server"; fail "$name: server exit $SRV_RC"; }
	[ "$want" = 0 ] || [ "$SRV_RC" -lt 2 ] ||
		{ cat "$TMP/$name.server"; fail "$name: server exit $SRV_RC (a crash or a report?)"; }
}

# has_rows NAME N: the client printed N result rows
has_rows() {
	[ "$(rows "$TMP/$1.client" | wc -l)" = "$2" ] ||
		{ cat "$TMP/$1.client"; fail "$1: want $2 result rows"; }
}

W=$B/rail_write_bw R=$B/rail_read_lat WL=$B/rail_write_lat M=$B/rail_multi_bw

case_run w_default $W 0 -n 200 -- -n 200
has_rows w_default 1
case_run w_all $W 0 -a -n 5 --validate -- -a -n 5 --validate
has_rows w_all 23
grep -q '^ railperf: validation passed' "$TMP/w_all.server" || fail "w_all: server did not validate"
case_run w_D1 $W 0 -D 1 --output=bandwidth -- -D 1 --output=bandwidth
is_number "$(tail -n 1 "$TMP/w_D1.client")" || fail "w_D1: last line is not a number: $(tail -n 1 "$TMP/w_D1.client")"
case_run w_cm $W 0 -R -n 200 -- -R -n 200
has_rows w_cm 1
case_run w_bidir $W 0 -b --report-both -n 200 -- -b --report-both -n 200 \
	--out_json --out_json_file="$TMP/w_bidir.json"
json_check "$TMP/w_bidir.json" "d['bidirectional']['sum']['bw_average_mib_per_s'] > 0"
case_run w_l4q2 $W 0 -l 4 -q 2 -n 200 -- -l 4 -q 2 -n 200
has_rows w_l4q2 1
case_run w_gate $W 1 -n 200 -w 100000 -- -n 200 -w 100000

case_run r_default $R 0 -n 200 -- -n 200 --out_json --out_json_file="$TMP/r.json"
has_rows r_default 1
json_check "$TMP/r.json" "len(d) > 0"
case_run r_cm $R 0 -R -n 100 -- -R -n 100
has_rows r_cm 1
case_run r_D1 $R 0 -D 1 -- -D 1
case_run r_val $R 0 -s 65536 -n 50 --validate -- -s 65536 -n 50 --validate
has_rows r_val 1

case_run wl_default $WL 0 -n 200 -- -n 200 --out_json --out_json_file="$TMP/wl.json"
has_rows wl_default 1
json_check "$TMP/wl.json" "len(d) > 0"
case_run wl_cm $WL 0 -R -n 100 -- -R -n 100
has_rows wl_cm 1
case_run wl_D1 $WL 0 -D 1 --output=latency -- -D 1 --output=latency
is_number "$(tail -n 1 "$TMP/wl_D1.client")" || fail "wl_D1: last line is not a number"
case_run wl_H $WL 0 -n 100 -H -- -n 100 -H
[ "$(grep -c '^[0-9]*, ' "$TMP/wl_H.client")" = 100 ] ||
	{ cat "$TMP/wl_H.client"; fail "wl_H: want the 100 samples (-H)"; }

DEV=rxe0,rxe1
case_run m_two $M 0 -n 200 --validate -- -n 200 --validate
grep -q '^ railperf: all rails' "$TMP/m_two.client" || { cat "$TMP/m_two.client"; fail "m_two: no all-rails line"; }
grep -q 'validation passed' "$TMP/m_two.client" || { cat "$TMP/m_two.client"; fail "m_two: no validation line"; }
case_run m_bidir $M 0 -b -D 2 --interval 1 -- -b -D 2 --interval 1
grep -q '^ railperf: interval' "$TMP/m_bidir.client" || { cat "$TMP/m_bidir.client"; fail "m_bidir: no interval row"; }

RI=$B/rail_info
"$RI" >"$TMP/ri.txt" 2>&1 || { cat "$TMP/ri.txt"; fail "rail_info exit $?"; }
"$RI" --json >"$TMP/ri.json" 2>"$TMP/ri.err" || { cat "$TMP/ri.err"; fail "rail_info --json exit $?"; }
! grep -Eq "$SAN" "$TMP/ri.txt" "$TMP/ri.err" || fail "rail_info: a sanitizer report"
json_check "$TMP/ri.json" "len(d) > 0"
note "19 cases, every binary, no sanitizer report"
