#!/bin/sh
# Description: rail_multi_bw on rxe0 and rxe1 at once in one guest: one
# perftest row (the aggregate) with five numbers, Device listing both rails
# and Number of qps the total; one railperf line per rail; the per-rail
# message counts add up to the aggregate's; each rail carried at least a
# quarter of the packets by its own counters; --validate passes on every
# rail; with -D --interval 1 and no -d (every device a rail), interval
# rows appear before the table, then each rail's and all rails' min,
# mean, max and CV over those rows, min <= mean <= max, against the rows
# themselves and in the JSON, each row's port counters too (JSON
# "counters": packets, retries, CNP null on rxe), their packets summed
# against sysfs's hw_counters read before and after the run; each rail thread's CPU (line and JSON, both
# sides) against /proc read during the run; with one rail, the row has the shape and
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
sum=$(rail_msgs_sum "$TMP/m.client")
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

# hw_counters: "DEV NAME VALUE" for every port-1 hw_counters file of
# every RDMA device (Soft-RoCE's sent_pkts, completer_retry_err, ...).
hw_counters() {
	for f in /sys/class/infiniband/*/ports/1/hw_counters/*; do
		d=${f#/sys/class/infiniband/}
		echo "${d%%/*} ${f##*/} $(cat "$f")"
	done
}

# Without -d: every RDMA device of the guest is a rail.
DEV=
# Meanwhile a sampler reads the client's rail threads ("rail:DEV") from
# /proc/PID/task/TID/stat (utime + stime, fields 14 and 15, in clock
# ticks) until they end: each one's last reading, when it was taken and
# when the thread was first seen gone (a thread uses at most one core).
python3 - "$TMP/i.proc" <<'PY' &
import os, sys, time
hz, last, t_end = os.sysconf('SC_CLK_TCK'), {}, time.time() + 90
def tasks():
    for pid in filter(str.isdigit, os.listdir('/proc')):
        try:
            for tid in os.listdir('/proc/%s/task' % pid):
                yield '/proc/%s/task/%s/' % (pid, tid)
        except OSError:
            continue
def read(b):
    try:
        name = open(b + 'comm').read().strip()
        if name.startswith('rail:'):
            f = open(b + 'stat').read().rsplit(')', 1)[1].split()
            return name, (int(f[11]) + int(f[12])) / hz
    except OSError:
        pass
    return None, 0
mine = {}  # rail name -> its task directory, once found
while time.time() < t_end:
    for b in ([] if len(mine) == 2 else tasks()):
        name, _ = read(b)
        # the rail's own thread: its first (its -D timer thread, started
        # by it, inherits its name)
        tid = lambda d: int(d.rstrip('/').rsplit('/', 1)[1])
        if name and (name not in mine or tid(b) < tid(mine[name])):
            mine[name] = b
    for name, b in mine.items():
        n, cpu = read(b)
        now = time.time()
        if n:
            last[name] = [cpu, now, None]
        elif last.get(name) and last[name][2] is None:
            last[name][2] = now
    if len(last) == 2 and all(v[2] for v in last.values()):
        break
    time.sleep(0.05)
open(sys.argv[1], 'w').write(''.join('%s %s %s\n' % (k, v[0], v[2] - v[1])
                                     for k, v in last.items()))
PY
sampler=$!
hw_counters >"$TMP/i.hw0"
pair i 18662 -D 4 -- -D 4 --interval 1 --out_json_file=$TMP/i.json
hw_counters >"$TMP/i.hw1"
wait "$sampler"
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
assert d['events'] == [], d['events']  # no device event in a quiet run
PY
note "$(grep 'intervals of' "$TMP/i.client" | tr '\n' ' ')"
# Each row's port counters (JSON "counters" beside "samples"): rxe has
# packet and retry counters, no CNP ones (null, not 0); the rows' packets
# add up to what sysfs counted over the whole run less its edges (before
# the first row: nothing, the first row counts from the rails' start;
# after the last: at most the window's tail, under two rows' worth, and
# the set-up and teardown); the rows' retries at most the run's.
python3 - "$TMP/i.json" "$TMP/i.hw0" "$TMP/i.hw1" <<'PY' ||
import json, sys
d = json.load(open(sys.argv[1]))
def hw(path):
    c = {}
    for line in open(path):
        dev, name, v = line.split()
        c[(dev, name)] = int(v)
    return c
h0, h1 = hw(sys.argv[2]), hw(sys.argv[3])
RETRY = ['completer_retry_err', 'rcvd_seq_err', 'duplicate_request',
         'out_of_seq_request']
for r in d['rails']:
    dev, ivl = r['device'], r['intervals']
    rows = ivl['counters']
    assert len(rows) == ivl['count'] == len(ivl['samples']), (dev, ivl)
    for c in rows:
        assert set(c) >= {'xmit_pkts', 'rcv_pkts', 'retry_events', 'cnp',
                          'pause_rx_frames', 'pause_tx_frames'}, c
        assert c['cnp'] is None, c  # rxe has no CNP counter
        assert c['xmit_pkts'] >= 0 and c['retry_events'] >= 0, c
    got = sum(c['xmit_pkts'] for c in rows)
    run = h1[(dev, 'sent_pkts')] - h0[(dev, 'sent_pkts')]
    big = max(c['xmit_pkts'] for c in rows)
    assert 0 < got <= run <= got + 2 * big + 1000, (dev, got, run, big)
    retry = sum(h1[(dev, n)] - h0[(dev, n)] for n in RETRY if (dev, n) in h0)
    assert sum(c['retry_events'] for c in rows) <= retry, (dev, rows, retry)
    print('# %s: rows sent %d packets, sysfs %d over the run; retries %d of %d'
          % (dev, got, run, sum(c['retry_events'] for c in rows), retry))
PY
	fail "interval counters"
# CPU per rail (the client's threads; the one-way server runs none and
# prints the client's, sent with RESULT) against /proc: at least the last
# reading (less 50 ms: the thread's start before its run), at most that
# plus the time from the reading to the thread's end seen; percent of a
# core = CPU / wall.
python3 - "$TMP/i.proc" "$TMP/i.json" "$TMP/i.client" "$TMP/i.server" <<'PY' || fail "CPU per rail"
import json, re, sys
proc = dict((l.split()[0], [float(x) for x in l.split()[1:]])
            for l in open(sys.argv[1]))
d = json.load(open(sys.argv[2]))
assert sorted(proc) == ['rail:rxe0', 'rail:rxe1'], proc
for r in d['rails']:
    c = r['cpu']
    used = c['user_s'] + c['system_s']
    p, late = proc['rail:' + r['device']]
    assert p - 0.05 <= used <= p + late + 0.05, (r['device'], used, p, late)
    assert abs(c['percent_of_core'] - 100 * used / c['wall_s']) < 1e-6, c
    assert 3.5 < c['wall_s'] < 6 and c['thread'] == 'client', c
    assert abs(c['s_per_gb'] - used / (c['bytes'] / 1e9)) < 1e-9, c
    print('# %s: CPU %.2f s (/proc %.2f s, %.2f s before its end), %.1f%% '
          'of a core, %.2f s/GB' % (r['device'], used, p, late,
                                   c['percent_of_core'], c['s_per_gb']))
for side in sys.argv[3:]:
    n = len(re.findall(r'^ railperf: rail [01] \(rxe[01]\): CPU of its client '
                       r'thread: [0-9.]+ s in [0-9.]+ s, [0-9.]+% of a core '
                       r'\(user [0-9.]+ s, system [0-9.]+ s\), [0-9.]+ s per GB$',
                       open(side).read(), re.M))
    assert n == 2, (side, n)
PY
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
