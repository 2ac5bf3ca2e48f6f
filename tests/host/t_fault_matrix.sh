#!/usr/bin/env bash
# Description: docs/failures.md's fault matrix is backed by tests: its
# tables (the "## Fault matrix" section) hold at least 40 faults; every
# row has the five columns (fault, exit, message, time to fail, test) and
# names at least one test in its last one; every test it names (`name.sh`
# or `name.c`) is a file in tests/e2e, tests/host or tests/unit.
# RP_FAILURES overrides the document's path. TAP on stdout.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
DOC=${RP_FAILURES:-docs/failures.md} python3 - <<'PY'
import os, re, sys

sys.path.insert(0, "tests/host")
from taplib import end, tap  # noqa: E402

doc = os.environ["DOC"]

text = open(doc).read()
m = re.search(r"^## Fault matrix\n(.*?)(?=^## |\Z)", text, re.M | re.S)
tap(m is not None, f"{doc} has a '## Fault matrix' section")
rows = []
for ln in (m.group(1) if m else "").splitlines():
    if not ln.startswith("|") or ln.startswith("|---") or ln.startswith("| fault |"):
        continue
    rows.append([c.strip() for c in ln.strip().strip("|").split("|")])
tap(len(rows) >= 40, f"the matrix lists {len(rows)} faults, at least 40")

short = [f"{r[0]}: {len(r)} columns" for r in rows if len(r) != 5]
tap(not short, "every row has 5 columns: fault, exit, message, time, test", short)

dirs = ("tests/e2e", "tests/host", "tests/unit")
named, missing, untested = set(), [], []
for r in rows:
    tests = re.findall(r"`([A-Za-z0-9_]+\.(?:sh|c))`", r[-1])
    if not tests:
        untested.append(f"{r[0]}: no test named in '{r[-1]}'")
    for t in tests:
        named.add(t)
        if not any(os.path.isfile(os.path.join(d, t)) for d in dirs):
            missing.append(f"{r[0]}: {t} is in none of {', '.join(dirs)}")
tap(not untested, "every row names a test", untested)
tap(not missing and named, f"every test named exists ({len(named)})", missing)
end()
PY
