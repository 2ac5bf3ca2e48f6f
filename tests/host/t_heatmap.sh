#!/usr/bin/env bash
# Description: tools/scripts/cluster_heatmap takes names as data, never as
# gnuplot code. A results CSV and the same cells as JSON whose host names
# hold gnuplot code (h1'; system('touch PWNED'); x=' and its double-quoted
# twin), a comma, a quote, a newline and ESC, and a device name with
# gnuplot's enhanced-text markup: the script exits 0, writes one PNG per
# rail (a PNG by its magic bytes), and no command of a name runs (no
# PWNED file). A three-host ring paired by the wiring map (each host's
# rail 1 to the next one's rail 0 measured both ways, every other rail
# pair "nopath"), as CSV and as JSON with the map's ring, one host name
# hostile: exit 0, exactly one picture, m-links.png (a PNG of more than
# 5000 bytes: the links as cabled), no matrix, no name run as code; as
# drawn (the data files a recording gnuplot on PATH keeps): three solid
# lines, each direction's label with its Gb/s, the hosts in the ring's
# order (the JSON's hosts list is in another). Two hosts cabled twice,
# one cable down (listed by the map, its cells "nopath"), one direction
# failed: two lines apart, the down one dashed, FAIL. Results with no
# "nopath" cell (switched, rail i to rail i) give the matrices as ever:
# a JSON with the map's ring in another order draws the same bytes as
# without the map. Skipped without gnuplot. TAP on stdout.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh
if ! command -v gnuplot >/dev/null; then
	echo "1..0 # SKIP no gnuplot (gnuplot-nox)"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

python3 - "$tmp" <<'PY'
import csv, json, os, sys
d = sys.argv[1]
pwn = os.path.join(d, "PWNED")
hosts = ["h0", "h1'; system('touch %s'); x='" % pwn,
         'h2"; system("touch %s"); x="' % pwn, 'h3,\n"q"\x1b[31m']
devs = ["mlx5_0{/Symbol a}^2", "rxe0"]
cells = []
for s, hs in enumerate(hosts):
    for r, hr in enumerate(hosts):
        if s != r:
            for rail in (0, 1):
                cells.append({"sender": hs, "receiver": hr,
                              "sender_rail": rail, "receiver_rail": rail,
                              "sender_dev": devs[rail],
                              "receiver_dev": devs[rail],
                              "gbps": None if s == 3 else 10.0 + s + r,
                              "status": "fail" if s == 3 else "ok"})
keys = list(cells[0])
with open(os.path.join(d, "m.csv"), "w", newline="") as f:
    w = csv.DictWriter(f, keys)
    w.writeheader()
    for c in cells:
        w.writerow({k: "" if v is None else v for k, v in c.items()})
with open(os.path.join(d, "m.json"), "w") as f:
    json.dump({"hosts": [{"name": h} for h in hosts], "cells": cells}, f)
PY

