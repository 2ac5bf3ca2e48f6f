#!/bin/sh
# Description: fleet checks of rail_multi_bw over the two back-to-back
# rails (one boot, three runs of -D 4 and two refusals; every run writes
# --openmetrics, --junit and --out_json). In every run guest b's rails
# are held to 12 Mbit/s each by tc tbf on eth0 and eth1 (the data's way):
# unshaped, two guests on a shared, loaded 2-core host move 35 to 75
# Mbit/s per rail from one run to the next, which no tolerance can tell
# from a regression; under the token bucket each run moves the same (the
# guests have 3 times that to spare), so the default --tolerance of 10 %
# holds. A deep queue, TX depth 4 and a 1 s ACK timeout: no packet is
# dropped, RC never retransmits. Run 1 saves a baseline (--save-baseline:
# both rails' Gb/s and what they ran on). Run 2: rail 1 shaped to half
# (6 Mbit/s), --baseline: exit 1, the FAILED line names rail 1 alone with
# its drop (40 % or more down) and its own line says so. Run 3, rail 1
# back at 12 Mbit/s, --baseline: exit 0, every rail within 10 %; with
# --interval 1 its OpenMetrics file is rewritten during the run (a copy
# taken then says railperf_run_complete 0 and passes promtool). The
# baseline with rail 1's device edited to mlx5_9, and the command line
# with -s 4096: each refused with one line naming what differs, exit 1,
# within 5 s, no server asked. promtool check metrics and xmllint
# -schema tests/junit/junit.xsd pass on the files of runs 1, 2 (a rail
# failed) and 3; their values are the run's JSON
# (tests/e2e/fleet_check.py). Guest a ($1 = a) runs the servers.
# Timeout: 300
. tests/e2e/lib.sh

M=$B/rail_multi_bw
A0=10.0.1.1
FLAGS="-d rxe0,rxe1 -s 65536 -t 4 -u 18 -D 4 --report_gbits"
RATE=12000 # kbit/s per rail, every run

if [ "$1" = a ]; then
	for p in 18701 18702 18703; do
		# shellcheck disable=SC2086
		timeout 120 $M $FLAGS -p $p --timeout 90 >"$TMP/f.server.$p" 2>&1 ||
			{ cat "$TMP/f.server.$p"; fail "server on port $p exit"; }
	done
	exit 0
fi

# lint OM XML: promtool and xmllint accept the two files.
lint() {
	if command -v promtool >/dev/null; then
		promtool check metrics <"$1" >"$TMP/lint" 2>&1 ||
			{ cat "$1" "$TMP/lint"; fail "promtool check metrics $1"; }
	else
		skip_part promtool "no promtool (Debian's prometheus; tools/scripts/install-deps)"
	fi
	if command -v xmllint >/dev/null; then
		xmllint --noout --schema tests/junit/junit.xsd "$2" >"$TMP/lint" 2>&1 ||
			{ cat "$2" "$TMP/lint"; fail "xmllint -schema tests/junit/junit.xsd $2"; }
	else
		skip_part xmllint "no xmllint (libxml2-utils; tools/scripts/install-deps)"
	fi
}

# run N PORT ARGS...: a client run; its exit status in $RC, outputs
# $TMP/rN.out (stdout) and rN.err (stderr)
run() {
	n=$1 p=$2; shift 2
	# shellcheck disable=SC2086
	timeout 120 $M $FLAGS -p "$p" --openmetrics "$TMP/r$n.prom" \
		--junit "$TMP/r$n.xml" --out_json_file="$TMP/r$n.json" "$@" $A0 \
		>"$TMP/r$n.out" 2>"$TMP/r$n.err"
	RC=$?
	echo $RC >"$TMP/r$n.rc"
}

# shape KBIT0 KBIT1: guest b's eth0 and eth1 (rail 0's and rail 1's
# data) at these rates, deep queues
shape() {
	tc qdisc replace dev eth0 root tbf rate "${1}kbit" burst 64kb latency 2s &&
		tc qdisc replace dev eth1 root tbf rate "${2}kbit" burst 64kb latency 2s ||
		fail "tc tbf on eth0 and eth1 (is sch_tbf in the guest?)"
}
trap 'tc qdisc del dev eth0 root 2>/dev/null; tc qdisc del dev eth1 root 2>/dev/null' EXIT

# Run 1: the baseline
shape $RATE $RATE
run 1 18701 --save-baseline "$TMP/base.json"
[ "$RC" = 0 ] || { cat "$TMP/r1.out" "$TMP/r1.err"; fail "run 1 exited $RC"; }
lint "$TMP/r1.prom" "$TMP/r1.xml"
python3 tests/e2e/fleet_check.py "$TMP/r1.prom" "$TMP/r1.xml" "$TMP/r1.json" 0 ||
	fail "run 1: the files against the JSON"
json_check "$TMP/base.json" "[r['name'] for r in d['results']] == ['rail 0 (rxe0)', 'rail 1 (rxe1)'] and \
[x['device'] for x in d['hosts'][0]['rails']] == ['rxe0', 'rxe1'] and d['flags']['-s'] == '65536'"

