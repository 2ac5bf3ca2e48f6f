#!/bin/sh
# Description: rail_cluster_bw end to end in one guest: four Open MPI
# ranks on rxe0 and rxe1 (rxe loopback: every rank uses the same two
# devices), MPI over TCP on lo. The run exits 0 and prints one progress
# line per round (3 rounds for 4 hosts); per rail a 4 x 4 matrix with "-"
# on the diagonal and every off-diagonal cell a number > 0, measured once;
# min / median / max per rail agree with the cells; --csv and --out_json_file
# hold the same cells as the text (Gb/s as printed: 2 decimals, 3 digits
# at least; bytes = messages x size, status ok, "partial": false); the
# same with --verb=read and with --verb=send on two ranks (SEND: each host
# pre-posts receives for its partner's messages; a cell is ok only when
# the host's receives completed in the window too). --cross with two ranks: 4 matrices
# (rail i to rail j) of 2 x 2, the cross-rail cells failed with their
# reason (no route between the guest's two rail subnets), exit 1. Fleet
# checks: the --verb=read run saves a baseline (every cell's Gb/s as its
# JSON has it) and, with --cross, JUnit XML (the schema's: a testcase per
# cell, the 4 failed cells failures typed "failed"); that baseline with a
# rail's device edited is refused by rank 0 by name, exit 1, before the
# first round. (Refused command lines, which need no device:
# tests/host/t_cluster_mismatch.)
# 4 KiB messages: with eight busy rail threads on the guest's two vCPUs
# (and other guests on the host), 64 KiB ones are few enough under TCG
# that a rail may complete none in the counted window.
# Timeout: 420
. tests/e2e/lib.sh

export HOME=/tmp # Open MPI writes its session directory under it
BIN=$B/rail_cluster_bw
[ -x "$BIN" ] || skip "no $BIN: built without MPI (pkg-config ompi-c)"
command -v mpirun >/dev/null || skip "no mpirun (openmpi-bin)"
# MPI's own traffic over TCP on lo: the rails carry only the test's
mpi() {
	np=$1; shift
	timeout 300 mpirun --allow-run-as-root --oversubscribe -np "$np" \
		--mca btl tcp,self --mca pml ob1 --mca btl_tcp_if_include lo \
		--mca oob_tcp_if_include lo "$@"
}

# check.py OUT CSV JSON HOSTS DEVS CROSS: the text's matrices, the CSV
# and the JSON agree, every off-diagonal cell measured once.
cat >"$TMP/check.py" <<'PY'
import csv, json, re, sys
sys.path.insert(0, 'tests/e2e')
from mx import gbps, matrices
out, cpath, jpath, n, devs, cross = sys.argv[1:]

n, devs, cross = int(n), devs.split(','), cross == '1'
text = open(out).read().splitlines()
rounds = [l for l in text if re.match(r' railperf: round \d+/\d+', l)]
want_rounds = (n - 1 if n % 2 == 0 else n) * (len(devs) if cross else 1)
assert len(rounds) == want_rounds, rounds
assert all(l.endswith(' s') and 'done in' in l for l in rounds), rounds
# the tables: title, header, n rows (tests/e2e/mx.py checks the shape)
mats = {}
for lab, (hosts, rows) in matrices(text).items():
    assert len(hosts) == n, hosts
    cells = {}
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            if r != c:
                assert re.match(r'^\d+\.\d{2,6}$', v) and float(v) > 0, row
                cells[(hosts[r], hosts[c])] = v
    mats[lab] = cells
want = len(devs) ** 2 if cross else len(devs)
assert len(mats) == want, list(mats)
# the CSV: every off-diagonal cell once, as in the text
rows = list(csv.DictReader(open(cpath)))
assert len(rows) == want * n * (n - 1), len(rows)
seen = set()
for r in rows:
    si, di = int(r['sender_rail']), int(r['receiver_rail'])
    lab = 'rail %d (%s)' % (si, devs[si])
    if cross:
        lab += ' -> rail %d (%s)' % (di, devs[di])
    key = (lab, r['sender'], r['receiver'])
    assert key not in seen, key
    seen.add(key)
    assert r['status'] == 'ok' and r['reason'] == '', r
    assert mats[lab][(r['sender'], r['receiver'])] == r['gbps'], r
    assert int(r['bytes']) == int(r['msgs']) * 4096 > 0, r
