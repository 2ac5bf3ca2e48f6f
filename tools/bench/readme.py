#!/usr/bin/env python3
"""tools/bench/readme.py README RESULTS: put the headline of RESULTS/bench.md
(the latest bench report: its first line, the versions measured and its
targets as a table, with links to the report and a plot) into README
between the lines <!-- bench:begin --> and <!-- bench:end -->. Run by
tools/bench/bench with BENCH_README=1; the text between the markers is
never edited by hand. The report itself stays in RESULTS."""

import os
import re
import sys

BEGIN, END = "<!-- bench:begin -->", "<!-- bench:end -->"
# "- **Write BW, ... (within noise): MET.** 12 of 23 sizes ..."
VERSIONS = re.compile(r"^- (perftest \S+, railperf [^;]+);")
TARGET = re.compile(r"^- \*\*(.+): ([A-Z ]+)\.\*\* (.*)$")


def targets(body):
    """The rows of the report's "### Targets" list: (target, verdict, why)."""
    rows, inside = [], False
    for line in body:
        if line.startswith("### "):
            inside = line == "### Targets"
            continue
        m = TARGET.match(line) if inside else None
        if m:
            rows.append(m.groups())
    return rows


def block(results):
    with open(os.path.join(results, "bench.md")) as f:
        body = f.read().splitlines()[1:]	# without its own title
    rel = os.path.relpath(results).replace(os.sep, "/")
    first = next((line for line in body if line.strip()), "")
    # "- perftest 6.06, railperf af9b8fb; one guest ...": what was measured
    tools = next((m.group(1) for m in map(VERSIONS.match, body) if m), None)
    if tools:
        first += f" {tools}."
    rows = targets(body)
    if not rows:
        raise ValueError(f"{results}/bench.md has no ### Targets list")
    out = [BEGIN, first, "",
           "| target | verdict | how |", "|---|---|---|"]
    out += [f"| {t} | {v} | {w.replace('|', '/')} |" for t, v, w in rows]
    out += ["", f"Every row, how it ran and the verdict rules: "
            f"[the report]({rel}/bench.md); all numbers: "
            f"[bench.csv]({rel}/bench.csv), [runs.csv]({rel}/runs.csv).", "",
            f"![RDMA WRITE bandwidth vs message size]({rel}/write_bw.png)",
            END]
    return out


def main():
    readme, results = sys.argv[1], sys.argv[2]
    with open(readme) as f:
        lines = f.read().splitlines()
    if BEGIN not in lines or END not in lines:
        print(f"readme.py: no {BEGIN} ... {END} in {readme}; not updated",
              file=sys.stderr)
        return 1
    try:
        new = block(results)
    except (OSError, ValueError) as e:
        print(f"readme.py: {e}; {readme} not updated", file=sys.stderr)
        return 1
    i, j = lines.index(BEGIN), lines.index(END)
    lines[i:j + 1] = new
    with open(readme, "w") as f:
        f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
