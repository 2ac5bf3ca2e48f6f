#!/usr/bin/env python3
"""Output shape of perftest and railperf, and the comparison of two shapes.

  shape.py show FILE              print FILE's shape, one line per line
  shape.py compare PT RP [--number]
                                  exit 1 (with a diff) unless the outputs of
                                  perftest (PT) and railperf (RP) have one
                                  shape; --number: both are --output's
                                  single number on the last line
  shape.py json-keys FILE         the JSON keys of FILE in order, read with
                                  a tolerant regex (perftest 6.06 writes
                                  unquoted keys and trailing commas)
  shape.py json-compare PT RP KIND
                                  KIND bw | lat | lat_dur | bw_avg | ...:
                                  RP's keys are perftest 6.29's (those of
                                  --out_json, written by perftest_parameters.c
                                  in write_test_info_to_file(),
                                  print_full_bw_report() and
                                  print_report_lat(); linux-rdma/perftest),
                                  PT's (6.06) keys all appear in RP in order,
                                  and RP is valid JSON
  shape.py check DIR NAME KIND [JSON_KIND]
                                  a whole flag set in one process (python
                                  is slow to start under emulation): the
                                  shapes of DIR/NAME.{pt,rp}.{client,server},
                                  every parser of parsers/ that fits KIND on
                                  both clients (the same field names, a
                                  number where perftest has one), and with
                                  JSON_KIND the two NAME.*.json files

A shape keeps every label, space, separator tab and line of the perftest
block and replaces values by their format: I (integer), F2 / F6
(decimals), H (hex), ONOFF, G16 (a GID of 16 decimal bytes). In result rows,
whose padding follows the values' widths, runs of spaces become one space;
tabs are kept. Every line of stdout counts, none is left out: railperf's
own lines (" railperf: ...") go to stderr (docs/measuring.md, Output), so
one on stdout, before, inside or after the perftest block, is a
difference. "check" also requires railperf's stdout and stderr to be free
of "error" and "fail" wherever perftest's are. Numbers differ between the
tools; shapes must not. selftest.py checks this checker against
perftest's recorded outputs (run by tests/run unit).
"""
import importlib.util
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

NUM = re.compile(r"0x[0-9a-fA-F]+|\d+\.\d+|\d+")
GID = re.compile(r"^ (M?GID): (\d+:){15}\d+$")
ROW = re.compile(r"^ *\d")	# a result row: padding follows the values


def num_class(tok):
    if tok.startswith("0x"):
        return "H"
    if "." in tok:
        return "F%d" % len(tok.split(".")[1])
    return "I"


def seps(s):
    """A separator run: its tabs, or one space when it has none."""
    return s.replace(" ", "") if "\t" in s else " "


def line_shape(line):
    if GID.match(line):
        return " %s: G16" % GID.match(line).group(1)
    if not ROW.match(line):	# labels: every space counts
        return "".join(token_shape(t) if t.strip() else t
                       for t in re.split(r"([ \t]+)", line))
    out, pos = [], 0
    for m in re.finditer(r"[ \t]+", line):
        out.append(token_shape(line[pos:m.start()]))
        out.append(seps(m.group(0)))
        pos = m.end()
    out.append(token_shape(line[pos:]))
    return "".join(out)


def token_shape(tok):
    if tok in ("ON", "OFF"):
        return "ONOFF"
    return NUM.sub(lambda m: num_class(m.group(0)), tok)


def shape(path):
    lines = open(path, errors="replace").read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    # trailing spaces follow the last value's width ("%-7.2f"): dropped
    return [line_shape(l).rstrip(" ") for l in lines]


def table_headers(path):
    return [l.rstrip("\n") for l in open(path, errors="replace")
            if l.startswith(" #bytes")]


ROW_EXT = re.compile(r"^ I I F6 F6 F6$")


def rows_equivalent(a, b):
    """--report_gbits below 0.1 Gb/s: perftest's six-decimal REPORT_FMT_EXT
    row; under emulation one tool may land on each side of 0.1."""
    return (ROW_EXT.match(a) and b.startswith(" I I F2 F2")) or \
           (ROW_EXT.match(b) and a.startswith(" I I F2 F2"))


PT_NAN = re.compile(r"(?<![\w.])-?(nan|inf)(?![\w.])")


