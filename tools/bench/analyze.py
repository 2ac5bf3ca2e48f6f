#!/usr/bin/env python3
"""tools/bench/analyze.py - turn the raw outputs of a bench run into results.

Reads the client outputs that tools/bench/single.sh and multi.sh left in RAW
(and done-*.tsv, which lists the runs that finished), and writes to OUT:
  bench.csv   one row per measurement: both tools' median, min and max over
              the runs, the ratio railperf / perftest and the target verdict
  runs.csv    every single value the medians came from
  bench.md    the Markdown report: targets met or missed, the tables
and, to PLOT, the data files and a title for the gnuplot scripts. Prints the
report. Nothing here is fixed in advance: every number comes from RAW.
"""

import argparse
import collections
import csv
import glob
import itertools
import math
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from instr import (ILAT_LABELS, IR_LABELS, IR_RATIO, add_ir_values,  # noqa: E402
                   collect_ilat, collect_ir, ir_met, per_extra)

TOOLS = ("pt", "rp")
NAMES = {"pt": "perftest", "rp": "railperf"}
ROW_HEADER = re.compile(r"^ #bytes")
ROW = re.compile(r"^\s*\d")
RUSAGE = re.compile(r"^bench-rusage: ([\d.]+) ([\d.]+) ([\d.]+)")
SPAN = re.compile(r"^bench-span: ([\d.]+) ([\d.]+)")
RAIL = re.compile(r"^ railperf: rail (\d+): .*?(\d+) messages, "
                  r"BW average ([\d.]+) MB/sec")
ERRORS = re.compile(r"Can't produce a report|Couldn't|[Ee]rror|[Ff]ail|"
                    r"[Tt]imed? ?out|mismatch|r\^2")


# ---------------------------------------------------------------------------
# Reading the raw outputs
# ---------------------------------------------------------------------------

def read_lines(path):
    with open(path, errors="replace") as f:
        return f.read().splitlines()


def result_rows(lines):
    """Rows after a '#bytes' table header, as lists of floats."""
    rows, table = [], False
    for line in lines:
        if ROW_HEADER.match(line):
            table = True
        elif table and ROW.match(line):
            try:
                row = [float(x) for x in line.split()]
            except ValueError:	# an error message glued to the row
                continue
            if all(math.isfinite(x) for x in row):
                rows.append(row)
    return rows


def rusage(lines):
    """User + system CPU seconds of the timed client, or None."""
    for line in lines:
        m = RUSAGE.match(line)
        if m:
            return float(m.group(1)) + float(m.group(2))
    return None


def span(lines):
    """(start, end) of the client process, or None."""
    for line in lines:
        m = SPAN.match(line)
        if m:
            return float(m.group(1)), float(m.group(2))
    return None


def rails(lines):
    """{rail: BW average} from rail_multi_bw's per-rail lines."""
    return {int(m.group(1)): float(m.group(3))
            for m in map(RAIL.match, lines) if m}


def done_items(raw):
    """{name: (attempts or None if it failed, ran while the host was busy)}
    from every done-*.tsv."""
    items = {}
    for path in sorted(glob.glob(os.path.join(raw, "done-*.tsv"))):
        for line in read_lines(path):
            name, what, load = (line.split("\t") + ["", ""])[:3]
            items[name] = (None if what == "FAILED" else int(what),
                           load == "busy")
    return items


def failure_reason(raw, name):
    """One line saying why the first failed attempt of NAME failed."""
    for path in sorted(glob.glob(os.path.join(raw, name + ".p*.client.failed*"))):
        lines = [x.strip() for x in read_lines(path) if x.strip()]
        hits = [x for x in lines if ERRORS.search(x) and
                not x.startswith("Command exited")]
        if hits:	# perftest may print its error after a result row
            return re.sub(r"^[\d.\s]+(?=\D)", "", hits[0])
        if lines:
            return lines[-1]
    return "no output"


def read_env(raw):
    env = {}
    for path in glob.glob(os.path.join(raw, "env-*.txt")):
        for line in read_lines(path):
            key, eq, val = line.partition("=")
            if eq:
                env.setdefault(key, val)
    return env


# ---------------------------------------------------------------------------
# Collecting values per measurement
# ---------------------------------------------------------------------------

class Values:
    """values[(part, metric, param)][tool] = [(run, value), ...]"""

    def __init__(self):
        self.v = {}
        self.order = []

    def add(self, part, metric, param, tool, run, value):
        key = (part, metric, param)
        if key not in self.v:
            self.v[key] = {t: [] for t in TOOLS}
            self.order.append(key)
        self.v[key][tool].append((run, value))

    def get(self, key, tool):
        return [x for _, x in self.v.get(key, {}).get(tool, [])]


def parse_name(name):
    """'lat.rp.r2.s4096' -> ('lat', 'rp', 2, 's4096')."""
    parts = name.split(".")
    return parts[0], parts[1], int(parts[2][1:]), ".".join(parts[3:])


