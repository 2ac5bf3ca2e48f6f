#!/bin/sh
# Description: rail_multi_bw on rxe0 and rxe1 at once in one guest: one
# perftest row (the aggregate) with five numbers, Device listing both rails
# and Number of qps the total; one railperf line per rail; the per-rail
# message counts add up to the aggregate's; each rail carried at least a
# quarter of the packets by its own counters; --validate passes on every
# rail; with -D --interval 1 and no -d (every device a rail), interval
# rows appear before the table, then each rail's and all rails' min,
# mean, max and CV over those rows, min <= mean <= max, against the rows
# themselves and in the JSON; with one rail, the row has the shape and
# count of rail_write_bw's.
. tests/e2e/lib.sh

BIN=$B/rail_multi_bw
DEV=rxe0,rxe1
pair m 18661 -n 1000 -q 2 --validate -- -n 1000 -q 2 --validate \
	--out_json_file=$TMP/m.json
[ "$CLI_RC" = 0 ] || { cat "$TMP/m.client"; fail "client exit $CLI_RC"; }
[ "$SRV_RC" = 0 ] || { cat "$TMP/m.server"; fail "server exit $SRV_RC"; }
crow=$(rows "$TMP/m.client")
[ "$(echo "$crow" | wc -l)" = 1 ] || fail "want one row: $crow"
check_bw_row "$crow"
set -- $crow
agg=$3
[ "$agg" = 4000 ] || fail "aggregate iterations $agg, want 2 rails x 2 QPs x 1000"
grep -q 'Device         : rxe0,rxe1$' "$TMP/m.client" || fail "Device line"
grep -q '^ Number of qps   : 4	' "$TMP/m.client" || fail "Number of qps"
[ "$crow" = "$(rows "$TMP/m.server")" ] || fail "server row differs"
for side in client server; do
	grep -q '^ railperf: validation passed' "$TMP/m.$side" ||
		fail "$side: validation"
	n=$(grep -c '^ railperf: rail [01]: rxe[01] port 1, GID index 1' "$TMP/m.$side")
	[ "$n" = 2 ] || fail "$side: $n per-rail lines, want 2"
done
sum=$(sed -n 's/^ railperf: rail [0-9]*: .* \([0-9]*\) messages,.*/\1/p' "$TMP/m.client" |
	awk '{ s += $1 } END { print s }')
[ "$sum" = "$agg" ] || fail "per-rail messages add to $sum, aggregate $agg"
for side in client server; do
	# one guest: each rail's two ends are the same rxe device
	n=$(grep -c '^ railperf: rail rxe[01] port 1: both ends are one NIC' "$TMP/m.$side")
	[ "$n" = 2 ] || fail "$side: $n 'one NIC' lines, want 2"
done
grep -q "^ railperf: all rails: .*; the set's ceiling is unknown: rail 0 (rxe0): port speed unknown" \
	"$TMP/m.client" || fail "no unknown set ceiling line"
json_check "$TMP/m.json" "d['test_info']['Device'] == 'rxe0,rxe1' and \
d['set_ceiling_gbps'] is None and \
all(r['same_nic'] and r['ceiling_gbps'] is None for r in d['rails']) and \
d['results']['n_iterations'] == $agg and \
[r['device'] for r in d['rails']] == ['rxe0', 'rxe1'] and \
sum(r['messages'] for r in d['rails']) == $agg and \
all(r['counters']['xmit_pkts'] > 0 for r in d['rails'])"
# Each rail's own counters: at least a quarter of all packets sent.
sed -n 's/^ railperf: rail [0-9]*: .*sent_pkts \([0-9]*\) sent.*/\1/p' \
	"$TMP/m.client" >"$TMP/m.pkts"
[ "$(wc -l <"$TMP/m.pkts")" = 2 ] || fail "no sent_pkts counters per rail"
awk '{ p[NR] = $1; t += $1 } END { for (i in p) if (p[i] * 4 < t) exit 1 }' \
	"$TMP/m.pkts" || fail "a rail carried under a quarter: $(cat "$TMP/m.pkts")"

