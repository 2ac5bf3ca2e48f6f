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
# 5000 bytes: the links as cabled), no matrix, no name run as code.
# Skipped without gnuplot. TAP on stdout.
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
python3 - "$tmp" <<'PY'
import csv, json, os, sys
d = sys.argv[1]
hosts = ["r1", "r2'; system('touch %s'); x='" % os.path.join(d, "PWNED"), "r3"]
cells = []
for s, hs in enumerate(hosts):
    for r, hr in enumerate(hosts):
        for i in (0, 1):
            for j in (0, 1):
                if s == r:
                    continue
                link = (i, j, r) == (1, 0, (s + 1) % 3) or \
                    (i, j, s) == (0, 1, (r + 1) % 3)
                cells.append({"sender": hs, "receiver": hr,
                              "sender_rail": i, "receiver_rail": j,
                              "sender_dev": "rxe%d" % i,
                              "receiver_dev": "rxe%d" % j,
                              "gbps": 0.01 + 0.001 * (s + r) if link else None,
                              "status": "ok" if link else "nopath"})
os.mkdir(os.path.join(d, "ring"))
with open(os.path.join(d, "ring", "m.csv"), "w", newline="") as f:
    w = csv.DictWriter(f, list(cells[0]))
    w.writeheader()
    for c in cells:
        w.writerow({k: "" if v is None else v for k, v in c.items()})
with open(os.path.join(d, "ring", "m.json"), "w") as f:
    json.dump({"hosts": [{"name": h} for h in hosts], "cells": cells,
               "wiring": {"ring": hosts}}, f)
PY
for kind in csv json; do
	out=$(cd "$tmp/ring" && "$OLDPWD/tools/scripts/cluster_heatmap" "m.$kind" \
		"links-$kind" 2>&1)
	rc=$?
	p=$tmp/ring/links-$kind/m-links.png
	pngs=$(ls "$tmp/ring/links-$kind" 2>/dev/null | tr '\n' ' ')
	[ "$rc" = 0 ] && [ "$pngs" = "m-links.png " ] &&
		[ "$(head -c 8 "$p" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] &&
		[ "$(wc -c <"$p")" -gt 5000 ]
	tap $((! $?)) "$kind of a ring paired by the map: exit 0, one picture of the links, no matrix" \
		"exit $rc, files: $pngs" "$out"
	[ ! -e "$tmp/PWNED" ]
	tap $((! $?)) "$kind of a ring: no name ran as code"
	rm -f "$tmp/PWNED"
done
tap_end