def collect_write(vals, lines, tool, run, cpu_acc):
    rows = result_rows(lines)
    for row in rows:
        vals.add("write", "bw_avg", int(row[0]), tool, run, row[3])
    cpu = rusage(lines)
    if cpu is not None and rows:
        cpu_acc.setdefault(("write", tool, run), [0.0, 0])
        cpu_acc[("write", tool, run)][0] += cpu
        cpu_acc[("write", tool, run)][1] += sum(int(r[1]) for r in rows)


def collect_lat(vals, lines, tool, run, cpu_acc, part="lat"):
    """A latency row (part "lat": READ, "wlat": WRITE) and its CPU."""
    rows = result_rows(lines)
    for row in rows:
        vals.add(part, "t_typical", int(row[0]), tool, run, row[4])
        vals.add(part, "p99", int(row[0]), tool, run, row[7])
    cpu = rusage(lines)
    if cpu is not None and rows:
        acc = cpu_acc.setdefault((part, tool, run), [0.0, 0])
        acc[0] += cpu
        acc[1] += sum(int(r[1]) for r in rows)


def collect_cpu(lines, tool, run, param, cpu_runs):
    rows = result_rows(lines)
    cpu = rusage(lines)
    if rows and cpu is not None:
        cpu_runs.setdefault((tool, run), {})[int(rows[0][1])] = cpu


# The verbs part (verbs.sh): test -> what it measures, in the report.
VERBS = {"rbw": "RDMA READ bandwidth (ib_read_bw, rail_read_bw)",
         "sbw": "SEND bandwidth (ib_send_bw, rail_send_bw)",
         "slat": "SEND latency (ib_send_lat, rail_send_lat)"}
# The two postings of the message-rate part: name suffix -> (flags, QPs).
POSTINGS = {"l1": ("-l 1", 1), "l32": ("-l 32 -I 64 -q 4 -t 512", 4)}


def rate_label(size, posting):
    return f"{size_label(size)}, {POSTINGS[posting][0]}"


def collect_rate(vals, lines, tool, run, param):
    """Message rate (the MsgRate column, Mpps) and the client's CPU per
    message (user + system seconds / (iterations x QPs): -n is per QP in
    both tools, as in perftest's run_iter_bw)."""
    rows = result_rows(lines)
    posting = param.split(".")[-1]
    if not rows or posting not in POSTINGS:
        return
    size, iters, mpps = int(rows[0][0]), int(rows[0][1]), rows[0][4]
    label = rate_label(size, posting)
    vals.add("rate", "mpps", label, tool, run, mpps)
    cpu = rusage(lines)
    if cpu is not None and iters:
        msgs = iters * POSTINGS[posting][1]
        vals.add("rate", "cpu_ns", label, tool, run, cpu / msgs * 1e9)


def collect_multi(vals, raw, name, tool, run):
    if tool == "pt":
        bws, spans = [], []
        for i in (1, 2):
            lines = read_lines(f"{raw}/{name}.p{i}.client")
            rows = result_rows(lines)
            if not rows:
                return
            bws.append(rows[0][3])
            spans.append(span(lines))
        per_rail = dict(enumerate(bws))
        total = sum(bws)
        if all(spans):	# how much the two client processes overlapped
            both = min(e for _, e in spans) - max(s for s, _ in spans)
            longest = max(e - s for s, e in spans)
            vals.add("multi", "overlap", "pt clients", tool, run,
                     100 * max(both, 0) / longest)
    else:
        lines = read_lines(f"{raw}/{name}.p1.client")
        rows, per_rail = result_rows(lines), rails(lines)
        if not rows or len(per_rail) != 2:
            return
        total = rows[0][3]
    for rail, bw in sorted(per_rail.items()):
        vals.add("multi", "bw_avg", f"rail {rail}", tool, run, bw)
    vals.add("multi", "bw_avg", "aggregate", tool, run, total)


def add_cpu_values(vals, cpu_acc, cpu_runs):
    for (part, tool, run), (cpu, msgs) in sorted(cpu_acc.items()):
        label = {"write": "write sweep", "lat": "read lat sweep",
                 "wlat": "write lat sweep"}[part]
        vals.add("cpu", "s_per_mmsg", label, tool, run, cpu / msgs * 1e6)
    for (tool, run), by_n in sorted(cpu_runs.items()):
        ns = sorted(by_n)
        big = ns[-1]
        vals.add("cpu", "s_per_mmsg", f"write 2 B -n {big}", tool, run,
                 by_n[big] / big * 1e6)
        extra = per_extra(by_n)
        if not extra:
            continue
        small, _, marginal = extra
        vals.add("cpu", "s_per_mmsg", "write 2 B hot path", tool, run,
                 marginal * 1e6)
        vals.add("cpu", "s_fixed", "start-up + tear-down", tool, run,
                 by_n[small] - small * marginal)


