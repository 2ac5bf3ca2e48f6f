#!/bin/sh
# Description: rail_cluster_bw on a ring of three hosts (softroce ring 3:
# hI's rxe1 cabled to h(I+1)'s rxe0, each cable its own segment and /24;
# MPI on a management NIC), launched by mpirun, -D 4. First rail_info
# --peers on h1: each rail sees the neighbour its cable leads to (by MAC),
# and only that one.
# Run 1, the default pairing (the map's, since each host's rails are in two
# subnets): exit 0 in one round and under 3 x (D + 5) s; the wiring map
# (text and JSON) lists exactly the three cables, each found by neighbour
# discovery, and the ring h1 > h2 > h3 > h1; exactly the six directed cells
# of the cables are ok, every other rail pair is "no path" (no QP opened:
# index pairing would time out there); each port's own counters, read by
# the test, back its cells; tools/scripts/cluster_heatmap draws the run as
# one picture of the links (a-links.png), no matrix (RP_HEATMAP_DIR: a
# directory shared with the guest to copy it to).
# Run 2, --pattern=ring: three hops at once, one round; per hop the
# receiver's count over the run equals the sender's within one message a
# QP; the bottleneck named is the slowest hop by the receiver's Gb/s.
# Run 3, a miswire: h2's end of cable 1 re-addressed out of its subnet
# (10.1.1.2/24 -> 10.1.9.2/24): one "miswire" line naming both ends
# (softroce-h1 rxe1, softroce-h2 rxe0), exit 1, the two other cables still
# measured both ways.
# Run by suite.sh in guest h1 of the ring.
. tests/e2e/lib.sh
. tests/e2e/mpi.sh

[ "${SOFTROCE_RING:-}" = 3 ] || fail "SOFTROCE_RING is '${SOFTROCE_RING:-}', want 3 (softroce ring 3)"
C=$PWD/$B/rail_cluster_bw
[ -x "$C" ] || C=$B/rail_cluster_bw
D=4
FLAGS="-d rxe0,rxe1 -s 4096 -D $D -t 16 -u 16"
mtu=$(ibv_devinfo -d rxe0 | awk '$1 == "active_mtu:" { print $2 }')
[ -n "$mtu" ] || fail "no active_mtu for rxe0"

# rail_info --peers on h1: each rail sees the one neighbour its cable
# leads to, by MAC (the bed's: hI's eth0 52:54:00:5a:01:0I, eth1
# 52:54:00:5a:02:0I): rxe0 (eth0) h3's eth1, rxe1 (eth1) h2's eth0.
$B/rail_info --peers >"$TMP/peers" 2>&1 || { cat "$TMP/peers"; fail "rail_info --peers exited $?"; }
awk '/^rxe[01] port/ { d = $1 } /^  fe80::/ { print d, $2 }' "$TMP/peers" | sort >"$TMP/seen"
printf 'rxe0 52:54:00:5a:02:03\nrxe1 52:54:00:5a:01:02\n' >"$TMP/want"
cmp -s "$TMP/seen" "$TMP/want" || { cat "$TMP/peers"; fail "rail_info --peers: want rxe0 to see h3's eth1 and rxe1 h2's eth0, each alone"; }

# Run 1: the cables, both ways, nothing else.
port_counters "$TMP/b1"
t0=$(date +%s)
# shellcheck disable=SC2086 # MPIRUN and FLAGS are word lists
timeout 120 $MPIRUN -np 3 $C $FLAGS --out_json_file "$TMP/a.json" >"$TMP/a.out" 2>"$TMP/a.err" ||
	{ cat "$TMP/a.out" "$TMP/a.err"; fail "run 1 exited $?"; }
secs=$(($(date +%s) - t0))
port_counters "$TMP/a1"
note "run 1 (pairs by the map): $secs s"
[ "$secs" -lt $((3 * (D + 5))) ] || { cat "$TMP/a.out"; fail "run 1 took $secs s, want under $((3 * (D + 5)))"; }
grep -q '^ railperf: pairing: by the wiring map ' "$TMP/a.out" || { cat "$TMP/a.out"; fail "run 1: not paired by the map"; }
grep -qx ' railperf: wiring map: a ring of 3 hosts: softroce-h1 > softroce-h2 > softroce-h3 > softroce-h1' "$TMP/a.out" ||
	{ cat "$TMP/a.out"; fail "run 1: no ring line"; }
python3 - "$TMP/a.out" "$TMP/a.json" "$TMP/b1" "$TMP/a1" "$mtu" <<'PY' || { cat "$TMP/a.out"; fail "run 1: map, cells or port counters (above)"; }
import json, sys
sys.path.insert(0, "tests/e2e")
import ring
out, jpath, before, after, mtu = sys.argv[1:]
text = open(out).read()
d = json.load(open(jpath))
assert d["partial"] is False and d["pairing"] == "map", (d["partial"], d["pairing"])
want = ring.check_map(d, 3)
assert d["wiring"]["ring"] == ["softroce-h1", "softroce-h2", "softroce-h3"], d["wiring"]["ring"]
assert len(ring.rounds(text)) == 1, ring.rounds(text)
ring.check_cells(d, want, before, after, mtu)
PY
# the heat map of a ring: its links as cabled, one picture, no matrix
tools/scripts/cluster_heatmap --note "Soft-RoCE, 3 qemu guests cabled as a ring" \
	"$TMP/a.json" "$TMP/heat" >"$TMP/heat.out" 2>&1 || { cat "$TMP/heat.out"; fail "cluster_heatmap a.json"; }
