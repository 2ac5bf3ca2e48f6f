#!/bin/sh
# Description: two rails, both directions: rail_multi_bw -b -D 4
# --interval 1 over both back-to-back rails of the two guests. Each guest
# reads its own rxe ports' hw_counters (sent_pkts, rcvd_pkts) before and
# after the run, not railperf's lines: on every rail both directions must
# carry data. A one-way 64 KiB WRITE run at MTU 1024 sends 64 packets per
# message and gets back at most an ACK for it, so a rail counts as carrying
# both directions only when its smaller count is at least a quarter of its
# larger one; each rail must also carry at least a quarter of both rails'
# packets. Both sides print one summed row, a "-b: sent ... received ..."
# line per rail and for all rails, and interval rows during the run with
# both directions per rail (tx and rx).
# Each side's JSON has its own rail threads' CPU and, from the swapped
# RESULT, the peer's.
# Guest a ($1 = a) runs the server, guest b the client.
. tests/e2e/lib.sh

M=$B/rail_multi_bw
A0=10.0.1.1

rxe_counters "$TMP/before"
if [ "$1" = a ]; then
	timeout 150 $M -d rxe0,rxe1 -p 18691 -b -D 4 --interval 1 \
		--out_json_file="$TMP/bj.json" >"$TMP/out" 2>&1 ||
		{ cat "$TMP/out"; fail "server exit"; }
else
	timeout 150 $M -d rxe0,rxe1 -p 18691 -b -D 4 --interval 1 \
		--out_json_file="$TMP/bj.json" $A0 >"$TMP/out" 2>&1 ||
		{ cat "$TMP/out"; fail "client exit"; }
fi
rxe_counters "$TMP/after"

# per rail: sent and received packets during the run, by the counters
rxe_delta "$TMP/before" "$TMP/after" "$TMP/delta"
awk '{ s = $2; r = $3; lo = s < r ? s : r; hi = s < r ? r : s
	if (hi == 0 || lo * 4 < hi) { print $1 ": sent " s ", received " r; bad = 1 }
	t += s + r; p[$1] = s + r }
	END { for (d in p) if (p[d] * 4 < t) { print d ": under a quarter"; bad = 1 }
	      exit bad }' "$TMP/delta" ||
	fail "a rail did not carry both directions (port counters above)"

row=$(rows "$TMP/out")
[ "$(echo "$row" | wc -l)" = 1 ] || fail "want one summed row: $row"
check_bw_row "$row"
for r in "rail 0 (rxe0)" "rail 1 (rxe1)" "all rails"; do
	grep -q "^ railperf: $r: bidirectional: sent [0-9.]* MB/sec .*, received [0-9.]* MB/sec .*, both directions [0-9.]* MB/sec$" \
		"$TMP/out" || fail "no -b line for $r"
done
# Interval rows show both directions live: per rail what this side sent
# (tx, its completions) and received (rx, the peer's counts of its sends,
# which arrive over the control channel each tick); the sums add up, and
# at least two rows have both directions moving on both rails.
n=$(grep -c '^ railperf: interval' "$TMP/out")
[ "$n" -ge 2 ] || fail "$n interval rows, want >= 2"
N='[0-9][0-9]*\.[0-9][0-9]'
bad=$(grep '^ railperf: interval' "$TMP/out" | grep -v \
	"^ railperf: interval *[0-9.]* to *[0-9.]* s: rxe0 tx $N rx \($N\|unknown\), rxe1 tx $N rx \($N\|unknown\), sum tx $N rx \($N\|unknown\) MB/sec$") &&
	fail "interval rows not in the -b form: $bad"
live=$(grep '^ railperf: interval' "$TMP/out" | awk '
	{ tx0 = $9; rx0 = $11; tx1 = $14; rx1 = $16; stx = $19; srx = $21
	  sub(",", "", rx0); sub(",", "", rx1)
	  if (stx - (tx0 + tx1) > 0.02 || (tx0 + tx1) - stx > 0.02) { print "tx sum: " $0; exit 1 }
	  if (rx0 != "unknown" && (srx - (rx0 + rx1) > 0.02 || (rx0 + rx1) - srx > 0.02)) { print "rx sum: " $0; exit 1 }
	  if (tx0 > 0 && tx1 > 0 && rx0 != "unknown" && rx0 > 0 && rx1 > 0) n++ }
	END { print n + 0 }') || fail "interval row arithmetic: $live"
[ "$live" -ge 2 ] ||
	fail "$live interval rows with both directions moving on both rails, want >= 2"
grep '^ railperf: interval' "$TMP/out" | sed 's/^/# /'
python3 - "$TMP/bj.json" "$1" <<'PY' || fail "bj.json: bidirectional keys, CPU"
import json, sys
d = json.load(open(sys.argv[1]))
# each rail thread's CPU: this side's ("cpu") and the peer's, from the
# swapped RESULT ("peer_cpu"); the tx rows' statistics
me, peer = ("server", "client") if sys.argv[2] == "a" else ("client", "server")
for r in d["rails"]:
    assert r["cpu"]["thread"] == me and r["peer_cpu"]["thread"] == peer, r
    for c in (r["cpu"], r["peer_cpu"]):
        assert 3.5 < c["wall_s"] < 60 and c["bytes"] > 0, c  # drain: load
        assert 0 < c["user_s"] + c["system_s"] <= c["wall_s"] * 1.01, c
    assert r["intervals"]["count"] >= 2, r["intervals"]
b = d["bidirectional"]
assert len(b["rails"]) == 2
# each direction under railperf's keys: BW_average is in "results" once
k = "bw_average_mib_per_s"
for x in b["rails"] + [b["all"]]:
    assert set(x) == {"sent", "received", "sum"}, x
    assert x["sent"][k] > 0 and x["received"][k] > 0
    s = x["sent"][k] + x["received"][k]
    assert abs(x["sum"][k] - s) < 0.02 + 1e-6 * s, x
assert open(sys.argv[1]).read().count('"BW_average"') == 1
PY
note "rail_multi_bw -b -D 4 ($1): $(echo "$row" | cut -d' ' -f2-)"
grep '^ railperf: .*bidirectional: sent' "$TMP/out" | sed 's/^/# /'
exit 0