def perftest_nan(a, b):
    """ib_write_lat's server, timing with a CPU frequency it failed to
    estimate under TCG, prints -nan or inf where a number goes (its
    standard deviation, a square root of a slightly negative variance):
    perftest row A is B's shape with numbers there. Only perftest's side:
    railperf printing nan fails the check."""
    return bool(PT_NAN.search(a)) and PT_NAN.sub("F2", a) == b


def compare(pt, rp, number=False):
    a, b = shape(pt), shape(rp)
    if number:
        ok = bool(a) and bool(b) and a[-1] == "F6" and b == ["F6"]
        if not ok:
            print("want one '%%lf' line: perftest %s, railperf %s" % (a, b))
        return ok
    bad = [(i, x, y) for i, (x, y) in enumerate(zip(a, b))
           if x != y and not rows_equivalent(x, y) and
           not perftest_nan(x, y)]
    ta, tb = table_headers(pt), table_headers(rp)
    if ta != tb:	# the table header, byte for byte
        bad.append((0, "table header %r" % ta, "table header %r" % tb))
    if len(a) != len(b):
        bad.append((min(len(a), len(b)), "(%d lines)" % len(a),
                    "(%d lines)" % len(b)))
    for i, x, y in bad[:10]:
        print("line %d:\n  perftest: %r\n  railperf: %r" % (i + 1, x, y))
    return not bad


KEY = re.compile(r'^\s*"?([A-Za-z_][A-Za-z0-9_.]*(?: [A-Za-z0-9_]+)*)"?\s*:')


def json_keys(path):
    keys = []
    for line in open(path, errors="replace"):
        m = KEY.match(line)
        if m:
            keys.append(m.group(1).strip())
    return keys


INFO_629 = ["test", "Dual_port", "Device", "Number_of_qps", "Transport_type",
            "Connection_type", "Using_SRQ", "PCIe_relax_order", "ibv_wr_API",
            "TX_depth", "Post_List", "CQ_Moderation", "Mtu", "Link_type",
            "GID_index", "Max_inline_data", "Outstand_reads", "rdma_cm_QPs",
            "Use_ROCm_memory", "Use_MUSA_memory", "Data_ex_method"]
RESULTS_629 = {
    "bw": ["MsgSize", "n_iterations", "BW_peak", "BW_average", "MsgRate"],
    "lat": ["MsgSize", "n_iterations", "t_min", "t_max", "t_typical", "t_avg",
            "t_stdev", "percentile_99", "percentile_99.9"],
    "lat_dur": ["MsgSize", "n_iterations", "t_avg", "tps_average"],
    "bw_avg": ["bw_avg"],
    "msgRate_avg": ["msgRate_avg"],
    "avg_lat": ["avg_lat"],
}


def in_order(sub, seq):
    it = iter(seq)
    return all(k in it for k in sub)


def json_compare(pt, rp, kind):
    ok = True
    try:
        doc = json.load(open(rp))
    except (OSError, ValueError) as e:
        print("railperf JSON is not valid: %s" % e)
        return False
    info, res = doc.get("test_info", {}), doc.get("results")
    if isinstance(res, list):
        res = res[-1] if res else {}
    if not all(k in INFO_629 for k in info) or \
       not in_order(list(info), INFO_629):
        print("test_info keys not perftest 6.29's, in its order: %s"
              % list(info))
        ok = False
    if list(res or {}) != RESULTS_629[kind]:
        print("results keys %s, want %s" % (list(res or {}),
                                            RESULTS_629[kind]))
        ok = False
    pk, rk = json_keys(pt), json_keys(rp)
    pk = [k for k in pk if k not in ("test_info", "results")]
    rk = [k for k in rk if k not in ("test_info", "results")]
    if not in_order(pk, rk):
        print("perftest 6.06 keys %s\nnot all in railperf's, in order: %s"
              % (pk, rk))
        ok = False
    return ok


SHELL_PARSERS = {
    "bw": ["awk_after_header.sh", "grep_rows.sh", "header_fields.sh"],
    "lat": ["awk_after_header.sh", "grep_rows.sh", "header_fields.sh"],
    "lat_dur": ["awk_after_header.sh", "grep_rows.sh", "header_fields.sh"],
    "number": ["output_number.sh"],
}
PY_PARSERS = {"bw": ["row_regex"], "lat": ["row_regex"],
              "lat_dur": ["row_regex"]}