# Without -d: every RDMA device of the guest is a rail.
DEV=
pair i 18662 -D 4 -- -D 4 --interval 1 --out_json_file=$TMP/i.json
[ "$CLI_RC" = 0 ] || { cat "$TMP/i.client"; fail "-D client exit $CLI_RC"; }
grep -q 'Device         : rxe0,rxe1$' "$TMP/i.client" ||
	fail "no -d: Device line $(grep 'Device ' "$TMP/i.client")"
n=$(awk '/^ railperf: interval/ { n++ } /^ #bytes/ { exit } END { print n + 0 }' \
	"$TMP/i.client")
[ "$n" -ge 3 ] || fail "$n interval rows before the table, want >= 3"
grep '^ railperf: interval' "$TMP/i.client" | head -n 1 |
	grep -Eq 'rxe0 [0-9.]+, rxe1 [0-9.]+, sum [0-9.]+ MB/sec$' ||
	fail "interval row format"
check_bw_row "$(rows "$TMP/i.client")"
# The statistics after the block: per rail and all rails, min <= mean <=
# max, each the rows' own (min, max: one of the rows; mean: their mean).
python3 - "$TMP/i.client" "$TMP/i.json" <<'PY' || fail "interval statistics"
import json, re, sys
text = open(sys.argv[1]).read()
rows = re.findall(r'^ railperf: interval .*: (.*) MB/sec$', text, re.M)
cols = {}
for r in rows:
    for name, v in re.findall(r'(\w+) ([0-9.]+)', r):
        cols.setdefault(name, []).append(float(v))
d = json.load(open(sys.argv[2]))
stats = {}
for m in re.finditer(r'^ railperf: (?:rail \d \((\w+)\)|all rails): (\d+) '
                     r'intervals of 1 s: min ([0-9.]+) \(from ([0-9.]+) s\), '
                     r'mean ([0-9.]+), max ([0-9.]+) MB/sec, CV ([0-9.]+)%$',
                     text, re.M):
    stats[m.group(1) or 'sum'] = [float(x) for x in m.groups()[1:]]
assert sorted(stats) == ['rxe0', 'rxe1', 'sum'], (stats, text)
for name, (n, lo, frm, mean, hi, cv) in stats.items():
    v = cols[name]
    assert n == len(v) >= 3, (name, n, v)
    assert lo <= mean <= hi, (name, lo, mean, hi)
    assert abs(lo - min(v)) < 0.006 and abs(hi - max(v)) < 0.006, (name, v)
    assert abs(mean - sum(v) / len(v)) < 0.02, (name, mean, v)
    # rows begin about a second apart (the row before it ended there)
    assert any(abs(x - lo) < 0.006 and abs(frm - k) <= 0.2
               for k, x in enumerate(v)), (name, frm, v)
js = [r['intervals'] for r in d['rails']] + [d['intervals']['all']]
for name, j in zip(['rxe0', 'rxe1', 'sum'], js):
    assert j['count'] == len(j['samples']) == len(cols[name]), (name, j)
    assert j['min'] <= j['mean'] <= j['max'] and j['cv_percent'] >= 0, j
    assert all(abs(a - b) < 0.006 for a, b in zip(j['samples'], cols[name]))
assert len(d['intervals']['end_s']) == len(rows) and d['intervals']['seconds'] == 1
PY
note "$(grep 'intervals of' "$TMP/i.client" | tr '\n' ' ')"

DEV=rxe1
pair one 18663 -n 1000 -- -n 1000
BIN=$B/rail_write_bw
pair wbw 18664 -n 1000 -- -n 1000
r1=$(rows "$TMP/one.client"); r2=$(rows "$TMP/wbw.client")
check_bw_row "$r1"
[ "$(echo "$r1" | awk '{ print $1, $2, $3 }')" = \
  "$(echo "$r2" | awk '{ print $1, $2, $3 }')" ] ||
	fail "one rail: '$r1' vs rail_write_bw '$r2'"
note "rail_multi_bw, 1 rail: $r1"
note "rail_write_bw:         $r2"