# Run 2: rail 1 at half the rate
shape $RATE $((RATE / 2))
run 2 18702 --baseline "$TMP/base.json"
note "run 2 (rail 1 at $((RATE / 2)) kbit/s): exit $RC"
sed -n 's/^ railperf: /# /p' "$TMP/r2.err" | grep -i 'baseline\|rail [01] (rxe[01]): baseline'
[ "$RC" = 1 ] || { cat "$TMP/r2.out" "$TMP/r2.err"; fail "run 2 exited $RC, want 1"; }
drop=$(sed -n "s/^ railperf: --baseline: FAILED: 1 of 2 rails below the tolerance of 10%: rail 1 (rxe1) down \([0-9.]*\)%$/\1/p" "$TMP/r2.err")
[ -n "$drop" ] || { cat "$TMP/r2.err"; fail "run 2: no FAILED line naming rail 1 alone"; }
awk -v d="$drop" 'BEGIN { exit !(d >= 40) }' || fail "run 2: rail 1 down $drop%, want 40% or more"
grep -q "^ railperf: rail 1 (rxe1): baseline .* down $drop%, below the tolerance of 10%" "$TMP/r2.err" ||
	{ cat "$TMP/r2.err"; fail "run 2: rail 1's own line"; }
! grep -q "^ railperf: rail 0 (rxe0): .*below the tolerance" "$TMP/r2.err" ||
	{ cat "$TMP/r2.err"; fail "run 2: rail 0 named below the tolerance"; }
lint "$TMP/r2.prom" "$TMP/r2.xml"
python3 tests/e2e/fleet_check.py "$TMP/r2.prom" "$TMP/r2.xml" "$TMP/r2.json" 1 ||
	fail "run 2: the files against the JSON"

# Run 3: rail 1 back at the rate, within the tolerance; with --interval 1,
# a copy of the OpenMetrics file taken mid-run
shape $RATE $RATE
run 3 18703 --baseline "$TMP/base.json" --interval 1 &
pid=$!
while kill -0 $pid 2>/dev/null && [ ! -s "$TMP/r3.mid.prom" ]; do
	cp "$TMP/r3.prom" "$TMP/snap.prom" 2>/dev/null &&
		grep -q '^railperf_run_complete{.*} 0$' "$TMP/snap.prom" &&
		mv "$TMP/snap.prom" "$TMP/r3.mid.prom"
	sleep 0.2
done
wait $pid
RC=$(cat "$TMP/r3.rc")
sed -n 's/^ railperf: /# /p' "$TMP/r3.err" | grep 'baseline'
[ "$RC" = 0 ] || { cat "$TMP/r3.out" "$TMP/r3.err"; fail "run 3 exited $RC, want 0"; }
grep -q "^ railperf: baseline: every rail within 10%$" "$TMP/r3.err" ||
	{ cat "$TMP/r3.err"; fail "run 3: no 'every rail within 10%' line"; }
[ -s "$TMP/r3.mid.prom" ] || fail "no OpenMetrics file with railperf_run_complete 0 during run 3"
lint "$TMP/r3.mid.prom" "$TMP/r3.xml"
grep -q '^railperf_rail_goodput_bytes_per_second{.*rail="1".*} [0-9]' "$TMP/r3.mid.prom" ||
	{ cat "$TMP/r3.mid.prom"; fail "the mid-run file has no goodput of rail 1"; }
lint "$TMP/r3.prom" "$TMP/r3.xml"
python3 tests/e2e/fleet_check.py "$TMP/r3.prom" "$TMP/r3.xml" "$TMP/r3.json" 0 ||
	fail "run 3: the files against the JSON"
# RP_FLEET_DIR (a directory shared read-write with the guest): the files
[ -z "${RP_FLEET_DIR:-}" ] || cp "$TMP/base.json" "$TMP"/r2.* "$TMP"/r3.* \
	"$RP_FLEET_DIR/"

# refused NAME WANT ARGS...: exit 1 within 5 s, WANT the only line
refused() {
	name=$1 want=$2; shift 2
	t0=$(date +%s)
	# shellcheck disable=SC2086
	timeout 60 $M "$@" -p 18709 $A0 >"$TMP/ref.out" 2>"$TMP/ref.err"
	rc=$? t=$(($(date +%s) - t0))
	[ "$rc" = 1 ] && [ "$t" -le 5 ] || { cat "$TMP/ref.out" "$TMP/ref.err"; fail "$name: exit $rc after $t s, want 1 within 5 s"; }
	[ "$(cat "$TMP/ref.err")" = "rail_multi_bw: $want" ] && [ ! -s "$TMP/ref.out" ] ||
		{ cat "$TMP/ref.out" "$TMP/ref.err"; fail "$name: want only 'rail_multi_bw: $want'"; }
}
python3 - "$TMP/base.json" "$TMP/edited.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["hosts"][0]["rails"][1]["device"] = "mlx5_9"
json.dump(d, open(sys.argv[2], "w"))
PY
# shellcheck disable=SC2086
refused "another device" "--baseline '$TMP/edited.json' refused: rail 1 is mlx5_9 port 1 there, rxe1 port 1 here (a baseline of other hardware; --baseline-force compares anyway)" \
	$FLAGS --baseline "$TMP/edited.json"
refused "other flags" "--baseline '$TMP/base.json' refused: -s 65536 there, -s 4096 here (other flags change the numbers; --baseline-force compares anyway)" \
	-d rxe0,rxe1 -s 4096 -t 4 -u 18 -D 4 --baseline "$TMP/base.json"