def collect(raw):
    vals, cpu_acc, cpu_runs, ir_runs = Values(), {}, {}, {}
    items = done_items(raw)
    failed, retried = [], []
    load = {"busy": sum(b for _, b in items.values()), "all": len(items)}
    for name, (attempts, _) in items.items():
        test, tool, run, param = parse_name(name)
        if attempts is None:
            failed.append((name, failure_reason(raw, name)))
            continue
        if attempts > 1:
            retried.append((name, attempts, failure_reason(raw, name)))
        if test == "multi":
            collect_multi(vals, raw, name, tool, run)
            continue
        lines = read_lines(f"{raw}/{name}.p1.client")
        if test == "write":
            collect_write(vals, lines, tool, run, cpu_acc)
        elif test == "wlong":
            for row in result_rows(lines):
                vals.add("wlong", "bw_avg", int(row[0]), tool, run, row[3])
        elif test in ("lat", "wlat"):
            collect_lat(vals, lines, tool, run, cpu_acc, test)
        elif test == "rate":
            collect_rate(vals, lines, tool, run, param)
        elif test == "bidir":
            for row in result_rows(lines):
                vals.add("bidir", "bw_avg", int(row[0]), tool, run, row[3])
        elif test == "cpu":
            collect_cpu(lines, tool, run, param, cpu_runs)
        elif test == "ir":
            collect_ir(lines, tool, run, param, ir_runs)
        elif test in ("rbw", "sbw"):
            for row in result_rows(lines):
                vals.add(test, "bw_avg", int(row[0]), tool, run, row[3])
        elif test == "slat":
            collect_lat(vals, lines, tool, run, {}, test)
        elif test == "irv" and param.partition(".")[0] in IR_LABELS:
            verb, _, n = param.partition(".")
            collect_ir(lines, tool, run, n, ir_runs, verb)
        elif test == "ilv" and param in ILAT_LABELS:
            collect_ilat(vals, lines, tool, run, param)
    add_cpu_values(vals, cpu_acc, cpu_runs)
    add_ir_values(vals, ir_runs)
    return vals, failed, retried, load


# ---------------------------------------------------------------------------
# Statistics and verdicts
# ---------------------------------------------------------------------------

HIGHER = {"bw_avg", "mpps"}		# higher is better; everything else lower
NOISE_BEST = 0.05	# "within noise", few values: best runs 5 % apart
ALPHA = 0.05		# "within noise", enough values: U test p >= this
RANK_MIN_N = 4		# values per tool from which the U test decides
EXACT_MAX = 200000	# splits enumerated for an exact p, else normal
# Parts where "met within noise" applies (the CPU part and the two-rail
# aggregate are strict).
NOISY = ("write", "wlong", "lat", "wlat", "rate", "bidir", "rbw", "sbw",
         "slat")


def summary(xs):
    if not xs:
        return None
    return {"med": statistics.median(xs), "min": min(xs), "max": max(xs),
            "n": len(xs), "xs": list(xs)}


def midranks(vals):
    """Ranks 1..n of @vals, ties sharing the mean of their ranks."""
    order = sorted(range(len(vals)), key=lambda i: vals[i])
    ranks = [0.0] * len(vals)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and vals[order[j + 1]] == vals[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def mann_whitney_p(xs, ys):
    """Two-sided p of the Mann-Whitney U test (Mann and Whitney, Ann. Math.
    Statist. 18, 1947) that @xs and @ys come from one distribution: exact
    over every split of the pooled midranks while there are at most
    EXACT_MAX splits, else the normal approximation with the tie
    correction and a continuity correction of 1/2."""
    n1, n2 = len(xs), len(ys)
    pooled = list(xs) + list(ys)
    r = midranks(pooled)
    mu = n1 * n2 / 2
    dev = abs(sum(r[:n1]) - n1 * (n1 + 1) / 2 - mu)
    if math.comb(n1 + n2, n1) <= EXACT_MAX:
        hits = total = 0
        for c in itertools.combinations(r, n1):
            total += 1
            hits += abs(sum(c) - n1 * (n1 + 1) / 2 - mu) >= dev - 1e-9
        return hits / total
    n = n1 + n2
    ties = sum(k ** 3 - k for k in
               collections.Counter(pooled).values())
    var = n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1)))
    if var <= 0:
        return 1.0
    return math.erfc(max(dev - 0.5, 0) / math.sqrt(var) / math.sqrt(2))