for kind in csv json; do
	out=$(cd "$tmp" && "$OLDPWD/tools/scripts/cluster_heatmap" "m.$kind" \
		"heat-$kind" 2>&1)
	rc=$?
	pngs=$(ls "$tmp/heat-$kind" 2>/dev/null | tr '\n' ' ')
	magic=1
	for p in "$tmp/heat-$kind"/*.png; do
		[ "$(head -c 8 "$p" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || magic=0
	done
	[ "$rc" = 0 ] && [ "$pngs" = "m-rail0.png m-rail1.png " ] && [ $magic = 1 ]
	tap $((! $?)) "$kind with hostile names: exit 0, a PNG per rail" \
		"exit $rc, files: $pngs" "$out"
	[ ! -e "$tmp/PWNED" ]
	tap $((! $?)) "$kind with hostile names: no name ran as code"
	rm -f "$tmp/PWNED"
done
# The ring fixtures: ring/m.csv and ring/m.json, three hosts (r2 hostile),
# each one's rail 1 cabled to the next one's rail 0, those cells measured
# both ways, every other (sender, receiver, rail pair) "nopath"; the JSON
# with the map's wiring block, its hosts in another order than its ring.
# ring/s2.json: two hosts cabled rail 0 to rail 0 (p1 to p2 failed) and
# rail 1 to rail 1 (down: the map lists the link, its cells "nopath").
# idx/with.json: three switched hosts paired rail i to rail i (no
# "nopath"), with the map's ring in another order; idx/without.json: the
# same without the map.
python3 - "$tmp" <<'PY'
import csv, json, os, sys
d = sys.argv[1]
hosts = ["r1", "r2'; system('touch %s'); x='" % os.path.join(d, "PWNED"), "r3"]


def end(h, rail, up=True):
    return {"host": h, "rail": rail, "dev": "rxe%d" % rail, "port": 1,
            "netdev": "eth%d" % rail, "address": "fe80::%d" % rail,
            "mtu": 1500, "up": up}


def cell(s, r, i, j, g, status):
    return {"sender": s, "receiver": r, "sender_rail": i, "receiver_rail": j,
            "sender_dev": "rxe%d" % i, "receiver_dev": "rxe%d" % j,
            "gbps": g, "status": status}


def dump(path, hosts, cells, wiring=None):
    doc = {"hosts": [{"name": h} for h in hosts], "cells": cells}
    if wiring is not None:
        doc["wiring"] = wiring
    with open(os.path.join(d, path), "w") as f:
        json.dump(doc, f)


cells = []
for s, hs in enumerate(hosts):
    for r, hr in enumerate(hosts):
        for i in (0, 1):
            for j in (0, 1):
                if s == r:
                    continue
                link = (i, j, r) == (1, 0, (s + 1) % 3) or \
                    (i, j, s) == (0, 1, (r + 1) % 3)
                cells.append(cell(hs, hr, i, j, 0.01 + 0.001 * (s + r)
                                  if link else None,
                                  "ok" if link else "nopath"))
for sub in ("ring", "idx"):
    os.mkdir(os.path.join(d, sub))
with open(os.path.join(d, "ring", "m.csv"), "w", newline="") as f:
    w = csv.DictWriter(f, list(cells[0]))
    w.writeheader()
    for c in cells:
        w.writerow({k: "" if v is None else v for k, v in c.items()})
links = [{"a": end(hosts[k], 1), "b": end(hosts[(k + 1) % 3], 0),
          "found_by": "neighbours"} for k in range(3)]
dump("ring/m.json", [hosts[2], hosts[0], hosts[1]], cells,
     {"links": links, "miswires": [], "no_path": [], "down": [],
      "ring": hosts})
p = ["p1", "p2"]
dump("ring/s2.json", p,
     [cell(p[s], p[1 - s], i, j, 0.02 if (s, i, j) == (1, 0, 0) else None,
           "nopath" if (i, j) != (0, 0) else "ok" if s else "fail")
      for s in (0, 1) for i in (0, 1) for j in (0, 1)],
     {"links": [{"a": end(p[0], k, k == 0), "b": end(p[1], k),
                 "found_by": "neighbours"} for k in (0, 1)],
      "miswires": [], "no_path": [], "down": [end(p[0], 1, False)],
      "ring": None})
x = ["x1", "x2", "x3"]
sw = [cell(x[s], x[r], i, i, 10.0 + 3 * s + r, "ok")
      for s in range(3) for r in range(3) for i in (0, 1) if s != r]
dump("idx/with.json", x, sw, {"links": [], "miswires": [], "no_path": [],
                             "down": [], "ring": ["x1", "x3", "x2"]})
dump("idx/without.json", x, sw)
PY

# A gnuplot on PATH that keeps each run's data files (GP_LOG/RUN/ARGNO)
# and then runs the real one: what the picture was drawn from.
real=$(command -v gnuplot)
mkdir "$tmp/bin" "$tmp/gp"
cat >"$tmp/bin/gnuplot" <<EOF
#!/bin/sh
d="$tmp/gp/\$(ls "$tmp/gp" | wc -l)"
mkdir "\$d"
i=0
for a; do i=\$((i + 1)); [ -f "\$a" ] && cp "\$a" "\$d/\$i"; done
exec "$real" "\$@"
EOF
chmod +x "$tmp/bin/gnuplot"

# drawn RESULTS OUTDIR: cluster_heatmap RESULTS OUTDIR in RESULTS' folder
# through the recording gnuplot (its data in $tmp/gp/0); sets out, rc,
# pngs (the files written, sorted, a space after each).
drawn() {
	rm -rf "$tmp/gp" && mkdir "$tmp/gp"
	out=$(cd "$(dirname "$1")" && PATH="$tmp/bin:$PATH" \
		"$OLDPWD/tools/scripts/cluster_heatmap" "$(basename "$1")" "$2" 2>&1)
	rc=$?
	pngs=$(ls "$(dirname "$1")/$2" 2>/dev/null | tr '\n' ' ')
}

# links_are WANT: the links picture's data ($tmp/gp/0: 3 EDGES, 5
# LABELS, as gnuplot -c GP EDGES NODES LABELS ..) against WANT, a Python
# dict (R2 in its strings: the hostile host name): edges (how many
# lines), dashed (how many of them dashed), apart (1: no two lines the
# same), labels (the links' labels, as a set), names (the hosts' names,
# in order around the circle). Prints what differs; exit 0 when nothing
# does.
links_are() {
	python3 - "$tmp/gp/0" "$1" "$tmp" <<'PY'
import ast, os, re, sys
d, want, tmp = sys.argv[1], ast.literal_eval(sys.argv[2]), sys.argv[3]
r2 = "r2'; system('touch %s'); x='" % os.path.join(tmp, "PWNED")
sub = {str: lambda v: v.replace("R2", r2),
       set: lambda v: {t.replace("R2", r2) for t in v},
       list: lambda v: [t.replace("R2", r2) for t in v]}
want = {k: sub.get(type(v), lambda v: v)(v) for k, v in want.items()}
with open(os.path.join(d, "3")) as f:
    edges = [tuple(map(float, ln.split())) for ln in f]
rows = []
with open(os.path.join(d, "5")) as f:
    for ln in f:
        m = re.fullmatch(r'(\S+) (\S+) (-?[01]) "(.*)" ([01])\n', ln)
        rows.append((m.group(4), m.group(5)) if m else ("?" + ln, "?"))
got = {"edges": len(edges), "dashed": sum(e[4] == 1 for e in edges),
       "apart": int(len({e[:4] for e in edges}) == len(edges)),
       "labels": {t for t, n in rows if n == "0"},
       "names": [t for t, n in rows if n == "1"]}
bad = [k for k in want if got[k] != want[k]]
for k in bad:
    print("%s: got %r, want %r" % (k, got[k], want[k]))
sys.exit(1 if bad else 0)
PY
}

ring_labels="{'r1 rxe1 > R2 rxe0: 0.0110', 'R2 rxe0 > r1 rxe1: 0.0110',
	'R2 rxe1 > r3 rxe0: 0.0130', 'r3 rxe0 > R2 rxe1: 0.0130',
	'r3 rxe1 > r1 rxe0: 0.0120', 'r1 rxe0 > r3 rxe1: 0.0120'}"
for kind in csv json; do
	drawn "$tmp/ring/m.$kind" "links-$kind"
	p=$tmp/ring/links-$kind/m-links.png
	[ "$rc" = 0 ] && [ "$pngs" = "m-links.png " ] &&
		[ "$(head -c 8 "$p" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] &&
		[ "$(wc -c <"$p")" -gt 5000 ]
	tap $((! $?)) "$kind of a ring paired by the map: exit 0, one picture of the links, no matrix" \
		"exit $rc, files: $pngs" "$out"
	[ ! -e "$tmp/PWNED" ]
	tap $((! $?)) "$kind of a ring: no name ran as code"
	rm -f "$tmp/PWNED"
	got=$(links_are "{'edges': 3, 'dashed': 0, 'apart': 1,
		'labels': $ring_labels, 'names': ['r1', 'R2', 'r3']}" 2>&1)
	tap $((! $?)) "$kind of a ring: 3 solid lines, Gb/s each way, hosts in ring order" \
		"$got"
done

drawn "$tmp/ring/s2.json" links
got=$(links_are "{'edges': 2, 'dashed': 1, 'apart': 1,
	'labels': {'p1 rxe0 > p2 rxe0: FAIL', 'p2 rxe0 > p1 rxe0: 0.0200',
		'p1 rxe1 - p2 rxe1: not measured'}, 'names': ['p1', 'p2']}" 2>&1)
[ "$rc" = 0 ] && [ "$pngs" = "s2-links.png " ] && [ -z "$got" ]
tap $((! $?)) "2 hosts, 2 cables, 1 down: lines apart, that one dashed, FAIL shown" \
	"exit $rc, files: $pngs" "$got" "$out"

drawn "$tmp/idx/with.json" with
want=$pngs
drawn "$tmp/idx/without.json" without
same=1
for r in 0 1; do
	cmp -s "$tmp/idx/with/with-rail$r.png" \
		"$tmp/idx/without/without-rail$r.png" || same=0
done
[ "$rc" = 0 ] && [ "$want" = "with-rail0.png with-rail1.png " ] &&
	[ "$pngs" = "without-rail0.png without-rail1.png " ] && [ $same = 1 ]
tap $((! $?)) "no nopath cell: matrices in results' host order, map's ring or not" \
	"files: $want / $pngs, same bytes: $same" "$out"
tap_end
