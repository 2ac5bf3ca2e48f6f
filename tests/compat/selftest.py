#!/usr/bin/env python3
"""Self-test of the conformance checker (shape.py and the parser corpus),
on the host, against perftest 6.06's own recorded outputs
(tests/data/perftest-6.06/). Prints TAP.

The guest suite can only be trusted if its checker tells a perftest output
from a broken one. So: every recorded output must match itself, and match
a copy whose numbers changed (numbers differ between tools); and each
mutation a script would trip over (a tab turned into spaces, a renamed or
moved header key, a changed table header, an extra or missing row column,
a number in another format, a railperf line inside the perftest block, a
non-number from --output) must be caught.
"""
import contextlib
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "data", "perftest-6.06")
sys.path.insert(0, HERE)
import shape  # noqa: E402
import idioms  # noqa: E402

results = []


def check(name, ok):
    results.append((name, ok))


def write(tmp, name, text):
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def first_row(lines):
    """Index of the first result row (after the table header)."""
    for i, l in enumerate(lines):
        if l.startswith(" #bytes"):
            return i + 1
    raise ValueError("no table header")


def renumber(line):
    """Every number replaced by another of the same format."""
    def sub(m):
        t = m.group(0)
        if t.startswith("0x"):
            return "0x" + "7" * (len(t) - 2)
        return re.sub(r"\d", "3", t)
    return re.sub(r"0x[0-9a-fA-F]+|\d+", sub, line)


# name -> (function of the lines returning mutated lines, must it pass)
def tab_to_spaces(ls):
    i = next(i for i, l in enumerate(ls) if "\t" in l and ":" in l)
    return ls[:i] + [ls[i].replace("\t", "    ", 1)] + ls[i + 1:]


def rename_key(ls):
    i = next(i for i, l in enumerate(ls) if l.startswith(" Mtu") or
             l.startswith(" Link type"))
    return ls[:i] + [ls[i].replace("Mtu", "MTU").replace("Link type",
                                                        "Link Type")] + \
        ls[i + 1:]


def swap_keys(ls):
    i = next(i for i, l in enumerate(ls) if l.startswith(" Mtu"))
    return ls[:i] + [ls[i + 1], ls[i]] + ls[i + 2:]


def table_header(ls):
    i = first_row(ls) - 1
    return ls[:i] + [ls[i].replace("#iterations", "#iters")] + ls[i + 1:]


def extra_column(ls):
    i = first_row(ls)
    return ls[:i] + [ls[i].rstrip() + "\t 1.00"] + ls[i + 1:]


def missing_column(ls):
    i = first_row(ls)
    return ls[:i] + [ls[i].rsplit(None, 1)[0]] + ls[i + 1:]


def number_format(ls):
    i = first_row(ls)
    return ls[:i] + [re.sub(r"(\d+\.\d+)(?=\s)", r"\g<1>0", ls[i], 1)] + \
        ls[i + 1:]


def railperf_inside(ls):
    i = first_row(ls)
    return ls[:i] + [" railperf: rail rxe1: 1 msgs"] + ls[i:]


def railperf_after(ls):
    while ls and ls[-1] == "":
        ls.pop()
    return ls + [" railperf: rail rxe1 port 1: GID index 1", ""]


def renumbered(ls):
    return [l if l.startswith(" #bytes") else renumber(l) for l in ls]


MUTATIONS = [
    ("numbers changed", renumbered, True),
    ("railperf line after the block", railperf_after, False),
    ("railperf line inside the block", railperf_inside, False),
    ("header tab turned into spaces", tab_to_spaces, False),
    ("header key renamed", rename_key, False),
    ("header keys swapped", swap_keys, False),
    ("table header changed", table_header, False),
    ("row has an extra column", extra_column, False),
    ("row misses a column", missing_column, False),
    ("row number in another format", number_format, False),
]


# The recorded outputs the checks below need: one that is missing fails
# (a lost file would silently drop its checks).
EXPECTED = [
    "read_lat-default.client.txt", "read_lat-default.server.txt",
    "write_bw-a-n5.client.txt", "write_bw-a-n5.server.txt",
    "write_bw-default.client.txt", "write_bw-default.server.txt",
    "write_bw-gbits-D2.client.txt", "write_bw-gbits-D2.server.txt",
    "atomic_bw-json.client.txt", "atomic_bw-json.server.txt",
    "atomic_lat-json.client.txt", "atomic_lat-json.server.txt",
] + ["%s.%s.txt" % (rec, side) for side in ("client", "server")
     # the recordings tests/e2e/t_compat_*.sh compare with (crec); the
     # idioms' own are checked by idioms.recorded
     for rec in ("write_lat-a-n100", "write_lat-R",
                 "write_bw-b-D2", "write_bw-b-gbits", "write_bw-b-both",
                 "read_bw-a-n5")]


def idiom_reads(idiom, arg, path):
    """None when @idiom reads what it needs from @path, else why not."""
    return idioms.judge(idiom, idioms.run(idiom, arg, [path]))


