#!/bin/sh
# Description: rail_cluster_bw on a ring of four hosts (softroce ring 4:
# hI's rxe1 cabled to h(I+1)'s rxe0, each cable its own segment and /24),
# launched by mpirun, -D 4, the default pairing (the map's): exit 0 in
# one round; the wiring map lists exactly the four cables and the ring
# h1 > h2 > h3 > h4 > h1; the two diagonals, h1 - h3 and h2 - h4, are
# each one "no path" line for every rail pair ("no cable") and in the
# JSON's no_path, and no other pair of hosts is; exactly the eight
# directed cells of the cables are ok, the others "nopath"; each port's
# own counters, read by the test, back its cells.
# Run by suite.sh in guest h1 of the ring.
. tests/e2e/lib.sh
. tests/e2e/mpi.sh

[ "${SOFTROCE_RING:-}" = 4 ] || fail "SOFTROCE_RING is '${SOFTROCE_RING:-}', want 4 (softroce ring 4)"
C=$PWD/$B/rail_cluster_bw
[ -x "$C" ] || C=$B/rail_cluster_bw
mtu=$(ibv_devinfo -d rxe0 | awk '$1 == "active_mtu:" { print $2 }')
[ -n "$mtu" ] || fail "no active_mtu for rxe0"

port_counters "$TMP/b"
t0=$(date +%s)
# shellcheck disable=SC2086 # MPIRUN is a word list
timeout 120 $MPIRUN -np 4 $C -d rxe0,rxe1 -s 4096 -D 4 -t 16 -u 16 --out_json_file "$TMP/a.json" \
	>"$TMP/a.out" 2>"$TMP/a.err" || { cat "$TMP/a.out" "$TMP/a.err"; fail "rail_cluster_bw exited $?"; }
port_counters "$TMP/a"
note "4-host ring: $(($(date +%s) - t0)) s"
grep '^ railperf: no path' "$TMP/a.out" | sed 's/^/# /'
for p in "softroce-h1 - softroce-h3" "softroce-h2 - softroce-h4"; do
	grep -qx " railperf: no path: $p, every rail pair: no cable: not on one segment and no subnet in common" "$TMP/a.out" ||
		{ cat "$TMP/a.out"; fail "no 'no path' line for $p"; }
done
[ "$(grep -c '^ railperf: no path: ' "$TMP/a.out")" = 2 ] || { cat "$TMP/a.out"; fail "want exactly two 'no path' lines"; }
grep -qx ' railperf: wiring map: a ring of 4 hosts: softroce-h1 > softroce-h2 > softroce-h3 > softroce-h4 > softroce-h1' "$TMP/a.out" ||
	{ cat "$TMP/a.out"; fail "no ring line"; }
python3 - "$TMP/a.out" "$TMP/a.json" "$TMP/b" "$TMP/a" "$mtu" <<'PY' || { cat "$TMP/a.out"; fail "map, cells or port counters (above)"; }
import json, sys
sys.path.insert(0, "tests/e2e")
import ring
out, jpath, before, after, mtu = sys.argv[1:]
text = open(out).read()
d = json.load(open(jpath))
assert d["partial"] is False and d["pairing"] == "map", (d["partial"], d["pairing"])
want = ring.check_map(d, 4)
np = {(x["host_a"], x["host_b"]) for x in d["wiring"]["no_path"]}
assert np == {("softroce-h1", "softroce-h3"), ("softroce-h2", "softroce-h4")}, np
assert len(ring.rounds(text)) == 1, ring.rounds(text)
ring.check_cells(d, want, before, after, mtu)
PY