# the JSON: the same cells, final
d = json.load(open(jpath))
assert d['partial'] is False and d['cross'] == cross
assert [h['rails'] for h in d['hosts']] == [devs] * n
assert len(d['cells']) == len(rows)
for c, r in zip(d['cells'], rows):
    assert gbps(c['gbps']) == r['gbps'] and c['bytes'] == int(r['bytes'])
    assert c['msgs'] == int(r['msgs']) and c['status'] == 'ok'
# min / median / max of each rail as the cells give them
for lab, cells in mats.items():
    v = sorted(float(x) for x in cells.values())
    m = [l for l in text if l.startswith(' railperf: %s: min ' % lab)]
    assert len(m) == 1, (lab, m)
    lo, med, hi = map(float, re.findall(r'[\d.]+(?= Gb/s|,)', m[0])[-3:])
    assert lo == v[0] and hi == v[-1], (m[0], v)
    assert v[0] <= med <= v[-1], (m[0], v)
PY

start=$(date +%s)
mpi 4 "$BIN" -d rxe0,rxe1 -x 1,1 -s 4096 -D 4 --csv "$TMP/c.csv" \
	--out_json_file "$TMP/c.json" >"$TMP/c.out" 2>"$TMP/c.err"
rc=$?
note "4 ranks, 2 rails, -s 4096 -D 4: $(($(date +%s) - start)) s"
[ "$rc" = 0 ] || { cat "$TMP/c.out" "$TMP/c.err"; fail "exit $rc"; }
cat "$TMP/c.out"
python3 "$TMP/check.py" "$TMP/c.out" "$TMP/c.csv" "$TMP/c.json" 4 rxe0,rxe1 0 ||
	fail "matrix, CSV and JSON checks (above)"

# --verb=read, two ranks: each host READs its partner's buffer; the same
# checks (one round, a 2 x 2 matrix per rail, cells > 0 in the text, the
# CSV and the JSON).
mpi 2 "$BIN" -d rxe0,rxe1 -x 1,1 -s 4096 -D 3 --verb=read --csv "$TMP/r.csv" \
	--out_json_file "$TMP/r.json" --save-baseline "$TMP/rb.json" \
	--junit "$TMP/r.xml" >"$TMP/rd.out" 2>"$TMP/rd.err"
rc=$?
[ "$rc" = 0 ] || { cat "$TMP/rd.out" "$TMP/rd.err"; fail "--verb=read: exit $rc"; }
python3 "$TMP/check.py" "$TMP/rd.out" "$TMP/r.csv" "$TMP/r.json" 2 rxe0,rxe1 0 ||
	fail "--verb=read: matrix, CSV and JSON checks (above)"
# fleet_cells JSON BASELINE JUNIT FAILS: the baseline holds every cell of
# the JSON at its Gb/s ("S -> R on rail I (DEV)"), or (no BASELINE) none;
# the JUnit file is the schema's, a testcase per cell, FAILS failures
# (the failed cells, typed "failed")
fleet_cells() {
	if command -v xmllint >/dev/null; then
		xmllint --noout --schema tests/junit/junit.xsd "$3" ||
			fail "xmllint -schema tests/junit/junit.xsd $3"
	else
		skip_part xmllint "no xmllint (libxml2-utils; tools/scripts/install-deps)"
	fi
	python3 - "$@" <<'PY' || fail "fleet files against $1"
import json, sys, xml.etree.ElementTree as ET
d = json.load(open(sys.argv[1]))
name = lambda c: '%s -> %s on rail %d (%s)' % (c['sender'], c['receiver'],
    c['sender_rail'], c['sender_dev']) + ('' if not d['cross'] else
    ' -> rail %d (%s)' % (c['receiver_rail'], c['receiver_dev']))
if sys.argv[2] != '-':
    b = json.load(open(sys.argv[2]))
    assert b['test'] == 'rail_cluster_bw' and len(b['hosts']) == len(d['hosts'])
    assert [(r['name'], r['gbps']) for r in b['results']] == \
        [(name(c), c['gbps']) for c in d['cells']], (b['results'], d['cells'])
cases = ET.parse(sys.argv[3]).getroot().findall('./testsuite/testcase')
assert [c.get('name') for c in cases] == [name(c) for c in d['cells']]
failed = [c.find('failure').get('type') for c in cases
          if c.find('failure') is not None]
assert failed == ['failed'] * int(sys.argv[4]), failed
PY
}
fleet_cells "$TMP/r.json" "$TMP/rb.json" "$TMP/r.xml" 0
# a baseline of another rail: refused at rank 0 before the first round
python3 - "$TMP/rb.json" "$TMP/rb2.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["hosts"][1]["rails"][1]["device"] = "mlx5_9"
json.dump(d, open(sys.argv[2], "w"))
PY
h1=$(python3 -c "import json; print(json.load(open('$TMP/rb.json'))['hosts'][1]['host'])")
mpi 2 "$BIN" -d rxe0,rxe1 -x 1,1 -s 4096 -D 3 --verb=read --baseline "$TMP/rb2.json" \
	>"$TMP/rb2.out" 2>&1