# Today's (before issue 38) layout and other breaks a client trips over,
# each applied to a recording: (idiom, its argument, recording, the change,
# what it imitates). Every one must be caught.
RAIL_B = " railperf: rail 0 (rxe1): -b: sent 0.21 Gb/sec, both directions"
BREAKS = [
    ("dash_block", "BW average[Gb/sec]", "write_bw-b-iters5000-gbits.client",
     lambda t: t + RAIL_B + "\n", "a railperf line with '-' after the table"),
    ("dash_block", "99% percentile[usec]", "write_lat-iters5000.server",
     lambda t: t + " railperf: rail rxe1 placement: CPUs 0-1\n",
     "CPUs 0-1 after the latency table"),
    ("next_to_last", None, "read_bw-a-n5.client",
     lambda t: t + " railperf: rail rxe1 placement: no binding\n",
     "a railperf line after the closing line"),
    ("size_lines", "65536", "write_bw-F-s65536-D2.client",
     lambda t: t + " railperf: buffer: 1 x 65536 bytes in 2048 KiB\n",
     "the buffer line with the size on stdout"),
    ("first_size_line", "65536", "write_bw-F-s65536-D2.server",
     lambda t: " railperf: buffer: 1 x 65536 bytes\n" + t,
     "a line with the size before the row"),
    ("first_int_line", None, "write_bw-F-s65536-D2.client",
     lambda t: "2 rails\n" + t, "an integer line before the row"),
    ("rule_lines", "65536", "write_bw-F-s65536-D2.client",
     lambda t: t + RAIL_B + "\n", "a railperf line naming -b"),
    ("rule_lines", "65536", "write_bw-F-s65536-D2.server",
     lambda t: t + " railperf: buffer: 1 x 65536 bytes in 2048 KiB\n",
     "a railperf line holding the size"),
    ("no_error", None, "read_lat-s4096-warmup.client",
     lambda t: t + " railperf: validation FAILED\n", "a FAILED line"),
    ("json_keys", "bw", "write_bw-b-q2-gbit-D2-json.client.json",
     lambda t: t.rstrip().rstrip("}") + ',\nbidirectional: {sent: {\n'
     'BW_average: 0.19,\n}},\n}\n', "BW_average in a -b direction too"),
]


def check_idioms(tmp):
    """Every idiom of every flag set on perftest's recordings (they must
    pass), and each break of BREAKS caught."""
    for name, why in idioms.recorded(DATA, tmp):
        check(name + (": " + why if why else ""), why is None)
    for idiom, arg, rec, change, what in BREAKS:
        ext = "" if rec.endswith(".json") else ".txt"
        text = open(os.path.join(DATA, rec + ext)).read()
        path = write(tmp, "break." + rec + ext, change(text))
        check("idiom %s reads the recording %s" % (idiom, rec),
              idiom_reads(idiom, arg, os.path.join(DATA, rec + ext))
              is None)
        check("idiom %s catches %s" % (idiom, what),
              idiom_reads(idiom, arg, path) is not None)


def main():
    found = set(f for f in os.listdir(DATA)
                if f.endswith(".txt") and "stderr" not in f)
    for f in EXPECTED:
        check("recorded output %s is there" % f, f in found)
    files = sorted(found & set(EXPECTED)) + sorted(found - set(EXPECTED))
    applied = {what: 0 for what, _, _ in MUTATIONS}
    # the checker explains each difference on stdout: not TAP, kept out
    with tempfile.TemporaryDirectory() as tmp, \
            open(os.devnull, "w") as devnull, \
            contextlib.redirect_stdout(devnull):
        for f in files:
            text = open(os.path.join(DATA, f)).read()
            lines = text.split("\n")
            pt = write(tmp, "pt." + f, text)
            check("%s matches itself" % f, shape.compare(pt, pt))
            for what, fn, want in MUTATIONS:
                try:
                    rp = write(tmp, "rp." + f, "\n".join(fn(list(lines))))
                except (StopIteration, ValueError, IndexError):
                    continue	# not in this output (e.g. no row)
                applied[what] += 1
                check("%s: %s %s" % (f, what,
                                     "passes" if want else "is caught"),
                      shape.compare(pt, rp) == want)
            # the parser corpus: the same fields from a renumbered copy,
            # different ones once the row lost a column
            kind = "lat" if f.startswith(("read_lat", "write_lat", "send_lat",
                                          "atomic_lat")) else "bw"
            # a refused flag's output (perftest's atomics with -a) has
            # no table for the parsers
            if f.endswith(".client.txt") and "-D2" not in f and \
                    " #bytes" in text:
                rp = write(tmp, "rn." + f, "\n".join(renumbered(lines)))
                cut = write(tmp, "cut." + f,
                            "\n".join(missing_column(list(lines))))
                check("%s: parsers read the same fields from a "
                      "renumbered copy" % f, shape.check_parsers(kind, pt, rp))
                check("%s: parsers notice a missing column" % f,
                      not shape.check_parsers(kind, pt, cut))
        # a mutation that fits no recorded output would test nothing
        for what, n in applied.items():
            check("mutation '%s' applied to %d of %d outputs" %
                  (what, n, len(files)), n > 0)
        # perftest's -nan / inf where a number goes: accepted on its side
        # only (ib_write_lat under TCG), never from railperf
        row = " 2       100          1.23           4.56         2.00   \t" \
              "       2.10       \t%s  \t\t3.00  \t\t4.00 \n"
        ptn = write(tmp, "nan.pt", row % "-nan")
        rpn = write(tmp, "nan.rp", row % "0.25")
        check("perftest's -nan standard deviation beside railperf's number "
              "passes", shape.compare(ptn, rpn))
        check("railperf's -nan beside perftest's number is caught",
              not shape.compare(rpn, ptn))
        check("perftest's -nan where railperf has no number is caught",
              not shape.compare(ptn, write(tmp, "nan.cut", row % "")))
        # --output: one "%lf" line on the last line
        num = write(tmp, "num.pt", "12.345678\n")
        bad = write(tmp, "num.rp", "12.35 MB/sec\n")
        check("--output number matches itself",
              shape.compare(num, num, number=True))
        check("--output with a unit after the number is caught",
              not shape.compare(num, bad, number=True))
        check_idioms(tmp)
    print("1..%d" % len(results))
    for i, (name, ok) in enumerate(results, 1):
        print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    return 0 if all(ok for _, ok in results) else 1


if __name__ == "__main__":
    sys.exit(main())