NUMBER = re.compile(r"^-?\d+(\.\d+)?$")


def py_parser(name):
    spec = importlib.util.spec_from_file_location(
        name, os.path.join(HERE, "parsers", name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.parse


def run_parser(name, path, kind):
    if name.endswith(".sh"):
        out = subprocess.run(["sh", os.path.join(HERE, "parsers", name),
                              path, kind], capture_output=True, text=True)
        return [tuple((l + "=").split("=")[:2])
                for l in out.stdout.splitlines()]
    try:
        return py_parser(name)(path, kind)
    except OSError as e:
        print("%s: %s" % (name, e))
        return []


def same_fields(a, b):
    """The same field names; each value non-empty and, where perftest's is
    a number, a number; other values equal (labels such as Ethernet)."""
    if not a or [k for k, _ in a] != [k for k, _ in b]:
        return False
    for (k, x), (_, y) in zip(a, b):
        if not x or not y or bool(NUMBER.match(x)) != bool(NUMBER.match(y)):
            return False
        if not NUMBER.match(x) and x != y:
            return False
    return True


def check_parsers(kind, pt, rp, json_kind=False):
    ok = True
    names = ["json_tolerant"] if json_kind else \
        SHELL_PARSERS.get(kind, []) + PY_PARSERS.get(kind, [])
    for name in names:
        a, b = run_parser(name, pt, kind), run_parser(name, rp, kind)
        if not same_fields(a, b):
            print("parser %s (%s) reads different fields:\n  perftest: "
                  "%s\n  railperf: %s" % (name, kind, a, b))
            ok = False
    return ok


ERROR = re.compile(r"error|fail", re.I)


def error_words(*paths):
    """The lines of @paths (those that exist) saying error or fail."""
    return [l.rstrip("\n") for p in paths if os.path.exists(p)
            for l in open(p, errors="replace") if ERROR.search(l)]


def check(d, name, kind, json_kind=None):
    """One flag set: see the module's documentation."""
    p = lambda tool, side: os.path.join(d, "%s.%s.%s" % (name, tool, side))
    ok = True
    for side in ("client", "server"):
        pt = error_words(p("pt", side), p("pt", side + ".err"))
        rp = error_words(p("rp", side), p("rp", side + ".err"))
        if rp and not pt:
            print("railperf's %s says error or fail where perftest's does "
                  "not: %s" % (side, rp[:3]))
            ok = False
    for side in ("client", "server"):
        if kind == "number_lat" and side == "server":
            srv = [l for l in open(p("rp", side)) if l.strip("-\n")]
            if srv:
                print("server printed %s" % srv)
                ok = False
            continue
        number = kind in ("number", "number_lat")
        if not compare(p("pt", side), p("rp", side), number):
            print("(%s output)" % side)
            ok = False
    pkind = "number" if kind == "number_lat" else kind
    if pkind in SHELL_PARSERS:
        ok = check_parsers(pkind, p("pt", "client"), p("rp", "client")) \
            and ok
    if kind == "number":
        ok = check_parsers(kind, p("pt", "server"), p("rp", "server")) \
            and ok
    if json_kind:
        ok = json_compare(p("pt", "json"), p("rp", "json"), json_kind) \
            and ok
        if json_kind in ("bw", "lat", "lat_dur"):
            ok = check_parsers(json_kind, p("pt", "json"), p("rp", "json"),
                               True) and ok
    return ok


def main(argv):
    if len(argv) >= 3 and argv[1] == "show":
        print("\n".join(shape(argv[2])))
        return 0
    if len(argv) >= 4 and argv[1] == "compare":
        return 0 if compare(argv[2], argv[3], "--number" in argv) else 1
    if len(argv) >= 3 and argv[1] == "json-keys":
        print("\n".join(json_keys(argv[2])))
        return 0
    if len(argv) >= 5 and argv[1] == "json-compare":
        return 0 if json_compare(argv[2], argv[3], argv[4]) else 1
    if len(argv) >= 5 and argv[1] == "check":
        return 0 if check(argv[2], argv[3], argv[4],
                          argv[5] if len(argv) > 5 else None) else 1
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
