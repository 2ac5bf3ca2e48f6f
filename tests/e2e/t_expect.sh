#!/bin/sh
# Description: --expect against a known ceiling. virtio-net reports the
# speed set with ethtool (1000 Mb/s here, restored to unknown on exit), so
# rxe1 has a ceiling: 1 Gb/s x 65536 / (65536 + 82 x 64 + 16) = 0.9256
# Gb/s at its active MTU of 1024. A run in the guest moves a few tens of
# MiB/s, so --expect 2 passes (exit 0, "passed") and --expect 99 fails
# (client exit 1 with the rail's line; the server is not judged, exit 0),
# for rail_write_bw and rail_multi_bw, in text and JSON. With the speed
# unknown again, --expect is refused before any device is opened: exit 1,
# one line naming the rail and why, well within FAST_MS (fault.sh).
# rail_multi_bw runs -D 2 --interval 1 with --expect-min beside --expect:
# 1 passes, 99 fails on the slowest interval row with its line.
# rail_read_bw --expect 2: the READ client is judged on its receiving side
# (JSON "pcie_side": "recv": its NIC writes the responses into memory) by
# READ's own wire ceiling, 65536 / (65536 + 82 x 64 + 8): an AETH on the
# first and last response instead of WRITE's RETH.
. tests/e2e/lib.sh
. tests/e2e/fault.sh

command -v ethtool >/dev/null || fail "ethtool missing (tools/scripts/install-deps)"
trap 'ethtool -s eth1 speed 4294967295 2>/dev/null' EXIT
ethtool -s eth1 speed 1000 duplex full || fail "ethtool could not set eth1's speed"
[ "$(cat /sys/class/net/eth1/speed)" = 1000 ] || fail "eth1 speed not 1000"

ceiling=$(awk 'BEGIN { printf "%.2f", 65536 / (65536 + 82 * 64 + 16) }')
for bin in rail_write_bw rail_multi_bw; do
	BIN=$B/$bin
	# rail_multi_bw: -D 2 --interval 1 and --expect-min beside --expect
	case $bin in
	rail_write_bw) port=18901 run="-n 300" em1= em99= ;;
	*) port=18911 run="-D 2 --interval 1" em1="--expect-min 1" em99="--expect-min 99" ;;
	esac
	pair x "$port" $run -- $run --expect 2 $em1 --out_json_file=$TMP/x.json
	[ "$CLI_RC" = 0 ] && [ "$SRV_RC" = 0 ] ||
		{ cat "$TMP/x.client" "$TMP/x.server"; fail "$bin --expect 2: exit $CLI_RC/$SRV_RC"; }
	grep -q "of its ceiling of $ceiling Gb/s: passed, 2% expected\|^ railperf: expected 2% of the ceilings: passed by every rail and all rails together$" "$TMP/x.client" ||
		{ cat "$TMP/x.client"; fail "$bin --expect 2: no passed line"; }
	json_check "$TMP/x.json" "d['verdict']['pass'] is True and \
d['verdict']['expect_percent'] == 2 and \
abs(d['verdict']['ceiling_gbps'] - $ceiling) < 0.01"
	[ -z "$em1" ] || grep -q "^ railperf: expected at least 1% of the ceilings in every interval: passed by every rail's slowest interval$" \
		"$TMP/x.client" || { cat "$TMP/x.client"; fail "--expect-min 1: no passed line"; }
	pair y "$((port + 1))" $run -- $run --expect 99 $em99 --out_json_file=$TMP/y.json
	[ "$CLI_RC" = 1 ] || { cat "$TMP/y.client"; fail "$bin --expect 99: client exit $CLI_RC, want 1"; }
	[ "$SRV_RC" = 0 ] || { cat "$TMP/y.server"; fail "$bin --expect 99: server exit $SRV_RC"; }
	grep -Eq "^ railperf: rail .*: [0-9.]+% of its ceiling of $ceiling Gb/s \([0-9.]+ Gb/s\), below --expect 99%$" \
		"$TMP/y.client" || { cat "$TMP/y.client"; fail "$bin --expect 99: no failing line"; }
	json_check "$TMP/y.json" "d['verdict']['pass'] is False"
	note "$bin: $(grep 'expect' "$TMP/y.client" | head -n 1)"
done
json_check "$TMP/y.json" "d['rails'][0]['verdict']['pass'] is False"
# --expect-min 99: the slowest --interval row against the same ceiling
# (rail_multi_bw's y run): the rail's line, FAILED, "verdict_min".
grep -Eq "^ railperf: rail 0 \(rxe1\): slowest interval from [0-9.]+ s: [0-9.]+% of its ceiling of $ceiling Gb/s \([0-9.]+ Gb/s\), below --expect-min 99%$" \
	"$TMP/y.client" || { cat "$TMP/y.client"; fail "--expect-min 99: no failing line"; }
grep -q '^ railperf: --expect-min 99%: FAILED$' "$TMP/y.client" || fail "--expect-min 99: no FAILED line"
json_check "$TMP/y.json" "d['rails'][0]['verdict_min']['pass'] is False and \
d['rails'][0]['verdict_min']['expect_percent'] == 99"

BIN=$B/rail_read_bw
pair r 18921 -n 300 -- -n 300 --expect 2 --out_json_file=$TMP/r.json
[ "$CLI_RC" = 0 ] && [ "$SRV_RC" = 0 ] ||
	{ cat "$TMP/r.client" "$TMP/r.server"; fail "rail_read_bw --expect 2: exit $CLI_RC/$SRV_RC"; }
json_check "$TMP/r.json" "d['verdict']['pcie_side'] == 'recv' and \
d['verdict']['pass'] is True and \
abs(d['verdict']['ceiling_gbps'] - 65536 / (65536 + 82 * 64 + 8)) < 1e-9"
note "rail_read_bw: $(grep 'expect' "$TMP/r.client" | head -n 1)"

ethtool -s eth1 speed 4294967295 || fail "could not restore eth1's speed"
for bin in rail_write_bw rail_multi_bw; do
	t0=$(date +%s%N)
	$B/$bin -d rxe1 --expect 50 >"$TMP/z.out" 2>&1
	rc=$?
	ms=$(( ($(date +%s%N) - t0) / 1000000 ))
	[ "$rc" = 1 ] || { cat "$TMP/z.out"; fail "$bin: unknown ceiling: exit $rc, want 1"; }
	grep -q "^$bin: invalid --expect value '50': rail rxe1 port 1 has no known ceiling (eth1: its netdev reports no speed" \
		"$TMP/z.out" || { cat "$TMP/z.out"; fail "$bin: refusal line"; }
	[ "$(wc -l <"$TMP/z.out")" = 1 ] || { cat "$TMP/z.out"; fail "$bin: more than one line"; }
	# FAST_MS (fault.sh): the other refusals' bound; 1000 ms failed at
	# 2579 ms in a run with other guests on a loaded host
	[ "$ms" -lt "$FAST_MS" ] || fail "$bin: the refusal took $ms ms (bound $FAST_MS)"
	note "$bin: refused in $ms ms"
done