[ "$(ls "$TMP/heat")" = a-links.png ] || { ls "$TMP/heat"; fail "cluster_heatmap: want a-links.png alone"; }
[ -z "${RP_HEATMAP_DIR:-}" ] || cp "$TMP/heat/a-links.png" "$RP_HEATMAP_DIR/cluster_ring_softroce.png"

# Run 2: each host to its successor at once.
# shellcheck disable=SC2086
timeout 120 $MPIRUN -np 3 $C $FLAGS --pattern=ring --out_json_file "$TMP/r.json" >"$TMP/r.out" 2>"$TMP/r.err" ||
	{ cat "$TMP/r.out" "$TMP/r.err"; fail "run 2 (--pattern=ring) exited $?"; }
grep '^ railperf: ring' "$TMP/r.out" | sed 's/^/# /'
python3 - "$TMP/r.out" "$TMP/r.json" <<'PY' || { cat "$TMP/r.out"; fail "run 2: hops (above)"; }
import json, re, sys
sys.path.insert(0, "tests/e2e")
import ring
text = open(sys.argv[1]).read()
d = json.load(open(sys.argv[2]))
assert len(ring.rounds(text)) == 1, ring.rounds(text)
hops = d["ring"]["flows"]
got = {(f["sender"], f["sender_rail"], f["receiver"], f["receiver_rail"]) for f in hops}
assert got == ring.links(3), sorted(got)
for f in hops:
    assert f["counted"] and f["gbps"] > 0, f
    assert abs(f["receiver_msgs_all"] - f["sender_msgs_all"]) <= 1, f
lo = min(hops, key=lambda f: f["gbps"])
assert (d["ring"]["bottleneck_from"], d["ring"]["bottleneck_to"]) == (lo["sender"], lo["receiver"]), d["ring"]
assert re.search(r"^ railperf: ring: 3 hops at once; bottleneck hop %s -> %s at " % (lo["sender"], lo["receiver"]),
                 text, re.M), "no bottleneck line"
PY

# Run 3: h2's end of cable 1 out of its subnet.
H2=10.0.0.2
$SOFTROCE_SSH $H2 'ip addr del 10.1.1.2/24 dev eth0 && ip addr add 10.1.9.2/24 dev eth0' ||
	fail "re-addressing h2's eth0"
rc=0
# shellcheck disable=SC2086
timeout 120 $MPIRUN -np 3 $C $FLAGS --out_json_file "$TMP/m.json" >"$TMP/m.out" 2>"$TMP/m.err" || rc=$?
$SOFTROCE_SSH $H2 'ip addr del 10.1.9.2/24 dev eth0; ip addr add 10.1.1.2/24 dev eth0' ||
	note "could not restore h2's eth0 address"
grep '^ railperf: \(miswire\|no path\)' "$TMP/m.out" | sed 's/^/# /'
[ "$rc" = 1 ] || { cat "$TMP/m.out" "$TMP/m.err"; fail "run 3 (miswire) exited $rc, want 1"; }
[ "$(grep -c '^ railperf: miswire: ' "$TMP/m.out")" = 1 ] || { cat "$TMP/m.out"; fail "run 3: want one miswire line"; }
grep -q '^ railperf: miswire: softroce-h1 rxe1 (eth1, 10\.1\.1\.1/24) and softroce-h2 rxe0 (eth0, 10\.1\.9\.2/24) are cabled (one segment) but share no subnet' "$TMP/m.out" ||
	{ cat "$TMP/m.out"; fail "run 3: the miswire line does not name both ends"; }
python3 - "$TMP/m.json" <<'PY' || { cat "$TMP/m.out"; fail "run 3: JSON (above)"; }
import json, sys
sys.path.insert(0, "tests/e2e")
import ring
d = json.load(open(sys.argv[1]))
cable1 = ("softroce-h1", 1, "softroce-h2", 0)
ring.check_map(d, 3, skip=[cable1])
mis = d["wiring"]["miswires"]
assert len(mis) == 1 and mis[0]["kind"] == "subnet", mis
assert {ring.end(mis[0]["a"]), ring.end(mis[0]["b"])} == {cable1[:2], cable1[2:]}, mis
ok = {(c["sender"], c["sender_rail"], c["receiver"], c["receiver_rail"]) for c in d["cells"] if c["status"] == "ok"}
want = ring.links(3) - {cable1}
assert ok == want | {(b, j, a, i) for a, i, b, j in want}, sorted(ok)
PY