def verdict(part, metric, pt, rp, p):
    """'met', 'met within noise', 'missed', '' (no target) or 'no data';
    @p: the U test's p of the row (u_test_p), None with too few values."""
    if not pt or not rp:
        return "no data"
    if part == "multi" and metric == "bw_avg":
        return ""	# the target is on the aggregate row only
    if metric in ("p99", "s_fixed", "overlap"):
        return ""	# shown, not a target
    higher = metric in HIGHER
    ok = rp["med"] >= pt["med"] if higher else rp["med"] <= pt["med"]
    if ir_met(metric, pt["med"], rp["med"]) is not None:
        ok = ir_met(metric, pt["med"], rp["med"])
    if ok:
        return "met"
    if part not in NOISY:
        return "missed"
    # the medians are on the wrong side. With RANK_MIN_N values a tool or
    # more: within noise unless the U test finds the two tools' values
    # different at ALPHA (as Go's benchstat prints "~"). With fewer, where
    # that test cannot reject anything: the min..max ranges overlap and
    # the best runs are within NOISE_BEST of each other.
    if p is not None:
        return "met within noise" if p >= ALPHA else "missed"
    overlap = rp["max"] >= pt["min"] if higher else rp["min"] <= pt["max"]
    best = best_ratio(metric, pt, rp)
    close = best is not None and (best >= 1 - NOISE_BEST if higher
                                  else best <= 1 + NOISE_BEST)
    if overlap and close:
        return "met within noise"
    return "missed"


def u_test_p(pt, rp):
    """The U test's p for two tools' summaries, or None when either has
    fewer than RANK_MIN_N values (the test could not reject anything)."""
    if not pt or not rp or min(pt["n"], rp["n"]) < RANK_MIN_N:
        return None
    return mann_whitney_p(rp["xs"], pt["xs"])


def best_ratio(metric, pt, rp):
    """railperf's best run over perftest's best run (highest BW, lowest
    latency). Host noise under emulation only ever slows a run down, and
    comes in phases that span whole runs: the best runs compare the tools
    with the least noise."""
    if not pt or not rp:
        return None
    if metric in HIGHER:
        return rp["max"] / pt["max"] if pt["max"] else None
    return rp["min"] / pt["min"] if pt["min"] else None


def build_rows(vals):
    rows = []
    for key in vals.order:
        part, metric, param = key
        pt, rp = summary(vals.get(key, "pt")), summary(vals.get(key, "rp"))
        p = u_test_p(pt, rp)
        v = verdict(part, metric, pt, rp, p)
        if part == "multi" and param == "aggregate" and pt and rp:
            v = "met" if rp["med"] >= pt["med"] else "missed"
        ratio = rp["med"] / pt["med"] if pt and rp and pt["med"] else None
        rows.append({"part": part, "metric": metric, "param": param,
                     "pt": pt, "rp": rp, "ratio": ratio,
                     "best": best_ratio(metric, pt, rp), "p": p,
                     "verdict": v})
    return rows


# ---------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------

UNITS = {("write", "bw_avg"): "MiB/s", ("wlong", "bw_avg"): "MiB/s",
         ("multi", "bw_avg"): "MiB/s",
         ("lat", "t_typical"): "usec", ("lat", "p99"): "usec",
         ("wlat", "t_typical"): "usec", ("wlat", "p99"): "usec",
         ("rate", "mpps"): "Mmsg/s", ("rate", "cpu_ns"): "ns CPU per msg",
         ("bidir", "bw_avg"): "MiB/s",
         ("rbw", "bw_avg"): "MiB/s", ("sbw", "bw_avg"): "MiB/s",
         ("slat", "t_typical"): "usec", ("slat", "p99"): "usec",
         ("cpu", "s_per_mmsg"): "s per 1M msgs", ("cpu", "s_fixed"): "s",
         ("cpu", "ir_per_msg"): "instructions per msg",
         ("cpu", "ir_per_iter"): "instructions per iteration",
         ("multi", "overlap"): "%"}