rc=$?
want="rail_cluster_bw: --baseline '$TMP/rb2.json' refused: $h1: rail 1 is mlx5_9 port 1 there, rxe1 port 1 here (a baseline of other hosts or rails; --baseline-force compares anyway)"
[ "$rc" = 1 ] && [ "$(grep '^rail_cluster_bw: ' "$TMP/rb2.out")" = "$want" ] &&
	! grep -q 'railperf: round' "$TMP/rb2.out" ||
	{ cat "$TMP/rb2.out"; fail "--baseline of another rail: exit $rc, want 1 and only '$want', no round"; }
mpi 2 "$BIN" -d rxe0,rxe1 -x 1,1 -s 4096 -D 3 --verb=send --csv "$TMP/s.csv" \
	--out_json_file "$TMP/s.json" >"$TMP/sd.out" 2>"$TMP/sd.err"
rc=$?
[ "$rc" = 0 ] || { cat "$TMP/sd.out" "$TMP/sd.err"; fail "--verb=send: exit $rc"; }
python3 "$TMP/check.py" "$TMP/sd.out" "$TMP/s.csv" "$TMP/s.json" 2 rxe0,rxe1 0 ||
	{ cat "$TMP/sd.out" "$TMP/sd.err"; fail "--verb=send: matrix, CSV and JSON checks (above)"; }

# --cross, two ranks: 2 rounds (rail i -> i, rail i -> i+1), 4 matrices.
# In one guest rxe0 cannot reach rxe1's subnet (10.0.1.0/24 vs
# 10.0.2.0/24: the QP's move to RTR finds no route), so the cross cells
# are the fault case: FAIL(reason) in the table, the CSV and the JSON,
# the same-rail ones measured, the run to its end, exit 1.
mpi 2 "$BIN" -d rxe0,rxe1 -x 1,1 -s 4096 -D 3 --cross --csv "$TMP/x.csv" \
	--out_json_file "$TMP/x.json" --junit "$TMP/x.xml" >"$TMP/x.out" 2>"$TMP/x.err"
rc=$?
[ "$rc" = 1 ] || { cat "$TMP/x.out" "$TMP/x.err"; fail "--cross: exit $rc, want 1"; }
python3 - "$TMP/x.out" "$TMP/x.csv" "$TMP/x.json" <<'PY' ||
import csv, json, re, sys
text = open(sys.argv[1]).read()
rounds = re.findall(r'^ railperf: round (\d)/2 \(rail i -> rail i\+(\d)\):', text, re.M)
assert rounds == [('1', '0'), ('2', '1')], rounds
for i in range(2):
    for j in range(2):
        t = ' railperf: rail %d (rxe%d) -> rail %d (rxe%d): Gb/s' % (i, i, j, j)
        assert text.count(t) == 1, t
rows = list(csv.DictReader(open(sys.argv[2])))
assert len(rows) == 8, len(rows)
for r in rows:
    same = r['sender_rail'] == r['receiver_rail']
    assert r['status'] == ('ok' if same else 'fail'), r
    assert same or 'connecting the QPs' in r['reason'], r
    assert not same or float(r['gbps']) > 0, r
d = json.load(open(sys.argv[3]))
assert d['partial'] is False and d['cross'] is True
assert sorted(c['status'] for c in d['cells']) == ['fail'] * 4 + ['ok'] * 4
assert text.count('FAIL(rxe') == 4 and '4 failed cells' in text
PY
	{ cat "$TMP/x.out"; fail "--cross: matrices, CSV and JSON (above)"; }
fleet_cells "$TMP/x.json" - "$TMP/x.xml" 4
