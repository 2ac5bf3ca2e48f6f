#!/usr/bin/env python3
"""tools/bench/readme.py README RESULTS: put RESULTS/bench.md (the latest
bench report) and its plots into README between the lines
<!-- bench:begin --> and <!-- bench:end -->. Run by tools/bench/bench with
BENCH_README=1; the text between the markers is never edited by hand."""

import os
import sys

BEGIN, END = "<!-- bench:begin -->", "<!-- bench:end -->"


def block(results):
    with open(os.path.join(results, "bench.md")) as f:
        body = f.read().splitlines()[1:]	# without its own title
    rel = os.path.relpath(results).replace(os.sep, "/")
    return [BEGIN, *body, "",
            f"![RDMA WRITE bandwidth vs message size]({rel}/write_bw.png)", "",
            f"More plots: [WRITE bandwidth ratio per size]({rel}/ratio.png), "
            f"[READ latency]({rel}/read_lat.png), "
            f"[WRITE latency]({rel}/write_lat.png), "
            f"[message rate]({rel}/rate.png), "
            f"[two rails]({rel}/multi_rail.png); all numbers: "
            f"[bench.csv]({rel}/bench.csv), [runs.csv]({rel}/runs.csv).",
            END]


def main():
    readme, results = sys.argv[1], sys.argv[2]
    with open(readme) as f:
        lines = f.read().splitlines()
    if BEGIN not in lines or END not in lines:
        print(f"readme.py: no {BEGIN} ... {END} in {readme}; not updated",
              file=sys.stderr)
        return 1
    i, j = lines.index(BEGIN), lines.index(END)
    lines[i:j + 1] = block(results)
    with open(readme, "w") as f:
        f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