def write_csv(rows, vals, out):
    with open(os.path.join(out, "bench.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["part", "metric", "param", "unit", "perftest_median",
                    "perftest_min", "perftest_max", "perftest_runs",
                    "railperf_median", "railperf_min", "railperf_max",
                    "railperf_runs", "ratio_railperf_perftest",
                    "ratio_best_runs", "target", "p_u_test"])
        for r in rows:
            cells = [r["part"], r["metric"], r["param"],
                     UNITS[(r["part"], r["metric"])]]
            for t in TOOLS:
                s = r[t]
                cells += ([fmt(s["med"]), fmt(s["min"]), fmt(s["max"]), s["n"]]
                          if s else ["", "", "", 0])
            cells += [fmt(r["ratio"], 3), fmt(r["best"], 3), r["verdict"],
                      fmt(r["p"], 4)]
            w.writerow(cells)
    with open(os.path.join(out, "runs.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["part", "metric", "param", "tool", "run", "value"])
        for key in vals.order:
            for t in TOOLS:
                for run, x in vals.v[key][t]:
                    w.writerow([*key, NAMES[t], run, fmt(x)])


def fmt(x, digits=None):
    if x is None:
        return ""
    if digits is None:
        digits = 2 if abs(x) >= 10 else 3 if abs(x) >= 0.1 else 4
    return f"{x:.{digits}f}"


def cell(s):
    if not s:
        return "—"
    if s["n"] == 1:
        return fmt(s["med"])
    return f"{fmt(s['med'])} ({fmt(s['min'])}..{fmt(s['max'])})"


def size_label(n):
    for unit, div in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= div and n % div == 0:
            return f"{n // div} {unit}"
    return f"{n} B"


def ratio_cell(r, key="ratio"):
    return fmt(r[key], 2) if r[key] is not None else "—"


def table_write(rows):
    out = ["| size | perftest MiB/s | railperf MiB/s | railperf / perftest "
           "| best runs | target |",
           "|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        out.append(f"| {size_label(r['param'])} | {cell(r['pt'])} | "
                   f"{cell(r['rp'])} | {ratio_cell(r)} | "
                   f"{ratio_cell(r, 'best')} | {r['verdict']} |")
    return out


def by_param(rows):
    """{param: {metric: row}}: the measures of one size (or label)."""
    by = {}
    for r in rows:
        by.setdefault(r["param"], {})[r["metric"]] = r
    return by


def table_lat(rows):
    by = by_param(rows)
    out = ["| size | perftest t_typical | railperf t_typical | ratio | "
           "best runs | perftest p99 | railperf p99 | ratio | "
           "target (median) |",
           "|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for size in sorted(by):
        t, p = by[size].get("t_typical"), by[size].get("p99")
        out.append(f"| {size_label(size)} | {cell(t['pt'])} | {cell(t['rp'])} "
                   f"| {ratio_cell(t)} | {ratio_cell(t, 'best')} "
                   f"| {cell(p['pt'])} | {cell(p['rp'])} "
                   f"| {ratio_cell(p)} | {t['verdict']} |")
    return out


def table_rate(rows):
    by = by_param(rows)
    out = ["| size, posting | perftest Mmsg/s | railperf Mmsg/s | ratio | "
           "best runs | target | perftest CPU ns/msg | railperf CPU ns/msg "
           "| ratio | target |",
           "|---|---:|---:|---:|---:|---|---:|---:|---:|---|"]
    for label, m in by.items():
        r, c = m.get("mpps"), m.get("cpu_ns")
        row = f"| {label} "
        for x in (r, c):
            row += (f"| {cell(x['pt'])} | {cell(x['rp'])} | {ratio_cell(x)} "
                    + (f"| {ratio_cell(x, 'best')} " if x is r else "")
                    + f"| {x['verdict']} " if x else
                    "| — | — | — " + ("| — " if x is r else "") + "| no data ")
        out.append(row + "|")
    return out


def table_multi(rows):
    out = ["| | 2 x ib_write_bw (manual), MiB/s | rail_multi_bw, MiB/s | "
           "railperf / perftest | target |", "|---|---:|---:|---:|---|"]
    for r in rows:
        label = ("aggregate (perftest: sum of the two)"
                 if r["param"] == "aggregate" else r["param"])
        out.append(f"| {label} | {cell(r['pt'])} | {cell(r['rp'])} | "
                   f"{ratio_cell(r)} | {r['verdict']} |")
    return out


def table_cpu(rows):
    out = ["| client CPU (user + system) | perftest | railperf | "
           "railperf / perftest | target |", "|---|---:|---:|---:|---|"]
    for r in rows:
        unit = UNITS[("cpu", r["metric"])]
        out.append(f"| {r['param']}, {unit} | {cell(r['pt'])} | "
                   f"{cell(r['rp'])} | {ratio_cell(r)} | "
                   f"{r['verdict'] or '(not a target)'} |")
    return out


def part_rows(rows, part, metric=None):
    return [r for r in rows if r["part"] == part and
            (metric is None or r["metric"] == metric)]


def best_summary(rows):
    best = [r["best"] for r in rows if r["best"] is not None]
    if not best:
        return ""
    return (f". Best run against best run: ratio {min(best):.2f}.."
            f"{max(best):.2f} over the sizes, median "
            f"{statistics.median(best):.2f}")


def by_verdict(rows):
    """(met, met within noise, missed): the rows split by their verdict."""
    return ([r for r in rows if r["verdict"] == "met"],
            [r for r in rows if r["verdict"] == "met within noise"],
            [r for r in rows if r["verdict"] not in ("met",
                                                     "met within noise")])


def pnote(r):
    """', p 0.014': the U test's p of a row, when it has one."""
    return f", p {r['p']:.3f}" if r.get("p") is not None else ""


def target_lines(rows):
    out = []
    w = part_rows(rows, "write")
    strict, noise, miss = by_verdict(w)
    if w or not part_rows(rows, "rbw") + part_rows(rows, "sbw"):
        out.append(f"- **Write BW, railperf >= perftest at every size (within "
               f"noise): {'MET' if w and not miss else 'MISSED'}.** "
               f"{len(strict)} of {len(w)} sizes at ratio >= 1.00, "
               f"{len(noise)} below 1.00 but within noise"
               + (f" ({', '.join(size_label(r['param']) for r in noise)})"
                  if noise else "")
               + (f"; missed at {', '.join(size_label(r['param']) + ' (' + ratio_cell(r) + pnote(r) + ')' for r in miss)}"
                  if miss else "")
               + best_summary(w) + ".")
    wl = part_rows(rows, "wlong")
    if wl:
        out.append("- **Write BW, long runs: "
                   + ("MISSED" if by_verdict(wl)[2] else "MET") + ".** "
                   + "; ".join(f"{size_label(r['param'])}: ratio "
                               f"{ratio_cell(r)}, best runs "
                               f"{ratio_cell(r, 'best')} ({r['verdict']}"
                               f"{pnote(r)})" for r in wl) + ".")
    if part_rows(rows, "lat") or not part_rows(rows, "slat"):
        out.append(lat_target(rows, "lat", "Read"))
    if part_rows(rows, "wlat"):
        out.append(lat_target(rows, "wlat", "Write"))
    agg = [r for r in part_rows(rows, "multi", "bw_avg")
           if r["param"] == "aggregate"]
    if agg:
        a = agg[0]
        out.append(f"- **Two rails, rail_multi_bw aggregate >= sum of two "
                   f"concurrent ib_write_bw: "
                   f"{'MET' if a['verdict'] == 'met' else 'MISSED'}.** "
                   f"{cell(a['rp'])} vs {cell(a['pt'])} MiB/s, ratio "
                   f"{ratio_cell(a)}.")
    elif w:
        out.append("- **Two rails: NOT MEASURED** (no two-rail run finished).")
    cpu = [r for r in part_rows(rows, "cpu")
           if r["metric"] in ("s_per_mmsg", "ir_per_msg", "ir_per_iter")]
    miss = [r for r in cpu if r["verdict"] != "met"]
    out.append(f"- **CPU per message, railperf <= perftest (bandwidth "
               f"instructions <= {IR_RATIO:.2f} of perftest's): "
               f"{'MET' if cpu and not miss else 'MISSED'}.** "
               f"{len(cpu) - len(miss)} of {len(cpu)} measures"
               + (f"; missed: {', '.join(r['param'] + ' (' + ratio_cell(r) + ')' for r in miss)}"
                  if miss else "") + ".")
    for metric, what in (("mpps", "Message rate, railperf >= perftest"),
                         ("cpu_ns", "CPU per message at the message-rate "
                          "runs, railperf <= perftest")):
        rr = part_rows(rows, "rate", metric)
        if rr:
            out.append(param_target(rr, what))
    bd = part_rows(rows, "bidir")
    if bd:
        out.append(param_target(bd, "Both directions (-b), railperf >= "
                                "perftest", size_label))
    for part, what in (("rbw", "READ BW, railperf >= perftest"),
                       ("sbw", "SEND BW, railperf >= perftest")):
        if part_rows(rows, part):
            out.append(param_target(part_rows(rows, part), what,
                                    size_label))
    if part_rows(rows, "slat"):
        out.append(lat_target(rows, "slat", "SEND"))
    return out


def param_target(rows, what, label=str):
    """One target line over ROWS of one measure: MET when none missed
    (within noise allowed), with every row's ratio and verdict."""
    miss = by_verdict(rows)[2]
    return (f"- **{what} (within noise): "
            f"{'MISSED' if miss else 'MET'}.** "
            + "; ".join(f"{label(r['param'])}: {ratio_cell(r)}, best runs "
                        f"{ratio_cell(r, 'best')} ({r['verdict']}{pnote(r)})"
                        for r in rows) + ".")


def lat_target(rows, part, name):
    """The target line of a latency part (READ or WRITE)."""
    lat = part_rows(rows, part, "t_typical")
    strict, noise, miss = by_verdict(lat)
    return (f"- **{name} latency, railperf median <= perftest median "
            f"(within noise): {'MET' if lat and not miss else 'MISSED'}.** "
            f"{len(strict)} of {len(lat)} sizes at ratio <= 1.00, "
            f"{len(noise)} above 1.00 but within noise"
            + (f" ({', '.join(size_label(r['param']) + ' ' + ratio_cell(r) for r in noise)})"
               if noise else "")
            + (f"; missed at {', '.join(size_label(r['param']) + ' (' + ratio_cell(r) + pnote(r) + ')' for r in miss)}"
               if miss else "")
            + best_summary(lat) + ".")


def pause_note(env):
    paused = sum(int(env.get(k, 0) or 0)
                 for k in ("paused_single", "paused_multi"))
    return f"; the bench waited {paused} s for them" if paused else ""


def report_lat(rows, m):
    """The READ latency section, when there are its rows."""
    if not part_rows(rows, "lat"):
        return []
    out = ["", f"### RDMA READ latency, usec ({m.get('lat_flags', '')})", ""]
    reps = str(m.get("lat_reps", "1"))
    counts = sorted({r[t]["n"] for r in part_rows(rows, "lat")
                     for t in TOOLS if r[t]})
    if reps.isdigit() and int(reps) > 1 and counts:
        over = (f"{counts[0]}" if len(counts) == 1 else
                f"{counts[0]} to {counts[-1]}")
        out += [f"Each run times every size {reps} times per tool (the tool "
                "that goes first alternating sample by sample), so each cell "
                f"is over {over} samples, and \"best runs\" are best "
                "samples: under emulation a whole latency run lands in a "
                "fast or a slow phase, for either tool.", ""]
    out += table_lat(part_rows(rows, "lat"))
    return out


def report_verbs(rows, m):
    """The verbs part's sections (READ and SEND bandwidth, SEND latency),
    when there are its rows."""
    out = []
    for part in ("rbw", "sbw"):
        if part_rows(rows, part):
            out += ["", f"### {VERBS[part]} ({m.get('verbs_flags', '')})",
                    ""]
            out += table_write(part_rows(rows, part))
    if part_rows(rows, "slat"):
        out += ["", f"### {VERBS['slat']}, usec "
                f"({m.get('verbs_lat_flags', '')})", "",
                "Half the round trip of a SEND ping-pong, as ib_send_lat "
                "reports it.", ""]
        out += table_lat(part_rows(rows, "slat"))
    return out


def report(rows, meta, env, failed, retried, load):
    m = meta
    out = [f"Run {m.get('date', '?')} on {m.get('machine', '?')} "
           f"(host: Linux {m.get('kernel', '?')}); {m.get('mode', '?')}. "
           f"Wall time {m.get('wall', '?')}.",
           "", f"- perftest {env.get('perftest', '?')}, railperf "
           f"{m.get('railperf', '?')}; " f"{m.get('setup', '')}; "
           f"{m.get('memory', 'memory: not recorded')}",
           f"- Runs per tool: {m.get('runs', '?')}, alternated run by run "
           "(perftest first in odd runs, railperf first in even runs); "
           "cells are median (min..max) over the runs; ratio = railperf "
           "median / perftest median; best runs = railperf's best run / "
           "perftest's best run (highest BW, lowest latency).",
           "- Verdicts: met = railperf's median on the right side of "
           "perftest's. Else, for bandwidth, latency, message rate and -b, "
           "\"met within noise\" when the two tools' values do not differ "
           f"significantly: two-sided Mann-Whitney U test, p >= {ALPHA} "
           "(as Go's benchstat decides \"~\"), with at least "
           f"{RANK_MIN_N} values per tool; with fewer (where that test "
           "cannot reject anything) when the min..max ranges overlap and "
           f"the best runs are within {NOISE_BEST:.0%} of each other. "
           "Anything else is missed; CPU and the two-rail sum are strict "
           f"(bandwidth instructions: railperf at most {IR_RATIO:.2f} of "
           "perftest's).",
           f"- {m.get('load', '')}" + (
               f" {load['busy']} of {load['all']} runs started or ended while "
               "other guests ran" + pause_note(env) + "." if load["busy"]
               else ""),
           "", "### Targets", ""]
    out += target_lines(rows)
    if failed or retried:
        out += ["", "Runs that failed and were repeated on fresh ports "
                "(the repeat counts):"]
        out += [f"- `{n}`: {a - 1} failed attempt(s): {why}"
                for n, a, why in retried]
        out += [f"- `{n}`: FAILED every attempt: {why}" for n, why in failed]
    if part_rows(rows, "write"):
        out += ["", f"### RDMA WRITE bandwidth ({m.get('write_flags', '')})",
                ""]
        out += table_write(part_rows(rows, "write"))
    wl = part_rows(rows, "wlong")
    if wl:
        out += ["", f"### RDMA WRITE bandwidth, long runs "
                f"({m.get('wlong_flags', '')})", "",
                "Each size of the sweep is one short burst; these runs "
                "time many more messages at two sizes.", ""]
        out += table_write(wl)
    out += report_lat(rows, m)
    if part_rows(rows, "wlat"):
        out += ["", f"### RDMA WRITE latency, usec ({m.get('wlat_flags', '')})",
                "", "Half the round trip of a WRITE ping-pong, as "
                "ib_write_lat reports it; sampled as the READ latency above.",
                ""]
        out += table_lat(part_rows(rows, "wlat"))
    if part_rows(rows, "rate"):
        out += ["", f"### Message rate ({m.get('rate_flags', '')})", "",
                "Both tools post alike: one WR per post (-l 1), or 32 WRs "
                "per doorbell on 4 QPs of TX depth 512 with -I 64 (inline up "
                "to 64 B where perftest knows the device; on Soft-RoCE both "
                "turn it off, as perftest does). CPU = the client's user "
                "+ system time over the messages it sent, start-up "
                "included.", ""]
        out += table_rate(part_rows(rows, "rate"))
    if part_rows(rows, "bidir"):
        out += ["", f"### Both directions at once ({m.get('bidir_flags', '')})",
                "", "The summed row both tools print with -b (this side's "
                "sending plus the peer's), one guest, rxe1 loopback.", ""]
        out += table_write(part_rows(rows, "bidir"))
    out += report_verbs(rows, m)
    if part_rows(rows, "multi", "bw_avg"):
        out += ["", f"### Two rails at once ({m.get('multi_flags', '')})",
                ""]
        out += table_multi(part_rows(rows, "multi", "bw_avg"))
    ov = part_rows(rows, "multi", "overlap")
    if ov and ov[0]["pt"]:
        out += ["", f"The two ib_write_bw client processes ran at the same "
                f"time for {cell(ov[0]['pt'])} % of the longer one's life "
                "(each times only its own window, the middle half of -D; "
                "nothing checks that the two windows overlapped). "
                "rail_multi_bw's aggregate is all bytes over one window "
                "that spans both rails."]
    flags = (m.get("cpu_flags", "") if part_rows(rows, "write") else
             m.get("verbs_ir_flags", ""))
    out += ["", f"### CPU cost of the client ({flags})", ""]
    out += table_cpu(part_rows(rows, "cpu"))
    if part_rows(rows, "write") and any(
            r["param"] != IR_LABELS["write"]
            for r in part_rows(rows, "cpu", "ir_per_msg")):
        out += ["", "READ, SEND and FETCH_AND_ADD instructions: "
                f"{m.get('verbs_ir_flags', '')}."]
    if part_rows(rows, "cpu", "ir_per_iter"):
        out += ["", "Latency instructions per iteration: "
                f"{m.get('verbs_ilat_flags', '')}."]
    return out


def write_plot_data(rows, plot, meta):
    os.makedirs(plot, exist_ok=True)

    def line(r):
        return " ".join(fmt(r[t][k]) if r[t] else "NaN"
                        for t in TOOLS for k in ("med", "min", "max"))

    with open(os.path.join(plot, "write.dat"), "w") as f:
        f.write("# size pt_med pt_min pt_max rp_med rp_min rp_max\n")
        for r in part_rows(rows, "write"):
            f.write(f"{r['param']} {line(r)}\n")
    for part in ("lat", "wlat"):
        with open(os.path.join(plot, part + ".dat"), "w") as f:
            f.write("# size typical(pt med min max rp med min max) "
                    "p99(pt med min max rp med min max)\n")
            by = by_param(part_rows(rows, part))
            for size in sorted(by):
                f.write(f"{size} {line(by[size]['t_typical'])} "
                        f"{line(by[size]['p99'])}\n")
    with open(os.path.join(plot, "ratio.dat"), "w") as f:
        f.write("# size ratio_of_medians ratio_of_best_runs\n")
        for r in part_rows(rows, "write"):
            f.write(f"{r['param']} {fmt(r['ratio'], 3) or 'NaN'} "
                    f"{fmt(r['best'], 3) or 'NaN'}\n")
    with open(os.path.join(plot, "rate.dat"), "w") as f:
        f.write("# label pt_med pt_min pt_max rp_med rp_min rp_max\n")
        for r in part_rows(rows, "rate", "mpps"):
            f.write(f"\"{r['param']}\" {line(r)}\n")
    with open(os.path.join(plot, "multi.dat"), "w") as f:
        f.write("# label pt_med pt_min pt_max rp_med rp_min rp_max\n")
        for r in part_rows(rows, "multi", "bw_avg"):
            f.write(f"\"{r['param']}\" {line(r)}\n")
    with open(os.path.join(plot, "meta.gp"), "w") as f:
        sub = (f"{meta.get('date', '')}, {meta.get('machine', '')}, "
               f"{meta.get('mode_short', '')}: only ratios mean anything"
               if meta.get("guest") == "1" else
               f"{meta.get('date', '')}, {meta.get('mode_short', '')}")
        f.write(f"sub = \"{gp_text(sub)}\"\n")
        for key in ("write_flags", "lat_flags", "wlat_flags", "rate_flags",
                    "multi_flags"):
            f.write(f"{key} = \"{gp_text(meta.get(key, ''))}\"\n")


def gp_text(s):
    """S as literal text in a gnuplot enhanced-mode string."""
    return re.sub(r"([_^@&{}~])", r"\\\\\1", s.replace('"', "'"))


def read_meta(path):
    meta = {}
    if path and os.path.exists(path):
        for line in read_lines(path):
            key, eq, val = line.partition("=")
            if eq:
                meta[key] = val
    return meta


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--raw", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--plot", required=True)
    ap.add_argument("--meta")
    a = ap.parse_args()
    meta, env = read_meta(a.meta), read_env(a.raw)
    vals, failed, retried, load = collect(a.raw)
    rows = build_rows(vals)
    if not rows:
        print("analyze: no results in " + a.raw, file=sys.stderr)
        return 1
    os.makedirs(a.out, exist_ok=True)
    write_csv(rows, vals, a.out)
    text = report(rows, meta, env, failed, retried, load)
    with open(os.path.join(a.out, "bench.md"), "w") as f:
        f.write("## railperf vs perftest\n\n" + "\n".join(text) + "\n")
    write_plot_data(rows, a.plot, meta)
    print("\n".join(text))
    return 0


if __name__ == "__main__":
    sys.exit(main())
