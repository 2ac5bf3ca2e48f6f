#!/bin/sh
# Description: rail_cluster_bw --verb=read in one guest: two Open MPI ranks
# on rxe0 and rxe1 (rxe loopback), MPI over TCP on lo, 4 KiB READs for
# -D 3: exit 0, one round, per rail a 2 x 2 matrix whose off-diagonal
# cells are numbers > 0 (each host READ its partner's buffer), the CSV's
# cells "ok" with bytes = messages x 4096. --verb=send is refused by every
# rank with one line before any device is opened.
# Timeout: 300
. tests/e2e/lib.sh

export HOME=/tmp # Open MPI writes its session directory under it
BIN=$B/rail_cluster_bw
[ -x "$BIN" ] || skip "no $BIN: built without MPI (pkg-config ompi-c)"
command -v mpirun >/dev/null || skip "no mpirun (openmpi-bin)"
mpi() {
	np=$1; shift
	timeout 200 mpirun --allow-run-as-root --oversubscribe -np "$np" \
		--mca btl tcp,self --mca pml ob1 --mca btl_tcp_if_include lo \
		--mca oob_tcp_if_include lo "$@"
}

mpi 2 "$BIN" -d rxe0 --verb=send >"$TMP/r.out" 2>&1
rc=$?
[ "$rc" = 1 ] || { cat "$TMP/r.out"; fail "--verb=send: exit $rc, want 1"; }
[ "$(grep -c '^rail_cluster_bw: ' "$TMP/r.out")" = 1 ] &&
	grep -q "^rail_cluster_bw: invalid --verb value 'send': valid verbs are write, read$" \
		"$TMP/r.out" || { cat "$TMP/r.out"; fail "--verb=send: not one refusal line"; }

mpi 2 "$BIN" -d rxe0,rxe1 -x 1,1 -s 4096 -D 3 --verb=read --csv "$TMP/c.csv" \
	>"$TMP/c.out" 2>"$TMP/c.err"
rc=$?
[ "$rc" = 0 ] || { cat "$TMP/c.out" "$TMP/c.err"; fail "exit $rc"; }
cat "$TMP/c.out"
python3 - "$TMP/c.out" "$TMP/c.csv" <<'PY' || fail "matrix / CSV checks (above)"
import csv, re, sys
sys.path.insert(0, 'tests/e2e')
from mx import matrices
text = open(sys.argv[1]).read().splitlines()
assert len([l for l in text if re.match(r' railperf: round 1/1', l)]) == 1
mats = matrices(text)
assert sorted(mats) == ['rail 0 (rxe0)', 'rail 1 (rxe1)'], list(mats)
for lab, (hosts, rows) in mats.items():
    assert len(hosts) == 2, hosts
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            if r != c:
                assert re.match(r'^\d+\.\d{2,6}$', v) and float(v) > 0, row
rows = list(csv.DictReader(open(sys.argv[2])))
assert len(rows) == 4, rows
for r in rows:
    assert r['status'] == 'ok', r
    assert int(r['bytes']) == int(r['msgs']) * 4096 > 0, r
PY
